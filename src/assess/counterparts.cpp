#include "assess/counterparts.hpp"

#include <algorithm>
#include <map>
#include <unordered_set>

#include "assess/effort.hpp"
#include "core/text.hpp"

namespace ascendify::assess {

namespace {

CounterpartUse use_of(const CounterpartModel& c, bool is_project, std::string evidence) {
  CounterpartUse u;
  u.id = c.id;
  u.framework = c.framework;
  u.name = c.name;
  u.how = c.how;
  u.how_zh = c.how_zh;
  u.is_project = is_project;
  u.evidence = std::move(evidence);
  u.refs = c.refs;
  return u;
}

// The roadmap step of adopting `u`: `why` says instead of what (English, Chinese).
RoadmapStep adoption_step(const CounterpartUse& u, const std::string& why,
                          const std::string& why_zh) {
  RoadmapStep step;
  step.title = "Adopt " + u.name + " (" + why + ")";
  step.detail = u.how;
  step.title_zh = "采用 " + u.name + "（" + why_zh + "）";
  step.detail_zh = u.how_zh;
  step.effort = u.adoption;
  step.findings = u.taken_over;
  return step;
}

// The top-level package of a Python file of the root project: "megatron" for
// megatron/core/x.py and src/megatron/x.py; "" for a file at the top.
std::string_view top_package(std::string_view path) {
  if (path.starts_with("src/")) path.remove_prefix(4);
  const size_t slash = path.find('/');
  return slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash);
}

}  // namespace

double adopt_built_on(Assessment& a, const std::vector<CounterpartModel>& models,
                      const EffortModel& m) {
  double hours = 0;
  for (const CounterpartModel& c : models) {
    if (c.distributions.empty()) continue;
    const DependencyRow* row = nullptr;
    for (const auto& d : a.dependencies)
      if (in_list(c.distributions, d.name) && !d.phases.empty() && !d.optional && !d.guarded) {
        row = &d;
        break;
      }
    if (!row) continue;
    CounterpartUse u = use_of(c, false, "dependency " + row->name + " (" + row->source + ")");
    // What the taken-over sites cost ported one by one (priced before they are marked).
    std::map<std::string_view, std::pair<const Rule*, std::vector<const Finding*>>> by_rule;
    for (const Finding& f : a.findings)
      if (!f.by_counterpart && in_list(c.rules, f.rule_id)) {
        auto& slot = by_rule[f.rule_id];
        slot.first = f.rule;
        slot.second.push_back(&f);
      }
    for (const auto& [id, slot] : by_rule)
      u.literal_hours += rule_hours(slot.first, slot.second, m, true);
    for (Finding& f : a.findings)
      if (!f.by_counterpart && in_list(c.rules, f.rule_id)) {
        f.by_counterpart = true;
        u.taken_over += std::max<uint32_t>(f.sites, 1);
      }
    u.adoption_hours = c.hours_built_on;
    hours += c.hours_built_on;
    a.counterparts.push_back(std::move(u));
  }
  return hours;
}

const CounterpartModel* project_is(const ScannedFiles& files,
                                   const std::vector<CounterpartModel>& models,
                                   std::string* evidence) {
  std::map<std::string_view, size_t> per_package;
  size_t python = 0;
  for (const ScannedFile& sf : files) {
    if (sf.file.kind != FileKind::Python) continue;
    ++python;
    if (const std::string_view top = top_package(sf.file.rel_path); !top.empty())
      ++per_package[top];
  }
  if (python == 0) return nullptr;
  for (const CounterpartModel& c : models)
    for (const std::string& pkg : c.packages) {
      auto it = per_package.find(pkg);
      if (it == per_package.end()) continue;
      if (static_cast<double>(it->second) < c.min_share * static_cast<double>(python)) continue;
      if (evidence)
        *evidence = pkg + "/ holds " + std::to_string(it->second) + " of the " +
                    std::to_string(python) + " Python files";
      return &c;
    }
  return nullptr;
}

void adopt_as_project(Assessment& a, const CounterpartModel& c, const std::string& evidence,
                      const EffortModel& m) {
  CounterpartUse u = use_of(c, true, evidence);
  u.literal_feasibility = a.feasibility;
  u.literal_effort = a.effort;
  u.adoption = to_weeks(c.hours_is, m);
  a.feasibility = parse_feasibility(c.feasibility).value_or(Feasibility::NeedsAdaptation);
  a.effort = u.adoption;
  // The blockers of the line-by-line port are not the adoption's: kept as evidence of why the
  // literal port is what it is, not as the verdict's blockers.
  std::vector<std::string> literal_evidence = std::move(a.feasibility_evidence);
  a.feasibility_evidence = {
      "the project is " + c.framework + " (" + evidence + "): adopt " + c.name + " — " + c.how +
      "; porting this tree line by line would be " + std::string(to_string(u.literal_feasibility)) +
      ", " + std::to_string(static_cast<int>(u.literal_effort.low + 0.5)) + "–" +
      std::to_string(static_cast<int>(u.literal_effort.high + 0.5)) + " weeks"};
  for (const std::string& e : literal_evidence)
    a.feasibility_evidence.push_back("line by line: " + e);
  u.literal_blockers.assign(a.blockers.begin(),
                            a.blockers.begin() + std::min<ptrdiff_t>(a.blockers.size(), 10));
  a.blockers.clear();
  a.blockers_zh.clear();
  a.verdict_basis.kind = Assessment::VerdictBasis::Kind::Counterpart;
  // The roadmap of the adoption: one step (the line-by-line steps do not apply).
  a.roadmap = {
      adoption_step(u, "instead of porting " + c.framework, "而非逐行移植 " + c.framework)};
  a.counterparts.insert(a.counterparts.begin(), std::move(u));
}

void cap_to_adoption(Assessment& a) {
  auto cap = [](EffortRange& e, const EffortRange& limit) {
    e.low = std::min(e.low, limit.low);
    e.high = std::min(e.high, limit.high);
  };
  for (PhaseSummary& p : a.phases) cap(p.effort, a.effort);
  for (auto& t : a.tasks) cap(t.effort, a.effort);
  EffortRange left = a.effort;
  for (MigrationSet& s : a.migration_sets) {
    cap(s.effort, left);
    left.low -= s.effort.low;
    left.high -= s.effort.high;
  }
}

void price_built_on(Assessment& a, double total_hours, const EffortModel& m) {
  for (CounterpartUse& u : a.counterparts) {
    if (u.is_project) continue;
    u.adoption = to_weeks(u.adoption_hours, m);
    u.literal_feasibility = a.feasibility;
    u.literal_effort = to_weeks(total_hours - u.adoption_hours + u.literal_hours, m);
    // The adoption is a step of the roadmap, after the environment.
    const bool env_first = !a.roadmap.empty() && a.roadmap.front().title == "Environment";
    a.roadmap.insert(
        a.roadmap.begin() + (env_first ? 1 : 0),
        adoption_step(u, "the project runs on " + u.framework, "项目基于 " + u.framework));
  }
}

}  // namespace ascendify::assess
