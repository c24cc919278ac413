#include "core/helper_pool.hpp"

#include <algorithm>
#include <deque>
#include <thread>
#include <vector>

namespace ascendify::helper_detail {

namespace {

// The process's helper threads: started when a scan first needs them, idle between scans (the
// language server scans many times), joined at exit.
class Pool {
 public:
  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    ready_.notify_all();
    for (auto& t : threads_) t.join();
  }

  void submit(const std::shared_ptr<Task>& task, size_t threads) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      // A failure to start one throws to the caller, before the task is queued.
      while (threads_.size() < threads) threads_.emplace_back([this] { serve(); });
      queue_.push_back(task);
    }
    ready_.notify_one();
  }

 private:
  void serve() {
    for (;;) {
      std::shared_ptr<Task> task;
      {
        std::unique_lock<std::mutex> lock(mu_);
        ready_.wait(lock, [&] { return stop_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping
        task = std::move(queue_.front());
        queue_.pop_front();
      }
      task->run_if_untaken();  // not if its waiter ran it, or its handle dropped it
    }
  }

  std::mutex mu_;
  std::condition_variable ready_;
  std::deque<std::shared_ptr<Task>> queue_;
  std::vector<std::thread> threads_;
  bool stop_ = false;
};

Pool& pool() {
  static Pool p;
  return p;
}

}  // namespace

void submit(const std::shared_ptr<Task>& task, unsigned threads) {
  const unsigned n = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
  if (n > 1) pool().submit(task, n - 1);
}

}  // namespace ascendify::helper_detail
