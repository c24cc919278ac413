// The lexer's hashed keyword test (lexdetail::is_keyword_at) against is_keyword_text.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "python/lex_string.hpp"
#include "python/token.hpp"

namespace ascendify::python {
namespace {

bool hashed(const std::string& s) {
  // Once with room to load eight bytes, once at the very end of the buffer (byte-wise path).
  const std::string padded = s + "        ";
  const bool wide =
      lexdetail::is_keyword_at(padded.data(), s.size(), padded.data() + padded.size());
  const bool tight = lexdetail::is_keyword_at(s.data(), s.size(), s.data() + s.size());
  EXPECT_EQ(wide, tight) << s;
  return wide;
}

TEST(LexKeyword, EveryKeywordAndItsNearMisses) {
  const std::vector<std::string> keywords = {
      "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
      "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
      "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
      "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};
  for (const std::string& k : keywords) {
    EXPECT_TRUE(is_keyword_text(k)) << k;
    EXPECT_TRUE(hashed(k)) << k;
    // Prefixes ("as" of "assert" is one), extensions, case changes: as the list says.
    std::vector<std::string> near = {k + "_", k + "s", "_" + k};
    for (size_t n = 1; n < k.size(); ++n) near.push_back(k.substr(0, n));
    near.push_back(k);
    near.back()[0] = static_cast<char>(near.back()[0] ^ 0x20);
    for (const std::string& m : near) EXPECT_EQ(hashed(m), is_keyword_text(m)) << m;
  }
  for (const char* s : {"match", "case", "type", "self", "print", "x", "", "continued", "nonlocals",
                        "__init__", "exec", "Nonee", "yielded", "tru", "ifs"})
    EXPECT_EQ(hashed(s), is_keyword_text(s)) << s;
}

TEST(LexKeyword, AgreesWithTheListOnEveryShortLowercaseName) {
  // All names of one or two letters and all of three letters from a small alphabet.
  const std::string alpha = "abcdefilnorstuwyFNT_";
  std::vector<std::string> names;
  for (char a : alpha) {
    names.push_back(std::string(1, a));
    for (char b : alpha) {
      names.push_back(std::string{a, b});
      for (char c : alpha) names.push_back(std::string{a, b, c});
    }
  }
  for (const std::string& n : names) EXPECT_EQ(hashed(n), is_keyword_text(n)) << n;
}

}  // namespace
}  // namespace ascendify::python
