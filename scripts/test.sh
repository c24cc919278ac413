#!/usr/bin/env bash
# README command 2: install, build, and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
# chromium: the HTML report test opens it headless; pre-commit: the hook test (tests/ci);
# parallel: the fleet recipe's test; zsh, fish, groff-base: the completion scripts and the man
# page are checked in them.
bash scripts/install-deps.sh chromium fonts-wqy-microhei pre-commit parallel zsh fish groff-base
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
