#pragma once
// Feasibility verdict with its evidence (criteria in docs/effort-model.md, "Feasibility"):
//   infeasible       — a required phase depends, unguarded, on something with no Ascend path
//                      and no fallback (an unsupported dependency without replacement, or a
//                      finding whose rule is tagged no-ascend-path);
//   difficult        — a required phase needs kernel rewrites (CUDA/Triton/extension kernels
//                      without fallback), a blocker-severity finding, or an unported framework;
//   needs-adaptation — the must-adapt and stops-run sites (assess/taxonomy.hpp) of the required
//                      code cost more than feasible_max_adapt_hours;
//   feasible         — nothing stops the run after the mechanical edits and what is left to
//                      adapt costs at most that.
// Required phases: the target phase when one was asked for, else every phase; with no
// phases, all findings. Unreached code never decides the verdict.
#include <string>

#include "assess/assessment.hpp"
#include "assess/model.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

// Sets a.feasibility, a.blockers ("reason (path:line)") and a.feasibility_evidence.
// Needs the findings classified (classify_sites).
void decide_feasibility(Assessment& a, const FeasibilityModel& m, const EffortModel& effort,
                        const rules::RuleSet& rules, const std::string& required_phase);

}  // namespace ascendify::assess
