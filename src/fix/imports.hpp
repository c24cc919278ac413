#pragma once
// Where `import torch_npu` goes in a Python file, and whether it is already there.
#include <cstdint>
#include <string_view>
#include <vector>

#include "python/token.hpp"

namespace ascendify::fix::detail {

inline constexpr uint32_t kNoOffset = UINT32_MAX;

struct ImportSites {
  bool has_torch_npu =
      false;  // `import torch_npu...` / `from torch_npu... import` outside def/class
  bool has_transfer = false;  // `from torch_npu.contrib import transfer_to_npu`
  // Start of the line after the module docstring and `from __future__` imports, or the start
  // of the first statement's line (after a BOM) when there are none; kNoOffset when the file
  // has no statement to insert before.
  uint32_t top = kNoOffset;
  // Just after the line ending of the first top-level `import torch` statement; kNoOffset
  // when there is none or when it ends the file without a line ending.
  uint32_t after_torch = kNoOffset;
};

ImportSites find_import_sites(std::string_view text, const std::vector<python::Token>& tokens);

// "\r\n" when the file's first line ending is CRLF, "\r" for old Mac files, else "\n".
std::string_view line_ending(std::string_view text);

}  // namespace ascendify::fix::detail
