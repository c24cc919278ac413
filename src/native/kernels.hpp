#pragma once
// Function-shaped units (`__global__` kernels, `__device__` helpers) found in a token stream.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "native/lexer.hpp"

namespace ascendify::native {

constexpr size_t kNone = static_cast<size_t>(-1);

// For every `(`, `[`, `{` token the index of its closer (kNone when unclosed); other
// tokens kNone. One pass with an explicit stack.
std::vector<size_t> match_brackets(const std::vector<CToken>& toks);

struct FunctionUnit {
  size_t name = kNone;       // token index of the function name
  size_t sig_begin = kNone;  // the __global__/__device__ token
  size_t params_close = kNone;
  size_t body_open = kNone;   // `{`
  size_t body_close = kNone;  // `}` (kNone: unterminated)
};

// Parses the declaration that starts at the specifier token `at`. Returns a unit with
// body_open == kNone for declarations and non-functions.
FunctionUnit parse_function(const std::vector<CToken>& toks, const std::vector<size_t>& match,
                            size_t at);

// Features of the body tokens [b, e] (see native.hpp) and the identifiers it calls.
// `budget` is decremented per token visited; scanning stops when it reaches 0.
void body_features(const std::vector<CToken>& toks, const std::vector<size_t>& match, size_t b,
                   size_t e, std::string_view text, std::set<std::string>& features,
                   std::set<std::string>& calls, size_t& budget);

// Number of distinct lines holding tokens in [b, e].
uint32_t code_lines(const std::vector<CToken>& toks, size_t b, size_t e);

}  // namespace ascendify::native
