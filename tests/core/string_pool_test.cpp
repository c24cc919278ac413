// The string pool: one id per distinct string, stable ids while it grows past its index, "" is
// id 0, and sealing keeps every string readable.
#include "core/string_pool.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ascendify {
namespace {

TEST(StringPool, OneIdPerDistinctString) {
  StringPool p;
  EXPECT_EQ(p.intern(""), 0u);
  const uint32_t a = p.intern("torch.cuda.synchronize");
  const uint32_t b = p.intern("self");
  EXPECT_NE(a, b);
  EXPECT_NE(a, 0u);
  EXPECT_EQ(p.intern(std::string("torch.cuda.") + "synchronize"), a);  // by value, not address
  EXPECT_EQ(p.intern("self"), b);
  EXPECT_NE(p.intern("sel"), b);  // a prefix is another string
  EXPECT_EQ(p.count(), 4u);       // "", and three strings
  EXPECT_EQ(p.str(a), "torch.cuda.synchronize");
  EXPECT_EQ(p.str(0), "");
}

// Thousands of strings: the index grows several times and every id still finds its text;
// after seal() the strings read the same.
TEST(StringPool, IdsSurviveGrowthAndSeal) {
  StringPool p;
  std::vector<uint32_t> ids;
  for (int i = 0; i < 5000; ++i) ids.push_back(p.intern("name_" + std::to_string(i)));
  for (int i = 0; i < 5000; ++i) {
    ASSERT_EQ(p.intern("name_" + std::to_string(i)), ids[i]);  // found again, not added
    ASSERT_EQ(p.str(ids[i]), "name_" + std::to_string(i));
  }
  EXPECT_EQ(p.count(), 5001u);
  p.seal();
  for (int i = 0; i < 5000; ++i) ASSERT_EQ(p.str(ids[i]), "name_" + std::to_string(i));
}

}  // namespace
}  // namespace ascendify
