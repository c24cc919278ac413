// pipeline::ScanOptions::slim_facts (what `ascendify scan` uses) drops fact fields that only
// the matcher reads. The assessment must not change: the JSON report of the example project
// and of all fixtures is byte-identical with and without slimming, and the slim facts are
// really smaller (no String facts, no Reference arguments).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "assess/assess.hpp"
#include "core/use_digest.hpp"
#include "pipeline/scan.hpp"
#include "project/findings.hpp"
#include "render/render.hpp"
#include "rules/ruleset.hpp"

namespace ascendify {
namespace {

namespace fs = std::filesystem;

const rules::RuleSet& embedded() {
  static const rules::RuleSet rules = [] {
    std::vector<Diagnostic> d;
    return rules::load_rules({}, d);
  }();
  return rules;
}

struct Run {
  pipeline::ScanResult scan;
  std::string json;
};

Run run(const std::string& dir, bool slim) {
  const fs::path root = fs::path(ASCENDIFY_SOURCE_DIR) / dir;
  pipeline::ScanOptions so;
  so.threads = 2;
  so.slim_facts = slim;
  Run r;
  so.filters = {.own_code = true, .aggregate = true};  // as `scan` does
  r.scan = pipeline::scan(root, embedded(), so);
  // The project stage on these facts too: its findings across files read the slimmed ones.
  project::Project p = project::derive(r.scan.files, r.scan.findings, embedded(), r.scan.filters);
  assess::Input in;
  in.root = dir;
  in.files = &r.scan.files;
  in.findings = std::move(p.findings);
  in.cross = std::move(p.cross);
  in.diagnostics = r.scan.diagnostics;
  in.stats = r.scan.stats;
  r.json = render::render_json(assess::assess(std::move(in), embedded(), assess::Options{}));
  return r;
}

void expect_same_report(const std::string& dir) {
  const Run full = run(dir, false), slim = run(dir, true);
  ASSERT_GT(full.json.size(), 1000u);
  EXPECT_TRUE(full.json == slim.json) << dir << ": slim facts change the report";
  if (full.json != slim.json) {
    size_t k = 0;
    while (k < full.json.size() && k < slim.json.size() && full.json[k] == slim.json[k]) ++k;
    ADD_FAILURE() << "first difference: " << full.json.substr(k > 300 ? k - 300 : 0, 600)
                  << "\n----\n"
                  << slim.json.substr(k > 300 ? k - 300 : 0, 600);
  }
  // The facts slimming drops (pipeline/slim.hpp): present before, gone after.
  const auto dropped = [](const Fact& x) {
    return x.kind == FactKind::String || x.kind == FactKind::EnvVar ||
           x.kind == FactKind::FunctionDef || x.kind == FactKind::ClassDef ||
           (x.kind == FactKind::Native && x.detail == "include") ||
           (x.kind == FactKind::Command && x.call.empty() && x.name != "console-script");
  };
  size_t dropped_full = 0, dropped_slim = 0, ref_args_slim = 0, launches_full = 0,
         launches_slim = 0;
  for (const auto& f : full.scan.files)
    for (const auto& x : f.facts.facts) {
      dropped_full += dropped(x);
      launches_full += is_launch(x);
    }
  for (const auto& f : slim.scan.files)
    for (const auto& x : f.facts.facts) {
      dropped_slim += dropped(x);
      launches_slim += is_launch(x);
      if (x.kind == FactKind::Reference) ref_args_slim += x.args.size();
    }
  EXPECT_GT(dropped_full, 0u);
  EXPECT_EQ(dropped_slim, 0u);
  EXPECT_EQ(ref_args_slim, 0u);
  EXPECT_EQ(launches_slim, launches_full);  // kernel linking reads them
}

TEST(PerfSlim, ExampleReportUnchanged) {
  expect_same_report("examples");
}
TEST(PerfSlim, FixturesReportUnchanged) {
  expect_same_report("tests/fixtures");
}

}  // namespace
}  // namespace ascendify
