#!/usr/bin/env bash
# Runs one libFuzzer target for a fixed time, one process (the machine is shared).
# Usage: [FAST=1] [MAX_LEN=4096] fuzz/run.sh TARGET SECONDS [extra libFuzzer flags...]
# TARGET: python requirements pyproject manifest_misc notebook shell native rules fix
#         program_model mcp lsp
# Builds the fuzzers (clang, standalone CMake project in fuzz/) into build-fuzz/ when needed.
# Corpus: build-fuzz/corpus/TARGET (seeded by make_corpus.sh); crashes, hangs (-timeout=5)
# and leaks are written to build-fuzz/artifacts/TARGET/. Prints the execution count.
set -euo pipefail
target=$1
seconds=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
# FAST=1: coverage-only build (no ASan/UBSan) in build-fuzz-fast/, for execution count;
# it shares the corpus with the sanitized build.
if [[ -n ${FAST:-} ]]; then
  build=${ASCENDIFY_FUZZ_BUILD:-$root/build-fuzz-fast}
  sanitizers=OFF
else
  build=${ASCENDIFY_FUZZ_BUILD:-$root/build-fuzz}
  sanitizers=ON
fi
corpus_root=${ASCENDIFY_FUZZ_CORPUS:-$root/build-fuzz/corpus}

if [[ ! -x $build/fuzz_$target ]] || [[ -n ${ASCENDIFY_FUZZ_REBUILD:-} ]]; then
  cmake -S "$root/fuzz" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DASCENDIFY_FUZZ_SANITIZERS=$sanitizers >/dev/null
  cmake --build "$build" --target "fuzz_$target" -j"${JOBS:-1}"
fi

corpus=$corpus_root/$target
artifacts=$build/artifacts/$target/
mkdir -p "$corpus" "$artifacts"
if [[ -z $(ls -A "$corpus") ]]; then
  "$root/fuzz/make_corpus.sh" "$target" "$corpus"
fi

# One process: -jobs=1 -workers=1 (libFuzzer then logs to fuzz-0.log in the working dir).
# -rss_limit_mb: more than 2 GB for one input is reported as a bug.
logdir=$build/logs/$target
mkdir -p "$logdir"
rm -f "$logdir/fuzz-0.log"
(cd "$logdir" && "$build/fuzz_$target" "$corpus" -artifact_prefix="$artifacts" \
  -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=${MAX_LEN:-4096} -jobs=1 -workers=1 \
  -print_final_stats=1 -detect_leaks=${DETECT_LEAKS:-1} "$@" >/dev/null 2>&1) || true
grep -E '(DONE|stat::number_of_executed_units|stat::average_exec_per_sec|==ERROR|SUMMARY|Test unit written|ALARM|leak)' \
  "$logdir/fuzz-0.log" || true
ls -la "$artifacts"
