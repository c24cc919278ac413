#pragma once
// Source lines for finding snippets. For notebooks whose text is the .ipynb JSON, the line
// is taken from the JSON line of the cell source and its string literal is decoded.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/facts.hpp"
#include "core/text.hpp"

namespace ascendify::match {

class SnippetSource {
 public:
  SnippetSource(std::string_view text, const ThinVector<FileFacts::CellLine>* cells);
  // The trimmed source line for a fact line (1-based); empty when out of range. The view is
  // valid until the next call (a decoded notebook line lives in this object).
  std::string_view line(uint32_t line_no);

 private:
  // Line `line_no` without its terminator, as LineIndex::line numbers them (\n, \r\n and a
  // lone \r end a line); empty when out of range. Lines are counted on from the line asked
  // for before (findings come in line order); only a file asked out of order is indexed.
  std::string_view raw_line(uint32_t line_no);
  // The position after the n-th line end from `pos`; npos when the text has fewer.
  size_t skip_lines(size_t pos, uint32_t n);

  std::string_view text_;
  uint32_t line_ = 1;  // the line asked for last,
  size_t start_ = 0;   // and its first byte
  std::optional<LineIndex> index_;
  const ThinVector<FileFacts::CellLine>* cells_;
  bool json_ = false;
  std::string decoded_;
};

// Decodes the first JSON string literal of `line` (`  "x = 1\n",` -> `x = 1`).
std::string decode_json_string_line(std::string_view line);

}  // namespace ascendify::match
