#pragma once
// Byte offsets -> Span (1-based line, code-point column, exclusive end).
#include <string_view>

#include "core/span.hpp"
#include "core/text.hpp"

namespace ascendify::shell {

class PosMap {
 public:
  explicit PosMap(std::string_view text) : text_(text), index_(text) {}
  Span span(uint32_t begin, uint32_t end) const;
  uint32_t line_of(uint32_t offset) const { return index_.line_of(offset); }

 private:
  std::string_view text_;
  LineIndex index_;
};

}  // namespace ascendify::shell
