#pragma once
// The kernel inventory with the phases that reach each kernel. A kernel whose every use sits
// in a backward (a `backward` method/function, or a KernelFact marked backward_only) counts
// for the phases that run a backward (training) only.
#include <vector>

#include "assess/assessment.hpp"
#include "assess/kernel_fallback.hpp"
#include "assess/kernel_links.hpp"
#include "assess/phases.hpp"
#include "assess/program_model.hpp"
#include "core/scanned_file.hpp"

namespace ascendify::assess {

// Kernel rows in file order; `phases` filled from the phase map (empty when it has none).
// What kernel rows need beyond phases: callers and fallbacks. Independent of the phase map, so
// assess computes it while the import graph and phases are built.
struct KernelEvidence {
  std::vector<KernelLinks> links;
  FallbackIndex fallbacks;
};
KernelEvidence kernel_evidence(const ScannedFiles& files);

// `program` (optional): a Python kernel (Triton, autograd.Function) takes the reach of its
// unit — unused when nothing the phase runs launches it, optional when only flagged code does.
std::vector<KernelRow> kernel_rows(const ScannedFiles& files, const PhaseMap& pm,
                                   const KernelEvidence& evidence,
                                   const ProgramModel* program = nullptr);

// Index into `kernels` of the kernel a finding at (path, line, scope) lies in, or -1.
// The kernel row a finding lies in, or -1; `same_file` = indexes of the rows of the finding's
// file, in row order.
int kernel_of(const std::vector<KernelRow>& kernels, const std::vector<size_t>& same_file,
              const Finding& f);

}  // namespace ascendify::assess
