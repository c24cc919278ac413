#pragma once
// Compiled modules a project imports by name but does not build: flash-attention's csrc
// extensions (rotary_emb, dropout_layer_norm, xentropy_cuda_lib), apex's (amp_C), any
// `*_cuda` module that is neither the project's nor a package the knowledge base names
// (rules/model/kernels.yaml external_extensions). Their imports stop the run on an NPU; the
// inventory lists each with its import site and callers.
#include <set>
#include <string>
#include <vector>

#include "assess/assessment.hpp"
#include "assess/kernel_model.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

struct ExternalImport {
  int file = -1;
  std::string module;  // top-level module ("xentropy_cuda_lib")
  std::string scope;
  uint32_t line = 0;
  uint16_t col = 0;
  bool guarded = false;  // under try/except ImportError or an availability check
};

// Every import site of an external compiled module, in file order.
std::vector<ExternalImport> external_imports(const ScannedFiles& files, const rules::RuleSet& rules,
                                             const KernelPathModel& model);

// The modules of `imports`.
std::set<std::string, std::less<>> external_module_names(
    const std::vector<ExternalImport>& imports);

// custom_op.external-extension-import findings, one per import site (sorted).
std::vector<Finding> external_import_findings(const ScannedFiles& files,
                                              const std::vector<ExternalImport>& imports,
                                              const rules::RuleSet& rules);

// One inventory row per module: its first import site, the phases reaching an importing file,
// and the callers (the custom_op.external-extension-call findings of `findings`).
void add_external_rows(std::vector<KernelRow>& rows, const std::vector<ExternalImport>& imports,
                       const ScannedFiles& files, const std::vector<Finding>& findings,
                       const KernelPathModel& model);

}  // namespace ascendify::assess
