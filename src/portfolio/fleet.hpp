#pragma once
// `ascendify portfolio`: many JSON reports (ascendify.report/1) -> one fleet summary. The
// reports are read as data (never the repositories again); everything the summary says is
// sorted by content, never by the order the reports came in, so that the reports of shards
// summarise to the same bytes as the reports of one run.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ascendify::portfolio {

inline constexpr const char* kReportSchema = "ascendify.report/1";
inline constexpr const char* kPortfolioSchema = "ascendify.portfolio/1";

struct Weeks {
  double low = 0;
  double high = 0;
};

struct PhaseWeeks {
  std::string kind;  // inference, training, ... (the phase's kind, not its project name)
  Weeks weeks;
};

// One repository, as its report describes it.
struct RepoReport {
  std::string project;
  std::string root;  // as it was scanned
  std::string feasibility;
  std::string hardware;
  Weeks weeks;
  std::map<std::string, int> site_classes;  // stops-run, must-adapt, mechanical, ...
  int findings = 0;
  int diagnostics = 0;
  std::vector<PhaseWeeks> phases;
  std::map<std::string, int> stop_rules;              // rule id -> sites that stop the run
  std::map<std::string, int> adapt_rules;             // rule id -> must-adapt sites
  std::map<std::string, std::string> replacement_of;  // rule id -> the report's replacement
  struct Dependency {
    std::string name, status, replacement, rule;
  };
  std::vector<Dependency> dependencies;  // the ones that need work (replace, unsupported, ...)
  // The counterpart the project is adopted as (Megatron-LM -> MindSpeed), "" for a port: its
  // sites are those of a line-by-line port nobody does, so they are not the fleet's work.
  std::string adopted_as;
};

// An entry of a batch index that has no report.
struct NotScanned {
  std::string repo;
  std::string reason;
};

// A rule or package seen across the fleet.
struct Recurring {
  std::string key;                 // rule id, or package name
  std::vector<std::string> repos;  // project names, sorted
  int sites = 0;
  std::string replacement;
  std::string status;  // dependencies: the statuses seen, joined
  std::string rule;    // dependencies: the rule that names the package
};

struct Fleet {
  std::vector<RepoReport> repos;        // sorted by project, then root
  std::vector<NotScanned> not_scanned;  // sorted by repo
  std::map<std::string, int> by_verdict;
  std::map<std::string, Weeks> weeks_by_verdict;
  Weeks total;
  std::map<std::string, std::pair<int, Weeks>> by_phase_kind;  // kind -> repos, weeks
  std::vector<Recurring> run_stoppers;                         // most repositories first
  std::vector<Recurring> must_adapt;
  std::vector<Recurring> dependencies;
};

// A report's text -> its summary; nullopt with a one-line reason (another schema version,
// not a report, malformed JSON).
std::optional<RepoReport> load_report(const std::string& text, std::string& error);

// The replacement of a rule in a language, from the knowledge base ("" when unknown).
using ReplacementOf = std::function<std::string(const std::string& rule, const std::string& lang)>;

Fleet summarise(std::vector<RepoReport> repos, std::vector<NotScanned> not_scanned);

std::string render_json(const Fleet& fleet);
std::string render_markdown(const Fleet& fleet, const std::string& lang,
                            const ReplacementOf& replacement_of);
std::string render_html(const Fleet& fleet, const std::string& lang,
                        const ReplacementOf& replacement_of);

}  // namespace ascendify::portfolio
