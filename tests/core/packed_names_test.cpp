#include "core/packed_names.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/snapshot_io.hpp"

using namespace ascendify;

TEST(PackedNames, HoldsEachNameWhateverItsLength) {
  const std::string long_name(300, 'x');
  const PackedNames p = PackedNames::of(std::vector<std::string>{"a", "", long_name, "torch.mm"});
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(p[0], "a");
  EXPECT_EQ(p[1], "");
  EXPECT_EQ(p[2], long_name);
  EXPECT_EQ(p[3], "torch.mm");
  std::vector<std::string> read;
  for (std::string_view n : p) read.emplace_back(n);
  EXPECT_EQ(read, (std::vector<std::string>{"a", "", long_name, "torch.mm"}));
  EXPECT_TRUE(PackedNames().empty());
}

TEST(PackedNames, SortedContainsFindsExactlyTheListedNames) {
  const PackedNames p = {"torch.add", "torch.addmm", "torch.mm", "torch.nn.functional.gelu"};
  for (std::string_view n : p) EXPECT_TRUE(p.sorted_contains(n)) << n;
  // Prefixes, extensions and neighbours of listed names are not listed.
  for (std::string_view n : {"", "torch", "torch.ad", "torch.addm", "torch.addmmx", "torch.m",
                             "torch.nn", "torch.zz", "a"})
    EXPECT_FALSE(p.sorted_contains(n)) << n;
  EXPECT_FALSE(PackedNames().sorted_contains("torch.add"));
}

TEST(PackedNames, EqualityComparesTheNamesNotTheirConcatenation) {
  EXPECT_EQ((PackedNames{"ab", "c"}), (PackedNames{"ab", "c"}));
  EXPECT_FALSE((PackedNames{"ab", "c"}) == (PackedNames{"a", "bc"}));
  EXPECT_FALSE((PackedNames{"a"}) == (PackedNames{"a", ""}));
}

TEST(PackedNames, SnapshotBytesAreThoseOfTheVectorOfStrings) {
  const std::vector<std::string> names = {"to_sparse", "", "torch.Tensor.chalf"};
  snapshot::Writer as_vector, as_packed;
  as_vector.strings(names);
  as_packed.packed_strings(PackedNames::of(names));
  EXPECT_EQ(as_vector.bytes(), as_packed.bytes());
  snapshot::Reader r(as_packed.bytes());
  EXPECT_EQ(r.packed_strings(), PackedNames::of(names));
  EXPECT_TRUE(r.ok());
  // A truncated list fails the reader.
  snapshot::Reader cut(std::string_view(as_packed.bytes()).substr(0, as_packed.bytes().size() - 3));
  cut.packed_strings();
  EXPECT_FALSE(cut.ok());
}
