#pragma once
// Task sub-phases (docs/effort-model.md "Tasks"). A phase whose entry file declares an argparse
// option with choices (`--task`, `choices=list(WAN_CONFIGS.keys())`) and branches on it
// (`if "t2v" in args.task: ... elif ...: ... else: ...`, FileFacts::TaskBranch) runs a
// different part of the project per value. Each value is a sub-phase: the program model's
// reach of the phase with the branches that value does not take dropped and the one it takes
// required; its files are those with a function or class it runs, its findings those in code
// it runs, its weeks the estimate of those alone. The minimal migration set of the target
// phase becomes that of its default task ("first task only"), the phase's rest following it.
#include <vector>

#include "assess/assessment.hpp"
#include "assess/import_graph.hpp"
#include "assess/model.hpp"
#include "assess/phases.hpp"
#include "assess/program_model.hpp"
#include "core/scanned_file.hpp"

namespace ascendify::assess {

// Fills a.tasks (needs the findings attributed and classified, and the kernel rows).
// `task_options`: PhaseModel::task_options. `threads`: the -j budget (0 = every core); the
// list does not depend on it.
void find_tasks(Assessment& a, const ScannedFiles& files, const ImportGraph& graph,
                const PhaseMap& pm, const ProgramModel& program,
                const std::vector<std::string>& task_options, const EffortModel& m,
                unsigned threads = 0);

// Puts the target phase's default task first in a.migration_sets (after migration_sets()).
void split_minimal_set(Assessment& a, const EffortModel& m);

}  // namespace ascendify::assess
