#pragma once
// Comparing two JSON reports (schema ascendify.report/1): `--baseline OLD.json` and
// `ascendify diff OLD.json NEW.json`. A finding's identity is rule + path + snippet
// (whitespace-collapsed), never its line, so edits above a site do not make it "new".
// Identical identities are matched as a multiset (two equal lines are two findings).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ascendify::assess {

struct DomainDiff {
  std::string domain;
  uint32_t fixed = 0, added = 0, remaining = 0;
};

struct ReportDiff {
  std::vector<nlohmann::json> fixed;      // in OLD only (OLD's objects)
  std::vector<nlohmann::json> added;      // in NEW only (NEW's objects)
  std::vector<nlohmann::json> remaining;  // in both (NEW's objects)
  std::vector<DomainDiff> per_domain;     // the seven domains in report order, then others
};

// "rule\x1fpath\x1fsnippet" with runs of whitespace in the snippet collapsed to one space.
std::string finding_identity(const nlohmann::json& finding);

// Never throws: missing or mistyped "findings" arrays count as empty.
ReportDiff diff_reports(const nlohmann::json& old_report, const nlohmann::json& new_report);

// For `scan --baseline OLD.json`: one flag per finding of NEW, true when it is not in OLD.
std::vector<bool> new_in_report(const nlohmann::json& old_report, const nlohmann::json& new_report);

// {"schema":"ascendify.diff/1","summary":{"fixed":n,"new":n,"remaining":n},
//  "domains":[{"domain":..,"fixed":..,"new":..,"remaining":..}],"fixed":[..],"new":[..]}
nlohmann::json diff_to_json(const ReportDiff& d);

}  // namespace ascendify::assess
