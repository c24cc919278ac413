#pragma once
#include <set>
#include <string>
// Calls through the project's own CUDA wrappers. A unit of the program model (a module-level
// function, or a class whose `__init__` / `forward` / `__call__` holds it) is a wrapper when it
// calls a CUDA-only facility (a rule tagged `wrapper-facility`: flash-attn / xformers / sage /
// flashinfer calls, CUDA JIT kernels, Torch-TensorRT, the project's own compiled CUDA extension)
// with no fallback: not guarded, not beside an NPU branch, not behind a flag that is off by
// default; or when it calls another wrapper. Every call of a wrapper (by its name in the file,
// through an absolute or relative import, a re-export, `Cls(...)` or `Fn.apply(...)`) is a
// finding of `<domain>.via-wrapper` naming the wrapper and the facility underneath: the
// engineer sees how far the facility spreads, and the effort counts the port once (the rule's
// cost per call is the review of the call site). Calls on instances (`self.attn(x)`) cannot be
// followed: the instantiation is the call site reported.
#include <vector>

#include "assess/program_model.hpp"
#include "core/finding.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

// `findings`: the scan's findings, sorted (path, line, ...). `external_modules`: the compiled
// modules built elsewhere (external_extensions.hpp). Returns, sorted, the calls into the
// project's own compiled extensions (custom_op.own-extension-call) and into external ones
// (custom_op.external-extension-call), and the call-site findings.
std::vector<Finding> wrapper_call_findings(
    const ScannedFiles& files, const ProgramModel& program, const std::vector<Finding>& findings,
    const rules::RuleSet& rules, const std::set<std::string, std::less<>>& external_modules);

}  // namespace ascendify::assess
