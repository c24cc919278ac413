#include "core/kernel_kind.hpp"

#include "core/enum_names.hpp"

namespace ascendify {

std::string_view to_string(KernelKind k) {
  switch (k) {
    case KernelKind::Cuda:
      return "cuda";
    case KernelKind::Triton:
      return "triton";
    case KernelKind::AutogradFunction:
      return "autograd-function";
    case KernelKind::ExtensionBuild:
      return "extension-build";
    case KernelKind::ExternalExtension:
      return "external-extension";
    case KernelKind::CuteDsl:
      return "cute-dsl";
    case KernelKind::TileLang:
      return "tilelang";
    case KernelKind::NumbaCuda:
      return "numba-cuda";
  }
  return "cuda";
}

std::optional<KernelKind> kernel_kind(std::string_view name) {
  return enum_named<KernelKind>(name, kKernelKindCount);
}

}  // namespace ascendify
