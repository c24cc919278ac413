#pragma once
// Who calls each kernel: Triton launch sites (`kernel[grid](...)`, resolved to the kernel of
// the same file or of the module the name is imported from), CUDA kernels reached through
// their extension module (setup.py extension name / PYBIND11 binding alias -> Python calls of
// the bound ops -> kernels of the extension's sources), autograd.Function uses (`Fn.apply`);
// and whether every use sits in a backward.
#include <string>
#include <utility>
#include <vector>

#include "core/scanned_file.hpp"

namespace ascendify::assess {

struct KernelLinks {
  std::vector<std::string> callers;      // "path:line", sorted, at most kMaxCallers
  std::vector<std::string> caller_dirs;  // directories of the Python callers
  uint32_t uses = 0;                     // uses that decide backward-only
  uint32_t backward_uses = 0;
  std::vector<std::string> launch_features;  // "num_warps:4,8" from Triton launch options
};

constexpr size_t kMaxCallers = 20;

// One entry per KernelFact, files in order, kernels in file order.
//
// A use is backward when its scope contains "backward", or when the function holding it is
// called only from backward code (autograd `backward:` calls, calls from scopes containing
// "backward" or named *bwd*), or — no caller known — when that function is named *bwd* /
// *backward*. CUDA kernels: the Python call sites of the ops bound for their extension decide;
// a kernel named *fwd* / *bwd* only counts the ops named alike when the extension has such ops.
std::vector<KernelLinks> link_kernels(const ScannedFiles& files);

}  // namespace ascendify::assess
