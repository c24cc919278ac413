#pragma once
#include <cstdint>

namespace ascendify {

// A region of a source file. Lines and columns are 1-based; columns count Unicode code
// points from the start of the line. Offsets are 0-based byte offsets into the file text
// (end exclusive) and are what the fixer edits.
struct Span {
  uint32_t line = 0;
  uint32_t col = 0;
  uint32_t end_line = 0;
  uint32_t end_col = 0;  // column just past the last character (exclusive)
  uint32_t offset = 0;
  uint32_t end_offset = 0;
};

}  // namespace ascendify
