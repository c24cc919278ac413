#pragma once
// `--fail-on LEVEL`: does the scan's outcome reach LEVEL (exit status 1)? Header-only, as
// split.hpp, so that tests/cli checks it without the command's sources.
#include <string_view>

#include "assess/assessment.hpp"

namespace ascendify::cli {

// blocker: a site that stops the default run on an NPU, or a finding of a rule of severity
//          blocker (no NPU path: a CUDA kernel, a CUDA-only build);
// manual:  those, or any finding that needs a change transfer_to_npu does not make
//          (severity manual or blocker, not covered by transfer_to_npu);
// any:     any finding.
inline bool reaches_fail_level(const Finding& f, std::string_view level) {
  const bool blocker = f.site_class == SiteClass::StopsRun || f.severity == Severity::Blocker;
  if (level == "blocker") return blocker;
  if (level == "manual")
    return blocker || (f.severity != Severity::Info && !f.auto_by_transfer_to_npu);
  return level == "any";
}

inline bool reaches_fail_level(const Assessment& a, std::string_view level) {
  for (const auto& f : a.findings)
    if (reaches_fail_level(f, level)) return true;
  return false;
}

}  // namespace ascendify::cli
