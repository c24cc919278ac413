// `ascendify fix --apply` through the CLI on small projects of real idioms
// (tests/fixtures/fix_cases/<case>/): `before/` is the project; `after.<mode>/` holds, written by
// hand, every file the mode must change as it must read afterwards (a file not there must stay
// byte for byte); `expect.<mode>.txt` lines must each appear in the printed summary. Modes:
// `default` (no flag), `transfer` (--transfer-to-npu), `unsafe` (--unsafe-fixes).
#include <gtest/gtest.h>

#include <set>

#include "robust_util.hpp"

namespace {

using namespace robust;

const fs::path kCases = fs::path(ASCENDIFY_SOURCE_DIR) / "tests/fixtures/fix_cases";

std::vector<std::string> flags_of(const std::string& mode) {
  if (mode == "transfer") return {"--transfer-to-npu"};
  if (mode == "unsafe") return {"--unsafe-fixes"};
  return {};
}

std::set<std::string> files_under(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out.insert(fs::relative(e.path(), dir).generic_string());
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    if (!l.empty()) out.push_back(l);
  return out;
}

void check_case(const fs::path& dir, const std::string& mode) {
  SCOPED_TRACE(dir.filename().string() + " / " + mode);
  TempDir tmp;
  const fs::path root = tmp.path() / "project";
  fs::copy(dir / "before", root, fs::copy_options::recursive);
  std::vector<std::string> args = {"fix", root.string(), "--apply"};
  for (auto& f : flags_of(mode)) args.push_back(f);
  const RunResult r = run_cli(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const fs::path after = dir / ("after." + mode);
  const std::set<std::string> changed = files_under(after);
  for (const auto& rel : files_under(dir / "before")) {
    const std::string want = read_file(changed.count(rel) ? after / rel : dir / "before" / rel);
    EXPECT_EQ(read_file(root / rel), want) << rel << "\n" << r.out;
  }
  for (const auto& rel : changed)
    EXPECT_TRUE(fs::exists(dir / "before" / rel)) << rel << " is in after." << mode << " only";
  const fs::path expect = dir / ("expect." + mode + ".txt");
  if (fs::exists(expect)) {
    for (const auto& line : lines_of(read_file(expect))) {
      EXPECT_NE(r.out.find(line), std::string::npos) << "missing: " << line << "\n" << r.out;
    }
  }
  // A second run has nothing left to do in the files it edited.
  std::vector<std::string> again_args = {"fix", root.string(), "--diff"};
  for (auto& f : flags_of(mode)) again_args.push_back(f);
  const RunResult again = run_cli(again_args);
  EXPECT_EQ(again.out, "") << again.out;
}

TEST(FixCases, EachModeGivesTheHandWrittenTree) {
  size_t checked = 0;
  for (const auto& c : fs::directory_iterator(kCases)) {
    if (!c.is_directory()) continue;
    for (const std::string mode : {"default", "transfer", "unsafe"})
      if (fs::is_directory(c.path() / ("after." + mode))) {
        check_case(c.path(), mode);
        ++checked;
      }
  }
  EXPECT_GE(checked, 7u);
}

}  // namespace
