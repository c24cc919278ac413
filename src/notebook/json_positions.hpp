#pragma once
// Where each code-cell source string sits in the raw .ipynb text (for FileFacts.cell_lines).
#include <cstdint>
#include <string_view>
#include <vector>

namespace ascendify::notebook {

// For each cell (all cell types, in document order; nbformat 3 worksheets concatenated), the
// 1-based JSON line of each string of its "source" (or nbformat-3 "input") array; one entry
// when the source is a single string. One forward pass with an explicit stack (no recursion);
// best effort on malformed text.
std::vector<std::vector<uint32_t>> source_string_lines(std::string_view json);

}  // namespace ascendify::notebook
