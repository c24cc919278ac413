#pragma once
// Building blocks of the HTML report (html*.cpp). Every function returns markup in which all
// repository text has been passed through html_escape.
#include <string>
#include <string_view>

#include "assess/assessment.hpp"

namespace ascendify::render::html {

// The inline style sheet and script (html_assets.cpp). The script only hides, shows and
// reorders existing table rows; it never builds markup from data.
std::string_view css();
std::string_view script();

// Inline SVG charts (html_charts.cpp), each an <svg> with a fixed id.
std::string chart_domains(const Assessment& a);  // id="chart-domains": findings per domain
std::string chart_heatmap(const Assessment& a);  // id="chart-heatmap": phase x domain
std::string chart_effort(const Assessment& a);   // id="chart-effort": effort per domain

// Sections (html_sections.cpp).
std::string section_matrix(const Assessment& a);    // phases, dependency matrix, sets
std::string section_findings(const Assessment& a);  // filter bar + findings tables
std::string section_kernels(const Assessment& a);
std::string section_dependencies(const Assessment& a);
std::string section_roadmap(const Assessment& a);
std::string section_risks(const Assessment& a);
std::string section_diagnostics(const Assessment& a);

// Small helpers (html.cpp).
std::string weeks(const EffortRange& e);         // "1.0–2.0"
std::string_view domain_label(Domain d);         // "Device Layer"
std::string_view confidence_word(Confidence c);  // "High"
std::string code(std::string_view s);            // <code>escaped</code>, "—" when empty

}  // namespace ascendify::render::html
