#pragma once
// LSP positions (0-based line, character) <-> byte offsets into a document's UTF-8 text.
// `character` counts UTF-16 code units unless the client and server agreed on "utf-8" (bytes).
// Lines end at "\n", "\r\n" or a lone "\r", as the protocol says. Out-of-range positions are
// clamped (to the line's end, to the text's end), never an error.
#include <cstdint>
#include <string_view>
#include <vector>

namespace ascendify::lsp {

enum class Encoding { Utf16, Utf8 };

struct Position {
  uint32_t line = 0;
  uint32_t character = 0;
};

class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  Position position(size_t offset, Encoding enc) const;
  size_t offset(Position p, Encoding enc) const;
  size_t lines() const { return starts_.size(); }

 private:
  std::string_view text_;
  std::vector<size_t> starts_;  // byte offset of each line's start
  // End of line `line`'s content (before its line break).
  size_t line_end(size_t line) const;
};

}  // namespace ascendify::lsp
