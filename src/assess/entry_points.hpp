#pragma once
// Entry points of a repository: `if __name__ == "__main__":` modules and `__main__.py`,
// console scripts ([project.scripts] / console_scripts), Python files started by shell
// scripts, Dockerfiles and notebook `!python` lines, and notebooks themselves.
#include <string>
#include <vector>

#include "assess/import_graph.hpp"
#include "assess/model.hpp"
#include "core/scanned_file.hpp"

namespace ascendify::assess {

struct EntryPoint {
  std::string display;              // shown in the report: a root-relative path
  std::string script_name;          // console-script name, when one
  std::vector<std::string> naming;  // names/paths whose words name the phase, in order
  int file = -1;                    // the entry file itself (module, script, notebook)
  std::vector<int> roots;           // Python files it runs (import-graph roots)
  bool is_test = false;
};

// True when the path is test code per the phase model (tests/ folders, test_*.py, ...).
bool is_test_path(std::string_view rel_path, const PhaseModel& model);

// All entry points, in file order. Test files follow the model's tests policy.
std::vector<EntryPoint> find_entry_points(const ScannedFiles& files, const ImportGraph& graph,
                                          const PhaseModel& model);

// The convention phase an entry's names suggest ("training"), or "" when none does.
std::string convention_phase(const EntryPoint& e, const PhaseModel& model);
// The convention phase of one name or path (stem first, then folders nearest first).
std::string convention_phase(std::string_view name_or_path, const PhaseModel& model);

// Each word of a phase convention and its plural, in the token form file and folder names are
// matched in ("fine-tune" -> "_fine_tune_", "_fine_tunes_").
std::vector<std::string> convention_tokens(const std::vector<std::string>& words);

}  // namespace ascendify::assess
