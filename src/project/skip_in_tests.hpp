#pragma once
// Rules with `skip_in_tests: true` (rules/README.md) do not fire in test code, as the phase
// model defines it (rules/model/phases.yaml `tests`): there the pattern is deliberate.
#include <string_view>

#include "core/rule.hpp"
#include "project/project_packages.hpp"

namespace ascendify::project {

// True when `rule` says skip_in_tests and `path` is test code by the embedded phase model.
bool skipped_in_tests(const Rule& rule, std::string_view path);

// The per-hit filters of scan and fix, in one place: a hit of `rule` on `match` in the file at
// `path` is not a finding when it names the project's own package or the rule skips tests.
bool is_not_a_finding(const OwnPackages& own, const Rule& rule, std::string_view path,
                      std::string_view match);

}  // namespace ascendify::project
