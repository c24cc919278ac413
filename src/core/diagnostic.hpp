#pragma once
#include <string>

namespace ascendify {

// A problem with the input (unreadable file, lexer error, malformed manifest). The scan
// goes on; diagnostics make the result "partial".
struct Diagnostic {
  std::string path;   // relative to the scanned root
  uint32_t line = 0;  // 0 when not tied to a line
  std::string message;
};

}  // namespace ascendify
