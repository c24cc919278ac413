// Weak defaults of the embedded snapshots: a program linked without the generated snapshot
// (CMake target ascendify_snapshot: the make_snapshot tool itself, the fuzz targets) gets empty
// ones, and the loaders parse the embedded YAML. The generated definitions, linked as object
// files, take precedence and keep this file's object out of the link.
#include "rules/embedded.hpp"

namespace ascendify::rules {

__attribute__((weak)) std::string_view embedded_rules_snapshot() {
  return {};
}

__attribute__((weak)) std::string_view embedded_model_snapshot() {
  return {};
}

}  // namespace ascendify::rules
