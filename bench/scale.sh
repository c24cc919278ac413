#!/usr/bin/env bash
# Runs compare.sh on a corpus and on 2x and 4x copies of it (hard links, made next to it when
# missing) and prints how wall time, CPU time and peak RSS grow against the 1x run.
# Usage: bench/scale.sh CORPUS_1X [ASCENDIFY_BINARY]   (env RUNS as for compare.sh)
set -euo pipefail
c1=$(cd "${1:?usage: scale.sh CORPUS_1X [ASCENDIFY_BINARY]}" && pwd)
bin=${2:-$(dirname "$0")/../build-release/ascendify}
here=$(cd "$(dirname "$0")" && pwd)
parent=$(dirname "$c1")
for k in 2 4; do
  dir=$parent/$(basename "$c1")-x$k
  if [[ ! -d $dir ]]; then
    mkdir -p "$dir"
    for ((i = 0; i < k; i++)); do cp -al "$c1" "$dir/copy$i"; done
  fi
done
declare -A scan rg cpu rss fill warm
for k in 1 2 4; do
  dir=$c1
  [[ $k == 1 ]] || dir=$parent/$(basename "$c1")-x$k
  out=$("$here/compare.sh" "$dir" "$bin")
  echo "== ${k}x"
  echo "$out"
  scan[$k]=$(awk '/^scan median:/ {print $3}' <<<"$out")
  rg[$k]=$(awk '/^rg median:/ {print $3}' <<<"$out")
  rss[$k]=$(awk '/^scan peak RSS:/ {print $4}' <<<"$out")
  cpu[$k]=$(awk -F'scan ' '/^CPU/ {split($2, a, " "); print a[1]}' <<<"$out")
  fill[$k]=$(sed -n 's/^peak RSS with the cache: \([0-9]*\) MB filling.*/\1/p' <<<"$out")
  warm[$k]=$(sed -n 's/^peak RSS with the cache: .*, \([0-9]*\) MB warm$/\1/p' <<<"$out")
done
echo
echo "corpus  scan ms  rg ms  ratio  scan/1x-scan (linear = k)  scan CPU s  CPU/1x  peak RSS MB (no cache / filling / warm)"
for k in 1 2 4; do
  awk -v k="$k" -v s="${scan[$k]}" -v r="${rg[$k]}" -v s1="${scan[1]}" -v c="${cpu[$k]}" \
      -v c1="${cpu[1]}" -v m="${rss[$k]}" -v f="${fill[$k]}" -v w="${warm[$k]}" \
      'BEGIN {printf "%dx      %7d  %5d  %5.2f  %5.2f (%+.0f%% vs linear)       %6.2f    %5.2f   %d / %d / %d\n",
              k, s, r, s / r, s / s1, (s / s1 / k - 1) * 100, c, c / c1, m, f, w}'
done
