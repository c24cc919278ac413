#include "lsp/positions.hpp"

#include <algorithm>

namespace ascendify::lsp {

namespace {

// Bytes of the UTF-8 sequence starting with `lead` (1 for a stray continuation byte, so that
// invalid UTF-8 still advances).
size_t sequence_length(unsigned char lead) {
  if (lead >= 0xF0 && lead < 0xF8) return 4;
  if (lead >= 0xE0) return lead < 0xF0 ? 3 : 1;
  if (lead >= 0xC0) return 2;
  return 1;
}

}  // namespace

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      starts_.push_back(i + 1);
    } else if (text[i] == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      starts_.push_back(i + 1);
    }
  }
}

size_t LineIndex::line_end(size_t line) const {
  size_t end = line + 1 < starts_.size() ? starts_[line + 1] : text_.size();
  if (end > starts_[line] && line + 1 < starts_.size()) {
    --end;  // the \n or lone \r
    if (end > starts_[line] && text_[end] == '\n' && text_[end - 1] == '\r') --end;
  }
  return end;
}

Position LineIndex::position(size_t offset, Encoding enc) const {
  offset = std::min(offset, text_.size());
  const size_t line = static_cast<size_t>(std::upper_bound(starts_.begin(), starts_.end(), offset) -
                                          starts_.begin()) -
                      1;
  const size_t start = starts_[line];
  const size_t end = std::min(offset, line_end(line));
  if (enc == Encoding::Utf8)
    return {static_cast<uint32_t>(line), static_cast<uint32_t>(end - start)};
  uint32_t units = 0;
  for (size_t i = start; i < end;) {
    const size_t n = sequence_length(static_cast<unsigned char>(text_[i]));
    units += n == 4 ? 2 : 1;  // astral code points are surrogate pairs in UTF-16
    i += n;
  }
  return {static_cast<uint32_t>(line), units};
}

size_t LineIndex::offset(Position p, Encoding enc) const {
  if (p.line >= starts_.size()) return text_.size();
  const size_t start = starts_[p.line];
  const size_t end = line_end(p.line);
  if (enc == Encoding::Utf8) return std::min(start + p.character, end);
  size_t i = start;
  uint32_t units = 0;
  while (i < end && units < p.character) {
    const size_t n = sequence_length(static_cast<unsigned char>(text_[i]));
    units += n == 4 ? 2 : 1;
    i = std::min(i + n, end);
  }
  return i;
}

}  // namespace ascendify::lsp
