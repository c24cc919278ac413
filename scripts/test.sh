#!/usr/bin/env bash
# README command 2: install, build, and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
# chromium: the HTML report test opens it headless; parallel: the fleet recipe's test.
bash scripts/install-deps.sh chromium fonts-wqy-microhei parallel
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
