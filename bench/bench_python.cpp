// Throughput of the Python lexer and of the whole Python front end (bytes/s over the fixed
// input set of corpus.hpp).
#include <benchmark/benchmark.h>

#include "corpus.hpp"
#include "python/analyzer.hpp"
#include "python/lexer.hpp"

namespace ascendify::bench {
namespace {

void BM_PythonLexer(benchmark::State& state) {
  const auto& files = python_inputs();
  size_t tokens = 0;
  for (auto _ : state) {
    for (const auto& f : files) {
      python::LexResult r = python::lex(f.text);
      tokens += r.tokens.size();
      benchmark::DoNotOptimize(r.tokens.data());
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * python_bytes()));
  state.counters["files"] = static_cast<double>(files.size());
  state.counters["tokens/iter"] = static_cast<double>(tokens) / state.iterations();
}
BENCHMARK(BM_PythonLexer)->Unit(benchmark::kMillisecond);

void BM_PythonFrontEnd(benchmark::State& state) {
  const auto& files = python_inputs();
  size_t facts = 0;
  for (auto _ : state) {
    for (const auto& f : files) {
      FileFacts ff = python::analyze(f.text, f.path);
      facts += ff.facts.size();
      benchmark::DoNotOptimize(ff.facts.data());
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * python_bytes()));
  state.counters["facts/iter"] = static_cast<double>(facts) / state.iterations();
}
BENCHMARK(BM_PythonFrontEnd)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace ascendify::bench
