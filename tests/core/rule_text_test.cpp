// RuleText (src/core/rule_text.hpp): a finding's text points at its rule's string until a pass
// changes it, and then owns a copy; the rule's string never changes through it.
#include "core/rule_text.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace ascendify {
namespace {

TEST(RuleText, PointsAtTheRuleTextWithoutACopy) {
  const std::string rule_message = "torch.cuda.synchronize has an NPU counterpart";
  const RuleText t = RuleText::of(rule_message);
  EXPECT_TRUE(t.shared());
  EXPECT_EQ(&t.str(), &rule_message);  // the same string, not an equal one
  const RuleText copy = t;             // findings are copied: the copy shares too
  EXPECT_TRUE(copy.shared());
  EXPECT_EQ(&copy.str(), &rule_message);
  EXPECT_EQ(copy, "torch.cuda.synchronize has an NPU counterpart");
}

TEST(RuleText, AppendingCopiesAndLeavesTheRuleAlone) {
  const std::string rule_message = "uses NCCL";
  RuleText t = RuleText::of(rule_message);
  const RuleText before = t;
  t += " (3 sites in this file)";
  EXPECT_FALSE(t.shared());
  EXPECT_EQ(t, "uses NCCL (3 sites in this file)");
  EXPECT_EQ(rule_message, "uses NCCL");  // the rule's text is unchanged
  EXPECT_EQ(before, "uses NCCL");        // and so is every other finding pointing at it
  EXPECT_TRUE(before.shared());
}

TEST(RuleText, AssigningOwnsTheNewText) {
  const std::string rule_message = "m";
  RuleText t = RuleText::of(rule_message);
  t = "`torch.var_mean`: " + t + " (list for torch 2.8)";
  EXPECT_FALSE(t.shared());
  EXPECT_EQ(t, "`torch.var_mean`: m (list for torch 2.8)");
  EXPECT_EQ(rule_message, "m");
}

TEST(RuleText, OwnedTextReadsLikeAString) {
  RuleText t(std::string("pin 2.8.0"));
  EXPECT_FALSE(t.shared());
  EXPECT_EQ(t.size(), 9u);
  EXPECT_FALSE(t.empty());
  EXPECT_TRUE(RuleText().empty());
  const std::string& s = t;
  std::string_view v = t;
  EXPECT_EQ(s, "pin 2.8.0");
  EXPECT_EQ(v, "pin 2.8.0");
  RuleText moved = std::move(t);
  EXPECT_EQ(moved, "pin 2.8.0");
}

// One word per text (a finding holds four); a copy of an owned text is a copy, not a share.
TEST(RuleText, OneWordAndOwnedCopiesAreIndependent) {
  static_assert(sizeof(RuleText) == sizeof(void*));
  RuleText a(std::string("first"));
  RuleText b = a;
  b += " and more";
  EXPECT_EQ(a, "first");
  EXPECT_EQ(b, "first and more");
  EXPECT_NE(&a.str(), &b.str());
  a = b;
  EXPECT_EQ(a, "first and more");
  const RuleText& same = a;
  a = same;  // self-assignment keeps the text
  EXPECT_EQ(a, "first and more");
  RuleText empty;
  empty += "grown";
  EXPECT_EQ(empty, "grown");
  EXPECT_FALSE(empty.shared());
  RuleText cleared = RuleText::of(a.str());
  cleared = "";
  EXPECT_TRUE(cleared.empty());
  EXPECT_FALSE(cleared.shared());
}

}  // namespace
}  // namespace ascendify
