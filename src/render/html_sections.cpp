// The HTML report's tables. Rows are rendered here, in full; the script only filters and sorts.
#include <fmt/format.h>

#include "render/escape.hpp"
#include "render/html_parts.hpp"
#include "render/matrix.hpp"
#include "render/md_util.hpp"

namespace ascendify::render::html {

namespace {

std::string th(std::string_view label, bool numeric = false) {
  return fmt::format("<th{}>{}</th>", numeric ? " data-num" : "", label);
}

std::string td(std::string_view body, std::string_view cls = "") {
  if (cls.empty()) return fmt::format("<td>{}</td>", body);
  return fmt::format("<td class=\"{}\">{}</td>", cls, body);
}

std::string td_num(uint64_t n) {
  return fmt::format("<td class=\"n\">{}</td>", n);
}

std::string list(const std::vector<std::string>& v, bool as_code) {
  if (v.empty()) return "—";
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + (as_code ? code(x) : html_escape(x));
  return s;
}

std::string head(std::string_view cls, const std::vector<std::string>& cells) {
  std::string s = fmt::format("<div class=\"tw\"><table class=\"{}\"><thead><tr>", cls);
  for (const auto& c : cells) s += c;
  return s + "</tr></thead><tbody>";
}

constexpr std::string_view kFoot = "</tbody></table></div>";

std::string auto_word(const Finding& f) {
  std::string s = f.severity == Severity::Info ? "info"
                  : f.auto_by_transfer_to_npu  ? "auto (transfer_to_npu)"
                  : f.autofix                  ? "auto (ascendify fix)"
                                               : "manual";
  if (f.guarded) s += " · guarded";
  if (f.optional) s += " · optional feature";
  return s;
}

std::string finding_rows(const std::vector<const Finding*>& fs) {
  std::string s;
  for (size_t i = 0; i < fs.size(); ++i) {
    const Finding& f = *fs[i];
    const std::string_view dom = to_string(f.domain);
    const std::string_view conf = to_string(f.confidence);
    std::string where = html_escape(f.path) + ":" + std::to_string(f.span.line);
    if (f.cell != 0) where += fmt::format(" (cell {}:{})", f.cell, f.cell_line);
    s += fmt::format("<tr data-i=\"{}\" data-domain=\"{}\" data-conf=\"{}\">", i, dom, conf);
    s += td_num(i + 1);
    s += fmt::format("<td data-k=\"{}\">{}</td>", static_cast<size_t>(f.domain),
                     domain_label(f.domain));
    s += fmt::format("<td class=\"loc\" data-k=\"{}\t{:010}\"><code>{}</code></td>",
                     html_escape(f.path), f.span.line, where);
    s += td(code(f.rule_id), "rule");
    s += td(code(f.snippet.empty() ? f.match : f.snippet), "snip");
    s += td(html_escape(replacement_of(f)));
    s += fmt::format("<td data-k=\"{}\" class=\"conf-{}\">{}</td>", static_cast<int>(f.confidence),
                     conf, confidence_word(f.confidence));
    s += td(html_escape(auto_word(f)));
    s += td(list(f.phases, false));
    s += "</tr>";
  }
  return s;
}

std::string findings_table(std::string_view id, const std::vector<const Finding*>& fs) {
  std::string s = head(fmt::format("sortable findings\" id=\"{}", id),
                       {th("#", true), th("Domain"), th("File:line"), th("Rule"), th("Snippet"),
                        th("Replacement"), th("Confidence"), th("Fix"), th("Phases")});
  return s + finding_rows(fs) + std::string(kFoot);
}

std::string need_cell(const MatrixCell& c) {
  switch (c.need()) {
    case Need::NotNeeded:
      return td("not needed", "not-needed");
    case Need::Optional:
      return td(fmt::format("optional ({})", c.sites), "optional");
    case Need::Needed:
      return td(fmt::format("needed ({})", c.sites), "needed");
  }
  return td("—");
}

}  // namespace

std::string section_matrix(const Assessment& a) {
  std::string s = "<section id=\"matrix\"><h2>Dependency Matrix (per task phase)</h2>";
  const bool by_phase = a.assessed && !a.phases.empty();
  if (by_phase) {
    s += head("sortable", {th("Phase"), th("Kind"), th("Entry points"), th("Files", true),
                           th("Findings", true), th("Effort (weeks)", true)});
    for (size_t i = 0; i < a.phases.size(); ++i) {
      const PhaseSummary& p = a.phases[i];
      s += fmt::format("<tr data-i=\"{}\">", i) + td(html_escape(p.name)) +
           td(p.kind.empty() ? "—" : html_escape(p.kind)) + td(list(p.entry_points, true)) +
           td_num(p.files) + td_num(p.findings) +
           fmt::format("<td class=\"n\" data-k=\"{}\">{}</td>", p.effort.high, weeks(p.effort)) +
           "</tr>";
    }
    s += kFoot;
    if (!a.tasks.empty()) {
      s += "<h3>Tasks</h3><p class=\"muted\">A phase whose entry dispatches on an option: each "
           "value runs its own code, estimated alone; the default is the minimal migration "
           "set.</p>";
      s += head("sortable", {th("Phase"), th("Entry"), th("Task"), th("Files", true),
                             th("Findings", true), th("Effort (weeks)", true)});
      for (const TaskPhase& t : a.tasks)
        s += "<tr>" + td(html_escape(t.phase)) + td(code(t.entry)) +
             td(code("--" + t.option + " " + t.value) + (t.is_default ? " (default)" : "")) +
             td_num(static_cast<uint32_t>(t.files.size())) + td_num(t.findings) +
             fmt::format("<td class=\"n\" data-k=\"{}\">{}</td>", t.effort.high, weeks(t.effort)) +
             "</tr>";
      s += kFoot;
    }
  } else {
    s += "<p class=\"muted\">Task phases were not computed; the matrix covers all files.</p>";
  }
  std::vector<std::string> cols = {th("Dependency / rule")};
  if (by_phase)
    for (const auto& p : a.phases) cols.push_back(th(html_escape(p.name)));
  else
    cols.push_back(th("All files"));
  cols.push_back(th("Replacement"));
  cols.push_back(th("Effort (days)", true));
  const std::vector<MatrixRow> rows = matrix_rows(a);
  s += "<h3>Dependencies per phase</h3>" + head("matrix", cols);
  for (const MatrixRow& m : rows) {
    s += "<tr>" + td(m.is_rule ? code(m.label) : html_escape(m.label));
    if (by_phase) {
      for (const auto& p : a.phases) {
        const auto it = m.per_phase.find(p.name);
        s += need_cell(it == m.per_phase.end() ? MatrixCell{} : it->second);
      }
    } else {
      s += need_cell(m.all);
    }
    s += td(m.replacement.empty() ? "—" : html_escape(m.replacement));
    s += m.days < 0 ? td("—") : fmt::format("<td class=\"n\">{:.1f}</td>", m.days);
    s += "</tr>";
  }
  s += kFoot;
  s += "<p class=\"muted\">needed: a site runs unconditionally; optional: every site is guarded "
       "by an availability check or sits behind a flag that is off by default; not needed: the phase does not reach it. Effort per row is the "
       "knowledge base's estimate in person-days.</p>";
  if (a.assessed && !a.migration_sets.empty()) {
    s += fmt::format(
        "<h3>Migration sets</h3><p>Target phase: <strong>{}</strong>. The first set is the "
        "minimal migration set of the target phase; each further set is what its phase needs "
        "beyond the sets before it.</p>",
        html_escape(a.target_phase));
    s += head("sets", {th("Set"), th("Phase"), th("Findings", true), th("Effort (weeks)"),
                       th("Rules"), th("Dependencies"), th("Kernels")});
    for (size_t i = 0; i < a.migration_sets.size(); ++i) {
      const MigrationSet& m = a.migration_sets[i];
      s += "<tr>" + td(i == 0 ? "<strong>minimal</strong>" : "incremental") +
           td(html_escape(m.phase)) + td_num(m.findings) + td(weeks(m.effort), "n") +
           td(list(m.rule_ids, true)) + td(list(m.dependencies, false)) +
           td(list(m.kernels, true)) + "</tr>";
    }
    s += kFoot;
  }
  return s + "</section>";
}

std::string section_findings(const Assessment& a) {
  std::vector<const Finding*> reached, apart;
  for (const auto& f : a.findings) (is_unreached(a, f) ? apart : reached).push_back(&f);
  std::string s = "<section id=\"findings\"><h2>Detailed Findings</h2><div class=\"filters\">";
  s += "<input id=\"f-text\" type=\"search\" placeholder=\"Filter: file, rule, snippet…\" "
       "aria-label=\"Filter text\">";
  s += "<select id=\"f-domain\" aria-label=\"Domain\"><option value=\"\">All domains</option>";
  for (Domain d : kAllDomains)
    s += fmt::format("<option value=\"{}\">{}</option>", to_string(d), domain_label(d));
  s += "</select><select id=\"f-conf\" aria-label=\"Confidence\"><option value=\"\">Any "
       "confidence</option>";
  for (Confidence c : {Confidence::High, Confidence::Medium, Confidence::Low})
    s += fmt::format("<option value=\"{}\">{}</option>", to_string(c), confidence_word(c));
  s += "</select><span id=\"f-count\" class=\"muted\"></span></div>";
  s += findings_table("findings-table", reached);
  if (!apart.empty()) {
    s += fmt::format(
        "<h3 id=\"unreached\">Not on the default run ({} findings)</h3><p "
        "class=\"muted\">No entry point imports their files, or nothing the entry points run "
        "uses the definitions holding them; their findings do not decide feasibility.</p>",
        apart.size());
    if (!a.unused_definitions.empty()) {
      s += "<p class=\"muted\">Definitions the default run never uses (nothing the entry points "
           "run calls or instantiates them):</p><ul>";
      for (const auto& d : a.unused_definitions)
        s += fmt::format("<li><code>{}</code> {}:{} ({} findings)</li>", html_escape(d.name),
                         html_escape(d.path), d.line, d.findings);
      s += "</ul>";
    }
    s += findings_table("unreached-table", apart);
  }
  return s + "</section>";
}

std::string section_kernels(const Assessment& a) {
  std::string s = "<section id=\"kernels\"><h2>Kernel Inventory</h2>";
  if (a.kernels.empty()) return s + "<p class=\"muted\">No custom kernels found.</p></section>";
  s += head("sortable", {th("#", true), th("Kind"), th("Name"), th("File:line"), th("LOC", true),
                         th("Features"), th("Purpose"), th("Phases"), th("Ascend path")});
  for (size_t i = 0; i < a.kernels.size(); ++i) {
    const KernelRow& k = a.kernels[i];
    std::string purpose = k.purpose.empty() ? "—" : html_escape(k.purpose);
    if (k.backward_only) purpose += " <span class=\"muted\">(backward only)</span>";
    if (k.has_fallback) purpose += " <span class=\"muted\">(PyTorch fallback)</span>";
    if (k.templated) purpose += " <span class=\"muted\">(template)</span>";
    s += fmt::format("<tr data-i=\"{}\">", i) + td_num(i + 1) + td(html_escape(k.kind)) +
         td(code(k.name)) + td(code(k.path + ":" + std::to_string(k.line))) + td_num(k.loc) +
         td(list(k.features, false)) + td(purpose) + td(list(k.phases, false)) +
         td(k.ascend_path.empty() ? "—" : html_escape(k.ascend_path)) + "</tr>";
  }
  return s + std::string(kFoot) + "</section>";
}

std::string section_dependencies(const Assessment& a) {
  std::string s = "<section id=\"dependencies\"><h2>Third-Party Dependencies</h2>";
  if (a.dependencies.empty()) return s + "<p class=\"muted\">No dependencies found.</p></section>";
  s += head("sortable", {th("Package"), th("Version"), th("Status"), th("Replacement"),
                         th("Source"), th("Imported"), th("Phases")});
  for (size_t i = 0; i < a.dependencies.size(); ++i) {
    const DependencyRow& d = a.dependencies[i];
    std::string status = html_escape(d.status);
    if (d.guarded) status += " · guarded";
    if (d.optional) status += " · optional feature";
    if (d.rule_id.empty())
      status += " <span class=\"muted\">(not in the knowledge base: verify)</span>";
    s += fmt::format("<tr data-i=\"{}\">", i) + td(html_escape(d.name)) + td(code(d.spec)) +
         td(status) + td(html_escape(d.replacement.empty() && d.npu_release.empty() ? std::string("\u2014") : d.replacement + (d.replacement.empty() || d.npu_release.empty() ? "" : " \u00b7 ") + d.npu_release)) +
         td(code(d.source)) + td(d.imported ? "yes" : "no") + td(list(d.phases, false)) + "</tr>";
  }
  return s + std::string(kFoot) + "</section>";
}

std::string section_roadmap(const Assessment& a) {
  std::string s = "<section id=\"roadmap\"><h2>Migration Roadmap</h2>";
  if (!a.assessed) return s + "<p class=\"muted\">Not computed.</p></section>";
  if (a.roadmap.empty()) return s + "<p class=\"muted\">Nothing to migrate.</p></section>";
  s += head("roadmap", {th("Step", true), th("Title"), th("Detail"), th("Effort (weeks)"),
                        th("Findings", true), th("Rules")});
  for (size_t i = 0; i < a.roadmap.size(); ++i) {
    const RoadmapStep& r = a.roadmap[i];
    s += "<tr>" + td_num(i + 1) + td("<strong>" + html_escape(r.title) + "</strong>") +
         td(html_escape(r.detail)) + td(weeks(r.effort), "n") + td_num(r.findings) +
         td(list(r.rule_ids, true)) + "</tr>";
  }
  return s + std::string(kFoot) + "</section>";
}

std::string section_risks(const Assessment& a) {
  std::string s = "<section id=\"risks\"><h2>Risk Matrix</h2>";
  if (a.risks.empty()) return s + "<p class=\"muted\">No risks recorded.</p></section>";
  s += head("sortable", {th("CUDA pattern"), th("Ascend replacement"), th("Confidence"),
                         th("Domain"), th("Rule"), th("Sites", true)});
  for (size_t i = 0; i < a.risks.size(); ++i) {
    const RiskRow& r = a.risks[i];
    s += fmt::format("<tr data-i=\"{}\">", i) + td(list(r.patterns, true)) +
         td(r.replacement.empty() ? "—" : html_escape(r.replacement)) +
         fmt::format("<td data-k=\"{}\" class=\"conf-{}\">{}</td>", static_cast<int>(r.confidence),
                     to_string(r.confidence), confidence_word(r.confidence)) +
         fmt::format("<td data-k=\"{}\">{}</td>", static_cast<int>(r.domain),
                     domain_label(r.domain)) +
         td(code(r.rule_id)) + td_num(r.sites) + "</tr>";
  }
  return s + std::string(kFoot) + "</section>";
}

std::string section_diagnostics(const Assessment& a) {
  if (a.diagnostics.empty()) return {};
  std::string s = "<section id=\"diagnostics\"><h2>Diagnostics</h2>" +
                  head("diag", {th("#", true), th("File"), th("Line", true), th("Message")});
  for (size_t i = 0; i < a.diagnostics.size(); ++i) {
    const Diagnostic& d = a.diagnostics[i];
    s += "<tr>" + td_num(i + 1) + td(code(d.path)) + (d.line == 0 ? td("—") : td_num(d.line)) +
         td(html_escape(d.message)) + "</tr>";
  }
  return s + std::string(kFoot) + "</section>";
}

}  // namespace ascendify::render::html
