#pragma once
// The enumerator of a closed set whose to_string gives `name` (the YAML / report spelling):
// `count` enumerators 0..count-1, from `first` (a set whose first value has no name skips it).
#include <cstdint>
#include <optional>
#include <string_view>

namespace ascendify {

template <typename E>
std::optional<E> enum_named(std::string_view name, uint8_t count, uint8_t first = 0) {
  for (uint8_t i = first; i < count; ++i)
    if (to_string(static_cast<E>(i)) == name) return static_cast<E>(i);
  return std::nullopt;
}

}  // namespace ascendify
