#include "cli/batch_list.hpp"

#include <gtest/gtest.h>

using namespace ascendify::cli;
using V = std::vector<std::string>;

TEST(BatchList, SkipsCommentsAndBlankLinesTrimsAndKeepsTheFirstOfARepeat) {
  EXPECT_EQ(batch_entries("# fleet\n  /r/a  \n\n/r/b\r\n\t# off\n/r/a\n/r/c"),
            (V{"/r/a", "/r/b", "/r/c"}));
  EXPECT_EQ(batch_entries(""), V{});
}

TEST(BatchList, ShardIsKOverNWithKBelowN) {
  std::string error;
  auto whole = parse_shard("", error);
  ASSERT_TRUE(whole);
  EXPECT_EQ(whole->count, 1u);
  auto s = parse_shard("3/8", error);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->index, 3u);
  EXPECT_EQ(s->count, 8u);
  for (const char* bad : {"8/8", "1/0", "-1/2", "1", "a/2", "1/2/3", "/2", "1/"})
    EXPECT_FALSE(parse_shard(bad, error)) << bad;
}

TEST(BatchList, EntryNamesAreSafeDistinctAndStable) {
  EXPECT_EQ(batch_entry_name("/src/Wan2.1").substr(0, 7), "Wan2.1-");
  EXPECT_EQ(batch_entry_name("/src/Wan2.1"), batch_entry_name("/src/Wan2.1"));
  EXPECT_NE(batch_entry_name("/a/model"), batch_entry_name("/b/model"));
  EXPECT_EQ(batch_entry_name("/src/model/").substr(0, 6), "model-");
  EXPECT_EQ(batch_entry_name("my repo:x").substr(0, 10), "my_repo_x-");
  EXPECT_EQ(batch_entry_name("..").substr(0, 5), "repo-");
  EXPECT_EQ(batch_entry_name("/").substr(0, 5), "repo-");
  EXPECT_EQ(batch_entry_name("x").size(), 1u + 1u + 8u);
}
