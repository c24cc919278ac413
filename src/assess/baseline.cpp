#include "assess/baseline.hpp"

#include <map>

#include "core/domain.hpp"

namespace ascendify::assess {

namespace {

using nlohmann::json;

std::string str(const json& j, const char* key) {
  if (!j.is_object()) return "";
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

std::vector<json> findings_of(const json& report) {
  std::vector<json> out;
  if (!report.is_object()) return out;
  auto it = report.find("findings");
  if (it == report.end() || !it->is_array()) return out;
  for (const auto& f : *it)
    if (f.is_object()) out.push_back(f);
  return out;
}

// Matches NEW against OLD as multisets of identities; matched[i] for NEW, used[j] for OLD.
void match(const std::vector<json>& olds, const std::vector<json>& news,
           std::vector<bool>& old_used, std::vector<bool>& new_matched) {
  std::multimap<std::string, size_t> pool;
  for (size_t j = 0; j < olds.size(); ++j) pool.emplace(finding_identity(olds[j]), j);
  old_used.assign(olds.size(), false);
  new_matched.assign(news.size(), false);
  for (size_t i = 0; i < news.size(); ++i) {
    auto it = pool.find(finding_identity(news[i]));
    if (it == pool.end()) continue;
    old_used[it->second] = true;
    new_matched[i] = true;
    pool.erase(it);
  }
}

}  // namespace

std::string finding_identity(const json& f) {
  std::string snippet;
  bool space = false;
  for (char c : str(f, "snippet")) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      space = !snippet.empty();
      continue;
    }
    if (space) snippet += ' ';
    space = false;
    snippet += c;
  }
  return str(f, "rule") + '\x1f' + str(f, "path") + '\x1f' + snippet;
}

ReportDiff diff_reports(const json& old_report, const json& new_report) {
  const std::vector<json> olds = findings_of(old_report), news = findings_of(new_report);
  std::vector<bool> old_used, new_matched;
  match(olds, news, old_used, new_matched);
  ReportDiff d;
  for (Domain dom : kAllDomains) d.per_domain.push_back({std::string(to_string(dom))});
  auto slot = [&](const json& f) -> DomainDiff& {
    const std::string name = str(f, "domain");
    for (auto& x : d.per_domain)
      if (x.domain == name) return x;
    d.per_domain.push_back({name});
    return d.per_domain.back();
  };
  for (size_t j = 0; j < olds.size(); ++j)
    if (!old_used[j]) {
      d.fixed.push_back(olds[j]);
      ++slot(olds[j]).fixed;
    }
  for (size_t i = 0; i < news.size(); ++i) {
    if (new_matched[i]) {
      d.remaining.push_back(news[i]);
      ++slot(news[i]).remaining;
    } else {
      d.added.push_back(news[i]);
      ++slot(news[i]).added;
    }
  }
  return d;
}

std::vector<bool> new_in_report(const json& old_report, const json& new_report) {
  std::vector<bool> old_used, new_matched;
  match(findings_of(old_report), findings_of(new_report), old_used, new_matched);
  std::vector<bool> out(new_matched.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = !new_matched[i];
  return out;
}

json diff_to_json(const ReportDiff& d) {
  json j;
  j["schema"] = "ascendify.diff/1";
  j["summary"] = {
      {"fixed", d.fixed.size()}, {"new", d.added.size()}, {"remaining", d.remaining.size()}};
  json domains = json::array();
  for (const auto& x : d.per_domain)
    domains.push_back(
        {{"domain", x.domain}, {"fixed", x.fixed}, {"new", x.added}, {"remaining", x.remaining}});
  j["domains"] = domains;
  j["fixed"] = d.fixed;
  j["new"] = d.added;
  return j;
}

}  // namespace ascendify::assess
