#!/usr/bin/env bash
# Fuzz smoke run (CI): builds every libFuzzer target of fuzz/ once (clang, ASan+UBSan) and runs
# each for a few seconds from its seed corpus (fuzz/make_corpus.sh); fails when any target
# reports a crash, a leak, a timeout or an out-of-memory. Longer runs: fuzz/run.sh.
# Usage: scripts/fuzz-smoke.sh [TARGET...]      (default: every target built by fuzz/)
# env: SECONDS_PER_TARGET (default 5), JOBS (build, default 2), BUILD_DIR (default build-fuzz,
#      shared with fuzz/run.sh), ASCENDIFY_BIN (the built CLI, for the cache target's seeds;
#      default build/ascendify)
# Crashing inputs are kept in BUILD_DIR/smoke/artifacts/TARGET/; replay one with
# `BUILD_DIR/fuzz_TARGET FILE`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-fuzz}
seconds=${SECONDS_PER_TARGET:-5}
start=$(date +%s)

cmake -S "$root/fuzz" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DASCENDIFY_FUZZ_SANITIZERS=ON >/dev/null
cmake --build "$build" -j"${JOBS:-2}"
built=$(date +%s)

targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  for exe in "$build"/fuzz_*; do
    [[ -x $exe && -f $exe ]] && targets+=("${exe##*/fuzz_}")
  done
fi
if [[ ${#targets[@]} -eq 0 ]]; then
  echo "fuzz-smoke: no fuzz target built in $build" >&2
  exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=()
for t in "${targets[@]}"; do
  seeds=$work/$t/seeds
  corpus=$work/$t/new  # libFuzzer writes what it finds into the first folder, not the seeds
  artifacts=$build/smoke/artifacts/$t/
  mkdir -p "$seeds" "$corpus" "$artifacts"
  if ! ASCENDIFY_BIN=${ASCENDIFY_BIN:-$root/build/ascendify} \
    "$root/fuzz/make_corpus.sh" "$t" "$seeds" >/dev/null; then
    failed+=("$t")
    echo "fuzz-smoke: $t FAILED: fuzz/make_corpus.sh $t gives no seed corpus" >&2
    continue
  fi
  log=$work/$t/log
  status=0
  (cd "$work/$t" && ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
    "$build/fuzz_$t" "$corpus" "$seeds" -artifact_prefix="$artifacts" \
    -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 >"$log" 2>&1) || status=$?
  runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -1)
  if [[ $status -ne 0 ]]; then
    failed+=("$t")
    echo "fuzz-smoke: $t FAILED (exit $status); input in $artifacts" >&2
    grep -E '==ERROR|SUMMARY|runtime error|ALARM|Test unit written|out-of-memory|timeout' \
      "$log" | head -20 >&2 || tail -20 "$log" >&2
  else
    echo "fuzz-smoke: $t ok, ${runs:-?} runs in ${seconds} s ($(ls "$seeds" | wc -l) seeds)"
  fi
done
end=$(date +%s)
echo "fuzz-smoke: ${#targets[@]} targets, build $((built - start)) s, runs $((end - built)) s"
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzz-smoke: failed: ${failed[*]}" >&2
  exit 1
fi
