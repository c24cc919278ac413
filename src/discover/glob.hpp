#pragma once
// Git-style wildcard matching (wildmatch with WM_PATHNAME), without regex and without
// recursion: the pattern is compiled to a small token list that is run as an NFA over the
// text, so a match costs O(pattern tokens x text length) whatever the pattern.
#include <bitset>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ascendify::discover {

class Glob {
 public:
  // Compiles a gitignore-style glob: `*` (not '/'), `?` (not '/'), `[abc]`, `[a-z]`, `[!a]`,
  // `[^a]`, `[[:alpha:]]` classes (never '/'), `\x` escapes, `**/` (zero or more leading
  // directories), `/**` (everything inside), `/**/` (zero or more directories). Any other
  // `**` is a plain `*`. A malformed pattern (unclosed `[`, trailing `\`) matches nothing,
  // as in git.
  static Glob compile(std::string_view pattern);

  bool match(std::string_view text) const;
  bool valid() const { return valid_; }

 private:
  enum class Op : uint8_t { Lit, Any1, Class, Star, DStar, DStarSlash };
  struct Tok {
    Op op;
    unsigned char ch = 0;  // Lit
    uint32_t cls = 0;      // Class: index into classes_
  };
  // Fast paths for the most common gitignore lines: a plain name, or `*` + a plain suffix.
  enum class Shape : uint8_t { General, Literal, StarSuffix };
  Shape shape_ = Shape::General;
  std::string literal_;  // Literal: the whole pattern; StarSuffix: the suffix
  std::vector<Tok> toks_;
  std::vector<std::bitset<256>> classes_;
  bool valid_ = true;

  // True when token `t` can take character `c` (a star: always).
  bool takes(const Tok& t, unsigned char c) const;
  // False when the text's first or last character rules a match out (a cheap test before the
  // NFA runs).
  bool first_and_last_can_match(std::string_view text) const;

  // Parses a class starting at pattern[i] == '['; returns the index after ']' or 0 when
  // the class is not closed.
  size_t parse_class(std::string_view p, size_t i);
};

// Convenience: compile + match.
bool glob_match(std::string_view pattern, std::string_view text);

}  // namespace ascendify::discover
