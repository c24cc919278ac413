// The Markdown report (specification's template): summary, dependency matrix, per-domain
// findings (md_domains.cpp), roadmap, risk matrix, diagnostics.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "render/escape.hpp"
#include "render/labels.hpp"
#include "render/md_domains.hpp"
#include "render/md_util.hpp"
#include "render/render.hpp"

namespace ascendify::render {

namespace {

std::string weeks_range(const EffortRange& e, const Labels& l) {
  return fmt::format("{}–{} {}", one_decimal(e.low), one_decimal(e.high), l.weeks);
}

void write_summary(std::string& out, const Assessment& a, const Labels& l, Lang lang) {
  out += fmt::format("## {}\n\n", l.h_summary);
  if (a.assessed) {
    out += fmt::format("- {}: **{}**\n", l.feasibility, feasibility_words(a.feasibility, lang));
    out += fmt::format("- {}: {}\n", l.effort, weeks_range(a.effort, l));
    out += fmt::format("- {}:", l.blockers);
    if (a.blockers.empty())
      out += fmt::format(" {}\n", l.none);
    else {
      out += '\n';
      for (const auto& b : a.blockers) out += "  - " + md_text(b) + "\n";
    }
  } else {
    out += fmt::format("- {}: {}\n", l.feasibility, l.not_computed);
    out += fmt::format("- {}: {}\n", l.effort, l.not_computed);
    out += fmt::format("- {}: {}\n", l.blockers, l.not_computed);
  }
  uint32_t total = 0;
  for (uint32_t n : a.counts) total += n;
  out += fmt::format("- {}: {}\n\n", l.scanned,
                     fill(l.scanned_fmt, {{"files", std::to_string(a.stats.files_scanned)},
                                          {"findings", std::to_string(total)},
                                          {"diags", std::to_string(a.diagnostics.size())}}));
  std::array<size_t, 7> blockers{};
  for (const auto& f : a.findings)
    if (f.severity == Severity::Blocker) ++blockers[static_cast<size_t>(f.domain)];
  std::vector<Row> rows;
  for (size_t d = 0; d < kAllDomains.size(); ++d)
    rows.push_back(
        {std::string(l.domain_names[d]), std::to_string(a.counts[d]), std::to_string(blockers[d])});
  table(out, {std::string(l.c_domain), std::string(l.c_findings), std::string(l.c_blockers_n)},
        rows);
}

// One matrix row: a non-compatible dependency, or a rule that fired outside the dependency
// domain (a CUDA feature the code depends on).
struct MatrixRow {
  std::string label;                        // escaped
  std::string replacement;                  // escaped
  std::map<std::string, size_t> per_phase;  // phase -> sites
  size_t sites = 0;
  bool all_guarded = true;
  double days = -1.0;
};

std::vector<MatrixRow> matrix_rows(const Assessment& a) {
  std::vector<MatrixRow> rows;
  std::map<std::string, const Rule*> rule_by_id;
  for (const auto& f : a.findings)
    if (f.rule != nullptr) rule_by_id.emplace(f.rule_id, f.rule);
  for (const auto& d : a.dependencies) {
    if (d.status == "compatible") continue;
    MatrixRow r;
    r.label = md_text(d.name);
    r.replacement = md_text(d.replacement);
    r.sites = 1;
    r.all_guarded = d.guarded;
    for (const auto& p : d.phases) r.per_phase[p] = 1;
    const auto it = rule_by_id.find(d.rule_id);
    if (it != rule_by_id.end()) r.days = rule_effort_days(it->second, 1);
    rows.push_back(std::move(r));
  }
  std::map<std::pair<Domain, std::string>, MatrixRow> by_rule;  // sorted: domain, rule id
  for (const auto& f : a.findings) {
    if (f.domain == Domain::Dependency || f.severity == Severity::Info) continue;
    MatrixRow& r = by_rule[{f.domain, f.rule_id}];
    if (r.sites == 0) {
      r.label = md_code(f.rule_id);
      r.replacement = md_text(replacement_of(f));
    }
    ++r.sites;
    r.all_guarded = r.all_guarded && f.guarded;
    for (const auto& p : f.phases) ++r.per_phase[p];
  }
  for (auto& [key, r] : by_rule) {
    const auto it = rule_by_id.find(key.second);
    if (it != rule_by_id.end()) r.days = rule_effort_days(it->second, r.sites);
    rows.push_back(std::move(r));
  }
  return rows;
}

void write_matrix(std::string& out, const Assessment& a, const Labels& l) {
  out += fmt::format("## {}\n\n", l.h_matrix);
  const bool by_phase = a.assessed && !a.phases.empty();
  if (!by_phase) out += fmt::format("{}\n\n", l.matrix_no_phase);
  Row header = {std::string(l.c_dependency)};
  if (by_phase)
    for (const auto& p : a.phases) header.push_back(md_text(p.name));
  else
    header.push_back(std::string(l.all_files));
  header.push_back(std::string(l.c_replacement));
  if (a.assessed) header.push_back(std::string(l.c_effort));
  std::vector<Row> rows;
  for (const MatrixRow& m : matrix_rows(a)) {
    Row r = {m.label};
    auto cell = [&](size_t n) {
      if (n == 0) return std::string("—");
      const std::string_view word = m.all_guarded ? l.optional : l.needed;
      return fmt::format("{} ({})", word, n);
    };
    if (by_phase) {
      for (const auto& p : a.phases) {
        const auto it = m.per_phase.find(p.name);
        r.push_back(cell(it == m.per_phase.end() ? 0 : it->second));
      }
    } else {
      r.push_back(cell(m.sites));
    }
    r.push_back(m.replacement);
    if (a.assessed) r.push_back(days_cell(m.days, l));
    rows.push_back(std::move(r));
  }
  if (rows.empty()) {
    out += fmt::format("{}\n\n", l.none);
    return;
  }
  table(out, header, rows);
  if (a.assessed) out += fmt::format("{}\n\n", l.rule_estimate_note);
}

void write_roadmap(std::string& out, const Assessment& a, const Labels& l) {
  out += fmt::format("## {}\n\n", l.h_roadmap);
  if (!a.assessed) {
    out += fmt::format("{}.\n\n", l.not_computed);
    return;
  }
  if (a.roadmap.empty()) {
    out += fmt::format("{}.\n\n", l.none);
    return;
  }
  for (size_t i = 0; i < a.roadmap.size(); ++i) {
    const RoadmapStep& s = a.roadmap[i];
    out += fmt::format("{}. **{}** — {}", i + 1, md_text(s.title), md_text(s.detail));
    out += fmt::format(" ({}: {}; {}: {}", l.step_effort, weeks_range(s.effort, l), l.step_findings,
                       s.findings);
    if (!s.rule_ids.empty()) {
      std::vector<std::string> ids;
      for (const auto& id : s.rule_ids) ids.push_back(md_code(id));
      out += fmt::format("; {}: {}", l.step_rules, join_limited(ids, 6, l));
    }
    out += ")\n";
  }
  out += '\n';
}

void write_risk_matrix(std::string& out, const Assessment& a, const Labels& l) {
  out += fmt::format("## {}\n\n", l.h_risk);
  struct RiskRow {
    std::vector<std::string> patterns;  // distinct matches, first-seen order
    std::string replacement;
    Confidence confidence = Confidence::Medium;
    size_t sites = 0;
  };
  std::map<std::pair<Domain, std::string>, RiskRow> rules;
  for (const auto& f : a.findings) {
    RiskRow& r = rules[{f.domain, f.rule_id}];
    if (r.sites++ == 0) {
      r.replacement = md_text(f.rule != nullptr && !f.rule->replacement.empty()
                                  ? std::string_view(f.rule->replacement)
                                  : replacement_of(f));
      r.confidence = f.rule != nullptr ? f.rule->confidence : f.confidence;
    }
    const std::string p = md_code(f.match);
    if (std::find(r.patterns.begin(), r.patterns.end(), p) == r.patterns.end())
      r.patterns.push_back(p);
  }
  if (rules.empty()) {
    out += fmt::format("{}.\n\n", l.none);
    return;
  }
  std::vector<Row> rows;
  for (const auto& [key, r] : rules)
    rows.push_back({join_limited(r.patterns, 3, l), r.replacement,
                    confidence_label(r.confidence, l), md_code(key.second),
                    std::to_string(r.sites)});
  table(out,
        {std::string(l.c_cuda_pattern), std::string(l.c_replacement), std::string(l.c_confidence),
         std::string(l.c_rule), std::string(l.c_sites)},
        rows);
}

void write_diagnostics(std::string& out, const Assessment& a, const Labels& l) {
  if (a.diagnostics.empty()) return;
  out += fmt::format("## {}\n\n", l.h_diag);
  std::vector<Row> rows;
  for (size_t i = 0; i < a.diagnostics.size(); ++i) {
    const Diagnostic& d = a.diagnostics[i];
    rows.push_back({std::to_string(i + 1), md_code(d.path),
                    d.line == 0 ? "—" : std::to_string(d.line), md_text(d.message)});
  }
  table(out,
        {std::string(l.c_num), std::string(l.c_file), std::string(l.c_line),
         std::string(l.c_message)},
        rows);
}

}  // namespace

std::string render_markdown(const Assessment& a, Lang lang) {
  const Labels& l = labels(lang);
  std::string out;
  const std::string project = a.project_name.empty() ? a.root : a.project_name;
  out += fmt::format("# {}{}\n\n", md_text(project), l.title_suffix);
  out += fill(l.generated_by,
              {{"version", ASCENDIFY_VERSION}, {"root", md_code(a.root, /*in_table=*/false)}});
  out += "\n\n";
  write_summary(out, a, l, lang);
  write_matrix(out, a, l);
  write_domain_details(out, a, lang);
  write_roadmap(out, a, l);
  write_risk_matrix(out, a, l);
  write_diagnostics(out, a, l);
  while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n')
    out.pop_back();
  return out;
}

}  // namespace ascendify::render
