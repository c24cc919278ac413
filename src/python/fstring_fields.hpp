#pragma once
// The replacement fields of an f-string token as token lists of their own: the lexer keeps an
// f-string as one String token, but `f"{torch.cuda.memory_allocated()}"` holds code. Used by
// the analyzer (facts in fields) and by fix (edits in fields).
#include <cstdint>
#include <vector>

#include "python/lex_string.hpp"
#include "python/lexer.hpp"
#include "python/token.hpp"

namespace ascendify::python {

// A terminated f-string literal with at least one '{' (the only tokens whose fields are read).
inline bool has_fields(const Token& t) {
  return t.kind == TokenKind::String && (t.string_flags & (kFormat | kUnterminated)) == kFormat &&
         t.text.find('{') != std::string_view::npos;
}

class FieldLexer {
 public:
  // Lists the fields of `t` (copied); returns their number (0 when it has none).
  size_t start(const Token& t);
  size_t size() const { return fields_.size(); }
  // Lexes the expression of field `k` into `tokens`, ending in an EndMarker, with spans in
  // file positions; `fors` gets the indices of bracketed `for`s (LexSink::bracket_fors). Line
  // structure is dropped, and the expression ends before a top-level `!` conversion or `=`
  // debug specifier. False when the field holds no expression.
  bool lex(size_t k, std::vector<Token>& tokens, std::vector<uint32_t>& fors);

  struct Position {
    size_t byte = 0;  // in the token's text
    uint32_t line = 0, col = 0;
  };

 private:
  Token tok_;
  Position at_;  // where the last field started
  LexSink sink_;
  std::vector<lexdetail::FieldRange> fields_;
  std::vector<lexdetail::FFrame> scratch_;
};

}  // namespace ascendify::python
