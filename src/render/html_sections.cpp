// The HTML report's tables besides the findings: dependency matrix and migration sets,
// kernels, dependencies, roadmap, risk matrix, diagnostics. Rows are rendered here, in full;
// the script only sorts them.
#include <fmt/format.h>

#include "render/escape.hpp"
#include "render/html_parts.hpp"
#include "render/matrix.hpp"
#include "render/md_util.hpp"
#include "render/pattern_label.hpp"

namespace ascendify::render::html {

namespace {

std::string need_cell(const MatrixCell& c, const Labels& l) {
  switch (c.need()) {
    case Need::NotNeeded:
      return td(l.not_needed, "not-needed");
    case Need::Optional:
      return td(fmt::format("{} ({})", l.optional, c.sites), "optional");
    case Need::Needed:
      return td(fmt::format("{} ({})", l.needed, c.sites), "needed");
  }
  return td("—");
}

// A rule row names its patterns as code: torch.cuda.Event, torch.cuda.Stream +1; a literal
// or an attribute tail ("cuda", .float) says little alone, so the rule is named too.
std::string matrix_label(const MatrixRow& m) {
  if (!m.is_rule) return html_escape(m.label);
  return patterns_label(m.patterns, m.rule_id, code, true);
}

std::string effort_td(const EffortRange& e) {
  return fmt::format("<td class=\"n\" data-k=\"{}\">{}</td>", e.high, weeks(e));
}

void phases_table(std::string& s, const Assessment& a, const Labels& l) {
  s += table_head("sortable", {th(l.c_phase), th(l.c_kind), th(l.c_entry), th(l.c_files, true),
                               th(l.c_findings, true), th(l.c_effort_weeks, true)});
  for (size_t i = 0; i < a.phases.size(); ++i) {
    const PhaseSummary& p = a.phases[i];
    s += fmt::format("<tr data-i=\"{}\">", i) + td(html_escape(p.name)) +
         td(p.kind.empty() ? "—" : html_escape(p.kind)) + td(list(p.entry_points, true)) +
         td_num(p.files) + td_num(p.findings) + effort_td(p.effort) + "</tr>";
  }
  s += kTableFoot;
  if (a.tasks.empty()) return;
  s += fmt::format("<h3>{}</h3><p class=\"muted\">{}</p>", l.h_tasks, l.tasks_note);
  s += table_head("sortable", {th(l.c_phase), th(l.c_entry), th(l.c_task), th(l.c_files, true),
                               th(l.c_findings, true), th(l.c_effort_weeks, true)});
  for (const TaskPhase& t : a.tasks)
    s += "<tr>" + td(html_escape(t.phase)) + td(code(t.entry)) +
         td(code("--" + t.option + " " + t.value) +
            (t.is_default ? fmt::format(" ({})", l.default_task) : std::string())) +
         td_num(static_cast<uint32_t>(t.files.size())) + td_num(t.findings) + effort_td(t.effort) +
         "</tr>";
  s += kTableFoot;
}

void sets_table(std::string& s, const Assessment& a, const Labels& l) {
  s += fmt::format(
      "<h3>{}</h3><p>{}</p>", l.h_sets,
      fill(l.sets_intro, {{"phase", "<strong>" + html_escape(a.target_phase) + "</strong>"}}));
  s += table_head("sets", {th(l.c_set), th(l.c_phase), th(l.c_findings, true), th(l.c_effort_weeks),
                           th(l.c_rules), th(l.c_dependencies), th(l.c_kernels)});
  for (size_t i = 0; i < a.migration_sets.size(); ++i) {
    const MigrationSet& m = a.migration_sets[i];
    s += "<tr>" +
         td(i == 0 ? fmt::format("<strong>{}</strong>", l.set_minimal)
                   : std::string(l.set_incremental)) +
         td(html_escape(m.phase)) + td_num(m.findings) + td(weeks(m.effort), "n") +
         td(list(m.rule_ids, true)) + td(list(m.dependencies, false)) + td(list(m.kernels, true)) +
         "</tr>";
  }
  s += kTableFoot;
}

}  // namespace

std::string section_matrix(const Assessment& a, const Labels& l) {
  std::string s = fmt::format("<section id=\"matrix\"><h2>{}</h2>", l.h_matrix);
  const bool by_phase = a.assessed && !a.phases.empty();
  if (by_phase)
    phases_table(s, a, l);
  else
    s += fmt::format("<p class=\"muted\">{}</p>", l.matrix_no_phase);
  std::vector<std::string> cols = {th(l.c_dependency)};
  if (by_phase)
    for (const auto& p : a.phases) cols.push_back(th(html_escape(p.name)));
  else
    cols.push_back(th(l.all_files));
  cols.push_back(th(l.c_replacement));
  cols.push_back(th(l.c_effort_days, true));
  s += fmt::format("<h3>{}</h3>", l.c_dependencies) + table_head("matrix", cols);
  for (const MatrixRow& m : matrix_rows(a)) {
    s += "<tr>" + td(matrix_label(m));
    if (by_phase) {
      for (const auto& p : a.phases) {
        const auto it = m.per_phase.find(p.name);
        s += need_cell(it == m.per_phase.end() ? MatrixCell{} : it->second, l);
      }
    } else {
      s += need_cell(m.all, l);
    }
    const std::string& replacement = in_lang(m.replacement, m.replacement_zh, l);
    s += td(replacement.empty() ? "—" : html_escape(replacement));
    s += m.days < 0 ? td("—") : fmt::format("<td class=\"n\">{:.1f}</td>", m.days);
    s += "</tr>";
  }
  s += kTableFoot;
  s += fmt::format("<p class=\"muted\">{} {}</p>", l.matrix_legend, l.rule_estimate_note);
  if (a.assessed && !a.migration_sets.empty()) sets_table(s, a, l);
  return s + "</section>";
}

std::string section_kernels(const Assessment& a, const Labels& l) {
  std::string s = fmt::format("<section id=\"kernels\"><h2>{}</h2>", l.kernel_inventory);
  if (a.kernels.empty())
    return s + fmt::format("<p class=\"muted\">{}</p></section>", l.no_kernels);
  s += table_head("sortable", {th(l.c_num, true), th(l.c_kind), th(l.c_name), th(l.c_file_line),
                               th(l.c_loc, true), th(l.c_features), th(l.c_purpose), th(l.c_phases),
                               th(l.c_ascend)});
  for (size_t i = 0; i < a.kernels.size(); ++i) {
    const KernelRow& k = a.kernels[i];
    std::string purpose = k.purpose.empty() ? "—" : html_escape(k.purpose);
    for (const auto& [on, word] :
         {std::pair{k.backward_only, l.backward_only}, std::pair{k.has_fallback, l.has_fallback},
          std::pair{k.templated, l.templated}})
      if (on) purpose += fmt::format(" <span class=\"muted\">({})</span>", word);
    const std::string& path = in_lang(k.ascend_path, k.ascend_path_zh, l);
    s += fmt::format("<tr data-i=\"{}\">", i) + td_num(i + 1) + td(html_escape(to_string(k.kind))) +
         td(code(k.name)) + td(code(k.path + ":" + std::to_string(k.line))) + td_num(k.loc) +
         td(list(k.features, false)) + td(purpose) + td(list(k.phases, false)) +
         td(path.empty() ? "—" : html_escape(path)) + "</tr>";
  }
  return s + std::string(kTableFoot) + "</section>";
}

namespace {

std::string status_word(std::string_view status, const Labels& l) {
  static constexpr std::string_view kStatuses[] = {"compatible", "replace", "unsupported",
                                                   "not-involved"};
  for (size_t i = 0; i < std::size(kStatuses); ++i)
    if (kStatuses[i] == status) return std::string(l.dep_status[i]);
  return html_escape(status);
}

}  // namespace

std::string section_dependencies(const Assessment& a, const Labels& l) {
  std::string s = fmt::format("<section id=\"dependencies\"><h2>{}</h2>", l.domain_names[0]);
  if (a.dependencies.empty())
    return s + fmt::format("<p class=\"muted\">{}</p></section>", l.no_deps);
  s +=
      table_head("sortable", {th(l.c_package), th(l.c_version), th(l.c_status), th(l.c_replacement),
                              th(l.c_source), th(l.c_imported), th(l.c_phases)});
  std::vector<std::string> dev_tools;  // listed in one line below the table
  for (size_t i = 0; i < a.dependencies.size(); ++i) {
    const DependencyRow& d = a.dependencies[i];
    if (d.dev_tool) {
      dev_tools.push_back(d.name);
      continue;
    }
    std::string status = status_word(to_string(d.status), l);
    if (d.guarded) status += fmt::format(" · {}", l.guarded);
    if (d.optional) status += fmt::format(" · {}", l.optional_feature);
    if (d.rule_id.empty())
      status += fmt::format(" <span class=\"muted\">({})</span>", l.unknown_package);
    const std::string& replacement = in_lang(d.replacement, d.replacement_zh, l);
    const std::string& release = in_lang(d.npu_release, d.npu_release_zh, l);
    std::string repl = html_escape(replacement);
    if (!release.empty()) repl += (repl.empty() ? "" : " · ") + html_escape(release);
    s += fmt::format("<tr data-i=\"{}\">", i) + td(html_escape(d.name)) + td(code(d.spec)) +
         td(status) + td(repl.empty() ? "—" : repl) + td(code(d.source)) +
         td(d.imported ? l.yes : l.no) + td(list(d.phases, false)) + "</tr>";
  }
  s += kTableFoot;
  if (!dev_tools.empty())
    s += fmt::format("<p id=\"dev-tools\">{}: {}</p>", l.dev_tools, list(dev_tools, true));
  return s + "</section>";
}

std::string section_roadmap(const Assessment& a, const Labels& l) {
  std::string s = fmt::format("<section id=\"roadmap\"><h2>{}</h2>", l.h_roadmap);
  if (!a.assessed) return s + fmt::format("<p class=\"muted\">{}</p></section>", l.not_computed);
  if (a.roadmap.empty()) return s + fmt::format("<p class=\"muted\">{}</p></section>", l.none);
  s += table_head("roadmap", {th(l.c_step, true), th(l.c_title), th(l.c_detail),
                              th(l.c_effort_weeks), th(l.c_findings, true), th(l.c_rules)});
  for (size_t i = 0; i < a.roadmap.size(); ++i) {
    const RoadmapStep& r = a.roadmap[i];
    // Both texts in Chinese or neither (as the Markdown report does).
    const bool zh = l.lang == Lang::Zh && !r.title_zh.empty() && !r.detail_zh.empty();
    s += "<tr>" + td_num(i + 1) +
         td("<strong>" + html_escape(zh ? r.title_zh : r.title) + "</strong>") +
         td(html_escape(zh ? r.detail_zh : r.detail)) + td(weeks(r.effort), "n") +
         td_num(r.findings) + td(list(r.rule_ids, true)) + "</tr>";
  }
  return s + std::string(kTableFoot) + "</section>";
}

std::string section_risks(const Assessment& a, const Labels& l) {
  std::string s = fmt::format("<section id=\"risks\"><h2>{}</h2>", l.h_risk);
  if (a.risks.empty()) return s + fmt::format("<p class=\"muted\">{}</p></section>", l.none);
  s += table_head("sortable", {th(l.c_cuda_pattern), th(l.c_replacement), th(l.c_confidence),
                               th(l.c_domain), th(l.c_rule), th(l.c_sites, true)});
  for (size_t i = 0; i < a.risks.size(); ++i) {
    const RiskRow& r = a.risks[i];
    const std::string& replacement = in_lang(r.replacement, r.replacement_zh, l);
    s += fmt::format("<tr data-i=\"{}\">", i) + td(list(r.patterns, true)) +
         td(replacement.empty() ? "—" : html_escape(replacement)) +
         fmt::format("<td data-k=\"{}\" class=\"conf-{}\">{}</td>", static_cast<int>(r.confidence),
                     to_string(r.confidence), confidence_word(r.confidence, l)) +
         fmt::format("<td data-k=\"{}\">{}</td>", static_cast<int>(r.domain),
                     domain_label(r.domain, l)) +
         td(code(r.rule_id)) + td_num(r.sites) + "</tr>";
  }
  return s + std::string(kTableFoot) + "</section>";
}

std::string section_diagnostics(const Assessment& a, const Labels& l) {
  if (a.diagnostics.empty()) return {};
  std::string s =
      fmt::format("<section id=\"diagnostics\"><h2>{}</h2>", l.h_diag) +
      table_head("diag", {th(l.c_num, true), th(l.c_file), th(l.c_line, true), th(l.c_message)});
  for (size_t i = 0; i < a.diagnostics.size(); ++i) {
    const Diagnostic& d = a.diagnostics[i];
    s += "<tr>" + td_num(i + 1) + td(code(d.path)) + (d.line == 0 ? td("—") : td_num(d.line)) +
         td(html_escape(d.message)) + "</tr>";
  }
  return s + std::string(kTableFoot) + "</section>";
}

}  // namespace ascendify::render::html
