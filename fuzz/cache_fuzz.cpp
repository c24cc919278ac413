// libFuzzer target: a cache entry as the incremental cache reads it (cache::decode). Whatever
// the bytes, decoding never crashes or reads out of bounds, and an entry it accepts encodes
// back to the same bytes (nothing in it was guessed or dropped) with every digest id in range.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "cache/facts_codec.hpp"

namespace {

const ascendify::rules::RuleSet& embedded() {
  static const ascendify::rules::RuleSet rules = [] {
    std::vector<ascendify::Diagnostic> d;
    return ascendify::rules::load_rules({}, d);
  }();
  return rules;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view blob(reinterpret_cast<const char*>(data), size);
  const auto back = ascendify::cache::decode(blob, embedded());
  if (!back) return 0;
  if (ascendify::cache::encode(back->facts, back->findings, back->suppressed, back->bytes) != blob)
    __builtin_trap();
  const auto& uses = back->facts.uses;
  // The site stream reads back as many sites as it holds, each naming strings it has.
  size_t sites = 0;
  for (const auto& s : uses.sites) {
    if (s.name >= uses.count() || s.scope >= uses.count()) __builtin_trap();
    ++sites;
  }
  if (sites != uses.sites.size()) __builtin_trap();
  for (const auto& def : uses.defs)
    if (def.name >= uses.count() ||
        size_t{def.first_decorator} + def.decorator_count > uses.decorators.size())
      __builtin_trap();
  for (const auto id : uses.decorators)
    if (id >= uses.count()) __builtin_trap();
  for (const auto idx : uses.launch_facts)
    if (idx >= back->facts.facts.size()) __builtin_trap();
  return 0;
}
