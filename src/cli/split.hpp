#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace ascendify::cli {

// "a,b,,c" -> {"a", "b", "c"}: comma-separated option values, empty items dropped.
inline std::vector<std::string> split_commas(std::string_view s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    std::string_view item =
        s.substr(start, comma == std::string_view::npos ? s.npos : comma - start);
    if (!item.empty()) out.emplace_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace ascendify::cli
