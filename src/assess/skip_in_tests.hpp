#pragma once
// Rules with `skip_in_tests: true` (rules/README.md) do not fire in test code, as the phase
// model defines it (rules/model/phases.yaml `tests`): there the pattern is deliberate.
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "core/rule.hpp"

namespace ascendify::assess {

// True when `rule` says skip_in_tests and `path` is test code by the embedded phase model.
bool skipped_in_tests(const Rule& rule, std::string_view path);

// Drops the findings skipped_in_tests says; returns how many.
size_t drop_skipped_in_tests(std::vector<Finding>& findings);

}  // namespace ascendify::assess
