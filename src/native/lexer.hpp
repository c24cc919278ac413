#pragma once
// A light C/C++/CUDA tokenizer: comments are dropped, literals are single tokens, and
// `#include` targets are collected. Never fails: problems become diagnostics.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ascendify::native {

enum class CKind : uint8_t { Ident, Number, String, Char, Punct };

struct CToken {
  CKind kind = CKind::Punct;
  bool pp = false;            // inside a preprocessor directive
  bool after_define = false;  // the name right after `#define`
  uint32_t begin = 0, end = 0;
  uint32_t body_begin = 0, body_end = 0;  // String: content without prefix/quotes/delimiters
  uint32_t line = 0;                      // 1-based line of `begin`
  std::string_view text;                  // the whole token
};

struct Include {
  std::string path;
  uint32_t begin = 0, end = 0;  // the path, without <> or ""
};

struct CLex {
  std::vector<CToken> tokens;
  std::vector<Include> includes;
  std::vector<std::pair<uint32_t, std::string>> errors;  // (line, message)
};

CLex lex_c(std::string_view text);

}  // namespace ascendify::native
