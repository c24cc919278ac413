#pragma once
#include <string_view>
#include <vector>

namespace ascendify::rules {

struct EmbeddedRuleFile {
  std::string_view name;  // "rules/device.yaml"
  std::string_view text;
};

// The rule files compiled into the binary (generated from rules/*.yaml by CMake).
const std::vector<EmbeddedRuleFile>& embedded_rule_files();
// The assessment model parameters (rules/model/*.yaml: effort model, phase names, ...).
const std::vector<EmbeddedRuleFile>& embedded_model_files();

}  // namespace ascendify::rules
