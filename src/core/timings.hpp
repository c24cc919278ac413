#pragma once
// Stage timings for performance work: with ASCENDIFY_TIMINGS set in the environment, each
// StageTimer prints "ascendify: timing: <stage> <ms> ms" to stderr when it ends. Off (one
// cached getenv) otherwise. Used by bench/README.md to say where the wall time goes.
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace ascendify {

inline bool timings_enabled() {
  static const bool on = std::getenv("ASCENDIFY_TIMINGS") != nullptr;
  return on;
}

class StageTimer {
 public:
  explicit StageTimer(const char* stage) : stage_(stage), start_(std::chrono::steady_clock::now()) {}
  ~StageTimer() { stop(); }
  void stop() {
    if (!stage_) return;
    if (timings_enabled()) {
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
      std::fprintf(stderr, "ascendify: timing: %-24s %8.1f ms\n", stage_, ms);
    }
    stage_ = nullptr;
  }
  StageTimer(const StageTimer&) = delete;
  StageTimer& operator=(const StageTimer&) = delete;

 private:
  const char* stage_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace ascendify
