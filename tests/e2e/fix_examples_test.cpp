// `ascendify fix --apply` on the bundled examples/ project, through the real CLI: afterwards a
// re-scan finds nothing autofixable, the findings left are exactly the to-do list fix printed
// (lines shifted by the inserted import lines), every changed .py compiles, and a second fix
// changes nothing.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <tuple>

#include "fix/fix.hpp"
#include "pipeline/scan.hpp"
#include "project/findings.hpp"
#include "rules/ruleset.hpp"

namespace fs = std::filesystem;
using namespace ascendify;

namespace {

struct TempDir {
  TempDir() {
    std::string t = (fs::temp_directory_path() / "ascendify-fixex-XXXXXX").string();
    path = ::mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path path;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct CliRun {
  int code = -1;
  std::string out, err;
};

CliRun run_cli(const std::string& args, const fs::path& scratch) {
  const fs::path o = scratch / "stdout", e = scratch / "stderr";
  const std::string cmd =
      quote(ASCENDIFY_BINARY) + " " + args + " > " + quote(o.string()) + " 2> " + quote(e.string());
  CliRun r;
  const int st = std::system(cmd.c_str());
  if (st != -1 && WIFEXITED(st)) r.code = WEXITSTATUS(st);
  r.out = slurp(o);
  r.err = slurp(e);
  return r;
}

fix::FixResult plan(const fs::path& root) {
  static const rules::RuleSet rules = [] {
    std::vector<Diagnostic> d;
    return rules::load_rules({}, d);
  }();
  pipeline::ScanOptions so;
  so.threads = 1;
  so.filters = {.own_code = true, .aggregate = false};  // as `fix` scans
  pipeline::ScanResult scan = pipeline::scan(root, rules, so);
  scan.findings =
      project::derive(scan.files, std::move(scan.findings), rules, scan.filters).findings;
  return fix::plan_fixes(scan.files, scan.findings, root, {});
}

using Key = std::tuple<std::string, std::string, uint32_t>;  // rule, path, line

uint32_t line_of(const std::string& text, uint32_t offset) {
  uint32_t line = 1;
  for (uint32_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

// The to-do list of `r`, with each line moved down by the import lines inserted above it
// (edits replace tokens in place and never add lines).
std::multiset<Key> expected_remaining(const fix::FixResult& r) {
  std::multiset<Key> out;
  for (const auto& m : r.manual) {
    uint32_t line = m.line;
    for (const auto& f : r.files) {
      if (f.rel_path != m.path || f.inserted.empty() || m.cell) continue;
      if (line >= line_of(f.original, f.insert_offset))
        line += static_cast<uint32_t>(std::count(f.inserted.begin(), f.inserted.end(), '\n'));
    }
    out.emplace(m.rule_id, m.path, line);
  }
  return out;
}

TEST(FixExamples, ApplyLeavesExactlyTheToDoList) {
  TempDir tmp;
  const fs::path proj = tmp.path / "proj", report = tmp.path / "report";
  fs::copy(fs::path(ASCENDIFY_SOURCE_DIR) / "examples", proj, fs::copy_options::recursive);
  fs::create_directories(report);

  const fix::FixResult before = plan(proj);
  ASSERT_FALSE(before.files.empty()) << "examples/ should have something to fix";
  ASSERT_FALSE(before.manual.empty());
  EXPECT_TRUE(before.diagnostics.empty()) << fix::manual_summary(before);

  const CliRun applied = run_cli("fix " + quote(proj.string()) + " --apply", tmp.path);
  ASSERT_EQ(applied.code, 0) << applied.err;
  EXPECT_NE(applied.out.find("Manual work: " + std::to_string(before.manual.size()) + " "),
            std::string::npos)
      << applied.out;
  for (const auto& f : before.files) {
    EXPECT_NE(applied.out.find("written: " + f.rel_path + "\n"), std::string::npos) << f.rel_path;
    EXPECT_EQ(slurp(proj / f.rel_path), f.fixed) << f.rel_path;
  }

  const CliRun scanned = run_cli(
      "scan " + quote(proj.string()) + " --all-sites --format json -o " + quote(report.string()),
      tmp.path);
  ASSERT_EQ(scanned.code, 0) << scanned.err;
  const auto j = nlohmann::json::parse(slurp(report / "ascendify-report.json"), nullptr, false);
  ASSERT_TRUE(j.is_object() && j.contains("findings"));
  const std::multiset<Key> expected = expected_remaining(before);
  std::multiset<Key> remaining;
  for (const auto& f : j["findings"]) {
    Key k(f["rule"].get<std::string>(), f["path"].get<std::string>(), f["line"].get<uint32_t>());
    // An autofixable site fix declined in context (a guard of code that stays CUDA) is on
    // its to-do list; any other must be gone.
    if (!expected.count(k)) {
      EXPECT_FALSE(f["autofix"].get<bool>())
          << f["rule"] << " " << f["path"] << ":" << f["line"] << " is still autofixable";
    }
    remaining.insert(std::move(k));
  }
  EXPECT_EQ(remaining.size(), expected.size());
  for (const auto& k : expected)
    EXPECT_EQ(remaining.count(k), expected.count(k))
        << "to-do " << std::get<0>(k) << " " << std::get<1>(k) << ":" << std::get<2>(k);
  for (const auto& k : remaining)
    EXPECT_EQ(expected.count(k), remaining.count(k))
        << "not on the to-do list: " << std::get<0>(k) << " " << std::get<1>(k) << ":"
        << std::get<2>(k);

  if (std::system("python3 --version > /dev/null 2>&1") == 0) {
    for (const auto& f : before.files) {
      if (fs::path(f.rel_path).extension() != ".py") continue;
      const std::string cmd =
          "python3 -m py_compile " + quote((proj / f.rel_path).string()) + " 2>/dev/null";
      EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    }
  }

  const CliRun again = run_cli("fix " + quote(proj.string()), tmp.path);
  EXPECT_EQ(again.code, 0) << again.err;
  EXPECT_EQ(again.out, "");
  EXPECT_NE(again.err.find("Automatic edits: 0 in 0 file(s)"), std::string::npos) << again.err;
}

}  // namespace
