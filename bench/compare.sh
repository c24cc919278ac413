#!/usr/bin/env bash
# Times `ascendify scan CORPUS --format json -o TMP` against ripgrep running the
# specification's combined scan patterns (see README.md) over the same tree, alternately,
# RUNS times each (default 5, env RUNS). Prints the median wall times, their ratio, and the
# peak RSS of one scan (GNU time -v); then a warm scan (incremental cache, unchanged tree) and
# its ratio to rg, the peak RSS of the scan that fills the cache and of a warm one, and (unless
# SPEEDUP=0) the -j1 -> -j2 speed-up of each with the serial fraction it implies. Usage: bench/compare.sh CORPUS [ASCENDIFY_BINARY]
set -euo pipefail
corpus=${1:?usage: compare.sh CORPUS [ASCENDIFY_BINARY]}
here=$(cd "$(dirname "$0")" && pwd)
bin=${2:-$here/../build-release/ascendify}
runs=${RUNS:-5}
command -v rg >/dev/null || { echo "compare.sh: rg not found" >&2; exit 2; }
[[ -x $bin ]] || { echo "compare.sh: $bin is not an executable (pass the built ascendify)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "compare.sh: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }

# shellcheck source=bench/common.sh
source "$here/common.sh"  # pattern, median

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Cold: the incremental cache would make every run after the first a re-scan (rescan.sh times
# that).
scan=("$bin" scan "$corpus" --format json -o "$tmp/report" --no-cache)
grep_cmd=(rg -n --no-require-git -e "$pattern" "$corpus")

now() { date +%s%N; }
run_timed() {  # prints elapsed ms of "$@", output discarded
  local t0 t1
  t0=$(now)
  "$@" >"$tmp/out" 2>"$tmp/err" || [[ $? -le 1 ]]  # rg exits 1 on no match
  t1=$(now)
  echo $(((t1 - t0) / 1000000))
}

# Warm the page cache once for both.
run_timed "${scan[@]}" >/dev/null
run_timed "${grep_cmd[@]}" >/dev/null
: >"$tmp/scan.ms"
: >"$tmp/rg.ms"
for ((i = 0; i < runs; i++)); do
  run_timed "${scan[@]}" >>"$tmp/scan.ms"
  run_timed "${grep_cmd[@]}" >>"$tmp/rg.ms"
done
scan_ms=$(median <"$tmp/scan.ms")
rg_ms=$(median <"$tmp/rg.ms")
rg_lines=$("${grep_cmd[@]}" | wc -l || true)
/usr/bin/time -v "${scan[@]}" >/dev/null 2>"$tmp/time.txt"
rss_kb=$(awk -F: '/Maximum resident set size/ {gsub(/ /,"",$2); print $2}' "$tmp/time.txt")
cpu() { awk -F: '/User time|System time/ {s += $2} END {printf "%.2f", s}' "$1"; }
scan_cpu=$(cpu "$tmp/time.txt")
/usr/bin/time -v "${grep_cmd[@]}" >/dev/null 2>"$tmp/rgtime.txt" || true
rg_cpu=$(cpu "$tmp/rgtime.txt")
files=$(find "$corpus" -type f -not -path '*/.git/*' | wc -l)
bytes=$(du -sb --exclude=.git "$corpus" | cut -f1)

echo "corpus:        $corpus ($files files, $((bytes / 1048576)) MB)"
echo "scan command:  ${scan[*]}"
echo "rg command:    rg -n --no-require-git -e ${pattern@Q} $corpus"
echo "runs:          $runs each, alternating (scan times: $(tr '\n' ' ' <"$tmp/scan.ms"))"
echo "scan median:   ${scan_ms} ms"
echo "rg median:     ${rg_ms} ms  ($rg_lines matching lines; rg times: $(tr '\n' ' ' <"$tmp/rg.ms"))"
awk -v s="$scan_ms" -v r="$rg_ms" 'BEGIN {printf "ratio scan/rg: %.2f\n", s / r}'
echo "scan peak RSS: $((rss_kb / 1024)) MB"
echo "CPU (user+sys, one run): scan ${scan_cpu} s, rg ${rg_cpu} s (less sensitive to a shared machine)"

# Warm: the same scan with the incremental cache of an unchanged tree (docs/cache.md), after
# one scan that fills it and three seconds (a stat recorded within two seconds of a file's
# mtime is not trusted).
# The filling scan is what a user's first plain `ascendify scan` costs (the cache is on by
# default): its peak RSS is printed too.
warm=("$bin" scan "$corpus" --format json -o "$tmp/report" --cache-dir "$tmp/cache")
peak_mb() { awk -F: '/Maximum resident set size/ {gsub(/ /,"",$2); print int($2 / 1024)}' "$1"; }
/usr/bin/time -v "${warm[@]}" >/dev/null 2>"$tmp/fill.txt"
sleep 3
run_timed "${warm[@]}" >/dev/null
: >"$tmp/warm.ms"
for ((i = 0; i < runs; i++)); do run_timed "${warm[@]}" >>"$tmp/warm.ms"; done
warm_ms=$(median <"$tmp/warm.ms")
/usr/bin/time -v "${warm[@]}" >/dev/null 2>"$tmp/warmtime.txt"
echo "warm median:   ${warm_ms} ms (cache, unchanged tree)"
awk -v s="$warm_ms" -v r="$rg_ms" 'BEGIN {printf "ratio warm/rg: %.2f\n", s / r}'
echo "peak RSS with the cache: $(peak_mb "$tmp/fill.txt") MB filling it (a first default scan), $(peak_mb "$tmp/warmtime.txt") MB warm"

# Scaling from one thread to two, alternately, and the serial fraction it implies by Amdahl's
# law (speed-up S on 2 threads: serial fraction = 2/S - 1). SPEEDUP=0 skips it.
if [[ ${SPEEDUP:-1} == 1 ]]; then
  for j in 1 2; do : >"$tmp/scan-j$j.ms"; : >"$tmp/rg-j$j.ms"; done
  for ((i = 0; i < runs; i++)); do
    for j in 1 2; do
      run_timed "${scan[@]}" -j "$j" >>"$tmp/scan-j$j.ms"
      run_timed rg -j "$j" -n --no-require-git -e "$pattern" "$corpus" >>"$tmp/rg-j$j.ms"
    done
  done
  for tool in scan rg; do
    t1=$(median <"$tmp/$tool-j1.ms")
    t2=$(median <"$tmp/$tool-j2.ms")
    awk -v n="$tool" -v a="$t1" -v b="$t2" 'BEGIN {s = a / b;
        printf "%-4s -j1 %d ms, -j2 %d ms: speed-up %.2fx, serial fraction %.0f%%\n",
               n, a, b, s, (2 / s - 1) * 100}'
  done
fi
