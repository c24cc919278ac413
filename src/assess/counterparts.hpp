#pragma once
// Frameworks with an Ascend counterpart (rules/model/counterparts.yaml, docs/effort-model.md
// "Counterparts"). A project that IS such a framework (Megatron-LM, DeepSpeed, flash-attention,
// vLLM) is not ported line by line: the verdict and the effort are those of adopting the
// counterpart, and the line-by-line figure is kept apart. A project that RUNS ON one adopts
// it: the sites the counterpart takes over are listed but not priced, and the adoption is.
#include <vector>

#include "assess/assessment.hpp"
#include "assess/model.hpp"
#include "core/scanned_file.hpp"

namespace ascendify::assess {

// The counterparts the project runs on (reached, non-optional dependency rows; needs the
// phases attributed), with their sites marked Finding::by_counterpart. Appended to
// a.counterparts; returns the adoption hours.
double adopt_built_on(Assessment& a, const std::vector<CounterpartModel>& models,
                      const EffortModel& m);

// The adoption and line-by-line figures of the counterparts the project runs on, once the
// project's effort (`total_hours`, adoption included) is known.
void price_built_on(Assessment& a, double total_hours, const EffortModel& m);

// The counterpart the project is, from its own top-level packages, or nullptr. When there is
// one, adopt_built_on is not called: the framework's uses of other frameworks are its own.
const CounterpartModel* project_is(const ScannedFiles& files,
                                   const std::vector<CounterpartModel>& models,
                                   std::string* evidence);

// Makes the assessment that of adopting `c` (verdict, effort, evidence, roadmap), keeping the
// line-by-line figures in a.counterparts.front().
void adopt_as_project(Assessment& a, const CounterpartModel& c, const std::string& evidence,
                      const EffortModel& m);
// After adopt_as_project, once the phases, tasks and migration sets are known: the adoption
// covers the whole project, so no phase or task costs more than it, and the migration sets
// add up to at most it (their line-by-line figures would price a port nobody does).
void cap_to_adoption(Assessment& a);

}  // namespace ascendify::assess
