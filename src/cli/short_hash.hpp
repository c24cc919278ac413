#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace ascendify::cli {

// Eight hex digits of FNV-1a of `text`: names that stay the same from run to run and from
// build to build (std::hash is not promised to).
inline std::string short_hash(std::string_view text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(h & 0xffffffffu));
  return hex;
}

}  // namespace ascendify::cli
