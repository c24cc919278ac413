#!/usr/bin/env bash
# Scans a fleet of repositories in SHARDS shards with GNU parallel, then summarises it.
#   ci/fleet/parallel.sh LIST OUT [SHARDS] [JOBS]
# LIST: one repository path per line. OUT gets shard-K/ (reports and index.jsonl of shard K),
# logs/shard-K.log and summary/ (portfolio.LANG.md, portfolio.html, portfolio.json). Across machines, give
# parallel an --sshloginfile and a LIST whose paths exist on every machine (a shared mount).
# ASCENDIFY names the binary (default: ascendify on PATH); extra scan options in SCAN_OPTS.
set -euo pipefail
list=${1:?usage: parallel.sh LIST OUT [SHARDS] [JOBS]}
out=${2:?usage: parallel.sh LIST OUT [SHARDS] [JOBS]}
shards=${3:-8}
jobs=${4:-$(nproc)}
ascendify=${ASCENDIFY:-ascendify}
mkdir -p "$out/logs"
# Each shard scans on one thread: the shards are the parallelism. A failed shard (its index
# says why) does not stop the others.
# shellcheck disable=SC2086
seq 0 $((shards - 1)) | parallel --jobs "$jobs" --halt never \
  "$ascendify" scan --batch "$list" --shard "{}/$shards" -o "$out/shard-{}" -j 1 --exit-zero \
  ${SCAN_OPTS:-} '>' "$out/logs/shard-{}.log" '2>&1' || echo "parallel.sh: some shards failed" >&2
"$ascendify" portfolio "$out"/shard-* -o "$out/summary" ${PORTFOLIO_OPTS:-}
