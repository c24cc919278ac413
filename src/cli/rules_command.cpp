#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
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

}  // namespace

int run_rules(const std::string& domain, const std::string& format,
              const std::vector<std::string>& rule_files) {
  rules::RuleSet set = load(rule_files);
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
                     {"refs", r->refs}});
    }
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  std::cout << "| id | domain | confidence | transfer_to_npu | replacement | fix |\n"
               "|---|---|---|---|---|---|\n";
  for (const Rule* r : selected) {
    std::cout << "| `" << r->id << "` | " << to_string(r->domain) << " | "
              << to_string(r->confidence) << " | " << to_string(r->transfer_to_npu) << " | "
              << r->replacement << " | ";
    if (r->autofix) std::cout << (r->autofix->safe ? "safe" : "unsafe: " + r->autofix->why);
    std::cout << " |\n";
  }
  return 0;
}

int run_explain(const std::string& rule_id, const std::vector<std::string>& rule_files) {
  rules::RuleSet set = load(rule_files);
  const Rule* r = set.find(rule_id);
  if (!r) {
    std::cerr << "ascendify: no rule '" << rule_id << "' (see `ascendify rules`)\n";
    return 2;
  }
  std::cout << r->id << " (" << to_string(r->domain) << ", confidence " << to_string(r->confidence)
            << ", severity " << to_string(r->severity) << ")\n\n"
            << r->message << "\n\nReplacement: " << r->replacement
            << "\ntransfer_to_npu: " << to_string(r->transfer_to_npu) << "\nAutofix: "
            << (r->autofix ? r->autofix->kind + " -> " + r->autofix->to +
                                 (r->autofix->safe ? " (safe" : " (unsafe, --unsafe-fixes") +
                                 (r->autofix->guard ? "; made only with the code it guards" : "") +
                                 (r->autofix->why.empty() ? ")" : "): " + r->autofix->why)
                           : "none")
            << "\nClass: "
            << (r->site_class ? std::string(to_string(*r->site_class)) + " (declared by the rule)"
                              : std::string("per site (stops-run where it stops the default run; "
                                            "info: no-change; transfer_to_npu or a safe fix: "
                                            "mechanical; else must-adapt)"))
            << "\nEffort: " << r->effort.first_hours << " h first site, "
            << r->effort.per_site_hours << " h each further site\nSources:\n";
  for (const auto& ref : r->refs) std::cout << "  - " << ref << "\n";
  return 0;
}

}  // namespace ascendify::cli
