#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "fix/safe_path.hpp"
#include "helpers.hpp"

namespace ascendify::fix {
namespace {

namespace fs = std::filesystem;
using testing::Fixture;
using testing::make_rule;

const Rule kSync = make_rule("device.cuda-synchronize", MatchKind::Reference,
                             {"torch.cuda.synchronize"}, "rename", "torch.npu.");

class TempDir {
 public:
  TempDir() {
    std::string t = (fs::temp_directory_path() / "ascendify-fix-XXXXXX").string();
    path_ = ::mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }
  void write(const std::string& rel, const std::string& text) const {
    fs::create_directories((path_ / rel).parent_path());
    std::ofstream(path_ / rel, std::ios::binary) << text;
  }
  std::string read(const std::string& rel) const {
    return detail::read_all(path_ / rel).value_or("<missing>");
  }

 private:
  fs::path path_;
};

// Plans a sync rename for every file, reading from disk under `root`.
FixResult plan_disk(const fs::path& root, const std::vector<std::string>& rels) {
  ScannedFiles files;
  std::vector<Finding> findings;
  for (const auto& rel : rels) {
    ScannedFile sf;
    sf.file.rel_path = rel;
    sf.file.kind = FileKind::Python;
    files.push_back(sf);
    const std::string text = detail::read_all(root / rel).value_or("");
    const size_t pos = text.find("torch.cuda.synchronize");
    if (pos == std::string::npos) continue;
    Finding f;
    f.rule = &kSync;
    f.rule_id = kSync.id;
    f.path = rel;
    f.match = "torch.cuda.synchronize";
    f.manual = manual_reason(kSync, false, false);  // as the matcher decides it
    f.autofix = f.manual == ManualReason::None;
    f.span.offset = static_cast<uint32_t>(pos);
    f.span.end_offset = static_cast<uint32_t>(pos + 22);
    findings.push_back(f);
  }
  return plan_fixes(files, findings, root, {});
}

TEST(Diff, ExactUnifiedDiff) {
  Fixture fx;
  fx.file("pkg/m.py", FileKind::Python,
          "import torch\n\n\n\n\n\n\n\nx = 1\ntorch.cuda.synchronize()\ny = 2\n");
  fx.find(kSync, "pkg/m.py", "torch.cuda.synchronize", "torch.cuda.synchronize");
  const std::string d = unified_diff(fx.plan());
  EXPECT_EQ(d,
            "ascendify fix: 1 edit(s) in 1 file(s): 1 safe, 0 unsafe\n"
            "diff --git a/pkg/m.py b/pkg/m.py\n"
            "--- a/pkg/m.py\n"
            "+++ b/pkg/m.py\n"
            "@@ -1,4 +1,5 @@\n"
            " import torch\n"
            "+import torch_npu\n"
            " \n"
            " \n"
            " \n"
            "@@ -7,5 +8,5 @@\n"
            " \n"
            " \n"
            " x = 1\n"
            "-torch.cuda.synchronize()\n"
            "+torch.npu.synchronize()\n"
            " y = 2\n");
}

TEST(Diff, NoNewlineAtEndMarker) {
  Fixture fx;
  fx.file("a.py", FileKind::Python, "import torch\ntorch.cuda.synchronize()");
  fx.find(kSync, "a.py", "torch.cuda.synchronize", "torch.cuda.synchronize");
  EXPECT_EQ(unified_diff(fx.plan()),
            "ascendify fix: 1 edit(s) in 1 file(s): 1 safe, 0 unsafe\n"
            "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n"
            "@@ -1,2 +1,3 @@\n"
            " import torch\n"
            "-torch.cuda.synchronize()\n\\ No newline at end of file\n"
            "+import torch_npu\n"
            "+torch.npu.synchronize()\n\\ No newline at end of file\n");
}

TEST(Diff, NearbyChangesShareOneHunk) {
  Fixture fx;
  fx.file("a.py", FileKind::Python, "import torch\n\n\n\n\n\nx = 1\ntorch.cuda.synchronize()\n");
  fx.find(kSync, "a.py", "torch.cuda.synchronize", "torch.cuda.synchronize");
  const std::string d = unified_diff(fx.plan());
  EXPECT_NE(d.find("@@ -1,8 +1,9 @@\n"), std::string::npos) << d;
  EXPECT_EQ(d.find("@@ -", d.find("@@ -1,8") + 1), std::string::npos) << d;
}

TEST(Diff, EmptyWhenNothingChanges) {
  EXPECT_EQ(unified_diff(FixResult{}), "");
}

TEST(Diff, GitApplyCheckAcceptsIt) {
  if (std::system("git --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "git not installed";
  TempDir dir;
  dir.write("a.py", "import torch\r\ntorch.cuda.synchronize()\r\n");
  dir.write("sub dir/b.py", "\xEF\xBB\xBF\"\"\"Doc.\"\"\"\ntorch.cuda.synchronize()");
  std::string many = "import torch\n";
  for (int i = 0; i < 30; ++i) many += "x" + std::to_string(i) + " = 1\n";
  many += "torch.cuda.synchronize()\n";
  for (int i = 0; i < 10; ++i) many += "torch.cuda.synchronize()\n";
  dir.write("c.py", many);
  std::vector<std::string> rels = {"a.py", "sub dir/b.py", "c.py"};
  FixResult r = plan_disk(dir.path(), rels);
  // plan_disk finds only the first occurrence per file; c.py gets one rename + the import.
  ASSERT_EQ(r.files.size(), 3u) << manual_summary(r);
  std::ofstream(dir.path() / "fix.patch", std::ios::binary) << unified_diff(r);
  const std::string q = "cd '" + dir.path().string() + "' && ";
  ASSERT_EQ(std::system((q + "git init -q . && git apply --check fix.patch").c_str()), 0)
      << unified_diff(r);
  ASSERT_EQ(std::system((q + "git apply fix.patch").c_str()), 0);
  for (const auto& f : r.files) EXPECT_EQ(dir.read(f.rel_path), f.fixed) << f.rel_path;
}

TEST(Apply, WritesAtomicallyKeepsModeAndBacksUp) {
  TempDir dir;
  dir.write("a.py", "import torch\ntorch.cuda.synchronize()\n");
  ASSERT_EQ(::chmod((dir.path() / "a.py").c_str(), 0751), 0);
  FixResult r = plan_disk(dir.path(), {"a.py"});
  ApplyReport rep = apply(r, dir.path(), /*backup=*/true);
  EXPECT_TRUE(rep.ok());
  EXPECT_EQ(rep.written, std::vector<std::string>{"a.py"});
  EXPECT_EQ(rep.backups, std::vector<std::string>{"a.py.orig"});
  EXPECT_EQ(dir.read("a.py"), "import torch\nimport torch_npu\ntorch.npu.synchronize()\n");
  EXPECT_EQ(dir.read("a.py.orig"), "import torch\ntorch.cuda.synchronize()\n");
  struct stat st {};
  ASSERT_EQ(::stat((dir.path() / "a.py").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0751u);
  // No temporary file is left behind.
  size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 2u);
  // The plan is stale now: applying it again writes nothing.
  ApplyReport again = apply(r, dir.path(), false);
  EXPECT_TRUE(again.written.empty());
  EXPECT_EQ(again.diagnostics.size(), 1u);
  // And a fresh plan of the fixed tree is empty.
  EXPECT_EQ(unified_diff(plan_disk(dir.path(), {"a.py"})), "");
}

TEST(Apply, ExistingBackupIsNotOverwritten) {
  TempDir dir;
  dir.write("a.py", "import torch\ntorch.cuda.synchronize()\n");
  dir.write("a.py.orig", "precious\n");
  FixResult r = plan_disk(dir.path(), {"a.py"});
  ApplyReport rep = apply(r, dir.path(), true);
  EXPECT_FALSE(rep.ok());
  EXPECT_EQ(dir.read("a.py.orig"), "precious\n");
  EXPECT_EQ(dir.read("a.py"), "import torch\ntorch.cuda.synchronize()\n");
}

TEST(Apply, SymlinkOutOfRootIsRefused) {
  TempDir outside, root;
  outside.write("victim.py", "import torch\ntorch.cuda.synchronize()\n");
  fs::create_directory_symlink(outside.path(), root.path() / "link");
  fs::create_symlink(outside.path() / "victim.py", root.path() / "file.py");
  // Planning through the default provider refuses to read through the symlinks...
  FixResult r = plan_disk(root.path(), {"link/victim.py", "file.py"});
  EXPECT_TRUE(r.files.empty());
  // ...and apply refuses to write even a plan made elsewhere.
  FixResult forged;
  FilePlan p;
  p.rel_path = "link/victim.py";
  p.original = "import torch\ntorch.cuda.synchronize()\n";
  p.fixed = "pwned\n";
  forged.files.push_back(p);
  p.rel_path = "../x.py";
  forged.files.push_back(p);
  ApplyReport rep = apply(forged, root.path(), false);
  EXPECT_TRUE(rep.written.empty());
  EXPECT_EQ(rep.diagnostics.size(), 2u);
  EXPECT_EQ(outside.read("victim.py"), "import torch\ntorch.cuda.synchronize()\n");
}

}  // namespace
}  // namespace ascendify::fix
