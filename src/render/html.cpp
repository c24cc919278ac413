// The HTML report: one self-contained file (inline CSS, SVG and a little script; no external
// asset, no network fetch). All repository text goes through html_escape; data for the script
// lives in the DOM tables, never in a script block.
#include <fmt/format.h>

#include <array>

#include "render/escape.hpp"
#include "render/html_parts.hpp"
#include "render/labels.hpp"
#include "render/render.hpp"

namespace ascendify::render {

namespace html {

std::string weeks(const EffortRange& e) {
  return fmt::format("{}–{}", one_decimal(e.low), one_decimal(e.high));
}

std::string_view domain_label(Domain d) {
  return labels(Lang::En).domain_names[static_cast<size_t>(d)];
}

std::string_view confidence_word(Confidence c) {
  return labels(Lang::En).confidence[static_cast<size_t>(c)];
}

std::string code(std::string_view s) {
  if (s.empty()) return "—";
  return "<code>" + html_escape(s) + "</code>";
}

namespace {

// A list whose first kSummaryBlockers items are in view and the rest one click away (a long
// list would bury the charts): <ul id=ID>, then <details id=more-ID>.
void folded_list(std::string& s, const std::vector<std::string>& items, std::string_view id) {
  const size_t shown = std::min(items.size(), kSummaryBlockers);
  s += fmt::format("<ul class=\"ev\" id=\"{}\">", id);
  for (size_t i = 0; i < shown; ++i) s += "<li>" + html_escape(items[i]) + "</li>";
  s += "</ul>";
  if (items.size() == shown) return;
  s += fmt::format("<details id=\"more-{}\"><summary>{} more</summary><ul class=\"ev\">", id,
                   items.size() - shown);
  for (size_t i = shown; i < items.size(); ++i) s += "<li>" + html_escape(items[i]) + "</li>";
  s += "</ul></details>";
}

std::string card(std::string_view key, std::string_view value, std::string_view sub,
                 std::string_view id) {
  return fmt::format(
      "<div class=\"card\" id=\"{}\"><div class=\"k\">{}</div><div class=\"v\">{}</div>"
      "<div class=\"s\">{}</div></div>",
      id, key, value, sub);
}

// "needs adaptation" (the Chinese word goes below it).
std::string feasibility_plain(Feasibility f) {
  std::string s(to_string(f));
  for (char& c : s)
    if (c == '-') c = ' ';
  return s;
}

std::string summary(const Assessment& a) {
  uint32_t total = 0;
  for (uint32_t n : a.counts) total += n;
  uint32_t blocker_findings = 0;
  for (const auto& f : a.findings)
    if (f.severity == Severity::Blocker) ++blocker_findings;
  std::string s = "<section id=\"summary\"><h2>Executive Summary</h2><div class=\"cards\">";
  if (a.assessed) {
    s += card("Overall feasibility",
              fmt::format("<span class=\"badge {}\">{}</span>", to_string(a.feasibility),
                          feasibility_plain(a.feasibility)),
              to_chinese(a.feasibility), "card-feasibility");
    std::string parts = fmt::format("environment {} · verification {}", weeks(a.effort_environment),
                                    weeks(a.effort_verification));
    if (a.effort_kernels.high > 0) parts += " · kernels " + weeks(a.effort_kernels);
    if (a.effort_counterpart.high > 0) parts += " · counterpart " + weeks(a.effort_counterpart);
    s += card("Estimated effort", weeks(a.effort) + " <small>weeks</small>", parts, "card-effort");
  } else {
    s += card("Overall feasibility", "<span class=\"badge unknown\">not assessed</span>", "",
              "card-feasibility");
    s += card("Estimated effort", "—", "not assessed", "card-effort");
  }
  s +=
      card("Findings", std::to_string(total),
           fmt::format("{} blocker-level · {} not reached", blocker_findings, a.unreached_findings),
           "card-findings");
  s += card("Files scanned", std::to_string(a.stats.files_scanned),
            fmt::format("{} diagnostics · {} suppressed", a.diagnostics.size(), a.stats.suppressed),
            "card-files");
  s += card("Task phases", std::to_string(a.phases.size()),
            a.target_phase.empty() ? std::string("—") : "target: " + html_escape(a.target_phase),
            "card-phases");
  s += "</div>";
  if (!a.feasibility_evidence.empty()) {
    s += "<h3>Why this verdict</h3><ul class=\"ev\" id=\"evidence\">";
    for (const auto& e : a.feasibility_evidence) s += "<li>" + html_escape(e) + "</li>";
    s += "</ul>";
  }
  if (a.assessed) {
    for (const auto& c : a.counterparts) {
      s += "<h3>Framework counterpart</h3><p id=\"counterpart-" + html_escape(c.id) + "\">";
      s += c.is_project ? "The project is " : "The project runs on ";
      s += fmt::format("<strong>{}</strong> ({}): adopt <strong>{}</strong> — {}; {} weeks.",
                       html_escape(c.framework), html_escape(c.evidence), html_escape(c.name),
                       html_escape(c.how), weeks(c.adoption));
      s += c.is_project
               ? fmt::format(" Ported line by line: {}, {} weeks.",
                             feasibility_plain(c.literal_feasibility), weeks(c.literal_effort))
               : fmt::format(" It takes over {} site(s); without it: {} weeks.", c.taken_over,
                             weeks(c.literal_effort));
      s += "</p>";
    }
    static constexpr std::array<std::string_view, kSiteClasses> kClassWords = {
        "stop the run", "must be adapted", "mechanical (transfer_to_npu or ascendify fix)",
        "tuning only", "no change"};
    s += "<h3>What the sites of the default run ask</h3><ul class=\"ev\" id=\"site-classes\">";
    for (size_t c = 0; c < kSiteClasses; ++c)
      s += fmt::format("<li><strong>{}</strong> {}</li>", a.site_classes[c], kClassWords[c]);
    s += "</ul>";
    s += "<h3>What stops it from running</h3>";
    if (a.run_stoppers.empty())
      s += "<p class=\"muted\">Nothing found: no assert, raise or import on the default run "
           "fails on an NPU by itself.</p>";
    else
      folded_list(s, a.run_stoppers, "run-stoppers");
  }
  s += "<h3>Blockers</h3>";
  if (!a.assessed) {
    s += "<p class=\"muted\">Not assessed.</p>";
  } else if (a.blockers.empty()) {
    s += "<p class=\"muted\">None.</p>";
  } else {
    folded_list(s, a.blockers, "blockers");
  }
  if (a.assessed && !a.optional_blockers.empty()) {
    s += "<h3>Blockers of optional features</h3><p class=\"muted\">Behind flags that are off by "
         "default; not counted in the feasibility.</p>";
    folded_list(s, a.optional_blockers, "optional-blockers");
  }
  if (!a.assumptions.empty()) {
    s += "<h3>Assumptions</h3><ul class=\"ev\" id=\"assumptions\">";
    for (const auto& x : a.assumptions) s += "<li>" + html_escape(x.en) + "</li>";
    s += "</ul>";
  }
  s += "<div class=\"charts\">";
  s += "<div class=\"chart\"><h3>Findings per domain</h3>" + chart_domains(a) + "</div>";
  s += "<div class=\"chart\"><h3>Effort per domain (person-weeks, low–high)</h3>" +
       chart_effort(a) + "</div>";
  s += "<div class=\"chart wide\"><h3>Findings per task phase and domain</h3>" + chart_heatmap(a) +
       "</div>";
  s += "</div></section>";
  return s;
}

}  // namespace
}  // namespace html

std::string render_html(const Assessment& a) {
  const std::string project = html_escape(a.project_name.empty() ? a.root : a.project_name);
  std::string s;
  s.reserve(64 * 1024 + a.findings.size() * 600);
  s += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n";
  s += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
       "'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n";
  s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  s += "<meta name=\"generator\" content=\"ascendify " ASCENDIFY_VERSION "\">\n";
  s += fmt::format("<title>{} — Ascend NPU Migration Assessment</title>\n", project);
  s += "<style>" + std::string(html::css()) + "</style>\n</head>\n<body>\n";
  s += fmt::format(
      "<header><h1>{} — Ascend NPU Migration Assessment</h1><p>Generated by ascendify {} from "
      "<code>{}</code>{}</p></header>\n",
      project, ASCENDIFY_VERSION, html_escape(a.root),
      a.hardware.id.empty() ? std::string()
                            : " for <strong>" + html_escape(a.hardware.name) + "</strong> (" +
                                  html_escape(a.hardware.summary) + ")");
  s += "<nav><a href=\"#summary\">Summary</a><a href=\"#matrix\">Dependency matrix</a>"
       "<a href=\"#findings\">Findings</a><a href=\"#kernels\">Kernels</a>"
       "<a href=\"#dependencies\">Dependencies</a><a href=\"#roadmap\">Roadmap</a>"
       "<a href=\"#risks\">Risks</a></nav>\n<main>\n";
  s += html::summary(a) + "\n";
  s += html::section_matrix(a) + "\n";
  s += html::section_findings(a) + "\n";
  s += html::section_kernels(a) + "\n";
  s += html::section_dependencies(a) + "\n";
  s += html::section_roadmap(a) + "\n";
  s += html::section_risks(a) + "\n";
  s += html::section_diagnostics(a);
  s += "</main>\n<footer>Every finding carries its file and line; counts and estimates come "
       "from the ascendify knowledge base (rules/*.yaml, rules/model/*.yaml).</footer>\n";
  s += "<script>" + std::string(html::script()) + "</script>\n</body></html>\n";
  return s;
}

}  // namespace ascendify::render
