#include "assess/roadmap.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <unordered_set>

#include "core/rule.hpp"
#include "core/text.hpp"

namespace ascendify::assess {

std::vector<RoadmapStep> build_roadmap(const Assessment& a, const EffortHours& hours,
                                       const std::vector<RoadmapStepModel>& steps,
                                       const EffortModel& m) {
  std::vector<RoadmapStep> out;
  for (const auto& s : steps) {
    RoadmapStep step;
    step.title = s.title;
    step.detail = s.detail;
    step.title_zh = s.title_zh;
    step.detail_zh = s.detail_zh;
    double h = 0.0;
    std::set<std::string> ids;
    for (const auto& dn : s.domains) {
      auto d = parse_domain(dn);
      if (!d) continue;
      h += hours.domain[static_cast<size_t>(*d)];
      for (const auto& f : a.findings)
        if (f.domain == *d && f.severity != Severity::Info) {
          ids.insert(f.rule_id);
          ++step.findings;
        }
    }
    size_t kernels = s.kernels ? a.kernels.size() : 0;
    if (s.id == "environment") h += hours.environment;
    if (s.verification) h += hours.verification;
    if (!s.always && step.findings == 0 && kernels == 0) continue;
    if (kernels > 0) {
      step.detail += " (" + std::to_string(kernels) + " kernel(s))";
      if (!step.detail_zh.empty())
        step.detail_zh += "（共 " + std::to_string(kernels) + " 个算子）";
    }
    step.rule_ids.assign(ids.begin(), ids.end());
    step.effort = to_weeks(h, m);
    out.push_back(std::move(step));
  }
  return out;
}

std::vector<RiskRow> build_risks(const std::vector<Finding>& findings) {
  std::map<std::pair<Domain, std::string>, RiskRow> rows;
  // A replacement template with {name} / {tail} is filled in per finding: the row lists the
  // filled-in replacements of its patterns, never the template.
  std::map<std::pair<Domain, std::string>, std::vector<std::string>> filled, filled_zh;
  for (const auto& f : findings) {
    RiskRow& r = rows[{f.domain, f.rule_id}];
    if (r.sites++ == 0) {
      r.rule_id = f.rule_id;
      r.domain = f.domain;
      r.replacement =
          f.rule && !f.rule->replacement.empty() ? f.rule->replacement : f.replacement.str();
      r.replacement_zh =
          f.rule && !f.rule->replacement.empty() ? f.rule->replacement_zh : f.replacement_zh.str();
      r.confidence = f.rule ? f.rule->confidence : f.confidence;
    }
    if (r.patterns.size() < 3 && !in_list(r.patterns, f.match)) {
      r.patterns.push_back(f.match);
      auto& mine = filled[{f.domain, f.rule_id}];
      if (!in_list(mine, f.replacement.str())) mine.push_back(f.replacement.str());
      const std::string& zh =
          f.replacement_zh.empty() ? f.replacement.str() : f.replacement_zh.str();
      auto& mine_zh = filled_zh[{f.domain, f.rule_id}];
      if (!in_list(mine_zh, zh)) mine_zh.push_back(zh);
    }
  }
  std::vector<RiskRow> out;
  for (auto& [key, r] : rows) {
    const bool templated = r.replacement.find("{name}") != std::string::npos ||
                           r.replacement.find("{tail}") != std::string::npos;
    if (templated) {
      r.replacement.clear();
      for (const auto& text : filled[key])
        r.replacement += (r.replacement.empty() ? "" : ", ") + text;
      r.replacement_zh.clear();
      for (const auto& text : filled_zh[key])
        r.replacement_zh += (r.replacement_zh.empty() ? "" : "，") + text;
    }
    out.push_back(std::move(r));
  }
  return out;
}

std::string pick_target(const std::vector<PhaseSummary>& phases, const std::string& wanted) {
  for (const auto& p : phases)
    if (p.name == wanted) return p.name;
  for (const auto& p : phases)
    if (p.kind == "inference") return p.name;
  return phases.empty() ? "" : phases.front().name;
}

std::vector<MigrationSet> migration_sets(const Assessment& a, const std::string& target,
                                         const EffortModel& m) {
  std::vector<const PhaseSummary*> order;
  for (const auto& p : a.phases)
    if (p.name == target) order.push_back(&p);
  for (const auto& p : a.phases)
    if (p.name != target) order.push_back(&p);
  std::vector<MigrationSet> out;
  std::vector<std::string> done;  // phases covered by earlier sets
  // Phases as bits (report order); each finding's phases as a mask, computed once. More than
  // 64 phases (never seen) take the string comparisons instead.
  const bool bits = a.phases.size() <= 64;
  auto bit_of = [&](const std::string& name) -> uint64_t {
    for (size_t i = 0; i < a.phases.size() && i < 64; ++i)
      if (a.phases[i].name == name) return uint64_t{1} << i;
    return 0;
  };
  auto mask_of = [&](const std::vector<std::string>& phases) {
    uint64_t m = 0;
    for (const auto& x : phases) m |= bit_of(x);
    return m;
  };
  std::vector<uint64_t> finding_masks;
  finding_masks.reserve(a.findings.size());
  if (bits)  // the phases whose default run needs the site
    for (const auto& f : a.findings) finding_masks.push_back(mask_of(f.phases) & ~f.optional_in);
  else
    finding_masks.assign(a.findings.size(), 0);
  uint64_t done_mask = 0;
  std::unordered_set<std::string_view> seen_rules;  // one lookup per finding and phase
  std::set<std::string> seen_deps, seen_kernels;
  double before = 0.0;
  for (const PhaseSummary* p : order) {
    done.push_back(p->name);
    const uint64_t p_bit = bit_of(p->name);
    done_mask |= p_bit;
    auto in_done = [&](const std::vector<std::string>& phases) {
      return std::any_of(phases.begin(), phases.end(),
                         [&](const auto& x) { return in_list(done, x); });
    };
    EffortScope cum;
    cum.phases = done;
    for (const auto& name : done) cum.extra_task_runs += extra_task_runs(a, name);
    MigrationSet set;
    set.phase = p->name;
    std::set<std::string> rules, deps;
    for (size_t i = 0; i < a.findings.size(); ++i) {
      const Finding& f = a.findings[i];
      const uint64_t fm = finding_masks[i];
      // The sets are what the default run needs: optional features (flags off by default,
      // branches module constants rule out) stay out, visible in the tables.
      if (f.optional) continue;
      if (bits ? !(fm & done_mask) : !in_done(f.phases)) continue;
      cum.findings.push_back(&f);
      // In this phase and in no phase of an earlier set.
      const bool only_now = bits ? (fm & p_bit) && !(fm & done_mask & ~p_bit)
                                 : in_list(f.phases, p->name) &&
                                       !std::any_of(f.phases.begin(), f.phases.end(), [&](auto& x) {
                                         return x != p->name && in_list(done, x);
                                       });
      if (only_now) ++set.findings;
      if (f.severity != Severity::Info && seen_rules.insert(f.rule_id).second)
        rules.insert(f.rule_id);
    }
    for (const auto& k : a.kernels) {
      if (k.optional || !in_done(k.phases)) continue;
      cum.kernels.push_back(&k);
      bool bwd = false;
      for (const auto& q : a.phases)
        if (q.needs_backward && in_list(done, q.name) && in_list(k.phases, q.name)) bwd = true;
      cum.kernel_needs_backward.push_back(bwd);
      const std::string id = k.path + ":" + std::to_string(k.line) + " " + k.name;
      if (seen_kernels.insert(id).second) set.kernels.push_back(id);
    }
    for (const auto& d : a.dependencies) {
      // Phases of the set that need it on their default run (not only optional code).
      bool needed = false;
      for (const auto& x : d.phases)
        needed = needed || (in_list(done, x) && !d.optional && !in_list(d.optional_phases, x));
      if (d.status != DependencyStatus::Compatible && d.status != DependencyStatus::NotInvolved &&
          needed && seen_deps.insert(d.name).second)
        deps.insert(d.name);
    }
    set.rule_ids.assign(rules.begin(), rules.end());
    set.dependencies.assign(deps.begin(), deps.end());
    const double now = estimate(cum, m).total();
    set.effort = to_weeks(now - before, m);
    before = now;
    out.push_back(std::move(set));
  }
  return out;
}

}  // namespace ascendify::assess
