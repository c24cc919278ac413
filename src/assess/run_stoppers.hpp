#pragma once
// What stops the default run on an NPU: the findings marked Finding::stops_run (an assert or a
// raising branch on a CUDA check, an unguarded import of a package with no NPU build) in code
// the target phase requires (its findings carry the phase and are neither optional nor
// guarded). Fills Assessment::run_stoppers, in finding order.
#include "assess/assessment.hpp"

namespace ascendify::assess {

void find_run_stoppers(Assessment& a);

}  // namespace ascendify::assess
