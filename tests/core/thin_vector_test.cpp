// ThinVector (src/core/thin_vector.hpp): one pointer while empty, a std::vector's behaviour
// once filled; copies are deep and a cleared one holds nothing.
#include "core/thin_vector.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace ascendify {
namespace {

TEST(ThinVector, EmptyIsOnePointerAndIteratesNothing) {
  static_assert(sizeof(ThinVector<std::string>) == sizeof(void*));
  const ThinVector<std::string> v;
  EXPECT_TRUE(v.empty());
  EXPECT_EQ(v.size(), 0u);
  EXPECT_EQ(v.begin(), v.end());
  int seen = 0;
  for ([[maybe_unused]] const auto& s : v) ++seen;
  EXPECT_EQ(seen, 0);
  EXPECT_EQ(v, ThinVector<std::string>{});
}

TEST(ThinVector, FillsLikeAVector) {
  ThinVector<std::pair<uint32_t, std::string>> v;
  v.push_back({3, "nccl"});
  v.emplace_back(1, "cuda");
  const std::pair<uint32_t, std::string> more{7, "hccl"};
  v.push_back(more);
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v.front().second, "nccl");
  EXPECT_EQ(v.back().second, "hccl");
  EXPECT_EQ(v[1].first, 1u);
  std::sort(v.begin(), v.end());
  EXPECT_EQ(v[0].second, "cuda");
  v.pop_back();
  EXPECT_EQ(v.size(), 2u);
  const std::vector<std::string> tail = {"h", "i"};
  ThinVector<std::string> letters = {"a", "b", "e"};
  letters.insert(letters.begin() + 2, tail.begin(), tail.end());
  EXPECT_EQ(std::vector<std::string>(letters.begin(), letters.end()),
            (std::vector<std::string>{"a", "b", "h", "i", "e"}));
  ThinVector<std::string> none;
  none.insert(none.end(), tail.begin(), tail.end());
  EXPECT_EQ(none, (ThinVector<std::string>{"h", "i"}));
  none.reserve(0);
  none.assign(tail.begin(), tail.begin());
  EXPECT_TRUE(none.empty());
}

TEST(ThinVector, CopiesAreDeepAndMovesEmptyTheSource) {
  ThinVector<std::string> a = std::vector<std::string>{"flag_a", "flag_b"};
  ThinVector<std::string> b = a;
  b.push_back("flag_c");
  EXPECT_EQ(a.size(), 2u);
  EXPECT_EQ(b.size(), 3u);
  EXPECT_FALSE(a == b);
  a = b;
  EXPECT_EQ(a, b);
  const ThinVector<std::string>& same = a;
  a = same;  // self-assignment keeps the elements
  EXPECT_EQ(a.size(), 3u);
  ThinVector<std::string> moved = std::move(a);
  EXPECT_EQ(moved.size(), 3u);
  EXPECT_TRUE(a.empty());  // NOLINT(bugprone-use-after-move): a moved-from one is empty
  moved.clear();
  EXPECT_TRUE(moved.empty());
  EXPECT_EQ(moved.begin(), nullptr);  // cleared: nothing held
  moved.vec().push_back("made");      // a std::vector<T>& for code that fills one
  EXPECT_EQ(moved.size(), 1u);
  EXPECT_EQ(ThinVector<std::string>(std::vector<std::string>{}).begin(), nullptr);
}

}  // namespace
}  // namespace ascendify
