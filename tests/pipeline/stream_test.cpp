// pipeline::scan: the walk, the front ends, the matching and the per-file filters overlap, and
// the result is exactly that of walking first and scanning after (scan_files), whatever the
// thread count and however late the rules come.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <tuple>

#include "../discover/temp_tree.hpp"
#include "core/use_digest.hpp"
#include "embedded_rules.hpp"
#include "pipeline/scan.hpp"

namespace ascendify::pipeline {
namespace {

using discover::testing::TempTree;

using testing::embedded_rules;

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
    EXPECT_EQ(x.file.abs_path(), y.file.abs_path());
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

// Streamed, with the rules handed over only after `delay` (the workers wait for them).
ScanResult streamed(const std::filesystem::path& root, const ScanOptions& o,
                    std::chrono::milliseconds delay = {}) {
  std::once_flag loaded;
  return scan(
      root,
      [&]() -> const rules::RuleSet& {
        std::call_once(loaded, [&] {
          if (delay.count()) std::this_thread::sleep_for(delay);
        });
        return embedded_rules();
      },
      o);
}

TEST(ScanStreamed, SameAsWalkThenScanOnFixturesAndExamples) {
  for (const char* dir : {"tests/fixtures", "examples"}) {
    const ScanResult reference = walk_then_scan(source(dir), with_threads(1));
    EXPECT_FALSE(reference.findings.empty()) << dir;
    for (unsigned threads : {1u, 2u, 8u}) {
      SCOPED_TRACE(std::string(dir) + ", threads " + std::to_string(threads));
      expect_identical(streamed(source(dir), with_threads(threads)), reference);
      // Rules late: the walk is over before any file is matched.
      expect_identical(streamed(source(dir), with_threads(threads), std::chrono::milliseconds(60)),
                       reference);
    }
  }
}

// The per-file filters (own code, aggregation) exist once the walk is over: files finished
// before are filtered after it, the others by the workers. The same result as the
// walk-then-scan reference with those filters, however late the rules come.
TEST(ScanStreamed, FiltersGiveTheSameResultEarlyOrLate) {
  ScanOptions o = with_threads(1);
  o.filters = {.own_code = true, .aggregate = true};
  for (const char* dir : {"tests/fixtures", "examples"}) {
    const ScanResult reference = walk_then_scan(source(dir), o);
    const ScanResult unfiltered = walk_then_scan(source(dir), with_threads(1));
    ASSERT_LT(reference.findings.size(), unfiltered.findings.size()) << dir;
    for (unsigned threads : {1u, 2u, 8u}) {
      SCOPED_TRACE(std::string(dir) + ", threads " + std::to_string(threads));
      ScanOptions e = o;
      e.threads = threads;
      expect_identical(streamed(source(dir), e, std::chrono::milliseconds(60)), reference);
      expect_identical(streamed(source(dir), e), reference);
    }
  }
}

TEST(ScanStreamed, ScanIsStreamedAndSlimmedAlike) {
  ScanOptions o = with_threads(2);
  o.slim_facts = true;
  expect_identical(scan(source("tests/fixtures"), embedded_rules(), o),
                   walk_then_scan(source("tests/fixtures"), o));
}

// A slimmed scan keeps each digest's strings in its worker's pool: at most one pool per thread,
// each string stored once per pool, and every site and import reads the same strings as the
// digest built from the whole facts of an unslimmed scan.
TEST(ScanStreamed, DigestStringsSharedPerWorker) {
  ScanOptions whole = with_threads(1);
  whole.slim_facts = false;
  const ScanResult reference = scan(source("examples"), embedded_rules(), whole);
  for (unsigned threads : {1u, 2u, 8u}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    ScanOptions o = with_threads(threads);
    o.slim_facts = true;
    const ScanResult slim = scan(source("examples"), embedded_rules(), o);
    ASSERT_EQ(slim.files.size(), reference.files.size());
    std::set<const StringPool*> pools;
    size_t per_file_strings = 0, digested = 0;
    for (size_t i = 0; i < slim.files.size(); ++i) {
      const UseDigest& d = slim.files[i].facts.uses;
      if (!slim.files[i].facts.uses_digested) continue;
      ++digested;
      ASSERT_TRUE(d.pool) << slim.files[i].file.rel_path;
      EXPECT_TRUE(d.text.empty());
      pools.insert(d.pool.get());
      per_file_strings += d.count() - 1;
      UseDigest scratch;
      const UseDigest& r = uses_of(reference.files[i].facts, scratch);
      ASSERT_EQ(d.sites.size(), r.sites.size()) << slim.files[i].file.rel_path;
      const auto ds = d.sites.to_vector(), rs = r.sites.to_vector();
      ASSERT_EQ(ds.size(), rs.size());
      for (size_t k = 0; k < ds.size(); ++k) {
        EXPECT_EQ(d.str(ds[k].name), r.str(rs[k].name));
        EXPECT_EQ(d.str(ds[k].scope), r.str(rs[k].scope));
      }
      ASSERT_EQ(d.imports.size(), r.imports.size());
      for (size_t k = 0; k < d.imports.size(); ++k)
        EXPECT_EQ(d.str(d.imports[k].name), r.str(r.imports[k].name));
    }
    EXPECT_GT(digested, 10u);
    EXPECT_LE(pools.size(), threads);
    size_t pooled = 0;
    for (const StringPool* p : pools) pooled += p->count() - 1;
    EXPECT_LT(pooled, per_file_strings);  // names repeat across files: stored once
  }
}

// The own-package filter needs the whole walk: flash_attn/ is the project's own package, found
// after a.py, whose import of it is then not a finding; without the filter it is one.
TEST(ScanStreamed, OwnCodeFilterSeesTheWholeWalk) {
  TempTree t;
  t.file("a.py", "import flash_attn\nimport torch\ntorch.cuda.synchronize()\n");
  t.file("flash_attn/__init__.py", "");
  t.file("flash_attn/ops.py", "import torch\n");
  auto rules_of = [](const ScanResult& r) {
    std::vector<std::string> ids;
    for (const auto& f : r.findings) ids.push_back(f.rule_id);
    return ids;
  };
  for (unsigned threads : {1u, 4u}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    ScanOptions o = with_threads(threads);
    const std::vector<std::string> all = rules_of(streamed(t.root(), o));
    EXPECT_NE(std::find(all.begin(), all.end(), "attention.flash-attn-import"), all.end());
    o.filters.own_code = true;
    const ScanResult own = streamed(t.root(), o);
    const std::vector<std::string> kept = rules_of(own);
    EXPECT_EQ(std::find(kept.begin(), kept.end(), "attention.flash-attn-import"), kept.end());
    EXPECT_EQ(kept.size() + 1, all.size());
    EXPECT_EQ(own.filters.own_packages().of(""), std::set<std::string>{"flash_attn"});
  }
}

// The walk lists a directory's files before its subdirectories, so "b.py" comes before
// "a/b.py", and "a/c.py" before "a/b/c/d.py", which sort the other way by path. Here the two orders
// differ by a 9-cycle. The scan fills each file's record where the walk put it (each worker
// writes through a reference to it) and reorders the records in place: they must come out in
// path order (fails without the reordering), each still holding its own file's facts (fails if
// a worker's facts land in another file's record).
TEST(ScanStreamed, RecordsKeepTheirFactsWhenWalkAndPathOrderDiffer) {
  TempTree t;
  const std::vector<std::string> paths = {"a/b.py",     "a/c/d.py", "a-c.py",  "a.py",
                                          "a/c-e.py",   "a/c.py",   "b.py",    "a0.py",
                                          "a/b/c/d.py", "a/b-c.py", "a/b.c.py"};
  auto option_of = [](const std::string& path) {
    std::string dest = "opt_" + path;
    for (char& c : dest)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return dest;
  };
  for (const std::string& path : paths)
    t.file(path, "import argparse\np = argparse.ArgumentParser()\np.add_argument(\"--" +
                     option_of(path) + "\", action=\"store_true\")\n");
  for (unsigned threads : {1u, 3u}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    const ScanResult r = streamed(t.root(), with_threads(threads));
    ASSERT_EQ(r.files.size(), paths.size());
    for (size_t i = 0; i < r.files.size(); ++i) {
      const ScannedFile& f = r.files[i];
      if (i) {
        EXPECT_LT(r.files[i - 1].file.rel_path, f.file.rel_path);
      }
      EXPECT_EQ(f.facts.flag_options, std::vector<std::string>{option_of(f.file.rel_path)})
          << f.file.rel_path;
    }
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
    int finished = 0;
    std::atomic<int> loads{0};
    o.progress = [&](const Progress& p) {
      if (p.finished) {
        ++finished;
        EXPECT_EQ(p.total, 0u);
        EXPECT_FALSE(p.counting);
      }
    };
    ScanResult r = scan(
        t.root(),
        [&]() -> const rules::RuleSet& {
          ++loads;
          return embedded_rules();
        },
        o);
    EXPECT_TRUE(r.files.empty());
    EXPECT_TRUE(r.findings.empty());
    EXPECT_TRUE(r.diagnostics.empty());
    EXPECT_EQ(r.stats.files_scanned, 0u);
    EXPECT_GE(loads.load(), 1);  // a failure to load the rules shows even on an empty tree
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

TEST(ScanStreamed, RulesThatFailStopTheWorkers) {
  for (unsigned threads : {1u, 4u}) {
    EXPECT_THROW(scan(
                     source("examples"),
                     []() -> const rules::RuleSet& { throw std::runtime_error("rules failed"); },
                     with_threads(threads)),
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
