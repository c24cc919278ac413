// libFuzzer target: requirements*.txt reader (manifest::analyze_requirements).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "manifest/manifest.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  ascendify::FileFacts facts = ascendify::manifest::analyze_requirements(text, "requirements.txt");
  for (const auto& f : facts.facts)
    if (f.span.end_offset > size || f.span.offset > f.span.end_offset) __builtin_trap();
  return 0;
}
