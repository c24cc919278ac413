// The process's string pool (core/string_pool.hpp): equal strings get one id, distinct strings
// distinct ids, views stay valid while the pool grows (chunks, text blocks, table rehashes), and
// threads interning at once agree on every id.
#include "core/string_pool.hpp"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

namespace ascendify {
namespace {

std::string name(int i) {
  return "torch.nn.functional.name_" + std::to_string(i);
}

TEST(StringPool, EqualStringsShareAnIdAndEmptyIsZero) {
  StringPool pool;
  EXPECT_EQ(pool.intern(""), StringPool::kEmpty);
  EXPECT_EQ(pool.view(StringPool::kEmpty), "");
  const uint32_t a = pool.intern("torch.cuda.is_available");
  const std::string copy = "torch.cuda.is_available";
  EXPECT_EQ(pool.intern(copy), a);
  EXPECT_NE(pool.intern("torch.cuda.is_availablE"), a);
  EXPECT_EQ(pool.view(a), "torch.cuda.is_available");
}

// Enough strings to fill several entry chunks and text blocks per shard and to rehash every
// shard's table many times; a string longer than a text block gets a block of its own.
TEST(StringPool, ViewsStayValidAsThePoolGrows) {
  StringPool pool;
  const std::string huge(100 * 1024, 'x');
  const uint32_t huge_id = pool.intern(huge);
  std::vector<uint32_t> ids;
  std::vector<std::string_view> views;
  for (int i = 0; i < 200000; ++i) {
    ids.push_back(pool.intern(name(i)));
    views.push_back(pool.view(ids.back()));
  }
  std::unordered_set<uint32_t> distinct(ids.begin(), ids.end());
  EXPECT_EQ(distinct.size(), ids.size());
  for (int i = 0; i < 200000; ++i) {
    ASSERT_EQ(views[i], name(i)) << i;  // the early views, after all the growth
    ASSERT_EQ(pool.intern(name(i)), ids[i]) << i;
  }
  EXPECT_EQ(pool.view(huge_id), huge);
  EXPECT_EQ(pool.intern(huge), huge_id);
}

// Four threads intern overlapping sets at once (TSan runs this too): every thread gets the
// same id for the same string, and views read while others append are right.
TEST(StringPool, ThreadsInterningAtOnceAgree) {
  StringPool pool;
  constexpr int kThreads = 4, kNames = 20000;
  std::vector<std::vector<uint32_t>> got(kThreads, std::vector<uint32_t>(kNames));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int k = 0; k < kNames; ++k) {
        const int i = (k * 7919 + t * 104729) % kNames;  // each thread its own order
        got[t][i] = pool.intern(name(i));
        if (pool.view(got[t][i]) != name(i)) got[t][i] = UINT32_MAX;
      }
    });
  for (auto& th : threads) th.join();
  for (int i = 0; i < kNames; ++i) {
    ASSERT_NE(got[0][i], UINT32_MAX) << i;
    for (int t = 1; t < kThreads; ++t) ASSERT_EQ(got[t][i], got[0][i]) << i;
  }
}

}  // namespace
}  // namespace ascendify
