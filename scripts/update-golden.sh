#!/usr/bin/env bash
# Regenerates tests/golden/examples/ from the current build. Review `git diff` before committing:
# the goldens are the reviewed reports of examples/, not whatever the code prints.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${ASCENDIFY_BIN:-build/ascendify}
out=tests/golden/examples
mkdir -p "$out"
"$bin" scan examples -o "$out" --format md,json,sarif,csv,codeclimate --lang zh >/dev/null
"$bin" scan examples -o "$out" --format md --lang en >/dev/null
git --no-pager diff --stat -- "$out" || true
