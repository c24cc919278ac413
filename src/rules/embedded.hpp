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

}  // namespace ascendify::rules
