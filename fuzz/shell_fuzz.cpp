// libFuzzer target: shell scripts and Dockerfiles. The first byte picks the reader
// (even: shell::analyze_shell, odd: shell::analyze_dockerfile).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "shell/shell.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  ascendify::FileFacts facts = (data[0] & 1)
                                   ? ascendify::shell::analyze_dockerfile(text, "Dockerfile")
                                   : ascendify::shell::analyze_shell(text, "run.sh");
  for (const auto& f : facts.facts)
    if (f.span.end_offset > text.size() || f.span.offset > f.span.end_offset) __builtin_trap();
  return 0;
}
