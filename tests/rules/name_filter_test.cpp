// NameFilter guards the rule and kernel-name hash lookups: a name it rejects is never looked
// up, so it must never reject a name that was added.
#include "core/name_filter.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

std::vector<std::string> names(const std::string& stem, int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(stem + std::to_string(i * 7919 % 100003));
  return out;
}

TEST(NameFilter, NeverRejectsAnAddedName) {
  ascendify::NameFilter f;
  const auto added = names("torch.cuda.fn_", 2000);
  for (const auto& n : added) f.add(n);
  f.add("");
  f.add("x");
  for (const auto& n : added) EXPECT_TRUE(f.may_contain(n)) << n;
  EXPECT_TRUE(f.may_contain(""));
  EXPECT_TRUE(f.may_contain("x"));
}

TEST(NameFilter, RejectsMostOtherNames) {
  ascendify::NameFilter f;
  for (const auto& n : names("flash_attn.kernel_", 500)) f.add(n);
  int passed = 0;
  const auto others = names("self.layers.block", 10000);
  for (const auto& n : others) passed += f.may_contain(n);
  EXPECT_LT(passed, 1000) << "false positives: " << passed << " of " << others.size();
}

}  // namespace
