#include "assess/operator_support.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "assess/marker_findings.hpp"
#include "core/use_digest.hpp"

namespace ascendify::assess {

namespace {

constexpr std::string_view kMarker = "ascendify.torch-api.unsupported";
constexpr std::string_view kLaterMarker = "ascendify.torch-api.supported-later";

// major * 1000 + minor of "2.8" / "2.4.1"; -1 when unreadable.
int minor_version(std::string_view v) {
  int major = 0, minor = 0;
  size_t i = 0;
  if (i >= v.size() || v[i] < '0' || v[i] > '9') return -1;
  while (i < v.size() && v[i] >= '0' && v[i] <= '9') major = major * 10 + (v[i++] - '0');
  if (i < v.size() && v[i] == '.') ++i;
  while (i < v.size() && v[i] >= '0' && v[i] <= '9') minor = minor * 10 + (v[i++] - '0');
  return major * 1000 + minor;
}

}  // namespace

const OperatorListModel* operator_list_for(const std::vector<OperatorListModel>& lists,
                                           std::string_view version) {
  const int want = version.empty() ? -1 : minor_version(version);
  const OperatorListModel* best = nullptr;
  int best_distance = 0;
  for (const auto& l : lists) {
    const int v = minor_version(l.torch);
    // Unpinned: the newest list. Else the nearest minor version, the newer on a tie.
    const int distance = want < 0 ? -v : std::abs(v - want) * 2 - (v > want ? 1 : 0);
    if (!best || distance < best_distance) {
      best = &l;
      best_distance = distance;
    }
  }
  return best;
}

std::vector<Finding> check_operators(const ScannedFiles& files,
                                     const std::vector<OperatorListModel>& lists,
                                     std::string_view torch_version, const rules::RuleSet& rules,
                                     OperatorCheck& check) {
  std::vector<Finding> out;
  const OperatorListModel* chosen = operator_list_for(lists, torch_version);
  if (!chosen) return out;
  const OperatorListModel& list = *chosen;
  const OperatorListModel& newest = *operator_list_for(lists, "");
  check.list = list.torch;
  std::map<std::string, uint32_t> unknown, unsupported;
  UseDigest scratch;
  for (const ScannedFile& sf : files) {
    const UseDigest& d = uses_of(sf.facts, scratch);
    std::vector<Fact> markers;
    for (const UseDigest::Site& s : d.sites) {
      if (s.kind != FactKind::Reference || s.usage != Usage::Call) continue;
      const std::string_view name = d.str(s.name);
      // torch.cuda.* and torch.backends.* belong to the device rules, and a name a rule
      // reports has that rule's answer: not checked twice.
      if (!name.starts_with("torch.") || name.starts_with("torch.cuda.") ||
          name.starts_with("torch.backends.") || !rules.exact(MatchKind::Reference, name).empty())
        continue;
      ++check.checked;
      if (list.unsupported.sorted_contains(name)) {
        ++check.unsupported;
        ++unsupported[std::string(name)];
        const bool later = &newest != &list && newest.supported.sorted_contains(name);
        markers.push_back(marker_fact(std::string(later ? kLaterMarker : kMarker), d.str(s.scope),
                                      s.line, s.col, static_cast<uint32_t>(name.size()), s.guarded,
                                      std::string(name)));
      } else if (list.supported.sorted_contains(name)) {
        ++check.supported;
      } else {
        ++check.unknown;
        ++unknown[std::string(name)];
      }
    }
    if (markers.empty()) continue;
    std::vector<Finding> found = match_markers(rules, sf, std::move(markers));
    for (Finding& f : found) {
      const bool later = f.rule_id == "device.torch-api-supported-later";
      f.message = "`" + f.match + "`: " + f.message + " (list for torch " + list.torch +
                  (later ? "; the torch " + newest.torch + " list supports it)" : ")");
      if (!f.message_zh.empty())
        f.message_zh = "`" + f.match + "`：" + f.message_zh + "（torch " + list.torch + " 清单" +
                       (later ? "；torch " + newest.torch + " 清单已支持）" : "）");
    }
    std::move(found.begin(), found.end(), std::back_inserter(out));
  }
  auto top = [](const std::map<std::string, uint32_t>& counts) {
    std::vector<std::pair<std::string, uint32_t>> v(counts.begin(), counts.end());
    std::stable_sort(v.begin(), v.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return v;
  };
  check.unsupported_ops = top(unsupported);
  check.unknown_ops = top(unknown);
  if (check.unknown_ops.size() > 25) check.unknown_ops.resize(25);
  return out;
}

}  // namespace ascendify::assess
