// The HTML report: one self-contained file (inline CSS, SVG and a little script; no external
// asset, no network fetch). All repository text goes through html_escape; data for the script
// lives in the DOM, never in a script block. Fixed words come from labels(lang).
#include <fmt/format.h>

#include "render/escape.hpp"
#include "render/html_parts.hpp"
#include "render/labels.hpp"
#include "render/md_util.hpp"
#include "render/pieces.hpp"
#include "render/render.hpp"

namespace ascendify::render {

namespace {

std::string header(const Assessment& a, const Labels& l, const std::string& project) {
  std::string s = fmt::format("<header><h1>{} —{}</h1><p>", project, l.title_suffix);
  s += fill(l.generated_by, {{"version", ASCENDIFY_VERSION}, {"root", html::code(a.root)}});
  if (!a.hardware.id.empty()) {
    const HardwareTarget& h = a.hardware;
    s += ' ';
    s += fill(l.hardware_html_fmt,
              {{"name", fmt::format("<strong>{}</strong>",
                                    html_escape(html::in_lang(h.name, h.name_zh, l)))},
               {"summary", html_escape(html::in_lang(h.summary, h.summary_zh, l))}});
  }
  return s + "</p></header>\n";
}

std::string nav(const Labels& l) {
  std::string s = "<nav>";
  const std::pair<std::string_view, std::string_view> links[] = {
      {"glance", l.h_glance},     {"summary", l.h_summary},
      {"matrix", l.nav_matrix},   {"findings", l.nav_findings},
      {"kernels", l.nav_kernels}, {"dependencies", l.nav_dependencies},
      {"roadmap", l.nav_roadmap}, {"risks", l.nav_risks}};
  for (const auto& [id, text] : links) s += fmt::format("<a href=\"#{}\">{}</a>", id, text);
  return s + "</nav>\n";
}

}  // namespace

std::string render_html(const Assessment& a, Lang lang) {
  std::string s;
  render_html_to(a, lang, [&](std::string_view piece) { s += piece; });
  return s;
}

void render_html_to(const Assessment& a, Lang lang,
                    const std::function<void(std::string_view)>& sink, size_t piece_bytes) {
  const Labels& l = labels(lang);
  const std::string project = html_escape(a.project_name.empty() ? a.root : a.project_name);
  std::string s;
  const std::function<void()> flush = [&] { pass_on_when_full(s, sink, piece_bytes); };
  s += fmt::format("<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\n",
                   lang == Lang::Zh ? "zh-CN" : "en");
  s += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
       "'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n";
  s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  s += "<meta name=\"generator\" content=\"ascendify " ASCENDIFY_VERSION "\">\n";
  s += fmt::format("<title>{} —{}</title>\n", project, l.title_suffix);
  s += "<style>" + std::string(html::css()) + "</style>\n</head>\n<body>\n";
  s += header(a, l, project);
  s += nav(l);
  s += "<main>\n";
  s += html::section_glance(a, l) + "\n";
  s += html::section_summary(a, l) + "\n";
  s += html::section_matrix(a, l) + "\n";
  flush();
  html::write_section_findings(s, a, l, flush);
  s += "\n";
  for (auto* section : {&html::section_kernels, &html::section_dependencies, &html::section_roadmap,
                        &html::section_risks}) {
    s += section(a, l) + "\n";
    flush();
  }
  s += html::section_diagnostics(a, l);
  s += fmt::format("</main>\n<footer>{}</footer>\n", l.footer);
  s += "<script>" + std::string(html::script()) + "</script>\n</body></html>\n";
  sink(s);
}

}  // namespace ascendify::render
