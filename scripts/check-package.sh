#!/usr/bin/env bash
# Installs the amd64 .deb of dist/ on a fresh Debian 12 and uses it: `apt-get install ./deb` in
# a chroot made by mmdebstrap (variant apt, plus man-db; cached as a tarball, unpacked afresh
# each run), then `ascendify --version` from PATH, `man ascendify`, the bash completion, and a
# scan of the bundled example; then the x86_64 tarball beside it, run from where it is unpacked.
# Needs root (chroot) and mmdebstrap.
# Usage: scripts/check-package.sh [DEB]     env: ASCENDIFY_FRESH_TAR (cache of the base system)
set -euo pipefail
[ "$(id -u)" -eq 0 ] || exec sudo "$0" "$@"  # chroot
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
deb=${1:-$(ls dist/ascendify_*_amd64.deb 2>/dev/null | head -1 || true)}
[ -f "$deb" ] || { echo "check-package: no .deb (run scripts/release.sh)" >&2; exit 1; }
base=${ASCENDIFY_FRESH_TAR:-$HOME/.cache/ascendify-debian12-apt.tar}
start=$(date +%s)
if [ ! -f "$base" ]; then
  bash scripts/install-deps.sh mmdebstrap
  mkdir -p "$(dirname "$base")"
  # mmdebstrap picks the output format from the name: keep the .tar suffix.
  mmdebstrap --quiet --variant=apt --include=man-db bookworm "$base.part.tar" \
    http://deb.debian.org/debian
  mv "$base.part.tar" "$base"
fi
fresh=$(mktemp -d /tmp/ascendify-fresh.XXXXXX)
trap 'rm -rf "$fresh"' EXIT
tar -xf "$base" -C "$fresh"
cp "$deb" "$fresh/tmp/"
cp -r examples "$fresh/tmp/example"
in_root() { chroot "$fresh" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }

set -x
in_root sh -c 'command -v ascendify || echo "not installed yet"'
in_root apt-get install -y "/tmp/$(basename "$deb")"
in_root ascendify --version
in_root sh -c 'man -P cat ascendify > /tmp/man.txt && head -12 /tmp/man.txt'
in_root bash -c '. /usr/share/bash-completion/completions/ascendify && complete -p ascendify'
in_root sh -c 'ascendify scan /tmp/example -o /tmp/report --format md,json --lang en > /tmp/scan.txt &&
  grep -A6 "^ascendify " /tmp/scan.txt && ls -l /tmp/report'
in_root dpkg -s ascendify
# The tarball of the same build: unpacked anywhere, it runs from its bin/.
tgz=$(dirname "$deb")/ascendify-$(in_root dpkg-query -W -f='${Version}' ascendify)-x86_64-linux.tar.gz
if [ -f "$tgz" ]; then
  tar -xzf "$tgz" -C "$fresh/opt"
  in_root sh -c '/opt/ascendify-*-x86_64-linux/bin/ascendify --version'
fi
# The RPM of the same build (openEuler, Kylin), installed with rpm into an empty root of its
# own: it installs without dependencies, runs, verifies (rpm -V) and uninstalls cleanly.
rpm_file=$(ls "$(dirname "$deb")"/ascendify-*-1.x86_64.rpm 2>/dev/null | head -1 || true)
if [ -n "$rpm_file" ] && command -v rpm >/dev/null; then
  rpmroot=$fresh/rpmroot
  mkdir -p "$rpmroot"
  rpm --root "$rpmroot" --initdb
  rpm --root "$rpmroot" -i "$rpm_file" 2>&1 | grep -v -e Alien -e 'assuming you know' || true
  "$rpmroot/usr/bin/ascendify" --version
  rpm --root "$rpmroot" -V ascendify
  rpm --root "$rpmroot" -e ascendify 2>&1 | grep -v -e Alien -e 'assuming you know' || true
  [ ! -e "$rpmroot/usr/bin/ascendify" ]
fi
set +x
echo "check-package: $deb installs and runs on a fresh Debian 12 ($(( $(date +%s) - start )) s)"
