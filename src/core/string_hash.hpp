#pragma once
// Hash for unordered containers keyed by std::string and looked up by std::string_view (with
// std::equal_to<>): no temporary string is built per lookup, and most lookups miss.
#include <cstddef>
#include <functional>
#include <string_view>

namespace ascendify {

struct StringViewHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

}  // namespace ascendify
