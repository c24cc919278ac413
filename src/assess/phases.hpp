#pragma once
// Task phases: named sets of entry points, and the files each phase reaches.
#include <string>
#include <utility>
#include <vector>

#include "assess/assessment.hpp"
#include "assess/entry_points.hpp"
#include "assess/import_graph.hpp"
#include "assess/model.hpp"
#include "core/scanned_file.hpp"

namespace ascendify::assess {

using PhaseOverrides = std::vector<std::pair<std::string, std::vector<std::string>>>;

struct PhaseMap {
  std::vector<PhaseSummary> phases;        // report order; files = reached file count
  std::vector<std::vector<bool>> reached;  // [phase][file]
  // [phase][file]: ImportGraph::Reach of a reached file (kRequired for the environment and
  // build files a phase takes in).
  std::vector<std::vector<uint8_t>> reach;
  // The Python files the runs of every phase start in (entry modules, the scripts launchers
  // start, console-script modules), test entries left out; sorted. `fix` inserts the NPU
  // start-up lines into exactly these files (one code path with the scan's phases).
  std::vector<int> entry_roots;
  // Those a launcher or console script starts by name (a shell script's `torchrun -m x`): run
  // as programs even when other modules import them too.
  std::vector<int> launched_roots;
};

// Groups entry points into phases by the naming conventions, or — when `overrides` is not
// empty — exactly the phases given (`--phase NAME=ENTRY,...`; an ENTRY is a root-relative
// path, a console-script name or a dotted module). Unknown entries become diagnostics.
// A phase reaches its entry files, the Python files they import (transitively), the native
// sources of extensions those files import, every environment file (manifests, Dockerfiles,
// shell scripts that start nothing) and, when its code instantiates configs, the configs that
// fit it with the code their class paths name (docs/effort-model.md).
PhaseMap build_phases(const ScannedFiles& files, const ImportGraph& graph, const PhaseModel& model,
                      const PhaseOverrides& overrides, std::vector<Diagnostic>& diagnostics);

}  // namespace ascendify::assess
