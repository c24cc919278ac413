#pragma once
// The assessment: everything a renderer needs, as plain data. Renderers never re-read files.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/domain.hpp"
#include "core/finding.hpp"
#include "core/kernel_kind.hpp"
#include "core/phase_names.hpp"
#include "core/rule.hpp"

namespace ascendify {

struct EffortRange {
  double low = 0.0;  // person-weeks
  double high = 0.0;
};

enum class Feasibility : uint8_t { Feasible, NeedsAdaptation, Difficult, Infeasible };
std::string_view to_string(Feasibility f);   // "feasible" | "needs-adaptation" | ...
std::string_view to_chinese(Feasibility f);  // 可行 | 需适配 | 困难 | 不可行
std::optional<Feasibility> parse_feasibility(std::string_view s);

struct PhaseSummary {
  std::string name;                       // "inference", "training", ...
  std::vector<std::string> entry_points;  // root-relative paths
  uint32_t files = 0;                     // files reachable from the entry points
  uint32_t findings = 0;
  EffortRange effort;
  std::string kind;             // convention the phase follows ("training", ...; "" unknown)
  bool needs_backward = false;  // a training phase: backward-only kernels count here
};

struct DependencyRow {
  std::string name;    // normalized distribution name
  std::string spec;    // version spec as written (may be empty)
  std::string source;  // "requirements.txt:3" or "import:wan/attention.py:5"
  DependencyStatus status = DependencyStatus::None;  // compatible | replace | unsupported
                                                     // | not-involved
  std::string replacement;
  std::string rule_id;  // the dependency rule that classified it ("" when unknown)
  bool guarded = false;
  bool imported = false;  // some scanned code imports it
  std::vector<std::string> phases;
  bool optional = false;  // imported only by optional features' files (Finding::optional)
  // The phases of `phases` that import it only from optional code (a branch module constants
  // rule out, a flag off by default): not in their migration sets.
  std::vector<std::string> optional_phases;
  // torch rows: the torch_npu release the pin pairs with (rules/model/versions.yaml), "" else.
  std::string npu_release;
  // The Chinese report's wording of `replacement` and `npu_release` ("" = the English).
  std::string replacement_zh, npu_release_zh;
  bool dev_tool = false;  // a development tool (rule tag dev-tool): listed apart
};

struct KernelRow {
  KernelKind kind = KernelKind::Cuda;
  std::string name;
  std::string path;
  uint32_t line = 0;
  uint32_t loc = 0;
  std::vector<std::string> features;
  std::string ascend_path;
  std::vector<std::string> phases;
  std::vector<std::string> callers;  // "path:line"
  std::string purpose;
  bool backward_only = false;
  bool has_fallback = false;
  bool templated = false;
  bool optional = false;       // reached only through code under flag tests (Finding::optional)
  std::string ascend_path_zh;  // the Chinese report's wording of ascend_path
};

// One task of a phase whose entry dispatches on an argparse option (`--task t2v-14B`): the
// code that value runs (assess/tasks.hpp).
struct TaskPhase {
  std::string phase;        // "inference"
  std::string entry;        // "generate.py"
  std::string option;       // "task"
  std::string value;        // "t2v-14B"
  bool is_default = false;  // the option's default: what the default run does
  SharedNames files;        // files with a function or class the task runs, sorted (copies share)
  uint32_t findings = 0;
  EffortRange effort;                 // the task ported alone
  std::vector<std::string> rule_ids;  // rules with non-info findings in the task, sorted
  std::vector<std::string> kernels;   // "path:line name"
};

struct RoadmapStep {
  std::string title;
  std::string detail;
  EffortRange effort;
  std::vector<std::string> rule_ids;
  uint32_t findings = 0;
  std::string title_zh, detail_zh;  // empty: the Chinese report uses title / detail
};

// One row of the risk matrix: a CUDA pattern found, its Ascend replacement, the confidence.
struct RiskRow {
  std::string rule_id;
  Domain domain = Domain::Device;
  std::vector<std::string> patterns;  // distinct matched texts, first-seen order (at most 3)
  std::string replacement;
  Confidence confidence = Confidence::Medium;
  uint32_t sites = 0;
  std::string replacement_zh;  // the Chinese report's wording ("" = `replacement`)
};

// A migration set: what a phase needs beyond the sets before it (the first one is the
// minimal migration set of the target phase).
struct MigrationSet {
  std::string phase;
  std::vector<std::string> rule_ids;      // rules with findings in the set, sorted
  std::vector<std::string> dependencies;  // non-compatible dependency names, sorted
  std::vector<std::string> kernels;       // "path:line name"
  uint32_t findings = 0;
  EffortRange effort;  // incremental effort of this set
};

struct ScanStats {
  uint32_t files_scanned = 0;
  uint64_t bytes_scanned = 0;
  std::map<std::string, uint32_t> files_by_kind;
  uint32_t suppressed = 0;
};

// A framework with an Ascend counterpart that the project is, or runs on
// (rules/model/counterparts.yaml, assess/counterparts.hpp).
struct CounterpartUse {
  std::string id, framework, name;  // "megatron", "Megatron-LM", "MindSpeed"
  std::string how, how_zh;          // what adopting it means
  bool is_project = false;          // the project is the framework (else it runs on it)
  // Why: "megatron/ holds 412 of 530 Python files" | "dependency megatron-core (setup.py:3)".
  std::string evidence;
  EffortRange adoption;  // person-weeks to adopt the counterpart
  // The same project ported line by line (the tool's estimate without the counterpart).
  Feasibility literal_feasibility = Feasibility::NeedsAdaptation;
  EffortRange literal_effort;
  uint32_t taken_over = 0;  // sites the counterpart takes over (Finding::by_counterpart)
  double adoption_hours = 0, literal_hours = 0;  // built on: adoption, taken-over sites
  // The line-by-line port's blockers (is_project; at most 10), not the adoption's.
  std::vector<std::string> literal_blockers;
  std::vector<std::string> refs;
};

// The target hardware profile the rules were read for (rules/model/hardware.yaml).
struct HardwareTarget {
  std::string id, name, name_zh, summary, summary_zh;
};

// torch.* calls checked against Huawei's PyTorch API support list (assess/operator_support.hpp).
struct OperatorCheck {
  std::string list;  // torch version of the list used ("2.8"); "" = not checked
  uint32_t checked = 0, supported = 0, unsupported = 0, unknown = 0;
  std::vector<std::pair<std::string, uint32_t>> unsupported_ops;  // name, calls; most first
  std::vector<std::pair<std::string, uint32_t>> unknown_ops;      // the 25 most called
};

struct Assessment {
  std::string root;          // as given on the command line
  std::string project_name;  // last component of the root
  HardwareTarget hardware;   // empty id: the rules as written (no profile applied)
  OperatorCheck operators;
  bool assessed = false;  // false until the assess stage fills phases/effort/feasibility
  Feasibility feasibility = Feasibility::NeedsAdaptation;
  EffortRange effort;
  std::vector<std::string> blockers;  // "reason (path:line)"
  // Blockers of optional features (Finding::optional, KernelRow::optional): reported, not
  // counted in the verdict. Same form as `blockers`.
  std::vector<std::string> optional_blockers;
  // Sites that stop the default run on an NPU unless changed (Finding::stops_run, in code the
  // target phase requires, not behind a flag or a probe): "why: `snippet` (path:line)".
  std::vector<std::string> run_stoppers;
  // The same lists worded for the Chinese report, index for index.
  std::vector<std::string> blockers_zh, optional_blockers_zh, run_stoppers_zh;
  // Every line that stops the run in some phase (SiteClass::StopsRun), as parts: the
  // manager's view lists them all with their phases; `run_stoppers` above keeps those of the
  // target phase.
  struct RunStopSite {
    std::string where;  // "path:line"
    std::string why, why_zh;
    std::string snippet;  // the source line
    std::vector<std::string> phases;
    bool in_target = false;  // on the target phase's path (listed in run_stoppers)
  };
  std::vector<RunStopSite> run_stop_sites;
  std::array<uint32_t, 7> counts{};  // findings per Domain, kAllDomains order
  // Sites per SiteClass (assess/taxonomy.hpp) in the code the phases require (reached, not
  // optional, not guarded); an aggregated finding counts its sites.
  std::array<uint32_t, kSiteClasses> site_classes{};
  std::vector<PhaseSummary> phases;
  // Sub-phases of phases whose entry dispatches tasks on an option, phase by phase, the
  // choices in declared order.
  std::vector<TaskPhase> tasks;
  std::vector<DependencyRow> dependencies;
  std::vector<KernelRow> kernels;
  std::vector<Finding> findings;  // sorted (path, line, col, rule)
  std::vector<Diagnostic> diagnostics;
  std::vector<RoadmapStep> roadmap;
  ScanStats stats;
  // Filled by assess (see docs/effort-model.md):
  std::vector<std::string> feasibility_evidence;  // the criteria that decided the verdict
  // The same criterion as data, for reports in other languages than the English evidence.
  struct VerdictBasis {
    // Counterpart: the project is a framework with an Ascend counterpart (counterparts[0]).
    enum class Kind : uint8_t {
      None,
      NoPath,
      Rewrite,
      Manual,
      Covered,
      Counterpart
    } kind = Kind::None;
    enum class Scope : uint8_t { All, Reached, Phase } scope = Scope::All;
    size_t count = 0;       // NoPath, Rewrite: blockers; Manual, Covered: sites to adapt by hand
    std::string phase;      // Scope::Phase
    double hours = 0;       // Manual, Covered: hours of the sites to adapt by hand
    double limit = 0;       // the most a feasible port adapts (feasible_max_adapt_hours)
    size_t mechanical = 0;  // Manual, Covered: mechanical sites
  } verdict_basis;
  std::array<EffortRange, 7> effort_by_domain{};  // kAllDomains order; kernels in custom_op
  EffortRange effort_environment;                 // CANN + torch_npu set-up
  EffortRange effort_verification;                // precision comparison + tuning
  EffortRange effort_kernels;      // the kernels' part of effort_by_domain[custom_op]
  EffortRange effort_counterpart;  // adopting the counterparts the project runs on
  // Frameworks with an Ascend counterpart: the one the project is (first, is_project; it then
  // decides the verdict and the effort), and those it runs on.
  std::vector<CounterpartUse> counterparts;
  // What every estimate rests on (rules/model/assumptions.yaml), in both report languages.
  struct Assumption {
    std::string id, en, zh;
  };
  std::vector<Assumption> assumptions;
  std::string target_phase;                  // phase of the minimal migration set
  std::vector<MigrationSet> migration_sets;  // [0] minimal, then incremental
  std::vector<RiskRow> risks;                // by domain, rule id
  // Findings no entry point reaches have empty `phases`; these are their files (not those of
  // unused definitions or backward-only kernels) and their count (those included).
  std::vector<std::string> unreached_files;
  uint32_t unreached_findings = 0;
  // Module-level functions and classes of reached files that nothing the phases run uses
  // (assess/program_model.hpp), with the findings inside them (empty `phases`, counted in
  // unreached_findings too).
  struct UnusedDefinition {
    std::string path, name;
    uint32_t line = 0;
    uint32_t findings = 0;
    bool is_class = false;
  };
  std::vector<UnusedDefinition> unused_definitions;
  // The program model's size and limits (assess/program_model.hpp): its units (each file's
  // module code and __main__ block, module-level functions and classes), the uses of them it
  // followed, method calls on objects it could not follow.
  struct ProgramStats {
    uint64_t units = 0, followed_uses = 0, dynamic_lookups = 0, unfollowed_calls = 0;
  } program;
  uint32_t unused_findings = 0;
  // Findings of reached files inside kernels only a backward pass runs, when no phase trains
  // (counted in unreached_findings too; their files are not in unreached_files).
  uint32_t backward_only_findings = 0;
  std::vector<std::string> backward_only_files;
};

}  // namespace ascendify
