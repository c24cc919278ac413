#pragma once
// What kind of kernel-like unit a KernelFact / KernelRow is. Closed: each front end produces
// one kind; the model (rules/model/effort.yaml, kernels.yaml, feasibility.yaml) keys its
// tables by the names to_string gives, which the reports show.
#include <cstdint>
#include <optional>
#include <string_view>

namespace ascendify {

enum class KernelKind : uint8_t {
  Cuda,               // a CUDA __global__ function (native front end)
  Triton,             // a @triton.jit function (python front end)
  AutogradFunction,   // a torch.autograd.Function subclass (python front end)
  ExtensionBuild,     // a CUDAExtension / CppExtension setup.py builds (manifest front end)
  ExternalExtension,  // a compiled extension imported but built elsewhere (assess)
  CuteDsl,            // a @cute.kernel function (CUTLASS CuTe DSL; python front end)
  TileLang,           // a @T.prim_func function (TileLang; python front end)
  NumbaCuda,          // a @numba.cuda.jit function (python front end)
};
inline constexpr uint8_t kKernelKindCount = 8;
static_assert(static_cast<uint8_t>(KernelKind::NumbaCuda) + 1 == kKernelKindCount);

std::string_view to_string(KernelKind k);
// The kind named `name` (to_string's spelling), if any.
std::optional<KernelKind> kernel_kind(std::string_view name);

}  // namespace ascendify
