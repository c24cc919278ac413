#include "discover/gitignore.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace ascendify::discover {
namespace {

std::shared_ptr<IgnoreList> list_of(std::string base, std::string_view text,
                                    std::shared_ptr<const IgnoreList> parent = nullptr) {
  auto l = std::make_shared<IgnoreList>();
  l->base = std::move(base);
  l->patterns = parse_ignore_file(text);
  l->parent = std::move(parent);
  return l;
}

TEST(IgnoreParse, BlankCommentsAndEscapes) {
  auto pats = parse_ignore_file("\n# comment\n   \n\\#hash\n\\!bang\n!neg\nfoo/\n/anch\na/b\n");
  ASSERT_EQ(pats.size(), 6u);
  EXPECT_TRUE(pats[0].glob.match("#hash"));
  EXPECT_FALSE(pats[0].negate);
  EXPECT_TRUE(pats[1].glob.match("!bang"));
  EXPECT_FALSE(pats[1].negate);
  EXPECT_TRUE(pats[2].negate);
  EXPECT_TRUE(pats[2].glob.match("neg"));
  EXPECT_TRUE(pats[3].dir_only);
  EXPECT_FALSE(pats[3].anchored);
  EXPECT_TRUE(pats[3].glob.match("foo"));
  EXPECT_TRUE(pats[4].anchored);
  EXPECT_TRUE(pats[4].glob.match("anch"));
  EXPECT_TRUE(pats[5].anchored);
}

TEST(IgnoreParse, TrailingSpacesTrimmedUnlessEscaped) {
  auto pats = parse_ignore_file("a.py   \nb\\ \nc\\  \r\n");
  ASSERT_EQ(pats.size(), 3u);
  EXPECT_TRUE(pats[0].glob.match("a.py"));
  EXPECT_TRUE(pats[1].glob.match("b "));
  EXPECT_FALSE(pats[1].glob.match("b"));
  EXPECT_TRUE(pats[2].glob.match("c "));
}

TEST(IgnoreParse, BomAndCrlf) {
  auto pats = parse_ignore_file("\xEF\xBB\xBF*.log\r\nbuild/\r\n");
  ASSERT_EQ(pats.size(), 2u);
  EXPECT_TRUE(pats[0].glob.match("x.log"));
  EXPECT_TRUE(pats[1].dir_only);
  EXPECT_TRUE(pats[1].glob.match("build"));
}

TEST(IsIgnored, UnanchoredMatchesBasenameAtAnyDepth) {
  auto root = list_of("", "*.log\n");
  EXPECT_TRUE(is_ignored(root.get(), "x.log", false));
  EXPECT_TRUE(is_ignored(root.get(), "a/b/x.log", false));
  EXPECT_FALSE(is_ignored(root.get(), "a/b/x.py", false));
}

TEST(IsIgnored, AnchoredIsRelativeToTheIgnoreFile) {
  auto root = list_of("", "/top.py\ndoc/frotz\n");
  EXPECT_TRUE(is_ignored(root.get(), "top.py", false));
  EXPECT_FALSE(is_ignored(root.get(), "sub/top.py", false));
  EXPECT_TRUE(is_ignored(root.get(), "doc/frotz", true));
  EXPECT_FALSE(is_ignored(root.get(), "a/doc/frotz", true));
  auto sub = list_of("sub", "/only.py\n", root);
  EXPECT_TRUE(is_ignored(sub.get(), "sub/only.py", false));
  EXPECT_FALSE(is_ignored(sub.get(), "sub/deeper/only.py", false));
}

TEST(IsIgnored, DirOnly) {
  auto root = list_of("", "build/\n");
  EXPECT_TRUE(is_ignored(root.get(), "build", true));
  EXPECT_TRUE(is_ignored(root.get(), "x/build", true));
  EXPECT_FALSE(is_ignored(root.get(), "build", false));
}

TEST(IsIgnored, LaterAndDeeperWin) {
  auto root = list_of("", "*.py\n!keep.py\n");
  EXPECT_TRUE(is_ignored(root.get(), "a.py", false));
  EXPECT_FALSE(is_ignored(root.get(), "keep.py", false));
  auto reversed = list_of("", "!keep.py\n*.py\n");
  EXPECT_TRUE(is_ignored(reversed.get(), "keep.py", false));
  auto sub = list_of("pkg", "!*.py\n", root);
  EXPECT_FALSE(is_ignored(sub.get(), "pkg/a.py", false));
  EXPECT_TRUE(is_ignored(sub.get(), "other.py", false));
  auto sub2 = list_of("pkg", "gen.py\n", reversed);
  EXPECT_TRUE(is_ignored(sub2.get(), "pkg/gen.py", false));
}

}  // namespace
}  // namespace ascendify::discover
