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

namespace ascendify::pipeline {

// Progress of the read/analyse/match stage, reported about every 100 ms on the calling thread.
struct Progress {
  size_t done = 0;        // files finished
  size_t total = 0;       // files discovered
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

// discover -> read -> front ends -> match, in parallel; deterministic output.
ScanResult scan(const std::filesystem::path& root, const rules::RuleSet& rules,
                const ScanOptions& options);

// The same after discovery, for a caller that discovers while it loads the rules.
ScanResult scan_files(discover::Result found, const rules::RuleSet& rules,
                      const ScanOptions& options);

}  // namespace ascendify::pipeline
