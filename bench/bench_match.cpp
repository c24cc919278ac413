// Rule matching: the facts of the fixed Python input set x the embedded rules.
#include <benchmark/benchmark.h>

#include "corpus.hpp"
#include "match/matcher.hpp"
#include "python/analyzer.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::bench {
namespace {

struct Prepared {
  rules::RuleSet rules;
  std::vector<SourceFile> files;
  std::vector<FileFacts> facts;
  size_t fact_count = 0;
};

const Prepared& prepared() {
  static const Prepared p = [] {
    Prepared out;
    std::vector<Diagnostic> diags;
    out.rules = rules::load_rules({}, diags);
    for (const auto& f : python_inputs()) {
      SourceFile sf;
      sf.rel_path = f.path;
      sf.kind = FileKind::Python;
      out.files.push_back(sf);
      out.facts.push_back(python::analyze(f.text, f.path));
      out.fact_count += out.facts.back().facts.size();
    }
    return out;
  }();
  return p;
}

void BM_MatchFacts(benchmark::State& state) {
  const Prepared& p = prepared();
  const auto& inputs = python_inputs();
  size_t findings = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < p.files.size(); ++i) {
      auto out = match::match_file(p.rules, p.files[i], inputs[i].text, p.facts[i]);
      findings += out.size();
      benchmark::DoNotOptimize(out.data());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * p.fact_count));
  state.counters["facts"] = static_cast<double>(p.fact_count);
  state.counters["rules"] = static_cast<double>(p.rules.all().size());
  state.counters["findings/iter"] = static_cast<double>(findings) / state.iterations();
}
BENCHMARK(BM_MatchFacts)->Unit(benchmark::kMillisecond);

void BM_LoadRules(benchmark::State& state) {
  for (auto _ : state) {
    std::vector<Diagnostic> diags;
    rules::RuleSet set = rules::load_rules({}, diags);
    benchmark::DoNotOptimize(set.all().data());
  }
}
BENCHMARK(BM_LoadRules)->Unit(benchmark::kMillisecond);

// The same without the build-time snapshot: the embedded rules parsed from YAML.
void BM_LoadRulesYaml(benchmark::State& state) {
  for (auto _ : state) {
    std::vector<Diagnostic> diags;
    rules::RuleSet set = rules::load_rules({}, diags, {});
    benchmark::DoNotOptimize(set.all().data());
  }
}
BENCHMARK(BM_LoadRulesYaml)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace ascendify::bench

BENCHMARK_MAIN();
