#include "cli/baseline_filter.hpp"

#include <map>
#include <nlohmann/json.hpp>

#include "assess/baseline.hpp"
#include "core/read_file.hpp"

namespace ascendify::cli {

std::string apply_baseline(Assessment& a, const std::string& old_json_path, size_t& hidden) {
  hidden = 0;
  std::string error;
  auto text = read_file(old_json_path, error);
  if (!text) return old_json_path + ": " + error;
  nlohmann::json old = nlohmann::json::parse(*text, nullptr, false);
  if (old.is_discarded() || !old.is_object() || !old.contains("findings"))
    return old_json_path + ": not an ascendify JSON report";
  std::map<std::string, int> known;  // identity -> count (a multiset)
  if (old["findings"].is_array())
    for (const auto& f : old["findings"]) known[assess::finding_identity(f)]++;
  std::vector<Finding> kept;
  for (auto& f : a.findings) {
    nlohmann::json j = {{"rule", f.rule_id}, {"path", f.path}, {"snippet", f.snippet}};
    auto it = known.find(assess::finding_identity(j));
    if (it != known.end() && it->second > 0) {
      it->second--;
      hidden++;
      continue;
    }
    kept.push_back(std::move(f));
  }
  a.findings = std::move(kept);
  a.counts = {};
  for (const auto& f : a.findings) a.counts[static_cast<size_t>(f.domain)]++;
  return {};
}

}  // namespace ascendify::cli
