#!/usr/bin/env bash
# Runs clang-tidy with the repository's .clang-tidy over src/ (or the given files), using the
# compile commands of a configured build folder; prints each diagnostic once (a header's are
# reported by every file that includes it), then the count per check. Exit 1 when any.
# Not part of CI yet: the tree has findings (HACKING.md, "Static analysis").
# Usage: scripts/tidy.sh [FILE.cpp...]
# env: BUILD_DIR (default build; configure it first), JOBS (default 2), CLANG_TIDY
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
tidy=${CLANG_TIDY:-clang-tidy}
if ! command -v "$tidy" >/dev/null; then
  echo "tidy: $tidy not found (Debian package clang-tidy)" >&2
  exit 2
fi
if [[ ! -f $build/compile_commands.json ]]; then
  echo "tidy: no $build/compile_commands.json (cmake -S . -B $build -G Ninja first)" >&2
  exit 2
fi
if [[ $# -gt 0 ]]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files 'src/*.cpp')
fi

start=$(date +%s)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The build's GCC flags: -Werror would turn clang's own warnings into errors, and GCC-only
# warning options are unknown to clang.
printf '%s\n' "${files[@]}" | xargs -P "${JOBS:-2}" -I{} "$tidy" -p "$build" --quiet \
  --extra-arg=-Wno-error --extra-arg=-Wno-unknown-warning-option {} >"$log" 2>/dev/null || true

diags=$(grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): .*\[[a-z0-9.,-]+\]$' "$log" |
  sed "s|^$PWD/||" | sort -u || true)
if [[ -z $diags ]]; then
  echo "tidy: ${#files[@]} files, no finding ($(( $(date +%s) - start )) s)"
  exit 0
fi
printf '%s\n' "$diags"
echo
echo "tidy: findings per check (${#files[@]} files, $(( $(date +%s) - start )) s):"
printf '%s\n' "$diags" | sed -E 's/.*\[([a-z0-9.,-]+)\]$/\1/' | tr ',' '\n' | sort | uniq -c |
  sort -rn
exit 1
