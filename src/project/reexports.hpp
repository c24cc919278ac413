#pragma once
// Uses of a name that a project module re-exports: mochi's attn_imports.py does
// `from flash_attn import flash_attn_varlen_func as flash_varlen_attn`, and the model calls
// `flash_varlen_attn(...)` after `from genmo.lib.attn_imports import flash_varlen_attn`. The
// analyzer resolves that call to genmo.lib.attn_imports.flash_varlen_attn, a project name; this
// pass follows it into the module and matches the use again as flash_attn.flash_attn_varlen_func.
#include <vector>

#include "assess/import_graph.hpp"
#include "core/finding.hpp"
#include "core/scanned_file.hpp"
#include "match/matcher.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::project {

// The findings of the re-exported uses of `files` (absolute imports of a project module's
// import-bound names, followed through up to four modules), sorted. A use is guarded when the
// re-exporting import is. `drop` (optional): the scan's per-hit filter.
std::vector<Finding> reexported_findings(const ScannedFiles& files,
                                         const assess::ImportGraph& graph,
                                         const rules::RuleSet& rules, const match::DropHit* drop);

}  // namespace ascendify::project
