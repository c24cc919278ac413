#include "render/md_glance.hpp"

#include <fmt/format.h>

#include "render/escape.hpp"
#include "render/labels.hpp"
#include "render/md_util.hpp"
#include "render/pattern_label.hpp"
#include "render/summary_view.hpp"

namespace ascendify::render {

namespace {

// The summary lists this many work items of a class; the domain tables have them all.
constexpr size_t kGlanceItems = 10;

// `torch.cuda.Event`, `torch.cuda.Stream` +1
std::string patterns_cell(const WorkItem& w) {
  return patterns_label(
      w.patterns, w.rule_id, [](std::string_view s) { return md_code(s); }, false);
}

void items_table(std::string& out, const std::vector<WorkItem>& items, const Labels& l,
                 bool with_hours) {
  std::vector<Row> rows;
  for (size_t i = 0; i < items.size() && i < kGlanceItems; ++i) {
    const WorkItem& w = items[i];
    Row r = {patterns_cell(w), md_text(w.action), std::to_string(w.sites)};
    if (with_hours) r.push_back(w.hours > 0 ? hours_text(w.hours) : "—");
    r.push_back(md_code(w.first));
    rows.push_back(std::move(r));
  }
  Row header = {std::string(l.c_pattern), std::string(l.c_replacement), std::string(l.c_sites)};
  if (with_hours) header.push_back(std::string(l.c_hours));
  header.push_back(std::string(l.c_first_site));
  table(out, header, rows);
  if (items.size() > kGlanceItems)
    out += fill(l.glance_more_fmt, {{"n", std::to_string(items.size() - kGlanceItems)}}) + "\n\n";
}

std::string phases_text(const std::vector<std::string>& phases) {
  std::string out;
  for (const auto& p : phases) out += (out.empty() ? "" : ", ") + md_code(p, false);
  return out;
}

// "3", or "3 (1 in `inference`, the target phase)" when some stop other phases only.
std::string stoppers_cell(const SummaryView& v, const Labels& l) {
  const std::string n = std::to_string(v.run_stoppers.size());
  if (v.target_phase.empty() || v.stoppers_in_target == v.run_stoppers.size()) return n;
  return fill(
      l.glance_stops_fmt,
      {{"n", n}, {"t", std::to_string(v.stoppers_in_target)}, {"phase", md_code(v.target_phase)}});
}

}  // namespace

void write_glance(std::string& out, const Assessment& a, Lang lang) {
  const Labels& l = labels(lang);
  const SummaryView v = summary_view(a, lang);
  out += fmt::format("## {}\n\n", l.h_glance);
  if (!v.assessed) {
    out += fmt::format("- {}: {}\n\n", l.feasibility, l.not_computed);
    return;
  }
  const auto n = [&](SiteClass c) { return v.sites[static_cast<size_t>(c)]; };
  std::vector<Row> rows = {
      {std::string(l.feasibility), fmt::format("**{}**", md_text(v.verdict))},
      {std::string(l.effort),
       fmt::format("{}–{} {}", one_decimal(v.effort.low), one_decimal(v.effort.high), l.weeks)},
      {std::string(l.glance_classes[0]), stoppers_cell(v, l)},
      {std::string(l.glance_classes[1]),
       fill(l.glance_sites_hours_fmt,
            {{"n", std::to_string(v.adapt_sites)}, {"h", hours_text(v.adapt_hours)}})},
      {std::string(l.glance_classes[2]), std::to_string(n(SiteClass::Mechanical))},
      {std::string(l.glance_classes[3]), std::to_string(n(SiteClass::Tuning))},
  };
  table(out, {std::string(l.c_item), std::string(l.c_value)}, rows);

  out += fmt::format("### {} ({})\n\n", l.glance_classes[0], v.run_stoppers.size());
  if (v.run_stoppers.empty()) out += fmt::format("{}\n\n", l.glance_no_stoppers);
  for (size_t i = 0; i < v.run_stoppers.size() && i < kGlanceItems; ++i)
    out += fmt::format("{}. {} ({}) — {}: {}\n", i + 1, md_code(v.run_stoppers[i].where, false),
                       phases_text(v.run_stoppers[i].phases), md_text(v.run_stoppers[i].why),
                       md_code(v.run_stoppers[i].snippet, false));
  if (v.run_stoppers.size() > kGlanceItems) {
    out += '\n';
    out += fill(l.glance_more_fmt, {{"n", std::to_string(v.run_stoppers.size() - kGlanceItems)}});
    out += '\n';
  }
  if (!v.run_stoppers.empty()) out += '\n';

  if (!v.must_adapt.empty()) {
    out += fmt::format("### {} ({})\n\n", l.glance_classes[1], v.adapt_sites);
    items_table(out, v.must_adapt, l, true);
  }
  if (n(SiteClass::Mechanical) > 0) {
    out += fmt::format("### {} ({})\n\n", l.glance_classes[2], n(SiteClass::Mechanical));
    out += fill(l.glance_fix_fmt, {{"cmd", md_code(v.fix_command, false)},
                                   {"fix", std::to_string(v.mechanical_by_fix)},
                                   {"transfer", std::to_string(v.mechanical_by_transfer)}}) +
           "\n\n";
  }
  if (!v.tuning.empty()) {
    out += fmt::format("### {} ({})\n\n", l.glance_classes[3], n(SiteClass::Tuning));
    items_table(out, v.tuning, l, false);
  }
  if (!v.assumptions.empty()) {
    out += fmt::format("### {}\n\n", l.h_assumptions);
    for (const auto& x : v.assumptions) out += "- " + md_text(x) + "\n";
    out += '\n';
  }
}

}  // namespace ascendify::render
