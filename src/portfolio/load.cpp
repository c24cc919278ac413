#include <nlohmann/json.hpp>

#include "portfolio/fleet.hpp"

namespace ascendify::portfolio {

namespace {

using Json = nlohmann::json;

Weeks weeks_of(const Json& j) {
  if (!j.is_object()) return {};
  return {j.value("low", 0.0), j.value("high", 0.0)};
}

std::string text_of(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

std::optional<RepoReport> load_report(const std::string& text, std::string& error) {
  Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    error = "not a JSON report (malformed JSON)";
    return std::nullopt;
  }
  const std::string schema = text_of(j, "schema");
  if (schema.empty()) {
    error = "not an ascendify JSON report (no \"schema\")";
    return std::nullopt;
  }
  if (schema != kReportSchema) {
    error = "report schema " + schema + " is not " + kReportSchema +
            ", the one this ascendify reads; scan the repository again with this version";
    return std::nullopt;
  }
  try {
    RepoReport r;
    r.project = text_of(j, "project");
    r.root = text_of(j, "root");
    if (j.contains("hardware")) r.hardware = text_of(j["hardware"], "id");
    const Json& s = j.at("summary");
    r.feasibility = text_of(s, "feasibility");
    r.weeks = weeks_of(s.value("effort_weeks", Json::object()));
    if (s.contains("site_classes"))
      for (const auto& [k, v] : s["site_classes"].items()) r.site_classes[k] = v.get<int>();
    r.findings = s.value("total_findings", 0);
    for (const auto& c : s.value("counterparts", Json::array()))
      if (text_of(c, "relation") == "is") r.adopted_as = text_of(c, "counterpart");
    r.diagnostics = s.value("diagnostics", 0);
    for (const auto& p : j.value("phases", Json::array())) {
      // A phase of no known kind (a `main` script) is summed under its name.
      std::string kind = text_of(p, "kind");
      if (kind.empty()) kind = text_of(p, "name");
      r.phases.push_back({kind, weeks_of(p.value("effort_weeks", Json::object()))});
    }
    for (const auto& f : j.value("findings", Json::array())) {
      const std::string rule = text_of(f, "rule");
      // By class, as the report's own counts are: a CUDA check that transfer_to_npu answers is
      // flagged stops_run but classed mechanical (the fix covers it).
      const std::string cls = text_of(f, "class");
      if (cls == "stops-run") ++r.stop_rules[rule];
      if (cls == "must-adapt") ++r.adapt_rules[rule];
      if (!r.replacement_of.count(rule)) r.replacement_of[rule] = text_of(f, "replacement");
    }
    for (const auto& d : j.value("dependencies", Json::array())) {
      const std::string status = text_of(d, "status");
      if (status == "compatible" || status == "not-involved" || status.empty()) continue;
      r.dependencies.push_back(
          {text_of(d, "name"), status, text_of(d, "replacement"), text_of(d, "rule")});
    }
    return r;
  } catch (const Json::exception& e) {
    error = std::string("malformed report: ") + e.what();
    return std::nullopt;
  }
}

}  // namespace ascendify::portfolio
