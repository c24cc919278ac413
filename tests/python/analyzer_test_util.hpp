#pragma once
// Looking facts up in the Python analyzer's output (analyzer_test.cpp,
// analyzer_conditions_test.cpp).
#include <string_view>
#include <vector>

#include "core/facts.hpp"

namespace ascendify::python::test {

// The facts of kind `k` (named `name`, when given), in file order.
inline std::vector<const Fact*> all(const FileFacts& ff, FactKind k, std::string_view name = {}) {
  std::vector<const Fact*> out;
  for (const Fact& f : ff.facts)
    if (f.kind == k && (name.empty() || f.name == name)) out.push_back(&f);
  return out;
}

// The only such fact, or nullptr (none, or several).
inline const Fact* one(const FileFacts& ff, FactKind k, std::string_view name) {
  auto v = all(ff, k, name);
  return v.size() == 1 ? v[0] : nullptr;
}

inline bool has_ref(const FileFacts& ff, std::string_view name) {
  return !all(ff, FactKind::Reference, name).empty();
}

}  // namespace ascendify::python::test
