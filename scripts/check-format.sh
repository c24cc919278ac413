#!/usr/bin/env bash
# Checks that every tracked C++ file (*.cpp, *.hpp) is formatted as .clang-format says
# (`clang-format --dry-run --Werror`); prints the files that differ and exits 1 when any does.
# tests/fixtures/ is left out: its files are inputs of the analysers, not code of ours.
# Fix a file with `clang-format -i FILE`.
# Usage: scripts/check-format.sh     env: CLANG_FORMAT (default clang-format), JOBS (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format=${CLANG_FORMAT:-clang-format}
if ! command -v "$clang_format" >/dev/null; then
  echo "check-format: $clang_format not found (Debian package clang-format)" >&2
  exit 2
fi

mapfile -d '' files < <(git ls-files -z -- '*.cpp' '*.hpp' ':(exclude)tests/fixtures/')
if [[ ${#files[@]} -eq 0 ]]; then
  echo "check-format: no tracked C++ file (not a git checkout?)" >&2
  exit 2
fi
# One clang-format per file: any failure, a formatting difference or an error, names the file.
differ=$(printf '%s\0' "${files[@]}" | xargs -0 -n 1 -P "${JOBS:-2}" sh -c \
  '"$0" --dry-run --Werror "$1" >/dev/null 2>&1 || printf "%s\n" "$1"' "$clang_format" |
  sort)
if [[ -n $differ ]]; then
  printf '%s\n' "$differ"
  echo "check-format: $(printf '%s\n' "$differ" | wc -l) of ${#files[@]} files differ from" \
    ".clang-format ($("$clang_format" --version | grep -oE '[0-9]+\.[0-9.]+' | head -1))" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
