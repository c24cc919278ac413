#!/usr/bin/env bash
# Step 4 of action.yml, after the SARIF upload: fails the job with the scan's exit status
# (docs/DESIGN.md: 1 findings at or above --fail-on, 3 partial scan under --strict).
# Input (environment): ASCENDIFY_EXIT_CODE, the scan step's exit-code output.
set -euo pipefail
code="${ASCENDIFY_EXIT_CODE:-2}"
case "$code" in
  0) exit 0 ;;
  1) echo "::error title=ascendify::findings at or above the fail-on threshold (exit 1)" ;;
  3) echo "::error title=ascendify::the scan was partial under --strict (exit 3)" ;;
  *) echo "::error title=ascendify::the scan did not run (exit $code)" ;;
esac
exit "$code"
