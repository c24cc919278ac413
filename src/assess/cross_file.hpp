#pragma once
// What the project stage (src/project) builds across the files while it derives the project's
// findings, handed to assess so that nothing is built twice: the module import graph, the
// program model (its reach is computed by assess, once the phases are known), the imports of
// compiled extensions built elsewhere, and the operator-support counts.
#include <memory>
#include <vector>

#include "assess/assessment.hpp"
#include "assess/external_extensions.hpp"
#include "assess/import_graph.hpp"
#include "assess/program_model.hpp"

namespace ascendify::assess {

struct CrossFile {
  std::unique_ptr<ImportGraph> graph;
  std::unique_ptr<ProgramModel> program;
  std::vector<ExternalImport> externals;
  OperatorCheck operators;
};

}  // namespace ascendify::assess
