#include "pipeline/scan.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "cache/facts_codec.hpp"
#include "cache/file_cache.hpp"
#include "core/read_file.hpp"
#include "core/timings.hpp"
#include "match/matcher.hpp"
#include "pipeline/slim.hpp"

namespace ascendify::pipeline {

namespace {

struct PerFile {
  FileFacts facts;
  std::vector<Finding> findings;
  size_t suppressed = 0;
  uint64_t bytes = 0;
  std::string text;       // streamed scan: the text of a file analysed before matching could start
  bool filtered = false;  // drop_hit and per_file_findings ran on `findings`
};

// Worker CPU by kind of work, printed with ASCENDIFY_TIMINGS.
struct WorkerTallies {
  CpuTally read{"read files"}, front{"front ends"}, match{"match+filters"}, slim{"slim facts"},
      cache{"cache"};
};

// The cache's part in one file (ScanOptions::cache).
struct CacheProbe {
  cache::FileCache* cache = nullptr;
  const rules::RuleSet* rules = nullptr;  // the entries name their rules by id
  // Taken before the file is read: a change after it shows in the next scan's stat.
  cache::FileState state;
  uint64_t hash = 0;  // of the content, once read
};

// Fills `out` from a cache entry; false (and `out` untouched) when the entry does not decode.
bool take_cached(const cache::FileCache::Recorded& recorded, CacheProbe& probe,
                 const SourceFile& file, PerFile& out, WorkerTallies* tally) {
  double t = tally ? StageTimer::thread_cpu_ms() : 0;
  std::optional<cache::FileResult> r = cache::decode(recorded.blob, *probe.rules);
  if (r) {
    out.facts = std::move(r->facts);
    out.findings = std::move(r->findings);
    out.suppressed = r->suppressed;
    out.bytes = r->bytes;
    out.filtered = false;
    probe.cache->keep(file.rel_path, probe.state, recorded.hash, recorded.blob);
  }
  if (tally) tally->cache.add_since(t);
  return r.has_value();
}

// Reads the file and runs its front end. The text (a view of the worker's reused buffer, valid
// until its next file), or nullopt when the file could not be read (a diagnostic; nothing to
// match). With a `probe`, a file whose content the cache knows is taken from it instead of
// being analysed (`*cached` set: its findings are there already).
std::optional<std::string_view> analyse(const SourceFile& file, PerFile& out, WorkerTallies* tally,
                                        CacheProbe* probe = nullptr, bool* cached = nullptr) {
  std::string error;
  double t = tally ? StageTimer::thread_cpu_ms() : 0;
  thread_local std::string buffer;  // one per worker, as large as the largest file read
  // The walk stat-ed the file: its size needs no second fstat.
  const auto text = read_file_into(file.abs_path, buffer, error, static_cast<int64_t>(file.size));
  if (tally) t = tally->read.add_since(t);
  if (!text) {
    out.facts.diagnostics.push_back({file.rel_path, 0, error});
    return std::nullopt;
  }
  if (probe) {
    probe->hash = probe->cache->content_hash(*text);
    if (const auto recorded = probe->cache->same_content(file.rel_path, probe->hash))
      if (take_cached(*recorded, *probe, file, out, tally)) {
        *cached = true;
        return text;
      }
  }
  out.bytes = text->size();
  out.facts = analyze_file(file, *text);
  if (tally) tally->front.add_since(t);
  return text;
}

// The caller's per-file filters on a file matched without them (ScanOptions::early_rules): the
// hits drop_hit refuses, then per_file_findings, as match_file and finish run them.
void filter_findings(const SourceFile& file, PerFile& out, const match::DropHit& drop_hit,
                     const ScanOptions& options) {
  if (drop_hit)
    std::erase_if(out.findings,
                  [&](const Finding& f) { return f.rule && drop_hit(file, *f.rule, f.match); });
  if (options.per_file_findings) options.per_file_findings(out.findings);
  out.filtered = true;
}

// Matches an analysed file and slims its facts. `filters`: also run the caller's per-file
// filters (false: filter_findings runs them later).
void finish(const SourceFile& file, std::string_view text, PerFile& out,
            const rules::RuleSet& rules, const match::DropHit& drop_hit, const ScanOptions& options,
            WorkerTallies* tally, bool filters = true) {
  double t = tally ? StageTimer::thread_cpu_ms() : 0;
  // Sorted by match_file: the per-file filters keep the first site of a rule as the reported one.
  out.findings = match::match_file(rules, file, text, out.facts, &out.suppressed,
                                   filters && drop_hit ? &drop_hit : nullptr);
  if (filters && options.per_file_findings) options.per_file_findings(out.findings);
  out.filtered = filters;
  if (tally) t = tally->match.add_since(t);
  // The facts are kept until assess; drop the growth slack of the vectors (up to half of
  // their capacity) while the file is hot.
  if (options.slim_facts)
    slim_for_assess(out.facts);
  else
    out.facts.facts.shrink_to_fit();
  out.findings.shrink_to_fit();
  if (tally) tally->slim.add_since(t);
}

PerFile process(const SourceFile& file, const rules::RuleSet& rules, const ScanOptions& options,
                WorkerTallies* tally) {
  PerFile out;
  if (const auto text = analyse(file, out, tally))
    finish(file, *text, out, rules, options.drop_hit, options, tally);
  return out;
}

void report_tallies(const WorkerTallies* tally) {
  if (tally)
    for (const CpuTally* c :
         {&tally->read, &tally->front, &tally->match, &tally->slim, &tally->cache})
      c->report();
}

// Builds the result from the files in rel_path order and their per-file results (moved from).
// `result.diagnostics` already holds the discovery diagnostics.
void merge(const std::vector<std::pair<SourceFile*, PerFile*>>& in, ScanResult& result) {
  StageTimer t_merge("merge");
  result.files.reserve(in.size());
  size_t total_findings = 0;
  for (const auto& entry : in) total_findings += entry.second->findings.size();
  result.findings.reserve(total_findings);
  std::map<FileKind, uint32_t> by_kind;
  for (const auto& [file, per] : in) {
    PerFile& pf = *per;
    SourceFile& f = *file;
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
}

unsigned thread_count(const ScanOptions& options) {
  return std::max(1u, options.threads ? options.threads : std::thread::hardware_concurrency());
}

}  // namespace

ScanResult scan(const std::filesystem::path& root, const rules::RuleSet& rules,
                const ScanOptions& options) {
  return scan_streamed(root, options, [&](const discover::Result&) {
    return MatchSetup{&rules, options.drop_hit};
  });
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
  unsigned threads =
      std::min<unsigned>(thread_count(options), static_cast<unsigned>(std::max<size_t>(n, 1)));

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
  report_tallies(tally);
  std::vector<std::pair<SourceFile*, PerFile*>> in;
  in.reserve(n);
  for (size_t i = 0; i < n; ++i) in.emplace_back(&found.files[i], &per_file[i]);
  merge(in, result);
  return result;
}

ScanResult scan_streamed(const std::filesystem::path& root, const ScanOptions& options,
                         const std::function<MatchSetup(const discover::Result&)>& prepare) {
  StageTimer t_files("read+analyse+match");
  WorkerTallies tallies;
  WorkerTallies* tally = timings_enabled() ? &tallies : nullptr;

  // The walk appends files (and their result slots) under `mu`; a deque never moves its
  // elements, so a worker uses the file and slot it took after unlocking. Each slot is written
  // by one worker at a time (the one that took the file, then maybe the one that matches it
  // after it waited), and the merge orders the files by rel_path: the output does not depend on
  // which thread did what, or when.
  std::mutex mu;
  std::condition_variable work;  // workers: a new file, the setup, the end
  std::deque<SourceFile> files;  // in walk order
  std::deque<PerFile> slots;
  size_t next = 0;              // next file to analyse
  std::vector<size_t> waiting;  // analysed before the setup was ready
  bool walk_done = false, ready = false, stop = false;
  MatchSetup setup;            // written once, under `mu`, before `ready`
  size_t waited = 0;           // files that waited for the setup (timings)
  uint64_t waiting_bytes = 0;  // their texts, bounded by options.max_waiting_bytes
  std::atomic<size_t> done{0};
  std::atomic<uint64_t> bytes_done{0};
  const bool early = static_cast<bool>(options.early_rules);

  const auto start = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  double last_report = 0;  // calling thread only
  auto report = [&](size_t total, bool counting, bool finished) {
    Progress p;
    p.done = done.load();
    p.total = total;
    p.counting = counting;
    p.bytes = bytes_done.load();
    p.seconds = last_report = seconds();
    p.finished = finished;
    options.progress(p);
  };

  // The cache's part in a file: the rules to decode its entries with and the file's state.
  auto cache_probe = [&](const SourceFile& file) {
    CacheProbe probe;
    try {
      probe.rules = options.early_rules();
    } catch (...) {
      return CacheProbe{};  // the rules failed: `prepare` says so
    }
    if (const auto state = cache::stat_file(file.abs_path)) {
      probe.cache = options.cache;
      probe.state = *state;
    }
    return probe;
  };
  auto record = [&](const SourceFile& file, const PerFile& pf, const CacheProbe& probe,
                    WorkerTallies* tally) {
    double t = tally ? StageTimer::thread_cpu_ms() : 0;
    probe.cache->put(
        file.rel_path, probe.state, probe.hash,
        cache::encode(pf.facts, pf.findings, static_cast<uint32_t>(pf.suppressed), pf.bytes));
    if (tally) tally->cache.add_since(t);
  };

  // Takes files until none is left and none will come. `between_files` (optional) runs after
  // each file, without the lock: the calling thread's progress reports.
  auto worker = [&](const std::function<void()>& between_files) {
    std::unique_lock<std::mutex> lock(mu);
    while (!stop) {
      PerFile* pf = nullptr;
      bool counted = false;             // progress: a waiting file counted when analysed
      if (ready && !waiting.empty()) {  // the files that waited for the setup go first
        const size_t i = waiting.back();
        waiting.pop_back();
        const SourceFile& file = files[i];
        pf = &slots[i];
        lock.unlock();
        finish(file, pf->text, *pf, *setup.rules, setup.drop_hit, options, tally);
        std::string().swap(pf->text);
        counted = true;
      } else if (next < files.size() &&
                 (ready || early || waiting_bytes < options.max_waiting_bytes)) {
        const size_t i = next++;
        const SourceFile& file = files[i];
        pf = &slots[i];
        const bool was_ready = ready;
        lock.unlock();
        CacheProbe probe;
        // The cache holds slimmed facts: a caller that wants them whole does not use it.
        if (options.cache && early && options.slim_facts) probe = cache_probe(file);
        bool cached = false;
        if (probe.cache)
          if (const auto recorded = probe.cache->unchanged(file.rel_path, probe.state))
            cached = take_cached(*recorded, probe, file, *pf, tally);
        const auto text = cached
                              ? std::nullopt
                              : analyse(file, *pf, tally, probe.cache ? &probe : nullptr, &cached);
        // Matched now with the rules alone; the setup's filters run after `prepare`. Rules that
        // failed to load: the file waits, and `prepare` reports the failure. A file the cache
        // records is matched so too (the cache keeps findings before the filters), then
        // filtered at once when the setup is there.
        const rules::RuleSet* early_set = probe.rules;
        if (text && !was_ready && early && !early_set) try {
            early_set = options.early_rules();
          } catch (...) {
          }
        if (cached) {
          if (was_ready) filter_findings(file, *pf, setup.drop_hit, options);
        } else if (early_set && text) {
          finish(file, *text, *pf, *early_set, {}, options, tally, false);
          if (probe.cache) record(file, *pf, probe, tally);
          if (was_ready) filter_findings(file, *pf, setup.drop_hit, options);
        } else if (text && !was_ready) {
          pf->text.assign(*text);  // kept (copied outside the lock) to be matched later
          // Counted as done now: the walk's progress line shows the files analysed so far,
          // not 0 until the setup is ready (matching it later is the small part).
          bytes_done.fetch_add(pf->bytes, std::memory_order_relaxed);
          done.fetch_add(1);
          lock.lock();
          if (!ready) {
            waiting.push_back(i);
            ++waited;
            waiting_bytes += pf->text.size();
            continue;  // still holding the lock
          }
          lock.unlock();  // the setup came meanwhile: match now
          std::string().swap(pf->text);
          counted = true;
          finish(file, *text, *pf, *setup.rules, setup.drop_hit, options, tally);
        } else if (text) {
          finish(file, *text, *pf, *setup.rules, setup.drop_hit, options, tally);
        }
      } else if (walk_done && ready) {
        break;  // nothing left, and nothing will come
      } else {  // no file yet, or too many waiting: until the walk or the setup moves on
        work.wait(lock);
        continue;
      }
      if (!counted) {
        bytes_done.fetch_add(pf->bytes, std::memory_order_relaxed);
        done.fetch_add(1);
      }
      if (between_files) between_files();
      lock.lock();
    }
  };

  // The calling thread walks, then works as one of the `threads` workers: while it walks, one
  // thread fewer analyses (on a machine with as many cores as threads, the walk gets a core of
  // its own and fewer files wait for the setup).
  const unsigned threads = thread_count(options);
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker, nullptr);
  auto stop_workers = [&] {
    {
      std::lock_guard<std::mutex> lock(mu);
      stop = true;
    }
    work.notify_all();
    for (auto& t : pool) t.join();
  };

  discover::Result found;
  {
    StageTimer t_discover("discover");
    found = discover::walk(root, options.discover, [&](const SourceFile& f) {
      SourceFile copy = f;  // the walk keeps its own for `prepare`
      size_t count;
      {
        std::lock_guard<std::mutex> lock(mu);
        files.push_back(std::move(copy));
        slots.emplace_back();
        count = files.size();
      }
      work.notify_one();
      if (options.progress && count % 64 == 0 && seconds() - last_report >= 0.1)
        report(count, true, false);
    });
  }
  size_t n;
  {
    std::lock_guard<std::mutex> lock(mu);
    walk_done = true;
    n = files.size();
  }
  try {
    MatchSetup s = prepare(found);
    std::lock_guard<std::mutex> lock(mu);
    setup = std::move(s);
    ready = true;
  } catch (...) {
    stop_workers();
    throw;
  }
  work.notify_all();
  std::function<void()> between_files;
  if (options.progress)
    between_files = [&] {
      if (seconds() - last_report >= 0.1) report(n, false, false);
    };
  worker(between_files);
  for (auto& t : pool) t.join();
  if (options.progress) report(n, false, true);
  t_files.stop();
  report_tallies(tally);
  if (timings_enabled())
    std::fprintf(stderr, "ascendify: timing:   %-22s %8zu files\n", "waited for the setup", waited);

  // Files matched with the early rules: the setup's per-file filters now.
  if (early)
    for (size_t i = 0; i < n; ++i)
      if (!slots[i].filtered) filter_findings(files[i], slots[i], setup.drop_hit, options);

  // The files in rel_path order (as the walk returns them), each with its result.
  std::vector<std::pair<SourceFile*, PerFile*>> in;
  in.reserve(n);
  for (size_t i = 0; i < n; ++i) in.emplace_back(&files[i], &slots[i]);
  std::sort(in.begin(), in.end(),
            [](const auto& a, const auto& b) { return a.first->rel_path < b.first->rel_path; });
  ScanResult result;
  result.diagnostics = std::move(found.diagnostics);
  found.files = {};
  merge(in, result);
  return result;
}

}  // namespace ascendify::pipeline
