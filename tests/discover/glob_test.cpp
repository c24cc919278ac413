#include "discover/glob.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

namespace ascendify::discover {
namespace {

TEST(Glob, LiteralsAndQuestionMark) {
  EXPECT_TRUE(glob_match("foo.py", "foo.py"));
  EXPECT_FALSE(glob_match("foo.py", "foo.pyc"));
  EXPECT_FALSE(glob_match("foo.py", "xfoo.py"));
  EXPECT_TRUE(glob_match("f?o", "fao"));
  EXPECT_FALSE(glob_match("f?o", "fo"));
  EXPECT_FALSE(glob_match("a?b", "a/b"));  // ? never matches '/'
  EXPECT_TRUE(glob_match("", ""));
  EXPECT_FALSE(glob_match("", "a"));
}

TEST(Glob, StarStaysInsideAComponent) {
  EXPECT_TRUE(glob_match("*.py", "a.py"));
  EXPECT_TRUE(glob_match("*.py", ".py"));
  EXPECT_FALSE(glob_match("*.py", "d/a.py"));
  EXPECT_TRUE(glob_match("d/*.py", "d/a.py"));
  EXPECT_FALSE(glob_match("d/*.py", "d/e/a.py"));
  EXPECT_TRUE(glob_match("*", "anything"));
  EXPECT_FALSE(glob_match("*", "a/b"));
  EXPECT_TRUE(glob_match("a*b*c", "aXXbYYc"));
  EXPECT_FALSE(glob_match("a*b*c", "aXXbYY"));
}

TEST(Glob, DoubleStarMiddle) {
  EXPECT_TRUE(glob_match("a/**/b", "a/b"));
  EXPECT_TRUE(glob_match("a/**/b", "a/x/b"));
  EXPECT_TRUE(glob_match("a/**/b", "a/x/y/b"));
  EXPECT_FALSE(glob_match("a/**/b", "a/xb"));
  EXPECT_FALSE(glob_match("a/**/b", "ab"));
  EXPECT_FALSE(glob_match("a/**/b", "a/x/bc"));
}

TEST(Glob, DoubleStarLeading) {
  EXPECT_TRUE(glob_match("**/foo", "foo"));
  EXPECT_TRUE(glob_match("**/foo", "a/foo"));
  EXPECT_TRUE(glob_match("**/foo", "a/b/foo"));
  EXPECT_FALSE(glob_match("**/foo", "afoo"));
  EXPECT_FALSE(glob_match("**/foo", "a/foox"));
  EXPECT_TRUE(glob_match("**/foo/bar", "x/foo/bar"));
}

TEST(Glob, DoubleStarTrailing) {
  EXPECT_TRUE(glob_match("foo/**", "foo/a"));
  EXPECT_TRUE(glob_match("foo/**", "foo/a/b/c"));
  EXPECT_FALSE(glob_match("foo/**", "foo"));
  EXPECT_FALSE(glob_match("foo/**", "foobar/a"));
  EXPECT_TRUE(glob_match("**", "a/b/c"));
}

TEST(Glob, DoubleStarNotAtSlashesIsAStar) {
  EXPECT_TRUE(glob_match("a**b", "aXb"));
  EXPECT_FALSE(glob_match("a**b", "a/b"));
  EXPECT_FALSE(glob_match("**x/y", "a/x/y"));  // "**x" is "*x": one component
  EXPECT_TRUE(glob_match("**x/y", "ax/y"));
}

TEST(Glob, Classes) {
  EXPECT_TRUE(glob_match("*.py[co]", "a.pyc"));
  EXPECT_TRUE(glob_match("*.py[co]", "a.pyo"));
  EXPECT_FALSE(glob_match("*.py[co]", "a.py"));
  EXPECT_FALSE(glob_match("*.py[co]", "a.pyd"));
  EXPECT_TRUE(glob_match("[!a]x", "bx"));
  EXPECT_FALSE(glob_match("[!a]x", "ax"));
  EXPECT_FALSE(glob_match("[!a]x", "x"));
  EXPECT_TRUE(glob_match("[^a]x", "cx"));
  EXPECT_TRUE(glob_match("[a-c]", "b"));
  EXPECT_FALSE(glob_match("[a-c]", "d"));
  EXPECT_TRUE(glob_match("[]]", "]"));        // ']' first is literal
  EXPECT_TRUE(glob_match("[a-]", "-"));       // '-' last is literal
  EXPECT_FALSE(glob_match("a[!b]c", "a/c"));  // a class never matches '/'
  EXPECT_TRUE(glob_match("[[:digit:]]x", "7x"));
  EXPECT_FALSE(glob_match("[[:digit:]]x", "ax"));
  EXPECT_TRUE(glob_match("[\\]]", "]"));
}

TEST(Glob, Escapes) {
  EXPECT_TRUE(glob_match("\\*", "*"));
  EXPECT_FALSE(glob_match("\\*", "a"));
  EXPECT_TRUE(glob_match("\\#x", "#x"));
  EXPECT_TRUE(glob_match("a\\ ", "a "));
}

TEST(Glob, MalformedMatchesNothing) {
  EXPECT_FALSE(Glob::compile("[abc").valid());
  EXPECT_FALSE(glob_match("[abc", "[abc"));
  EXPECT_FALSE(glob_match("abc\\", "abc"));
  EXPECT_FALSE(glob_match("abc\\", "abc\\"));
}

TEST(Glob, NonUtf8BytesAreJustBytes) {
  EXPECT_TRUE(glob_match("*.py", "\xff\xfe.py"));
  EXPECT_TRUE(glob_match("\xff?", "\xff\x80"));
}

// Patterns that begin or end with a fixed token (a literal, `?` or a class) are first tested
// on the text's first and last character: the same answers as the full match.
TEST(Glob, FirstAndLastCharacterTests) {
  EXPECT_TRUE(glob_match("*.py[cod]", "a.pyc"));
  EXPECT_TRUE(glob_match("*.py[cod]", ".pyo"));
  EXPECT_FALSE(glob_match("*.py[cod]", "a.py"));
  EXPECT_FALSE(glob_match("*.py[cod]", "a.pyx"));
  EXPECT_FALSE(glob_match("*.py[cod]", ""));
  EXPECT_TRUE(glob_match("test*", "test"));
  EXPECT_TRUE(glob_match("test*", "test_a.py"));
  EXPECT_FALSE(glob_match("test*", "atest"));
  EXPECT_FALSE(glob_match("test*", "tes"));
  EXPECT_FALSE(glob_match("test*", ""));
  EXPECT_FALSE(glob_match("?a*", "/a"));   // `?` never takes '/'
  EXPECT_FALSE(glob_match("*a?", "ba/"));  // nor as the last character
  EXPECT_TRUE(glob_match("*a?", "bab"));
  EXPECT_TRUE(glob_match("[ab]*[cd]", "ac"));
  EXPECT_TRUE(glob_match("[ab]*[cd]", "bxxd"));
  EXPECT_FALSE(glob_match("[ab]*[cd]", "ca"));
  EXPECT_FALSE(glob_match("[ab]*[cd]", "a"));
  EXPECT_FALSE(glob_match("[!a]*", "abc"));
  EXPECT_TRUE(glob_match("[!a]*", "bbc"));
  EXPECT_TRUE(glob_match("a*", "a"));  // one character is both first and last
  EXPECT_FALSE(glob_match("a*b", "a"));
  EXPECT_TRUE(glob_match("d/**", "d/x/y"));        // a star at the end: any last character
  EXPECT_TRUE(glob_match("**/x.py", "a/b/x.py"));  // a star first: any first character
  EXPECT_FALSE(glob_match("**/x.py", "a/b/x.pyc"));
  EXPECT_TRUE(glob_match("*", ""));
}

TEST(Glob, PathologicalPatternFinishesFast) {
  const std::string text(20000, 'a');
  const std::string star_pattern = "*a*a*a*a*a*b";
  std::string long_pattern;
  for (int i = 0; i < 200; ++i) long_pattern += "*a";
  long_pattern += "*b";
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(glob_match(star_pattern, text));
  EXPECT_TRUE(glob_match(star_pattern, text + "b"));
  EXPECT_FALSE(glob_match(long_pattern, text));
  EXPECT_FALSE(glob_match("**/**/**/**/**/**/b", std::string(5000, '/') + "c"));
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                  start)
                .count();
  EXPECT_LT(ms, 2000);  // O(n*m): a few million steps, not an exponential blow-up
}

}  // namespace
}  // namespace ascendify::discover
