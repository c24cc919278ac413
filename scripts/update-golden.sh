#!/usr/bin/env bash
# Regenerates the goldens from the current build. Review `git diff` before committing: the
# goldens are reviewed outputs, not whatever the code prints.
#   scripts/update-golden.sh [examples] [rules]     (no argument: both)
#   examples  tests/golden/examples/: the reports of examples/ (build/ascendify)
#   rules     tests/golden/rules/<domain>.txt: the findings of every rule on its fixtures
#             (line, column, message, replacement), written by build/test_e2e
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${ASCENDIFY_BIN:-build/ascendify}
test_bin=${ASCENDIFY_TEST_E2E:-$(dirname "$bin")/test_e2e}
what=("$@")
[ ${#what[@]} -gt 0 ] || what=(examples rules)
for w in "${what[@]}"; do
  case $w in
    examples)
      out=tests/golden/examples
      mkdir -p "$out"
      "$bin" scan examples -o "$out" --format md,json,sarif,csv,codeclimate --lang zh >/dev/null
      "$bin" scan examples -o "$out" --format md --lang en >/dev/null
      git --no-pager diff --stat -- "$out" || true
      ;;
    rules)
      out=tests/golden/rules
      ASCENDIFY_UPDATE_SNAPSHOTS=1 "$test_bin" \
        --gtest_filter='RuleSnapshots.FilesHoldExactlyTheFindingsOfTheFixtures' >/dev/null
      git --no-pager diff --stat -- "$out" || true
      git ls-files --others --exclude-standard -- "$out"
      ;;
    *)
      echo "update-golden.sh: '$w': expected examples or rules" >&2
      exit 2
      ;;
  esac
done
