#pragma once
// Every torch.* call the front end resolved, checked against Huawei's PyTorch API support list
// for the project's torch version (rules/model/operators.yaml): unsupported calls become
// `device.torch-api-unsupported` findings; names in neither list are counted as unknown.
#include <string>
#include <vector>

#include "assess/assessment.hpp"
#include "assess/model.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

// The list for torch `version` ("2.4.0"): the list of the nearest minor version (the newer on a
// tie: 2.4 reads the 2.6 list, 2.3 the 2.1 list); the newest list when `version` is empty.
// Null when there are no lists.
const OperatorListModel* operator_list_for(const std::vector<OperatorListModel>& lists,
                                           std::string_view version);

// Checks the calls against the list for `torch_version` (operator_list_for), counts into
// `check` and returns the findings of the unsupported calls (sorted per file; none without
// lists). A call that list marks unsupported but the newest list supports is a
// device.torch-api-supported-later finding instead: moving to a newer torch_npu removes it.
std::vector<Finding> check_operators(const ScannedFiles& files,
                                     const std::vector<OperatorListModel>& lists,
                                     std::string_view torch_version, const rules::RuleSet& rules,
                                     OperatorCheck& check);

}  // namespace ascendify::assess
