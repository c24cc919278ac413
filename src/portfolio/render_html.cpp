#include "portfolio/fleet.hpp"
#include "portfolio/sections.hpp"
#include "render/escape.hpp"

namespace ascendify::portfolio {

namespace {

// Escaped text (render::html_escape), with `code` spans as <code>.
std::string html_text(const std::string& text) {
  std::string out;
  bool code = false;
  size_t start = 0;
  for (size_t tick = text.find('`');; tick = text.find('`', start)) {
    out += render::html_escape(std::string_view(text).substr(start, tick - start));
    if (tick == std::string::npos) break;
    out += code ? "</code>" : "<code>";
    code = !code;
    start = tick + 1;
  }
  if (code) out += "</code>";
  return out;
}

constexpr const char* kStyle =
    "body{font-family:system-ui,-apple-system,'Segoe UI','Noto Sans CJK SC','WenQuanYi Micro "
    "Hei',sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#1d2330}"
    "table{border-collapse:collapse;margin:.5em 0 1.5em;width:100%}"
    "th,td{border:1px solid #d5d9e0;padding:.35em .6em;text-align:left;vertical-align:top}"
    "th{background:#f2f4f7}code{font-family:ui-monospace,monospace;font-size:.92em}"
    "h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.6em}";

}  // namespace

std::string render_html(const Fleet& fleet, const std::string& lang,
                        const ReplacementOf& replacement_of) {
  const Document doc = fleet_document(fleet, lang, replacement_of);
  std::string out = "<!DOCTYPE html>\n<html lang=\"";
  out += lang == "zh" ? "zh-CN" : "en";
  out += "\"><head><meta charset=\"utf-8\"><title>" + html_text(doc.title) + "</title><style>" +
         kStyle + "</style></head><body>\n<h1>" + html_text(doc.title) + "</h1>\n";
  for (const Section& s : doc.sections) {
    out += "<h2>" + html_text(s.title) + "</h2>\n";
    for (const auto& line : s.lines) out += "<p>" + html_text(line) + "</p>\n";
    if (s.rows.empty()) continue;
    out += "<table><thead><tr>";
    for (const auto& h : s.header) out += "<th>" + html_text(h) + "</th>";
    out += "</tr></thead><tbody>\n";
    for (const auto& row : s.rows) {
      out += "<tr>";
      for (const auto& c : row) out += "<td>" + html_text(c) + "</td>";
      out += "</tr>\n";
    }
    out += "</tbody></table>\n";
    if (!s.more.empty()) out += "<p>" + html_text(s.more) + "</p>\n";
  }
  return out + "</body></html>\n";
}

}  // namespace ascendify::portfolio
