#include "core/kernel_kind.hpp"

namespace ascendify {

std::string_view to_string(KernelKind k) {
  switch (k) {
    case KernelKind::Cuda: return "cuda";
    case KernelKind::Triton: return "triton";
    case KernelKind::AutogradFunction: return "autograd-function";
    case KernelKind::ExtensionBuild: return "extension-build";
    case KernelKind::ExternalExtension: return "external-extension";
    case KernelKind::CuteDsl: return "cute-dsl";
    case KernelKind::TileLang: return "tilelang";
    case KernelKind::NumbaCuda: return "numba-cuda";
  }
  return "cuda";
}

std::optional<KernelKind> kernel_kind(std::string_view name) {
  for (uint8_t i = 0; i < kKernelKindCount; ++i)
    if (to_string(static_cast<KernelKind>(i)) == name) return static_cast<KernelKind>(i);
  return std::nullopt;
}

}  // namespace ascendify
