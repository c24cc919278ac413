// group_by_key: each key's items in item order, empty keys with empty ranges, no items at all.
#include "core/group_by_key.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace ascendify {
namespace {

std::vector<uint32_t> group(const KeyGroups& g, size_t k) {
  return std::vector<uint32_t>(g.order.begin() + g.starts[k], g.order.begin() + g.starts[k + 1]);
}

TEST(GroupByKey, ItemsInOrderWithinEachKey) {
  const std::vector<int> keys = {3, 0, 3, 1, 0, 3};  // key 2 has none, key 4 has none
  KeyGroups g;
  group_by_key(
      5, keys.size(), [&](size_t i) { return keys[i]; }, g);
  ASSERT_EQ(g.starts.size(), 6u);
  EXPECT_EQ(group(g, 0), (std::vector<uint32_t>{1, 4}));
  EXPECT_EQ(group(g, 1), (std::vector<uint32_t>{3}));
  EXPECT_TRUE(group(g, 2).empty());
  EXPECT_EQ(group(g, 3), (std::vector<uint32_t>{0, 2, 5}));
  EXPECT_TRUE(group(g, 4).empty());
  EXPECT_EQ(g.starts.back(), keys.size());
}

TEST(GroupByKey, ReusedBuffersAndNoItems) {
  KeyGroups g;
  group_by_key(
      3, 4, [](size_t i) { return 2 - i % 3; }, g);  // keys 2, 1, 0, 2
  EXPECT_EQ(group(g, 2), (std::vector<uint32_t>{0, 3}));
  group_by_key(
      2, 0, [](size_t) { return 0; }, g);  // the same buffers, nothing to group
  EXPECT_EQ(g.starts, (std::vector<uint32_t>{0, 0, 0}));
  EXPECT_TRUE(g.order.empty());
}

}  // namespace
}  // namespace ascendify
