// SipHash-2-4 against the reference implementation's vectors (key 00..0f, message 00..len-1;
// vectors.h of github.com/veorq/SipHash: the 64-bit outputs, little-endian).
#include "core/siphash.hpp"

#include <gtest/gtest.h>

#include <string>

namespace ascendify {
namespace {

std::string counting(size_t n) {
  std::string s;
  for (size_t i = 0; i < n; ++i) s.push_back(static_cast<char>(i));
  return s;
}

TEST(SipHash, ReferenceVectors) {
  const SipKey key = {0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL};
  EXPECT_EQ(siphash24(key, counting(0)), 0x726fdb47dd0e0e31ULL);
  EXPECT_EQ(siphash24(key, counting(1)), 0x74f839c593dc67fdULL);
  EXPECT_EQ(siphash24(key, counting(7)), 0xab0200f58b01d137ULL);
  EXPECT_EQ(siphash24(key, counting(8)), 0x93f5f5799a932462ULL);
  EXPECT_EQ(siphash24(key, counting(15)), 0xa129ca6149be45e5ULL);  // the paper's example
  EXPECT_EQ(siphash24(key, counting(63)), 0x958a324ceb064572ULL);
}

TEST(SipHash, TheKeyMatters) {
  const std::string text = "import torch\ntorch.cuda.synchronize()\n";
  EXPECT_NE(siphash24({1, 2}, text), siphash24({1, 3}, text));
  EXPECT_NE(siphash24({1, 2}, text), siphash24({1, 2}, text + " "));
}

}  // namespace
}  // namespace ascendify
