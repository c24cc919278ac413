#pragma once
// What the project stage (src/project) builds across the files while it derives the project's
// findings, handed to assess so that nothing is built twice: the module import graph, the
// program model (its reach is computed by assess, once the phases are known), the imports of
// compiled extensions built elsewhere, the operator-support counts and, when the caller asks,
// the task phases.
#include <memory>
#include <optional>
#include <vector>

#include "assess/assessment.hpp"
#include "assess/external_extensions.hpp"
#include "assess/import_graph.hpp"
#include "assess/phases.hpp"
#include "assess/program_model.hpp"

namespace ascendify::assess {

struct CrossFile {
  std::unique_ptr<ImportGraph> graph;
  std::unique_ptr<ProgramModel> program;
  std::vector<ExternalImport> externals;
  OperatorCheck operators;
  // The task phases (build_phases), when the caller gave the project stage its --phase
  // overrides: built on a helper beside the program model, their start-up findings already
  // among the project's findings. `phase_diagnostics`: what build_phases said, for assess to
  // add where it would have built them itself.
  std::optional<PhaseMap> phases;
  std::vector<Diagnostic> phase_diagnostics;
};

}  // namespace ascendify::assess
