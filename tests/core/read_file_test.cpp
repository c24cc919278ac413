#include "core/read_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace ascendify {
namespace {

std::string write_temp(const std::string& name, const std::string& content) {
  const auto p = std::filesystem::temp_directory_path() / name;
  std::ofstream(p, std::ios::binary) << content;
  return p.string();
}

TEST(ReadFile, ReadsExactBytesIncludingNulAndCr) {
  const std::string content("a\0b\r\nc", 6);
  std::string err;
  auto got = read_file(write_temp("ascendify_rf_small", content), err);
  ASSERT_TRUE(got);
  EXPECT_EQ(*got, content);
}

TEST(ReadFile, EmptyAndLargeFiles) {
  std::string err;
  auto empty = read_file(write_temp("ascendify_rf_empty", ""), err);
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->empty());
  std::string big(300000, 'x');
  big[123456] = 'y';
  auto got = read_file(write_temp("ascendify_rf_big", big), err);
  ASSERT_TRUE(got);
  EXPECT_EQ(got->size(), 300000u);
  EXPECT_EQ(*got, big);
}

// A reused buffer: a small file after a big one gives exactly the small file's bytes.
TEST(ReadFile, IntoAReusedBufferGivesEachFileExactly) {
  std::string err, buffer;
  std::string big(300000, 'x');
  big[299999] = 'z';
  auto a = read_file_into(write_temp("ascendify_rfi_big", big), buffer, err);
  ASSERT_TRUE(a);
  EXPECT_EQ(*a, big);
  auto b = read_file_into(write_temp("ascendify_rfi_small", std::string("ab\0c", 4)), buffer, err);
  ASSERT_TRUE(b);
  EXPECT_EQ(*b, std::string_view("ab\0c", 4));
  auto c = read_file_into(write_temp("ascendify_rfi_empty", ""), buffer, err);
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->empty());
  EXPECT_FALSE(read_file_into("/nonexistent/ascendify/y.py", buffer, err));
}

// The size the walk saw is a hint only: a file that grew or shrank since is still read whole.
TEST(ReadFile, ExpectedSizeIsAHintNotALimit) {
  std::string err, buffer;
  std::string text(70000, 'a');
  text.back() = 'z';
  const std::string path = write_temp("ascendify_rfi_hint", text);
  for (int64_t hint : {int64_t{70000}, int64_t{0}, int64_t{10}, int64_t{69999}, int64_t{70001},
                       int64_t{1} << 20}) {
    auto got = read_file_into(path, buffer, err, hint);
    ASSERT_TRUE(got) << hint;
    EXPECT_EQ(got->size(), 70000u) << hint;
    EXPECT_EQ(got->back(), 'z') << hint;
  }
  auto empty = read_file_into(write_temp("ascendify_rfi_hint_empty", ""), buffer, err, 5);
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->empty());
  err.clear();
  EXPECT_FALSE(read_file_into(std::filesystem::temp_directory_path().string(), buffer, err, 0));
  EXPECT_NE(err.find("read error"), std::string::npos) << err;
}

TEST(ReadFile, MissingFileAndDirectoryAreErrors) {
  std::string err;
  EXPECT_FALSE(read_file("/nonexistent/ascendify/x.py", err));
  EXPECT_NE(err.find("cannot open"), std::string::npos);
  err.clear();
  EXPECT_FALSE(read_file(std::filesystem::temp_directory_path().string(), err));
  EXPECT_FALSE(err.empty());
}

}  // namespace
}  // namespace ascendify
