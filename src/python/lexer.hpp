#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "python/token.hpp"

namespace ascendify::python {

// Tokenises Python 3.12 source in one pass over bytes. Never throws, never loops forever:
// any input yields a token stream ending in EndMarker. A leading UTF-8 BOM is skipped (spans
// still count from the start of the text). Comment tokens are emitted; NL (blank/continuation
// line ends) are not.
LexResult lex(std::string_view text);

// lex() for the analyzer, into reused buffers (clear() between files): tokens without the
// comments, which go to `comments`.
struct LexSink {
  std::vector<Token> tokens;
  std::vector<Token> comments;
  std::vector<Diagnostic> diagnostics;
  std::vector<uint32_t> bracket_fors;  // indices in `tokens` of `for` inside brackets
  uint32_t last_pair = UINT32_MAX;     // index in `tokens` of the last `]` directly before `(`
  void clear() {
    tokens.clear();
    comments.clear();
    diagnostics.clear();
    bracket_fors.clear();
    last_pair = UINT32_MAX;
  }
};
void lex_into(std::string_view text, LexSink& out);

// The decoded value of a String token: escapes processed for non-raw strings, quotes and
// prefix removed. For f-strings, each replacement field {...} becomes "{}" (doubled braces
// become one brace). Byte strings are returned as their source bytes.
std::string decode_string(const Token& tok);

}  // namespace ascendify::python
