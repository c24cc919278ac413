#pragma once
// The project's findings as `fix` works on them: the scan's per-file findings without the
// project's calls into its own packages (and the rules that skip tests), plus the findings
// assess derives across files (uses of names the project re-exports, calls of the project's
// own CUDA wrappers). One code path for the CLI's `fix` and its tests.
#include <vector>

#include "core/finding.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

std::vector<Finding> project_findings(const std::vector<ScannedFile>& files,
                                      std::vector<Finding> per_file, const rules::RuleSet& rules);

}  // namespace ascendify::assess
