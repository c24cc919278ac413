// The `ascendify.report/1` JSON report (DESIGN.md). Extra fields beyond the schema are
// documented in render.hpp's comment and listed in tests/render/report_schema.hpp.
#include <nlohmann/json.hpp>

#include "core/rule.hpp"
#include "render/escape.hpp"
#include "render/render.hpp"

namespace ascendify::render {

namespace {

using ordered_json = nlohmann::ordered_json;

ordered_json effort_json(const EffortRange& e) {
  ordered_json j;
  j["low"] = round1(e.low);
  j["high"] = round1(e.high);
  return j;
}

ordered_json strings(const std::vector<std::string>& v) {
  ordered_json j = ordered_json::array();
  for (const auto& s : v) j.push_back(s);
  return j;
}

ordered_json summary_json(const Assessment& a) {
  ordered_json s;
  s["assessed"] = a.assessed;
  if (a.assessed) {
    s["feasibility"] = std::string(to_string(a.feasibility));
    s["feasibility_zh"] = std::string(to_chinese(a.feasibility));
    s["effort_weeks"] = effort_json(a.effort);
    s["feasibility_evidence"] = strings(a.feasibility_evidence);
    ordered_json by_domain;
    for (Domain d : kAllDomains)
      by_domain[std::string(to_string(d))] =
          effort_json(a.effort_by_domain[static_cast<size_t>(d)]);
    s["effort_by_domain"] = by_domain;
    s["effort_environment"] = effort_json(a.effort_environment);
    s["effort_verification"] = effort_json(a.effort_verification);
  } else {
    // Not computed yet: say so rather than report a made-up default.
    s["feasibility"] = nullptr;
    s["feasibility_zh"] = nullptr;
    s["effort_weeks"] = nullptr;
  }
  s["blockers"] = strings(a.blockers);
  ordered_json counts;
  uint32_t total = 0;
  for (Domain d : kAllDomains) {
    const uint32_t n = a.counts[static_cast<size_t>(d)];
    counts[std::string(to_string(d))] = n;
    total += n;
  }
  s["counts"] = counts;
  s["total_findings"] = total;
  s["diagnostics"] = a.diagnostics.size();
  s["unreached_files"] = strings(a.unreached_files);
  s["unreached_findings"] = a.unreached_findings;
  return s;
}

ordered_json stats_json(const ScanStats& st) {
  ordered_json j;
  j["files_scanned"] = st.files_scanned;
  j["bytes_scanned"] = st.bytes_scanned;
  ordered_json kinds = ordered_json::object();
  for (const auto& [kind, n] : st.files_by_kind) kinds[kind] = n;  // std::map: sorted
  j["files_by_kind"] = kinds;
  j["suppressed"] = st.suppressed;
  return j;
}

ordered_json phase_json(const PhaseSummary& p) {
  ordered_json j;
  j["name"] = p.name;
  j["entry_points"] = strings(p.entry_points);
  j["files"] = p.files;
  j["findings"] = p.findings;
  j["effort_weeks"] = effort_json(p.effort);
  j["kind"] = p.kind;
  j["needs_backward"] = p.needs_backward;
  return j;
}

ordered_json roadmap_json(const RoadmapStep& r) {
  ordered_json j;
  j["title"] = r.title;
  j["detail"] = r.detail;
  j["effort_weeks"] = effort_json(r.effort);
  j["rules"] = strings(r.rule_ids);
  j["findings"] = r.findings;
  return j;
}

ordered_json dependency_json(const DependencyRow& d) {
  ordered_json j;
  j["name"] = d.name;
  j["spec"] = d.spec;
  j["source"] = d.source;
  j["status"] = d.status;
  j["replacement"] = d.replacement;
  j["guarded"] = d.guarded;
  j["rule"] = d.rule_id;
  j["imported"] = d.imported;
  j["phases"] = strings(d.phases);
  return j;
}

ordered_json kernel_json(const KernelRow& k) {
  ordered_json j;
  j["kind"] = k.kind;
  j["name"] = k.name;
  j["path"] = k.path;
  j["line"] = k.line;
  j["loc"] = k.loc;
  j["features"] = strings(k.features);
  j["ascend_path"] = k.ascend_path;
  j["phases"] = strings(k.phases);
  j["callers"] = strings(k.callers);
  j["purpose"] = k.purpose;
  j["backward_only"] = k.backward_only;
  j["has_fallback"] = k.has_fallback;
  j["templated"] = k.templated;
  return j;
}

ordered_json finding_json(const Finding& f) {
  ordered_json j;
  j["rule"] = f.rule_id;
  j["domain"] = std::string(to_string(f.domain));
  j["path"] = f.path;
  j["line"] = f.span.line;
  j["column"] = f.span.col;
  j["end_line"] = f.span.end_line;
  j["end_column"] = f.span.end_col;
  j["match"] = f.match;
  j["snippet"] = f.snippet;
  j["replacement"] = f.replacement;
  j["confidence"] = std::string(to_string(f.confidence));
  j["guarded"] = f.guarded;
  j["autofix"] = f.autofix;
  j["auto_by_transfer_to_npu"] = f.auto_by_transfer_to_npu;
  j["phases"] = strings(f.phases);
  j["severity"] = std::string(to_string(f.severity));
  j["message"] = f.message;
  j["scope"] = f.scope;
  if (f.sites > 1) j["sites"] = f.sites;
  if (f.cell != 0) {
    j["cell"] = f.cell;
    j["cell_line"] = f.cell_line;
  }
  return j;
}

ordered_json migration_set_json(const MigrationSet& m) {
  ordered_json j;
  j["phase"] = m.phase;
  j["rules"] = strings(m.rule_ids);
  j["dependencies"] = strings(m.dependencies);
  j["kernels"] = strings(m.kernels);
  j["findings"] = m.findings;
  j["effort_weeks"] = effort_json(m.effort);
  return j;
}

ordered_json risk_json(const RiskRow& r) {
  ordered_json j;
  j["rule"] = r.rule_id;
  j["domain"] = std::string(to_string(r.domain));
  j["patterns"] = strings(r.patterns);
  j["replacement"] = r.replacement;
  j["confidence"] = std::string(to_string(r.confidence));
  j["sites"] = r.sites;
  return j;
}

ordered_json diagnostic_json(const Diagnostic& d) {
  ordered_json j;
  j["path"] = d.path;
  if (d.line != 0) j["line"] = d.line;
  j["message"] = d.message;
  return j;
}

template <typename T, typename F>
ordered_json array_of(const std::vector<T>& v, F f) {
  ordered_json j = ordered_json::array();
  for (const auto& x : v) j.push_back(f(x));
  return j;
}

}  // namespace

std::string render_json(const Assessment& a) {
  ordered_json j;
  j["schema"] = "ascendify.report/1";
  j["tool"] = {{"name", "ascendify"}, {"version", ASCENDIFY_VERSION}};
  j["root"] = a.root;
  j["project"] = a.project_name;
  j["summary"] = summary_json(a);
  j["stats"] = stats_json(a.stats);
  j["phases"] = array_of(a.phases, phase_json);
  j["roadmap"] = array_of(a.roadmap, roadmap_json);
  j["dependencies"] = array_of(a.dependencies, dependency_json);
  j["kernels"] = array_of(a.kernels, kernel_json);
  j["findings"] = array_of(a.findings, finding_json);
  j["diagnostics"] = array_of(a.diagnostics, diagnostic_json);
  // Extra keys (allowed by the schema): the assess stage's migration sets and risk matrix.
  j["target_phase"] = a.target_phase;
  j["migration_sets"] = array_of(a.migration_sets, migration_set_json);
  j["risks"] = array_of(a.risks, risk_json);
  // Invalid UTF-8 in the input (a snippet of a Latin-1 file) is replaced, never thrown on.
  std::string out = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  out += '\n';
  return out;
}

}  // namespace ascendify::render
