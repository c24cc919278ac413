#pragma once
// Building blocks of the HTML report (html*.cpp). Every function returns markup in which all
// repository text has been passed through html_escape; fixed words come from Labels, so the
// page speaks the report's language (labels(lang)).
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "assess/assessment.hpp"
#include "render/labels.hpp"

namespace ascendify::render::html {

// The inline style sheet and script (html_assets.cpp). The script only hides, shows, opens
// and reorders existing elements and fills counters from templates in the DOM; it never
// builds markup from data.
std::string_view css();
std::string_view script();

// Inline SVG charts (html_charts.cpp), each an <svg> with a fixed id.
std::string chart_domains(const Assessment& a, const Labels& l);  // id="chart-domains"
std::string chart_heatmap(const Assessment& a, const Labels& l);  // id="chart-heatmap"
std::string chart_effort(const Assessment& a, const Labels& l);   // id="chart-effort"

// Sections, in page order.
std::string section_glance(const Assessment& a, const Labels& l);   // html_card.cpp
std::string section_summary(const Assessment& a, const Labels& l);  // html_summary.cpp
std::string section_matrix(const Assessment& a, const Labels& l);   // html_sections.cpp
// html_findings.cpp: appended to `s`, `flush` called after each group of findings (a file's).
void write_section_findings(std::string& s, const Assessment& a, const Labels& l,
                            const std::function<void()>& flush);
std::string section_kernels(const Assessment& a, const Labels& l);  // html_sections.cpp
std::string section_dependencies(const Assessment& a, const Labels& l);
std::string section_roadmap(const Assessment& a, const Labels& l);
std::string section_risks(const Assessment& a, const Labels& l);
std::string section_diagnostics(const Assessment& a, const Labels& l);

// Small helpers (html_table.cpp).
std::string weeks(const EffortRange& e);  // "1.0–2.0"
std::string_view domain_label(Domain d, const Labels& l);
std::string_view confidence_word(Confidence c, const Labels& l);
// The verdict's words, the report's language first: {"needs adaptation", "需适配"}.
std::pair<std::string, std::string> feasibility_pair(Feasibility f, const Labels& l);
std::string code(std::string_view s);  // <code>escaped</code>, "—" when empty
// Fixed wording, and the assess stage's sentences quoting code: escaped, Markdown code spans
// (`ascendify fix`) as <code>.
std::string label(std::string_view s);
// Repository text in `lang`: `zh` when the report is Chinese and `zh` is not empty.
const std::string& in_lang(const std::string& en, const std::string& zh, const Labels& l);
// "a, b, c" (escaped, or each as code); "—" when empty.
std::string list(const std::vector<std::string>& v, bool as_code);
// <div class="card" id=ID>: a key, a big value, a line below.
std::string card(std::string_view id, std::string_view key, std::string_view value,
                 std::string_view sub);
std::string th(std::string_view label, bool numeric = false);
std::string td(std::string_view body, std::string_view cls = "");
std::string td_num(uint64_t n);
// <div class="tw"><table class="CLS"><thead><tr>CELLS</tr></thead><tbody>
std::string table_head(std::string_view cls, const std::vector<std::string>& cells);
inline constexpr std::string_view kTableFoot = "</tbody></table></div>";

}  // namespace ascendify::render::html
