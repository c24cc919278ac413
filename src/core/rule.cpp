#include "core/rule.hpp"

#include "core/enum_names.hpp"

namespace ascendify {

namespace {
constexpr std::array<std::string_view, kAutofixKindCount> kAutofixKindNames = {
    "rename", "rename-method", "replace-string", "rename-env"};
constexpr std::array<std::string_view, kDependencyStatusCount> kDependencyStatusNames = {
    "", "compatible", "replace", "unsupported", "not-involved"};
}  // namespace

std::string_view to_string(AutofixKind k) {
  return kAutofixKindNames[static_cast<size_t>(k)];
}

std::optional<AutofixKind> autofix_kind(std::string_view name) {
  return parse_enum<AutofixKind>(name, kAutofixKindNames);
}

std::string_view to_string(DependencyStatus s) {
  return kDependencyStatusNames[static_cast<size_t>(s)];
}

std::optional<DependencyStatus> dependency_status(std::string_view name) {
  return parse_enum<DependencyStatus>(name, kDependencyStatusNames, 1);  // None has no name
}

ManualReason manual_reason(const Rule& rule, bool inline_python, bool beside_npu) {
  if (!rule.autofix) return ManualReason::NoAutofix;
  if (inline_python) return ManualReason::InlinePython;
  if (beside_npu) return ManualReason::BesideNpu;
  if (rule.confidence != Confidence::High) return ManualReason::LowConfidence;
  return ManualReason::None;
}

}  // namespace ascendify
