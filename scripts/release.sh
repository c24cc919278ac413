#!/usr/bin/env bash
# Builds the release artefacts into dist/: the self-contained (-static, ASCENDIFY_STATIC=ON)
# ascendify for x86_64 and, cross-compiled, for aarch64 (Kunpeng: openEuler, Kylin), each as a
# .deb, an .rpm (openEuler, Kylin) and a .tar.gz (ascendify-VERSION-ARCH-linux/{bin,share}), and
# SHA256SUMS. Checks that
# each binary has no NEEDED entry and no program interpreter, and runs (aarch64 through qemu).
# Usage: scripts/release.sh [--no-arm64]
# env: JOBS (default 2), BUILD_X86 (default build-static), BUILD_ARM64 (default build-arm64),
#      ASCENDIFY_SYSROOT (scripts/arm64-sysroot.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
jobs=${JOBS:-2}
arm64=1
[ "${1:-}" = "--no-arm64" ] && arm64=0
version=$(sed -n 's/^project(ascendify VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
start=$(date +%s)

extra=()
[ $arm64 -eq 1 ] && extra=(crossbuild-essential-arm64 qemu-user mmdebstrap)
bash scripts/install-deps.sh dpkg-dev binutils rpm "${extra[@]}"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

rm -rf dist
mkdir -p dist

# build_one DIR ARCH RUNNER CMAKE_ARGS...: static build, checks, cpack into dist/.
build_one() {
  local dir arch=$2 runner=$3
  dir=$(realpath -m "$1")
  shift 3
  # SKIP_INSTALL_ALL_DEPENDENCY: cpack builds only what is packaged, not the tests.
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DASCENDIFY_STATIC=ON \
    -DASCENDIFY_CLI_DOCS=ON -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON "${launcher[@]}" "$@" >/dev/null
  cmake --build "$dir" -j"$jobs" --target ascendify ascendify_cli_docs
  local bin=$dir/ascendify
  if readelf -d "$bin" | grep -q '(NEEDED)'; then
    echo "release: $bin needs shared libraries:" >&2
    readelf -d "$bin" | grep '(NEEDED)' >&2
    exit 1
  fi
  if readelf -l "$bin" | grep -q 'INTERP'; then
    echo "release: $bin asks for a program interpreter: not static" >&2
    exit 1
  fi
  readelf -h "$bin" | grep -q "Machine:.*$arch" || { echo "release: $bin is not $arch" >&2; exit 1; }
  local got
  got=$($runner "$bin" --version)
  [ "$got" = "ascendify $version" ] || { echo "release: $bin --version says '$got'" >&2; exit 1; }
  rm -rf "$dir/packages"
  (cd "$dir" && cpack -G "DEB;TGZ;RPM" -B "$dir/packages" >/dev/null)
  cp "$dir"/packages/*.deb "$dir"/packages/*.rpm "$dir"/packages/*.tar.gz dist/
}

build_one "${BUILD_X86:-build-static}" "X86-64" env
if [ $arm64 -eq 1 ]; then
  sysroot=$(bash scripts/arm64-sysroot.sh)
  build_one "${BUILD_ARM64:-build-arm64}" "AArch64" qemu-aarch64 \
    -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-aarch64.cmake" -DASCENDIFY_SYSROOT="$sysroot"
fi

# The packages hold what cmake/packaging.cmake installs.
expect=(bin/ascendify share/man/man1/ascendify.1 share/bash-completion/completions/ascendify
        share/zsh/vendor-completions/_ascendify share/fish/vendor_completions.d/ascendify.fish
        share/doc/ascendify/README.md)
archs=(x86_64:amd64)
[ $arm64 -eq 1 ] && archs+=(aarch64:arm64)
for pair in "${archs[@]}"; do
  arch=${pair%%:*} deb_arch=${pair##*:}
  tgz=dist/ascendify-$version-$arch-linux.tar.gz deb=dist/ascendify_${version}_$deb_arch.deb
  rpm=dist/ascendify-$version-1.$arch.rpm
  tar_list=$(tar -tzf "$tgz") deb_list=$(dpkg-deb -c "$deb" | awk '{print $6}')
  rpm_list=$(rpm -qpl "$rpm" 2>/dev/null)
  for f in "${expect[@]}"; do
    grep -qx "ascendify-$version-$arch-linux/$f" <<<"$tar_list" || { echo "release: $tgz lacks $f" >&2; exit 1; }
    grep -qx "./usr/$f" <<<"$deb_list" || { echo "release: $deb lacks /usr/$f" >&2; exit 1; }
    grep -qx "/usr/$f" <<<"$rpm_list" || { echo "release: $rpm lacks /usr/$f" >&2; exit 1; }
  done
  # The RPM owns its own files only (a folder of the filesystem package would conflict), and
  # requires nothing but what rpm itself provides.
  if grep -qx -e /usr/bin -e /usr/share/man/man1 -e /usr/share/doc <<<"$rpm_list"; then
    echo "release: $rpm owns a system folder" >&2; exit 1
  fi
  [ "$(rpm -qp --qf '%{ARCH}' "$rpm" 2>/dev/null)" = "$arch" ] || { echo "release: $rpm arch" >&2; exit 1; }
  if rpm -qpR "$rpm" 2>/dev/null | grep -v '^rpmlib(' | grep -q .; then
    echo "release: $rpm requires:" >&2; rpm -qpR "$rpm" >&2; exit 1
  fi
  [ "$(dpkg-deb -f "$deb" Architecture)" = "$deb_arch" ] || { echo "release: $deb arch" >&2; exit 1; }
done

(cd dist && sha256sum ./*.deb ./*.rpm ./*.tar.gz | sed 's| \./| |' > SHA256SUMS)
ls -l dist
echo "release: dist/ in $(( $(date +%s) - start )) s"
