#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "assess/model.hpp"
#include "cli/commands.hpp"
#include "cli/explain.hpp"
#include "render/ref_md.hpp"
#include "rules/ref_paths.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::cli {

namespace {

rules::RuleSet load(const std::vector<std::string>& files) {
  std::vector<Diagnostic> diags;
  rules::RuleSet set = rules::load_rules(files, diags);
  for (const auto& d : diags)
    std::cerr << "ascendify: " << d.path << ":" << d.line << ": " << d.message << "\n";
  return set;
}

// "atlas-300i-duo: blocker, triton-ascend does not run on the 310P ..." per override.
std::string override_text(const HardwareOverride& o) {
  std::string s = o.profile;
  if (!o.applies) return s.append(": no finding");
  s.append(":");
  if (o.severity) s.append(" ").append(to_string(*o.severity));
  if (o.site_class) s.append(" ").append(to_string(*o.site_class));
  if (o.effort)
    s.append(" ")
        .append(std::to_string(static_cast<int>(o.effort->first_hours)))
        .append(" h first");
  if (!o.replacement.empty()) s.append(" → ").append(o.replacement);
  return s;
}

nlohmann::ordered_json overrides_json(const Rule& r) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const HardwareOverride& o : r.hardware) {
    nlohmann::ordered_json j;
    j["applies"] = o.applies;
    if (o.severity) j["severity"] = to_string(*o.severity);
    if (o.site_class) j["class"] = to_string(*o.site_class);
    if (!o.message.empty()) j["message"] = o.message;
    if (!o.replacement.empty()) j["replacement"] = o.replacement;
    if (o.effort)
      j["effort"] = {{"first", o.effort->first_hours}, {"each", o.effort->per_site_hours}};
    out[o.profile] = std::move(j);
  }
  return out;
}

}  // namespace

// The profile id `name` stands for; "" (after a diagnostic) when no profile has that name.
std::string resolve_hardware(const std::string& name) {
  const assess::Model& model = assess::embedded_model();
  const std::string& want = name.empty() ? model.default_hardware : name;
  if (const assess::HardwareProfileModel* h = assess::find_hardware(model, want)) return h->id;
  std::string ids;
  for (const auto& h : model.hardware) ids += (ids.empty() ? "" : ", ") + h.id;
  std::cerr << "ascendify: unknown hardware profile '" << name << "' (one of: " << ids << ")\n";
  return "";
}

int run_rules(const std::string& domain, const std::string& format,
              const std::vector<std::string>& rule_files, const std::string& hardware) {
  rules::RuleSet set = load(rule_files);
  if (!hardware.empty()) {  // the rules as they read on that profile
    const std::string id = resolve_hardware(hardware);
    if (id.empty()) return 2;
    set.apply_hardware(id);
  }
  if (!domain.empty() && !parse_domain(domain)) {
    std::cerr << "ascendify: unknown domain '" << domain << "'\n";
    return 2;
  }
  std::vector<const Rule*> selected;
  for (const auto& r : set.all())
    if (domain.empty() || to_string(r.domain) == domain) selected.push_back(&r);
  if (format == "json") {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const Rule* r : selected) {
      out.push_back({{"id", r->id},
                     {"domain", to_string(r->domain)},
                     {"message", r->message},
                     {"replacement", r->replacement},
                     {"confidence", to_string(r->confidence)},
                     {"transfer_to_npu", to_string(r->transfer_to_npu)},
                     {"severity", to_string(r->severity)},
                     {"autofix", r->autofix.has_value()},
                     {"fix", r->autofix ? (r->autofix->safe ? "safe" : "unsafe") : ""},
                     {"fix_why", r->autofix ? r->autofix->why : ""},
                     // The site class the rule declares; "" when each site's is derived.
                     {"class", r->site_class ? std::string(to_string(*r->site_class)) : ""},
                     // How the rule reads on each profile that changes it (hardware.yaml).
                     {"hardware", overrides_json(*r)},
                     {"refs", r->refs}});
    }
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  // docs/rules.md: a ref's knowledge file is a link relative to docs/ (rules/ref_paths.hpp).
  std::cout << "| id | domain | confidence | transfer_to_npu | replacement | fix | other hardware "
               "| sources |\n"
               "|---|---|---|---|---|---|---|---|\n";
  for (const Rule* r : selected) {
    std::cout << "| `" << r->id << "` | " << to_string(r->domain) << " | "
              << to_string(r->confidence) << " | " << to_string(r->transfer_to_npu) << " | "
              << r->replacement << " | ";
    if (r->autofix) std::cout << (r->autofix->safe ? "safe" : "unsafe: " + r->autofix->why);
    std::cout << " | ";
    for (size_t i = 0; i < r->hardware.size(); ++i)
      std::cout << (i ? "; " : "") << override_text(r->hardware[i]);
    std::cout << " | ";
    for (size_t i = 0; i < r->refs.size(); ++i)
      std::cout << (i ? "<br>" : "") << render::ref_markdown(r->refs[i], "docs");
    std::cout << " |\n";
  }
  return 0;
}

std::string explain_text(const Rule& r) {
  std::ostringstream out;
  out << r.id << " (" << to_string(r.domain) << ", confidence " << to_string(r.confidence)
      << ", severity " << to_string(r.severity) << ")\n\n"
      << r.message << "\n\nReplacement: " << r.replacement
      << "\ntransfer_to_npu: " << to_string(r.transfer_to_npu) << "\nAutofix: "
      << (r.autofix ? std::string(to_string(r.autofix->kind)) + " -> " + r.autofix->to +
                          (r.autofix->safe ? " (safe" : " (unsafe, --unsafe-fixes") +
                          (r.autofix->guard ? "; made only with the code it guards" : "") +
                          (r.autofix->why.empty() ? ")" : "): " + r.autofix->why)
                    : "none")
      << "\nClass: "
      << (r.site_class ? std::string(to_string(*r.site_class)) + " (declared by the rule)"
                       : std::string("per site (stops-run where it stops the default run; "
                                     "info: no-change; transfer_to_npu or a safe fix: "
                                     "mechanical; else must-adapt)"))
      << "\nEffort: " << r.effort.first_hours << " h first site, " << r.effort.per_site_hours
      << " h each further site\nSources:\n";
  for (const auto& ref : r.refs) out << "  - " << rules::ref_in_repo(ref) << "\n";
  if (!r.hardware.empty()) {
    out << "On other hardware (--hardware):\n";
    for (const HardwareOverride& o : r.hardware) {
      out << "  - " << override_text(o) << "\n";
      if (!o.message.empty()) out << "    " << o.message << "\n";
    }
  }
  return out.str();
}

int run_explain(const std::string& rule_id, const std::vector<std::string>& rule_files) {
  rules::RuleSet set = load(rule_files);
  const Rule* r = set.find(rule_id);
  if (!r) {
    std::cerr << "ascendify: no rule '" << rule_id << "' (see `ascendify rules`)\n";
    return 2;
  }
  std::cout << explain_text(*r);
  return 0;
}

}  // namespace ascendify::cli
