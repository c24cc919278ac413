#include "project/aggregate.hpp"

#include <gtest/gtest.h>

#include "core/rule.hpp"

using namespace ascendify;

TEST(Aggregate, OneFindingPerRuleAndFileWithSiteCount) {
  Rule agg, plain;
  agg.id = "custom_op.triton-language";
  agg.aggregate_per_file = true;
  plain.id = "device.cuda-empty-cache";
  auto f = [](const Rule& r, const std::string& path, uint32_t line) {
    Finding x;
    x.rule = &r;
    x.rule_id = r.id;
    x.path = path;
    x.span.line = line;
    x.message = "m";
    return x;
  };
  std::vector<Finding> fs = {f(agg, "a.py", 3), f(plain, "a.py", 4),  f(agg, "a.py", 5),
                             f(agg, "a.py", 9), f(plain, "a.py", 10), f(agg, "b.py", 1)};
  EXPECT_EQ(project::aggregate_per_file(fs), 2u);
  ASSERT_EQ(fs.size(), 4u);
  EXPECT_EQ(fs[0].span.line, 3u);
  EXPECT_EQ(fs[0].sites, 3u);
  EXPECT_EQ(fs[0].message, "m (3 sites in this file)");
  EXPECT_EQ(fs[1].rule_id, "device.cuda-empty-cache");
  EXPECT_EQ(fs[2].span.line, 10u);
  EXPECT_EQ(fs[3].path, "b.py");
  EXPECT_EQ(fs[3].sites, 1u);
  EXPECT_EQ(fs[3].message, "m");
}
