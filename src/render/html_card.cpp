// The manager's view that opens the HTML report (summary_view.hpp, as the Markdown report's
// "At a glance"): the verdict and the effort, then what stops the run (file:line), the work to
// adapt by hand, the mechanical work with the `ascendify fix` command that does it, the tuning,
// and the assumptions every estimate rests on. Long lists show their first ten; the rest is
// one click away.
#include <fmt/format.h>

#include "render/escape.hpp"
#include "render/html_parts.hpp"
#include "render/md_util.hpp"
#include "render/pattern_label.hpp"
#include "render/summary_view.hpp"

namespace ascendify::render::html {

namespace {

constexpr size_t kShown = 10;  // items of a list in view; the rest folded

// <div id=ID>: the first kShown of `rows` (each a rendered element), the rest in a closed
// <details>; `open` and `close` wrap each part (a list or a table).
std::string folded(std::string_view id, const std::vector<std::string>& rows, std::string_view open,
                   std::string_view close, const Labels& l) {
  std::string s = fmt::format("<div id=\"{}\">{}", id, open);
  for (size_t i = 0; i < rows.size() && i < kShown; ++i) s += rows[i];
  s += close;
  if (rows.size() > kShown) {
    s += fmt::format("<details><summary>{}</summary>",
                     fill(l.more_fmt, {{"n", std::to_string(rows.size() - kShown)}}));
    s += open;
    for (size_t i = kShown; i < rows.size(); ++i) s += rows[i];
    s += std::string(close) + "</details>";
  }
  return s + "</div>";
}

// `torch.cuda.Event`, `torch.cuda.Stream` +1
std::string patterns_cell(const WorkItem& w) {
  return patterns_label(w.patterns, w.rule_id, code, false);
}

std::string items_table(std::string_view id, const std::vector<WorkItem>& items, bool hours,
                        const Labels& l) {
  std::vector<std::string> rows;
  for (const WorkItem& w : items) {
    std::string r = "<tr>" + td(patterns_cell(w)) + td(html_escape(w.action)) + td_num(w.sites);
    if (hours) r += w.hours > 0 ? td(hours_text(w.hours), "n") : td("—", "n");
    rows.push_back(r + td(code(w.first)) + "</tr>");
  }
  std::string head = fmt::format("<table class=\"work\"><thead><tr>{}{}{}", th(l.c_pattern),
                                 th(l.c_replacement), th(l.c_sites, true));
  if (hours) head += th(l.c_hours, true);
  head += th(l.c_first_site) + "</tr></thead><tbody>";
  return folded(id, rows, head, "</tbody></table>", l);
}

std::string stoppers_value(const SummaryView& v, const Labels& l) {
  const std::string n = std::to_string(v.run_stoppers.size());
  if (v.target_phase.empty() || v.stoppers_in_target == v.run_stoppers.size()) return n;
  return fill(l.glance_stops_fmt, {{"n", n},
                                   {"t", std::to_string(v.stoppers_in_target)},
                                   {"phase", html_escape(v.target_phase)}});
}

std::string cards(const Assessment& a, const SummaryView& v, const Labels& l) {
  const auto [word, other] = feasibility_pair(a.feasibility, l);
  std::string parts = fill(l.effort_parts_fmt, {{"env", weeks(a.effort_environment)},
                                                {"verif", weeks(a.effort_verification)}});
  if (a.effort_kernels.high > 0)
    parts += fill(l.kernels_part_fmt, {{"weeks", weeks(a.effort_kernels)}});
  if (a.effort_counterpart.high > 0)
    parts += fill(l.counterpart_part_fmt, {{"weeks", weeks(a.effort_counterpart)}});
  const auto n = [&](SiteClass c) { return v.sites[static_cast<size_t>(c)]; };
  std::string s = "<div class=\"cards\">";
  s += card("card-feasibility", l.feasibility,
            fmt::format("<span class=\"badge {}\">{}</span>", to_string(a.feasibility), word),
            other);
  s += card("card-effort", l.effort, fmt::format("{} <small>{}</small>", weeks(v.effort), l.weeks),
            parts);
  s += card("card-stops", l.glance_classes[0], stoppers_value(v, l), "");
  s += card("card-adapt", l.glance_classes[1], std::to_string(v.adapt_sites),
            fill(l.glance_sites_hours_fmt,
                 {{"n", std::to_string(v.adapt_sites)}, {"h", hours_text(v.adapt_hours)}}));
  s += card("card-mechanical", l.glance_classes[2], std::to_string(n(SiteClass::Mechanical)), "");
  s += card("card-tuning", l.glance_classes[3], std::to_string(n(SiteClass::Tuning)), "");
  return s + "</div>";
}

}  // namespace

std::string section_glance(const Assessment& a, const Labels& l) {
  std::string s = fmt::format("<section id=\"glance\"><h2>{}</h2>", l.h_glance);
  if (!a.assessed) {
    s += "<div class=\"cards\">";
    s += card("card-feasibility", l.feasibility,
              fmt::format("<span class=\"badge unknown\">{}</span>", l.not_assessed), "");
    s += card("card-effort", l.effort, "—", l.not_assessed);
    return s + "</div></section>";
  }
  const SummaryView v = summary_view(a, l.lang);
  const auto n = [&](SiteClass c) { return v.sites[static_cast<size_t>(c)]; };
  s += cards(a, v, l);
  s += fmt::format("<h3>{} ({})</h3>", l.glance_classes[0], v.run_stoppers.size());
  if (v.run_stoppers.empty()) {
    s += fmt::format("<p class=\"muted\" id=\"run-stoppers\">{}</p>", l.glance_no_stoppers);
  } else {
    std::vector<std::string> items;
    for (const StopSite& x : v.run_stoppers)
      items.push_back(fmt::format("<li>{} <span class=\"muted\">({})</span> — {}: {}</li>",
                                  code(x.where), list(x.phases, false), html_escape(x.why),
                                  code(x.snippet)));
    s += folded("run-stoppers", items, "<ol class=\"ev\">", "</ol>", l);
  }
  if (!v.must_adapt.empty()) {
    s += fmt::format("<h3>{} ({})</h3>", l.glance_classes[1], v.adapt_sites);
    s += items_table("must-adapt", v.must_adapt, true, l);
  }
  if (n(SiteClass::Mechanical) > 0) {
    s += fmt::format("<h3>{} ({})</h3>", l.glance_classes[2], n(SiteClass::Mechanical));
    // The wording's own code spans become <code> first; then the command goes in.
    s += "<p id=\"mechanical\">" +
         fill(label(l.glance_fix_fmt), {{"cmd", code(v.fix_command)},
                                        {"fix", std::to_string(v.mechanical_by_fix)},
                                        {"transfer", std::to_string(v.mechanical_by_transfer)}}) +
         "</p>";
  }
  if (!v.tuning.empty()) {
    s += fmt::format("<h3>{} ({})</h3>", l.glance_classes[3], n(SiteClass::Tuning));
    s += items_table("tuning", v.tuning, false, l);
  }
  if (!v.assumptions.empty()) {
    s += fmt::format("<h3>{}</h3><ul class=\"ev\" id=\"assumptions\">", l.h_assumptions);
    for (const auto& x : v.assumptions) s += "<li>" + label(x) + "</li>";
    s += "</ul>";
  }
  return s + "</section>";
}

}  // namespace ascendify::render::html
