// libFuzzer target: the other manifest readers and YAML configs. The first byte picks one:
// 0 environment.yml (yaml-cpp underneath), 1 setup.cfg, 2 setup.py, 3 a config's class paths.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config/config_targets.hpp"
#include "manifest/manifest.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  ascendify::FileFacts facts;
  switch (data[0] % 4) {
    case 0:
      facts = ascendify::manifest::analyze_conda_env(text, "environment.yml");
      break;
    case 1:
      facts = ascendify::manifest::analyze_setup_cfg(text, "setup.cfg");
      break;
    case 2:
      facts = ascendify::manifest::analyze_setup_py(text, "setup.py");
      break;
    default:
      facts = ascendify::config::analyze_targets(text);
      break;
  }
  for (const auto& f : facts.facts)
    if (f.span.end_offset > text.size() || f.span.offset > f.span.end_offset) __builtin_trap();
  return 0;
}
