#include "pipeline/scan.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <iterator>
#include <map>
#include <mutex>
#include <thread>

#include "core/timings.hpp"
#include "match/matcher.hpp"
#include "pipeline/read_file.hpp"
#include "pipeline/slim.hpp"

namespace ascendify::pipeline {

namespace {

struct PerFile {
  FileFacts facts;
  std::vector<Finding> findings;
  size_t suppressed = 0;
  uint64_t bytes = 0;
};

// Worker CPU by kind of work, printed with ASCENDIFY_TIMINGS.
struct WorkerTallies {
  CpuTally read{"read files"}, front{"front ends"}, match{"match+filters"}, slim{"slim facts"};
};

PerFile process(const SourceFile& file, const rules::RuleSet& rules, const ScanOptions& options,
                WorkerTallies* tally) {
  const bool slim = options.slim_facts;
  PerFile out;
  std::string error;
  double t = tally ? StageTimer::thread_cpu_ms() : 0;
  thread_local std::string buffer;  // one per worker, as large as the largest file read
  // The walk stat-ed the file: its size needs no second fstat.
  const auto text = read_file_into(file.abs_path, buffer, error, static_cast<int64_t>(file.size));
  if (tally) t = tally->read.add_since(t);
  if (!text) {
    out.facts.diagnostics.push_back({file.rel_path, 0, error});
    return out;
  }
  out.bytes = text->size();
  out.facts = analyze_file(file, *text);
  if (tally) t = tally->front.add_since(t);
  // Sorted by match_file: the per-file filters keep the first site of a rule as the reported one.
  out.findings = match::match_file(rules, file, *text, out.facts, &out.suppressed,
                                   options.drop_hit ? &options.drop_hit : nullptr);
  if (options.per_file_findings) options.per_file_findings(out.findings);
  if (tally) t = tally->match.add_since(t);
  // The facts are kept until assess; drop the growth slack of the vectors (up to half of
  // their capacity) while the file is hot.
  if (slim)
    slim_for_assess(out.facts);
  else
    out.facts.facts.shrink_to_fit();
  out.findings.shrink_to_fit();
  if (tally) tally->slim.add_since(t);
  return out;
}

}  // namespace

ScanResult scan(const std::filesystem::path& root, const rules::RuleSet& rules,
                const ScanOptions& options) {
  StageTimer t_discover("discover");
  discover::Result found = discover::walk(root, options.discover);
  t_discover.stop();
  return scan_files(std::move(found), rules, options);
}

ScanResult scan_files(discover::Result found, const rules::RuleSet& rules,
                      const ScanOptions& options) {
  ScanResult result;
  StageTimer t_files("read+analyse+match");
  WorkerTallies tallies;
  WorkerTallies* tally = timings_enabled() ? &tallies : nullptr;
  result.diagnostics = std::move(found.diagnostics);

  const size_t n = found.files.size();
  std::vector<PerFile> per_file(n);
  unsigned threads = options.threads ? options.threads : std::thread::hardware_concurrency();
  threads =
      std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(std::max<size_t>(n, 1))));

  // Work stealing by an atomic index; each slot is written by exactly one worker, so the merge
  // below is deterministic whatever the thread count.
  std::atomic<size_t> next{0}, done{0};
  std::atomic<uint64_t> bytes_done{0};
  std::mutex mu;
  std::condition_variable all_done;
  auto worker = [&] {
    for (size_t i; (i = next.fetch_add(1)) < n;) {
      per_file[i] = process(found.files[i], rules, options, tally);
      bytes_done.fetch_add(per_file[i].bytes, std::memory_order_relaxed);
      if (done.fetch_add(1) + 1 == n) {
        std::lock_guard<std::mutex> lock(mu);
        all_done.notify_all();
      }
    }
  };
  if (threads == 1 && !options.progress) {
    worker();
  } else {
    const auto start = std::chrono::steady_clock::now();
    auto report = [&](bool finished) {
      Progress p;
      p.done = done.load();
      p.total = n;
      p.bytes = bytes_done.load();
      p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      p.finished = finished;
      options.progress(p);
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);
    if (options.progress) {
      std::unique_lock<std::mutex> lock(mu);
      while (!all_done.wait_for(lock, std::chrono::milliseconds(100),
                                [&] { return done.load() == n; })) {
        lock.unlock();
        report(false);
        lock.lock();
      }
    }
    for (auto& t : pool) t.join();
    if (options.progress) report(true);
  }

  t_files.stop();
  if (tally)
    for (const CpuTally* c : {&tallies.read, &tallies.front, &tallies.match, &tallies.slim})
      c->report();
  StageTimer t_merge("merge");
  result.files.reserve(n);
  size_t total_findings = 0;
  for (const PerFile& pf : per_file) total_findings += pf.findings.size();
  result.findings.reserve(total_findings);
  std::map<FileKind, uint32_t> by_kind;
  for (size_t i = 0; i < n; ++i) {
    PerFile& pf = per_file[i];
    SourceFile& f = found.files[i];
    result.stats.files_scanned++;
    result.stats.bytes_scanned += pf.bytes;
    by_kind[f.kind]++;
    result.stats.suppressed += static_cast<uint32_t>(pf.suppressed);
    for (auto& d : pf.facts.diagnostics) result.diagnostics.push_back(std::move(d));
    pf.facts.diagnostics.clear();
    std::move(pf.findings.begin(), pf.findings.end(), std::back_inserter(result.findings));
    result.files.push_back({std::move(f), std::move(pf.facts)});
  }
  for (const auto& [kind, count] : by_kind)
    result.stats.files_by_kind[std::string(to_string(kind))] += count;
  // Files come sorted by path and each file's findings sorted: normally already in order.
  if (!std::is_sorted(result.findings.begin(), result.findings.end()))
    std::sort(result.findings.begin(), result.findings.end());
  std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return std::tie(a.path, a.line) < std::tie(b.path, b.line);
                   });
  return result;
}

}  // namespace ascendify::pipeline
