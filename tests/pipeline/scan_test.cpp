// pipeline::scan: same result with 1 and with many threads; progress callback contract.
#include "pipeline/scan.hpp"

#include <gtest/gtest.h>

#include <tuple>

#include "embedded_rules.hpp"

namespace ascendify::pipeline {
namespace {

using testing::embedded_rules;

using Key = std::tuple<std::string, std::string, uint32_t, uint32_t, std::string, std::string>;

std::vector<Key> keys(const ScanResult& r) {
  std::vector<Key> out;
  for (const auto& f : r.findings)
    out.emplace_back(f.path, f.rule_id, f.span.line, f.span.col, f.match, f.replacement);
  return out;
}

ScanResult scan_with(const std::string& dir, unsigned threads) {
  ScanOptions o;
  o.threads = threads;
  return scan(std::string(ASCENDIFY_SOURCE_DIR) + "/" + dir, embedded_rules(), o);
}

void expect_same(const ScanResult& a, const ScanResult& b) {
  EXPECT_EQ(keys(a), keys(b));
  ASSERT_EQ(a.files.size(), b.files.size());
  for (size_t i = 0; i < a.files.size(); ++i) {
    EXPECT_EQ(a.files[i].file.rel_path, b.files[i].file.rel_path);
    EXPECT_EQ(a.files[i].facts.facts.size(), b.files[i].facts.facts.size());
  }
  ASSERT_EQ(a.diagnostics.size(), b.diagnostics.size());
  for (size_t i = 0; i < a.diagnostics.size(); ++i)
    EXPECT_EQ(a.diagnostics[i].message, b.diagnostics[i].message);
  EXPECT_EQ(a.stats.files_scanned, b.stats.files_scanned);
  EXPECT_EQ(a.stats.bytes_scanned, b.stats.bytes_scanned);
}

TEST(ScanThreads, FixturesSameWithOneAndEightThreads) {
  ScanResult one = scan_with("tests/fixtures", 1);
  ScanResult eight = scan_with("tests/fixtures", 8);
  EXPECT_GT(one.findings.size(), 100u);  // the rule fixtures produce many findings
  expect_same(one, eight);
}

TEST(ScanThreads, ExamplesSameWithOneAndEightThreads) {
  ScanResult one = scan_with("examples", 1);
  ScanResult eight = scan_with("examples", 8);
  EXPECT_FALSE(one.findings.empty());
  expect_same(one, eight);
}

TEST(ScanThreads, FilesAndFindingsAreSorted) {
  ScanResult r = scan_with("examples", 3);
  for (size_t i = 1; i < r.files.size(); ++i)
    EXPECT_LT(r.files[i - 1].file.rel_path, r.files[i].file.rel_path);
  EXPECT_TRUE(std::is_sorted(r.findings.begin(), r.findings.end()));
}

TEST(ScanProgress, FinalCallReportsAllFilesOnce) {
  for (unsigned threads : {1u, 4u}) {
    ScanOptions o;
    o.threads = threads;
    std::vector<Progress> calls;
    o.progress = [&](const Progress& p) { calls.push_back(p); };
    ScanResult r = scan(std::string(ASCENDIFY_SOURCE_DIR) + "/examples", embedded_rules(), o);
    ASSERT_FALSE(calls.empty());
    const Progress& last = calls.back();
    EXPECT_TRUE(last.finished);
    EXPECT_EQ(last.done, r.files.size());
    EXPECT_EQ(last.total, r.files.size());
    EXPECT_EQ(last.bytes, r.stats.bytes_scanned);
    for (size_t i = 0; i + 1 < calls.size(); ++i) {
      EXPECT_FALSE(calls[i].finished);
      EXPECT_LE(calls[i].done, calls[i].total);
    }
  }
}

TEST(ScanProgress, EmptyDirectoryFinishesWithZero) {
  const auto dir = std::filesystem::temp_directory_path() / "ascendify_pipeline_empty_test";
  std::filesystem::create_directories(dir);
  ScanOptions o;
  int finished = 0;
  o.progress = [&](const Progress& p) {
    if (p.finished) {
      ++finished;
      EXPECT_EQ(p.total, 0u);
    }
  };
  ScanResult r = scan(dir, embedded_rules(), o);
  EXPECT_TRUE(r.files.empty());
  EXPECT_EQ(finished, 1);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ascendify::pipeline
