// Every rule with an autofix has a before/after fixture under tests/fixtures/fix/<rule-id>/;
// the real pipeline (scan -> plan_fixes) turns `before` into exactly `after`, the result
// compiles (python3 -m py_compile), and fixing the fixed tree changes nothing.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fix/fix.hpp"
#include "pipeline/scan.hpp"
#include "rules/ruleset.hpp"

namespace fs = std::filesystem;
using namespace ascendify;

namespace {

const fs::path kFixtures = fs::path(ASCENDIFY_SOURCE_DIR) / "tests/fixtures/fix";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct TempDir {
  TempDir() {
    std::string t = (fs::temp_directory_path() / "ascendify-fixe2e-XXXXXX").string();
    path = ::mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path path;
};

const rules::RuleSet& ruleset() {
  static const rules::RuleSet set = [] {
    std::vector<Diagnostic> diags;
    return rules::load_rules({}, diags);
  }();
  return set;
}

fix::FixResult run_fix(const fs::path& root, const fix::FixOptions& o = {}) {
  pipeline::ScanOptions so;
  so.threads = 1;
  pipeline::ScanResult scan = pipeline::scan(root, ruleset(), so);
  return fix::plan_fixes(scan.files, scan.findings, root, o);
}

// The real file name a fixture `before.<ext>` is scanned under.
std::string real_name(const std::string& ext) {
  if (ext == ".py") return "model.py";
  if (ext == ".sh") return "run.sh";
  if (ext == ".Dockerfile") return "Dockerfile";
  return "file" + ext;
}

bool have_python3() {
  return std::system("python3 --version > /dev/null 2>&1") == 0;
}

TEST(FixFixtures, EveryAutofixRuleHasOne) {
  for (const Rule& r : ruleset().all()) {
    if (!r.autofix) continue;
    const fs::path dir = kFixtures / r.id;
    bool before = false, after = false;
    if (fs::is_directory(dir)) {
      for (const auto& e : fs::directory_iterator(dir)) {
        const std::string stem = e.path().stem().string();
        before |= stem == "before";
        after |= stem == "after";
      }
    }
    EXPECT_TRUE(before && after) << r.id << ": missing " << dir << "/before.* and after.*";
  }
  for (const auto& e : fs::directory_iterator(kFixtures)) {
    if (e.is_directory()) {
      EXPECT_NE(ruleset().find(e.path().filename().string()), nullptr)
          << e.path() << " names no rule";
    }
  }
}

TEST(FixFixtures, BeforeBecomesAfterCompilesAndIsIdempotent) {
  const bool py3 = have_python3();
  for (const auto& e : fs::directory_iterator(kFixtures)) {
    if (!e.is_directory()) continue;
    const std::string id = e.path().filename().string();
    fs::path before, after;
    for (const auto& f : fs::directory_iterator(e.path())) {
      if (f.path().stem() == "before") before = f.path();
      if (f.path().stem() == "after") after = f.path();
    }
    if (before.empty() || after.empty()) continue;  // reported by EveryAutofixRuleHasOne
    SCOPED_TRACE(id);
    TempDir tmp;
    const std::string name = real_name(before.extension().string());
    fs::copy_file(before, tmp.path / name);
    fix::FixResult r = run_fix(tmp.path);
    const std::string expected = slurp(after);
    const std::string got = r.files.empty() ? slurp(tmp.path / name) : r.files[0].fixed;
    EXPECT_EQ(got, expected) << fix::manual_summary(r);
    EXPECT_TRUE(r.diagnostics.empty()) << fix::manual_summary(r);
    if (expected == slurp(before)) {
      // Not edited (medium confidence): the finding is on the to-do list.
      bool listed = false;
      for (const auto& m : r.manual) listed |= m.rule_id == id;
      EXPECT_TRUE(listed) << fix::manual_summary(r);
    }
    // Apply, then fix again: nothing left to edit.
    fix::ApplyReport rep = fix::apply(r, tmp.path, false);
    EXPECT_TRUE(rep.ok());
    EXPECT_EQ(slurp(tmp.path / name), expected);
    EXPECT_EQ(fix::unified_diff(run_fix(tmp.path)), "");
    if (py3 && name == "model.py") {
      const std::string cmd = "python3 -m py_compile '" + (tmp.path / name).string() + "'";
      EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    }
  }
}

TEST(FixE2E, TransferModeRedirectsEntryPointAndEditsTheRest) {
  TempDir tmp;
  std::ofstream(tmp.path / "train.py")
      << "import torch\n\n\ndef main():\n    x = torch.ones(1).cuda()\n"
         "    if x.device.type == \"cuda\":\n        torch.cuda.synchronize()\n"
         "    major, _ = torch.cuda.get_device_capability()\n\n\n"
         "if __name__ == \"__main__\":\n    main()\n";
  fix::FixOptions o;
  o.transfer_to_npu = true;
  fix::FixResult r = run_fix(tmp.path, o);
  ASSERT_EQ(r.files.size(), 1u) << fix::manual_summary(r);
  EXPECT_EQ(r.files[0].fixed,
            "import torch_npu\nfrom torch_npu.contrib import transfer_to_npu\n"
            "import torch\n\n\ndef main():\n    x = torch.ones(1).cuda()\n"
            "    if x.device.type == \"npu\":\n        torch.cuda.synchronize()\n"
            "    major, _ = torch.cuda.get_device_capability()\n\n\n"
            "if __name__ == \"__main__\":\n    main()\n");
  EXPECT_EQ(r.entry_points, std::vector<std::string>{"train.py"});
  bool capability_listed = false;
  for (const auto& m : r.manual) capability_listed |= m.rule_id == "device.get-device-capability";
  EXPECT_TRUE(capability_listed) << fix::manual_summary(r);
  EXPECT_GE(r.by_transfer.size(), 2u);  // .cuda() and torch.cuda.synchronize
  ASSERT_TRUE(fix::apply(r, tmp.path, true).ok());
  EXPECT_TRUE(fs::exists(tmp.path / "train.py.orig"));
  EXPECT_EQ(fix::unified_diff(run_fix(tmp.path, o)), "");
}

}  // namespace
