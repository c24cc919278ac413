#include "assess/project_findings.hpp"

#include <algorithm>

#include "assess/external_extensions.hpp"
#include "assess/import_graph.hpp"
#include "assess/model.hpp"
#include "assess/program_model.hpp"
#include "assess/project_packages.hpp"
#include "assess/reexports.hpp"
#include "assess/skip_in_tests.hpp"
#include "assess/table_findings.hpp"
#include "assess/wrappers.hpp"

namespace ascendify::assess {

std::vector<Finding> project_findings(const std::vector<ScannedFile>& files,
                                      std::vector<Finding> per_file, const rules::RuleSet& rules) {
  std::vector<SourceFile> sources;
  for (const auto& f : files) sources.push_back(f.file);
  const OwnPackages own = project_packages(sources);
  auto dropped = [&](const Finding& f) {
    return f.rule && is_not_a_finding(own, *f.rule, f.path, f.match);
  };
  std::erase_if(per_file, dropped);
  const ImportGraph graph(files);
  std::vector<Finding> derived = reexported_findings(files, graph, rules, nullptr);
  const ProgramModel program(files, graph, embedded_model().phases);
  const std::vector<ExternalImport> externals =
      external_imports(files, rules, embedded_kernel_paths());
  std::vector<Finding> wrapped =
      wrapper_call_findings(files, program, per_file, rules, external_module_names(externals));
  std::move(derived.begin(), derived.end(), std::back_inserter(per_file));
  OperatorCheck counts;  // the report's; fix needs only the findings
  std::vector<Finding> tables = table_findings(files, externals, embedded_model(), rules, counts);
  std::move(tables.begin(), tables.end(), std::back_inserter(per_file));
  std::move(wrapped.begin(), wrapped.end(), std::back_inserter(per_file));
  std::erase_if(per_file, dropped);
  std::sort(per_file.begin(), per_file.end());
  return per_file;
}

}  // namespace ascendify::assess
