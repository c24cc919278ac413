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
  unsigned threads = 0;                                                  // 0 = hardware concurrency
  std::vector<std::pair<std::string, std::vector<std::string>>> phases;  // --phase NAME=ENTRY,..
  std::string target_phase;
  std::function<void(const Progress&)> progress;  // optional; never called from a worker
  // Keep only the fact fields assess reads (see slim.hpp): far less memory on big trees.
  // Off by default: fix and tests see every fact.
  bool slim_facts = false;
  // Optional; asked on the worker thread about each rule hit of a file before its Finding is
  // built (true: not a finding; the caller's own-package filter).
  match::DropHit drop_hit;
  // Optional; runs on the worker thread on each file's findings right after matching (the
  // caller's per-file filters: per-file aggregation).
  std::function<void(std::vector<Finding>&)> per_file_findings;
  // Streamed scan: the texts of files analysed before matching can start are kept until then;
  // past this many bytes the workers stop taking new files until it can (a walk of a huge tree
  // must not hold a large part of it in memory).
  uint64_t max_waiting_bytes = 64ull << 20;
  // Optional (streamed scan): the rules as soon as they are loaded (the call waits until then;
  // it must return the rules `prepare` will return). Given, the workers match each file as
  // soon as it is analysed, without drop_hit and per_file_findings, which then run per file
  // once `prepare` has returned them: no file waits for the setup holding its text and its
  // full facts. The result is the same.
  std::function<const rules::RuleSet*()> early_rules;
  // Optional (streamed scan with early_rules): the incremental cache. A file it proves
  // unchanged is not read (its size, mtime, ctime and inode as recorded) or not analysed (its
  // content hash as recorded); every other file's result is recorded in it. The caller saves
  // it. The result is the same as without it (tests/e2e/cache_test.cpp).
  cache::FileCache* cache = nullptr;
};

using FileRecord = ScannedFile;

struct ScanResult {
  std::vector<FileRecord> files;  // sorted by rel_path
  std::vector<Finding> findings;  // sorted
  std::vector<Diagnostic> diagnostics;
  ScanStats stats;
};

// Reads one file and runs the front end for its kind. Never throws.
FileFacts analyze_file(const SourceFile& file, std::string_view text);

// What matching needs besides a file's text and facts.
struct MatchSetup {
  const rules::RuleSet* rules = nullptr;
  match::DropHit drop_hit;  // optional: the own-package filter (see ScanOptions::drop_hit)
};

// discover -> read -> front ends -> match, in parallel; deterministic output. The stages
// overlap (see scan_streamed); the result is that of scan_files(discover::walk(root)).
ScanResult scan(const std::filesystem::path& root, const rules::RuleSet& rules,
                const ScanOptions& options);

// The same with the start-up overlapped with the work: the calling thread walks the tree and
// hands each file to the workers as soon as it is found; they read it and run its front end at
// once (threads - 1 of them beside the walk; after it, the calling thread is the last one).
// `prepare` runs on the calling thread once the walk is complete, with its result (files
// sorted): it waits for whatever matching needs (rules loaded on another thread, filters built
// from the whole file list) and returns it. Files analysed before that are matched then, before
// any other. The output does not depend on the timing or the thread count: it equals
// scan_files(walk result) with options.drop_hit = prepare's drop_hit. An exception from
// `prepare` stops the workers and is rethrown.
ScanResult scan_streamed(const std::filesystem::path& root, const ScanOptions& options,
                         const std::function<MatchSetup(const discover::Result&)>& prepare);

// The same after discovery, the stages one after the other (the reference the streamed scan
// is tested against).
ScanResult scan_files(discover::Result found, const rules::RuleSet& rules,
                      const ScanOptions& options);

}  // namespace ascendify::pipeline
