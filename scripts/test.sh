#!/usr/bin/env bash
# README command 2: install, build, and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
# chromium: the HTML report test opens it headless; pre-commit: the hook test (tests/ci)
bash scripts/install-deps.sh chromium fonts-wqy-microhei pre-commit
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
