#pragma once
#include <optional>
#include <string>
#include <vector>

#include "assess/assessment.hpp"
#include "assess/cross_file.hpp"
#include "assess/kernels.hpp"
#include "assess/model.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

// What assess reads of the files alone, needing neither the phases nor the project stage:
// the dependency rows and the kernels' callers and fallbacks. A caller may gather it beside
// project::derive (cli/project_scan.cpp), so that it overlaps the project stage.
struct FileEvidence {
  std::vector<DependencyRow> dependencies;
  KernelEvidence kernels;
};
FileEvidence gather_file_evidence(const ScannedFiles& files, const rules::RuleSet& rules);

struct Input {
  std::string root;  // as given by the user
  const ScannedFiles* files = nullptr;
  std::vector<Finding> findings;  // sorted
  std::vector<Diagnostic> diagnostics;
  ScanStats stats;
  // Built by the project stage (project::derive) from the same files and model, with the
  // findings it derived across files already among `findings`. Empty: assess builds the
  // graph, the program model and the external imports itself, and derives no findings across
  // files and no operator counts (tests of assess alone).
  CrossFile cross;
  // Gathered by the caller; absent: assess gathers it, on a second thread beside the phases.
  std::optional<FileEvidence> evidence;
};

struct Options {
  std::vector<std::pair<std::string, std::vector<std::string>>> phases;  // --phase overrides
  std::string target_phase;      // --target; "" = first inference phase, else the first phase
  std::string hardware;          // profile id the rules were read for (RuleSet::apply_hardware)
  const Model* model = nullptr;  // assessment model; null = the embedded rules/model/*.yaml
  unsigned threads = 0;          // -j: 1 runs the helper passes inline (core/helper_pool.hpp)
};

// Findings + facts -> Assessment: phases (entry points + import graph), each finding's
// phases, dependency matrix, kernel inventory, effort, feasibility, roadmap, risk matrix,
// migration sets. Sets `assessed`. Never throws on odd input.
Assessment assess(Input input, const rules::RuleSet& rules, const Options& options);

// Parses the embedded models (rules/model/*.yaml) now rather than on first use, so a caller can
// do it on another thread while it scans. Thread-safe.
void preload_models();

}  // namespace ascendify::assess
