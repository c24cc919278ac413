#pragma once
// The migration roadmap (steps from rules/model/roadmap.yaml, in order: environment, device,
// attention, precision, distributed, custom kernels, compile, verification), the risk matrix,
// and the migration sets (minimal set for the target phase, then incremental sets).
#include <string>
#include <vector>

#include "assess/assessment.hpp"
#include "assess/effort.hpp"
#include "assess/model.hpp"

namespace ascendify::assess {

// Steps with findings of their domains (or marked always); effort split from `hours`.
std::vector<RoadmapStep> build_roadmap(const Assessment& a, const EffortHours& hours,
                                       const std::vector<RoadmapStepModel>& steps,
                                       const EffortModel& m);

// One row per rule that fired, ordered by domain then rule id.
std::vector<RiskRow> build_risks(const std::vector<Finding>& findings);

// The target phase: `wanted` when it names a phase, else the first phase of kind
// inference, else the first phase; "" when there are no phases.
std::string pick_target(const std::vector<PhaseSummary>& phases, const std::string& wanted);

// Minimal migration set of the target, then one incremental set per further phase (report
// order), each with what it adds and the effort it adds.
std::vector<MigrationSet> migration_sets(const Assessment& a, const std::string& target,
                                         const EffortModel& m);

}  // namespace ascendify::assess
