#!/usr/bin/env bash
# Installs the Debian packages ascendify needs to build and test, only when missing.
set -euo pipefail
packages=(cmake ninja-build g++ libcli11-dev libyaml-cpp-dev nlohmann-json3-dev libfmt-dev
          libtomlplusplus-dev libgtest-dev libgmock-dev libmimalloc-dev python3 python3-yaml "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
