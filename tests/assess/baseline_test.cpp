#include "assess/baseline.hpp"

#include <gtest/gtest.h>

using nlohmann::json;
using namespace ascendify::assess;

namespace {

json f(const char* rule, const char* domain, const char* path, int line, const char* snippet) {
  return {{"rule", rule}, {"domain", domain}, {"path", path}, {"line", line}, {"snippet", snippet}};
}

TEST(Baseline, FixedNewRemainingPerDomainRobustToLineShifts) {
  json old_r = {{"findings",
                 {f("device.sync", "device", "a.py", 10, "torch.cuda.synchronize()"),
                  f("device.sync", "device", "a.py", 20, "torch.cuda.synchronize()"),
                  f("attention.fa2", "attention", "m.py", 5, "flash_attn_func(q, k, v)"),
                  f("precision.f64", "precision", "r.py", 3, "x.double()")}}};
  json new_r = {{"findings",
                 {// both sync lines moved down by 7 lines, one is gone
                  f("device.sync", "device", "a.py", 17, "torch.cuda.synchronize()"),
                  // whitespace changed only
                  f("attention.fa2", "attention", "m.py", 9, "flash_attn_func(q,  k, v)  "),
                  f("distributed.nccl", "distributed", "d.py", 2, "backend=\"nccl\"")}}};
  const ReportDiff d = diff_reports(old_r, new_r);
  ASSERT_EQ(d.fixed.size(), 2u);  // one of the two syncs, and the double()
  EXPECT_EQ(d.added.size(), 1u);
  EXPECT_EQ(d.added[0]["rule"], "distributed.nccl");
  EXPECT_EQ(d.remaining.size(), 2u);
  auto dom = [&](const std::string& name) {
    for (const auto& x : d.per_domain)
      if (x.domain == name) return x;
    return DomainDiff{};
  };
  EXPECT_EQ(d.per_domain.size(), 7u);
  EXPECT_EQ(dom("device").fixed, 1u);
  EXPECT_EQ(dom("device").remaining, 1u);
  EXPECT_EQ(dom("attention").remaining, 1u);
  EXPECT_EQ(dom("precision").fixed, 1u);
  EXPECT_EQ(dom("distributed").added, 1u);
  EXPECT_EQ(new_in_report(old_r, new_r), (std::vector<bool>{false, false, true}));
  const json j = diff_to_json(d);
  EXPECT_EQ(j["summary"]["fixed"], 2);
  EXPECT_EQ(j["summary"]["new"], 1);
  EXPECT_EQ(j["summary"]["remaining"], 2);
}

TEST(Baseline, IdentityIgnoresLineButNotPath) {
  EXPECT_EQ(finding_identity(f("r", "device", "a.py", 1, "x()")),
            finding_identity(f("r", "device", "a.py", 99, " x() ")));
  EXPECT_NE(finding_identity(f("r", "device", "a.py", 1, "x()")),
            finding_identity(f("r", "device", "b.py", 1, "x()")));
}

TEST(Baseline, MalformedReportsAreEmpty) {
  const ReportDiff d = diff_reports(json::array(), json{{"findings", 3}});
  EXPECT_TRUE(d.fixed.empty());
  EXPECT_TRUE(d.added.empty());
  const ReportDiff e =
      diff_reports(json::object(), json{{"findings", {1, f("r", "x", "p", 1, "")}}});
  ASSERT_EQ(e.added.size(), 1u);
  EXPECT_EQ(e.per_domain.back().domain, "x");  // unknown domains appended
}

}  // namespace
