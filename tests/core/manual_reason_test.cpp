// manual_reason: the matcher's decision of why a hit is no edit `fix` makes by default, which
// fix reads from Finding::manual instead of deciding again.
#include <gtest/gtest.h>

#include "core/rule.hpp"

namespace ascendify {
namespace {

Rule with_fix(Confidence c) {
  Rule r;
  r.id = "device.x";
  r.confidence = c;
  r.autofix = Autofix{AutofixKind::Rename, "torch.npu.", true, true, false, ""};
  return r;
}

TEST(ManualReason, InTheMatchersOrder) {
  Rule none;
  none.confidence = Confidence::High;
  EXPECT_EQ(manual_reason(none, true, true), ManualReason::NoAutofix);  // no fix: first
  const Rule high = with_fix(Confidence::High);
  EXPECT_EQ(manual_reason(high, false, false), ManualReason::None);
  EXPECT_EQ(manual_reason(high, true, true), ManualReason::InlinePython);
  EXPECT_EQ(manual_reason(high, false, true), ManualReason::BesideNpu);
  const Rule medium = with_fix(Confidence::Medium);
  EXPECT_EQ(manual_reason(medium, false, false), ManualReason::LowConfidence);
  EXPECT_EQ(manual_reason(medium, false, true), ManualReason::BesideNpu);
}

TEST(ManualReason, NamesRoundTrip) {
  for (uint8_t i = 0; i < kAutofixKindCount; ++i) {
    const auto k = static_cast<AutofixKind>(i);
    EXPECT_EQ(autofix_kind(to_string(k)), k);
  }
  EXPECT_EQ(autofix_kind("rename_method"), std::nullopt);
  for (uint8_t i = 1; i < kDependencyStatusCount; ++i) {
    const auto s = static_cast<DependencyStatus>(i);
    EXPECT_EQ(dependency_status(to_string(s)), s);
  }
  EXPECT_EQ(dependency_status(""), std::nullopt);  // None is no status a rule can name
  for (uint8_t i = 0; i < kKernelKindCount; ++i) {
    const auto k = static_cast<KernelKind>(i);
    EXPECT_EQ(kernel_kind(to_string(k)), k);
  }
}

}  // namespace
}  // namespace ascendify
