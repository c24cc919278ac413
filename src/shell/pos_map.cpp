#include "shell/pos_map.hpp"

#include <algorithm>

namespace ascendify::shell {

Span PosMap::span(uint32_t begin, uint32_t end) const {
  uint32_t n = static_cast<uint32_t>(text_.size());
  begin = std::min(begin, n);
  end = std::clamp(end, begin, n);
  Span s;
  s.offset = begin;
  s.end_offset = end;
  s.line = index_.line_of(begin);
  uint32_t ls = index_.line_start(s.line);
  s.col = utf8_length(text_.substr(ls, begin - ls)) + 1;
  s.end_line = index_.line_of(end);
  uint32_t le = index_.line_start(s.end_line);
  if (le > end) le = end;
  s.end_col = utf8_length(text_.substr(le, end - le)) + 1;
  return s;
}

}  // namespace ascendify::shell
