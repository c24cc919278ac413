#include "assess/table_findings.hpp"

#include <algorithm>

#include "assess/operator_support.hpp"
#include "assess/torch_pins.hpp"

namespace ascendify::assess {

std::vector<Finding> table_findings(const ScannedFiles& files,
                                    const std::vector<ExternalImport>& externals,
                                    const Model& model, const rules::RuleSet& rules,
                                    OperatorCheck& operators) {
  std::vector<Finding> out = external_import_findings(files, externals, rules);
  for (std::vector<Finding> more :
       {torch_pin_findings(files, model.npu_releases, rules),
        check_operators(files, model.operator_lists,
                        project_torch_version(files, model.npu_releases), rules, operators)})
    std::move(more.begin(), more.end(), std::back_inserter(out));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace ascendify::assess
