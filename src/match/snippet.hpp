#pragma once
// Source lines for finding snippets. For notebooks whose text is the .ipynb JSON, the line
// is taken from the JSON line of the cell source and its string literal is decoded.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/facts.hpp"
#include "core/text.hpp"

namespace ascendify::match {

class SnippetSource {
 public:
  SnippetSource(std::string_view text, const std::vector<FileFacts::CellLine>* cells);
  // The trimmed source line for a fact line (1-based); empty when out of range. The view is
  // valid until the next call (a decoded notebook line lives in this object).
  std::string_view line(uint32_t line_no);

 private:
  // Line `line_no` without its terminator, as LineIndex::line numbers them (\n, \r\n and a
  // lone \r end a line); empty when out of range. Lines are found only as far as asked: a
  // file's findings seldom reach its end.
  std::string_view raw_line(uint32_t line_no);
  // Records line starts up to at least line `line_no + 1`, or to the end of the text.
  void scan_to(uint32_t line_no);
  void terminator_at(size_t i);

  std::string_view text_;
  std::vector<uint32_t> starts_{0};  // start of line 1, 2, ... as far as scanned
  size_t scanned_ = 0;               // bytes searched for terminators so far
  size_t no_cr_until_ = 0;           // [scanned_, no_cr_until_) holds no '\r'
  const std::vector<FileFacts::CellLine>* cells_;
  bool json_ = false;
  std::string decoded_;
};

// Decodes the first JSON string literal of `line` (`  "x = 1\n",` -> `x = 1`).
std::string decode_json_string_line(std::string_view line);

}  // namespace ascendify::match
