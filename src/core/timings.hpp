#pragma once
// Stage timings for performance work: with ASCENDIFY_TIMINGS set in the environment, each
// StageTimer prints "ascendify: timing: <stage> <wall> ms wall <cpu> ms cpu <rss> MB rss <peak>
// MB peak <end> ms end" to stderr when it ends (cpu: of the calling thread only, so a serial stage
// reads the same on a busy machine; rss: resident now; peak: the high-water mark so far, which
// says the stage that set a run's peak; end: since the program started, which lays the stages of
// a parallel run out on one timeline). Off (one cached getenv) otherwise. Used by bench/README.md
// to say where the wall time goes.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace ascendify {

// When the program started: set during static initialisation, before main().
inline const std::chrono::steady_clock::time_point kProgramStart = std::chrono::steady_clock::now();

inline bool timings_enabled() {
  static const bool on = std::getenv("ASCENDIFY_TIMINGS") != nullptr;
  return on;
}

class StageTimer {
 public:
  explicit StageTimer(const char* stage)
      : stage_(stage), start_(std::chrono::steady_clock::now()), cpu_start_(thread_cpu_ms()) {}
  ~StageTimer() { stop(); }
  void stop() {
    if (!stage_) return;
    if (timings_enabled()) {
      using ms = std::chrono::duration<double, std::milli>;
      const auto now = std::chrono::steady_clock::now();
      std::fprintf(stderr,
                   "ascendify: timing: %-24s %8.1f ms wall %8.1f ms cpu %6ld MB rss %6ld MB "
                   "peak %7.1f ms end\n",
                   stage_, ms(now - start_).count(), thread_cpu_ms() - cpu_start_, rss_mb(),
                   peak_rss_mb(), ms(now - kProgramStart).count());
    }
    stage_ = nullptr;
  }
  StageTimer(const StageTimer&) = delete;
  StageTimer& operator=(const StageTimer&) = delete;

 public:
  static double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
  }

 private:
  static long rss_mb() {  // resident set now (Linux), -1 when unknown
    long pages = -1, resident = -1;
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
      if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = -1;
      std::fclose(f);
    }
    return resident < 0 ? -1 : resident * 4096 / (1024 * 1024);
  }
  static long peak_rss_mb() {  // the process's high-water resident set so far (VmHWM), -1
    long kb = -1;
    if (FILE* f = std::fopen("/proc/self/status", "r")) {
      char line[256];
      while (std::fgets(line, sizeof line, f))
        if (std::sscanf(line, "VmHWM: %ld kB", &kb) == 1) break;
      std::fclose(f);
    }
    return kb < 0 ? -1 : kb / 1024;
  }
  const char* stage_;
  std::chrono::steady_clock::time_point start_;
  double cpu_start_;
};

// CPU time of one kind of per-file work summed over worker threads (files are processed on
// several threads, so wall time per stage means nothing there). Printed by report().
class CpuTally {
 public:
  explicit CpuTally(const char* what) : what_(what) {}
  // Adds the calling thread's CPU time since `since_ms` and returns the current reading.
  double add_since(double since_ms) {
    const double now = StageTimer::thread_cpu_ms();
    micros_.fetch_add(static_cast<uint64_t>((now - since_ms) * 1000.0), std::memory_order_relaxed);
    return now;
  }
  void report() const {
    if (timings_enabled())
      std::fprintf(stderr, "ascendify: timing:   %-22s %8.1f ms cpu (all workers)\n", what_,
                   static_cast<double>(micros_.load()) / 1000.0);
  }

 private:
  const char* what_;
  std::atomic<uint64_t> micros_{0};
};

}  // namespace ascendify
