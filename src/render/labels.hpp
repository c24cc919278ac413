#pragma once
// Fixed wording of the Markdown and terminal reports, in Chinese and English.
#include <array>
#include <string>
#include <string_view>

#include "assess/assessment.hpp"
#include "core/domain.hpp"
#include "render/render.hpp"

namespace ascendify::render {

struct Labels {
  std::string_view title_suffix;  // after the project name
  std::string_view generated_by;  // "{version}" "{root}" placeholders
  std::string_view h_summary, feasibility, effort, weeks, blockers, none, not_computed, scanned;
  std::string_view scanned_fmt;  // "{files}" "{findings}" "{diags}"
  std::string_view h_matrix, matrix_no_phase, all_files, needed, optional, days;
  std::string_view h_details, h_domain_fmt;  // "{n}" "{name}"
  std::array<std::string_view, 7> domain_names;
  std::string_view no_findings, one_finding, findings_fmt;  // "{n}"
  std::string_view h_roadmap, h_risk, h_diag;
  std::string_view auto_transfer, auto_fix, manual, info, guarded;
  std::array<std::string_view, 3> confidence;  // High, Medium, Low order
  // Column headers.
  std::string_view c_num, c_file, c_line, c_original, c_replacement, c_auto, c_confidence;
  std::string_view c_dependency, c_sites, c_effort, c_domain, c_findings, c_blockers_n;
  std::string_view c_package, c_version, c_classification, c_notes;
  std::string_view c_type, c_function, c_layout, c_risk;
  std::string_view c_purpose, c_called_in, c_operation, c_hccl, c_pattern, c_ascend;
  std::string_view c_cuda_pattern, c_message, c_rule;
  std::string_view backward_only, has_fallback;
  std::string_view manual_sites, auto_sites, fixable_sites, kernel_inventory, finding_list;
  std::string_view source, imported, not_imported, phases;
  std::string_view unknown_package;  // a dependency the knowledge base has no rule for
  std::string_view risk_low, risk_medium, risk_high;
  std::string_view hccl_supported, hccl_verify, hccl_uncertain;
  std::string_view more_fmt;  // "+{n} more"
  std::string_view step_effort, step_findings, step_rules;
  std::string_view rule_estimate_note;
  // Fields of the assess stage (docs/effort-model.md).
  std::string_view not_needed, matrix_legend, evidence, c_effort_weeks, environment, verification;
  std::string_view total;
  std::string_view unreached_fmt;  // "{n}" findings "{files}" files
  std::string_view hardware_fmt;   // "{name}" "{id}" "{summary}"
  // "{list}" "{checked}" "{supported}" "{unsupported}" "{ops}" (" (a, b)" or "") "{unknown}"
  std::string_view api_check_fmt;
  std::string_view unused_fmt;          // "{n}" findings "{defs}" definitions
  std::string_view backward_only_fmt;   // "{n}" findings
  std::string_view h_sets, sets_intro;  // "{phase}"
  std::string_view set_minimal, set_incremental, c_set, c_phase, c_kind, c_entry, c_files;
  std::string_view c_rules, c_dependencies, c_kernels;
  std::string_view h_unreached, unreached_note;
  std::string_view h_unused, unused_note;
  std::string_view more_blockers_fmt;  // "{n}": the blockers past the summary's first ones
  // Assessment::optional_blockers; the note on an optional finding (Finding::optional).
  std::string_view optional_blockers, optional_feature;
  // Assessment::run_stoppers: the summary opens with them.
  std::string_view run_stoppers;
  // The site taxonomy (Assessment::site_classes, SiteClass order) and its line's lead.
  std::string_view site_classes;
  std::array<std::string_view, kSiteClasses> class_names;
  // Effort breakdown rows; counterparts; the stated assumptions.
  std::string_view of_which_kernels, counterpart_row, counterpart, counterpart_is_fmt,
      counterpart_on_fmt, h_assumptions;
  // Task sub-phases: the table's lead ("{entry}" "{option}") and columns.
  std::string_view tasks_intro_fmt, c_task, default_task;
  std::string_view c_own_files_fmt;  // "{n}": the files every task runs
  std::string_view dev_tools;        // lead of the one-line list of development tools
  // The manager's view (md_glance.cpp): heading, class titles (SiteClass order), columns.
  std::string_view h_glance;
  std::array<std::string_view, kSiteClasses> glance_classes;
  std::string_view c_item, c_value, c_hours, c_first_site;
  std::string_view glance_sites_hours_fmt;  // "{n}" sites "{h}" hours
  std::string_view glance_more_fmt;         // "{n}" items past the first ten
  std::string_view glance_no_stoppers;
  std::string_view glance_fix_fmt;    // "{cmd}" "{fix}" "{transfer}"
  std::string_view glance_stops_fmt;  // "{n}" lines, "{t}" of them in "{phase}"
  // Detailed findings: the lead of a domain's import lines, the no-change appendix.
  std::string_view imports_lead, h_no_change, no_change_summary_fmt;  // "{n}" findings
  // The HTML report (html*.cpp): page frame, cards, charts, findings by file.
  std::string_view h_findings, nav_matrix, nav_findings, nav_kernels, nav_dependencies, nav_roadmap,
      nav_risks;
  std::string_view hardware_html_fmt;                       // "{name}" "{summary}"
  std::string_view not_assessed, effort_parts_fmt;          // "{env}" "{verif}"
  std::string_view kernels_part_fmt, counterpart_part_fmt;  // "{weeks}"
  std::string_view findings_sub_fmt;                        // "{blockers}" "{unreached}"
  std::string_view files_scanned, files_sub_fmt;            // "{diags}" "{suppressed}"
  std::string_view task_phases, target_fmt;                 // "{phase}"
  std::string_view h_stoppers, no_stoppers;
  std::string_view chart_domains, chart_effort, chart_heatmap, wk, not_reached, no_phases;
  std::array<std::string_view, 7> domain_short;  // heatmap columns
  std::string_view env_short, verif_short, counterpart_short;
  std::string_view h_tasks, tasks_note, c_effort_days;
  std::string_view filter_placeholder, filter_label, all_domains, any_confidence, any_class;
  std::string_view order_by, order_path, order_count, shown_fmt;  // "{shown}" "{total}"
  std::string_view c_class, c_phases, c_source, c_imported, c_name, c_file_line, c_loc, c_features,
      c_step, c_title, c_detail, c_status;
  std::array<std::string_view, kSiteClasses> class_short;
  std::string_view n_findings_fmt, one_finding_short;  // "{n}"
  std::string_view work_intro;
  std::string_view no_change_note, show_all;
  std::string_view no_kernels, no_deps, templated, yes, no;
  std::array<std::string_view, 4> dep_status;  // compatible, replace, unsupported, not-involved
  std::string_view footer;
  Lang lang = Lang::En;  // the language of these labels: which text of a finding to show
};

// The executive summary lists this many blockers; the rest are counted (the JSON report, the
// kernel inventory and the risk matrix have them all).
inline constexpr size_t kSummaryBlockers = 10;

const Labels& labels(Lang lang);

// "需适配 (needs adaptation)" in Chinese, "needs adaptation (需适配)" in English.
std::string feasibility_words(Feasibility f, Lang lang);

}  // namespace ascendify::render
