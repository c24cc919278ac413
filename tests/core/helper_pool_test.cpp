// The helper pool (core/helper_pool.hpp): results and exceptions reach the caller, `-j 1`
// runs a task on the thread that asks for it, a wait never depends on a busy pool, and `-j N`
// never has more than N - 1 helper threads. Every test here asks for at most 2 threads: the
// pool is the process's, and grows to the largest -j it was asked for.
#include "core/helper_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace ascendify {
namespace {

using namespace std::chrono_literals;

// -j 2: a task that holds the pool's one thread until `released` is set (at most 10 s), started
// before this returns; its result says whether it was released.
Helper<bool> hold_the_pool_thread(const std::atomic<bool>& released) {
  auto started = std::make_shared<std::atomic<bool>>(false);
  auto blocker = start_helper(2, [started, &released] {
    *started = true;
    const auto limit = std::chrono::steady_clock::now() + 10s;
    while (!released && std::chrono::steady_clock::now() < limit) std::this_thread::sleep_for(1ms);
    return released.load();
  });
  while (!*started) std::this_thread::sleep_for(1ms);
  return blocker;
}

TEST(HelperPool, ResultAndExceptionReachTheCaller) {
  auto value = start_helper(2, [] { return 41 + 1; });
  auto failing = start_helper(2, []() -> int { throw std::runtime_error("broken"); });
  EXPECT_EQ(value.get(), 42);
  EXPECT_FALSE(value.valid());
  EXPECT_THROW(failing.get(), std::runtime_error);
}

TEST(HelperPool, JobsOneRunsTheTaskOnTheThreadThatAsks) {
  std::atomic<bool> ran{false};
  std::thread::id where;
  auto h = start_helper(1, [&] {
    ran = true;
    where = std::this_thread::get_id();
  });
  std::this_thread::sleep_for(20ms);
  EXPECT_FALSE(ran) << "-j 1 ran the task before anyone asked for it";
  h.get();
  EXPECT_TRUE(ran);
  EXPECT_EQ(where, std::this_thread::get_id());
}

TEST(HelperPool, AHandleDroppedBeforeTheTaskStartedDropsTheTask) {
  std::atomic<bool> ran{false};
  {
    auto h = start_helper(1, [&] { ran = true; });
  }
  EXPECT_FALSE(ran);
}

TEST(HelperPool, AWaitRunsAQueuedTaskWhileThePoolIsBusy) {
  // -j 2: one pool thread, kept busy by `blocker` until `unblocker` has run. Without the
  // waiter running a queued task itself, `unblocker.get()` would wait for ever.
  std::atomic<bool> released{false};
  auto blocker = hold_the_pool_thread(released);
  std::thread::id where;
  auto unblocker = start_helper(2, [&] {
    where = std::this_thread::get_id();
    released = true;
  });
  unblocker.get();
  EXPECT_EQ(where, std::this_thread::get_id()) << "the queued task did not run on the waiter";
  EXPECT_TRUE(blocker.get()) << "the busy task was not released: the wait depended on it";
}

TEST(HelperPool, RunHereIfQueuedRunsAQueuedTaskAtOnceAndLeavesAStartedOneAlone) {
  // -j 2: the pool thread is held by `blocker`; `queued` waits behind it and runs on this
  // thread when asked to, before any get(). A second ask, and asking the running `blocker`,
  // do nothing (no second run, no wait).
  std::atomic<bool> released{false};
  std::atomic<int> runs{0};
  auto blocker = hold_the_pool_thread(released);
  std::thread::id where;
  auto queued = start_helper(2, [&] {
    ++runs;
    where = std::this_thread::get_id();
    return 7;
  });
  queued.run_here_if_queued();
  EXPECT_EQ(runs, 1) << "the queued task did not run when asked to";
  EXPECT_EQ(where, std::this_thread::get_id());
  queued.run_here_if_queued();
  blocker.run_here_if_queued();  // started on the pool thread: returns without waiting
  released = true;
  EXPECT_EQ(queued.get(), 7);
  EXPECT_EQ(runs, 1);
  EXPECT_TRUE(blocker.get()) << "run_here_if_queued waited for (or re-ran) the started task";
}

TEST(HelperPool, JobsTwoUsesOneHelperThread) {
  std::vector<std::thread::id> ids(64);
  std::vector<Helper<void>> tasks;
  for (size_t i = 0; i < ids.size(); ++i)
    tasks.push_back(start_helper(2, [&ids, i] {
      std::this_thread::sleep_for(200us);
      ids[i] = std::this_thread::get_id();
    }));
  for (auto& t : tasks) t.get();
  std::set<std::thread::id> helpers(ids.begin(), ids.end());
  helpers.erase(std::this_thread::get_id());
  EXPECT_LE(helpers.size(), 1u);
}

}  // namespace
}  // namespace ascendify
