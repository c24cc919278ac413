#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "discover/discover.hpp"
#include "temp_tree.hpp"

namespace ascendify::discover {
namespace {

using testing::TempTree;

std::vector<std::string> paths(const Result& r) {
  std::vector<std::string> out;
  for (const auto& f : r.files) out.push_back(f.rel_path);
  return out;
}

// The diagnostic for `path`, or "" when there is none.
std::string diag_for(const Result& r, const std::string& path) {
  for (const auto& d : r.diagnostics) {
    if (d.path == path) return d.message;
  }
  return "";
}

using V = std::vector<std::string>;

TEST(Walk, SortedOutputWithKindsSizeAndAbsPath) {
  TempTree t;
  t.file("z.py", "12345");
  t.file("a/b.py");
  t.file("a.py");
  t.file("README.md");
  t.file("requirements.txt");
  Result r = walk(t.root(), {});
  EXPECT_EQ(paths(r), (V{"a.py", "a/b.py", "requirements.txt", "z.py"}));
  EXPECT_TRUE(r.diagnostics.empty());
  ASSERT_EQ(r.files.size(), 4u);
  EXPECT_EQ(r.files[2].kind, FileKind::Requirements);
  EXPECT_EQ(r.files[3].size, 5u);
  EXPECT_EQ(std::filesystem::path(r.files[1].abs_path()), t.root() / "a" / "b.py");
  EXPECT_TRUE(std::filesystem::exists(r.files[1].abs_path()));
}

TEST(Walk, IncludeOther) {
  TempTree t;
  t.file("README.md");
  t.file("a.py");
  Options o;
  o.include_other = true;
  Result r = walk(t.root(), o);
  EXPECT_EQ(paths(r), (V{"README.md", "a.py"}));
  EXPECT_EQ(r.files[0].kind, FileKind::Other);
}

TEST(Walk, EmptyDirectory) {
  TempTree t;
  Result r = walk(t.root(), {});
  EXPECT_TRUE(r.files.empty());
  EXPECT_TRUE(r.diagnostics.empty());
}

TEST(Walk, RootMissingOrAFile) {
  TempTree t;
  Result missing = walk(t.root() / "nope", {});
  EXPECT_TRUE(missing.files.empty());
  ASSERT_EQ(missing.diagnostics.size(), 1u);
  EXPECT_NE(missing.diagnostics[0].message.find("does not exist"), std::string::npos);
  t.file("f.py");
  Result file = walk(t.root() / "f.py", {});
  EXPECT_TRUE(file.files.empty());
  ASSERT_EQ(file.diagnostics.size(), 1u);
  EXPECT_NE(file.diagnostics[0].message.find("not a directory"), std::string::npos);
}

TEST(Walk, NestedGitignoreWithNegation) {
  TempTree t;
  t.file(".gitignore", "*.py\n!keep.py\n");
  t.file("a.py");
  t.file("keep.py");
  t.file("pkg/.gitignore", "!*.py\nsecret.py\n");
  t.file("pkg/b.py");
  t.file("pkg/secret.py");
  t.file("pkg/deep/c.py");
  t.file("other/d.py");
  Result r = walk(t.root(), {});
  EXPECT_EQ(paths(r), (V{"keep.py", "pkg/b.py", "pkg/deep/c.py"}));
}

TEST(Walk, AnchoredPatterns) {
  TempTree t;
  t.file(".gitignore", "/top.py\ndocs/gen\n");
  t.file("top.py");
  t.file("sub/top.py");
  t.file("docs/gen/x.py");
  t.file("sub/docs/gen/y.py");
  t.file("sub/.gitignore", "/local.py\nz/w.py\n");
  t.file("sub/local.py");
  t.file("sub/q/local.py");
  t.file("sub/z/w.py");
  t.file("z/w.py");
  Result r = walk(t.root(), {});
  EXPECT_EQ(paths(r), (V{"sub/docs/gen/y.py", "sub/q/local.py", "sub/top.py", "z/w.py"}));
}

TEST(Walk, DoubleStarPatterns) {
  TempTree t;
  t.file(".gitignore", "**/gen/*.py\nbuild/**\n!build/keep.py\na/**/t.py\n");
  t.file("gen/x.py");
  t.file("p/q/gen/y.py");
  t.file("p/gen2/y.py");
  t.file("build/out.py");
  t.file("build/keep.py");
  t.file("build/sub/o.py");
  t.file("a/t.py");
  t.file("a/b/c/t.py");
  t.file("b/t.py");
  Result r = walk(t.root(), {});
  EXPECT_EQ(paths(r), (V{"b/t.py", "build/keep.py", "p/gen2/y.py"}));
}

TEST(Walk, DirOnlyPatterns) {
  TempTree t;
  t.file(".gitignore", "out/\n");
  t.file("out/a.py");      // directory "out": ignored
  t.file("src/out/b.py");  // also a directory named out
  t.file("src/c.py");
  Options o;
  o.include_other = true;
  t.file("x/out", "a file named out");  // a file: not matched by "out/"
  Result r = walk(t.root(), o);
  EXPECT_EQ(paths(r), (V{".gitignore", "src/c.py", "x/out"}));
}

TEST(Walk, ReincludeBlockedUnderExcludedParent) {
  TempTree t;
  t.file(".gitignore", "vendor/\n!vendor/keep.py\n");
  t.file("vendor/keep.py");
  t.file("vendor/.gitignore", "!*.py\n");
  t.file("main.py");
  Result r = walk(t.root(), {});
  EXPECT_EQ(paths(r), (V{"main.py"}));
}

TEST(Walk, EscapedHashAndBang) {
  TempTree t;
  t.file(".gitignore", "\\#notes.py\n#a.py\n\\!bang.py\n");
  t.file("#notes.py");
  t.file("a.py");
  t.file("!bang.py");
  Result r = walk(t.root(), {});
  EXPECT_EQ(paths(r), (V{"a.py"}));
}

TEST(Walk, GitInfoExcludeAndGitDirSkipped) {
  TempTree t;
  t.file(".git/info/exclude", "*.gen.py\nlocal/\n");
  t.file(".git/hooks/pre-commit.py");
  t.file("a.gen.py");
  t.file("local/x.py");
  t.file("b.py");
  t.file(".gitignore", "!b.gen.py\n");  // the root .gitignore overrides info/exclude
  t.file("b.gen.py");
  t.file("sub/.git", "gitdir: elsewhere");  // a .git file (submodule) is skipped too
  t.file("sub/s.py");
  Options o;
  o.include_other = true;
  Result r = walk(t.root(), o);
  EXPECT_EQ(paths(r), (V{".gitignore", "b.gen.py", "b.py", "sub/s.py"}));
}

TEST(Walk, SymlinkedGitignoreNotFollowed) {
  TempTree t;
  t.file("rules.txt", "*.py\n");
  t.symlink("rules.txt", ".gitignore");
  t.file("a.py");
  EXPECT_EQ(paths(walk(t.root(), {})), (V{"a.py"}));
}

TEST(Walk, OptionExcludes) {
  TempTree t;
  t.file("a.py");
  t.file("tests/t.py");
  t.file("x/tests/u.py");
  t.file("legacy/l.py");
  t.file(".gitignore", "!legacy/l.py\n");
  Options o;
  o.excludes = {"tests/", "/legacy", "", "# comment"};
  Result r = walk(t.root(), o);
  EXPECT_EQ(paths(r), (V{"a.py"}));
}

TEST(Walk, SkipLists) {
  TempTree t;
  t.file("venv/pyvenv.cfg", "home = /usr\n");
  t.file("venv/lib/x.py");
  t.file("env2/lib/site-packages/torch/y.py");
  t.file("web/node_modules/z.py");
  t.file("pkg/__pycache__/m.py");
  t.file(".tox/py3/t.py");
  t.file(".mypy_cache/c.py");
  t.file("nb/.ipynb_checkpoints/a.ipynb");
  t.file("nb/a.ipynb");
  t.file("pkg/m.py");
  Result r = walk(t.root(), {});
  EXPECT_EQ(paths(r), (V{"nb/a.ipynb", "pkg/m.py"}));
}

TEST(Walk, RootThatIsAVirtualenvIsStillWalked) {
  TempTree t;
  t.file("pyvenv.cfg");
  t.file("a.py");
  EXPECT_EQ(paths(walk(t.root(), {})), (V{"a.py"}));
}

TEST(Walk, SymlinkLoopTerminates) {
  TempTree t;
  t.file("a/x.py");
  t.symlink("..", "a/up");  // a/up -> root
  t.symlink(".", "a/self");
  Result r = walk(t.root(), {});
  EXPECT_EQ(paths(r), (V{"a/x.py"}));
}

TEST(Walk, SymlinkedDirectoryInsideRootWalkedOnceUnderRealPath) {
  TempTree t;
  t.file("real/x.py");
  t.symlink("real", "alias");  // sorts before "real" but the real path wins
  t.file("ignored/y.py");
  t.file(".gitignore", "ignored/\n");
  t.symlink("ignored", "view");  // the link itself is not ignored
  Result r = walk(t.root(), {});
  EXPECT_EQ(paths(r), (V{"real/x.py", "view/y.py"}));
}

TEST(Walk, SymlinkOutsideRootSkipped) {
  TempTree t;
  { std::ofstream(t.outside() / "secret.py") << "x"; }
  std::filesystem::create_directories(t.outside() / "outdir");
  t.symlink(t.outside() / "secret.py", "link.py");
  t.symlink(t.outside() / "outdir", "linkdir");
  t.symlink("../secret.py", "rel.py");
  Result r = walk(t.root(), {});
  EXPECT_TRUE(r.files.empty());
  EXPECT_EQ(diag_for(r, "link.py"), "symlink points outside the root");
  EXPECT_EQ(diag_for(r, "linkdir"), "symlink points outside the root");
  EXPECT_EQ(diag_for(r, "rel.py"), "symlink points outside the root");
}

TEST(Walk, IgnoredOrSkippedSymlinksOutsideRootAreSilent) {
  TempTree t;
  std::filesystem::create_directories(t.outside() / "store");
  t.file(".gitignore", "out/\nlink.py\n");
  t.symlink(t.outside() / "store", "out");               // dir-only pattern, link to a dir
  t.symlink(t.outside() / "store", "web/node_modules");  // always skipped
  t.symlink("nowhere.py", "link.py");                    // broken but ignored
  Result r = walk(t.root(), {});
  EXPECT_TRUE(r.files.empty());
  EXPECT_TRUE(r.diagnostics.empty());
}

TEST(Walk, SymlinkedFileInsideRootIncluded) {
  TempTree t;
  t.file("impl/real.py", "abc");
  t.symlink("impl/real.py", "alias.py");
  Result r = walk(t.root(), {});
  EXPECT_EQ(paths(r), (V{"alias.py", "impl/real.py"}));
  EXPECT_EQ(r.files[0].size, 3u);
  EXPECT_TRUE(r.diagnostics.empty());
}

TEST(Walk, BrokenSymlinkDiagnostic) {
  TempTree t;
  t.symlink("missing.py", "dangling.py");
  Result r = walk(t.root(), {});
  EXPECT_TRUE(r.files.empty());
  EXPECT_NE(diag_for(r, "dangling.py").find("broken symlink"), std::string::npos);
}

TEST(Walk, SizeCap) {
  TempTree t;
  t.file("big.py", std::string(101, 'x'));
  t.file("ok.py", std::string(100, 'x'));
  t.file("big.md", std::string(500, 'x'));  // Other: not listed, so no diagnostic
  Options o;
  o.max_file_size = 100;
  Result r = walk(t.root(), o);
  EXPECT_EQ(paths(r), (V{"ok.py"}));
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].path, "big.py");
  EXPECT_EQ(r.diagnostics[0].message, "101 bytes exceeds the size cap of 100 bytes");
}

TEST(Walk, NonUtf8NamesKeptAsBytes) {
  TempTree t;
  t.file("\xff\xfe.py");
  t.file("caf\xc3\xa9/m.py");
  Result r = walk(t.root(), {});
  EXPECT_EQ(paths(r), (V{"caf\xc3\xa9/m.py", "\xff\xfe.py"}));
}

TEST(Walk, UnreadableDirectoryDiagnosedAndWalkContinues) {
  if (::geteuid() == 0) GTEST_SKIP() << "root reads every directory";
  TempTree t;
  t.file("locked/x.py");
  t.file("open/y.py");
  std::filesystem::permissions(t.root() / "locked", std::filesystem::perms::none);
  Result r = walk(t.root(), {});
  std::filesystem::permissions(t.root() / "locked", std::filesystem::perms::owner_all);
  EXPECT_EQ(paths(r), (V{"open/y.py"}));
  EXPECT_NE(diag_for(r, "locked").find("cannot read directory"), std::string::npos);
}

TEST(Walk, DeepTreeNoRecursion) {
  TempTree t;
  std::string rel;
  for (int i = 0; i < 200; ++i) rel += "d/";
  t.file(rel + "x.py");
  Result r = walk(t.root(), {});
  EXPECT_EQ(paths(r), (V{rel + "x.py"}));
}

}  // namespace
}  // namespace ascendify::discover

namespace ascendify::discover {
namespace {

// The hook sees each listed file once, as it is found (a folder's own files before its
// subfolders'), and never an ignored, skipped or diagnosed one.
TEST(Walk, OnFileSeesEveryListedFileOnceInWalkOrder) {
  TempTree t;
  t.file("a/z.py");
  t.file("a/b/y.py");
  t.file("c.py");
  t.file("ignored.py");
  t.file(".gitignore", "ignored.py\n");
  t.file("big.py", std::string(50, 'x'));
  t.file("README.md");
  Options o;
  o.max_file_size = 10;
  std::vector<std::string> seen;
  Result r = walk(t.root(), o, [&](const SourceFile& f) {
    seen.push_back(f.rel_path);
    EXPECT_FALSE(f.abs_path().empty());
  });
  EXPECT_EQ(seen, (V{"c.py", "a/z.py", "a/b/y.py"}));
  EXPECT_EQ(paths(r), (V{"a/b/y.py", "a/z.py", "c.py"}));
  EXPECT_EQ(diag_for(r, "big.py"), "50 bytes exceeds the size cap of 10 bytes");
}

}  // namespace
}  // namespace ascendify::discover
