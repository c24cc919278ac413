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
#include <numeric>
#include <optional>
#include <thread>

#include "cache/facts_codec.hpp"
#include "cache/file_cache.hpp"
#include "core/helper_pool.hpp"
#include "core/read_file.hpp"
#include "core/timings.hpp"
#include "core/use_digest.hpp"
#include "match/matcher.hpp"
#include "pipeline/slim.hpp"
#include "python/analyzer.hpp"

namespace ascendify::pipeline {

namespace {

// A file's results beside its facts, which go straight into its record of the scan's files.
struct PerFile {
  explicit PerFile(FileFacts& into) : facts(into) {}
  FileFacts& facts;
  std::vector<Finding> findings;
  size_t suppressed = 0;
  uint64_t bytes = 0;
  bool filtered = false;  // the per-file filters ran on `findings`
  bool finished = false;  // streamed scan: its worker is done with it (under the scan's lock)
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

// One per worker, as large as the largest cached result it read.
std::string& cached_bytes() {
  thread_local std::string buffer;
  return buffer;
}

// Fills `out` from a cache entry; false (and `out` untouched) when the entry does not decode.
bool take_cached(const cache::FileCache::Recorded& recorded, CacheProbe& probe,
                 const SourceFile& file, PerFile& out, WorkerTallies* tally) {
  double t = tally ? StageTimer::thread_cpu_ms() : 0;
  std::optional<cache::FileResult> r;
  if (const auto blob = probe.cache->bytes(recorded.blob, cached_bytes()))
    r = cache::decode(*blob, *probe.rules);
  if (r) {
    out.facts = std::move(r->facts);
    out.findings = std::move(r->findings);
    out.suppressed = r->suppressed;
    out.bytes = r->bytes;
    out.filtered = false;
    probe.cache->keep(file.rel_path, probe.state, recorded);
  }
  if (tally) tally->cache.add_since(t);
  return r.has_value();
}

// One per worker, as large as the largest file it read.
std::string& read_buffer() {
  thread_local std::string buffer;
  return buffer;
}

// The strings of the use digests of the files this worker analysed in this scan, each once
// (core/string_pool.hpp): 10.2 MB of per-file strings are 5.9 MB on the speed corpus at -j 1.
std::shared_ptr<StringPool>& worker_strings() {
  thread_local std::shared_ptr<StringPool> pool;
  return pool;
}

// What a worker reuses from file to file, freed when no file is left: its thread outlives the
// scan (core/helper_pool.hpp), and the buffers would be held through the project stage, where
// a scan's memory peaks (7 MB on the speed corpus). Its string pool is sealed and left to the
// digests that use it; the next scan starts a new one.
void release_worker_buffers() {
  std::string().swap(read_buffer());
  std::string().swap(cached_bytes());
  python::release_thread_buffers();
  if (auto& pool = worker_strings()) {
    pool->seal();
    pool.reset();
  }
}

// A slimmed file's digest keeps its strings in the worker's pool.
void share_digest_strings(PerFile& out) {
  if (!out.facts.uses_digested) return;
  auto& pool = worker_strings();
  if (!pool) pool = std::make_shared<StringPool>();
  share_strings(out.facts.uses, pool);
}

// Reads the file and runs its front end. The text (a view of the worker's reused buffer, valid
// until its next file), or nullopt when the file could not be read (a diagnostic; nothing to
// match). With a `probe`, a file whose content the cache knows is taken from it instead of
// being analysed (`*cached` set: its findings are there already).
std::optional<std::string_view> analyse(const SourceFile& file, PerFile& out, WorkerTallies* tally,
                                        CacheProbe* probe = nullptr, bool* cached = nullptr) {
  std::string error;
  double t = tally ? StageTimer::thread_cpu_ms() : 0;
  std::string& buffer = read_buffer();
  // The walk stat-ed the file: its size needs no second fstat.
  const auto text = read_file_into(file.abs_path(), buffer, error, static_cast<int64_t>(file.size));
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

// Matches an analysed file and slims its facts. The findings are those before the per-file
// filters (the cache records them so: the filters depend on the whole walk).
void finish(const SourceFile& file, std::string_view text, PerFile& out,
            const rules::RuleSet& rules, const ScanOptions& options, WorkerTallies* tally) {
  double t = tally ? StageTimer::thread_cpu_ms() : 0;
  // Sorted by match_file: the per-file filters keep the first site of a rule as the reported one.
  out.findings = match::match_file(rules, file, text, out.facts, &out.suppressed);
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

void filter(PerFile& out, const project::FileFilters& filters) {
  filters.apply(out.findings);
  // Folding a rule's sites into one finding per file (FilterOptions::aggregate) keeps the
  // capacity of the unfolded list: 424-byte records kept until assess.
  out.findings.shrink_to_fit();
  out.filtered = true;
}

void report_tallies(const WorkerTallies* tally) {
  if (tally)
    for (const CpuTally* c :
         {&tally->read, &tally->front, &tally->match, &tally->slim, &tally->cache})
      c->report();
}

// Puts `files[order[k]]` at `files[k]` for every k, moving each record once (cycle by cycle):
// no second copy of the records, whose facts are most of a scan's memory.
void permute(ScannedFiles& files, const std::vector<size_t>& order) {
  std::vector<bool> placed(files.size(), false);
  for (size_t k = 0; k < files.size(); ++k) {
    if (placed[k] || order[k] == k) continue;
    ScannedFile first = std::move(files[k]);
    size_t to = k;
    for (size_t from = order[to]; from != k; to = from, from = order[to]) {
      files[to] = std::move(files[from]);
      placed[to] = true;
    }
    files[to] = std::move(first);
    placed[to] = true;
  }
}

// Builds the result from the scanned files and their per-file results (moved from); `order`
// lists the files' indexes by rel_path. `result.diagnostics` already holds the discovery
// diagnostics.
template <class Slots>
void merge(ScannedFiles& files, Slots& per_file, const std::vector<size_t>& order,
           ScanResult& result) {
  StageTimer t_merge("merge");
  size_t total_findings = 0;
  for (const PerFile& pf : per_file) total_findings += pf.findings.size();
  // Room for the project stage's findings (calls of wrappers, tables, re-exported uses, start-up
  // checks), merged into this list in place (project/findings.cpp): without it the list moves
  // to a new buffer there and is held twice where a scan's memory peaks (3.6 MB at -j 1 on
  // the speed corpus). They were 2-16 % of the per-file findings on the corpus and its four
  // repositories; more than an eighth only costs that move again.
  result.findings.reserve(total_findings + total_findings / 8);
  std::map<FileKind, uint32_t> by_kind;
  for (const size_t i : order) {
    PerFile& pf = per_file[i];
    result.stats.files_scanned++;
    result.stats.bytes_scanned += pf.bytes;
    by_kind[files[i].file.kind]++;
    result.stats.suppressed += static_cast<uint32_t>(pf.suppressed);
    for (auto& d : pf.facts.diagnostics) result.diagnostics.push_back(std::move(d));
    pf.facts.diagnostics.clear();
    std::move(pf.findings.begin(), pf.findings.end(), std::back_inserter(result.findings));
    std::vector<Finding>().swap(pf.findings);  // for the project stage to reuse
  }
  permute(files, order);
  result.files = std::move(files);
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
  return scan(
      root, [&rules]() -> const rules::RuleSet& { return rules; }, options);
}

ScanResult scan_files(discover::Result found, const rules::RuleSet& rules,
                      const ScanOptions& options) {
  ScanResult result;
  StageTimer t_files("read+analyse+match");
  WorkerTallies tallies;
  WorkerTallies* tally = timings_enabled() ? &tallies : nullptr;
  result.diagnostics = std::move(found.diagnostics);
  result.filters = project::FileFilters(found.files, options.filters);

  const size_t n = found.files.size();
  ScannedFiles files;
  for (SourceFile& f : found.files) files.push_back({std::move(f), {}});
  found.files = {};
  std::vector<PerFile> per_file;
  per_file.reserve(n);
  for (ScannedFile& f : files) per_file.emplace_back(f.facts);
  unsigned threads =
      std::min<unsigned>(thread_count(options), static_cast<unsigned>(std::max<size_t>(n, 1)));

  // Work stealing by an atomic index; each slot is written by exactly one worker, so the merge
  // below is deterministic whatever the thread count.
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; (i = next.fetch_add(1)) < n;) {
      PerFile& out = per_file[i];
      if (const auto text = analyse(files[i].file, out, tally)) {
        finish(files[i].file, *text, out, rules, options, tally);
        share_digest_strings(out);
        filter(out, result.filters);
      }
    }
    release_worker_buffers();
  };
  std::vector<Helper<void>> pool;
  for (unsigned t = 1; t < threads; ++t) pool.push_back(start_helper(threads, worker));
  worker();
  for (auto& t : pool) t.get();

  t_files.stop();
  report_tallies(tally);
  std::vector<size_t> order(n);  // the walk sorted them
  std::iota(order.begin(), order.end(), size_t{0});
  merge(files, per_file, order, result);
  return result;
}

namespace {

// The streamed scan (see scan.hpp): the calling thread walks and hands each file to the
// workers; after the walk it builds the filters and works as the last worker. The walk appends
// files (and their result slots) under `mu_`; a deque never moves its elements, so a worker
// uses the file and slot it took after unlocking. Each slot is written by the one worker that
// took the file, and the merge orders the files by rel_path: the output does not depend on
// which thread did what, or when.
class StreamedScan {
 public:
  StreamedScan(const RulesSource& rules, const ScanOptions& options)
      : rules_source_(rules), options_(options) {
    if (timings_enabled()) tally_ = &tallies_;
  }

  ScanResult run(const std::filesystem::path& root) {
    StageTimer t_files("read+analyse+match");
    const unsigned threads = thread_count(options_);
    std::vector<Helper<void>> pool;
    pool.reserve(threads - 1);
    for (unsigned t = 1; t < threads; ++t)
      pool.push_back(start_helper(threads, [this] { work(nullptr); }));
    discover::Result found;
    try {
      found = walk(root);
    } catch (...) {  // the workers stop before the exception leaves
      stop();
      pool.clear();  // waits for the workers that started
      throw;
    }
    std::function<void()> between_files;
    if (options_.progress)
      between_files = [this] {
        if (seconds() - last_report_ >= 0.1) report(files_.size(), false, false);
      };
    // An empty tree still loads the rules: a failure is reported the same.
    if (rules_or_stop()) work(between_files);
    for (auto& t : pool) t.get();
    if (rules_error_) std::rethrow_exception(rules_error_);
    if (options_.progress) report(files_.size(), false, true);
    t_files.stop();
    report_tallies(tally_);
    return merged(std::move(found));
  }

 private:
  // Walks the tree, handing each file to the workers; then builds the filters (they need the
  // whole walk: the project's own packages) and says the walk is over.
  discover::Result walk(const std::filesystem::path& root) {
    discover::Result found;
    {
      StageTimer t_discover("discover");
      found = discover::walk(root, options_.discover, [&](const SourceFile& f) {
        ScannedFile record{f, {}};  // the walk keeps its own file for the filters
        size_t count;
        {
          std::lock_guard<std::mutex> lock(mu_);
          files_.push_back(std::move(record));
          slots_.emplace_back(files_.back().facts);
          count = files_.size();
        }
        work_.notify_one();
        if (options_.progress && count % 64 == 0 && seconds() - last_report_ >= 0.1)
          report(count, true, false);
      });
    }
    project::FileFilters built(found.files, options_.filters);
    // The files finished before the filters existed are filtered now, not at the merge: their
    // unfiltered findings (about twice the filtered ones before sites fold per file) would
    // otherwise stay until every file is done, where a scan's memory peaks. A file still in
    // work is filtered by its worker, which sees walk_done_ when it finishes (work()).
    std::vector<PerFile*> finished;
    {
      std::lock_guard<std::mutex> lock(mu_);
      filters_ = std::move(built);
      walk_done_ = true;
      for (PerFile& slot : slots_)
        if (slot.finished && !slot.filtered) finished.push_back(&slot);
    }
    work_.notify_all();
    for (PerFile* slot : finished) filter(*slot, filters_);
    return found;
  }

  // Takes files until none is left and none will come. `between_files` (optional) runs after
  // each file, without the lock: the calling thread's progress reports.
  void work(const std::function<void()>& between_files) {
    std::unique_lock<std::mutex> lock(mu_);
    while (!stop_) {
      if (next_ < files_.size()) {
        const size_t i = next_++;
        const SourceFile& file = files_[i].file;
        PerFile& out = slots_[i];
        const project::FileFilters* ready = walk_done_ ? &filters_ : nullptr;
        lock.unlock();
        process(file, out, ready);
        bytes_done_.fetch_add(out.bytes, std::memory_order_relaxed);
        done_.fetch_add(1);
        lock.lock();
        out.finished = true;
        // The walk ended while the file was in work: its filters exist now.
        const bool late = !out.filtered && walk_done_;
        lock.unlock();
        if (late) filter(out, filters_);
        if (between_files) between_files();
        lock.lock();
      } else if (walk_done_) {
        break;  // nothing left, and nothing will come
      } else {
        work_.wait(lock);  // until the walk finds a file or ends
      }
    }
    lock.unlock();
    release_worker_buffers();
  }

  // One file: from the cache, or read, analysed and matched (then recorded in the cache); then
  // filtered if the filters exist.
  void process(const SourceFile& file, PerFile& out, const project::FileFilters* ready) {
    // The cache's entries name their rules: with a cache the rules come first; without, a
    // file is analysed while they may still be loading.
    // The cache holds slimmed facts: a caller that wants them whole does not use it.
    const bool caching = options_.cache && options_.slim_facts;
    const rules::RuleSet* rules = caching ? rules_or_stop() : nullptr;
    if (caching && !rules) return;
    CacheProbe probe;
    if (caching)
      if (const auto state = cache::stat_file(file.abs_path())) {
        probe.cache = options_.cache;
        probe.rules = rules;
        probe.state = *state;
      }
    bool cached = false;
    if (probe.cache)
      if (const auto recorded = probe.cache->unchanged(file.rel_path, probe.state))
        cached = take_cached(*recorded, probe, file, out, tally_);
    if (!cached)
      if (const auto text = analyse(file, out, tally_, probe.cache ? &probe : nullptr, &cached);
          text && !cached) {
        if (!rules && !(rules = rules_or_stop())) return;
        finish(file, *text, out, *rules, options_, tally_);
        if (probe.cache) record(file, out, probe);
      }
    share_digest_strings(out);
    if (ready) filter(out, *ready);
  }

  void record(const SourceFile& file, const PerFile& out, const CacheProbe& probe) {
    double t = tally_ ? StageTimer::thread_cpu_ms() : 0;
    probe.cache->put(
        file.rel_path, probe.state, probe.hash,
        cache::encode(out.facts, out.findings, static_cast<uint32_t>(out.suppressed), out.bytes));
    if (tally_) tally_->cache.add_since(t);
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    work_.notify_all();
  }

  // The rules, or null (and the scan stopping) when they failed to load.
  const rules::RuleSet* rules_or_stop() {
    try {
      return &rules_source_();
    } catch (...) {
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (!rules_error_) rules_error_ = std::current_exception();
        stop_ = true;
      }
      work_.notify_all();
      return nullptr;
    }
  }

  // Every file, in rel_path order, with its result. The walk's end and the workers have
  // filtered them all (walk(), work()); a file they missed would be filtered here.
  ScanResult merged(discover::Result found) {
    const size_t n = files_.size();
    for (size_t i = 0; i < n; ++i)
      if (!slots_[i].filtered) filter(slots_[i], filters_);
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(), [this](size_t a, size_t b) {
      return files_[a].file.rel_path < files_[b].file.rel_path;
    });
    ScanResult result;
    result.diagnostics = std::move(found.diagnostics);
    found.files = {};
    merge(files_, slots_, order, result);
    result.filters = std::move(filters_);
    return result;
  }

  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  // Calling thread only.
  void report(size_t total, bool counting, bool finished) {
    Progress p;
    p.done = done_.load();
    p.total = total;
    p.counting = counting;
    p.bytes = bytes_done_.load();
    p.seconds = last_report_ = seconds();
    p.finished = finished;
    options_.progress(p);
  }

  const RulesSource& rules_source_;
  const ScanOptions& options_;
  WorkerTallies tallies_;
  WorkerTallies* tally_ = nullptr;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  double last_report_ = 0;  // calling thread only

  std::mutex mu_;
  std::condition_variable work_;    // workers: a new file, the end of the walk, a stop
  ScannedFiles files_;              // in walk order; the facts filled in by the workers
  std::deque<PerFile> slots_;       // the rest of each file's results
  size_t next_ = 0;                 // next file to take
  bool walk_done_ = false;          // and `filters_` built
  bool stop_ = false;               // the rules failed: no more files
  std::exception_ptr rules_error_;  // the first failure of rules_source_
  project::FileFilters filters_;    // written once, under `mu_`, before `walk_done_`
  std::atomic<size_t> done_{0};
  std::atomic<uint64_t> bytes_done_{0};
};

}  // namespace

ScanResult scan(const std::filesystem::path& root, const RulesSource& rules,
                const ScanOptions& options) {
  return StreamedScan(rules, options).run(root);
}

}  // namespace ascendify::pipeline
