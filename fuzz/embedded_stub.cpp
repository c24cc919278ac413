// The fuzzers do not need the embedded knowledge base: empty stand-ins for the generated file.
#include "rules/embedded.hpp"

namespace ascendify::rules {
const std::vector<EmbeddedRuleFile>& embedded_rule_files() {
  static const std::vector<EmbeddedRuleFile> files;
  return files;
}
const std::vector<EmbeddedRuleFile>& embedded_model_files() {
  static const std::vector<EmbeddedRuleFile> files;
  return files;
}
}  // namespace ascendify::rules
