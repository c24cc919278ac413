#include "assess/effort.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "core/rule.hpp"
#include "core/text.hpp"

namespace ascendify::assess {

namespace {

double lookup(const std::map<std::string, double>& m, const std::string& key, double fallback) {
  auto it = m.find(key);
  return it == m.end() ? fallback : it->second;
}

}  // namespace

double EffortHours::total() const {
  return environment + verification + counterpart +
         std::accumulate(domain.begin(), domain.end(), 0.0);
}

double rule_hours(const Rule* rule, const std::vector<const Finding*>& sites, const EffortModel& m,
                  bool discount_unreached) {
  const double first = rule ? rule->effort.first_hours : m.default_first;
  const double each = rule ? rule->effort.per_site_hours : m.default_each;
  std::vector<std::pair<double, bool>> weights;  // (weight, covered by transfer_to_npu)
  for (const Finding* f : sites) {
    if (f->severity == Severity::Info || f->site_class == SiteClass::NoChange) continue;
    if (f->by_counterpart) continue;  // the counterpart's adoption prices it
    double w = 1.0;
    if (f->guarded) w *= m.factors.guarded;
    if (discount_unreached && f->phases.empty()) w *= m.factors.unreached;
    // An aggregated finding (`aggregate: file`) stands for `sites` sites.
    for (uint32_t s = 0; s < std::max<uint32_t>(f->sites, 1); ++s)
      weights.emplace_back(w, f->auto_by_transfer_to_npu);
  }
  if (weights.empty()) return 0.0;
  // The heaviest site pays the first-site cost.
  std::stable_sort(weights.begin(), weights.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  double h = first * weights[0].first;
  for (size_t i = 1; i < weights.size(); ++i)
    h += each * weights[i].first * (weights[i].second ? m.factors.transfer_to_npu_covered : 1.0);
  return h;
}

double kernel_hours(const KernelRow& k, bool needs_backward, const EffortModel& m) {
  const KernelModel& km = m.kernels;
  const std::string kind(to_string(k.kind));  // the model's tables are keyed by the name
  double h = lookup(km.base_hours, kind, km.default_base_hours);
  h += lookup(km.hours_per_100_loc, kind, 0.0) * static_cast<double>(k.loc) / 100.0;
  for (const auto& feat : k.features) h += lookup(km.feature_hours, feat, km.default_feature_hours);
  if (k.templated) h *= km.templated_factor;
  if (needs_backward && !k.backward_only && in_list(km.backward_kinds, kind))
    h *= km.backward_factor;
  if (k.has_fallback) h *= km.fallback_factor;
  return h;
}

double verification_hours(const VerificationScope& v, const EffortModel& m) {
  const bool numerics = v.precision_sites + v.attention_sites + v.kernels > 0;
  const bool speed = v.attention_sites + v.tuning_sites + v.kernels > 0;
  const size_t full = numerics || speed ? v.full_phases : 0;
  const size_t smoke = v.smoke_phases + (v.full_phases - full);
  // Sites grow the work sublinearly (they cluster in a few modules that are compared once).
  auto part = [&](const VerificationModel& x, size_t sites) {
    return x.base + x.per_phase * static_cast<double>(full) +
           x.per_kernel * static_cast<double>(v.kernels) +
           x.per_site * std::sqrt(static_cast<double>(sites));
  };
  double h = m.smoke_hours_per_phase * static_cast<double>(smoke);
  if (full > 0 && numerics) h += part(m.precision, v.precision_sites);
  if (full > 0 && speed) h += part(m.performance, v.attention_sites);
  return h;
}

namespace {

// How much of a verification a site asks for: the start-up import marks every torch entry
// point, CPU-only ones too, so it asks for none.
VerificationNeed need_of(const Finding& f, const EffortModel& m) {
  if (in_list(m.smoke_ignore_rules, f.rule_id)) return VerificationNeed::None;
  if (f.by_counterpart) return VerificationNeed::Smoke;  // the counterpart is verified as used
  switch (f.site_class) {
    case SiteClass::StopsRun:
    case SiteClass::MustAdapt:
    case SiteClass::Tuning:
      return f.severity == Severity::Info ? VerificationNeed::Smoke : VerificationNeed::Full;
    case SiteClass::Mechanical:
    case SiteClass::NoChange:
      break;
  }
  return VerificationNeed::Smoke;
}

}  // namespace

std::vector<VerificationNeed> verification_needs(const EffortScope& scope, const EffortModel& m) {
  const size_t n = std::max<size_t>(scope.phases.size(), 1);
  std::vector<VerificationNeed> needs(n, VerificationNeed::None);
  // Per phase, the sites (finding index, then kernels after the findings) that need the full
  // comparison there.
  std::vector<std::vector<size_t>> full_sites(n);
  auto raise = [&](const std::vector<std::string>& phases, VerificationNeed need, size_t site) {
    for (size_t i = 0; i < n; ++i) {
      if (!scope.phases.empty() && !in_list(phases, scope.phases[i])) continue;
      needs[i] = std::max(needs[i], need);
      if (need == VerificationNeed::Full) full_sites[i].push_back(site);
    }
  };
  for (size_t i = 0; i < scope.findings.size(); ++i)
    raise(scope.findings[i]->phases, need_of(*scope.findings[i], m), i);
  for (size_t i = 0; i < scope.kernels.size(); ++i)
    raise(scope.kernels[i]->phases, VerificationNeed::Full, scope.findings.size() + i);
  // A phase whose full-comparison sites an earlier phase already compares (two example
  // scripts over one model) only needs a smoke run of its own.
  std::unordered_set<size_t> compared;
  for (size_t i = 0; i < n; ++i) {
    if (needs[i] != VerificationNeed::Full) continue;
    const bool news = std::any_of(full_sites[i].begin(), full_sites[i].end(),
                                  [&](size_t s) { return !compared.count(s); });
    if (!news) needs[i] = VerificationNeed::Smoke;
    compared.insert(full_sites[i].begin(), full_sites[i].end());
  }
  return needs;
}

EffortHours estimate(const EffortScope& scope, const EffortModel& m) {
  EffortHours h;
  // Custom-op sites in a file that holds a kernel are that kernel's port: the kernel model
  // prices them (base + lines + features), so their rules must not count them again.
  std::unordered_set<std::string_view> kernel_files;
  for (const KernelRow* k : scope.kernels) kernel_files.insert(k->path);
  // Sites grouped by rule (by pointer: no string hashing per finding; a finding without a rule
  // object by its id); rules are priced in id order, a stable sum whatever the input order.
  using Slot = std::pair<const Rule*, std::vector<const Finding*>>;
  std::unordered_map<const Rule*, Slot> by_rule;
  std::unordered_map<std::string_view, Slot> by_id;
  VerificationScope v;
  const std::string* last_path = nullptr;
  bool last_in_kernel_file = false;
  for (const Finding* f : scope.findings) {
    if (f->domain == Domain::CustomOp) {
      if (!last_path || *last_path != f->path) {
        last_path = &f->path.str();
        last_in_kernel_file = kernel_files.count(f->path) > 0;
      }
      if (last_in_kernel_file) continue;
    }
    auto& slot = f->rule ? by_rule[f->rule] : by_id[f->rule_id];
    slot.first = f->rule;
    slot.second.push_back(f);
    if (f->severity == Severity::Info || f->site_class == SiteClass::NoChange) continue;
    // Precision sites that run as they are (tuning: an fp32 up-cast in a norm) change nothing
    // to compare; the ones rewritten (complex128 RoPE, float64) do.
    if (f->domain == Domain::Precision && f->site_class != SiteClass::Tuning) ++v.precision_sites;
    if (f->domain == Domain::Attention) ++v.attention_sites;
    if (f->site_class == SiteClass::Tuning) ++v.tuning_sites;
  }
  std::vector<std::pair<std::string_view, const Slot*>> ordered;
  ordered.reserve(by_rule.size() + by_id.size());
  for (const auto& [rule, slot] : by_rule) ordered.emplace_back(rule->id, &slot);
  for (const auto& [id, slot] : by_id) ordered.emplace_back(id, &slot);
  std::sort(ordered.begin(), ordered.end());
  for (const auto& [id, slot] : ordered) {
    const Domain d = slot->second.front()->domain;
    h.domain[static_cast<size_t>(d)] +=
        rule_hours(slot->first, slot->second, m, scope.discount_unreached);
  }
  for (size_t i = 0; i < scope.kernels.size(); ++i) {
    const KernelRow* k = scope.kernels[i];
    const bool bwd = i < scope.kernel_needs_backward.size() && scope.kernel_needs_backward[i];
    double kh = kernel_hours(*k, bwd, m);
    if (scope.discount_unreached && k->phases.empty()) kh *= m.factors.unreached;
    h.domain[static_cast<size_t>(Domain::CustomOp)] += kh;
    h.kernels += kh;
  }
  for (VerificationNeed need : verification_needs(scope, m)) {
    v.full_phases += need == VerificationNeed::Full;
    v.smoke_phases += need == VerificationNeed::Smoke;
  }
  v.kernels = scope.kernels.size();
  if (v.full_phases > 0) v.full_phases += scope.extra_task_runs;
  h.verification = verification_hours(v, m);
  // Nothing of the project touches the GPU: there is nothing to set up an NPU for.
  if (v.full_phases + v.smoke_phases > 0) h.environment = m.environment_hours;
  return h;
}

size_t extra_task_runs(const Assessment& a, const std::string& phase) {
  std::vector<const TaskPhase*> distinct;
  for (const TaskPhase& t : a.tasks) {
    if (t.phase != phase) continue;
    const bool seen = std::any_of(distinct.begin(), distinct.end(), [&](const TaskPhase* d) {
      return d->files == t.files && d->rule_ids == t.rule_ids && d->kernels == t.kernels;
    });
    if (!seen) distinct.push_back(&t);
  }
  return distinct.empty() ? 0 : distinct.size() - 1;
}

EffortRange to_weeks(double hours, const EffortModel& m) {
  return {hours * m.range_low / m.hours_per_week, hours * m.range_high / m.hours_per_week};
}

EffortHours fill_effort(Assessment& a, const EffortModel& m,
                        const std::vector<std::string>& training, double counterpart_hours) {
  auto backward_phase = [&](const std::string& name) {
    for (const auto& p : a.phases)
      if (p.name == name) return p.needs_backward || in_list(training, p.kind);
    return false;
  };
  EffortScope all;
  for (const auto& p : a.phases) {
    all.phases.push_back(p.name);
    all.extra_task_runs += extra_task_runs(a, p.name);
  }
  all.discount_unreached = !a.phases.empty();
  for (const auto& f : a.findings) all.findings.push_back(&f);
  for (const auto& k : a.kernels) {
    all.kernels.push_back(&k);
    all.kernel_needs_backward.push_back(
        std::any_of(k.phases.begin(), k.phases.end(), backward_phase));
  }
  EffortHours h = estimate(all, m);
  h.counterpart = counterpart_hours;
  a.effort = to_weeks(h.total(), m);
  a.effort_kernels = to_weeks(h.kernels, m);
  a.effort_counterpart = to_weeks(h.counterpart, m);
  a.effort_environment = to_weeks(h.environment, m);
  a.effort_verification = to_weeks(h.verification, m);
  for (size_t d = 0; d < 7; ++d) a.effort_by_domain[d] = to_weeks(h.domain[d], m);
  for (auto& p : a.phases) {
    EffortScope s;
    s.phases = {p.name};
    s.extra_task_runs = extra_task_runs(a, p.name);
    for (const auto& f : a.findings)
      if (in_list(f.phases, p.name)) s.findings.push_back(&f);
    for (const auto& k : a.kernels)
      if (in_list(k.phases, p.name)) {
        s.kernels.push_back(&k);
        s.kernel_needs_backward.push_back(p.needs_backward);
      }
    p.effort = to_weeks(estimate(s, m).total(), m);
  }
  return h;
}

}  // namespace ascendify::assess
