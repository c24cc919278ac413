#pragma once
// A scan's helper tasks (the file workers, the project stage's passes, the report's blocks) on a
// few threads that live as long as the process, instead of a new thread for each task
// (std::async). A new thread starts a new allocator heap: with 2 MiB pages its first
// allocations fault in fresh, zeroed memory, which a scan then paid for 15-25 MB of peak RSS and
// about 0.1 s of system time (session 18, 18 threads per scan). The pool's threads keep their
// heaps, so a helper reuses the memory the file workers freed.
//
// `-j N` (`threads`): the pool has at most N - 1 threads, so with the caller's thread a scan
// runs on N; at `-j 1` it has none and every task runs on the thread that waits for it, when it
// waits (as std::launch::deferred). `-j 1` then keeps a scan on one core at a time, as `rg -j1`
// does, and the -j1 -> -j2 speed-up measures scaling rather than helpers that ran beside the
// "single" thread anyway. A task nobody has started
// when its result is asked for runs on the asking thread, so a wait never depends on a busy
// pool: no deadlock, and no core idle while a task waits in the queue.
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>

namespace ascendify {

namespace helper_detail {

// One task's state, shared by its handle and the pool.
class Task {
 public:
  explicit Task(std::function<void()> body) : body_(std::move(body)) {}
  // Runs the task here unless another thread took it first. True if it ran here.
  bool run_if_untaken() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (state_ != State::Queued) return false;
      state_ = State::Running;
    }
    body_();
    body_ = nullptr;  // what it captured goes now, not with the last handle
    {
      std::lock_guard<std::mutex> lock(mu_);
      state_ = State::Done;
    }
    done_.notify_all();
    return true;
  }
  // Drops the task if nobody started it; else waits until it is done.
  void cancel_or_wait() {
    std::unique_lock<std::mutex> lock(mu_);
    if (state_ == State::Queued) {
      state_ = State::Done;
      return;
    }
    done_.wait(lock, [&] { return state_ == State::Done; });
  }
  // Runs it here if it has not started, else waits for the thread running it.
  void finish() {
    if (!run_if_untaken()) cancel_or_wait();
  }

 private:
  enum class State { Queued, Running, Done };
  std::function<void()> body_;
  std::mutex mu_;
  std::condition_variable done_;
  State state_ = State::Queued;
};

// Queues `task` for the pool, which grows to `threads` - 1 threads (0: every core). At
// `threads` == 1 it queues nothing: the task runs when its result is asked for.
void submit(const std::shared_ptr<Task>& task, unsigned threads);

}  // namespace helper_detail

// The handle of one helper task, like a std::future: get() once. Destroying a handle whose task
// has not started drops the task; one that has started is waited for, so no task outlives what
// its handle's owner lent it.
template <typename R>
class Helper {
 public:
  Helper() = default;
  template <typename F>
  Helper(unsigned threads, F&& fn) : out_(std::make_shared<Out>()) {
    task_ = std::make_shared<helper_detail::Task>([out = out_, fn = std::forward<F>(fn)]() mutable {
      try {
        if constexpr (std::is_void_v<R>)
          fn();
        else
          out->value.emplace(fn());
      } catch (...) {
        out->error = std::current_exception();
      }
    });
    helper_detail::submit(task_, threads);
  }
  Helper(Helper&&) noexcept = default;
  Helper& operator=(Helper&& other) noexcept {
    if (this != &other) {
      drop();
      task_ = std::move(other.task_);
      out_ = std::move(other.out_);
    }
    return *this;
  }
  Helper(const Helper&) = delete;
  Helper& operator=(const Helper&) = delete;
  ~Helper() { drop(); }

  bool valid() const { return task_ != nullptr; }

  // Runs the task on this thread if no thread has started it: for a caller about to wait for
  // another task, which would otherwise sit idle while this one waits in the queue. get() then
  // only collects the result.
  void run_here_if_queued() {
    if (task_) task_->run_if_untaken();
  }

  // The task's result (running it here if no thread has started it), or its exception.
  R get() {
    task_->finish();
    task_.reset();
    std::shared_ptr<Out> out = std::move(out_);
    if (out->error) std::rethrow_exception(out->error);
    if constexpr (!std::is_void_v<R>) return std::move(*out->value);
  }

 private:
  struct Out {
    std::conditional_t<std::is_void_v<R>, std::optional<bool>, std::optional<R>> value;
    std::exception_ptr error;
  };
  void drop() {
    if (task_) task_->cancel_or_wait();
    task_.reset();
    out_.reset();
  }

  std::shared_ptr<helper_detail::Task> task_;
  std::shared_ptr<Out> out_;
};

// Whether helpers run on the thread that waits for them: at `-j 1` a scan starts no thread.
inline bool helpers_run_inline(unsigned threads) {
  return threads == 1;
}

// Starts `fn` as a helper of a scan run with `-j threads` (0: every core).
template <typename F>
auto start_helper(unsigned threads, F&& fn) {
  return Helper<std::invoke_result_t<std::decay_t<F>&>>(threads, std::forward<F>(fn));
}

}  // namespace ascendify
