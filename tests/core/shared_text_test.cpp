// RuleText (src/core/shared_text.hpp): a finding's text points at its rule's string until a pass
// changes it, and then owns a copy; the rule's string never changes through it.
#include "core/shared_text.hpp"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace ascendify {
namespace {

TEST(SharedText, PointsAtTheRuleTextWithoutACopy) {
  const std::string rule_message = "torch.cuda.synchronize has an NPU counterpart";
  const RuleText t = RuleText::of(rule_message);
  EXPECT_TRUE(t.shared());
  EXPECT_EQ(&t.str(), &rule_message);  // the same string, not an equal one
  const RuleText copy = t;             // findings are copied: the copy shares too
  EXPECT_TRUE(copy.shared());
  EXPECT_EQ(&copy.str(), &rule_message);
  EXPECT_EQ(copy, "torch.cuda.synchronize has an NPU counterpart");
}

TEST(SharedText, AppendingCopiesAndLeavesTheRuleAlone) {
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

TEST(SharedText, AssigningOwnsTheNewText) {
  const std::string rule_message = "m";
  RuleText t = RuleText::of(rule_message);
  t = "`torch.var_mean`: " + t + " (list for torch 2.8)";
  EXPECT_FALSE(t.shared());
  EXPECT_EQ(t, "`torch.var_mean`: m (list for torch 2.8)");
  EXPECT_EQ(rule_message, "m");
}

TEST(SharedText, OwnedTextReadsLikeAString) {
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

// One word per text (a finding holds seven); a copy of an owned text is a copy, not a share.
TEST(SharedText, OneWordAndOwnedCopiesAreIndependent) {
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

// A file's findings share its path, a function's their scope: interning hands out the same
// string for equal texts, from any thread, and the copy outlives the text it was made from.
TEST(SharedText, InternedEqualTextsShareOneString) {
  std::string path = "wan/modules/attention.py";
  const SharedText a = interned(path);
  path[0] = 'X';  // the interned copy is its own
  const SharedText b = interned("wan/modules/attention.py");
  EXPECT_TRUE(a.shared());
  EXPECT_EQ(&a.str(), &b.str());
  EXPECT_EQ(a, "wan/modules/attention.py");
  EXPECT_NE(&interned("wan/modules/model.py").str(), &a.str());
  EXPECT_TRUE(interned("").empty());
  EXPECT_FALSE(interned("").shared());
  SharedText c = a;  // a finding's copy shares too; changing it leaves the interned text alone
  c += ":12";
  EXPECT_EQ(c, "wan/modules/attention.py:12");
  EXPECT_EQ(interned("wan/modules/attention.py"), "wan/modules/attention.py");
}

TEST(SharedText, InterningFromManyThreadsGivesOneStringPerText) {
  constexpr int kThreads = 4, kTexts = 2000;
  std::vector<std::vector<const std::string*>> seen(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kTexts; ++i)
        seen[t].push_back(&interned("threaded/" + std::to_string(i) + ".py").str());
    });
  for (auto& th : threads) th.join();
  for (int t = 1; t < kThreads; ++t) EXPECT_EQ(seen[t], seen[0]);
  for (int i = 0; i < kTexts; ++i)
    EXPECT_EQ(*seen[0][static_cast<size_t>(i)], "threaded/" + std::to_string(i) + ".py");
}

}  // namespace
}  // namespace ascendify
