#pragma once
// Source lines for finding snippets. For notebooks whose text is the .ipynb JSON, the line
// is taken from the JSON line of the cell source and its string literal is decoded.
#include <string>
#include <string_view>
#include <vector>

#include "core/facts.hpp"
#include "core/text.hpp"

namespace ascendify::match {

class SnippetSource {
 public:
  SnippetSource(std::string_view text, const std::vector<FileFacts::CellLine>* cells);
  // The trimmed source line for a fact line (1-based); empty when out of range.
  std::string line(uint32_t line_no) const;

 private:
  LineIndex index_;
  const std::vector<FileFacts::CellLine>* cells_;
  bool json_ = false;
};

// Decodes the first JSON string literal of `line` (`  "x = 1\n",` -> `x = 1`).
std::string decode_json_string_line(std::string_view line);

}  // namespace ascendify::match
