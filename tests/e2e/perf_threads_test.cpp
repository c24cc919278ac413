// Determinism across thread counts: the JSON report of a scan is byte-identical with
// --threads 1 and --threads 8 (and across two runs with 8 threads).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace {

std::string run(const std::string& cmd, int* status) {
  std::string out;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  *status = ::pclose(p);
  return out;
}

std::string scan_json(const std::string& dir, int threads) {
  int status = -1;
  std::string out = run("'" + std::string(ASCENDIFY_BINARY) + "' scan '" + dir +
                            "' --format json -o - --exit-zero --threads " +
                            std::to_string(threads) + " 2>/dev/null",
                        &status);
  EXPECT_EQ(status, 0) << dir;
  return out;
}

void expect_same(const std::string& dir) {
  const std::string one = scan_json(dir, 1);
  const std::string eight = scan_json(dir, 8);
  const std::string again = scan_json(dir, 8);
  ASSERT_GT(one.size(), 100u) << dir;  // a real report, not an error message
  EXPECT_NE(one.find("\"findings\""), std::string::npos);
  EXPECT_TRUE(one == eight) << dir << ": --threads 1 and --threads 8 differ";
  EXPECT_TRUE(eight == again) << dir << ": two runs with --threads 8 differ";
}

TEST(PerfThreads, ExamplesIdenticalAcrossThreadCounts) {
  expect_same(std::string(ASCENDIFY_SOURCE_DIR) + "/examples");
}

TEST(PerfThreads, FixturesIdenticalAcrossThreadCounts) {
  expect_same(std::string(ASCENDIFY_SOURCE_DIR) + "/tests/fixtures");
}

}  // namespace
