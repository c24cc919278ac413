// Determinism across thread counts: the JSON report of a scan is byte-identical with
// --threads 1 and --threads 8 (and across two runs with 8 threads). And `-j 1` keeps a scan on
// one thread: no worker, and no helper of the project stage, assess or the report writers
// (core/helper_pool.hpp).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
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

// `cache`: "--no-cache", or "--cache-dir DIR" (the cache is read, then saved).
std::string examples_json(const std::string& env, const std::string& jobs, const std::string& cache,
                          int* status) {
  return run(env + " '" + std::string(ASCENDIFY_BINARY) +
                 "' scan '" ASCENDIFY_SOURCE_DIR "/examples' --format json -o - --exit-zero " +
                 cache + " -j " + jobs + " 2>/dev/null",
             status);
}

// The binary runs with a preloaded pthread_create that always fails (tests/e2e/preload): with
// -j 1 the scan must still succeed and write the same report as without it, with the cache
// off, then on (saved, then read); with -j 2 (the control: the shim works) it cannot.
TEST(SingleCore, JobsOneStartsNoThread) {
  const std::string binary = ASCENDIFY_BINARY;
  if (binary.find("emulated") != std::string::npos)
    GTEST_SKIP() << "the binary runs under an emulator: the preload would not reach it";
  // ASan's runtime wants to come first in the library list; the shim may come before it.
  const std::string shim = std::string("env ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD='") +
                           ASCENDIFY_NO_THREADS_PRELOAD + "'";
  int plain_status = -1, one_status = -1, two_status = -1;
  const std::string plain = examples_json("", "1", "--no-cache", &plain_status);
  ASSERT_EQ(plain_status, 0);
  ASSERT_NE(plain.find("\"findings\""), std::string::npos);
  const std::string one = examples_json(shim, "1", "--no-cache", &one_status);
  EXPECT_EQ(one_status, 0) << "-j 1 tried to start a thread";
  EXPECT_TRUE(one == plain) << "-j 1 under the shim wrote another report";
  const std::filesystem::path cache = std::filesystem::temp_directory_path() /
                                      ("ascendify-single-core-" + std::to_string(::getpid()));
  std::filesystem::remove_all(cache);
  for (const char* pass : {"saved", "read"}) {
    int status = -1;
    const std::string cached =
        examples_json(shim, "1", "--cache-dir '" + cache.string() + "'", &status);
    EXPECT_EQ(status, 0) << "-j 1 with the cache " << pass << " tried to start a thread";
    EXPECT_TRUE(cached == plain) << "the cache " << pass << ": another report";
  }
  EXPECT_TRUE(std::filesystem::exists(cache)) << "the cache was not saved";
  std::filesystem::remove_all(cache);
  (void)examples_json(shim, "2", "--no-cache", &two_status);
  EXPECT_NE(two_status, 0) << "the shim let -j 2 start its threads: this test proves nothing";
}

}  // namespace
