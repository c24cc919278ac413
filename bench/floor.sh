#!/usr/bin/env bash
# The floor under the cold ratio to rg: what a scan of CORPUS costs with its Python semantics
# and without them. Runs, alternately, RUNS times each (default 5, env RUNS):
#   full         ascendify scan CORPUS --format json -o TMP --no-cache   (compare.sh's command)
#   lex          the same with ASCENDIFY_FLOOR=lex: Python files lexed, nothing kept of them
#   skip-python  the same with ASCENDIFY_FLOOR=skip-python: Python files read, not even lexed
#   rg           compare.sh's rg command
# and prints for each the median wall time, CPU (user+sys) and peak RSS, and its ratio to rg;
# then where the full scan's wall goes at -j 2 (ASCENDIFY_TIMINGS): the parallel stage that
# reads, analyses and matches, and the tail after it (project passes, assess, render).
# The binary must be built with -DASCENDIFY_FLOOR_PROBES=ON (never shipped):
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

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A binary without the probes would measure the full scan three times: refuse it.
mkdir -p "$tmp/probe"
printf 'import torch\ntorch.cuda.synchronize()\n' >"$tmp/probe/a.py"
ASCENDIFY_FLOOR=skip-python "$bin" scan "$tmp/probe" --format json -o "$tmp/probe-out" --no-cache \
  >/dev/null 2>&1 || true
if grep -q 'torch.cuda.synchronize' "$tmp/probe-out/ascendify-report.json" 2>/dev/null; then
  echo "floor.sh: $bin ignores ASCENDIFY_FLOOR (configure it with -DASCENDIFY_FLOOR_PROBES=ON)" >&2
  exit 2
fi

# Kept identical to compare.sh's (and README.md's) rg baseline.
pattern='torch\.cuda\.|"cuda|'"'"'cuda|nccl|autocast|torch\.compile|init_device_mesh|Stream\(|Event\(|get_device_capability|flash_attn|flash_attn_interface|xformers|scaled_dot_product_attention|__global__|@triton\.jit|triton\.autotune|CUDAExtension|autograd\.Function|all_to_all|all_gather|broadcast|P2POp|batch_isend_irecv|\.float\(\)|\.double\(\)|float64|complex128|bfloat16|dtype =='
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

# One run: appends "wall_ms cpu_ms rss_kb" to $tmp/<variant>.
run_once() {
  local t0 t1
  command_of "$1"
  t0=$(date +%s%N)
  /usr/bin/time -f '%U %S %M' -o "$tmp/time" "${cmd[@]}" >/dev/null 2>&1 || [[ $? -le 1 ]]
  t1=$(date +%s%N)
  awk -v w=$(((t1 - t0) / 1000000)) '{printf "%d %d %d\n", w, ($1 + $2) * 1000, $3}' \
    "$tmp/time" >>"$tmp/$1"
}
median_col() {  # median of column $2 of file $1
  cut -d' ' -f"$2" "$1" | sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'
}

for v in "${variants[@]}"; do run_once "$v"; : >"$tmp/$v"; done  # page cache warm
for ((i = 0; i < runs; i++)); do
  for v in "${variants[@]}"; do run_once "$v"; done
done

rg_wall=$(median_col "$tmp/rg" 1)
echo "corpus:   $corpus ($runs runs each, alternating; medians)"
printf '%-12s %9s %9s %9s %10s\n' variant "wall ms" "x rg" "CPU ms" "peak MB"
for v in "${variants[@]}"; do
  w=$(median_col "$tmp/$v" 1)
  c=$(median_col "$tmp/$v" 2)
  m=$(median_col "$tmp/$v" 3)
  printf '%-12s %9s %9s %9s %10s\n' "$v" "$w" "$(awk -v a="$w" -v b="$rg_wall" 'BEGIN {printf "%.2f", a / b}')" \
    "$c" "$(awk -v k="$m" 'BEGIN {printf "%.1f", k / 1024}')"
done

# Where the full scan's wall goes: the end of the parallel stage, and the end of the run.
ASCENDIFY_TIMINGS=1 "${scan[@]}" 2>"$tmp/timings" >/dev/null
awk '
  /timing: read\+analyse\+match/ { for (i = 1; i <= NF; i++) if ($i == "end") scan_end = $(i - 2) }
  /timing: / { for (i = 1; i <= NF; i++) if ($i == "end") last = $(i - 2) }
  END {
    printf "full scan, one run with ASCENDIFY_TIMINGS: parallel stage ends at %.0f ms, ", scan_end
    printf "the run at %.0f ms: tail %.0f ms (%.0f %%)\n", last, last - scan_end, 100 * (last - scan_end) / last
  }' "$tmp/timings"
