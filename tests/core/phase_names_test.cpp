// A finding's phases: a shared list that reads as a vector of names, compares by content,
// and is empty without holding anything.
#include "core/phase_names.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace ascendify {
namespace {

TEST(PhaseNames, EmptyByDefaultAndWhenGivenNothing) {
  const PhaseNames none;
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(none.size(), 0u);
  EXPECT_EQ(none.begin(), none.end());
  EXPECT_TRUE(PhaseNames(PhaseNames::List{}).empty());
  EXPECT_TRUE(PhaseNames(std::make_shared<const PhaseNames::List>()).empty());
  EXPECT_EQ(none, PhaseNames(PhaseNames::List{}));
}

TEST(PhaseNames, ReadsAsTheVectorOfNames) {
  const PhaseNames p = {"training", "inference"};
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0], "training");
  EXPECT_EQ(p[1], "inference");
  const std::vector<std::string>& v = p;
  EXPECT_EQ(v, (std::vector<std::string>{"training", "inference"}));
  std::string joined;
  for (const auto& name : p) joined += name + ";";
  EXPECT_EQ(joined, "training;inference;");
}

TEST(PhaseNames, SharedListsAreOneListAndCompareByContent) {
  const auto list = std::make_shared<const PhaseNames::List>(PhaseNames::List{"inference"});
  const PhaseNames a(list), b(list);
  EXPECT_EQ(&a.list(), &b.list());  // one list, not a copy per finding
  EXPECT_EQ(a, PhaseNames({"inference"}));
  EXPECT_FALSE(a == PhaseNames({"training"}));
  PhaseNames c = a;
  c = {"training"};  // assigning a new list leaves the shared one as it was
  EXPECT_EQ(c[0], "training");
  EXPECT_EQ(a[0], "inference");
  EXPECT_EQ(b[0], "inference");
}

}  // namespace
}  // namespace ascendify
