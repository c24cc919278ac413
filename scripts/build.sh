#!/usr/bin/env bash
# Configures and builds ascendify into ./build (Release with tests).
# env: ASCENDIFY_WERROR=ON makes warnings errors (CI, .ci/run); default OFF.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DASCENDIFY_FLOOR_PROBES=OFF \
  -DASCENDIFY_WERROR="${ASCENDIFY_WERROR:-OFF}" >/dev/null
cmake --build build -j"$(nproc)"
