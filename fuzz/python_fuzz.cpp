// libFuzzer target: Python lexer + front end (python::analyze).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "python/analyzer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  ascendify::FileFacts facts = ascendify::python::analyze(text, "fuzz.py");
  // Every span must stay inside the text.
  for (const auto& f : facts.facts)
    if (f.span.end_offset > size || f.span.offset > f.span.end_offset) __builtin_trap();
  return 0;
}
