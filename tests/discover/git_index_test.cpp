// The git index reader (versions 2-4, SHA-1/SHA-256, malformed files) and the walk keeping
// tracked files that a .gitignore pattern matches, as git does.
#include "discover/git_index.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "discover/discover.hpp"
#include "temp_tree.hpp"

namespace ascendify::discover {
namespace {

using testing::TempTree;
using V = std::vector<std::string>;

void put32(std::string& s, uint32_t v) {
  for (int k = 3; k >= 0; --k) s += static_cast<char>((v >> (8 * k)) & 0xff);
}
void put16(std::string& s, uint16_t v) {
  s += static_cast<char>(v >> 8);
  s += static_cast<char>(v & 0xff);
}
void put_varint(std::string& s, uint64_t v) {  // git's offset encoding (index v4)
  std::string rev(1, static_cast<char>(v & 127));
  while (v >>= 7) rev += static_cast<char>(128 | (--v & 127));
  s.append(rev.rbegin(), rev.rend());
}

// An index file as git writes it: `paths` sorted, regular files (or "dir/" sparse entries).
std::string make_index(uint32_t version, const V& paths, size_t hash = 20, bool extended = false) {
  std::string s = "DIRC";
  put32(s, version);
  put32(s, static_cast<uint32_t>(paths.size()));
  std::string previous;
  for (const std::string& p : paths) {
    const size_t start = s.size();
    const bool dir = p.back() == '/';
    s.append(24, '\0');                 // ctime mtime dev ino
    put32(s, dir ? 0040000 : 0100644);  // mode
    s.append(12, '\0');                 // uid gid size
    s.append(hash, '\x5a');             // object name
    put16(s, static_cast<uint16_t>((extended ? 0x4000 : 0) | std::min<size_t>(p.size(), 0xfff)));
    if (extended) put16(s, 0x4000);  // skip-worktree
    if (version == 4) {
      size_t common = 0;
      while (common < previous.size() && common < p.size() && previous[common] == p[common])
        ++common;
      put_varint(s, previous.size() - common);
      s += p.substr(common);
      s += '\0';
    } else {
      s += p;
      const size_t len = s.size() - start;
      s.append(8 - len % 8, '\0');  // 1..8 NULs
    }
    previous = p;
  }
  s.append(20, '\0');  // trailing checksum (not read)
  return s;
}

TEST(GitIndex, Versions2To4AndSha256) {
  const V paths = {"a.py", "opensora/datasets/read_video.py", "opensora/datasets/utils.py",
                   "opensora/models/x.py", "setup.py"};
  for (uint32_t version : {2u, 3u, 4u})
    for (size_t hash : {size_t{20}, size_t{32}}) {
      TrackedPaths t;
      std::string why;
      ASSERT_TRUE(parse_git_index(make_index(version, paths, hash, version == 3), hash, t, &why))
          << version << " " << hash << ": " << why;
      EXPECT_EQ(t.paths, paths) << version;
      EXPECT_TRUE(t.has_file("opensora/datasets/utils.py"));
      EXPECT_FALSE(t.has_file("opensora/datasets"));
      EXPECT_TRUE(t.has_under("opensora/datasets"));
      EXPECT_TRUE(t.has_under("opensora"));
      EXPECT_FALSE(t.has_under("opensora/data"));  // a prefix of a name is not a folder
      EXPECT_FALSE(t.has_file("b.py"));
    }
}

TEST(GitIndex, SparseDirectoryEntriesCoverTheirFiles) {
  TrackedPaths t;
  ASSERT_TRUE(parse_git_index(make_index(2, {"docs/", "x.py"}), 20, t, nullptr));
  EXPECT_TRUE(t.has_file("docs/a/b.md"));
  EXPECT_TRUE(t.has_under("docs/a"));
  EXPECT_FALSE(t.has_file("docsx/a.md"));
}

TEST(GitIndex, MalformedFilesAreRejectedNotOverread) {
  const std::string good = make_index(2, {"a.py", "b/c.py"});
  TrackedPaths t;
  std::string why;
  EXPECT_FALSE(parse_git_index("", 20, t, &why));
  EXPECT_FALSE(parse_git_index("DIRX" + good.substr(4), 20, t, &why));
  std::string v9 = good;
  v9[7] = 9;
  EXPECT_FALSE(parse_git_index(v9, 20, t, &why));
  EXPECT_EQ(why, "index version 9 is not supported");
  std::string many = good;
  many[8] = '\x7f';  // entry count far beyond the file
  EXPECT_FALSE(parse_git_index(many, 20, t, &why));
  // Every truncation of the entries fails cleanly (or, cut inside the checksum, succeeds).
  for (size_t n = 12; n + 20 < good.size(); ++n)
    EXPECT_FALSE(parse_git_index(good.substr(0, n), 20, t, &why)) << n;
  std::string no_nul = make_index(4, {"a.py"});
  no_nul.resize(no_nul.size() - 21);  // drop the path's NUL and the checksum
  EXPECT_FALSE(parse_git_index(no_nul, 20, t, &why));
  std::string bad_strip = make_index(4, {"a.py"});
  bad_strip[12 + 40 + 20 + 2] = 5;  // strip 5 bytes from an empty previous path
  EXPECT_FALSE(parse_git_index(bad_strip, 20, t, &why));
  EXPECT_EQ(why, "bad path compression");
}

std::vector<std::string> walked(const std::filesystem::path& root, const Options& o = {}) {
  std::vector<std::string> out;
  for (const auto& f : walk(root, o).files) out.push_back(f.rel_path);
  return out;
}

TEST(WalkGit, TrackedFilesStayDespiteGitignoreUntrackedOnesGo) {
  TempTree t;
  t.file(".gitignore", "datasets\n*.log.py\n");
  t.file("pkg/datasets/read_video.py", "import av\n");  // tracked, under an ignored folder
  t.file("pkg/datasets/scratch.py");                    // untracked there: ignored
  t.file("pkg/datasets/sub/deep.py");                   // tracked, deeper
  t.file("run.log.py");                                 // tracked file matching a pattern
  t.file("other.log.py");                               // untracked: ignored
  t.file("main.py");
  t.file(".git/index", make_index(2, {".gitignore", "main.py", "pkg/datasets/read_video.py",
                                      "pkg/datasets/sub/deep.py", "run.log.py"}));
  EXPECT_EQ(walked(t.root()),
            (V{"main.py", "pkg/datasets/read_video.py", "pkg/datasets/sub/deep.py", "run.log.py"}));
  // The user's own excludes still win over tracking.
  Options o;
  o.excludes = {"pkg/datasets/"};
  EXPECT_EQ(walked(t.root(), o), (V{"main.py", "run.log.py"}));
}

TEST(WalkGit, NestedCheckoutsUseTheirOwnIndexAndGitFiles) {
  TempTree t;
  t.file("a/.gitignore", "gen/\n");
  t.file("a/gen/kept.py");
  t.file("a/gen/dropped.py");
  t.file("a/.git/index", make_index(4, {"gen/kept.py"}));
  // A submodule-style checkout: `.git` is a file naming the git directory.
  t.file("b/.gitignore", "*.py\n");
  t.file("b/m.py");
  t.file("b/n.py");
  t.file("b/.git", "gitdir: ../modules/b\n");
  t.file("modules/b/index", make_index(2, {"m.py"}));
  t.file("c/.gitignore", "*.py\n");  // no git here: plain .gitignore semantics
  t.file("c/x.py");
  EXPECT_EQ(walked(t.root()), (V{"a/gen/kept.py", "b/m.py"}));
}

TEST(WalkGit, CorruptIndexIsDiagnosedAndGitignoreApplies) {
  TempTree t;
  t.file(".gitignore", "gen/\n");
  t.file("gen/x.py");
  t.file("y.py");
  t.file(".git/index", "DIRC\0\0\0\x02garbage");
  Result r = walk(t.root(), {});
  ASSERT_EQ(r.files.size(), 1u);
  EXPECT_EQ(r.files[0].rel_path, "y.py");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].path, ".git/index");
  EXPECT_NE(r.diagnostics[0].message.find("cannot read the git index"), std::string::npos);
}

// Against git itself, when it is installed: the walk keeps exactly the tracked files that
// `git ls-files -ci --exclude-standard` reports as ignored, for index versions 2 and 4.
TEST(WalkGit, AgreesWithGitLsFiles) {
  if (std::system("git --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "git not installed";
  TempTree t;
  t.file(".gitignore", "datasets\nbuild/\n*.tmp.py\n");
  t.file("src/datasets/a.py");
  t.file("src/datasets/b.py");
  t.file("build/gen.py");
  t.file("x.tmp.py");
  t.file("keep.py");
  const std::string cd = "cd '" + t.root().string() + "' && ";
  const std::string git = "git -c user.email=t@t -c user.name=t ";
  ASSERT_EQ(std::system((cd + "git init -q . && " + git + "add -f . && " + git +
                         "commit -qm x && rm -f src/datasets/b.py")
                            .c_str()),
            0);
  t.file("src/datasets/new.py");  // untracked, ignored
  t.file("build/new.py");         // untracked, ignored
  for (const char* version : {"2", "4"}) {
    ASSERT_EQ(std::system((cd + "git update-index --index-version " + version).c_str()), 0);
    EXPECT_EQ(walked(t.root()), (V{"build/gen.py", "keep.py", "src/datasets/a.py", "x.tmp.py"}))
        << "index version " << version;
  }
}

}  // namespace
}  // namespace ascendify::discover
