#pragma once
// Closed sets spelled by a table of names, one per enumerator in order (the YAML / report
// spelling): to_string is an index, parsing a search.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace ascendify {

// The enumerator whose name is `s`, from index `first` on (a set whose first value has no
// name skips it).
template <typename E, size_t N>
std::optional<E> parse_enum(std::string_view s, const std::array<std::string_view, N>& names,
                            size_t first = 0) {
  for (size_t i = first; i < N; ++i)
    if (names[i] == s) return static_cast<E>(i);
  return std::nullopt;
}

}  // namespace ascendify
