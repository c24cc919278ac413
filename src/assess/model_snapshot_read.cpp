#include "assess/model_snapshot.hpp"
#include "core/snapshot_io.hpp"

namespace ascendify::assess {

namespace {

using snapshot::Reader;

bool flag(Reader& r) {
  return r.enumerator<uint8_t>(2) != 0;
}

std::map<std::string, double> hours_map(Reader& r) {
  std::map<std::string, double> m;
  for (uint32_t n = r.count(12); n > 0 && r.ok(); --n) {
    std::string key = r.str();
    m[std::move(key)] = r.f64();
  }
  return m;
}

VerificationModel verification(Reader& r) {
  VerificationModel v;
  for (double* d : {&v.base, &v.per_phase, &v.per_kernel, &v.per_site}) *d = r.f64();
  return v;
}

EffortModel effort(Reader& r) {
  EffortModel e;
  for (double* d : {&e.hours_per_week, &e.range_low, &e.range_high, &e.default_first,
                    &e.default_each, &e.factors.guarded, &e.factors.transfer_to_npu_covered,
                    &e.factors.unreached, &e.environment_hours})
    *d = r.f64();
  KernelModel& k = e.kernels;
  k.base_hours = hours_map(r);
  k.default_base_hours = r.f64();
  k.hours_per_100_loc = hours_map(r);
  k.feature_hours = hours_map(r);
  for (double* d : {&k.default_feature_hours, &k.templated_factor}) *d = r.f64();
  k.backward_kinds = r.strings();
  for (double* d : {&k.backward_factor, &k.fallback_factor}) *d = r.f64();
  e.precision = verification(r);
  e.performance = verification(r);
  e.smoke_hours_per_phase = r.f64();
  e.smoke_ignore_rules = r.strings();
  return e;
}

PhaseModel phases(Reader& r) {
  PhaseModel p;
  p.conventions.resize(r.count(12));
  for (PhaseConvention& c : p.conventions) {
    c.phase = r.str();
    c.words = r.strings();
    c.word_tokens = r.strings();
  }
  p.fallback_phase = r.str();
  p.training_phases = r.strings();
  p.order = r.strings();
  p.tests_policy = r.str();
  for (auto* list : {&p.test_folders, &p.test_prefixes, &p.test_suffixes, &p.test_names,
                     &p.script_exclude_names, &p.script_ignore_calls, &p.dispatcher_stems})
    *list = r.strings();
  p.dispatcher_min_phases = r.u32();
  p.pure_decorators = r.strings();
  p.task_options = r.strings();
  return p;
}

std::vector<RoadmapStepModel> roadmap(Reader& r) {
  std::vector<RoadmapStepModel> steps(r.count(27));
  for (RoadmapStepModel& s : steps) {
    s.id = r.str();
    s.title = r.str();
    s.detail = r.str();
    s.title_zh = r.str();
    s.detail_zh = r.str();
    s.domains = r.strings();
    for (bool* b : {&s.always, &s.kernels, &s.verification}) *b = flag(r);
  }
  return steps;
}

std::vector<CounterpartModel> counterparts(Reader& r) {
  std::vector<CounterpartModel> cs(r.count(32));
  for (CounterpartModel& c : cs) {
    for (auto* s : {&c.id, &c.framework, &c.name, &c.how, &c.how_zh, &c.feasibility}) *s = r.str();
    for (auto* l : {&c.packages, &c.distributions, &c.rules, &c.refs}) *l = r.strings();
    for (double* d : {&c.min_share, &c.hours_is, &c.hours_built_on}) *d = r.f64();
  }
  return cs;
}

std::vector<AssumptionModel> assumptions(Reader& r) {
  std::vector<AssumptionModel> as(r.count(16));
  for (AssumptionModel& a : as)
    for (auto* s : {&a.id, &a.en, &a.zh}) *s = r.str();
  return as;
}

KernelPathModel kernel_paths(Reader& r) {
  KernelPathModel m;
  m.purposes.resize(r.count(16));
  for (KernelPurpose& p : m.purposes) {
    p.purpose = r.str();
    p.keywords = r.strings();
    p.ops = r.strings();
    p.ascend = r.str();
    p.ascend_zh = r.str();
  }
  for (uint32_t n = r.count(8); n > 0 && r.ok(); --n) {
    std::string kind = r.str();
    m.default_paths[std::move(kind)] = r.str();
  }
  m.no_op_purposes = r.strings();
  m.fallback = r.str();
  m.external_modules = r.strings();
  m.external_suffixes = r.strings();
  m.external_path = r.str();
  for (uint32_t n = r.count(8); n > 0 && r.ok(); --n) {
    std::string kind = r.str();
    m.default_paths_zh[std::move(kind)] = r.str();
  }
  m.fallback_zh = r.str();
  m.external_path_zh = r.str();
  return m;
}

}  // namespace

bool read_model_snapshot(std::string_view blob, uint64_t source_hash, Model* model,
                         KernelPathModel* kernels) {
  const auto payload = snapshot::unframe(blob, kModelSnapshotVersion, source_hash);
  if (!payload) return false;
  Reader r(*payload);
  Model m;
  m.effort = effort(r);
  m.phases = phases(r);
  m.roadmap = roadmap(r);
  for (auto* list : {&m.feasibility.infeasible_tags, &m.feasibility.difficult_tags,
                     &m.feasibility.rewrite_kernel_kinds})
    *list = r.strings();
  m.feasibility.feasible_max_adapt_hours = r.f64();
  m.feasibility.ported_kernel_kinds = r.strings();
  m.feasibility.port_blocking_rules = r.strings();
  m.counterparts = counterparts(r);
  m.assumptions = assumptions(r);
  m.hardware.resize(r.count(16));
  for (HardwareProfileModel& h : m.hardware) {
    for (auto* s : {&h.id, &h.name, &h.name_zh, &h.summary, &h.summary_zh}) *s = r.str();
    h.aliases = r.strings();
    h.refs = r.strings();
  }
  m.default_hardware = r.str();
  m.npu_releases.resize(r.count(16));
  for (NpuReleaseModel& v : m.npu_releases)
    for (auto* s : {&v.torch_npu, &v.torch, &v.cann, &v.status}) *s = r.str();
  m.npu_release_refs = r.strings();
  m.operator_lists.resize(r.count(16));
  for (OperatorListModel& l : m.operator_lists) {
    l.torch = r.str();
    for (auto* list : {&l.unsupported, &l.supported, &l.notes}) *list = r.packed_strings();
  }
  m.operator_refs = r.strings();
  KernelPathModel k = kernel_paths(r);
  if (!r.ok() || !r.at_end()) return false;
  if (model) *model = std::move(m);
  if (kernels) *kernels = std::move(k);
  return true;
}

}  // namespace ascendify::assess
