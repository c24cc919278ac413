#pragma once
// The dependency matrix of the reports, as plain (unescaped) data shared by the Markdown and
// HTML renderers: one row per dependency to replace (status replace or
// unsupported), then one per rule that fired outside
// the dependency domain (a CUDA feature the code depends on), in (domain, rule id) order.
#include <map>
#include <string>
#include <vector>

#include "assess/assessment.hpp"

namespace ascendify::render {

// needed: some site is unguarded; optional: every site sits behind an availability check.
enum class Need { NotNeeded, Optional, Needed };

struct MatrixCell {
  size_t sites = 0;
  size_t unguarded = 0;
  Need need() const {
    return sites == 0 ? Need::NotNeeded : unguarded > 0 ? Need::Needed : Need::Optional;
  }
};

struct MatrixRow {
  std::string label;  // a dependency row's name (rule rows: patterns_label of `patterns`)
  bool is_rule = false;
  std::string rule_id;                // a rule row's rule
  std::vector<std::string> patterns;  // a rule row's distinct matched texts, first seen first
  std::string replacement;
  std::string replacement_zh;                   // "" = `replacement`
  std::map<std::string, MatrixCell> per_phase;  // phase -> sites
  MatrixCell all;                               // every site, reached or not
  double days = -1.0;  // the knowledge base's estimate for all sites; negative when unknown
};

std::vector<MatrixRow> matrix_rows(const Assessment& a);

// True when no entry point reaches the finding: it has no phases and its file is one of
// Assessment::unreached_files (docs/effort-model.md).
bool is_unreached(const Assessment& a, const Finding& f);

}  // namespace ascendify::render
