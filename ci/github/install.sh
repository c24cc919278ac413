#!/usr/bin/env bash
# Step 1 of action.yml: puts an `ascendify` binary in "$RUNNER_TEMP/ascendify-bin", adds that
# folder to GITHUB_PATH, and writes `binary=` and `version=` to GITHUB_OUTPUT.
# Runs outside GitHub too (tests/ci/github_action_test.py): every input is an environment
# variable. The first that applies wins:
#   ASCENDIFY_BINARY             an ascendify executable already on this machine
#   ASCENDIFY_TARBALL            a release tarball: a local path or a URL
#   ASCENDIFY_BUILD_FROM_SOURCE  "true": build the source in ASCENDIFY_SOURCE_DIR (default: the
#                                action's own checkout, GITHUB_ACTION_PATH; Debian 12 or
#                                Ubuntu 24.04 with sudo); "fallback" (default): build only when
#                                the download fails or the binary does not run; "false": never
#   else the release tarball ascendify-VERSION-ARCH-linux.tar.gz of ASCENDIFY_REPOSITORY
#   (owner/name) for RUNNER_ARCH (X64 -> x86_64, ARM64 -> aarch64), ASCENDIFY_VERSION "latest"
#   (default; asks the releases API) or a version ("0.2.0" or "v0.2.0"), from
#   ASCENDIFY_DOWNLOAD_BASE (default https://github.com/OWNER/NAME/releases/download; the
#   tarball is BASE/vVERSION/NAME), a .sha256 beside it checked when the release has one.
set -euo pipefail

say() { echo "ascendify-install: $*" >&2; }
die() { echo "::error title=ascendify install::$*"; exit 2; }

: "${RUNNER_TEMP:?RUNNER_TEMP is not set}"
: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
dest="$RUNNER_TEMP/ascendify-bin"
work="$RUNNER_TEMP/ascendify-download"
mkdir -p "$dest"
build_mode="${ASCENDIFY_BUILD_FROM_SOURCE:-fallback}"
case "$build_mode" in true | false | fallback) ;; *) die "build-from-source: true, false or fallback, not '$build_mode'" ;; esac

runs() { "$1" --version >/dev/null 2>&1; }

arch_name() {
  case "${RUNNER_ARCH:-$(uname -m)}" in
    X64 | x86_64 | amd64) echo x86_64 ;;
    ARM64 | aarch64 | arm64) echo aarch64 ;;
    *) return 1 ;;
  esac
}

fetch() {  # URL or path -> file
  case "$1" in
    *://*)
      local auth=()
      # The token only goes to GitHub's API (release lookups), never to other hosts.
      if [ -n "${GITHUB_TOKEN:-}" ] && [[ "$1" == https://api.github.com/* ]]; then
        auth=(-H "Authorization: Bearer $GITHUB_TOKEN")
      fi
      curl -fsSL --retry 3 --proto '=https,file' "${auth[@]}" -o "$2" "$1"
      ;;
    *) cp "$1" "$2" ;;
  esac
}

# Unpacks a tarball and copies the ascendify executable in it to $dest.
from_tarball() {
  rm -rf "$work/x" && mkdir -p "$work/x"
  tar -xzf "$1" -C "$work/x" || return 1
  local found
  found=$(find "$work/x" -type f -name ascendify -perm -u+x | sort | head -n 1)
  [ -n "$found" ] || { say "no executable named ascendify in $1"; return 1; }
  install -m 0755 "$found" "$dest/ascendify"
}

from_source() {
  local src="${ASCENDIFY_SOURCE_DIR:-${GITHUB_ACTION_PATH:-}}"
  [ -f "$src/CMakeLists.txt" ] || die "no source to build (ASCENDIFY_SOURCE_DIR / GITHUB_ACTION_PATH)"
  say "building from source in $src (about 10 minutes on 2 cores)"
  bash "$src/scripts/install-deps.sh"
  cmake -S "$src" -B "$RUNNER_TEMP/ascendify-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DASCENDIFY_TESTS=OFF >&2
  cmake --build "$RUNNER_TEMP/ascendify-build" --target ascendify >&2
  install -m 0755 "$RUNNER_TEMP/ascendify-build/ascendify" "$dest/ascendify"
}

download() {
  local arch repo version tag name base url
  arch=$(arch_name) || { say "no release for runner architecture ${RUNNER_ARCH:-}"; return 1; }
  repo="${ASCENDIFY_REPOSITORY:-}"
  version="${ASCENDIFY_VERSION:-latest}"
  mkdir -p "$work"
  if [ "$version" = latest ]; then
    [ -n "$repo" ] || { say "no repository to download from"; return 1; }
    fetch "${ASCENDIFY_API_BASE:-https://api.github.com}/repos/$repo/releases/latest" \
      "$work/latest.json" || { say "cannot read the latest release of $repo"; return 1; }
    tag=$(sed -n 's/^ *"tag_name": *"\([^"]*\)".*/\1/p' "$work/latest.json" | head -n 1)
    [ -n "$tag" ] || { say "the latest release of $repo has no tag"; return 1; }
  else
    tag="v${version#v}"
  fi
  name="ascendify-${tag#v}-$arch-linux.tar.gz"
  base="${ASCENDIFY_DOWNLOAD_BASE:-https://github.com/$repo/releases/download}"
  url="$base/$tag/$name"
  say "downloading $url"
  fetch "$url" "$work/$name" || { say "cannot download $url"; return 1; }
  if fetch "$url.sha256" "$work/$name.sha256" 2>/dev/null; then
    (cd "$work" && sha256sum -c --status <(awk -v n="$name" '{print $1 "  " n}' "$name.sha256")) ||
      die "checksum mismatch for $name"
  else
    say "no $name.sha256 in the release: not verified"
  fi
  from_tarball "$work/$name"
}

if [ -n "${ASCENDIFY_BINARY:-}" ]; then
  [ -x "$ASCENDIFY_BINARY" ] || die "binary: $ASCENDIFY_BINARY is not an executable"
  install -m 0755 "$ASCENDIFY_BINARY" "$dest/ascendify"
elif [ -n "${ASCENDIFY_TARBALL:-}" ]; then
  mkdir -p "$work"
  fetch "$ASCENDIFY_TARBALL" "$work/given.tar.gz" || die "cannot read tarball $ASCENDIFY_TARBALL"
  from_tarball "$work/given.tar.gz" || die "tarball $ASCENDIFY_TARBALL holds no ascendify"
elif [ "$build_mode" = true ]; then
  from_source
elif ! download || ! runs "$dest/ascendify"; then
  if [ -f "$dest/ascendify" ] && ! runs "$dest/ascendify"; then
    say "the downloaded binary does not run here:"
    ldd "$dest/ascendify" >&2 || true
  fi
  [ "$build_mode" = fallback ] || die "no ascendify release could be installed (build-from-source: fallback builds it)"
  echo "::warning title=ascendify install::no release could be installed; building from source"
  from_source
fi

runs "$dest/ascendify" || die "$dest/ascendify does not run on this runner"
version=$("$dest/ascendify" --version)
say "$version"
echo "$dest" >>"${GITHUB_PATH:-/dev/null}"
{
  echo "binary=$dest/ascendify"
  echo "version=$version"
} >>"$GITHUB_OUTPUT"
