#pragma once
// Findings assess derives by reading the whole project against the model's tables, for the
// report (assess.cpp) and for fix's to-do list (project/findings.cpp) alike: imports of compiled
// extensions built elsewhere (external_extensions.hpp), torch pins no torch_npu release allows
// (torch_pins.hpp), torch.* calls the API list of the project's torch marks unsupported
// (operator_support.hpp).
#include <vector>

#include "assess/assessment.hpp"
#include "assess/external_extensions.hpp"
#include "assess/model.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

// Sorted. `operators` receives the API check's counts.
std::vector<Finding> table_findings(const ScannedFiles& files,
                                    const std::vector<ExternalImport>& externals,
                                    const Model& model, const rules::RuleSet& rules,
                                    OperatorCheck& operators);

}  // namespace ascendify::assess
