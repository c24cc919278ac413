// The HTML report's charts: inline SVG drawn here, no script and no external library.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>

#include "render/escape.hpp"
#include "render/html_parts.hpp"
#include "render/matrix.hpp"

namespace ascendify::render::html {

namespace {

constexpr std::array<std::string_view, 7> kColors = {"#486581", "#1f5fbf", "#7b4fc9", "#c05621",
                                                     "#2c7a7b", "#b7791f", "#6b7280"};

std::string num(double v) {
  return fmt::format("{:.1f}", v);
}

std::string text_el(double x, double y, std::string_view anchor, std::string_view body,
                    std::string_view extra = "") {
  return fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"{}\"{}>{}</text>", num(x), num(y),
                     anchor, extra, body);
}

}  // namespace

std::string chart_domains(const Assessment& a, const Labels& l) {
  constexpr double kLabel = 170, kBar = 300, kRow = 28, kTop = 8;
  const uint32_t max = std::max<uint32_t>(1, *std::max_element(a.counts.begin(), a.counts.end()));
  const double h = kTop * 2 + kRow * 7;
  std::string s = fmt::format(
      "<svg id=\"chart-domains\" role=\"img\" aria-label=\"{}\" width=\"{}\" height=\"{}\" "
      "viewBox=\"0 0 {} {}\">",
      l.chart_domains, kLabel + kBar + 50, h, kLabel + kBar + 50, h);
  for (size_t d = 0; d < 7; ++d) {
    const double y = kTop + kRow * static_cast<double>(d);
    const double w = kBar * a.counts[d] / max;
    s += text_el(kLabel - 8, y + 17, "end", domain_label(kAllDomains[d], l));
    s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"18\" fill=\"#e4e7eb\"/>",
                     num(kLabel), num(y + 4), num(kBar));
    s += fmt::format(
        "<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"18\" fill=\"{}\"><title>{}: "
        "{}</title></rect>",
        num(kLabel), num(y + 4), num(w), kColors[d], domain_label(kAllDomains[d], l), a.counts[d]);
    s += text_el(kLabel + kBar + 6, y + 17, "start", std::to_string(a.counts[d]));
  }
  return s + "</svg>";
}

std::string chart_heatmap(const Assessment& a, const Labels& l) {
  std::vector<std::string> rows;
  for (const auto& p : a.phases) rows.push_back(p.name);
  // Per phase and domain: findings the phase reaches; a last row for unreached findings.
  std::map<std::string, std::array<uint32_t, 7>> cells;
  std::array<uint32_t, 7> apart{};
  for (const auto& f : a.findings) {
    const size_t d = static_cast<size_t>(f.domain);
    if (is_unreached(a, f)) ++apart[d];
    for (const auto& p : f.phases) ++cells[p][d];
  }
  const bool has_apart = std::any_of(apart.begin(), apart.end(), [](uint32_t n) { return n > 0; });
  if (rows.empty()) rows.push_back(std::string(l.no_phases));
  uint32_t max = 1;
  for (const auto& [p, c] : cells) max = std::max(max, *std::max_element(c.begin(), c.end()));
  max = std::max(max, *std::max_element(apart.begin(), apart.end()));
  constexpr double kLabel = 140, kCell = 78, kRow = 34, kTop = 28;
  const size_t nrows = rows.size() + (has_apart ? 1 : 0);
  const double w = kLabel + kCell * 7 + 4, h = kTop + kRow * static_cast<double>(nrows) + 4;
  std::string s = fmt::format(
      "<svg id=\"chart-heatmap\" role=\"img\" aria-label=\"{}\" width=\"{}\" height=\"{}\" "
      "viewBox=\"0 0 {} {}\">",
      l.chart_heatmap, num(w), num(h), num(w), num(h));
  for (size_t d = 0; d < 7; ++d)
    s += text_el(kLabel + kCell * (static_cast<double>(d) + 0.5), 18, "middle", l.domain_short[d]);
  for (size_t r = 0; r < nrows; ++r) {
    const bool is_apart = r == rows.size();
    const std::string name = is_apart ? std::string(l.not_reached) : rows[r];
    const auto it = cells.find(name);
    const std::array<uint32_t, 7> zero{};
    const std::array<uint32_t, 7>& c = is_apart ? apart : it == cells.end() ? zero : it->second;
    const double y = kTop + kRow * static_cast<double>(r);
    s += text_el(kLabel - 8, y + 21, "end", html_escape(name),
                 is_apart ? " font-style=\"italic\"" : "");
    for (size_t d = 0; d < 7; ++d) {
      const double x = kLabel + kCell * static_cast<double>(d);
      const double t = static_cast<double>(c[d]) / max;
      // From near-white to the accent blue.
      const int red = static_cast<int>(245 - t * (245 - 31));
      const int green = static_cast<int>(247 - t * (247 - 95));
      const int blue = static_cast<int>(250 - t * (250 - 191));
      s += fmt::format(
          "<rect class=\"cell\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\" "
          "fill=\"rgb({},{},{})\" stroke=\"#fff\"><title>{} / {}: {}</title></rect>",
          num(x + 1), num(y + 1), num(kCell - 2), num(kRow - 2), red, green, blue,
          html_escape(name), domain_label(kAllDomains[d], l), c[d]);
      s += text_el(x + kCell / 2, y + 21, "middle", c[d] == 0 ? "·" : std::to_string(c[d]),
                   t > 0.55 ? " style=\"fill:#fff\"" : "");
    }
  }
  return s + "</svg>";
}

std::string chart_effort(const Assessment& a, const Labels& l) {
  struct Bar {
    std::string_view label;
    EffortRange e;
    std::string_view color;
  };
  std::vector<Bar> bars;
  for (size_t d = 0; d < 7; ++d)
    bars.push_back({domain_label(kAllDomains[d], l), a.effort_by_domain[d], kColors[d]});
  if (a.effort_counterpart.high > 0)
    bars.push_back({l.counterpart_short, a.effort_counterpart, "#9aa5b1"});
  bars.push_back({l.env_short, a.effort_environment, "#9aa5b1"});
  bars.push_back({l.verif_short, a.effort_verification, "#9aa5b1"});
  double max = 0.1;
  for (const auto& b : bars) max = std::max(max, b.e.high);
  constexpr double kLabel = 170, kBar = 280, kRow = 28, kTop = 8;
  const double h = kTop * 2 + kRow * static_cast<double>(bars.size());
  const double w = kLabel + kBar + 80;
  std::string s = fmt::format(
      "<svg id=\"chart-effort\" role=\"img\" aria-label=\"{}\" width=\"{}\" height=\"{}\" "
      "viewBox=\"0 0 {} {}\">",
      l.chart_effort, num(w), num(h), num(w), num(h));
  for (size_t i = 0; i < bars.size(); ++i) {
    const Bar& b = bars[i];
    const double y = kTop + kRow * static_cast<double>(i);
    const double lo = kBar * std::max(0.0, b.e.low) / max;
    const double hi = kBar * std::max(0.0, b.e.high) / max;
    s += text_el(kLabel - 8, y + 17, "end", b.label);
    // The range: solid up to the low estimate, lighter up to the high one.
    s += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"18\" fill=\"{}\" opacity=\"0.35\"/>"
        "<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"18\" fill=\"{}\"><title>{}: "
        "{} {}</title></rect>",
        num(kLabel), num(y + 4), num(hi), b.color, num(kLabel), num(y + 4), num(lo), b.color,
        b.label, weeks(b.e), l.weeks);
    s += text_el(kLabel + hi + 6, y + 17, "start", weeks(b.e) + " " + std::string(l.wk));
  }
  return s + "</svg>";
}

}  // namespace ascendify::render::html
