#pragma once
// Tokens of the Python lexer. A token is a view into the file text plus its span; the lexer
// allocates nothing per token beyond the output vector.
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/span.hpp"

namespace ascendify::python {

enum class TokenKind : uint8_t {
  Name,     // identifier or keyword (keywords are Names; the parser checks the text)
  Number,   // 1_000, 0x1F, 1.5e-3, 2j
  String,   // one complete string literal, prefix and quotes included; f-strings are one
            // token too (its replacement fields are lexed apart: python/fstring_fields.hpp)
  Op,       // operator or delimiter: ( ) [ ] { } , : ; . ... = == != -> := ** //= @ etc.
  Comment,  // '#' to end of line (kept so suppressions and fixture annotations can be read)
  Newline,  // logical line end (NEWLINE); not emitted inside brackets
  Indent,
  Dedent,
  EndMarker,
  Error,  // a byte sequence the lexer could not tokenise; a diagnostic was recorded
};

struct Token {
  TokenKind kind = TokenKind::EndMarker;
  bool keyword = false;  // Name tokens: a Python keyword (is_keyword_text(text))
  uint8_t role = 0;      // TokenRole: brackets and what splits statements, else 0
  // For String tokens: prefix flags and where the body starts/ends inside `text`.
  uint8_t string_flags = 0;
  uint8_t quote_len = 0;    // 1 or 3
  uint16_t prefix_len = 0;  // length of r/b/u/f prefix
  std::string_view text;    // view into the source text
  Span span;
};  // 48 bytes: the small fields share the first word

// Token::role, set by the lexer so the analyzer's statement and bracket scans test one byte
// per token instead of kinds and texts.
enum TokenRole : uint8_t {
  kOpener = 1,     // ( [ {
  kCloser = 2,     // ) ] }
  kLineBreak = 3,  // Newline, Indent, Dedent, EndMarker
  kSemicolon = 4,  // ;
  kAssign = 5,     // =
  kColon = 6,      // :
  kAugAssign = 7,  // += -= *= /= //= %= **= @= &= |= ^= <<= >>=
  kLambda = 8,     // the keyword lambda
};

enum StringFlags : uint8_t {
  kRaw = 1,
  kBytes = 2,
  kFormat = 4,  // f-string
  kTriple = 8,
  kUnterminated = 16,
};

// Python keywords (soft keywords such as `match` excluded). By length, then a handful of
// compares: the lexer calls it once per Name token and stores the answer in Token::keyword.
inline bool is_keyword_text(std::string_view s) {
  switch (s.size()) {
    case 2:
      return s == "as" || s == "if" || s == "in" || s == "is" || s == "or";
    case 3:
      return s == "and" || s == "def" || s == "del" || s == "for" || s == "not" || s == "try";
    case 4:
      return s == "None" || s == "True" || s == "elif" || s == "else" || s == "from" ||
             s == "pass" || s == "with";
    case 5:
      return s == "False" || s == "async" || s == "await" || s == "break" || s == "class" ||
             s == "raise" || s == "while" || s == "yield";
    case 6:
      return s == "assert" || s == "except" || s == "global" || s == "import" || s == "lambda" ||
             s == "return";
    case 7:
      return s == "finally";
    case 8:
      return s == "continue" || s == "nonlocal";
    default:
      return false;
  }
}

struct LexResult {
  std::vector<Token> tokens;
  std::vector<Diagnostic> diagnostics;  // path left empty; the caller fills it
};

}  // namespace ascendify::python
