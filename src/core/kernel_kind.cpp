#include "core/kernel_kind.hpp"

#include "core/enum_names.hpp"

namespace ascendify {

namespace {
constexpr std::array<std::string_view, kKernelKindCount> kKernelKindNames = {
    "cuda",     "triton",   "autograd-function", "extension-build", "external-extension",
    "cute-dsl", "tilelang", "numba-cuda"};
}  // namespace

std::string_view to_string(KernelKind k) {
  return kKernelKindNames[static_cast<size_t>(k)];
}

std::optional<KernelKind> kernel_kind(std::string_view name) {
  return parse_enum<KernelKind>(name, kKernelKindNames);
}

}  // namespace ascendify
