#pragma once
// The whole-project scan of `ascendify scan` without its reports: the rules loaded on a second
// thread while the tree is walked and its files analysed, the per-file filters (own packages,
// aggregation), then assess. `scan` renders the result; `lsp` keeps it for the project context
// of its diagnostics.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "assess/assessment.hpp"
#include "core/scanned_file.hpp"
#include "pipeline/scan.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::cli {

struct ProjectScanArgs {
  std::filesystem::path root;  // the folder scanned
  std::string root_label;      // the report's root: the path as the user gave it
  std::vector<std::string> rule_files;
  std::string hardware;  // a resolved profile id
  bool all_sites = false;
  std::vector<std::pair<std::string, std::vector<std::string>>> phases;  // --phase NAME=ENTRY,..
  std::string target_phase;                                              // --target
  bool verbose = false;  // say how many files came from the cache (options.cache)
};

struct ProjectScan {
  std::unique_ptr<rules::RuleSet> rules;  // the findings point into it: keep it alive
  ScannedFiles files;                     // sorted by rel_path
  Assessment assessment;
};

// `options` as the caller set them (discover, threads, progress, cache, ...); this sets the
// per-file filters. Problems of rule files are printed to stderr.
ProjectScan scan_project(const ProjectScanArgs& args, pipeline::ScanOptions options);

}  // namespace ascendify::cli
