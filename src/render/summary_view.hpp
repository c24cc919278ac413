#pragma once
// The manager's view that opens every report (Markdown section, HTML card, terminal): the
// verdict, what stops the run (file:line), the work to adapt by hand, the mechanical work with
// the `fix` command that does it, the tuning, and the assumptions, in one language. Plain
// (unescaped) data; each renderer escapes it.
#include <array>
#include <string>
#include <vector>

#include "assess/assessment.hpp"
#include "render/render.hpp"

namespace ascendify::render {

// The findings of one rule in one class, as one line of work.
struct WorkItem {
  std::string rule_id;
  std::vector<std::string> patterns;  // distinct matched texts, first seen first
  std::string action;                 // what to do: the replacement, else the message
  uint32_t sites = 0;
  double hours = 0;   // the knowledge base's estimate for these sites
  std::string first;  // "path:line" of the first site
};

struct StopSite {
  std::string where;    // "path:line"
  std::string why;      // the reason
  std::string snippet;  // the source line
  std::vector<std::string> phases;
  bool in_target = false;  // in the target phase (the minimal migration set)
};

struct SummaryView {
  bool assessed = false;
  std::string verdict;  // feasibility words ("需适配 (needs adaptation)")
  EffortRange effort;
  std::vector<StopSite> run_stoppers;  // every phase's, in report order
  std::string target_phase;            // Assessment::target_phase
  size_t stoppers_in_target = 0;
  // Sites per class in the code the phases require (Assessment::site_classes order) and the
  // work items of the classes the summary names, most hours first, then by rule id.
  std::array<uint32_t, kSiteClasses> sites{};
  // must_adapt holds the sites that stop the run too: both are changed by hand (the verdict's
  // hours count both), and the run-stoppers are also listed apart.
  std::vector<WorkItem> must_adapt, mechanical, tuning;
  uint32_t adapt_sites = 0;             // sites of must_adapt
  double adapt_hours = 0;               // hours of must_adapt (the knowledge base's estimate)
  uint32_t mechanical_by_fix = 0;       // sites `ascendify fix` rewrites by default
  uint32_t mechanical_by_transfer = 0;  // sites transfer_to_npu covers once imported
  std::string fix_command;              // "ascendify fix ROOT --transfer-to-npu --apply"
  std::vector<std::string> assumptions;
};

// The command that makes the mechanical edits of the scan of `root` ("" = ".").
std::string fix_command(const std::string& root);

// Hours as the summaries write them: one decimal below ten ("2.5"), whole above ("144").
std::string hours_text(double h);

// `path` as one shell word: quoted when a shell would split or expand it, "./" before a '-'.
std::string shell_word(const std::string& path);

// A finding the phases require: reached, not optional, not guarded (assess/taxonomy.hpp).
bool required_site(const Finding& f);

SummaryView summary_view(const Assessment& a, Lang lang);

}  // namespace ascendify::render
