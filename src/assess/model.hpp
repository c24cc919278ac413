#pragma once
// The assessment model parameters (rules/model/*.yaml): effort model, phase-name conventions,
// roadmap steps, feasibility criteria. Knowledge lives in the YAML; this is its typed form.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/packed_names.hpp"

namespace ascendify::assess {

struct SiteFactors {
  double guarded = 0.5;
  double transfer_to_npu_covered = 0.1;
  double unreached = 0.5;
};

struct KernelModel {
  std::map<std::string, double> base_hours;
  double default_base_hours = 12.0;
  std::map<std::string, double> hours_per_100_loc;
  std::map<std::string, double> feature_hours;
  double default_feature_hours = 4.0;
  double templated_factor = 1.0;
  std::vector<std::string> backward_kinds;
  double backward_factor = 1.0;
  double fallback_factor = 1.0;
};

struct VerificationModel {
  double base = 0, per_phase = 0, per_kernel = 0, per_site = 0;
};

struct EffortModel {
  double hours_per_week = 40.0;
  double range_low = 1.0, range_high = 1.0;
  double default_first = 1.0, default_each = 0.25;
  SiteFactors factors;
  double environment_hours = 0.0;
  KernelModel kernels;
  VerificationModel precision;    // per_site: per precision-domain site
  VerificationModel performance;  // per_site: per attention-domain site
  // A phase whose NPU differences are all mechanical (or that has only no-change sites) is
  // verified by one smoke run; a phase with no site at all costs nothing.
  double smoke_hours_per_phase = 0.0;
  // Rules whose sites do not make a phase need any verification (the start-up import).
  std::vector<std::string> smoke_ignore_rules;
};

struct PhaseConvention {
  std::string phase;
  std::vector<std::string> words;
  // Derived by the loader: each word and its plural in the token form phase matching compares
  // (convention_tokens in entry_points.hpp); computed on the fly when left empty.
  std::vector<std::string> word_tokens;
};

struct PhaseModel {
  std::vector<PhaseConvention> conventions;
  std::string fallback_phase = "main";
  std::vector<std::string> training_phases;
  std::vector<std::string> order;
  std::string tests_policy = "evaluation";  // evaluation | exclude
  std::vector<std::string> test_folders, test_prefixes, test_suffixes, test_names;
  // A script (a file nothing imports, with calls at its top level, no __main__ guard) is an
  // entry point unless its file name is one of these (package inits, tool configurations).
  std::vector<std::string> script_exclude_names;
  // Top-level calls that do not make a file a script (a deprecation warning, a path tweak).
  std::vector<std::string> script_ignore_calls;
  // Dispatchers (one command running the project's tasks as subcommands): an entry point no
  // convention names, a console-script target or a file with one of these stems, whose directly
  // imported project modules name at least `dispatcher_min_phases` phases by convention.
  std::vector<std::string> dispatcher_stems;
  uint32_t dispatcher_min_phases = 2;
  // Decorators that neither register nor call what they decorate (program model): a def with
  // only these is used only where something names it. Each entry matches the decorator's
  // resolved name or any name below it ("torch" matches "torch.no_grad").
  std::vector<std::string> pure_decorators;
  // Argparse options (dests) that select the project's task (`--task t2v-14B`): an entry that
  // declares one with choices and branches on it has a sub-phase per choice (assess/tasks.hpp).
  std::vector<std::string> task_options;
};

struct RoadmapStepModel {
  std::string id, title, detail;
  std::string title_zh, detail_zh;  // the Chinese report's wording (empty: the English one)
  std::vector<std::string> domains;
  bool always = false;
  bool kernels = false;
  bool verification = false;
};

struct FeasibilityModel {
  std::vector<std::string> infeasible_tags, difficult_tags, rewrite_kernel_kinds;
  // Feasible: nothing stops the run after the mechanical edits and the must-adapt sites cost
  // at most this many hours (docs/effort-model.md "Site taxonomy").
  double feasible_max_adapt_hours = 16.0;
  // Kernel kinds with a port path (must-adapt work) unless their file has a finding of
  // port_blocking_rules (then a rewrite).
  std::vector<std::string> ported_kernel_kinds, port_blocking_rules;
};

// A framework with an Ascend counterpart (rules/model/counterparts.yaml): a project that is
// the framework, or runs on it, adopts the counterpart instead of porting the framework.
struct CounterpartModel {
  std::string id;         // "megatron"
  std::string framework;  // "Megatron-LM"
  std::string name;       // "MindSpeed"
  std::string how, how_zh;
  // The project is the framework: its root defines one of these top-level packages, holding at
  // least `min_share` of its Python files.
  std::vector<std::string> packages;
  double min_share = 0.25;
  // The project runs on it: a reached, non-optional dependency row of one of these names.
  std::vector<std::string> distributions;
  double hours_is = 0, hours_built_on = 0;  // adopting the counterpart
  std::string feasibility;                  // the verdict of the adoption
  // Rules whose sites the counterpart takes over (not priced when the project runs on it).
  std::vector<std::string> rules;
  std::vector<std::string> refs;
};

// A stated assumption of the estimate (rules/model/assumptions.yaml), in both report languages.
struct AssumptionModel {
  std::string id, en, zh;
};

// A target hardware profile (rules/model/hardware.yaml): rules read differently on it
// (Rule::hardware, applied by RuleSet::apply_hardware); the report names it.
struct HardwareProfileModel {
  std::string id;                    // "atlas-a2"
  std::string name, name_zh;         // "Atlas A2 (Ascend 910B)"
  std::vector<std::string> aliases;  // also accepted by --hardware ("910b", "a2")
  std::string summary, summary_zh;   // what differs for a port on it, one or two sentences
  std::vector<std::string> refs;
};

// A torch_npu release and the torch and CANN versions it pairs with (rules/model/versions.yaml).
struct NpuReleaseModel {
  std::string torch_npu, torch, cann;
  std::string status;  // maintained | end-of-life | "" (unknown)
};

// Huawei's PyTorch API support list for one torch version (rules/model/operators.yaml).
// Packed (core/packed_names.hpp): the lists hold about 25,000 strings.
struct OperatorListModel {
  std::string torch;        // "2.8"
  PackedNames unsupported;  // sorted
  PackedNames supported;    // sorted
  PackedNames notes;        // per supported name: verified dtypes / notes, or ""
};

struct Model {
  EffortModel effort;
  PhaseModel phases;
  std::vector<RoadmapStepModel> roadmap;
  FeasibilityModel feasibility;
  std::vector<CounterpartModel> counterparts;
  std::vector<AssumptionModel> assumptions;
  std::vector<HardwareProfileModel> hardware;
  std::string default_hardware;                   // profile id used without --hardware
  std::vector<NpuReleaseModel> npu_releases;      // newest first
  std::vector<std::string> npu_release_refs;      // sources of the version table
  std::vector<OperatorListModel> operator_lists;  // newest torch first
  std::vector<std::string> operator_refs;
};

// The profile named `name` (its id or an alias, case-insensitive); null when none is.
const HardwareProfileModel* find_hardware(const Model& model, std::string_view name);

// Adds the parameters of one model file ("rules/model/effort.yaml" etc., chosen by its stem)
// to `model`. Problems become diagnostics; the model keeps its previous values.
void load_model_file(Model& model, std::string_view name, std::string_view text,
                     std::vector<Diagnostic>& diagnostics);

// The embedded model (rules/model/*.yaml compiled into the binary), parsed once.
const Model& embedded_model();

}  // namespace ascendify::assess
