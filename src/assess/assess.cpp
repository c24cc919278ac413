#include "assess/assess.hpp"

#include <algorithm>
#include <filesystem>

#include "assess/attribution.hpp"
#include "assess/counterparts.hpp"
#include "assess/dependencies.hpp"
#include "assess/effort.hpp"
#include "assess/external_extensions.hpp"
#include "assess/kernel_model.hpp"
#include "assess/kernels.hpp"
#include "assess/phases.hpp"
#include "assess/roadmap.hpp"
#include "assess/run_stoppers.hpp"
#include "assess/startup_finding.hpp"
#include "assess/tasks.hpp"
#include "assess/taxonomy.hpp"
#include "assess/torch_pins.hpp"
#include "assess/verdict.hpp"
#include "core/helper_pool.hpp"
#include "core/timings.hpp"

namespace ascendify::assess {

namespace {

std::string project_name(const std::string& root) {
  std::filesystem::path p(root);
  std::error_code ec;
  auto abs = std::filesystem::weakly_canonical(p, ec);
  if (!ec && abs.has_filename()) return abs.filename().string();
  return p.filename().string().empty() ? root : p.filename().string();
}

}  // namespace

void preload_models() {
  (void)embedded_model();
  (void)embedded_kernel_paths();
}

FileEvidence gather_file_evidence(const ScannedFiles& files, const rules::RuleSet& rules) {
  StageTimer t("  deps+kernel evidence");
  return {dependency_rows(files, rules), kernel_evidence(files)};
}

Assessment assess(Input input, const rules::RuleSet& rules, const Options& options) {
  const Model& model = options.model ? *options.model : embedded_model();
  Assessment a;
  a.root = input.root;
  a.project_name = project_name(input.root);
  if (const HardwareProfileModel* h = find_hardware(model, options.hardware))
    a.hardware = {h->id, h->name, h->name_zh, h->summary, h->summary_zh};
  a.stats = input.stats;
  a.diagnostics = std::move(input.diagnostics);
  a.findings = std::move(input.findings);
  static const ScannedFiles kNoFiles;
  const ScannedFiles& files = input.files ? *input.files : kNoFiles;

  // Two independent halves on two threads, unless the caller gathered the evidence already:
  // the phases and the findings they add here; dependency rows and kernel callers /
  // fallbacks (no phases needed) on the other.
  Helper<FileEvidence> side;
  if (!input.evidence)
    side = start_helper(options.threads, [&] { return gather_file_evidence(files, rules); });
  CrossFile& cross = input.cross;
  if (!cross.graph || !cross.program) {
    cross.graph = std::make_unique<ImportGraph>(files);
    cross.program =
        std::make_unique<ProgramModel>(files, *cross.graph, model.phases, options.threads);
    cross.externals = external_imports(files, rules, embedded_kernel_paths());
  }
  const ImportGraph& graph = *cross.graph;
  ProgramModel& program = *cross.program;
  const std::vector<ExternalImport>& externals = cross.externals;
  a.operators = cross.operators;
  // The phases, and the start-up block's findings they decide, from the project stage when
  // it built them (scan), else here.
  PhaseMap pm;
  if (cross.phases) {
    pm = std::move(*cross.phases);
    std::move(cross.phase_diagnostics.begin(), cross.phase_diagnostics.end(),
              std::back_inserter(a.diagnostics));
  } else {
    StageTimer t_phases("  phases");
    pm = build_phases(files, graph, model.phases, options.phases, a.diagnostics);
    std::vector<Finding> startup = startup_findings(files, graph, pm, rules);
    if (!startup.empty()) {
      const size_t mid = a.findings.size();
      a.findings.reserve(mid + startup.size());  // exact: no doubling of 424-byte records
      std::move(startup.begin(), startup.end(), std::back_inserter(a.findings));
      std::inplace_merge(a.findings.begin(), a.findings.begin() + static_cast<std::ptrdiff_t>(mid),
                         a.findings.end());
    }
  }
  a.phases = pm.phases;
  for (const auto& f : a.findings) a.counts[static_cast<size_t>(f.domain)]++;
  FileEvidence gathered = input.evidence ? std::move(*input.evidence) : side.get();
  a.dependencies = std::move(gathered.dependencies);
  const KernelEvidence& evidence = gathered.kernels;
  annotate_torch_rows(a.dependencies, model.npu_releases);
  StageTimer t_kernels("  kernel rows");
  program.compute_reach(pm);
  a.program = {program.size(), program.stats().followed_uses, program.stats().dynamic_lookups,
               program.stats().unfollowed_calls};
  a.kernels = kernel_rows(files, pm, evidence, &program);
  t_kernels.stop();
  StageTimer t_attr("  attribute phases");
  attribute_phases(a, files, graph, pm, rules, &program);
  add_external_rows(a.kernels, externals, files, a.findings, embedded_kernel_paths());
  t_attr.stop();

  classify_sites(a);
  StageTimer t_tasks("  tasks");
  find_tasks(a, files, graph, pm, program, model.phases.task_options, model.effort,
             options.threads);
  t_tasks.stop();
  StageTimer t_effort("  effort");
  // A framework project adopts its own counterpart; its uses of other frameworks (DeepSpeed's
  // Megatron containers) are part of what that counterpart runs, so no adoption of their own.
  std::string is_evidence;
  const CounterpartModel* is = project_is(files, model.counterparts, &is_evidence);
  const double adoption = is ? 0.0 : adopt_built_on(a, model.counterparts, model.effort);
  const EffortHours hours = fill_effort(a, model.effort, model.phases.training_phases, adoption);
  t_effort.stop();
  a.target_phase = pick_target(a.phases, options.target_phase);
  if (!options.target_phase.empty() && a.target_phase != options.target_phase)
    a.diagnostics.push_back({"", 0,
                             "--target " + options.target_phase + ": no such phase; using " +
                                 (a.target_phase.empty() ? "all code" : a.target_phase)});
  find_run_stoppers(a);
  // Migration sets read findings, kernels, dependencies and phases only: built beside the
  // verdict, roadmap and risks (which do not read them).
  auto sets = start_helper(options.threads, [&] {
    StageTimer t("  migration sets");
    return migration_sets(a, a.target_phase, model.effort);
  });
  StageTimer t_rest("  verdict+roadmap+risks");
  const std::string required =
      options.target_phase.empty() || a.target_phase != options.target_phase ? "" : a.target_phase;
  decide_feasibility(a, model.feasibility, model.effort, rules, required);
  a.roadmap = build_roadmap(a, hours, model.roadmap, model.effort);
  price_built_on(a, hours.total(), model.effort);
  if (is) adopt_as_project(a, *is, is_evidence, model.effort);
  a.risks = build_risks(a.findings);
  t_rest.stop();
  a.migration_sets = sets.get();
  split_minimal_set(a, model.effort);
  if (is) cap_to_adoption(a);
  for (const auto& s : model.assumptions) a.assumptions.push_back({s.id, s.en, s.zh});
  a.assessed = true;
  return a;
}

}  // namespace ascendify::assess
