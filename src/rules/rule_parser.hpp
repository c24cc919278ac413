#pragma once
// Parses one rule (a YAML mapping) into a Rule, validating every field against the schema
// of rules/README.md. Internal to the rules module.
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>

#include "core/rule.hpp"

namespace ascendify::rules {

struct ParseError {
  uint32_t line = 0;  // 1-based
  std::string reason;
};

// Returns the rule, or the first problem found (with the line of the offending node).
// Never throws.
std::optional<Rule> parse_rule(const YAML::Node& node, std::string_view file_name,
                               ParseError& error);

}  // namespace ascendify::rules
