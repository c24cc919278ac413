#pragma once
// The entry point's NPU start-up lines as a finding: one `device.npu-startup` per start-up file
// (assess/startup_files.hpp: the files `fix` gives the block) that does not import torch_npu
// yet, at its first import statement (line 1 when it has none). Info severity, fixable by
// `ascendify fix` (which inserts the block): it is work every port does, not a risk.
#include <vector>

#include "assess/import_graph.hpp"
#include "assess/phases.hpp"
#include "core/finding.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

// Sorted.
std::vector<Finding> startup_findings(const ScannedFiles& files, const ImportGraph& graph,
                                      const PhaseMap& pm, const rules::RuleSet& rules);

}  // namespace ascendify::assess
