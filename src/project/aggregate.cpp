#include "project/aggregate.hpp"

#include <map>
#include <string>

#include "core/rule.hpp"

namespace ascendify::project {

size_t aggregate_per_file(std::vector<Finding>& findings) {
  std::map<std::pair<std::string, std::string>, size_t> first;  // (rule, path) -> index in out
  std::vector<Finding> out;
  out.reserve(findings.size());
  for (auto& f : findings) {
    if (!f.rule || !f.rule->aggregate_per_file) {
      out.push_back(std::move(f));
      continue;
    }
    auto [it, fresh] = first.try_emplace({f.rule_id, f.path}, out.size());
    if (fresh) {
      out.push_back(std::move(f));
    } else {
      Finding& head = out[it->second];
      head.sites++;
      head.guarded = head.guarded && f.guarded;
    }
  }
  size_t folded = findings.size() - out.size();
  for (auto& [key, idx] : first)
    if (out[idx].sites > 1) {
      const std::string n = std::to_string(out[idx].sites);
      out[idx].message += " (" + n + " sites in this file)";
      if (!out[idx].message_zh.empty()) out[idx].message_zh += "（本文件共 " + n + " 处）";
    }
  findings = std::move(out);
  return folded;
}

}  // namespace ascendify::project
