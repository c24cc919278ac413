// The Markdown report (specification's template): summary, dependency matrix, per-domain
// findings (md_domains.cpp), roadmap, risk matrix, diagnostics.
#include <fmt/format.h>

#include <algorithm>

#include "render/escape.hpp"
#include "render/labels.hpp"
#include "render/matrix.hpp"
#include "render/md_domains.hpp"
#include "render/md_glance.hpp"
#include "render/md_util.hpp"
#include "render/pattern_label.hpp"
#include "render/render.hpp"
#include "render/verdict_words.hpp"

namespace ascendify::render {

namespace {

std::string weeks_range(const EffortRange& e, const Labels& l) {
  return fmt::format("{}–{} {}", one_decimal(e.low), one_decimal(e.high), l.weeks);
}

std::string weeks_cell(const EffortRange& e) {
  return fmt::format("{}–{}", one_decimal(e.low), one_decimal(e.high));
}

// Markdown's repository text and code spans, for the shared wording of verdict_words.hpp.
std::string md_inline_code(std::string_view s) {
  return md_code(s);
}
constexpr TextStyle kMarkdownStyle{md_text, md_inline_code};

std::string counterpart_text(const CounterpartUse& c, const Labels& l, Lang lang) {
  const bool zh = lang == Lang::Zh;
  return fill(c.is_project ? l.counterpart_is_fmt : l.counterpart_on_fmt,
              {{"framework", md_text(c.framework)},
               {"evidence", md_text(c.evidence)},
               {"name", md_text(c.name)},
               {"how", md_text(zh && !c.how_zh.empty() ? c.how_zh : c.how)},
               {"weeks", weeks_cell(c.adoption)},
               {"literal", feasibility_words(c.literal_feasibility, lang)},
               {"literal_weeks", weeks_cell(c.literal_effort)},
               {"sites", std::to_string(c.taken_over)}});
}

// What every estimate rests on, at the end of the report.
void write_summary(std::string& out, const Assessment& a, const Labels& l, Lang lang) {
  out += fmt::format("## {}\n\n", l.h_summary);
  if (a.assessed) {
    out += fmt::format("- {}: **{}**\n", l.feasibility, feasibility_words(a.feasibility, lang));
    if (lang == Lang::Zh && a.verdict_basis.kind != Assessment::VerdictBasis::Kind::None) {
      out += fmt::format("  - {}: {}\n", l.evidence, basis_zh(a, kMarkdownStyle));
    } else {
      for (const auto& e : a.feasibility_evidence)
        out += fmt::format("  - {}: {}\n", l.evidence, md_text(e));
    }
    out += fmt::format("- {}: {}\n", l.effort, weeks_range(a.effort, l));
    for (const auto& c : a.counterparts)
      out += fmt::format("- {}: {}\n", l.counterpart, counterpart_text(c, l, lang));
    std::string classes;
    for (size_t c = 0; c < kSiteClasses; ++c)
      classes += fmt::format("{}{} {}", c ? " · " : "", a.site_classes[c], l.class_names[c]);
    out += fmt::format("- {}: {}\n", l.site_classes, classes);
    out += fmt::format("- {}:", l.blockers);
    if (a.blockers.empty())
      out += fmt::format(" {}\n", l.none);
    else {
      out += '\n';
      const size_t shown = std::min(a.blockers.size(), kSummaryBlockers);
      for (size_t i = 0; i < shown; ++i)
        out += "  - " + md_text(said(a.blockers, a.blockers_zh, i, lang)) + "\n";
      if (a.blockers.size() > shown)
        out += "  - " +
               fill(l.more_blockers_fmt, {{"n", std::to_string(a.blockers.size() - shown)}}) + "\n";
    }
    if (!a.optional_blockers.empty()) {
      out += fmt::format("- {}:\n", l.optional_blockers);
      const size_t shown = std::min(a.optional_blockers.size(), kSummaryBlockers);
      for (size_t i = 0; i < shown; ++i)
        out += "  - " + md_text(said(a.optional_blockers, a.optional_blockers_zh, i, lang)) + "\n";
      if (a.optional_blockers.size() > shown)
        out +=
            "  - " +
            fill(l.more_blockers_fmt, {{"n", std::to_string(a.optional_blockers.size() - shown)}}) +
            "\n";
    }
  } else {
    out += fmt::format("- {}: {}\n", l.feasibility, l.not_computed);
    out += fmt::format("- {}: {}\n", l.effort, l.not_computed);
    out += fmt::format("- {}: {}\n", l.blockers, l.not_computed);
  }
  uint32_t total = 0;
  for (uint32_t n : a.counts) total += n;
  out += fmt::format("- {}: {}\n", l.scanned,
                     fill(l.scanned_fmt, {{"files", std::to_string(a.stats.files_scanned)},
                                          {"findings", std::to_string(total)},
                                          {"diags", std::to_string(a.diagnostics.size())}}));
  if (!a.operators.list.empty() && a.operators.checked > 0) {
    const OperatorCheck& o = a.operators;
    std::string ops;
    for (size_t i = 0; i < o.unsupported_ops.size() && i < 8; ++i)
      ops += (i ? ", " : " (") + md_code(o.unsupported_ops[i].first, false);
    if (!ops.empty()) ops += ")";
    out += "- " +
           fill(l.api_check_fmt, {{"list", o.list},
                                  {"checked", std::to_string(o.checked)},
                                  {"supported", std::to_string(o.supported)},
                                  {"unsupported", std::to_string(o.unsupported)},
                                  {"ops", ops},
                                  {"unknown", std::to_string(o.unknown)}}) +
           "\n";
  }
  if (a.unreached_findings > a.unused_findings + a.backward_only_findings)
    out += "- " +
           fill(l.unreached_fmt, {{"n", std::to_string(a.unreached_findings - a.unused_findings -
                                                       a.backward_only_findings)},
                                  {"files", std::to_string(a.unreached_files.size())}}) +
           "\n";
  if (a.backward_only_findings > 0)
    out +=
        "- " + fill(l.backward_only_fmt, {{"n", std::to_string(a.backward_only_findings)}}) + "\n";
  if (a.unused_findings > 0)
    out += "- " +
           fill(l.unused_fmt, {{"n", std::to_string(a.unused_findings)},
                               {"defs", std::to_string(a.unused_definitions.size())}}) +
           "\n";
  out += '\n';
  std::array<size_t, 7> blockers{};
  size_t all_blockers = 0;
  for (const auto& f : a.findings)
    if (f.severity == Severity::Blocker) {
      ++blockers[static_cast<size_t>(f.domain)];
      ++all_blockers;
    }
  std::vector<Row> rows;
  for (size_t d = 0; d < kAllDomains.size(); ++d) {
    rows.push_back(
        {std::string(l.domain_names[d]), std::to_string(a.counts[d]), std::to_string(blockers[d])});
    if (a.assessed) rows.back().push_back(weeks_cell(a.effort_by_domain[d]));
  }
  Row header = {std::string(l.c_domain), std::string(l.c_findings), std::string(l.c_blockers_n)};
  if (a.assessed) {
    header.push_back(std::string(l.c_effort_weeks));
    if (a.effort_kernels.high > 0)
      rows.push_back(
          {fmt::format("└ {}", l.of_which_kernels), "—", "—", weeks_cell(a.effort_kernels)});
    if (a.effort_counterpart.high > 0)
      rows.push_back({std::string(l.counterpart_row), "—", "—", weeks_cell(a.effort_counterpart)});
    rows.push_back({std::string(l.environment), "—", "—", weeks_cell(a.effort_environment)});
    rows.push_back({std::string(l.verification), "—", "—", weeks_cell(a.effort_verification)});
    rows.push_back({fmt::format("**{}**", l.total), std::to_string(total),
                    std::to_string(all_blockers), fmt::format("**{}**", weeks_cell(a.effort))});
  }
  table(out, header, rows);
}

std::string need_cell(const MatrixCell& c, const Labels& l) {
  switch (c.need()) {
    case Need::NotNeeded:
      return std::string(l.not_needed);
    case Need::Optional:
      return fmt::format("{} ({})", l.optional, c.sites);
    case Need::Needed:
      return fmt::format("{} ({})", l.needed, c.sites);
  }
  return "—";
}

void write_phases(std::string& out, const Assessment& a, const Labels& l) {
  std::vector<Row> rows;
  for (const auto& p : a.phases) {
    std::vector<std::string> entries;
    for (const auto& e : p.entry_points) entries.push_back(md_code(e));
    rows.push_back({md_text(p.name), md_text(p.kind),
                    entries.empty() ? "—" : join_limited(entries, 4, l), std::to_string(p.files),
                    std::to_string(p.findings), weeks_cell(p.effort)});
  }
  table(out,
        {std::string(l.c_phase), std::string(l.c_kind), std::string(l.c_entry),
         std::string(l.c_files), std::string(l.c_findings), std::string(l.c_effort_weeks)},
        rows);
  // Task sub-phases, one table per dispatching entry and option.
  for (size_t i = 0; i < a.tasks.size();) {
    const TaskPhase& head = a.tasks[i];
    out +=
        fill(l.tasks_intro_fmt, {{"entry", md_code(head.entry)}, {"option", head.option}}) + "\n\n";
    size_t end = i;
    while (end < a.tasks.size() && a.tasks[end].phase == head.phase &&
           a.tasks[end].entry == head.entry && a.tasks[end].option == head.option)
      ++end;
    // The files every task runs are shared: each row shows the files of its own.
    std::vector<std::string> shared = head.files;
    for (size_t k = i + 1; k < end; ++k)
      std::erase_if(shared, [&](const std::string& f) {
        return !std::binary_search(a.tasks[k].files.begin(), a.tasks[k].files.end(), f);
      });
    std::vector<Row> task_rows;
    for (; i < end; ++i) {
      const TaskPhase& t = a.tasks[i];
      std::vector<std::string> files;
      for (const auto& f : t.files)
        if (!std::binary_search(shared.begin(), shared.end(), f)) files.push_back(md_code(f));
      if (files.empty()) files.push_back("—");
      task_rows.push_back(
          {md_text(t.phase),
           md_code(t.value) + (t.is_default ? fmt::format(" ({})", l.default_task) : std::string()),
           join_limited(files, 4, l), std::to_string(t.findings), weeks_cell(t.effort)});
    }
    table(out,
          {std::string(l.c_phase), std::string(l.c_task),
           fill(l.c_own_files_fmt, {{"n", std::to_string(shared.size())}}),
           std::string(l.c_findings), std::string(l.c_effort_weeks)},
          task_rows);
  }
}

void write_matrix(std::string& out, const Assessment& a, const Labels& l) {
  out += fmt::format("## {}\n\n", l.h_matrix);
  const bool by_phase = a.assessed && !a.phases.empty();
  if (!by_phase) out += fmt::format("{}\n\n", l.matrix_no_phase);
  if (by_phase) write_phases(out, a, l);
  Row header = {std::string(l.c_dependency)};
  if (by_phase)
    for (const auto& p : a.phases) header.push_back(md_text(p.name));
  else
    header.push_back(std::string(l.all_files));
  header.push_back(std::string(l.c_replacement));
  if (a.assessed) header.push_back(std::string(l.c_effort));
  std::vector<Row> rows;
  for (const MatrixRow& m : matrix_rows(a)) {
    Row r = {m.is_rule
                 ? patterns_label(
                       m.patterns, m.rule_id, [](std::string_view s) { return md_code(s); }, true)
                 : md_text(m.label)};
    if (by_phase) {
      for (const auto& p : a.phases) {
        const auto it = m.per_phase.find(p.name);
        r.push_back(need_cell(it == m.per_phase.end() ? MatrixCell{} : it->second, l));
      }
    } else {
      r.push_back(need_cell(m.all, l));
    }
    r.push_back(md_text(l.lang == Lang::Zh && !m.replacement_zh.empty() ? m.replacement_zh
                                                                        : m.replacement));
    if (a.assessed) r.push_back(days_cell(m.days, l));
    rows.push_back(std::move(r));
  }
  if (rows.empty()) {
    out += fmt::format("{}\n\n", l.none);
    return;
  }
  table(out, header, rows);
  out += fmt::format("{}\n\n", l.matrix_legend);
  if (a.assessed) out += fmt::format("{}\n\n", l.rule_estimate_note);
}

void write_sets(std::string& out, const Assessment& a, const Labels& l) {
  if (!a.assessed || a.migration_sets.empty()) return;
  out += fmt::format("### {}\n\n", l.h_sets);
  out += fill(l.sets_intro, {{"phase", md_text(a.target_phase)}}) + "\n\n";
  auto list = [&l](const std::vector<std::string>& v) {
    std::vector<std::string> items;
    for (const auto& x : v) items.push_back(md_code(x));
    return items.empty() ? std::string("—") : join_limited(items, 8, l);
  };
  std::vector<Row> rows;
  for (size_t i = 0; i < a.migration_sets.size(); ++i) {
    const MigrationSet& s = a.migration_sets[i];
    rows.push_back({std::string(i == 0 ? l.set_minimal : l.set_incremental), md_text(s.phase),
                    std::to_string(s.findings), weeks_cell(s.effort), list(s.rule_ids),
                    list(s.dependencies), list(s.kernels)});
  }
  table(out,
        {std::string(l.c_set), std::string(l.c_phase), std::string(l.c_findings),
         std::string(l.c_effort_weeks), std::string(l.c_rules), std::string(l.c_dependencies),
         std::string(l.c_kernels)},
        rows);
}

void write_roadmap(std::string& out, const Assessment& a, const Labels& l, Lang lang) {
  out += fmt::format("## {}\n\n", l.h_roadmap);
  if (!a.assessed) {
    out += fmt::format("{}.\n\n", l.not_computed);
    return;
  }
  if (a.roadmap.empty()) {
    out += fmt::format("{}.\n\n", l.none);
    return;
  }
  for (size_t i = 0; i < a.roadmap.size(); ++i) {
    const RoadmapStep& s = a.roadmap[i];
    const bool zh = lang == Lang::Zh && !s.title_zh.empty() && !s.detail_zh.empty();
    out += fmt::format("{}. **{}** — {}", i + 1, md_text(zh ? s.title_zh : s.title),
                       md_text(zh ? s.detail_zh : s.detail));
    out += fmt::format(" ({}: {}; {}: {}", l.step_effort, weeks_range(s.effort, l), l.step_findings,
                       s.findings);
    if (!s.rule_ids.empty()) {
      std::vector<std::string> ids;
      for (const auto& id : s.rule_ids) ids.push_back(md_code(id));
      out += fmt::format("; {}: {}", l.step_rules, join_limited(ids, 6, l));
    }
    out += ")\n";
  }
  out += '\n';
}

void write_risk_matrix(std::string& out, const Assessment& a, const Labels& l) {
  out += fmt::format("## {}\n\n", l.h_risk);
  if (a.risks.empty()) {
    out += fmt::format("{}.\n\n", l.none);
    return;
  }
  std::vector<Row> rows;
  for (const RiskRow& r : a.risks) {
    std::vector<std::string> patterns;
    for (const auto& p : r.patterns) patterns.push_back(md_code(p));
    rows.push_back({patterns.empty() ? "—" : join_limited(patterns, 3, l),
                    md_text(l.lang == Lang::Zh && !r.replacement_zh.empty() ? r.replacement_zh
                                                                            : r.replacement),
                    confidence_label(r.confidence, l), md_code(r.rule_id),
                    std::to_string(r.sites)});
  }
  table(out,
        {std::string(l.c_cuda_pattern), std::string(l.c_replacement), std::string(l.c_confidence),
         std::string(l.c_rule), std::string(l.c_sites)},
        rows);
}

void write_diagnostics(std::string& out, const Assessment& a, const Labels& l) {
  if (a.diagnostics.empty()) return;
  out += fmt::format("## {}\n\n", l.h_diag);
  std::vector<Row> rows;
  for (size_t i = 0; i < a.diagnostics.size(); ++i) {
    const Diagnostic& d = a.diagnostics[i];
    rows.push_back({std::to_string(i + 1), md_code(d.path),
                    d.line == 0 ? "—" : std::to_string(d.line), md_text(d.message)});
  }
  table(out,
        {std::string(l.c_num), std::string(l.c_file), std::string(l.c_line),
         std::string(l.c_message)},
        rows);
}

}  // namespace

namespace {

// Passes `out` to `sink` but for its trailing newlines, which the document's end trims.
void pass_finished(std::string& out, const std::function<void(std::string_view)>& sink) {
  const size_t keep = out.find_last_not_of('\n') + 1;  // npos + 1 == 0: all newlines
  if (keep == 0) return;
  sink(std::string_view(out).substr(0, keep));
  out.erase(0, keep);
}

}  // namespace

std::string render_markdown(const Assessment& a, Lang lang) {
  std::string out;
  render_markdown_to(a, lang, [&](std::string_view piece) { out += piece; });
  return out;
}

void render_markdown_to(const Assessment& a, Lang lang,
                        const std::function<void(std::string_view)>& sink, size_t piece_bytes) {
  const Labels& l = labels(lang);
  std::string out;
  const MdFlush flush = [&] {
    if (out.size() >= piece_bytes) pass_finished(out, sink);
  };
  const std::string project = a.project_name.empty() ? a.root : a.project_name;
  out += fmt::format("# {}{}\n\n", md_text(project), l.title_suffix);
  out += fill(l.generated_by,
              {{"version", ASCENDIFY_VERSION}, {"root", md_code(a.root, /*in_table=*/false)}});
  out += "\n\n";
  if (!a.hardware.id.empty()) {  // the profile the rules were read for (--hardware)
    const bool zh = lang == Lang::Zh;
    const std::string& name =
        zh && !a.hardware.name_zh.empty() ? a.hardware.name_zh : a.hardware.name;
    const std::string& summary =
        zh && !a.hardware.summary_zh.empty() ? a.hardware.summary_zh : a.hardware.summary;
    out += fill(l.hardware_fmt,
                {{"name", md_text(name)}, {"id", a.hardware.id}, {"summary", md_text(summary)}}) +
           "\n\n";
  }
  write_glance(out, a, lang);
  write_summary(out, a, l, lang);
  write_matrix(out, a, l);
  write_sets(out, a, l);
  write_domain_details(out, a, lang, flush);
  write_roadmap(out, a, l, lang);
  write_risk_matrix(out, a, l);
  write_diagnostics(out, a, l);
  // One newline at the end. What was passed on before ends with another character.
  while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n')
    out.pop_back();
  sink(out);
}

}  // namespace ascendify::render
