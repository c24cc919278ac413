#include "assess/model_snapshot.hpp"
#include "core/snapshot_io.hpp"

namespace ascendify::assess {

namespace {

using snapshot::Writer;

void hours_map(Writer& w, const std::map<std::string, double>& m) {
  w.u32(static_cast<uint32_t>(m.size()));
  for (const auto& [k, v] : m) {
    w.str(k);
    w.f64(v);
  }
}

void verification(Writer& w, const VerificationModel& v) {
  for (double d : {v.base, v.per_phase, v.per_kernel, v.per_site}) w.f64(d);
}

void effort(Writer& w, const EffortModel& e) {
  for (double d : {e.hours_per_week, e.range_low, e.range_high, e.default_first, e.default_each,
                   e.factors.guarded, e.factors.transfer_to_npu_covered, e.factors.unreached,
                   e.environment_hours})
    w.f64(d);
  const KernelModel& k = e.kernels;
  hours_map(w, k.base_hours);
  w.f64(k.default_base_hours);
  hours_map(w, k.hours_per_100_loc);
  hours_map(w, k.feature_hours);
  for (double d : {k.default_feature_hours, k.templated_factor}) w.f64(d);
  w.strings(k.backward_kinds);
  for (double d : {k.backward_factor, k.fallback_factor}) w.f64(d);
  verification(w, e.precision);
  verification(w, e.performance);
  w.f64(e.smoke_hours_per_phase);
  w.strings(e.smoke_ignore_rules);
}

void counterparts(Writer& w, const std::vector<CounterpartModel>& cs) {
  w.u32(static_cast<uint32_t>(cs.size()));
  for (const CounterpartModel& c : cs) {
    for (const auto* s : {&c.id, &c.framework, &c.name, &c.how, &c.how_zh, &c.feasibility})
      w.str(*s);
    for (const auto* l : {&c.packages, &c.distributions, &c.rules, &c.refs}) w.strings(*l);
    for (double d : {c.min_share, c.hours_is, c.hours_built_on}) w.f64(d);
  }
}

void assumptions(Writer& w, const std::vector<AssumptionModel>& as) {
  w.u32(static_cast<uint32_t>(as.size()));
  for (const AssumptionModel& a : as)
    for (const auto* s : {&a.id, &a.en, &a.zh}) w.str(*s);
}

void phases(Writer& w, const PhaseModel& p) {
  w.u32(static_cast<uint32_t>(p.conventions.size()));
  for (const PhaseConvention& c : p.conventions) {
    w.str(c.phase);
    w.strings(c.words);
    w.strings(c.word_tokens);
  }
  w.str(p.fallback_phase);
  w.strings(p.training_phases);
  w.strings(p.order);
  w.str(p.tests_policy);
  for (const auto* list : {&p.test_folders, &p.test_prefixes, &p.test_suffixes, &p.test_names,
                           &p.script_exclude_names, &p.script_ignore_calls, &p.dispatcher_stems})
    w.strings(*list);
  w.u32(p.dispatcher_min_phases);
  w.strings(p.pure_decorators);
  w.strings(p.task_options);
}

void roadmap(Writer& w, const std::vector<RoadmapStepModel>& steps) {
  w.u32(static_cast<uint32_t>(steps.size()));
  for (const RoadmapStepModel& s : steps) {
    w.str(s.id);
    w.str(s.title);
    w.str(s.detail);
    w.str(s.title_zh);
    w.str(s.detail_zh);
    w.strings(s.domains);
    for (bool b : {s.always, s.kernels, s.verification}) w.u8(b);
  }
}

void kernel_paths(Writer& w, const KernelPathModel& m) {
  w.u32(static_cast<uint32_t>(m.purposes.size()));
  for (const KernelPurpose& p : m.purposes) {
    w.str(p.purpose);
    w.strings(p.keywords);
    w.strings(p.ops);
    w.str(p.ascend);
    w.str(p.ascend_zh);
  }
  w.u32(static_cast<uint32_t>(m.default_paths.size()));
  for (const auto& [kind, path] : m.default_paths) {
    w.str(kind);
    w.str(path);
  }
  w.strings(m.no_op_purposes);
  w.str(m.fallback);
  w.strings(m.external_modules);
  w.strings(m.external_suffixes);
  w.str(m.external_path);
  w.u32(static_cast<uint32_t>(m.default_paths_zh.size()));
  for (const auto& [kind, path] : m.default_paths_zh) {
    w.str(kind);
    w.str(path);
  }
  w.str(m.fallback_zh);
  w.str(m.external_path_zh);
}

}  // namespace

std::string write_model_snapshot(const Model& model, const KernelPathModel& kernels,
                                 uint64_t source_hash) {
  Writer w;
  effort(w, model.effort);
  phases(w, model.phases);
  roadmap(w, model.roadmap);
  const FeasibilityModel& f = model.feasibility;
  for (const auto* list : {&f.infeasible_tags, &f.difficult_tags, &f.rewrite_kernel_kinds})
    w.strings(*list);
  w.f64(f.feasible_max_adapt_hours);
  w.strings(f.ported_kernel_kinds);
  w.strings(f.port_blocking_rules);
  counterparts(w, model.counterparts);
  assumptions(w, model.assumptions);
  w.u32(static_cast<uint32_t>(model.hardware.size()));
  for (const HardwareProfileModel& h : model.hardware) {
    for (const auto* s : {&h.id, &h.name, &h.name_zh, &h.summary, &h.summary_zh}) w.str(*s);
    w.strings(h.aliases);
    w.strings(h.refs);
  }
  w.str(model.default_hardware);
  w.u32(static_cast<uint32_t>(model.npu_releases.size()));
  for (const NpuReleaseModel& v : model.npu_releases)
    for (const auto* s : {&v.torch_npu, &v.torch, &v.cann, &v.status}) w.str(*s);
  w.strings(model.npu_release_refs);
  w.u32(static_cast<uint32_t>(model.operator_lists.size()));
  for (const OperatorListModel& l : model.operator_lists) {
    w.str(l.torch);
    for (const auto* list : {&l.unsupported, &l.supported, &l.notes}) w.packed_strings(*list);
  }
  w.strings(model.operator_refs);
  kernel_paths(w, kernels);
  return snapshot::frame(w.bytes(), kModelSnapshotVersion, source_hash);
}

}  // namespace ascendify::assess
