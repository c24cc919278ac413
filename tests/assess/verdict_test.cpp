#include "assess/verdict.hpp"

#include <gtest/gtest.h>

#include "assess/model.hpp"
#include "assess/roadmap.hpp"
#include "assess/taxonomy.hpp"
#include "core/rule.hpp"
#include "project.hpp"

using namespace ascendify;
using test::Names;

namespace {

assess::FeasibilityModel fm() {
  return {{"no-ascend-path"},
          {"kernel-rewrite", "unported-framework"},
          {"cuda", "extension-build"},
          16,
          {"triton"},
          {"custom_op.triton-tma"}};
}

// Classifies the findings (as assess does first), then decides, with the embedded effort model.
void decide(Assessment& a, const rules::RuleSet& rules, const std::string& target) {
  assess::classify_sites(a);
  assess::decide_feasibility(a, fm(), assess::embedded_model().effort, rules, target);
}

rules::RuleSet empty_rules() {
  rules::RuleSet r;
  r.finalize();
  return r;
}

Finding finding(const std::string& id, Domain d, bool covered, std::vector<std::string> phases,
                uint32_t line = 3) {
  Finding f;
  f.rule_id = id;
  f.domain = d;
  f.path = "m.py";
  f.span.line = line;
  f.match = "x";
  f.auto_by_transfer_to_npu = covered;
  f.phases = std::move(phases);
  return f;
}

// A CUDA kernel with no fallback, reached by training: needs a rewrite.
KernelRow training_cuda_kernel() {
  KernelRow k;
  k.kind = KernelKind::Cuda;
  k.name = "fused_norm";
  k.path = "csrc/norm.cu";
  k.line = 12;
  k.phases = {"training"};
  return k;
}

Assessment base() {
  Assessment a;
  a.phases = {PhaseSummary{"inference", {"gen.py"}, 1, 0, {}, "inference", false},
              PhaseSummary{"training", {"train.py"}, 1, 0, {}, "training", true}};
  return a;
}

TEST(Feasibility, FeasibleWhenTransferToNpuCoversAll) {
  Assessment a = base();
  a.findings = {finding("device.sync", Domain::Device, true, {"inference"})};
  a.findings.push_back(finding("device.x", Domain::Device, false, {}));  // unreached: ignored
  const auto rules = empty_rules();
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Feasible);
  EXPECT_TRUE(a.blockers.empty());
  EXPECT_TRUE(a.assessed);
  ASSERT_EQ(a.feasibility_evidence.size(), 1u);
  EXPECT_NE(a.feasibility_evidence[0].find("nothing stops the run after the mechanical edits (1 "),
            std::string::npos)
      << a.feasibility_evidence[0];
}

TEST(Feasibility, NeedsAdaptationWhenTheManualWorkIsMoreThanTwoDays) {
  Assessment a = base();
  Rule attention;
  attention.id = "attention.flash-attn-varlen";
  attention.effort = {12, 2};  // a varlen swap: 12 h, 2 h per further call
  Finding f = finding(attention.id, Domain::Attention, false, {"inference"});
  f.rule = &attention;
  a.findings = {f};
  const auto rules = empty_rules();
  decide(a, rules, "");
  // One call: 12 h, within the 16 h a feasible port adapts by hand.
  EXPECT_EQ(a.feasibility, Feasibility::Feasible);
  EXPECT_EQ(a.verdict_basis.count, 1u);
  EXPECT_DOUBLE_EQ(a.verdict_basis.hours, 12.0);
  // Three calls: 12 + 2 + 2 = 16 h, still feasible; a fourth makes 18 h.
  a.findings.push_back(a.findings[0]);
  a.findings.push_back(a.findings[0]);
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Feasible);
  a.findings.push_back(a.findings[0]);
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::NeedsAdaptation);
  EXPECT_DOUBLE_EQ(a.verdict_basis.hours, 18.0);
  EXPECT_TRUE(a.blockers.empty());
  EXPECT_EQ(a.feasibility_evidence[0],
            "4 site(s) must be adapted by hand (API swaps with a semantic change, precision "
            "rework, unsupported ops or libraries), about 18 h, more than the 16 h a feasible "
            "port allows, in the phases reached from entry points");
  // The same sites under a flag that is off by default decide nothing.
  for (auto& x : a.findings) x.optional = true;
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Feasible);
}

TEST(Feasibility, NoChangeAndTuningSitesNeverDecide) {
  Assessment a = base();
  Rule tf32, norm;
  tf32.id = "device.cuda-matmul-tf32";
  tf32.site_class = SiteClass::NoChange;
  tf32.effort = {20, 20};
  norm.id = "precision.rmsnorm-float";
  norm.site_class = SiteClass::Tuning;
  norm.effort = {20, 20};
  Finding t = finding(tf32.id, Domain::Device, false, {"training"});
  t.rule = &tf32;
  Finding n = finding(norm.id, Domain::Precision, false, {"training"});
  n.rule = &norm;
  // A device query only printed: no change either, whatever its rule costs.
  Finding shown = finding("device.cuda-get-device-name", Domain::Device, false, {"training"});
  shown.output_only = true;
  a.findings = {t, n, shown, shown, shown};
  const auto rules = empty_rules();
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Feasible);
  EXPECT_EQ(a.site_classes[static_cast<size_t>(SiteClass::NoChange)], 4u);
  EXPECT_EQ(a.site_classes[static_cast<size_t>(SiteClass::Tuning)], 1u);
  EXPECT_EQ(a.site_classes[static_cast<size_t>(SiteClass::MustAdapt)], 0u);
  // Printed is not the same as used: the same query assigned decides.
  a.findings[2].output_only = false;
  decide(a, rules, "");
  EXPECT_EQ(a.site_classes[static_cast<size_t>(SiteClass::MustAdapt)], 1u);
}

TEST(Taxonomy, StopsRunUnlessTransferToNpuMakesTheCheckHold) {
  Rule assert_rule;
  assert_rule.id = "device.tensor-is-cuda";
  assert_rule.stops_run = Rule::kStopsAsCheck;
  Finding f = finding(assert_rule.id, Domain::Device, false, {"inference"});
  f.rule = &assert_rule;
  f.stops_run = true;
  EXPECT_EQ(assess::classify_site(f), SiteClass::StopsRun);
  f.auto_by_transfer_to_npu = true;  // x.is_cuda holds on an NPU under transfer_to_npu
  EXPECT_EQ(assess::classify_site(f), SiteClass::Mechanical);
  f.auto_by_transfer_to_npu = false;
  f.optional = true;  // behind a flag that is off by default
  EXPECT_EQ(assess::classify_site(f), SiteClass::MustAdapt);
  f.optional = false;
  f.phases = {};  // unreached
  EXPECT_EQ(assess::classify_site(f), SiteClass::MustAdapt);
  // A safe autofix is mechanical, an unsafe one waits for review.
  Rule fixable;
  fixable.id = "device.cuda-device-string";
  fixable.autofix = Autofix{};
  Finding g = finding(fixable.id, Domain::Device, false, {"inference"});
  g.rule = &fixable;
  g.autofix = true;
  EXPECT_EQ(assess::classify_site(g), SiteClass::Mechanical);
  fixable.autofix->safe = false;
  EXPECT_EQ(assess::classify_site(g), SiteClass::MustAdapt);
  g.severity = Severity::Info;
  EXPECT_EQ(assess::classify_site(g), SiteClass::NoChange);
  // An import of a package with no NPU build inside try/except ImportError: the fallback runs
  // (Open-Sora's hunyuan_vae xformers import with HAS_XFORMERS); unguarded, it stops the run.
  Rule import_rule;
  import_rule.id = "attention.xformers-import";
  import_rule.stops_run = Rule::kStopsAsImport;
  Finding imp = finding(import_rule.id, Domain::Attention, false, {"inference"});
  imp.rule = &import_rule;
  imp.guarded = true;
  EXPECT_EQ(assess::classify_site(imp), SiteClass::NoChange);
  imp.guarded = false;
  imp.stops_run = true;
  EXPECT_EQ(assess::classify_site(imp), SiteClass::StopsRun);
}

TEST(Feasibility, DifficultForKernelRewrite) {
  Assessment a = base();
  a.kernels = {training_cuda_kernel()};
  const auto rules = empty_rules();
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Difficult);
  EXPECT_EQ(a.blockers, Names{"cuda kernel fused_norm needs a rewrite (csrc/norm.cu:12)"});
  // Only inference required (--target inference): the training kernel does not count.
  decide(a, rules, "inference");
  EXPECT_EQ(a.feasibility, Feasibility::Feasible);
  // A fallback means no rewrite is required.
  a.kernels[0].has_fallback = true;
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Feasible);
}

TEST(Feasibility, DifficultForUnportedFramework) {
  Assessment a = base();
  Rule r;
  r.id = "distributed.deepspeed";
  r.tags = {"unported-framework"};
  Finding f = finding("distributed.deepspeed", Domain::Distributed, false, {"training"}, 9);
  f.rule = &r;
  a.findings = {f};
  const auto rules = empty_rules();
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Difficult);
  EXPECT_EQ(a.blockers, Names{"distributed.deepspeed: x (m.py:9)"});
  a.findings[0].guarded = true;  // guarded: optional, decides nothing
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Feasible);
}

TEST(Feasibility, InfeasibleWithoutAscendPath) {
  Assessment a = base();
  DependencyRow d;
  d.name = "cupy";
  d.status = DependencyStatus::Unsupported;
  d.source = "requirements.txt:4";
  d.phases = {"inference"};
  a.dependencies = {d};
  const auto rules = empty_rules();
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Infeasible);
  EXPECT_EQ(a.blockers, Names{"dependency cupy is unsupported on Ascend with no replacement "
                              "(requirements.txt:4)"});
  a.dependencies[0].phases.clear();  // not involved in any phase
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Feasible);
  a.dependencies[0].phases = {"inference"};
  // A replacement exists: swapping the library is must-adapt work, priced by its findings
  // (none here), not a blocker.
  a.dependencies[0].replacement = "numpy on host";
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Feasible);
  EXPECT_TRUE(a.blockers.empty());
}

// Triton kernels port through triton-ascend (must-adapt, priced by the kernel model) unless
// their file uses what triton-ascend lacks (inline PTX, TMA, libdevice): then a rewrite.
TEST(Feasibility, TritonKernelsAreAdaptedUnlessTheyUseWhatTritonAscendLacks) {
  Assessment a = base();
  KernelRow k;
  k.kind = KernelKind::Triton;
  k.name = "rmsnorm_fwd";
  k.path = "ops/norm.py";
  k.line = 10;
  k.loc = 40;
  k.phases = {"inference"};
  a.kernels = {k};
  const auto rules = empty_rules();
  decide(a, rules, "");
  EXPECT_TRUE(a.blockers.empty());
  EXPECT_EQ(a.verdict_basis.count, 1u);  // the kernel is the one thing to adapt
  EXPECT_GT(a.verdict_basis.hours, 0.0);
  // Six such kernels are more than two days of triton-ascend work.
  a.kernels.assign(6, k);
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::NeedsAdaptation);
  EXPECT_TRUE(a.blockers.empty());
  // A TMA descriptor in the kernel's file makes it a rewrite.
  a.kernels = {k};
  Finding tma = finding("custom_op.triton-tma", Domain::CustomOp, false, {"inference"}, 12);
  tma.path = "ops/norm.py";
  a.findings = {tma};
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Difficult);
  EXPECT_EQ(a.blockers, Names{"triton kernel rmsnorm_fwd needs a rewrite (ops/norm.py:10)"});
}

TEST(MigrationSets, MinimalThenIncremental) {
  Assessment a = base();
  const auto& m = assess::embedded_model().effort;
  a.findings = {finding("device.sync", Domain::Device, false, {"inference", "training"}, 1),
                finding("attention.fa2", Domain::Attention, false, {"inference"}, 2),
                finding("distributed.nccl", Domain::Distributed, false, {"training"}, 3),
                finding("device.sync", Domain::Device, false, {"training"}, 4)};
  DependencyRow d;
  d.name = "flash-attn";
  d.status = DependencyStatus::Replace;
  d.phases = {"inference", "training"};
  a.dependencies = {d};
  EXPECT_EQ(assess::pick_target(a.phases, ""), "inference");
  EXPECT_EQ(assess::pick_target(a.phases, "training"), "training");
  EXPECT_EQ(assess::pick_target(a.phases, "nope"), "inference");
  const auto sets = assess::migration_sets(a, "inference", m);
  ASSERT_EQ(sets.size(), 2u);
  EXPECT_EQ(sets[0].phase, "inference");
  EXPECT_EQ(sets[0].rule_ids, (Names{"attention.fa2", "device.sync"}));
  EXPECT_EQ(sets[0].dependencies, Names{"flash-attn"});
  EXPECT_EQ(sets[0].findings, 2u);
  EXPECT_EQ(sets[1].phase, "training");
  EXPECT_EQ(sets[1].rule_ids, Names{"distributed.nccl"});  // device.sync already in set 0
  EXPECT_TRUE(sets[1].dependencies.empty());
  EXPECT_EQ(sets[1].findings, 2u);  // lines 3 and 4
  EXPECT_GT(sets[1].effort.high, 0.0);
  // Sum of the sets is the estimate of the whole.
  assess::EffortScope all;
  all.phases = {"inference", "training"};
  for (const auto& f : a.findings) all.findings.push_back(&f);
  const double whole = assess::estimate(all, m).total();
  EXPECT_NEAR((sets[0].effort.high + sets[1].effort.high) * m.hours_per_week / m.range_high, whole,
              1e-9);
}

TEST(Roadmap, StepsInOrderWithTheirFindings) {
  Assessment a = base();
  a.findings = {finding("precision.x", Domain::Precision, false, {"inference"}, 1),
                finding("device.sync", Domain::Device, true, {"inference"}, 2),
                finding("device.sync", Domain::Device, true, {"inference"}, 3)};
  const auto& model = assess::embedded_model();
  const auto hours = assess::fill_effort(a, model.effort, {"training"});
  const auto steps = assess::build_roadmap(a, hours, model.roadmap, model.effort);
  Names titles;
  for (const auto& s : steps) titles.push_back(s.title);
  EXPECT_EQ(titles, (Names{"Environment", "Device layer", "Precision", "Verification"}));
  EXPECT_EQ(steps[1].rule_ids, Names{"device.sync"});
  EXPECT_EQ(steps[1].findings, 2u);
  double sum = 0;
  for (const auto& s : steps) sum += s.effort.high;
  EXPECT_NEAR(sum, a.effort.high, 1e-9);
  const auto risks = assess::build_risks(a.findings);
  ASSERT_EQ(risks.size(), 2u);
  EXPECT_EQ(risks[0].rule_id, "device.sync");  // device before precision
  EXPECT_EQ(risks[0].sites, 2u);
  EXPECT_EQ(risks[0].patterns, Names{"x"});
}

TEST(Roadmap, RiskRowsShowFilledInReplacementsNotTemplates) {
  Rule stats;
  stats.id = "device.mem";
  stats.replacement = "torch.npu.{tail}";
  Rule plain;
  plain.id = "device.sync";
  plain.replacement = "torch.npu.synchronize";
  auto site = [](const Rule& r, const std::string& match, const std::string& filled) {
    Finding f;
    f.rule = &r;
    f.rule_id = r.id;
    f.domain = Domain::Device;
    f.match = match;
    f.replacement = filled;
    return f;
  };
  const std::vector<Finding> fs = {
      site(stats, "torch.cuda.memory_allocated", "torch.npu.memory_allocated"),
      site(stats, "torch.cuda.memory_allocated", "torch.npu.memory_allocated"),
      site(stats, "torch.cuda.max_memory_reserved", "torch.npu.max_memory_reserved"),
      site(plain, "torch.cuda.synchronize", "torch.npu.synchronize")};
  const auto risks = assess::build_risks(fs);
  ASSERT_EQ(risks.size(), 2u);
  EXPECT_EQ(risks[0].rule_id, "device.mem");
  EXPECT_EQ(risks[0].replacement, "torch.npu.memory_allocated, torch.npu.max_memory_reserved");
  EXPECT_EQ(risks[0].sites, 3u);
  EXPECT_EQ(risks[1].replacement, "torch.npu.synchronize");
}

}  // namespace

TEST(Feasibility, KernelRowSpeaksForBlockerFindingsInItsFile) {
  // A blocker finding inside the kernel's file (an intrinsic, the kernel itself) is not a
  // second blocker; a blocker finding elsewhere still is.
  Assessment a = base();
  a.kernels = {training_cuda_kernel()};
  Finding in_file = finding("custom_op.warp-intrinsic", Domain::CustomOp, false, {"training"}, 20);
  in_file.path = "csrc/norm.cu";
  in_file.severity = Severity::Blocker;
  Finding elsewhere =
      finding("custom_op.cupy-raw-kernel", Domain::CustomOp, false, {"training"}, 7);
  elsewhere.severity = Severity::Blocker;
  a.findings = {in_file, elsewhere};
  const auto rules = empty_rules();
  decide(a, rules, "");
  EXPECT_EQ(a.feasibility, Feasibility::Difficult);
  EXPECT_EQ(a.blockers, (Names{"cuda kernel fused_norm needs a rewrite (csrc/norm.cu:12)",
                               "custom_op.cupy-raw-kernel: x (m.py:7)"}));
}

TEST(Roadmap, EveryEmbeddedStepHasChineseWording) {
  for (const auto& s : assess::embedded_model().roadmap) {
    EXPECT_FALSE(s.title_zh.empty()) << s.id;
    EXPECT_FALSE(s.detail_zh.empty()) << s.id;
  }
}
