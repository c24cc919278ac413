#include "project/findings.hpp"

#include <algorithm>
#include <iterator>
#include <optional>

#include "assess/kernel_model.hpp"
#include "assess/startup_finding.hpp"
#include "assess/table_findings.hpp"
#include "assess/wrappers.hpp"
#include "core/helper_pool.hpp"
#include "core/timings.hpp"
#include "project/reexports.hpp"

namespace ascendify::project {

namespace {

// Appends sorted `more` to sorted `into`, keeping it sorted. `into` grows to its exact size: the
// per-file findings arrive at their exact size, and a doubling would hold twice their 424-byte
// records at the scan's peak (6 MB more on the speed corpus).
void merge_sorted(std::vector<Finding>& into, std::vector<Finding> more) {
  const size_t mid = into.size();
  if (into.capacity() < mid + more.size()) into.reserve(mid + more.size());
  std::move(more.begin(), more.end(), std::back_inserter(into));
  std::inplace_merge(into.begin(), into.begin() + static_cast<std::ptrdiff_t>(mid), into.end());
}

}  // namespace

Project derive(const ScannedFiles& files, std::vector<Finding> per_file,
               const rules::RuleSet& rules, const FileFilters& filters, const assess::Model& model,
               unsigned threads, const assess::PhaseOverrides* phases) {
  Project p;
  assess::CrossFile& cross = p.cross;
  StageTimer t_graph("  import graph");
  cross.graph = std::make_unique<assess::ImportGraph>(files);
  t_graph.stop();
  // The phases need the graph only; their start-up findings are merged with the others below,
  // not inserted into the whole list later (a move of every finding into a new buffer).
  Helper<std::vector<Finding>> startup;
  if (phases)
    startup = start_helper(threads, [&] {
      StageTimer t("  phases");
      cross.phases =
          assess::build_phases(files, *cross.graph, model.phases, *phases, cross.phase_diagnostics);
      return assess::startup_findings(files, *cross.graph, *cross.phases, rules);
    });
  // Re-exported uses are matched as the scan matched the files: through the same per-hit
  // filter. Beside the program model, which does not read findings.
  match::DropHit drop;
  if (filters.drops_any())
    drop = [&filters](const SourceFile& file, const Rule& rule, std::string_view match) {
      return filters.drops(file.rel_path, rule, match);
    };
  auto reexported = start_helper(threads, [&] {
    StageTimer t("  re-exported uses");
    return reexported_findings(files, *cross.graph, rules, drop ? &drop : nullptr);
  });
  // On one thread a helper runs when its result is asked for: asked here, before the program
  // model is built, the pass's memo tables are gone by then (the scan's memory peaks in this
  // stage; -3.5 MB on the speed corpus). The findings do not depend on the order.
  std::optional<std::vector<Finding>> reexported_first;
  if (helpers_run_inline(threads)) reexported_first = reexported.get();
  StageTimer t_program("  program model");
  cross.program =
      std::make_unique<assess::ProgramModel>(files, *cross.graph, model.phases, threads);
  t_program.stop();
  cross.externals = assess::external_imports(files, rules, assess::embedded_kernel_paths());
  const auto external_modules = assess::external_module_names(cross.externals);
  // Calls of the project's own CUDA wrappers (their facilities are the per-file findings),
  // beside the tables.
  auto wrapped = start_helper(threads, [&] {
    StageTimer t("  wrapper calls");
    return assess::wrapper_call_findings(files, *cross.program, per_file, rules, external_modules);
  });
  StageTimer t_tables("  table findings");
  std::vector<Finding> more =
      assess::table_findings(files, cross.externals, model, rules, cross.operators);
  t_tables.stop();
  merge_sorted(more, wrapped.get());
  // Their match is a function's or a check's name, not a module path: only the rules that
  // skip tests apply.
  std::erase_if(more, [&](const Finding& f) { return filters.skips_in_tests(f); });
  merge_sorted(more, reexported_first ? std::move(*reexported_first) : reexported.get());
  if (startup.valid()) merge_sorted(more, startup.get());
  merge_sorted(per_file, std::move(more));
  p.findings = std::move(per_file);
  return p;
}

}  // namespace ascendify::project
