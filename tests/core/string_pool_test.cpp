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

// The text lives in 64 KiB blocks: strings that end a block exactly, that do not fit in what
// is left of one, and strings longer than a block (one, several blocks, one byte more) all read
// back as they went in, before and after seal(), and interning them again finds them.
TEST(StringPool, StringsAcrossBlocksReadBack) {
  constexpr size_t kBlock = 65536;
  std::vector<std::string> in;
  auto text = [&](size_t n) {
    std::string s(n, 'a');
    for (size_t k = 0; k < n; ++k) s[k] = static_cast<char>('a' + (k * 7 + in.size()) % 26);
    return s + "#" + std::to_string(in.size());  // distinct
  };
  in.push_back(text(kBlock - 100));  // leaves under 100 bytes of the first block
  in.push_back(text(50));            // fits in them
  in.push_back(text(200));           // does not fit: the next block
  in.push_back(text(3 * kBlock));    // longer than a block: blocks of its own
  in.push_back(text(10));            // after a long string: a new block
  in.push_back(text(kBlock - 16));   // about a block
  in.push_back(text(kBlock));        // one byte more than a block, with its suffix
  for (int i = 0; i < 3000; ++i) in.push_back(text(static_cast<size_t>(i % 97)));
  StringPool p;
  std::vector<uint32_t> ids;
  for (const std::string& s : in) ids.push_back(p.intern(s));
  size_t used = 0;
  for (uint32_t id = 1; id < p.count(); ++id) used += p.str(id).size();
  EXPECT_GT(used, 5 * kBlock);
  for (size_t i = 0; i < in.size(); ++i) {
    ASSERT_EQ(p.str(ids[i]), in[i]) << i;
    ASSERT_EQ(p.intern(in[i]), ids[i]) << i;
  }
  p.seal();
  for (size_t i = 0; i < in.size(); ++i) ASSERT_EQ(p.str(ids[i]), in[i]) << i;
}

// A string that ends exactly at a block's end: the next one starts the next block.
TEST(StringPool, StringEndingABlockExactly) {
  StringPool p;
  const std::string first(65536 - 3, 'x');
  const uint32_t a = p.intern(first);
  const uint32_t b = p.intern("abc");  // fills the block to its last byte
  const uint32_t c = p.intern("next");
  const uint32_t d = p.intern("z");
  EXPECT_EQ(p.str(a), first);
  EXPECT_EQ(p.str(b), "abc");
  EXPECT_EQ(p.str(c), "next");
  EXPECT_EQ(p.str(d), "z");
  EXPECT_EQ(p.intern("abc"), b);
}

}  // namespace
}  // namespace ascendify
