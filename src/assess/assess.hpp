#pragma once
#include <string>
#include <vector>

#include "assess/assessment.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

struct Input {
  std::string root;  // as given by the user
  const std::vector<ScannedFile>* files = nullptr;
  std::vector<Finding> findings;  // sorted
  std::vector<Diagnostic> diagnostics;
  ScanStats stats;
};

struct Options {
  std::vector<std::pair<std::string, std::vector<std::string>>> phases;  // --phase overrides
  std::string target_phase;
};

// Findings + facts -> Assessment (counts, dependency matrix, kernel inventory, ...).
Assessment assess(Input input, const rules::RuleSet& rules, const Options& options);

}  // namespace ascendify::assess
