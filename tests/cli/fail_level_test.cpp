#include "cli/fail_level.hpp"

#include <gtest/gtest.h>

namespace ascendify::cli {
namespace {

Finding finding(SiteClass c, Severity s, bool by_transfer = false) {
  Finding f;
  f.rule_id = "x.y";
  f.site_class = c;
  f.severity = s;
  f.auto_by_transfer_to_npu = by_transfer;
  return f;
}

TEST(FailLevel, BlockerIsWhatStopsTheRunOrHasNoNpuPath) {
  // `import flash_attn` at module level of an entry point: rule severity manual, but the
  // default run stops there.
  EXPECT_TRUE(reaches_fail_level(finding(SiteClass::StopsRun, Severity::Manual), "blocker"));
  // A CUDA kernel (rule severity blocker) that must be adapted.
  EXPECT_TRUE(reaches_fail_level(finding(SiteClass::MustAdapt, Severity::Blocker), "blocker"));
  EXPECT_FALSE(reaches_fail_level(finding(SiteClass::MustAdapt, Severity::Manual), "blocker"));
  EXPECT_FALSE(reaches_fail_level(finding(SiteClass::Mechanical, Severity::Manual), "blocker"));
}

TEST(FailLevel, ManualIncludesBlockersAndSkipsWhatTransferToNpuCovers) {
  EXPECT_TRUE(reaches_fail_level(finding(SiteClass::MustAdapt, Severity::Manual), "manual"));
  EXPECT_TRUE(reaches_fail_level(finding(SiteClass::StopsRun, Severity::Manual, true), "manual"));
  EXPECT_TRUE(reaches_fail_level(finding(SiteClass::MustAdapt, Severity::Blocker, true), "manual"));
  EXPECT_FALSE(
      reaches_fail_level(finding(SiteClass::Mechanical, Severity::Manual, true), "manual"));
  EXPECT_FALSE(reaches_fail_level(finding(SiteClass::NoChange, Severity::Info), "manual"));
}

TEST(FailLevel, AnyIsAnyFindingAndAnEmptyScanPasses) {
  EXPECT_TRUE(reaches_fail_level(finding(SiteClass::NoChange, Severity::Info), "any"));
  Assessment a;
  EXPECT_FALSE(reaches_fail_level(a, "any"));
  a.findings.push_back(finding(SiteClass::Tuning, Severity::Info));
  EXPECT_TRUE(reaches_fail_level(a, "any"));
  EXPECT_FALSE(reaches_fail_level(a, "manual"));
  a.findings.push_back(finding(SiteClass::StopsRun, Severity::Manual));
  EXPECT_TRUE(reaches_fail_level(a, "blocker"));
}

}  // namespace
}  // namespace ascendify::cli
