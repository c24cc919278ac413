#include "core/rule.hpp"

#include "core/enum_names.hpp"

namespace ascendify {

std::string_view to_string(AutofixKind k) {
  switch (k) {
    case AutofixKind::Rename:
      return "rename";
    case AutofixKind::RenameMethod:
      return "rename-method";
    case AutofixKind::ReplaceString:
      return "replace-string";
    case AutofixKind::RenameEnv:
      return "rename-env";
  }
  return "rename";
}

std::optional<AutofixKind> autofix_kind(std::string_view name) {
  return enum_named<AutofixKind>(name, kAutofixKindCount);
}

std::string_view to_string(DependencyStatus s) {
  switch (s) {
    case DependencyStatus::None:
      return "";
    case DependencyStatus::Compatible:
      return "compatible";
    case DependencyStatus::Replace:
      return "replace";
    case DependencyStatus::Unsupported:
      return "unsupported";
    case DependencyStatus::NotInvolved:
      return "not-involved";
  }
  return "";
}

std::optional<DependencyStatus> dependency_status(std::string_view name) {
  return enum_named<DependencyStatus>(name, kDependencyStatusCount, 1);  // None has no name
}

ManualReason manual_reason(const Rule& rule, bool inline_python, bool beside_npu) {
  if (!rule.autofix) return ManualReason::NoAutofix;
  if (inline_python) return ManualReason::InlinePython;
  if (beside_npu) return ManualReason::BesideNpu;
  if (rule.confidence != Confidence::High) return ManualReason::LowConfidence;
  return ManualReason::None;
}

}  // namespace ascendify
