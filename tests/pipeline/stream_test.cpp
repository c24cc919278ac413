// pipeline::scan_streamed: the walk, the front ends and the matching overlap, and the result
// is exactly that of walking first and scanning after (scan_files), whatever the thread count
// and however late the rules come.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <tuple>

#include "../discover/temp_tree.hpp"
#include "pipeline/scan.hpp"

namespace ascendify::pipeline {
namespace {

using discover::testing::TempTree;

const rules::RuleSet& embedded_rules() {
  static const rules::RuleSet set = [] {
    std::vector<Diagnostic> diags;
    return rules::load_rules({}, diags);
  }();
  return set;
}

std::string source(const std::string& dir) {
  return std::string(ASCENDIFY_SOURCE_DIR) + "/" + dir;
}

// Everything the reports are built from, field by field.
void expect_identical(const ScanResult& a, const ScanResult& b) {
  ASSERT_EQ(a.findings.size(), b.findings.size());
  for (size_t i = 0; i < a.findings.size(); ++i) {
    const Finding& x = a.findings[i];
    const Finding& y = b.findings[i];
    EXPECT_EQ(
        std::tie(x.path, x.rule_id, x.span.line, x.span.col, x.match, x.replacement, x.message),
        std::tie(y.path, y.rule_id, y.span.line, y.span.col, y.match, y.replacement, y.message))
        << "finding " << i;
  }
  ASSERT_EQ(a.files.size(), b.files.size());
  for (size_t i = 0; i < a.files.size(); ++i) {
    const auto& x = a.files[i];
    const auto& y = b.files[i];
    EXPECT_EQ(x.file.rel_path, y.file.rel_path);
    EXPECT_EQ(x.file.abs_path, y.file.abs_path);
    EXPECT_EQ(x.file.kind, y.file.kind);
    EXPECT_EQ(x.file.size, y.file.size);
    EXPECT_EQ(x.facts.facts.size(), y.facts.facts.size()) << x.file.rel_path;
  }
  ASSERT_EQ(a.diagnostics.size(), b.diagnostics.size());
  for (size_t i = 0; i < a.diagnostics.size(); ++i) {
    EXPECT_EQ(a.diagnostics[i].path, b.diagnostics[i].path);
    EXPECT_EQ(a.diagnostics[i].line, b.diagnostics[i].line);
    EXPECT_EQ(a.diagnostics[i].message, b.diagnostics[i].message);
  }
  EXPECT_EQ(a.stats.files_scanned, b.stats.files_scanned);
  EXPECT_EQ(a.stats.bytes_scanned, b.stats.bytes_scanned);
  EXPECT_EQ(a.stats.suppressed, b.stats.suppressed);
  EXPECT_EQ(a.stats.files_by_kind, b.stats.files_by_kind);
}

ScanOptions with_threads(unsigned threads) {
  ScanOptions o;
  o.threads = threads;
  return o;
}

// Walk first, then scan: the order of the stages before streaming.
ScanResult walk_then_scan(const std::filesystem::path& root, const ScanOptions& o) {
  return scan_files(discover::walk(root, o.discover), embedded_rules(), o);
}

// Streamed, with the rules handed over only after `delay` (files analysed meanwhile wait).
ScanResult streamed(const std::filesystem::path& root, const ScanOptions& o,
                    std::chrono::milliseconds delay = {}) {
  return scan_streamed(root, o, [&](const discover::Result&) {
    if (delay.count()) std::this_thread::sleep_for(delay);
    return MatchSetup{&embedded_rules(), o.drop_hit};
  });
}

TEST(ScanStreamed, SameAsWalkThenScanOnFixturesAndExamples) {
  for (const char* dir : {"tests/fixtures", "examples"}) {
    const ScanResult reference = walk_then_scan(source(dir), with_threads(1));
    EXPECT_FALSE(reference.findings.empty()) << dir;
    for (unsigned threads : {1u, 2u, 8u}) {
      SCOPED_TRACE(std::string(dir) + ", threads " + std::to_string(threads));
      expect_identical(streamed(source(dir), with_threads(threads)), reference);
      // Rules late: most files are analysed before they come and are matched afterwards.
      expect_identical(streamed(source(dir), with_threads(threads), std::chrono::milliseconds(60)),
                       reference);
    }
  }
}

// With the rules early (ScanOptions::early_rules), files are matched as soon as they are
// analysed and the setup's filters (drop_hit, then per_file_findings) run after `prepare`:
// the same result as the walk-then-scan reference with those filters, however late the
// setup comes.
TEST(ScanStreamed, EarlyRulesWithLateFiltersGiveTheSameResult) {
  ScanOptions o = with_threads(1);
  o.drop_hit = [](const SourceFile&, const Rule&, std::string_view match) {
    return match.starts_with("torch.cuda.s");  // synchronize, set_device, stream, ...
  };
  o.per_file_findings = [](std::vector<Finding>& fs) {  // the first finding of each rule
    std::vector<Finding> kept;
    for (auto& f : fs)
      if (std::none_of(kept.begin(), kept.end(),
                       [&](const Finding& k) { return k.rule_id == f.rule_id; }))
        kept.push_back(std::move(f));
    fs = std::move(kept);
  };
  for (const char* dir : {"tests/fixtures", "examples"}) {
    const ScanResult reference = walk_then_scan(source(dir), o);
    const ScanResult unfiltered = walk_then_scan(source(dir), with_threads(1));
    ASSERT_LT(reference.findings.size(), unfiltered.findings.size()) << dir;
    for (unsigned threads : {1u, 2u, 8u}) {
      SCOPED_TRACE(std::string(dir) + ", threads " + std::to_string(threads));
      ScanOptions e = o;
      e.threads = threads;
      std::atomic<int> early_calls{0};
      e.early_rules = [&early_calls]() -> const rules::RuleSet* {
        ++early_calls;
        return &embedded_rules();
      };
      // The setup late: nearly every file is matched with the early rules.
      expect_identical(streamed(source(dir), e, std::chrono::milliseconds(60)), reference);
      if (threads > 1) {
        EXPECT_GT(early_calls.load(), 0);
      }
      expect_identical(streamed(source(dir), e), reference);
    }
  }
}

// With no room for waiting texts, the workers stop after the first file each until the rules
// come: the same result, and no deadlock.
TEST(ScanStreamed, WaitingBudgetReachedStillGivesTheSameResult) {
  const ScanResult reference = walk_then_scan(source("tests/fixtures"), with_threads(1));
  for (unsigned threads : {2u, 8u}) {
    ScanOptions o = with_threads(threads);
    o.max_waiting_bytes = 1;
    expect_identical(streamed(source("tests/fixtures"), o, std::chrono::milliseconds(40)),
                     reference);
    o.max_waiting_bytes = 0;
    expect_identical(streamed(source("tests/fixtures"), o, std::chrono::milliseconds(10)),
                     reference);
  }
}

TEST(ScanStreamed, ScanIsStreamedAndSlimmedAlike) {
  ScanOptions o = with_threads(2);
  o.slim_facts = true;
  expect_identical(scan(source("tests/fixtures"), embedded_rules(), o),
                   walk_then_scan(source("tests/fixtures"), o));
}

TEST(ScanStreamed, PrepareGetsTheWholeSortedWalkAndItsFilterIsUsed) {
  TempTree t;
  t.file("b/x.py", "import torch\ntorch.cuda.synchronize()\n");
  t.file("a.py", "import torch\nx = torch.cuda.is_available()\n");
  t.file("b.py", "import torch\n");
  t.file("README.md", "not source");
  for (unsigned threads : {1u, 4u}) {
    std::vector<std::string> seen;
    int calls = 0;
    ScanResult r = scan_streamed(t.root(), with_threads(threads), [&](const discover::Result& f) {
      ++calls;
      for (const auto& file : f.files) seen.push_back(file.rel_path);
      MatchSetup s{&embedded_rules(), {}};
      // Drops every hit outside b/: only b/x.py keeps findings.
      s.drop_hit = [](const SourceFile& file, const Rule&, std::string_view) {
        return file.rel_path.rfind("b/", 0) != 0;
      };
      return s;
    });
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(seen, (std::vector<std::string>{"a.py", "b.py", "b/x.py"}));
    ASSERT_EQ(r.files.size(), 3u);
    EXPECT_EQ(r.files[0].file.rel_path, "a.py");
    EXPECT_EQ(r.files[2].file.rel_path, "b/x.py");
    ASSERT_FALSE(r.findings.empty());
    for (const auto& f : r.findings) EXPECT_EQ(f.path, "b/x.py");
  }
}

TEST(ScanStreamed, DiscoveryDiagnosticsKeptInOrderWithFileDiagnostics) {
  TempTree t;
  t.file("a.py", "import torch\ntorch.cuda.synchronize()\n");
  t.file("big.py", std::string(200, '#'));              // over the cap below
  t.file("c/bin.py", std::string("x = 1\n\0\0\0", 9));  // binary: a front-end diagnostic
  t.file("c/ok.py", "x = 1\n");
  t.symlink(t.root() / "missing", "d.py");  // broken symlink
  t.file("e.ipynb", "{ not json");          // notebook that does not parse
  ScanOptions o = with_threads(1);
  o.discover.max_file_size = 100;
  const ScanResult reference = walk_then_scan(t.root(), o);
  std::vector<std::string> paths;
  for (const auto& d : reference.diagnostics) paths.push_back(d.path);
  EXPECT_EQ(paths, (std::vector<std::string>{"big.py", "c/bin.py", "d.py", "e.ipynb"}));
  EXPECT_EQ(reference.diagnostics[0].message, "200 bytes exceeds the size cap of 100 bytes");
  EXPECT_EQ(reference.files.size(), 4u);  // a.py, c/bin.py, c/ok.py, e.ipynb
  for (unsigned threads : {1u, 2u, 8u}) {
    o.threads = threads;
    SCOPED_TRACE("threads " + std::to_string(threads));
    expect_identical(streamed(t.root(), o), reference);
    expect_identical(streamed(t.root(), o, std::chrono::milliseconds(20)), reference);
  }
}

TEST(ScanStreamed, EmptyTree) {
  TempTree t;
  for (unsigned threads : {1u, 3u}) {
    ScanOptions o = with_threads(threads);
    int prepared = 0, finished = 0;
    o.progress = [&](const Progress& p) {
      if (p.finished) {
        ++finished;
        EXPECT_EQ(p.total, 0u);
        EXPECT_FALSE(p.counting);
      }
    };
    ScanResult r = scan_streamed(t.root(), o, [&](const discover::Result& f) {
      ++prepared;
      EXPECT_TRUE(f.files.empty());
      return MatchSetup{&embedded_rules(), {}};
    });
    EXPECT_TRUE(r.files.empty());
    EXPECT_TRUE(r.findings.empty());
    EXPECT_TRUE(r.diagnostics.empty());
    EXPECT_EQ(r.stats.files_scanned, 0u);
    EXPECT_EQ(prepared, 1);
    EXPECT_EQ(finished, 1);
  }
}

TEST(ScanStreamed, MissingRootIsADiagnostic) {
  TempTree t;
  ScanResult r = streamed(t.root() / "nope", with_threads(2));
  EXPECT_TRUE(r.files.empty());
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].path, ".");
}

TEST(ScanStreamed, PrepareThatThrowsStopsTheWorkers) {
  for (unsigned threads : {1u, 4u}) {
    EXPECT_THROW(scan_streamed(source("examples"), with_threads(threads),
                               [](const discover::Result&) -> MatchSetup {
                                 throw std::runtime_error("rules failed");
                               }),
                 std::runtime_error);
  }
}

TEST(ScanStreamed, FinalProgressHasTheTotal) {
  ScanOptions o = with_threads(2);
  std::vector<Progress> calls;
  o.progress = [&](const Progress& p) { calls.push_back(p); };
  ScanResult r = streamed(source("tests/fixtures"), o, std::chrono::milliseconds(150));
  ASSERT_FALSE(calls.empty());
  EXPECT_TRUE(calls.back().finished);
  EXPECT_FALSE(calls.back().counting);
  EXPECT_EQ(calls.back().total, r.files.size());
  EXPECT_EQ(calls.back().done, r.files.size());
  for (const auto& p : calls) {
    EXPECT_LE(p.done, p.total);
    if (!p.counting) {
      EXPECT_EQ(p.total, r.files.size());
    }
  }
}

}  // namespace
}  // namespace ascendify::pipeline
