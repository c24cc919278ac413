#!/usr/bin/env bash
# Times a re-scan with the incremental cache (docs/cache.md) against a cold scan of the same
# tree, alternately, RUNS times each (default 7, env RUNS), after one warm-up of each (page
# cache warm):
#   cold        ascendify scan COPY --format json -o TMP --no-cache
#   one file    the same with --cache-dir, after appending a line to FILE (one changed file)
#   unchanged   the same with --cache-dir, nothing changed
# Prints the medians, their ratios to cold, and the size of the cache folder. The corpus is
# copied first (it is often a tree of hard links: the edit must not reach the originals).
# Usage: bench/rescan.sh CORPUS REL_FILE [ASCENDIFY_BINARY]
set -euo pipefail
corpus=${1:?usage: rescan.sh CORPUS REL_FILE [ASCENDIFY_BINARY]}
rel=${2:?usage: rescan.sh CORPUS REL_FILE [ASCENDIFY_BINARY]}
here=$(cd "$(dirname "$0")" && pwd)
bin=${3:-$here/../build-release/ascendify}
runs=${RUNS:-7}
[[ -x $bin ]] || { echo "rescan.sh: $bin is not an executable (pass the built ascendify)" >&2; exit 2; }
[[ -f $corpus/$rel ]] || { echo "rescan.sh: no file $rel in $corpus" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$corpus" "$tmp/tree"
file=$tmp/tree/$rel
base=(scan "$tmp/tree" --format json -o "$tmp/report")

now() { date +%s%N; }
run_timed() {  # prints elapsed ms of ascendify "$@"
  local t0 t1
  t0=$(now)
  "$bin" "$@" >/dev/null 2>&1 || [[ $? -le 1 ]]
  t1=$(now)
  echo $(((t1 - t0) / 1000000))
}
# shellcheck source=bench/common.sh
source "$here/common.sh"  # median

# Warm-up; the copy's files are then older than the two seconds that make a stat trusted.
run_timed "${base[@]}" --no-cache >/dev/null
run_timed "${base[@]}" --cache-dir "$tmp/cache" >/dev/null
sleep 3
run_timed "${base[@]}" --cache-dir "$tmp/cache" >/dev/null
: >"$tmp/cold.ms"
: >"$tmp/one.ms"
: >"$tmp/same.ms"
for ((i = 0; i < runs; i++)); do
  run_timed "${base[@]}" --no-cache >>"$tmp/cold.ms"
  echo "ascendify_rescan_$i = $i" >>"$file"
  run_timed "${base[@]}" --cache-dir "$tmp/cache" >>"$tmp/one.ms"
  run_timed "${base[@]}" --cache-dir "$tmp/cache" >>"$tmp/same.ms"
done
cold=$(median <"$tmp/cold.ms")
one=$(median <"$tmp/one.ms")
same=$(median <"$tmp/same.ms")
echo "cold median: $cold ms"
echo "one file changed median: $one ms  ($(awk -v a="$one" -v b="$cold" 'BEGIN {printf "%.2f", a / b}')x cold)"
echo "unchanged median: $same ms  ($(awk -v a="$same" -v b="$cold" 'BEGIN {printf "%.2f", a / b}')x cold)"
# The reports agree: the last cached scan's with a cold scan's of the same tree.
"$bin" "${base[@]/$tmp\/report/$tmp/cached}" --cache-dir "$tmp/cache" >/dev/null 2>&1 || true
"$bin" "${base[@]/$tmp\/report/$tmp/plain}" --no-cache >/dev/null 2>&1 || true
cmp -s "$tmp/cached/ascendify-report.json" "$tmp/plain/ascendify-report.json" &&
  echo "reports: identical with and without the cache" ||
  { echo "rescan.sh: the reports differ with and without the cache" >&2; exit 1; }
echo "cache folder: $(du -sb "$tmp/cache" | cut -f1) bytes ($(ls "$tmp/cache" | tr '\n' ' '))"
