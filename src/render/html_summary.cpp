// The HTML report's executive summary, after the manager's view (html_card.cpp): the scan's
// figures, the verdict's evidence, counterparts, blockers, charts.
#include <fmt/format.h>

#include "render/escape.hpp"
#include "render/html_parts.hpp"
#include "render/md_util.hpp"
#include "render/verdict_words.hpp"

namespace ascendify::render::html {

namespace {

constexpr TextStyle kHtmlStyle{html_escape, code};

// A list whose first kSummaryBlockers items are in view and the rest one click away (a long
// list would bury the charts): <ul id=ID>, then <details id=more-ID>. Items in `lang` where
// the Chinese list has them.
void folded_list(std::string& s, const std::vector<std::string>& en,
                 const std::vector<std::string>& zh, std::string_view id, const Labels& l) {
  const size_t shown = std::min(en.size(), kSummaryBlockers);
  auto item = [&](size_t i) { return "<li>" + label(said(en, zh, i, l.lang)) + "</li>"; };
  s += fmt::format("<ul class=\"ev\" id=\"{}\">", id);
  for (size_t i = 0; i < shown; ++i) s += item(i);
  s += "</ul>";
  if (en.size() == shown) return;
  s += fmt::format("<details id=\"more-{}\"><summary>{}</summary><ul class=\"ev\">", id,
                   fill(l.more_fmt, {{"n", std::to_string(en.size() - shown)}}));
  for (size_t i = shown; i < en.size(); ++i) s += item(i);
  s += "</ul></details>";
}

// Feasibility and effort open the page (html_card.cpp); these are the scan's figures.
std::string cards(const Assessment& a, const Labels& l) {
  uint32_t total = 0;
  for (uint32_t n : a.counts) total += n;
  uint32_t blocker_findings = 0;
  for (const auto& f : a.findings)
    if (f.severity == Severity::Blocker) ++blocker_findings;
  std::string s = "<div class=\"cards\">";
  s += card("card-findings", l.c_findings, std::to_string(total),
            fill(l.findings_sub_fmt, {{"blockers", std::to_string(blocker_findings)},
                                      {"unreached", std::to_string(a.unreached_findings)}}));
  s += card("card-files", l.files_scanned, std::to_string(a.stats.files_scanned),
            fill(l.files_sub_fmt, {{"diags", std::to_string(a.diagnostics.size())},
                                   {"suppressed", std::to_string(a.stats.suppressed)}}));
  s += card("card-phases", l.task_phases, std::to_string(a.phases.size()),
            a.target_phase.empty() ? std::string("—")
                                   : fill(l.target_fmt, {{"phase", html_escape(a.target_phase)}}));
  return s + "</div>";
}

void evidence(std::string& s, const Assessment& a, const Labels& l) {
  const bool zh =
      l.lang == Lang::Zh && a.verdict_basis.kind != Assessment::VerdictBasis::Kind::None;
  if (!zh && a.feasibility_evidence.empty()) return;
  s += fmt::format("<h3>{}</h3><ul class=\"ev\" id=\"evidence\">", l.evidence);
  if (zh)
    s += "<li>" + basis_zh(a, kHtmlStyle) + "</li>";
  else
    for (const auto& e : a.feasibility_evidence) s += "<li>" + label(e) + "</li>";
  s += "</ul>";
}

void counterparts(std::string& s, const Assessment& a, const Labels& l) {
  for (const auto& c : a.counterparts) {
    s += fmt::format("<h3>{}</h3><p id=\"counterpart-{}\">", l.counterpart, html_escape(c.id));
    const auto [literal, other] = feasibility_pair(c.literal_feasibility, l);
    s += fill(c.is_project ? l.counterpart_is_fmt : l.counterpart_on_fmt,
              {{"framework", "<strong>" + html_escape(c.framework) + "</strong>"},
               {"evidence", html_escape(c.evidence)},
               {"name", "<strong>" + html_escape(c.name) + "</strong>"},
               {"how", html_escape(in_lang(c.how, c.how_zh, l))},
               {"weeks", weeks(c.adoption)},
               {"literal", literal},
               {"literal_weeks", weeks(c.literal_effort)},
               {"sites", std::to_string(c.taken_over)}});
    s += ".</p>";
  }
}

}  // namespace

std::string section_summary(const Assessment& a, const Labels& l) {
  std::string s = fmt::format("<section id=\"summary\"><h2>{}</h2>", l.h_summary);
  s += cards(a, l);
  evidence(s, a, l);
  if (a.assessed) counterparts(s, a, l);
  s += fmt::format("<h3>{}</h3>", l.blockers);
  if (!a.assessed)
    s += fmt::format("<p class=\"muted\">{}</p>", l.not_assessed);
  else if (a.blockers.empty())
    s += fmt::format("<p class=\"muted\">{}</p>", l.none);
  else
    folded_list(s, a.blockers, a.blockers_zh, "blockers", l);
  if (a.assessed && !a.optional_blockers.empty()) {
    s += fmt::format("<h3>{}</h3>", l.optional_blockers);
    folded_list(s, a.optional_blockers, a.optional_blockers_zh, "optional-blockers", l);
  }
  s += "<div class=\"charts\">";
  s +=
      fmt::format("<div class=\"chart\"><h3>{}</h3>{}</div>", l.chart_domains, chart_domains(a, l));
  s += fmt::format("<div class=\"chart\"><h3>{}</h3>{}</div>", l.chart_effort, chart_effort(a, l));
  s += fmt::format("<div class=\"chart wide\"><h3>{}</h3>{}</div>", l.chart_heatmap,
                   chart_heatmap(a, l));
  return s + "</div></section>";
}

}  // namespace ascendify::render::html
