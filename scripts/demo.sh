#!/usr/bin/env bash
# README command 1: install, build, and assess the bundled example project.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
./build/ascendify scan examples -o out/examples-report --format md,html,json,sarif,csv
