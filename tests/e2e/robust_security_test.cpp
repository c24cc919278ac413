// Security properties of `scan`, end to end with the built CLI: it never runs repository
// code, never writes inside the scanned root, refuses -o inside it, escapes hostile file
// names, and is deterministic byte for byte.
#include <gtest/gtest.h>

#include <functional>

#include "robust_util.hpp"

using namespace robust;

namespace {

// path -> (type, size, content hash, mtime) for every entry under root (symlinks not followed).
std::map<std::string, std::string> snapshot(const fs::path& root) {
  std::map<std::string, std::string> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const auto& e = *it;
    std::string rel = fs::relative(e.path(), root, ec).string();
    std::string v;
    if (e.is_symlink(ec)) {
      v = "link:" + fs::read_symlink(e.path(), ec).string();
    } else if (e.is_directory(ec)) {
      v = "dir";
    } else {
      std::string text = read_file(e.path());
      v = "file:" + std::to_string(text.size()) + ":" +
          std::to_string(std::hash<std::string>{}(text)) + ":" +
          std::to_string(fs::last_write_time(e.path(), ec).time_since_epoch().count());
    }
    out[rel] = v;
  }
  return out;
}

void copy_examples(const fs::path& to) {
  fs::copy(fs::path(ASCENDIFY_SOURCE_DIR) / "examples", to,
           fs::copy_options::recursive | fs::copy_options::copy_symlinks);
}

TEST(Security, ScanningNeverExecutesRepositoryCode) {
  TempDir root, out, markers;
  // Each file creates a marker when it is run or imported in any way.
  auto payload = [&](const std::string& name) {
    fs::path m = markers / name;
    return "import pathlib\npathlib.Path(" + nlohmann::json(m.string()).dump() +
           ").touch()\nopen(" + nlohmann::json(m.string() + ".open").dump() +
           ", 'w').write('ran')\nimport torch\ntorch.cuda.empty_cache()\n";
  };
  write_file(root / "setup.py",
             payload("setup") + "from setuptools import setup\nsetup(name='x')\n");
  write_file(root / "conftest.py", payload("conftest"));
  write_file(root / "pkg/__init__.py", payload("init"));
  write_file(root / "sitecustomize.py", payload("sitecustomize"));
  write_file(root / "run.sh", "#!/bin/sh\ntouch " + shell_quote((markers / "sh").string()) + "\n");
  write_file(root / "Dockerfile", "FROM nvidia/cuda:12.1.0-devel-ubuntu22.04\nRUN touch " +
                                      (markers / "docker").string() + "\n");
  write_file(root / "nb.ipynb", "{\"cells\":[{\"cell_type\":\"code\",\"source\":[\"!touch " +
                                    (markers / "nb").string() + "\\n\"]}],\"nbformat\":4}");
  RunResult r = scan(root.path(), out.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // The code was read (setup.py's call is a finding) but nothing ran.
  auto rep = report(out.path());
  ASSERT_FALSE(rep.is_discarded());
  EXPECT_FALSE(finding_lines(rep, "setup.py", kEmptyCacheRule).empty());
  EXPECT_TRUE(fs::is_empty(markers.path())) << "repository code ran";
}

TEST(Security, ScanningWritesNothingInsideTheRoot) {
  TempDir root, out;
  copy_examples(root.path());
  auto before = snapshot(root.path());
  ASSERT_FALSE(before.empty());
  RunResult r = scan(root.path(), out.path(), {}, "json,sarif,md,csv");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(snapshot(root.path()), before);

  // With the working directory inside the root and no -o, the default ./ascendify-report
  // would land in the root: the reports go to the user's state folder instead.
  TempDir home;
  r = run_cli({"scan", "."}, root.path(), {"HOME=" + home.path().string(), "XDG_STATE_HOME="});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(snapshot(root.path()), before);
  EXPECT_FALSE(fs::is_empty(home / ".local/state/ascendify/reports")) << r.out;
}

TEST(Security, OutputInsideTheRootIsRefused) {
  TempDir root, elsewhere;
  copy_examples(root.path());
  auto before = snapshot(root.path());
  for (const fs::path& o : {root / "reports", root / "vidit/../reports", root.path()}) {
    RunResult r = scan(root.path(), o);
    EXPECT_EQ(r.exit_code, 2) << o;
    EXPECT_EQ(count_lines(without_rule_diagnostics(r.err)), 1) << r.err;
  }
  // A symlink outside the root that points into it.
  fs::create_directory_symlink(root / "vidit", elsewhere / "sneaky");
  RunResult r = scan(root.path(), elsewhere / "sneaky");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(snapshot(root.path()), before);
}

TEST(Security, HostileFileNameGivesValidReports) {
  TempDir root, out;
  const std::string name = "<img src=x onerror=alert(1)>.py";
  write_file(root / name, kGoodPy);
  write_file(root / "q\"uote\\back.py", kGoodPy);
  // html: not in the CLI yet; checked once it is (file names must be escaped there).
  RunResult r = scan(root.path(), out.path(), {}, "json,sarif,md");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto rep = report(out.path());
  ASSERT_FALSE(rep.is_discarded()) << read_file(out / "ascendify-report.json");
  EXPECT_EQ(finding_lines(rep, name, kEmptyCacheRule), std::vector<int>{2});
  EXPECT_EQ(finding_lines(rep, "q\"uote\\back.py", kEmptyCacheRule), std::vector<int>{2});
  auto sarif = nlohmann::json::parse(read_file(out / "ascendify-report.sarif"), nullptr, false);
  EXPECT_FALSE(sarif.is_discarded());
  TempDir out_html;
  RunResult h = scan(root.path(), out_html.path(), {}, "html");
  if (h.exit_code == 0) {
    std::string html = read_file(out_html / "ascendify-report.html");
    EXPECT_FALSE(html.empty());
    EXPECT_EQ(html.find("<img src=x"), std::string::npos) << "file name not escaped in HTML";
  }
}

TEST(Security, DeterministicReports) {
  TempDir root, out1, out2, out3;
  copy_examples(root.path());
  const std::string formats = "json,sarif,md";
  RunResult a = scan(root.path(), out1.path(), {}, formats);
  RunResult b = scan(root.path(), out2.path(), {}, formats);
  RunResult c = scan(root.path(), out3.path(), {"-j", "1"}, formats);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  ASSERT_EQ(c.exit_code, 0) << c.err;
  for (const char* f :
       {"ascendify-report.json", "ascendify-report.sarif", "ascendify-report.zh.md"}) {
    std::string x = read_file(out1 / f);
    EXPECT_FALSE(x.empty()) << f;
    EXPECT_EQ(x, read_file(out2 / f)) << f << " differs between two runs";
    EXPECT_EQ(x, read_file(out3 / f)) << f << " differs between -j default and -j 1";
  }
}

}  // namespace

namespace {

// A second scan into the same folder replaces the report (atomically: swap, then remove the
// old one) and leaves no temporary file; a folder where the report should go is never touched.
TEST(Security, ReportsReplaceTheirPreviousVersionsOnly) {
  TempDir root, out;
  copy_examples(root.path());
  {
    std::ofstream(out / "ascendify-report.json") << "old report";
    fs::create_directories(out / "ascendify-report.sarif" / "keep");
    std::ofstream(out / "ascendify-report.sarif" / "keep" / "mine.txt") << "user data";
  }
  RunResult r = scan(root.path(), out.path(), {}, "json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string json = read_file(out / "ascendify-report.json");
  EXPECT_EQ(json.rfind("{", 0), 0u) << json.substr(0, 40);
  RunResult again = scan(root.path(), out.path(), {}, "json");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(read_file(out / "ascendify-report.json"), json);
  RunResult sarif = scan(root.path(), out.path(), {}, "sarif");
  EXPECT_EQ(sarif.exit_code, 2) << "a folder in the report's place must be an error";
  EXPECT_EQ(read_file(out / "ascendify-report.sarif" / "keep" / "mine.txt"), "user data");
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(out.path())) names.push_back(e.path().filename());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"ascendify-report.json", "ascendify-report.sarif"}))
      << "no temporary file is left behind";
}

// The scan-floor probes of bench/floor.sh exist only in a build configured for them
// (-DASCENDIFY_FLOOR_PROBES=ON): in the built CLI, ASCENDIFY_FLOOR must change nothing, or an
// environment variable could silently empty a user's report.
TEST(Security, FloorProbeSwitchIsInertInTheBuiltCli) {
  TempDir root, plain, lex, skip;
  write_file(root / "train.py", kGoodPy);
  const auto expected =
      finding_lines(scan_report(root.path(), plain.path()), "train.py", kEmptyCacheRule);
  ASSERT_EQ(expected, std::vector<int>{2});
  for (const auto& [value, out] : {std::pair{"lex", &lex}, std::pair{"skip-python", &skip}}) {
    const RunResult r = run_cli({"scan", root.path().string(), "--format", "json", "-o",
                                 out->path().string(), "--no-cache"},
                                {}, {std::string("ASCENDIFY_FLOOR=") + value});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(finding_lines(report(out->path()), "train.py", kEmptyCacheRule), expected) << value;
  }
}

}  // namespace
