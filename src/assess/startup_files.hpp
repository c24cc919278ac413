#pragma once
// The files `fix` gives the NPU start-up block (import torch_npu, the transfer_to_npu redirect,
// the start-up settings): the scan's entry points, as its phases see them (PhaseMap::entry_roots:
// every phase's entry modules, test entries left out), that run torch (they import it, or a
// project module they import does), that no other project file runs by name (nanoGPT's
// `exec(open('configurator.py').read())`, `runpy.run_path("x.py")`) and that no other project
// file imports, unless a launcher starts them too (`torchrun -m scripts.base_eval`, which
// base_train.py also imports: run as a program, it needs the lines itself).
#include <string>
#include <vector>

#include "assess/import_graph.hpp"
#include "assess/phases.hpp"
#include "core/scanned_file.hpp"

namespace ascendify::assess {

// Root-relative paths, sorted.
std::vector<std::string> startup_files(const ScannedFiles& files);
// The same, as file indexes, from a graph and phases already built (the scan's own).
std::vector<int> startup_file_indexes(const ScannedFiles& files, const ImportGraph& graph,
                                      const PhaseMap& pm);

}  // namespace ascendify::assess
