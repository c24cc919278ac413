#pragma once
// Byte offsets -> Span (1-based line, code-point column, exclusive end). Columns are
// computed incrementally when queries move forward on one line (long minified lines).
#include <string_view>

#include "core/span.hpp"
#include "core/text.hpp"

namespace ascendify::native {

class PosMap {
 public:
  explicit PosMap(std::string_view text) : text_(text), index_(text) {}
  Span span(uint32_t begin, uint32_t end);
  uint32_t line_of(uint32_t offset) const { return index_.line_of(offset); }

 private:
  void locate(uint32_t offset, uint32_t& line, uint32_t& col);
  std::string_view text_;
  LineIndex index_;
  uint32_t cache_line_ = 0, cache_off_ = 0, cache_col_ = 1;
};

}  // namespace ascendify::native
