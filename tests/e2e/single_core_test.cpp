// `-j 1` keeps a scan on one thread: no worker, and no helper of the project stage, assess or
// the report writers (core/helper_launch.hpp). Checked by running the binary with a preloaded
// pthread_create that always fails: with -j 1 the scan must still succeed and write the same
// report as without the shim; with -j 2 (the control: the shim works) it cannot.
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

std::string scan_json(const std::string& env, const std::string& jobs, int* status) {
  return run(env + " '" + std::string(ASCENDIFY_BINARY) +
                 "' scan '" ASCENDIFY_SOURCE_DIR
                 "/examples' --format json -o - --exit-zero --no-cache -j " +
                 jobs + " 2>/dev/null",
             status);
}

TEST(SingleCore, JobsOneStartsNoThread) {
  const std::string binary = ASCENDIFY_BINARY;
  if (binary.find("emulated") != std::string::npos)
    GTEST_SKIP() << "the binary runs under an emulator: the preload would not reach it";
  // ASan's runtime wants to come first in the library list; the shim may come before it.
  const std::string shim = std::string("env ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD='") +
                           ASCENDIFY_NO_THREADS_PRELOAD + "'";
  int plain_status = -1, one_status = -1, two_status = -1;
  const std::string plain = scan_json("", "1", &plain_status);
  ASSERT_EQ(plain_status, 0);
  ASSERT_NE(plain.find("\"findings\""), std::string::npos);
  const std::string one = scan_json(shim, "1", &one_status);
  EXPECT_EQ(one_status, 0) << "-j 1 tried to start a thread";
  EXPECT_TRUE(one == plain) << "-j 1 under the shim wrote another report";
  (void)scan_json(shim, "2", &two_status);
  EXPECT_NE(two_status, 0) << "the shim let -j 2 start its threads: this test proves nothing";
}

}  // namespace
