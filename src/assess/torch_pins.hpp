#pragma once
// The project's torch pins read against the torch <-> torch_npu <-> CANN table
// (rules/model/versions.yaml): which torch_npu release pairs with what the pin allows, or that no
// release does (a must-adapt finding on the pin's line).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "assess/assessment.hpp"
#include "assess/model.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

struct TorchPinAdvice {
  // The newest release whose torch the pin allows; when none does, the release nearest to it.
  const NpuReleaseModel* release = nullptr;
  bool allowed = false;  // the pin allows `release`'s torch
};

// `spec` is a PEP 440 specifier set as written ("==2.4.1", ">=2.1,<2.5", "~=2.3.0", "2.4.*",
// conda's "=2.4.1" or bare "2.4.1"; a "+cu121" local part is ignored). Empty or unreadable
// specs (a URL, a marker only) and an empty table give nullopt.
std::optional<TorchPinAdvice> advise_torch_pin(std::string_view spec,
                                               const std::vector<NpuReleaseModel>& releases);

// "torch 2.8.0 + torch_npu 2.8.0.post4 (CANN 9.0.0)".
std::string pairing_text(const NpuReleaseModel& release);

// Findings of `dependency.torch-npu-release` on each torch pin no release allows.
std::vector<Finding> torch_pin_findings(const ScannedFiles& files,
                                        const std::vector<NpuReleaseModel>& releases,
                                        const rules::RuleSet& rules);

// The torch version the project's first readable torch pin pairs with ("2.4.0"), or "".
std::string project_torch_version(const ScannedFiles& files,
                                  const std::vector<NpuReleaseModel>& releases);

// Writes the pairing into the torch rows of the dependency matrix (DependencyRow::npu_release).
void annotate_torch_rows(std::vector<DependencyRow>& rows,
                         const std::vector<NpuReleaseModel>& releases);

}  // namespace ascendify::assess
