#include "render/summary_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

#include "core/text.hpp"
#include "render/escape.hpp"
#include "render/labels.hpp"
#include "render/md_util.hpp"

namespace ascendify::render {

bool required_site(const Finding& f) {
  return !f.phases.empty() && !f.optional && !f.guarded;
}

std::string fix_command(const std::string& root) {
  return "ascendify fix " + shell_word(root.empty() ? "." : root) + " --transfer-to-npu --apply";
}

std::string hours_text(double h) {
  return h < 10 ? one_decimal(h) : fmt::format("{:.0f}", h);
}

// The shell word for a path: quoted when it holds anything a shell would split or expand; a
// leading '-' gets "./" so that it cannot read as an option.
std::string shell_word(const std::string& path) {
  const std::string s = !path.empty() && path.front() == '-' ? "./" + path : path;
  const bool plain = !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("/._-+:@%,=").find(c) != std::string_view::npos;
  });
  if (plain) return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

namespace {

std::vector<WorkItem> items_of(const std::vector<const Finding*>& fs, Lang lang) {
  std::map<std::string, std::pair<WorkItem, const Rule*>> by_rule;  // the item, its rule
  for (const Finding* f : fs) {
    auto& [w, rule] = by_rule[f->rule_id];
    if (w.sites == 0) {
      rule = f->rule;
      w.rule_id = f->rule_id;
      w.first = f->path + ":" + std::to_string(f->span.line);
      const std::string_view r = replacement_of(*f, lang);
      w.action = r.empty() ? message_of(*f, lang) : std::string(r);
    }
    if (!in_list(w.patterns, f->match)) w.patterns.push_back(f->match);
    w.sites += std::max<uint32_t>(f->sites, 1);
  }
  std::vector<WorkItem> out;
  for (auto& [id, item] : by_rule) {
    auto& [w, rule] = item;
    const double days = rule_effort_days(rule, w.sites);
    w.hours = days < 0 ? 0 : days * 8;
    out.push_back(std::move(w));
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const WorkItem& a, const WorkItem& b) { return a.hours > b.hours; });
  return out;
}

}  // namespace

SummaryView summary_view(const Assessment& a, Lang lang) {
  SummaryView v;
  v.assessed = a.assessed;
  v.verdict = feasibility_words(a.feasibility, lang);
  v.effort = a.effort;
  v.sites = a.site_classes;
  v.target_phase = a.target_phase;
  for (const auto& s : a.run_stop_sites) {
    v.run_stoppers.push_back({s.where, lang == Lang::Zh && !s.why_zh.empty() ? s.why_zh : s.why,
                              s.snippet, s.phases, s.in_target});
    if (s.in_target) ++v.stoppers_in_target;
  }
  std::vector<const Finding*> adapt, mechanical, tuning;
  for (const Finding& f : a.findings) {
    if (!required_site(f)) continue;
    switch (f.site_class) {
      case SiteClass::StopsRun:  // what stops the run is changed by hand too
      case SiteClass::MustAdapt:
        adapt.push_back(&f);
        v.adapt_sites += std::max<uint32_t>(f.sites, 1);
        break;
      case SiteClass::Mechanical:
        mechanical.push_back(&f);
        (f.auto_by_transfer_to_npu ? v.mechanical_by_transfer : v.mechanical_by_fix) +=
            std::max<uint32_t>(f.sites, 1);
        break;
      case SiteClass::Tuning:
        tuning.push_back(&f);
        break;
      default:
        break;
    }
  }
  v.must_adapt = items_of(adapt, lang);
  for (const auto& w : v.must_adapt) v.adapt_hours += w.hours;
  v.mechanical = items_of(mechanical, lang);
  v.tuning = items_of(tuning, lang);
  v.fix_command = fix_command(a.root);
  for (const auto& x : a.assumptions)
    v.assumptions.push_back(lang == Lang::Zh && !x.zh.empty() ? x.zh : x.en);
  return v;
}

}  // namespace ascendify::render
