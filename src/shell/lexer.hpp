#pragma once
// A flat shell tokenizer over a byte range of a buffer. Offsets in its output are offsets
// into that buffer. Quotes are removed from word values; `$(...)` and backtick contents are
// kept raw in the word and reported as sub-ranges to lex separately (no recursion here).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ascendify::shell {

enum class TokKind : uint8_t { Word, Op, Newline, Redirect };

struct Token {
  TokKind kind = TokKind::Word;
  std::string text;  // Word: unquoted value; Op/Redirect: the operator
  uint32_t begin = 0, end = 0;
  bool quoted = false;      // any quoting, escaping or expansion inside the word
  uint32_t lit_prefix = 0;  // leading bytes of `text` that were plain unquoted characters
};

struct VarRead {
  std::string name;
  uint32_t begin = 0, end = 0;  // the name itself
};

struct LexError {
  uint32_t offset = 0;
  std::string message;
};

struct ShellLex {
  std::vector<Token> tokens;
  std::vector<VarRead> reads;
  std::vector<std::pair<uint32_t, uint32_t>> substitutions;  // [begin, end) of $(...) / `...`
  std::vector<LexError> errors;
};

ShellLex lex_shell(std::string_view buf, uint32_t begin, uint32_t end);

bool is_name_start(char c);
bool is_name_char(char c);

}  // namespace ascendify::shell
