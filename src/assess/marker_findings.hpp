#pragma once
// Findings assess derives from what the program model sees (a call of a project wrapper, a call
// into the project's own CUDA extension, an entry point without its NPU start-up lines): a
// synthetic Reference fact named after a marker ("ascendify.wrapper.attention") that only the
// matching derived rule matches, so the rule's message, severity, effort and the file's
// suppressions apply as to any finding.
#include <string>
#include <string_view>
#include <vector>

#include "core/facts.hpp"
#include "core/finding.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

// A call-usage Reference named `marker` at (line, col), `width` columns wide. `shown`: what the
// finding's `match` names instead of the marker ("xentropy_cuda_lib", "torch==2.4.1").
Fact marker_fact(std::string marker, std::string_view scope, uint32_t line, uint32_t col,
                 uint32_t width, bool guarded, std::string shown = {});

// Matches `facts` (marker facts of file `sf`) through the rules; reads the file for snippets.
// Each finding's `match` is its marker's `shown` text when one was given.
std::vector<Finding> match_markers(const rules::RuleSet& rules, const ScannedFile& sf,
                                   std::vector<Fact> facts);

}  // namespace ascendify::assess
