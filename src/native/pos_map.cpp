#include "native/pos_map.hpp"

#include <algorithm>

namespace ascendify::native {

void PosMap::locate(uint32_t offset, uint32_t& line, uint32_t& col) {
  line = index_.line_of(offset);
  uint32_t from = index_.line_start(line);
  uint32_t base = 1;
  if (line == cache_line_ && cache_off_ <= offset && cache_off_ >= from) {
    from = cache_off_;
    base = cache_col_;
  }
  if (from > offset) from = offset;
  col = base + utf8_length(text_.substr(from, offset - from));
  cache_line_ = line;
  cache_off_ = offset;
  cache_col_ = col;
}

Span PosMap::span(uint32_t begin, uint32_t end) {
  uint32_t n = static_cast<uint32_t>(text_.size());
  begin = std::min(begin, n);
  end = std::clamp(end, begin, n);
  Span s;
  s.offset = begin;
  s.end_offset = end;
  locate(begin, s.line, s.col);
  locate(end, s.end_line, s.end_col);
  return s;
}

}  // namespace ascendify::native
