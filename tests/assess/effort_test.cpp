#include "assess/effort.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "assess/model.hpp"
#include "core/rule.hpp"
#include "rules/embedded.hpp"

using namespace ascendify;
using namespace ascendify::assess;

namespace {

// Parameters chosen for hand arithmetic.
const char* kEffort = R"(
hours_per_week: 40
range: {low: 0.5, high: 2.0}
default_rule: {first: 3, each: 1}
site_factors: {guarded: 0.5, transfer_to_npu_covered: 0.1, unreached: 0.5}
environment_hours: 8
kernels:
  base_hours: {cuda: 20, triton: 10}
  default_base_hours: 5
  hours_per_100_loc: {cuda: 10}
  feature_hours: {warp-shuffle: 6}
  default_feature_hours: 2
  templated_factor: 1.5
  backward_kinds: [autograd-function]
  backward_factor: 2
  fallback_factor: 0.25
verification:
  precision: {base: 4, per_phase: 2, per_kernel: 1, per_precision_site: 0.5}
  performance: {base: 4, per_phase: 2, per_kernel: 1, per_attention_site: 0.25}
  smoke_per_phase: 1.5
  ignore_rules: [device.npu-startup]
)";

EffortModel model() {
  Model m;
  std::vector<Diagnostic> d;
  load_model_file(m, "rules/model/effort.yaml", kEffort, d);
  EXPECT_TRUE(d.empty());
  return m.effort;
}

Finding site(bool covered = false, bool guarded = false) {
  Finding f;
  f.rule_id = "device.sync";
  f.severity = Severity::Manual;
  f.auto_by_transfer_to_npu = covered;
  f.guarded = guarded;
  f.phases = {"inference"};
  return f;
}

TEST(Effort, FirstSiteThenEachFurther) {
  const EffortModel m = model();
  Rule r;
  r.effort = {2.0, 0.5};
  std::vector<Finding> sites(4, site());
  std::vector<const Finding*> ptrs;
  for (const auto& s : sites) ptrs.push_back(&s);
  EXPECT_DOUBLE_EQ(rule_hours(&r, ptrs, m, false), 2.0 + 3 * 0.5);
  EXPECT_DOUBLE_EQ(rule_hours(nullptr, ptrs, m, false), 3.0 + 3 * 1.0);  // default rule
}

TEST(Effort, FortiethCoveredSiteCostsAlmostNothing) {
  const EffortModel m = model();
  Rule r;
  r.effort = {1.0, 0.5};
  std::vector<Finding> sites(40, site(/*covered=*/true));
  std::vector<const Finding*> ptrs;
  for (const auto& s : sites) ptrs.push_back(&s);
  // 1 + 39 * 0.5 * 0.1 = 2.95
  EXPECT_NEAR(rule_hours(&r, ptrs, m, false), 2.95, 1e-9);
}

TEST(Effort, GuardedAndUnreachedDiscounted) {
  const EffortModel m = model();
  Rule r;
  r.effort = {2.0, 1.0};
  Finding g = site(false, true);
  Finding u = site();
  u.phases = {};
  Finding info = site();
  info.severity = Severity::Info;
  // Heaviest first: unreached (0.5) pays first? both 0.5: g first -> 2*0.5 + 1*0.5 = 1.5
  EXPECT_DOUBLE_EQ(rule_hours(&r, {&g, &u, &info}, m, true), 1.5);
  // Without the unreached discount the unreached site weighs 1 and pays the first cost.
  EXPECT_DOUBLE_EQ(rule_hours(&r, {&g, &u, &info}, m, false), 2.0 + 0.5);
  EXPECT_DOUBLE_EQ(rule_hours(&r, {&info}, m, false), 0.0);
}

TEST(Effort, KernelHours) {
  const EffortModel m = model();
  KernelRow k;
  k.kind = KernelKind::Cuda;
  k.loc = 250;
  k.features = {"warp-shuffle", "inline-asm"};
  // 20 + 10*2.5 + 6 + 2 = 53
  EXPECT_DOUBLE_EQ(kernel_hours(k, false, m), 53.0);
  k.templated = true;
  EXPECT_DOUBLE_EQ(kernel_hours(k, false, m), 79.5);
  k.templated = false;
  k.has_fallback = true;
  EXPECT_DOUBLE_EQ(kernel_hours(k, false, m), 13.25);
  KernelRow fn;
  fn.kind = KernelKind::AutogradFunction;
  EXPECT_DOUBLE_EQ(kernel_hours(fn, false, m), 5.0);
  EXPECT_DOUBLE_EQ(kernel_hours(fn, true, m), 10.0);  // backward needed
}

TEST(Effort, VerificationAndWholeEstimate) {
  const EffortModel m = model();
  // Sites count by their square root:
  // precision 4 + 2*2 + 1*1 + 0.5*sqrt(4) = 10; performance 4 + 2*2 + 1*1 + 0.25*sqrt(2)
  // {full, smoke, kernels, precision, attention, tuning}
  EXPECT_DOUBLE_EQ(verification_hours({2, 0, 1, 4, 2, 0}, m), 10.0 + 9.0 + 0.25 * std::sqrt(2.0));
  // A phase that needs only a smoke run adds that, without the bases.
  EXPECT_DOUBLE_EQ(verification_hours({2, 1, 1, 4, 2, 0}, m),
                   10.0 + 9.0 + 0.25 * std::sqrt(2.0) + 1.5);
  EXPECT_DOUBLE_EQ(verification_hours({0, 2, 0, 0, 0, 0}, m), 3.0);
  EXPECT_DOUBLE_EQ(verification_hours({0, 0, 0, 0, 0, 0}, m), 0.0);
  // 100 precision sites weigh 0.5*10 = 5 hours, not 50; nothing changes speed: no tuning.
  EXPECT_DOUBLE_EQ(verification_hours({1, 0, 0, 100, 0, 0}, m), 4 + 2 + 5.0);
  // Only speed changes (a tuning site): no precision comparison.
  EXPECT_DOUBLE_EQ(verification_hours({1, 0, 0, 0, 0, 3}, m), 4 + 2);
  // Neither (a compile switch turned off): the phase takes a smoke run.
  EXPECT_DOUBLE_EQ(verification_hours({2, 0, 0, 0, 0, 0}, m), 3.0);
  Assessment a;
  a.phases = {PhaseSummary{"inference", {"gen.py"}, 1, 1, {}, "inference", false}};
  Finding f = site();
  f.domain = Domain::Precision;
  a.findings = {f};
  EffortHours h = fill_effort(a, m, {"training"});
  // env 8 + precision rule (default first 3) + precision comparison (4+2+0.5) = 17.5; no
  // site changes speed, so no performance tuning.
  EXPECT_DOUBLE_EQ(h.total(), 17.5);
  EXPECT_DOUBLE_EQ(a.effort.low, 17.5 * 0.5 / 40);
  EXPECT_DOUBLE_EQ(a.effort.high, 17.5 * 2.0 / 40);
  EXPECT_DOUBLE_EQ(a.effort_by_domain[static_cast<size_t>(Domain::Precision)].high, 3 * 2.0 / 40);
  EXPECT_DOUBLE_EQ(a.phases[0].effort.high, 17.5 * 2.0 / 40);
}

// No phantom costs: a phase pays verification for what differs on the NPU there.
TEST(Effort, APhaseWithoutSitesCostsNothing) {
  const EffortModel m = model();
  Assessment a;
  a.phases = {PhaseSummary{"inference", {"gen.py"}, 1, 1, {}, "inference", false},
              PhaseSummary{"preprocessing", {"prep.py"}, 1, 0, {}, "preprocessing", false},
              PhaseSummary{"training", {"train.py"}, 1, 0, {}, "training", true}};
  Finding adapt = site();  // must-adapt (default class), inference only
  Finding mech = site(true);
  mech.site_class = SiteClass::Mechanical;
  mech.phases = {"training"};
  Finding startup = site();
  startup.rule_id = "device.npu-startup";
  startup.severity = Severity::Info;
  startup.site_class = SiteClass::Mechanical;
  startup.phases = {"preprocessing"};  // a CPU-only script that imports torch
  a.findings = {adapt, mech, startup};
  EffortHours h = fill_effort(a, m, {"training"});
  // Inference needs the full comparison, but its device site changes neither numerics nor
  // speed: a smoke run; training: a smoke run; preprocessing: nothing.
  EXPECT_DOUBLE_EQ(h.verification, 1.5 + 1.5);
  // env 8 + device.sync: first 3 (must-adapt) + each 1 x 0.1 (covered) + verification
  EXPECT_DOUBLE_EQ(h.total(), 8 + 3 + 0.1 + 3.0);
  EXPECT_DOUBLE_EQ(a.phases[1].effort.high, 0.0);  // preprocessing alone: nothing to port
  // Training alone: environment, the mechanical site (first 3), a smoke run.
  EXPECT_DOUBLE_EQ(a.phases[2].effort.high, (8 + 3 + 1.5) * 2.0 / 40);
  // An attention site in inference: precision comparison and tuning for that phase.
  a.findings[0].domain = Domain::Attention;
  h = fill_effort(a, m, {"training"});
  EXPECT_DOUBLE_EQ(h.verification, (4 + 2 + 0) + (4 + 2 + 0.25) + 1.5);
  // The same attention site reached by training too: compared once, in inference; training
  // (nothing new to compare) keeps its smoke run.
  a.findings[0].phases = {"inference", "training"};
  h = fill_effort(a, m, {"training"});
  EXPECT_DOUBLE_EQ(h.verification, (4 + 2 + 0) + (4 + 2 + 0.25) + 1.5);
  // A second attention site only training reaches: training is compared too.
  Finding train_only = a.findings[0];
  train_only.phases = {"training"};
  train_only.span.line = 9;
  a.findings.push_back(train_only);
  h = fill_effort(a, m, {"training"});
  EXPECT_DOUBLE_EQ(h.verification, (4 + 2 * 2 + 0) + (4 + 2 * 2 + 0.25 * std::sqrt(2.0)));
  // A project with no site at all costs nothing: no environment, no verification.
  Assessment empty;
  EXPECT_DOUBLE_EQ(fill_effort(empty, m, {"training"}).total(), 0.0);
  EXPECT_DOUBLE_EQ(empty.effort.high, 0.0);
}

TEST(Effort, CustomOpSitesInAKernelFileArePricedByTheKernel) {
  const EffortModel m = model();
  KernelRow k;
  k.kind = KernelKind::Triton;
  k.path = "kern.py";
  k.loc = 0;
  Finding in_file = site();
  in_file.domain = Domain::CustomOp;
  in_file.path = "kern.py";  // e.g. @triton.jit, tl.* in the kernel's file
  Finding elsewhere = in_file;
  elsewhere.path = "setup.py";
  EffortScope s;
  s.findings = {&in_file, &elsewhere};
  s.kernels = {&k};
  s.kernel_needs_backward = {false};
  const EffortHours h = estimate(s, m);
  // kernel: triton base 10; the site in kern.py is free; the site in setup.py pays the
  // default first cost 3.
  EXPECT_DOUBLE_EQ(h.domain[static_cast<size_t>(Domain::CustomOp)], 10.0 + 3.0);
  // Without the kernel in scope the kern.py site is priced by its rule again: 3 + 1.
  s.kernels.clear();
  s.kernel_needs_backward.clear();
  EXPECT_DOUBLE_EQ(estimate(s, m).domain[static_cast<size_t>(Domain::CustomOp)], 3.0 + 1.0);
}

TEST(Model, EmbeddedFilesLoadCleanly) {
  Model m;
  std::vector<Diagnostic> d;
  size_t n = 0;
  for (const auto& f : rules::embedded_model_files()) {
    load_model_file(m, f.name, f.text, d);
    ++n;
  }
  EXPECT_EQ(n, 10u);  // assumptions, counterparts, effort, feasibility, hardware, kernels,
                      // operators, phases, roadmap, versions
  ASSERT_EQ(m.operator_lists.size(), 4u);  // torch 2.8, 2.7, 2.6, 2.1
  EXPECT_EQ(m.operator_lists.front().unsupported.size(), 240u);
  EXPECT_EQ(m.operator_lists.front().supported.size(), 2971u);
  ASSERT_FALSE(m.hardware.empty());
  EXPECT_EQ(m.default_hardware, "atlas-a2");
  EXPECT_NE(find_hardware(m, m.default_hardware), nullptr);
  EXPECT_EQ(find_hardware(m, "910B"), find_hardware(m, "atlas-a2"));
  for (const auto& h : m.hardware) EXPECT_FALSE(h.refs.empty()) << h.id << " cites no source";
  ASSERT_GE(m.npu_releases.size(), 20u);
  EXPECT_FALSE(m.npu_release_refs.empty());
  EXPECT_TRUE(d.empty()) << d.front().path << ": " << d.front().message;
  ASSERT_GE(m.counterparts.size(), 4u);
  EXPECT_EQ(m.counterparts.front().id, "megatron");
  EXPECT_EQ(m.counterparts.front().name, "MindSpeed");
  EXPECT_GT(m.counterparts.front().hours_is, 0.0);
  for (const auto& c : m.counterparts) EXPECT_FALSE(c.refs.empty()) << c.id << " cites no source";
  ASSERT_GE(m.assumptions.size(), 4u);
  for (const auto& a : m.assumptions) EXPECT_FALSE(a.en.empty() || a.zh.empty()) << a.id;
  EXPECT_DOUBLE_EQ(m.feasibility.feasible_max_adapt_hours, 16.0);
  EXPECT_DOUBLE_EQ(m.effort.smoke_hours_per_phase, 4.0);
  EXPECT_EQ(m.roadmap.size(), 8u);
  EXPECT_EQ(m.roadmap.front().id, "environment");
  EXPECT_EQ(m.roadmap.back().id, "verification");
  EXPECT_GT(m.effort.kernels.base_hours.at("cuda"), 0.0);
  EXPECT_EQ(m.phases.conventions.front().phase, "training");
}

TEST(Model, BadFileKeepsPreviousValues) {
  Model m;
  std::vector<Diagnostic> d;
  load_model_file(m, "rules/model/effort.yaml", "hours_per_week: [1, 2", d);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_DOUBLE_EQ(m.effort.hours_per_week, 40.0);
}

}  // namespace
