// The first run (#21): reports land outside the root without -o, the terminal lists the
// findings, text / github formats, `-o -` and `-o FILE`, single-file scans, --verbose.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "robust_util.hpp"

using namespace robust;

namespace {

constexpr const char* kTrain =
    "import torch\n"
    "from flash_attn import flash_attn_func\n"
    "\n"
    "\n"
    "def main():\n"
    "    device = torch.device(\"cuda\" if torch.cuda.is_available() else \"cpu\")\n"
    "    x = torch.zeros(4, device=device)\n"
    "    torch.cuda.synchronize()\n"
    "    return flash_attn_func(x, x, x)\n"
    "\n"
    "\n"
    "if __name__ == \"__main__\":\n"
    "    main()\n";

constexpr const char* kUtil = "import torch\n\n\ndef free():\n    torch.cuda.empty_cache()\n";

// Skips one or more characters of `set` at the front of s; false when there is none.
bool skip_some(std::string_view& s, std::string_view set) {
  const size_t n = std::min(s.find_first_not_of(set), s.size());
  s.remove_prefix(n);
  return n > 0;
}

bool skip(std::string_view& s, std::string_view word) {
  if (!s.starts_with(word)) return false;
  s.remove_prefix(word.size());
  return true;
}

// The lines "  PATH.py:LINE:COL: DOMAIN.RULE ..." of the text format (the regex
// `\n  [^ :]+\.py:\d+:\d+: [a-z_]+\.[a-z0-9.-]+ `). Hand-written: no std::regex in the
// repository (HACKING.md), and libstdc++'s regex executor trips -Wmaybe-uninitialized in the
// sanitizer build, which CI compiles with -Werror.
size_t count_finding_lines(const std::string& out) {
  constexpr std::string_view kDigits = "0123456789";
  constexpr std::string_view kDomain = "abcdefghijklmnopqrstuvwxyz_";
  constexpr std::string_view kRule = "abcdefghijklmnopqrstuvwxyz0123456789.-";
  size_t n = 0;
  for (size_t nl = out.find('\n'); nl != std::string::npos; nl = out.find('\n', nl + 1)) {
    std::string_view s = std::string_view(out).substr(nl + 1);
    if (!skip(s, "  ")) continue;
    const std::string_view path = s.substr(0, s.find_first_of(" :"));
    if (path.size() < 4 || !path.ends_with(".py")) continue;
    s.remove_prefix(path.size());
    if (skip(s, ":") && skip_some(s, kDigits) && skip(s, ":") && skip_some(s, kDigits) &&
        skip(s, ": ") && skip_some(s, kDomain) && skip(s, ".") && skip_some(s, kRule) &&
        skip(s, " "))
      ++n;
  }
  return n;
}

void make_repo(const fs::path& root) {
  write_file(root / "train.py", kTrain);
  write_file(root / "util.py", kUtil);
  write_file(root / "requirements.txt", "torch==2.1.0\nflash-attn>=2.5\npytest\n");
}

std::vector<std::string> home_env(const TempDir& home) {
  return {"HOME=" + home.path().string(), "XDG_STATE_HOME=", "NO_COLOR=1"};
}

size_t count(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

TEST(FirstRun, InsideTheRootTheReportsGoToTheStateFolderAndTheTerminalListsFindings) {
  TempDir root, home;
  make_repo(root.path());
  const RunResult r = run_cli({"scan", "."}, root.path(), home_env(home));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Nothing inside the root; the reports in ~/.local/state/ascendify/reports/NAME-HASH.
  EXPECT_FALSE(fs::exists(root / "ascendify-report"));
  const fs::path reports = home / ".local/state/ascendify/reports";
  ASSERT_TRUE(fs::is_directory(reports)) << r.out;
  const fs::path dir = fs::directory_iterator(reports)->path();
  EXPECT_TRUE(fs::exists(dir / "ascendify-report.zh.md"));
  EXPECT_TRUE(fs::exists(dir / "ascendify-report.json"));
  // The terminal says where, lists the findings by domain (path:line:col: rule class
  // message), and ends with the summary.
  EXPECT_NE(r.out.find("Report: " + (dir / "ascendify-report.json").string()), std::string::npos)
      << r.out;
  const size_t device = r.out.find("device (");
  const size_t attention = r.out.find("attention (");
  const size_t summary = r.out.find("Feasibility:");
  ASSERT_NE(device, std::string::npos) << r.out;
  EXPECT_LT(device, attention);
  EXPECT_LT(attention, summary);
  EXPECT_NE(r.out.find("  train.py:8:5: device.cuda-synchronize mechanical "), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  train.py:2:6: attention.flash-attn-import stops the run "),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << "NO_COLOR and a pipe: no colour";
  // A second scan of the same root reuses the folder (one per root).
  ASSERT_EQ(run_cli({"scan", "."}, root.path(), home_env(home)).exit_code, 0);
  EXPECT_EQ(std::distance(fs::directory_iterator(reports), fs::directory_iterator{}), 1);
}

TEST(FirstRun, OutsideTheRootTheDefaultFolderIsTheCurrentOne) {
  TempDir root, cwd, home;
  make_repo(root.path());
  const RunResult r = run_cli({"scan", root.path().string()}, cwd.path(), home_env(home));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(cwd / "ascendify-report/ascendify-report.json")) << r.out;
  EXPECT_FALSE(fs::exists(home / ".local"));
}

TEST(FirstRun, TextFormatListsEveryFindingAndWritesNoFile) {
  TempDir root, cwd, home;
  make_repo(root.path());
  const RunResult r =
      run_cli({"scan", root.path().string(), "--format", "text"}, cwd.path(), home_env(home));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_empty(cwd.path()));
  EXPECT_FALSE(fs::exists(home / ".local"));
  // One line per finding that asks for a change, with its replacement under it.
  EXPECT_GE(count_finding_lines(r.out), 5u) << r.out;
  EXPECT_NE(r.out.find("      → torch.npu.synchronize"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Report:"), std::string::npos);
  EXPECT_NE(r.out.find("Feasibility:"), std::string::npos);
  // --color always paints it, --lang zh words it in Chinese.
  const RunResult c = run_cli(
      {"scan", root.path().string(), "--format", "text", "--color", "always", "--lang", "zh"},
      cwd.path(), home_env(home));
  EXPECT_NE(c.out.find("\x1b[32mdevice.cuda-synchronize"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("机械修改"), std::string::npos) << c.out;
}

TEST(FirstRun, GithubFormatPrintsWorkflowAnnotations) {
  TempDir root, cwd;
  make_repo(root.path());
  // Paths are the workspace's (the current folder's): scanned from inside the repository ...
  const RunResult r = run_cli({"scan", ".", "--format", "github", "-o", "-"}, root.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("::error file=train.py,line=2,col=6,endColumn="), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(",title=ascendify attention.flash-attn-import::"), std::string::npos);
  EXPECT_NE(r.out.find("::notice file=train.py,line=8,col=5"), std::string::npos);
  // Every line is one annotation; no message spills onto a second line.
  for (size_t p = 0, q; p < r.out.size(); p = q + 1) {
    q = r.out.find('\n', p);
    ASSERT_NE(q, std::string::npos);
    EXPECT_EQ(r.out.compare(p, 2, "::"), 0) << r.out.substr(p, q - p);
  }
  // ... and from the folder above it: the repository's folder leads the path.
  const std::string name = root.path().filename().string();
  const RunResult up = run_cli({"scan", name, "--format", "github"}, root.path().parent_path());
  EXPECT_NE(up.out.find("::error file=" + name + "/train.py,line=2,col=6"), std::string::npos)
      << up.out;
}

TEST(FirstRun, DashOutputInfersTheFormatOrSaysWhy) {
  TempDir root, cwd;
  make_repo(root.path());
  // In a pipe, -o - without --format prints the JSON report.
  RunResult r = run_cli({"scan", root.path().string(), "-o", "-"}, cwd.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(nlohmann::json::parse(r.out, nullptr, false).is_discarded()) << r.out.substr(0, 200);
  // Two formats cannot share stdout.
  r = run_cli({"scan", root.path().string(), "-o", "-", "--format", "md,json"}, cwd.path());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(count(r.err, "\n"), 1) << r.err;
  EXPECT_NE(r.err.find("-o - prints exactly one format"), std::string::npos);
}

TEST(FirstRun, OutputFileNamesItsFormat) {
  TempDir root, cwd;
  make_repo(root.path());
  RunResult r = run_cli({"scan", root.path().string(), "-o", "out/report.json"}, cwd.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(
      nlohmann::json::parse(read_file(cwd / "out/report.json"), nullptr, false).is_discarded());
  EXPECT_EQ(std::distance(fs::directory_iterator(cwd / "out"), fs::directory_iterator{}), 1);
  r = run_cli({"scan", root.path().string(), "-o", "report.html", "--format", "md"}, cwd.path());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("writes one html file; --format says md"), std::string::npos) << r.err;
  // Inside the root: refused, as a folder would be.
  r = run_cli({"scan", root.path().string(), "-o", (root / "r.md").string()}, cwd.path());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_FALSE(fs::exists(root / "r.md"));
}

TEST(FirstRun, AFolderThatResolvesIntoTheRootOnlyOnceMadeIsRefused) {
  // `missing/../link/out`: `missing` does not exist, so the path resolves into the root (via
  // `link`) only once the folders exist; they are removed again and nothing is written.
  TempDir t;
  make_repo(t / "repo");
  fs::create_directory_symlink(t / "repo", t / "link");
  const RunResult r = run_cli(
      {"scan", (t / "repo").string(), "-o", (t / "missing/../link/out").string()}, t.path());
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find("is inside the scanned root"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(t / "repo/out"));
  EXPECT_FALSE(fs::exists(t / "missing"));
}

TEST(FirstRun, ASymlinkAtTheTemporaryNameIsNotFollowed) {
  // A symlink planted where the report's temporary file goes, pointing at a file of the user:
  // the report is refused, the user's file keeps its bytes.
  TempDir root, out, mine;
  make_repo(root.path());
  write_file(mine / "precious.txt", "mine\n");
  fs::create_symlink(mine / "precious.txt", out / ".ascendify-report.json.tmp");
  const RunResult r =
      run_cli({"scan", root.path().string(), "-o", out.path().string(), "--format", "json"});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find(".ascendify-report.json.tmp"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(mine / "precious.txt"), "mine\n");
}

TEST(FirstRun, SingleFileScan) {
  TempDir root, out;
  make_repo(root.path());
  const RunResult r =
      run_cli({"scan", (root / "util.py").string(), "-o", out.path().string(), "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rep = nlohmann::json::parse(read_file(out / "ascendify-report.json"));
  ASSERT_FALSE(rep["findings"].empty());
  for (const auto& f : rep["findings"]) EXPECT_EQ(f["path"], "util.py") << f.dump();
  bool cache = false;
  for (const auto& f : rep["findings"]) cache = cache || f["rule"] == "device.cuda-empty-cache";
  EXPECT_TRUE(cache) << rep["findings"].dump();
  // A file of a kind ascendify does not read is said so.
  write_file(root / "notes.bin", "\x01\x02");
  const RunResult b =
      run_cli({"scan", (root / "notes.bin").string(), "-o", out.path().string(), "--verbose"});
  EXPECT_NE(b.err.find("notes.bin: not a kind of file ascendify reads"), std::string::npos)
      << b.err;
  // fix takes a single file too, and rewrites only it.
  const RunResult f = run_cli({"fix", (root / "util.py").string()});
  ASSERT_EQ(f.exit_code, 0) << f.err;
  EXPECT_NE(f.out.find("+++ b/util.py"), std::string::npos) << f.out;
  EXPECT_EQ(f.out.find("train.py"), std::string::npos) << f.out;
}

TEST(FirstRun, VerboseListsEveryDiagnostic) {
  TempDir root, out;
  for (int i = 0; i < 8; ++i)
    write_file(root / ("big" + std::to_string(i) + ".py"), std::string(200, '#') + "\n");
  write_file(root / "small.py", "import torch\n");
  std::vector<std::string> args = {
      "scan", root.path().string(), "-o", out.path().string(), "--max-file-size", "100"};
  const RunResult quiet = run_cli(args);
  ASSERT_EQ(quiet.exit_code, 0) << quiet.err;
  EXPECT_EQ(count(quiet.err, "exceeds the size cap"), 5u) << quiet.err;
  EXPECT_NE(quiet.err.find("3 more diagnostic(s): --verbose lists them"), std::string::npos);
  args.push_back("--verbose");
  const RunResult loud = run_cli(args);
  EXPECT_EQ(count(loud.err, "exceeds the size cap"), 8u) << loud.err;
}

}  // namespace
