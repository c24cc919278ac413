#pragma once
// The project stage: from the per-file findings of every file (the pipeline's, through
// FileFilters) to the project's findings, adding those derived across files: uses of names the
// project's own modules re-export (reexports.hpp), calls of the project's own CUDA wrappers,
// imports of compiled extensions built elsewhere, torch pins and torch.* calls the operator
// tables flag (assess/table_findings.hpp). `scan` (then assess) and `fix` both call it, so
// both see the same findings; what it builds on the way (import graph, program model, and the
// task phases when asked) is handed to assess rather than built again.
#include <vector>

#include "assess/cross_file.hpp"
#include "assess/model.hpp"
#include "core/finding.hpp"
#include "core/scanned_file.hpp"
#include "project/file_filters.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::project {

struct Project {
  std::vector<Finding> findings;  // sorted: the per-file ones and the derived ones
  assess::CrossFile cross;
};

// `per_file`: sorted, already through `filters` (the pipeline applied them); the derived
// findings go through them too: re-exported uses as the files' own hits, the others only
// where their rule skips tests. `phases` (the --phase overrides; null: not asked): the task
// phases are built too, beside the program model, into `cross.phases`, and their start-up
// findings (assess/startup_finding.hpp) join the derived ones.
Project derive(const ScannedFiles& files, std::vector<Finding> per_file,
               const rules::RuleSet& rules, const FileFilters& filters,
               const assess::Model& model = assess::embedded_model(), unsigned threads = 0,
               const assess::PhaseOverrides* phases = nullptr);

}  // namespace ascendify::project
