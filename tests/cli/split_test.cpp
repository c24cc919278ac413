#include "cli/split.hpp"

#include <gtest/gtest.h>

using ascendify::cli::split_commas;
using V = std::vector<std::string>;

TEST(SplitCommas, DropsEmptyItemsAndKeepsOrder) {
  EXPECT_EQ(split_commas("md,json"), (V{"md", "json"}));
  EXPECT_EQ(split_commas(",a,,b,"), (V{"a", "b"}));
  EXPECT_EQ(split_commas(""), V{});
  EXPECT_EQ(split_commas("train.py"), V{"train.py"});
}
