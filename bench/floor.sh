#!/usr/bin/env bash
# The floor under the cold ratio to rg: what a scan of CORPUS costs with its Python semantics
# and without them. Runs, in rotating order, RUNS rounds (default 5, env RUNS) of:
#   full         ascendify scan CORPUS --format json -o TMP --no-cache   (compare.sh's command)
#   lex          the same with ASCENDIFY_FLOOR=lex: Python files lexed, nothing kept of them
#   skip-python  the same with ASCENDIFY_FLOOR=skip-python: Python files read, not even lexed
#   rg           compare.sh's rg command
# and prints for each the median wall time, its ratio to rg, CPU (user+sys) and peak RSS; then,
# from three runs each of full and lex with ASCENDIFY_TIMINGS, the median tail: the wall after
# the parallel stage that reads, analyses and matches (project passes, assess, render).
# Notebooks are analysed whole in every variant (their cells go through the full front end).
# The binary must be built with -DASCENDIFY_FLOOR_PROBES=ON (never shipped; its --version ends
# in "+floor-probes"):
#   cmake -S . -B build-floor -G Ninja -DCMAKE_BUILD_TYPE=Release -DASCENDIFY_TESTS=OFF \
#     -DASCENDIFY_FLOOR_PROBES=ON && cmake --build build-floor --target ascendify
# Usage: bench/floor.sh CORPUS [FLOOR_BINARY]
set -euo pipefail
corpus=${1:?usage: floor.sh CORPUS [FLOOR_BINARY]}
here=$(cd "$(dirname "$0")" && pwd)
bin=${2:-$here/../build-floor/ascendify}
runs=${RUNS:-5}
command -v rg >/dev/null || { echo "floor.sh: rg not found" >&2; exit 2; }
[[ -x $bin ]] || { echo "floor.sh: $bin is not an executable (build it as the header says)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "floor.sh: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
# A binary without the probes would time the full scan three times: refuse it.
if ! "$bin" --version | grep -q -- '+floor-probes$'; then
  echo "floor.sh: $bin has no floor probes (configure it with -DASCENDIFY_FLOOR_PROBES=ON)" >&2
  exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck source=bench/common.sh
source "$here/common.sh"  # pattern (compare.sh's rg baseline), median
scan=("$bin" scan "$corpus" --format json -o "$tmp/report" --no-cache)
variants=(full lex skip-python rg)

command_of() {  # the command line of a variant, in the array `cmd`
  case $1 in
    full) cmd=(env -u ASCENDIFY_FLOOR "${scan[@]}") ;;
    lex) cmd=(env ASCENDIFY_FLOOR=lex "${scan[@]}") ;;
    skip-python) cmd=(env ASCENDIFY_FLOOR=skip-python "${scan[@]}") ;;
    rg) cmd=(rg -n --no-require-git -e "$pattern" "$corpus") ;;
  esac
}

# One run: appends "wall_ms cpu_ms rss_kb" to $tmp/<variant>. Output goes to a file, as in
# compare.sh.
run_once() {
  local t0 t1
  command_of "$1"
  t0=$(date +%s%N)
  /usr/bin/time -f '%U %S %M' -o "$tmp/time" "${cmd[@]}" >"$tmp/out" 2>/dev/null || [[ $? -le 1 ]]
  t1=$(date +%s%N)
  awk -v w=$(((t1 - t0) / 1000000)) '{printf "%d %d %d\n", w, ($1 + $2) * 1000, $3}' \
    "$tmp/time" >>"$tmp/$1"
}
median_col() { cut -d' ' -f"$2" "$1" | median; }  # median of column $2 of file $1

for v in "${variants[@]}"; do run_once "$v"; : >"$tmp/$v"; done  # page cache warm
for ((i = 0; i < runs; i++)); do
  for ((k = 0; k < ${#variants[@]}; k++)); do  # each round starts one variant later
    run_once "${variants[$(((i + k) % ${#variants[@]}))]}"
  done
done

rg_wall=$(median_col "$tmp/rg" 1)
echo "corpus:   $corpus ($runs runs each, rotating order; medians)"
printf '%-12s %9s %9s %9s %10s\n' variant "wall ms" "x rg" "CPU ms" "peak MiB"
for v in "${variants[@]}"; do
  w=$(median_col "$tmp/$v" 1)
  c=$(median_col "$tmp/$v" 2)
  m=$(median_col "$tmp/$v" 3)
  printf '%-12s %9s %9s %9s %10s\n' "$v" "$w" "$(awk -v a="$w" -v b="$rg_wall" 'BEGIN {printf "%.2f", a / b}')" \
    "$c" "$(awk -v k="$m" 'BEGIN {printf "%.1f", k / 1024}')"
done

# The tail: the run's last stage end minus the parallel stage's end (ASCENDIFY_TIMINGS lines
# end in "<ms since start> ms end").
tail_ms() {
  ASCENDIFY_TIMINGS=1 "$@" >/dev/null 2>"$tmp/timings"
  awk '
    /timing: read\+analyse\+match / { for (i = 1; i <= NF; i++) if ($i == "end") scan_end = $(i - 2) }
    /timing: / { for (i = 1; i <= NF; i++) if ($i == "end") last = $(i - 2) }
    END {
      if (scan_end == "" || last == "") { print "floor.sh: no stage timings" > "/dev/stderr"; exit 1 }
      printf "%.0f %.0f\n", last - scan_end, last
    }' "$tmp/timings"
}
for v in full lex; do
  command_of "$v"
  : >"$tmp/tail-$v"
  for ((i = 0; i < 3; i++)); do tail_ms "${cmd[@]}" >>"$tmp/tail-$v"; done
  printf 'tail after the parallel stage, %s (3 runs with ASCENDIFY_TIMINGS, median): %s ms of %s\n' \
    "$v" "$(median_col "$tmp/tail-$v" 1)" "$(median_col "$tmp/tail-$v" 2)"
done
