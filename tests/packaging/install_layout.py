#!/usr/bin/env python3
"""ctest Packaging.InstallLayout: `cmake --install` of the build folder into a temporary prefix
lays out what the .deb and the tarball ship (cmake/packaging.cmake): the binary, which runs, the
man page and the three shell completions that binary printed, and the docs. With --static=ON
the binary must have no NEEDED entry (scripts/release.sh checks the release builds too)."""
import argparse
import os
import shlex
import subprocess
import sys
import tempfile


def on(value):
    return value.upper() in ("ON", "1", "TRUE", "YES")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--static", default="OFF")
    ap.add_argument("--cli-docs", default="ON")
    ap.add_argument("--emulator", default="", help="command prefix to run the binary (cross)")
    a = ap.parse_args()
    errors = []
    with tempfile.TemporaryDirectory(prefix="ascendify-install-") as tmp:
        prefix = os.path.join(tmp, "usr")
        r = subprocess.run(["cmake", "--install", a.build_dir, "--prefix", prefix],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout, r.stderr)
            sys.exit("cmake --install failed")
        binary = os.path.join(prefix, "bin", "ascendify")
        if not os.access(binary, os.X_OK):
            sys.exit("bin/ascendify missing or not executable")
        v = subprocess.run(shlex.split(a.emulator) + [binary, "--version"], capture_output=True,
                           text=True)
        if v.returncode != 0 or not v.stdout.startswith("ascendify "):
            errors.append(f"bin/ascendify --version: rc {v.returncode}, {v.stdout!r}")
        share = os.path.join(prefix, "share")
        expected = {os.path.join("doc", "ascendify", "README.md"): "# ascendify",
                    os.path.join("doc", "ascendify", "rules.md"): ""}
        if on(a.cli_docs):
            expected.update({
                os.path.join("man", "man1", "ascendify.1"): ".TH",
                os.path.join("bash-completion", "completions", "ascendify"): "ascendify",
                os.path.join("zsh", "vendor-completions", "_ascendify"): "ascendify",
                os.path.join("fish", "vendor_completions.d", "ascendify.fish"): "ascendify",
            })
        for rel, needle in expected.items():
            path = os.path.join(share, rel)
            if not os.path.isfile(path) or os.path.getsize(path) == 0:
                errors.append(f"share/{rel} missing or empty")
                continue
            text = open(path, encoding="utf-8", errors="replace").read()
            if needle not in text:
                errors.append(f"share/{rel} does not contain {needle!r}")
        if on(a.cli_docs):
            man = open(os.path.join(share, "man", "man1", "ascendify.1"), encoding="utf-8").read()
            for command in ("scan", "fix"):
                if command not in man:
                    errors.append(f"man page does not mention `{command}`")
        if on(a.static):
            d = subprocess.run(["readelf", "-d", binary], capture_output=True, text=True)
            needed = [line for line in d.stdout.splitlines() if "(NEEDED)" in line]
            if needed:
                errors.append("static binary has NEEDED entries:\n" + "\n".join(needed))
            h = subprocess.run(["readelf", "-l", binary], capture_output=True, text=True)
            if "INTERP" in h.stdout:
                errors.append("static binary asks for a program interpreter (ld-linux)")
    for e in errors:
        print("FAIL:", e)
    if errors:
        sys.exit(1)
    print("install layout ok")


if __name__ == "__main__":
    main()
