#pragma once
// The kernel inventory with the phases that reach each kernel. A kernel whose every use sits
// in a backward (a `backward` method/function, or a KernelFact marked backward_only) counts
// for the phases that run a backward (training) only.
#include <vector>

#include "assess/assessment.hpp"
#include "assess/phases.hpp"
#include "core/scanned_file.hpp"

namespace ascendify::assess {

// Kernel rows in file order; `phases` filled from the phase map (empty when it has none).
std::vector<KernelRow> kernel_rows(const std::vector<ScannedFile>& files, const PhaseMap& pm);

// Index into `kernels` of the kernel a finding at (path, line, scope) lies in, or -1.
int kernel_of(const std::vector<KernelRow>& kernels, const std::vector<ScannedFile>& files,
              const Finding& f);

}  // namespace ascendify::assess
