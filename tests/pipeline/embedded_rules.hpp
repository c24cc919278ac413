#pragma once
// The rules built into the binary, loaded once per test program.
#include <vector>

#include "core/diagnostic.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::pipeline::testing {

inline const rules::RuleSet& embedded_rules() {
  static const rules::RuleSet set = [] {
    std::vector<Diagnostic> diags;
    return rules::load_rules({}, diags);
  }();
  return set;
}

}  // namespace ascendify::pipeline::testing
