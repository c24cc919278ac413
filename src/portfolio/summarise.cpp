#include <algorithm>
#include <cctype>
#include <set>

#include "portfolio/fleet.hpp"

namespace ascendify::portfolio {

namespace {

// Sums a per-repository count of a key into the fleet's list of recurring keys.
struct Tally {
  std::map<std::string, Recurring> by_key;
  void add(const std::string& key, const std::string& repo, int sites,
           const std::string& replacement, const std::string& status = "",
           const std::string& rule = "") {
    Recurring& r = by_key[key];
    r.key = key;
    if (r.rule.empty()) r.rule = rule;
    if (r.repos.empty() || r.repos.back() != repo) r.repos.push_back(repo);
    r.sites += sites;
    if (r.replacement.empty()) r.replacement = replacement;  // of the first repository by name
    if (!status.empty() && r.status.find(status) == std::string::npos)
      r.status += (r.status.empty() ? "" : ", ") + status;
  }
  // Most repositories first, then most sites, then the key: an order of content alone.
  std::vector<Recurring> ranked() const {
    std::vector<Recurring> out;
    for (const auto& [k, r] : by_key) out.push_back(r);
    std::stable_sort(out.begin(), out.end(), [](const Recurring& a, const Recurring& b) {
      if (a.repos.size() != b.repos.size()) return a.repos.size() > b.repos.size();
      return a.sites > b.sites;
    });
    return out;
  }
};

}  // namespace

Fleet summarise(std::vector<RepoReport> repos, std::vector<NotScanned> not_scanned) {
  Fleet fleet;
  // By name as a person reads a list (case folded), then exactly: an order of content alone.
  auto folded = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  std::sort(repos.begin(), repos.end(), [&](const RepoReport& a, const RepoReport& b) {
    const std::string fa = folded(a.project), fb = folded(b.project);
    return std::tie(fa, a.project, a.root) < std::tie(fb, b.project, b.root);
  });
  std::sort(not_scanned.begin(), not_scanned.end(), [](const NotScanned& a, const NotScanned& b) {
    return std::tie(a.repo, a.reason) < std::tie(b.repo, b.reason);
  });
  Tally stoppers, adapt, deps;
  for (const RepoReport& r : repos) {
    ++fleet.by_verdict[r.feasibility];
    Weeks& v = fleet.weeks_by_verdict[r.feasibility];
    v.low += r.weeks.low;
    v.high += r.weeks.high;
    fleet.total.low += r.weeks.low;
    fleet.total.high += r.weeks.high;
    std::set<std::string> kinds;
    for (const PhaseWeeks& p : r.phases) {
      auto& [count, weeks] = fleet.by_phase_kind[p.kind];
      if (kinds.insert(p.kind).second) ++count;
      weeks.low += p.weeks.low;
      weeks.high += p.weeks.high;
    }
    auto replacement = [&](const std::string& rule) {
      auto it = r.replacement_of.find(rule);
      return it == r.replacement_of.end() ? std::string() : it->second;
    };
    if (!r.adopted_as.empty()) continue;  // adopted whole: its sites are not the fleet's work
    const std::string who = r.project.empty() ? r.root : r.project;
    for (const auto& [rule, n] : r.stop_rules) stoppers.add(rule, who, n, replacement(rule));
    for (const auto& [rule, n] : r.adapt_rules) adapt.add(rule, who, n, replacement(rule));
    for (const auto& d : r.dependencies) deps.add(d.name, who, 1, d.replacement, d.status, d.rule);
  }
  fleet.run_stoppers = stoppers.ranked();
  fleet.must_adapt = adapt.ranked();
  fleet.dependencies = deps.ranked();
  fleet.repos = std::move(repos);
  fleet.not_scanned = std::move(not_scanned);
  return fleet;
}

}  // namespace ascendify::portfolio
