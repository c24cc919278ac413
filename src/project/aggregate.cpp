#include "project/aggregate.hpp"

#include <map>
#include <string>

#include "core/rule.hpp"

namespace ascendify::project {

size_t aggregate_per_file(std::vector<Finding>& findings) {
  // (rule, path) -> index of the kept finding. The kept ones move forward in place: no second
  // list (a generated file can have 10,000 findings: 3.4 MB twice at the scan's peak).
  std::map<std::pair<std::string, std::string>, size_t> first;
  size_t kept = 0;
  for (size_t i = 0; i < findings.size(); ++i) {
    Finding& f = findings[i];
    if (f.rule && f.rule->aggregate_per_file) {
      auto [it, fresh] = first.try_emplace({f.rule_id, f.path}, kept);
      if (!fresh) {
        Finding& head = findings[it->second];
        head.sites++;
        head.guarded = head.guarded && f.guarded;
        continue;
      }
    }
    if (kept != i) findings[kept] = std::move(f);
    ++kept;
  }
  const size_t folded = findings.size() - kept;
  findings.erase(findings.begin() + static_cast<std::ptrdiff_t>(kept), findings.end());
  for (auto& [key, idx] : first)
    if (findings[idx].sites > 1) {
      const std::string n = std::to_string(findings[idx].sites);
      findings[idx].message += " (" + n + " sites in this file)";
      if (!findings[idx].message_zh.empty())
        findings[idx].message_zh += "（本文件共 " + n + " 处）";
    }
  return folded;
}

}  // namespace ascendify::project
