// The short terminal summary printed after a scan.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string_view>
#include <unordered_map>

#include "render/escape.hpp"
#include "render/render.hpp"
#include "render/summary_view.hpp"

namespace ascendify::render {

namespace {

std::string safe(std::string_view s) {
  return terminal_safe(s);
}

struct Style {
  bool on;
  std::string wrap(std::string_view code, std::string_view text) const {
    if (!on) return std::string(text);
    return fmt::format("\x1b[{}m{}\x1b[0m", code, text);
  }
  std::string bold(std::string_view t) const { return wrap("1", t); }
  std::string red(std::string_view t) const { return wrap("31", t); }
  std::string yellow(std::string_view t) const { return wrap("33", t); }
  std::string green(std::string_view t) const { return wrap("32", t); }
};

std::string feasibility_text(const Assessment& a, const Style& st) {
  if (!a.assessed) return "not assessed";
  const std::string words =
      fmt::format("{} ({})", to_string(a.feasibility), to_chinese(a.feasibility));
  switch (a.feasibility) {
    case Feasibility::Feasible:
      return st.green(words);
    case Feasibility::NeedsAdaptation:
      return st.yellow(words);
    case Feasibility::Difficult:
    case Feasibility::Infeasible:
      return st.red(words);
  }
  return words;
}

}  // namespace

std::string render_terminal(const Assessment& a, bool color) {
  const Style st{color};
  std::string out;
  const std::string project = safe(a.project_name.empty() ? a.root : a.project_name);
  out += st.bold(fmt::format("ascendify {} · {}", ASCENDIFY_VERSION, project)) + "\n";
  if (!a.hardware.id.empty()) out += fmt::format("Hardware:      {}\n", safe(a.hardware.name));
  out += fmt::format("Files scanned: {}\n", a.stats.files_scanned);
  uint32_t total = 0;
  for (uint32_t n : a.counts) total += n;
  out += fmt::format("Findings:      {}\n", total);
  size_t width = 0;
  for (Domain d : kAllDomains) width = std::max(width, to_string(d).size());
  for (Domain d : kAllDomains)
    out += fmt::format("  {:<{}}  {:>6}\n", to_string(d), width, a.counts[static_cast<size_t>(d)]);
  if (!a.operators.list.empty() && a.operators.checked > 0)
    out += fmt::format(
        "torch API:     {} calls checked (torch {} list): {} unsupported, {} unknown\n",
        a.operators.checked, a.operators.list, a.operators.unsupported, a.operators.unknown);
  out += "Feasibility:   " + feasibility_text(a, st);
  if (a.assessed)
    out +=
        fmt::format(", effort {}–{} weeks", one_decimal(a.effort.low), one_decimal(a.effort.high));
  out += '\n';
  if (a.assessed) {
    for (const auto& c : a.counterparts)
      out += fmt::format("Counterpart:   {} {} -> adopt {} ({}–{} weeks)\n",
                         c.is_project ? "is" : "runs on", c.framework, c.name,
                         one_decimal(c.adoption.low), one_decimal(c.adoption.high));
    out += fmt::format(
        "Sites:         {} stop the run · {} must adapt · {} mechanical · {} tuning · {} no "
        "change\n",
        a.site_classes[0], a.site_classes[1], a.site_classes[2], a.site_classes[3],
        a.site_classes[4]);
    // Every phase's stopping lines; the target phase's count beside them when it differs.
    const auto& sites = a.run_stop_sites;
    const size_t in_target = static_cast<size_t>(
        std::count_if(sites.begin(), sites.end(), [](const auto& s) { return s.in_target; }));
    const std::string stops = std::to_string(sites.size());
    out += "Stops the run: " + (sites.empty() ? stops : st.red(stops));
    if (!a.target_phase.empty() && in_target != sites.size())
      out += fmt::format(" ({} in {}, the target phase)", in_target, safe(a.target_phase));
    if (!sites.empty())
      out += "  first: " + safe(sites.front().where) + " " + safe(sites.front().why);
    out += "\n";
    if (a.site_classes[static_cast<size_t>(SiteClass::Mechanical)] > 0)
      out += fmt::format(
          "Fix:           {}  ({} mechanical sites; without --apply it prints the diff)\n",
          safe(fix_command(a.root)), a.site_classes[static_cast<size_t>(SiteClass::Mechanical)]);
    const std::string n = std::to_string(a.blockers.size());
    out += "Blockers:      " + (a.blockers.empty() ? n : st.red(n)) + "\n";
    if (!a.optional_blockers.empty())
      out += fmt::format("               + {} in optional features (behind flags; not counted)\n",
                         a.optional_blockers.size());
  }

  // Most findings first, then by path (a big tree: 50k findings, so no ordered map of them).
  std::unordered_map<std::string_view, size_t> per_file;
  for (size_t i = 0; i < a.findings.size();) {  // runs of one path (findings come path-sorted)
    size_t j = i + 1;
    while (j < a.findings.size() && a.findings[j].path == a.findings[i].path) ++j;
    per_file[a.findings[i].path] += j - i;
    i = j;
  }
  std::vector<std::pair<std::string_view, size_t>> files(per_file.begin(), per_file.end());
  std::sort(files.begin(), files.end(), [](const auto& x, const auto& y) {
    return x.second != y.second ? x.second > y.second : x.first < y.first;
  });
  if (!files.empty()) {
    out += "Top files:\n";
    for (size_t i = 0; i < files.size() && i < 5; ++i)
      out += fmt::format("  {:>6}  {}\n", files[i].second, safe(files[i].first));
  }
  const std::string diags = std::to_string(a.diagnostics.size());
  out += "Diagnostics:   " + (a.diagnostics.empty() ? diags : st.yellow(diags)) + "\n";
  return out;
}

}  // namespace ascendify::render
