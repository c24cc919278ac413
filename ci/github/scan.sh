#!/usr/bin/env bash
# Step 2 of action.yml: one scan writes the SARIF, JSON and Markdown reports to
# "$RUNNER_TEMP/ascendify-report" and prints the findings as workflow annotations (stops the
# run = error, must adapt = warning, else notice); the Markdown report's first part (the
# verdict "At a glance") goes to GITHUB_STEP_SUMMARY; outputs go to GITHUB_OUTPUT. Exits 0 when
# the scan ran, whatever it found (finish.sh fails the job afterwards, once the SARIF is
# uploaded), 2 when it could not run.
# Inputs (environment): ASCENDIFY (the binary; default: ascendify on PATH), ASCENDIFY_PATH
# (default .), ASCENDIFY_FAIL_ON (blocker, manual, any; none: never fail; "" leaves it to
# [tool.ascendify] fail-on), ASCENDIFY_LANG (zh, en; "" = the tool's default), ASCENDIFY_ARGS
# (more scan options, split on spaces), ASCENDIFY_ANNOTATIONS (true/false).
set -euo pipefail

: "${RUNNER_TEMP:?RUNNER_TEMP is not set}"
: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
bin="${ASCENDIFY:-ascendify}"
path="${ASCENDIFY_PATH:-.}"
fail_on="${ASCENDIFY_FAIL_ON-blocker}"
out="$RUNNER_TEMP/ascendify-report"
rm -rf "$out"
mkdir -p "$out"

formats=md,json,sarif
[ "${ASCENDIFY_ANNOTATIONS:-true}" = true ] && formats="$formats,github"
opts=(-o "$out" --format "$formats")
[ -n "${ASCENDIFY_LANG:-}" ] && opts+=(--lang "$ASCENDIFY_LANG")
case "$fail_on" in
  blocker | manual | any) opts+=(--fail-on "$fail_on") ;;
  none) opts+=(--exit-zero) ;;
  "") ;;
  *) echo "::error title=ascendify::fail-on: blocker, manual, any or none, not '$fail_on'"; exit 2 ;;
esac
# Extra options split on whitespace, never globbed: "--exclude tests/** --hardware 910b".
read -r -a extra <<<"${ASCENDIFY_ARGS:-}"
set +e
"$bin" scan "$path" "${opts[@]}" "${extra[@]}"
code=$?
set -e

md=$(find "$out" -maxdepth 1 -name 'ascendify-report.*.md' | head -n 1)
if [ "$code" -eq 2 ] || [ ! -s "$out/ascendify-report.json" ]; then
  echo "::error title=ascendify::the scan could not run (exit $code); see the log above"
  echo "exit-code=$code" >>"$GITHUB_OUTPUT"
  exit 2
fi

findings=""
feasibility=""
if command -v python3 >/dev/null; then
  read -r findings feasibility < <(python3 -c 'import json,sys
j = json.load(open(sys.argv[1]))
print(len(j["findings"]), j["summary"]["feasibility"])' "$out/ascendify-report.json")
fi
{
  echo "exit-code=$code"
  echo "report-dir=$out"
  echo "sarif=$out/ascendify-report.sarif"
  echo "json=$out/ascendify-report.json"
  echo "markdown=$md"
  echo "findings=$findings"
  echo "feasibility=$feasibility"
} >>"$GITHUB_OUTPUT"

if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -n "$md" ]; then
  {
    # The title, then the first section of the report (At a glance / 概览) up to the next one.
    awk '/^# / && !t { print; print ""; t = 1; next }
         /^## / { n++; if (n > 1) exit }
         n == 1 { print }' "$md"
    echo
    case "$code" in
      0) echo "ascendify: nothing at or above \`--fail-on ${fail_on:-(project setting)}\`." ;;
      1) echo "**ascendify: findings at or above \`--fail-on $fail_on\`: this job fails.**" ;;
      3) echo "**ascendify: some input could not be read completely (\`--strict\`).**" ;;
    esac
    echo
    echo "The full reports (Markdown, JSON, SARIF) are in \`$out\` on the runner."
  } >>"$GITHUB_STEP_SUMMARY"
fi
exit 0
