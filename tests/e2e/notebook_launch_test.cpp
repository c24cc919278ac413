// A notebook's shell lines launch scripts exactly as a shell script does: `!torchrun ...
// train.py` in a cell makes train.py an entry point of the phase its name gives, like the same
// line in a .sh file (both go through the one shell analysis, src/shell). Each case scans two
// projects that differ only in the launcher (launch.sh / launch.ipynb) and compares the reports.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "ascendify-nblaunch-XXXXXX").string();
    path = ::mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// A script that is no entry point of its own (no __main__ block, no top-level call): only a
// launcher makes it one.
void write_project(const fs::path& root) {
  write(root / "train.py", "import torch\n\n\ndef main():\n    torch.cuda.synchronize()\n");
  write(root / "model.py", "import torch\n\nDEVICE = torch.device(\"cuda\")\n");
}

std::string notebook(const std::vector<std::string>& source_lines) {
  json cell = {{"cell_type", "code"},
               {"execution_count", nullptr},
               {"metadata", json::object()},
               {"outputs", json::array()},
               {"source", source_lines}};
  json nb = {
      {"cells", {cell}}, {"metadata", json::object()}, {"nbformat", 4}, {"nbformat_minor", 5}};
  return nb.dump(1);
}

json scan(const fs::path& root, const fs::path& out) {
  std::string cmd = "'";
  cmd += ASCENDIFY_BINARY;
  cmd += "' scan '" + root.string() + "' --format json --no-cache -o '" + out.string() +
         "' > /dev/null";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::ifstream in(out / "ascendify-report.json");
  std::stringstream s;
  s << in.rdbuf();
  return json::parse(s.str(), nullptr, false);
}

// What a launcher decides: the phase it starts (name, files, findings, entry points with the
// launcher's name made common) and the phases of each finding outside the launcher. A notebook
// is also an entry point of its own (its own cells), which a shell script is not: that phase
// ("main", the notebook alone) is left out.
json launch_view(const json& report, const std::string& launcher) {
  json view = json::object();
  view["phases"] = json::array();
  for (const json& p : report["phases"]) {
    json entries = json::array();
    for (const json& e : p["entry_points"])
      entries.push_back(e.get<std::string>() == launcher ? "LAUNCHER" : e.get<std::string>());
    if (launcher.ends_with(".ipynb") && entries == json::array({"LAUNCHER"}) && p["files"] == 1)
      continue;
    view["phases"].push_back({{"name", p["name"]},
                              {"files", p["files"]},
                              {"findings", p["findings"]},
                              {"entry", entries}});
  }
  view["findings"] = json::array();
  for (const json& f : report["findings"])
    if (f["path"] != launcher)
      view["findings"].push_back({f["path"], f["line"], f["rule"], f["phases"]});
  return view;
}

// Scans the project launched by the notebook cell `cell` and by the shell script `script`.
void check(const std::vector<std::string>& cell, const std::string& script) {
  TempDir sh, nb, out;
  write_project(sh.path);
  write(sh.path / "launch.sh", script);
  write_project(nb.path);
  write(nb.path / "launch.ipynb", notebook(cell));
  const json from_sh = launch_view(scan(sh.path, out.path / "sh"), "launch.sh");
  const json from_nb = launch_view(scan(nb.path, out.path / "nb"), "launch.ipynb");
  // The launch reaches train.py: a training phase whose entry is the launcher.
  ASSERT_FALSE(from_sh["phases"].empty());
  EXPECT_EQ(from_sh["phases"][0]["name"], "training") << from_sh.dump(1);
  EXPECT_EQ(from_sh["phases"][0]["entry"], json::array({"LAUNCHER"})) << from_sh.dump(1);
  EXPECT_EQ(from_nb.dump(1), from_sh.dump(1));
}

}  // namespace

// The regression: a notebook's `!torchrun` line launched nothing (the notebook had its own
// shell analysis, which knew `python x.py` only).
TEST(NotebookLaunch, Torchrun) {
  check({"!torchrun --nproc_per_node 8 train.py --fp16\n"},
        "torchrun --nproc_per_node 8 train.py --fp16\n");
}

TEST(NotebookLaunch, AccelerateLaunch) {
  check({"!accelerate launch --num_processes 2 train.py\n"},
        "accelerate launch --num_processes 2 train.py\n");
}

TEST(NotebookLaunch, PythonDashMTorchDistributedRun) {
  check({"!python -m torch.distributed.run --nproc_per_node 2 train.py\n"},
        "python -m torch.distributed.run --nproc_per_node 2 train.py\n");
}

TEST(NotebookLaunch, EnvPrefixAndWrapper) {
  check({"!CUDA_VISIBLE_DEVICES=0 nohup python train.py &\n"},
        "CUDA_VISIBLE_DEVICES=0 nohup python train.py &\n");
}

// A %%bash cell is one script: a command continued over two lines launches its script.
TEST(NotebookLaunch, BashCellWithContinuation) {
  check({"%%bash\n", "torchrun --nproc_per_node 8 \\\n", "    train.py\n"},
        "torchrun --nproc_per_node 8 \\\n    train.py\n");
}

TEST(NotebookLaunch, RunMagic) {
  check({"%run train.py\n"}, "python train.py\n");
}
