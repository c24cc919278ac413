#!/usr/bin/env python3
"""The pre-commit hook of .pre-commit-hooks.yaml, run by Debian's pre-commit (no network:
language system). Usage: precommit_hook_test.py ASCENDIFY_BINARY SOURCE_DIR.

In temporary git repositories, with HOME/XDG_* in a temporary folder and the built binary
first on PATH:
  - a clean project passes (`pre-commit try-repo HOOKS ascendify --all-files`, exit 0);
  - a project whose default run stops on an NPU (a module-level `import flash_attn` in the
    entry point) fails, and the output names the rule and the file;
  - neither run writes into the project or into the state folder;
  - a .pre-commit-config.yaml (repo/rev/hooks as docs/ci.md shows it) with
    `args: [--fail-on, any]` overrides the threshold: the clean project's mechanical site fails;
  - a commit touching only README.md skips the hook (files: filter).
Exit 77 (ctest: skipped) when pre-commit or git is missing.
"""
import os
import shutil
import subprocess
import sys
import tempfile

CLEAN_TRAIN = """import torch


def main():
    x = torch.zeros(3).cuda()
    print(x.sum())


if __name__ == "__main__":
    main()
"""

STOPPING_TRAIN = """import torch
import flash_attn


def main():
    x = torch.zeros(3)
    print(flash_attn.__version__, x.sum())


if __name__ == "__main__":
    main()
"""

failures = []


def check(cond, what, output=""):
    if not cond:
        failures.append(what)
        print("FAIL:", what)
        if output:
            print(output)
    else:
        print("ok:", what)


def run(cmd, cwd, env):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=300)
    return p.returncode, p.stdout


def git_repo(path, files, env):
    os.makedirs(path)
    for name, text in files.items():
        full = os.path.join(path, name)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
    for cmd in (["git", "init", "-q", "-b", "main"], ["git", "add", "-A"],
                ["git", "commit", "-q", "-m", "init"]):
        code, out = run(cmd, path, env)
        if code != 0:
            sys.exit(f"{' '.join(cmd)} failed in {path}:\n{out}")
    return path


def listing(path):
    out = []
    for root, dirs, files in os.walk(path):
        dirs[:] = [d for d in dirs if d != ".git"]
        out += [os.path.relpath(os.path.join(root, f), path) for f in files]
    return sorted(out)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    for tool in ("pre-commit", "git"):
        if shutil.which(tool) is None:
            print(f"SKIP: {tool} is not installed (apt-get install -y pre-commit)")
            return 77
    tmp = tempfile.mkdtemp(prefix="ascendify-precommit-")
    try:
        bindir = os.path.join(tmp, "bin")
        os.makedirs(bindir)
        os.symlink(binary, os.path.join(bindir, "ascendify"))
        home = os.path.join(tmp, "home")
        os.makedirs(home)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "GIT_"))}
        env.update({
            "PATH": bindir + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": home,
            "XDG_STATE_HOME": os.path.join(home, "state"),
            "XDG_CACHE_HOME": os.path.join(home, "cache"),
            "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "PRE_COMMIT_HOME": os.path.join(home, "pre-commit"),
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
            "NO_COLOR": "1",
        })
        # try-repo needs the hooks file committed in a git repository: a copy of it.
        with open(os.path.join(source, ".pre-commit-hooks.yaml")) as f:
            hooks_yaml = f.read()
        hooks = git_repo(os.path.join(tmp, "hooks"), {".pre-commit-hooks.yaml": hooks_yaml}, env)
        _, rev = run(["git", "rev-parse", "HEAD"], hooks, env)
        rev = rev.strip()

        clean = git_repo(os.path.join(tmp, "clean"),
                         {"train.py": CLEAN_TRAIN, "README.md": "# clean\n"}, env)
        code, out = run(["pre-commit", "try-repo", hooks, "ascendify", "--all-files"], clean, env)
        check(code == 0, "a clean project passes (exit 0)", out)
        check("Passed" in out, "pre-commit says Passed", out)

        stopping = git_repo(os.path.join(tmp, "stopping"),
                            {"train.py": STOPPING_TRAIN, "requirements.txt": "torch\n"}, env)
        before = listing(stopping)
        code, out = run(["pre-commit", "try-repo", hooks, "ascendify", "--all-files"], stopping,
                        env)
        check(code != 0, "a project whose default run stops on an NPU fails", out)
        check("Failed" in out, "pre-commit says Failed", out)
        check("train.py:2:8: attention.flash-attn-import stops the run" in out,
              "the listing names the file, line and rule", out)
        check("Stops the run: 1" in out, "the summary follows the listing", out)
        check(listing(stopping) == before, "nothing is written into the project",
              "\n".join(listing(stopping)))
        check(not os.path.exists(os.path.join(home, "state", "ascendify")),
              "no report is written to the state folder either")

        # The documented .pre-commit-config.yaml, with the threshold overridden by args.
        config = (f"repos:\n  - repo: {hooks}\n    rev: {rev}\n    hooks:\n"
                  "      - id: ascendify\n        args: [--fail-on, any]\n")
        with open(os.path.join(clean, ".pre-commit-config.yaml"), "w") as f:
            f.write(config)
        code, out = run(["pre-commit", "run", "--all-files"], clean, env)
        check(code != 0, "args: [--fail-on, any] fails on the clean project's mechanical site",
              out)
        check("device.cuda-method" in out, "... and names it", out)
        code, out = run(["pre-commit", "run", "--files", "README.md"], clean, env)
        check(code == 0 and "Skipped" in out, "a README-only change skips the hook", out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    print("all pre-commit hook checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
