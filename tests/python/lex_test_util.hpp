#pragma once
// Helpers for the lexer tests: a compact rendering of a token stream.
#include <string>
#include <string_view>

#include "python/lexer.hpp"

namespace ascendify::python::testing {

// Renders tokens space-separated: Name/Number/Op/String/Comment as their text, Newline as
// NL, Indent as IN, Dedent as DE, EndMarker as EOF, Error as ERR.
inline std::string render(const LexResult& r) {
  std::string out;
  for (const Token& t : r.tokens) {
    if (!out.empty()) out += ' ';
    switch (t.kind) {
      case TokenKind::Newline:
        out += "NL";
        break;
      case TokenKind::Indent:
        out += "IN";
        break;
      case TokenKind::Dedent:
        out += "DE";
        break;
      case TokenKind::EndMarker:
        out += "EOF";
        break;
      case TokenKind::Error:
        out += "ERR";
        break;
      default:
        out += t.text;
        break;
    }
  }
  return out;
}

inline std::string render(std::string_view src) {
  return render(lex(src));
}

inline int count_kind(const LexResult& r, TokenKind k) {
  int n = 0;
  for (const Token& t : r.tokens) n += t.kind == k;
  return n;
}

}  // namespace ascendify::python::testing
