#include <nlohmann/json.hpp>

#include "portfolio/fleet.hpp"
#include "render/escape.hpp"

namespace ascendify::portfolio {

namespace {

using Json = nlohmann::ordered_json;

Json weeks_json(const Weeks& w) {
  // Rounded to a tenth as the reports are (sums of tenths must not print as 12.299999).
  return Json{{"low", render::round1(w.low)}, {"high", render::round1(w.high)}};
}

Json recurring_json(const std::vector<Recurring>& items, bool packages) {
  Json out = Json::array();
  for (const auto& r : items) {
    Json j;
    j[packages ? "package" : "rule"] = r.key;
    j["repositories"] = r.repos;
    if (packages) {
      j["status"] = r.status;
      j["rule"] = r.rule;
    } else {
      j["sites"] = r.sites;
    }
    j["replacement"] = r.replacement;
    out.push_back(j);
  }
  return out;
}

}  // namespace

std::string render_json(const Fleet& fleet) {
  Json j;
  j["schema"] = kPortfolioSchema;
  j["repositories"] = fleet.repos.size();
  j["not_scanned"] = fleet.not_scanned.size();
  j["effort_weeks"] = weeks_json(fleet.total);
  Json verdicts = Json::object();
  for (const auto& [v, n] : fleet.by_verdict)
    verdicts[v] =
        Json{{"repositories", n}, {"effort_weeks", weeks_json(fleet.weeks_by_verdict.at(v))}};
  j["by_verdict"] = verdicts;
  Json phases = Json::object();
  for (const auto& [kind, v] : fleet.by_phase_kind)
    phases[kind] = Json{{"repositories", v.first}, {"effort_weeks", weeks_json(v.second)}};
  j["by_phase"] = phases;
  Json repos = Json::array();
  for (const auto& r : fleet.repos) {
    Json e;
    e["project"] = r.project;
    e["root"] = r.root;
    e["feasibility"] = r.feasibility;
    e["hardware"] = r.hardware;
    e["effort_weeks"] = weeks_json(r.weeks);
    e["site_classes"] = r.site_classes;
    e["findings"] = r.findings;
    e["diagnostics"] = r.diagnostics;
    e["run_stoppers"] = r.stop_rules;
    e["adopted_as"] = r.adopted_as;
    repos.push_back(e);
  }
  j["repos"] = repos;
  j["run_stoppers"] = recurring_json(fleet.run_stoppers, false);
  j["must_adapt"] = recurring_json(fleet.must_adapt, false);
  j["dependencies"] = recurring_json(fleet.dependencies, true);
  Json missing = Json::array();
  for (const auto& m : fleet.not_scanned)
    missing.push_back(Json{{"repo", m.repo}, {"reason", m.reason}});
  j["not_scanned_repos"] = missing;
  return j.dump(2) + "\n";
}

}  // namespace ascendify::portfolio
