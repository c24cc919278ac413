#pragma once
// Calls through the project's own CUDA wrappers. A module-level function is a wrapper when its
// body (nested functions included) calls a CUDA-only facility (a rule tagged
// `wrapper-facility`: flash-attn / xformers / sage / flashinfer calls, CUDA JIT kernels,
// Torch-TensorRT) with no fallback: not guarded, not beside an NPU branch, not behind a flag
// that is off by default; or when it calls another wrapper. Every call of a wrapper (the same
// file, an absolute `from pkg.attn import flash_attention`, or a relative `from .attn import ...`)
// is a finding of
// `<domain>.via-wrapper` naming the wrapper and the facility underneath: the engineer sees how
// far the facility spreads, and the effort counts the port once (the rule's cost per call is
// the review of the call site). Not followed yet: methods (`self.attn(...)`), classes,
// functools.partial, dispatch dicts.
#include <vector>

#include "assess/import_graph.hpp"
#include "core/finding.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

// `findings`: the scan's findings, sorted (path, line, ...). Returns the call-site findings,
// sorted. `drop` as for match::match_file.
std::vector<Finding> wrapper_call_findings(const std::vector<ScannedFile>& files,
                                           const ImportGraph& graph,
                                           const std::vector<Finding>& findings,
                                           const rules::RuleSet& rules);

}  // namespace ascendify::assess
