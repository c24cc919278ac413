#pragma once
// What `fix` does with each finding of a file before any edit is computed: edit it, leave it to
// transfer_to_npu, or list it as manual work with the reason. One finding at a time first
// (rule, safety, selection, file kind), then the device value groups of a Python file, which
// are edited whole or not at all (value_groups.hpp).
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "core/scanned_file.hpp"
#include "fix/fix.hpp"
#include "python/token.hpp"

namespace ascendify::fix::detail {

struct Decision {
  enum Kind { Candidate, Transfer, Manual } kind = Candidate;
  std::string reason;   // Transfer, Manual: why
  bool unsafe = false;  // Candidate: an unsafe fix, applied because of --unsafe-fixes
};

// The finding taken alone.
Decision standalone(const Finding& f, const ScannedFile& sf, const FixOptions& o);

// Overrules `decided` (parallel to `fs`) for the findings of one Python file's device value
// groups; returns the group of each finding, -1 for none. `text` and `tokens` are the file's.
std::vector<int> decide_groups(std::string_view text, const std::vector<python::Token>& tokens,
                               const ScannedFile& sf, const std::vector<const Finding*>& fs,
                               std::vector<Decision>& decided, const FixOptions& o);

// Line `line` (1-based) of `text`, trimmed and clipped, for reasons that quote code.
std::string quoted_line(std::string_view text, uint32_t line);

}  // namespace ascendify::fix::detail
