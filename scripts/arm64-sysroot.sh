#!/usr/bin/env bash
# Makes (once) the Debian 12 arm64 sysroot that cmake/toolchain-aarch64.cmake builds against:
# the arm64 C/C++ runtime and the -dev packages ascendify needs, extracted by mmdebstrap (no
# dpkg --add-architecture, no change to /etc/apt). Cached: a second run with the same package
# list returns at once. Prints the sysroot path on stdout.
# Usage: scripts/arm64-sysroot.sh     env: ASCENDIFY_SYSROOT (default ~/.cache/ascendify-sysroot-arm64),
#        DEBIAN_MIRROR (default http://deb.debian.org/debian)
set -euo pipefail
sysroot=${ASCENDIFY_SYSROOT:-$HOME/.cache/ascendify-sysroot-arm64}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
packages=libc6-dev,libstdc++-12-dev,libgcc-12-dev,libyaml-cpp-dev,libfmt-dev,nlohmann-json3-dev,libcli11-dev,libtomlplusplus-dev,libgtest-dev,libgmock-dev,libmimalloc-dev
stamp="$sysroot/.ascendify-sysroot"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$packages" ]; then
  echo "$sysroot"
  exit 0
fi
for tool in mmdebstrap aarch64-linux-gnu-g++ qemu-aarch64; do
  command -v "$tool" >/dev/null || {
    echo "arm64-sysroot: $tool missing: apt-get install -y crossbuild-essential-arm64 qemu-user mmdebstrap" >&2
    exit 1
  }
done
rm -rf "$sysroot.tmp"
mkdir -p "$(dirname "$sysroot")"
mmdebstrap --quiet --arch=arm64 --variant=extract --include="$packages" bookworm "$sysroot.tmp" "$mirror" >&2
# Merged /usr as on an installed Debian 12 (the extract variant leaves /lib a directory, while
# the linker scripts libc.so and libm.so name /lib/aarch64-linux-gnu/...).
for d in lib bin sbin; do
  if [ -d "$sysroot.tmp/$d" ] && [ ! -L "$sysroot.tmp/$d" ]; then
    mkdir -p "$sysroot.tmp/usr/$d"
    cp -a "$sysroot.tmp/$d/." "$sysroot.tmp/usr/$d/"
    rm -rf "${sysroot:?}.tmp/$d"
    ln -s "usr/$d" "$sysroot.tmp/$d"
  fi
done
# Absolute symlinks inside the sysroot (libfoo.so -> /usr/lib/...) would point at the host.
find "$sysroot.tmp" -type l -lname '/*' | while read -r link; do
  target=$(readlink "$link")
  ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$sysroot.tmp$target")" "$link"
done
echo "$packages" > "$sysroot.tmp/.ascendify-sysroot"
rm -rf "$sysroot"
mv "$sysroot.tmp" "$sysroot"
echo "$sysroot"
