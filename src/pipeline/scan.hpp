#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "assess/assessment.hpp"
#include "core/facts.hpp"
#include "core/scanned_file.hpp"
#include "core/source_file.hpp"
#include "discover/discover.hpp"
#include "match/matcher.hpp"
#include "project/file_filters.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::cache {
class FileCache;
}

namespace ascendify::pipeline {

// Progress of the read/analyse/match stage, reported about every 100 ms on the calling thread.
struct Progress {
  size_t done = 0;        // files finished
  size_t total = 0;       // files discovered (so far, while `counting`)
  bool counting = false;  // the walk is still going: the total is not known yet
  uint64_t bytes = 0;     // bytes of the finished files
  double seconds = 0;     // since the stage started
  bool finished = false;  // the last call, after all files
};

struct ScanOptions {
  discover::Options discover;
  unsigned threads = 0;                           // 0 = hardware concurrency
  std::function<void(const Progress&)> progress;  // optional; never called from a worker
  // Keep only the fact fields assess reads (see slim.hpp): far less memory on big trees.
  // Off by default: fix and tests see every fact.
  bool slim_facts = false;
  // The per-file filters the workers apply to each file's findings once the walk is over
  // (project/file_filters.hpp); none by default.
  project::FilterOptions filters;
  // Optional (with slim_facts): the incremental cache. A file it proves unchanged is not read
  // (its size, mtime, ctime and inode as recorded) or not analysed (its content hash as
  // recorded); every other file's result is recorded in it. The caller saves it. The result
  // is the same as without it (tests/e2e/cache_test.cpp).
  cache::FileCache* cache = nullptr;
};

using FileRecord = ScannedFile;

struct ScanResult {
  ScannedFiles files;             // sorted by rel_path
  std::vector<Finding> findings;  // sorted, through `filters`
  std::vector<Diagnostic> diagnostics;
  ScanStats stats;
  project::FileFilters filters;  // as built from the walk (for the project stage)
};

// The rules, maybe still loading on another thread: each worker calls it before it matches a
// file (with a cache: before it reads one) and waits there until they are loaded; the calling
// thread calls it once after the walk. It must return the same set every time. If it throws, the
// scan stops and rethrows.
using RulesSource = std::function<const rules::RuleSet&()>;

// Reads one file and runs the front end for its kind. Never throws.
FileFacts analyze_file(const SourceFile& file, std::string_view text);

// discover -> read -> front ends -> match -> per-file filters, in parallel, the stages
// overlapped: the calling thread walks the tree and hands each file to the workers as soon as
// it is found (threads - 1 of them beside the walk; after it, the calling thread is the last
// one); each worker reads the file, runs its front end and matches it at once, and applies the
// filters, which exist once the walk is over (files finished before that are filtered then).
// The output does not depend on the timing or the thread count: it equals
// scan_files(discover::walk(root), rules, options).
ScanResult scan(const std::filesystem::path& root, const RulesSource& rules,
                const ScanOptions& options);
ScanResult scan(const std::filesystem::path& root, const rules::RuleSet& rules,
                const ScanOptions& options);

// The same after discovery, the stages one after the other (the reference the streamed scan
// is tested against).
ScanResult scan_files(discover::Result found, const rules::RuleSet& rules,
                      const ScanOptions& options);

}  // namespace ascendify::pipeline
