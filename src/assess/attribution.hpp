#pragma once
// Gives every finding and dependency row the phases that reach it, and lists what no entry
// point reaches. Findings in a backward-only kernel count for training phases only; a
// dependency finding in a manifest takes the phases that import the dependency.
#include <vector>

#include "assess/assessment.hpp"
#include "assess/import_graph.hpp"
#include "assess/phases.hpp"
#include "assess/program_model.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

// Fills a.findings[*].phases, a.dependencies[*].phases (and status "not-involved" when no
// phase imports it), a.unreached_files / unreached_findings, a.phases[*].findings.
// Expects a.kernels to hold kernel_rows(files, pm, kernel_evidence(files)).
// `program`: a finding inside a module-level def or class takes its unit's reach; one in a
// unit no phase uses is apart (a.unused_definitions), one in a unit only flagged code uses is
// optional.
void attribute_phases(Assessment& a, const ScannedFiles& files, const ImportGraph& graph,
                      const PhaseMap& pm, const rules::RuleSet& rules,
                      const ProgramModel* program = nullptr);

}  // namespace ascendify::assess
