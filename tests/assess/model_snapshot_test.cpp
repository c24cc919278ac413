#include "assess/model_snapshot.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "../rules/rule_difference.hpp"  // FieldDiff
#include "core/snapshot_io.hpp"
#include "rules/embedded.hpp"

using namespace ascendify;
using namespace ascendify::assess;
using ascendify::test::FieldDiff;

namespace {

void verification(FieldDiff& d, std::string_view what, const VerificationModel& a,
                  const VerificationModel& b) {
  const std::string w(what);
  d.field(w + ".base", a.base, b.base);
  d.field(w + ".per_phase", a.per_phase, b.per_phase);
  d.field(w + ".per_kernel", a.per_kernel, b.per_kernel);
  d.field(w + ".per_site", a.per_site, b.per_site);
}

// The first field of the models that differs (every field of every model struct), or "".
std::string model_difference(const Model& a, const Model& b) {
  FieldDiff d;
  const EffortModel& x = a.effort;
  const EffortModel& y = b.effort;
  d.field("hours_per_week", x.hours_per_week, y.hours_per_week);
  d.field("range_low", x.range_low, y.range_low);
  d.field("range_high", x.range_high, y.range_high);
  d.field("default_first", x.default_first, y.default_first);
  d.field("default_each", x.default_each, y.default_each);
  d.field("factors.guarded", x.factors.guarded, y.factors.guarded);
  d.field("factors.transfer_to_npu_covered", x.factors.transfer_to_npu_covered,
          y.factors.transfer_to_npu_covered);
  d.field("factors.unreached", x.factors.unreached, y.factors.unreached);
  d.field("environment_hours", x.environment_hours, y.environment_hours);
  const KernelModel& k = x.kernels;
  const KernelModel& l = y.kernels;
  d.field("kernels.base_hours", k.base_hours, l.base_hours);
  d.field("kernels.default_base_hours", k.default_base_hours, l.default_base_hours);
  d.field("kernels.hours_per_100_loc", k.hours_per_100_loc, l.hours_per_100_loc);
  d.field("kernels.feature_hours", k.feature_hours, l.feature_hours);
  d.field("kernels.default_feature_hours", k.default_feature_hours, l.default_feature_hours);
  d.field("kernels.templated_factor", k.templated_factor, l.templated_factor);
  d.field("kernels.backward_kinds", k.backward_kinds, l.backward_kinds);
  d.field("kernels.backward_factor", k.backward_factor, l.backward_factor);
  d.field("kernels.fallback_factor", k.fallback_factor, l.fallback_factor);
  verification(d, "precision", x.precision, y.precision);
  verification(d, "performance", x.performance, y.performance);
  d.field("smoke_hours_per_phase", x.smoke_hours_per_phase, y.smoke_hours_per_phase);
  d.field("smoke_ignore_rules", x.smoke_ignore_rules, y.smoke_ignore_rules);
  const PhaseModel& p = a.phases;
  const PhaseModel& q = b.phases;
  d.field("conventions.size", p.conventions.size(), q.conventions.size());
  for (size_t i = 0; i < p.conventions.size() && i < q.conventions.size(); ++i) {
    d.field("conventions.phase", p.conventions[i].phase, q.conventions[i].phase);
    d.field("conventions.words", p.conventions[i].words, q.conventions[i].words);
    d.field("conventions.word_tokens", p.conventions[i].word_tokens, q.conventions[i].word_tokens);
  }
  d.field("fallback_phase", p.fallback_phase, q.fallback_phase);
  d.field("training_phases", p.training_phases, q.training_phases);
  d.field("order", p.order, q.order);
  d.field("tests_policy", p.tests_policy, q.tests_policy);
  d.field("test_folders", p.test_folders, q.test_folders);
  d.field("test_prefixes", p.test_prefixes, q.test_prefixes);
  d.field("test_suffixes", p.test_suffixes, q.test_suffixes);
  d.field("test_names", p.test_names, q.test_names);
  d.field("script_exclude_names", p.script_exclude_names, q.script_exclude_names);
  d.field("script_ignore_calls", p.script_ignore_calls, q.script_ignore_calls);
  d.field("dispatcher_stems", p.dispatcher_stems, q.dispatcher_stems);
  d.field("dispatcher_min_phases", p.dispatcher_min_phases, q.dispatcher_min_phases);
  d.field("pure_decorators", p.pure_decorators, q.pure_decorators);
  d.field("task_options", p.task_options, q.task_options);
  d.field("roadmap.size", a.roadmap.size(), b.roadmap.size());
  for (size_t i = 0; i < a.roadmap.size() && i < b.roadmap.size(); ++i) {
    const RoadmapStepModel& s = a.roadmap[i];
    const RoadmapStepModel& t = b.roadmap[i];
    d.field("roadmap.id", s.id, t.id);
    d.field("roadmap.title", s.title, t.title);
    d.field("roadmap.detail", s.detail, t.detail);
    d.field("roadmap.title_zh", s.title_zh, t.title_zh);
    d.field("roadmap.detail_zh", s.detail_zh, t.detail_zh);
    d.field("roadmap.domains", s.domains, t.domains);
    d.field("roadmap.always", s.always, t.always);
    d.field("roadmap.kernels", s.kernels, t.kernels);
    d.field("roadmap.verification", s.verification, t.verification);
  }
  d.field("infeasible_tags", a.feasibility.infeasible_tags, b.feasibility.infeasible_tags);
  d.field("difficult_tags", a.feasibility.difficult_tags, b.feasibility.difficult_tags);
  d.field("rewrite_kernel_kinds", a.feasibility.rewrite_kernel_kinds,
          b.feasibility.rewrite_kernel_kinds);
  d.field("feasible_max_adapt_hours", a.feasibility.feasible_max_adapt_hours,
          b.feasibility.feasible_max_adapt_hours);
  d.field("ported_kernel_kinds", a.feasibility.ported_kernel_kinds,
          b.feasibility.ported_kernel_kinds);
  d.field("port_blocking_rules", a.feasibility.port_blocking_rules,
          b.feasibility.port_blocking_rules);
  d.field("counterparts.size", a.counterparts.size(), b.counterparts.size());
  for (size_t i = 0; i < a.counterparts.size() && i < b.counterparts.size(); ++i) {
    const CounterpartModel& s = a.counterparts[i];
    const CounterpartModel& t = b.counterparts[i];
    d.field("counterparts.id", s.id, t.id);
    d.field("counterparts.framework", s.framework, t.framework);
    d.field("counterparts.name", s.name, t.name);
    d.field("counterparts.how", s.how, t.how);
    d.field("counterparts.how_zh", s.how_zh, t.how_zh);
    d.field("counterparts.feasibility", s.feasibility, t.feasibility);
    d.field("counterparts.packages", s.packages, t.packages);
    d.field("counterparts.distributions", s.distributions, t.distributions);
    d.field("counterparts.rules", s.rules, t.rules);
    d.field("counterparts.refs", s.refs, t.refs);
    d.field("counterparts.min_share", s.min_share, t.min_share);
    d.field("counterparts.hours_is", s.hours_is, t.hours_is);
    d.field("counterparts.hours_built_on", s.hours_built_on, t.hours_built_on);
  }
  d.field("assumptions.size", a.assumptions.size(), b.assumptions.size());
  for (size_t i = 0; i < a.assumptions.size() && i < b.assumptions.size(); ++i) {
    d.field("assumptions.id", a.assumptions[i].id, b.assumptions[i].id);
    d.field("assumptions.en", a.assumptions[i].en, b.assumptions[i].en);
    d.field("assumptions.zh", a.assumptions[i].zh, b.assumptions[i].zh);
  }
  d.field("hardware.size", a.hardware.size(), b.hardware.size());
  for (size_t i = 0; i < a.hardware.size() && i < b.hardware.size(); ++i) {
    const HardwareProfileModel& s = a.hardware[i];
    const HardwareProfileModel& t = b.hardware[i];
    d.field("hardware.id", s.id, t.id);
    d.field("hardware.name", s.name, t.name);
    d.field("hardware.name_zh", s.name_zh, t.name_zh);
    d.field("hardware.aliases", s.aliases, t.aliases);
    d.field("hardware.summary", s.summary, t.summary);
    d.field("hardware.summary_zh", s.summary_zh, t.summary_zh);
    d.field("hardware.refs", s.refs, t.refs);
  }
  d.field("default_hardware", a.default_hardware, b.default_hardware);
  d.field("npu_releases.size", a.npu_releases.size(), b.npu_releases.size());
  for (size_t i = 0; i < a.npu_releases.size() && i < b.npu_releases.size(); ++i) {
    const NpuReleaseModel& s = a.npu_releases[i];
    const NpuReleaseModel& t = b.npu_releases[i];
    d.field("npu_releases.torch_npu", s.torch_npu, t.torch_npu);
    d.field("npu_releases.torch", s.torch, t.torch);
    d.field("npu_releases.cann", s.cann, t.cann);
    d.field("npu_releases.status", s.status, t.status);
  }
  d.field("npu_release_refs", a.npu_release_refs, b.npu_release_refs);
  d.field("operator_lists.size", a.operator_lists.size(), b.operator_lists.size());
  for (size_t i = 0; i < a.operator_lists.size() && i < b.operator_lists.size(); ++i) {
    const OperatorListModel& s = a.operator_lists[i];
    const OperatorListModel& t = b.operator_lists[i];
    d.field("operator_lists.torch", s.torch, t.torch);
    d.field("operator_lists.unsupported", s.unsupported, t.unsupported);
    d.field("operator_lists.supported", s.supported, t.supported);
    d.field("operator_lists.notes", s.notes, t.notes);
  }
  d.field("operator_refs", a.operator_refs, b.operator_refs);
  return d.first();
}

std::string kernels_difference(const KernelPathModel& a, const KernelPathModel& b) {
  FieldDiff d;
  d.field("purposes.size", a.purposes.size(), b.purposes.size());
  for (size_t i = 0; i < a.purposes.size() && i < b.purposes.size(); ++i) {
    d.field("purposes.purpose", a.purposes[i].purpose, b.purposes[i].purpose);
    d.field("purposes.keywords", a.purposes[i].keywords, b.purposes[i].keywords);
    d.field("purposes.ops", a.purposes[i].ops, b.purposes[i].ops);
    d.field("purposes.ascend", a.purposes[i].ascend, b.purposes[i].ascend);
    d.field("purposes.ascend_zh", a.purposes[i].ascend_zh, b.purposes[i].ascend_zh);
  }
  d.field("default_paths", a.default_paths, b.default_paths);
  d.field("default_paths_zh", a.default_paths_zh, b.default_paths_zh);
  d.field("no_op_purposes", a.no_op_purposes, b.no_op_purposes);
  d.field("fallback", a.fallback, b.fallback);
  d.field("fallback_zh", a.fallback_zh, b.fallback_zh);
  d.field("external_path", a.external_path, b.external_path);
  d.field("external_path_zh", a.external_path_zh, b.external_path_zh);
  return d.first();
}

// Models with every field away from its default.
Model full_model() {
  Model m;
  EffortModel& e = m.effort;
  e.hours_per_week = 37.5;
  e.range_low = 0.7;
  e.range_high = 1.6;
  e.default_first = 2;
  e.default_each = 0.3;
  e.factors = {0.4, 0.2, 0.6};
  e.environment_hours = 8;
  e.kernels.base_hours = {{"cuda", 16}, {"triton", 10}};
  e.kernels.default_base_hours = 11;
  e.kernels.hours_per_100_loc = {{"cuda", 2}};
  e.kernels.feature_hours = {{"atomics", 3}};
  e.kernels.default_feature_hours = 5;
  e.kernels.templated_factor = 1.3;
  e.kernels.backward_kinds = {"autograd"};
  e.kernels.backward_factor = 1.8;
  e.kernels.fallback_factor = 0.5;
  e.precision = {1, 2, 3, 4};
  e.performance = {5, 6, 7, 8};
  m.phases.conventions = {{"training", {"train"}, {"train", "trains"}}, {"serving", {}, {}}};
  m.phases.fallback_phase = "other";
  m.phases.training_phases = {"training"};
  m.phases.order = {"training", "serving"};
  m.phases.tests_policy = "exclude";
  m.phases.test_folders = {"tests"};
  m.phases.test_prefixes = {"test_"};
  m.phases.test_suffixes = {"_test"};
  m.phases.test_names = {"conftest"};
  m.phases.script_exclude_names = {"__init__.py", "conf.py"};
  m.phases.script_ignore_calls = {"warnings.warn"};
  m.phases.dispatcher_stems = {"__main__", "cli"};
  m.phases.dispatcher_min_phases = 3;
  m.phases.pure_decorators = {"torch", "functools"};
  m.phases.task_options = {"task", "mode"};
  e.smoke_hours_per_phase = 3;
  e.smoke_ignore_rules = {"device.npu-startup"};
  m.counterparts = {{"megatron",
                     "Megatron-LM",
                     "MindSpeed",
                     "how",
                     "做法",
                     {"megatron"},
                     0.25,
                     {"megatron-core"},
                     80,
                     40,
                     "needs-adaptation",
                     {"distributed.megatron"},
                     {"ascend-facts.md §3"}}};
  m.assumptions = {{"person-week", "40 hours", "40 小时"}};
  m.roadmap = {
      {"env", "Environment", "detail", "环境搭建", "安装 CANN", {"dependency"}, true, false, true},
      {"kern", "Kernels", "", "", "", {}, false, true, false}};
  m.feasibility = {{"no-npu"}, {"fa3"}, {"cuda"}, 12, {"triton"}, {"custom_op.triton-tma"}};
  m.hardware = {{"atlas-a2",
                 "Atlas A2",
                 "Atlas A2 训练系列",
                 {"910b"},
                 "summary",
                 "概述",
                 {"ascend-facts.md §4"}},
                {"ascend-950", "Ascend 950", "", {}, "", "", {}}};
  m.default_hardware = "atlas-a2";
  m.npu_releases = {{"2.8.0", "2.8.0", "8.3.RC1", "maintained"}, {"2.1.0", "2.1.0", "", ""}};
  m.npu_release_refs = {"versions source"};
  m.operator_lists = {
      {"2.8", {"torch.Tensor.chalf", "to_sparse"}, {"torch.add", "torch.mm"}, {"fp16, fp32", ""}},
      {"2.1", {}, {"torch.add"}, {""}}};
  m.operator_refs = {"op_list source"};
  return m;
}

KernelPathModel full_kernels() {
  KernelPathModel k;
  k.purposes = {{"rmsnorm", {"rmsnorm", "rms"}, {"tl.sum"}, "torch_npu.npu_rms_norm", ""},
                {"gemm", {}, {"tl.dot"}, "", "矩阵乘"}};
  k.default_paths = {{"cuda", "Ascend C"}, {"triton", "triton-ascend"}};
  k.default_paths_zh = {{"cuda", "用 Ascend C 重写"}};
  k.no_op_purposes = {"gemm"};
  k.fallback = "fallback {name}";
  k.fallback_zh = "回退 {name}";
  k.external_path = "source elsewhere";
  k.external_path_zh = "源码不在本仓库";
  return k;
}

TEST(ModelDifference, SeesAChangeInEachPart) {
  const Model m = full_model();
  EXPECT_EQ(model_difference(m, m), "");
  const std::vector<std::pair<std::string, std::function<void(Model&)>>> changes = {
      {"hours_per_week", [](Model& x) { x.effort.hours_per_week = 40; }},
      {"factors.unreached", [](Model& x) { x.effort.factors.unreached = 0.5; }},
      {"kernels.base_hours", [](Model& x) { x.effort.kernels.base_hours["cuda"] = 15; }},
      {"kernels.fallback_factor", [](Model& x) { x.effort.kernels.fallback_factor = 1; }},
      {"performance.per_site", [](Model& x) { x.effort.performance.per_site = 0; }},
      {"conventions.word_tokens", [](Model& x) { x.phases.conventions[0].word_tokens.pop_back(); }},
      {"test_names", [](Model& x) { x.phases.test_names.clear(); }},
      {"script_exclude_names", [](Model& x) { x.phases.script_exclude_names.pop_back(); }},
      {"script_ignore_calls", [](Model& x) { x.phases.script_ignore_calls.clear(); }},
      {"dispatcher_stems", [](Model& x) { x.phases.dispatcher_stems.pop_back(); }},
      {"dispatcher_min_phases", [](Model& x) { x.phases.dispatcher_min_phases = 2; }},
      {"pure_decorators", [](Model& x) { x.phases.pure_decorators.pop_back(); }},
      {"task_options", [](Model& x) { x.phases.task_options.pop_back(); }},
      {"smoke_hours_per_phase", [](Model& x) { x.effort.smoke_hours_per_phase = 4; }},
      {"smoke_ignore_rules", [](Model& x) { x.effort.smoke_ignore_rules.clear(); }},
      {"feasible_max_adapt_hours", [](Model& x) { x.feasibility.feasible_max_adapt_hours = 16; }},
      {"ported_kernel_kinds", [](Model& x) { x.feasibility.ported_kernel_kinds.clear(); }},
      {"port_blocking_rules", [](Model& x) { x.feasibility.port_blocking_rules.clear(); }},
      {"counterparts.hours_is", [](Model& x) { x.counterparts[0].hours_is = 1; }},
      {"counterparts.rules", [](Model& x) { x.counterparts[0].rules.clear(); }},
      {"assumptions.zh", [](Model& x) { x.assumptions[0].zh = "x"; }},
      {"roadmap.verification", [](Model& x) { x.roadmap[0].verification = false; }},
      {"rewrite_kernel_kinds", [](Model& x) { x.feasibility.rewrite_kernel_kinds.clear(); }},
      {"hardware.aliases", [](Model& x) { x.hardware[0].aliases.clear(); }},
      {"default_hardware", [](Model& x) { x.default_hardware = "ascend-950"; }},
      {"npu_releases.cann", [](Model& x) { x.npu_releases[1].cann = "8.0"; }},
      {"operator_lists.supported", [](Model& x) { x.operator_lists[1].supported = {}; }},
      {"operator_lists.notes",
       [](Model& x) {
         x.operator_lists[0].notes = {"fp16", ""};
       }},
      {"operator_refs", [](Model& x) { x.operator_refs.clear(); }},
  };
  for (const auto& [field, change] : changes) {
    Model c = m;
    change(c);
    EXPECT_EQ(model_difference(m, c), field);
  }
  const KernelPathModel k = full_kernels();
  EXPECT_EQ(kernels_difference(k, k), "");
  KernelPathModel c = k;
  c.purposes[1].ascend = "x";
  EXPECT_EQ(kernels_difference(k, c), "purposes.ascend");
  c = k;
  c.default_paths["cuda"] = "x";
  EXPECT_EQ(kernels_difference(k, c), "default_paths");
}

TEST(ModelSnapshot, RoundTripKeepsEveryField) {
  const std::string blob = write_model_snapshot(full_model(), full_kernels(), 7);
  Model m;
  KernelPathModel k;
  ASSERT_TRUE(read_model_snapshot(blob, 7, &m, &k));
  EXPECT_EQ(model_difference(full_model(), m), "");
  EXPECT_EQ(kernels_difference(full_kernels(), k), "");
  ASSERT_TRUE(read_model_snapshot(blob, 7, nullptr, nullptr));
}

TEST(ModelSnapshot, EmbeddedSnapshotEqualsTheParsedYaml) {
  Model m;
  KernelPathModel k;
  ASSERT_TRUE(
      read_model_snapshot(rules::embedded_model_snapshot(), rules::embedded_model_hash(), &m, &k));
  const Model parsed = parse_embedded_model();
  const KernelPathModel parsed_kernels = parse_embedded_kernel_paths();
  EXPECT_EQ(model_difference(parsed, m), "");
  EXPECT_EQ(kernels_difference(parsed_kernels, k), "");
  // What the assessment uses.
  EXPECT_EQ(model_difference(parsed, embedded_model()), "");
  EXPECT_EQ(kernels_difference(parsed_kernels, embedded_kernel_paths()), "");
  // Not vacuous: the parsed model is the YAML's, not the defaults.
  EXPECT_EQ(parsed.roadmap.size(), 8u);
  EXPECT_FALSE(parsed_kernels.purposes.empty());
  EXPECT_FALSE(parsed.phases.conventions.front().word_tokens.empty());
}

TEST(ModelSnapshot, BadSnapshotIsRefusedAndLeavesTheOutputs) {
  const std::string good = write_model_snapshot(full_model(), full_kernels(), 7);
  const auto payload = snapshot::unframe(good, kModelSnapshotVersion, 7);
  ASSERT_TRUE(payload);
  std::string flipped = good;
  flipped[good.size() - 3] ^= 4;
  const std::vector<std::string> bad = {
      "",
      good.substr(0, good.size() - 1),
      flipped,
      snapshot::frame(payload->substr(0, payload->size() - 1), kModelSnapshotVersion, 7),
      snapshot::frame(std::string(*payload) + "x", kModelSnapshotVersion, 7),
      snapshot::frame(std::string(64, '\xff'), kModelSnapshotVersion, 7),
      snapshot::frame(*payload, kModelSnapshotVersion + 1, 7),
  };
  for (size_t i = 0; i < bad.size(); ++i) {
    Model m;
    m.phases.fallback_phase = "kept";
    KernelPathModel k;
    k.fallback = "kept";
    EXPECT_FALSE(read_model_snapshot(bad[i], 7, &m, &k)) << i;
    EXPECT_EQ(m.phases.fallback_phase, "kept");
    EXPECT_EQ(k.fallback, "kept");
  }
  Model m;
  EXPECT_FALSE(read_model_snapshot(good, 8, &m, nullptr));  // made from other files
}

}  // namespace
