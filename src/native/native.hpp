#pragma once
// C/C++/CUDA front end: a light tokenizer (comments, string/char/raw-string literals,
// preprocessor lines) and a flat scan for CUDA facts. Pure, never throws, no recursion.
#include <string_view>

#include "core/facts.hpp"

namespace ascendify::native {

// Facts (kind Native; name = symbol; detail = category):
//   include      `#include <cub/cub.cuh>` -> "cub/cub.cuh" (every include)
//   kernel       `__global__` function definitions (+ a KernelFact kind "cuda": span of the
//                signature, loc = lines holding code from `{` to `}` inclusive, templated,
//                sorted features, also those of `__device__` functions it calls)
//   launch       `name<<<...>>>(` -> kernel name
//   intrinsic    `__shfl_xor_sync(`, `__syncthreads(`, `atomicAdd(`, `__ldg(`, ...
//   runtime-api  `cudaMalloc(`, `cuLaunchKernel(`, `cublasSgemm(`, `ncclAllReduce(`
//   aten-api     qualified `at::cuda::...`, `c10::cuda::...`, `...::kCUDA`
//   macro        `C10_CUDA_CHECK(`, `AT_CUDA_CHECK(`, `AT_DISPATCH_*`, `__CUDA_ARCH__`
//   inline-asm   `asm` / `asm volatile` / `__asm__` (name "asm")
//   type         `__half`, `__nv_bfloat16`, `half2`, `cudaStream_t`, ... (once per line)
//   binding      `m.def("op")` in PYBIND11_MODULE(mod, m) (alias = mod);
//                TORCH_LIBRARY(ns, m) `m.def("op(...)")` (alias = ns);
//                TORCH_LIBRARY_IMPL(ns, CUDA, m) `m.impl("op")` (alias = ns, receiver = CUDA)
FileFacts analyze(std::string_view text, std::string_view path);

}  // namespace ascendify::native
