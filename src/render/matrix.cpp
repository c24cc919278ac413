#include "render/matrix.hpp"

#include <algorithm>

#include "core/text.hpp"
#include "render/md_util.hpp"

namespace ascendify::render {

std::vector<MatrixRow> matrix_rows(const Assessment& a) {
  std::vector<MatrixRow> rows;
  std::map<std::string, const Rule*> rule_by_id;
  for (const auto& f : a.findings)
    if (f.rule != nullptr) rule_by_id.emplace(f.rule_id, f.rule);
  auto add = [](MatrixCell& c, bool guarded) {
    ++c.sites;
    if (!guarded) ++c.unguarded;
  };
  for (const auto& d : a.dependencies) {
    if (d.status == DependencyStatus::Compatible || d.status == DependencyStatus::NotInvolved)
      continue;
    MatrixRow r;
    r.label = d.name;
    r.replacement = d.replacement;
    r.replacement_zh = d.replacement_zh;
    add(r.all, d.guarded || d.optional);
    for (const auto& p : d.phases)
      add(r.per_phase[p], d.guarded || d.optional ||
                              std::find(d.optional_phases.begin(), d.optional_phases.end(), p) !=
                                  d.optional_phases.end());
    const auto it = rule_by_id.find(d.rule_id);
    if (it != rule_by_id.end()) r.days = rule_effort_days(it->second, 1);
    rows.push_back(std::move(r));
  }
  std::map<std::pair<Domain, std::string>, MatrixRow> by_rule;  // sorted: domain, rule id
  for (const auto& f : a.findings) {
    if (f.domain == Domain::Dependency || f.severity == Severity::Info) continue;
    MatrixRow& r = by_rule[{f.domain, f.rule_id}];
    if (r.all.sites == 0) {
      r.rule_id = f.rule_id;
      r.is_rule = true;
      r.replacement = std::string(replacement_of(f));
      r.replacement_zh = std::string(replacement_of(f, Lang::Zh));
    }
    if (!in_list(r.patterns, f.match)) r.patterns.push_back(f.match);
    // An optional feature's site (behind a flag that is off by default) is not needed either.
    add(r.all, f.guarded || f.optional);
    for (const auto& p : f.phases) add(r.per_phase[p], f.guarded || f.optional);
  }
  for (auto& [key, r] : by_rule) {
    const auto it = rule_by_id.find(key.second);
    if (it != rule_by_id.end()) r.days = rule_effort_days(it->second, r.all.sites);
    rows.push_back(std::move(r));
  }
  return rows;
}

bool is_unreached(const Assessment& a, const Finding& f) {
  // unreached_files lists the files holding unreached findings, unused_definitions and
  // backward_only_files those of reached files; such a file may hold reached findings too,
  // which carry phases.
  if (!f.phases.empty()) return false;
  auto in = [&](const std::vector<std::string>& v) {
    return std::find(v.begin(), v.end(), f.path) != v.end();
  };
  if (in(a.unreached_files) || in(a.backward_only_files)) return true;
  for (const auto& d : a.unused_definitions)
    if (d.path == f.path) return true;
  return false;
}

}  // namespace ascendify::render
