#pragma once
#include <vector>

#include "assess/assessment.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

// The dependency matrix: every distribution declared in a manifest or imported by code,
// classified by the dependency rules (compatible / replace / unsupported / not-involved).
std::vector<DependencyRow> dependency_rows(const std::vector<ScannedFile>& files,
                                           const rules::RuleSet& rules);

}  // namespace ascendify::assess
