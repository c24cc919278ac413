// libFuzzer target: rules YAML loader (rules::RuleSet::add_yaml + finalize).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "rules/ruleset.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  ascendify::rules::RuleSet set;
  std::vector<ascendify::Diagnostic> diags;
  set.add_yaml("fuzz.yaml", text, diags);
  set.finalize();
  for (const auto& r : set.all())
    if (set.find(r.id) == nullptr) __builtin_trap();
  return 0;
}
