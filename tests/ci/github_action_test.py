#!/usr/bin/env python3
"""The GitHub Action (action.yml + ci/github/*.sh), run locally with a fake runner environment.
Usage: github_action_test.py ASCENDIFY_BINARY SOURCE_DIR

  - action.yml is a composite action whose inputs and outputs are the documented ones, whose
    run steps call scripts that exist, and which never puts an input into a script's text;
  - install.sh installs from a binary, from a release tarball (path), and downloads one by the
    release naming scheme (ascendify-VERSION-ARCH-linux.tar.gz per runner arch, "latest" through
    the releases API) from a file:// stand-in for GitHub; a bad checksum stops it;
  - scan.sh on a copy of the bundled example writes valid SARIF with results, a non-empty job
    summary (the report's "At a glance"), annotations (::error/::warning/::notice only), the
    outputs, and exit-code=1 at --fail-on blocker (0 with none); finish.sh exits with it;
    a path that does not exist exits 2.
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

import yaml

failures = []


def check(cond, what, detail=""):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)
        if detail:
            print(detail)


def outputs(path):
    out = {}
    with open(path) as f:
        for line in f:
            if "=" in line:
                k, v = line.rstrip("\n").split("=", 1)
                out[k] = v
    return out


class Runner:
    """A fresh fake runner: RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_PATH."""

    def __init__(self, tmp, name, source, arch="X64"):
        self.root = os.path.join(tmp, name)
        self.temp = os.path.join(self.root, "runner-temp")
        os.makedirs(self.temp)
        self.files = {k: os.path.join(self.root, k.lower()) for k in
                      ("GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY", "GITHUB_PATH")}
        for p in self.files.values():
            open(p, "w").close()
        home = os.path.join(self.root, "home")
        os.makedirs(home)
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("GITHUB_", "RUNNER_", "ASCENDIFY", "XDG_"))}
        self.env.update(self.files)
        self.env.update({"RUNNER_TEMP": self.temp, "RUNNER_ARCH": arch,
                         "GITHUB_ACTION_PATH": source, "HOME": home,
                         "XDG_STATE_HOME": os.path.join(home, "state")})
        self.source = source

    def run(self, script, cwd, **env):
        e = dict(self.env)
        e.update(env)
        p = subprocess.run(["bash", os.path.join(self.source, "ci", "github", script)], cwd=cwd,
                           env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=600)
        return p.returncode, p.stdout, p.stderr

    def output(self):
        return outputs(self.files["GITHUB_OUTPUT"])

    def read(self, key):
        with open(self.files[key]) as f:
            return f.read()


def check_action_yml(source):
    with open(os.path.join(source, "action.yml")) as f:
        action = yaml.safe_load(f)
    check(action.get("runs", {}).get("using") == "composite", "action.yml: a composite action")
    inputs = action.get("inputs", {})
    for name, default in (("path", "."), ("version", "latest"), ("fail-on", "blocker"),
                          ("upload-sarif", "true"), ("args", ""),
                          ("build-from-source", "fallback")):
        check(name in inputs and str(inputs[name].get("default")) == default,
              f"action.yml: input {name} defaults to '{default}'")
    for name, spec in inputs.items():
        check(bool(spec.get("description")), f"action.yml: input {name} is described")
    steps = action["runs"]["steps"]
    ids = {s.get("id") for s in steps}
    for name, spec in action.get("outputs", {}).items():
        value = spec.get("value", "")
        ref = value.split("steps.")[1].split(".")[0] if "steps." in value else None
        check(ref in ids, f"action.yml: output {name} comes from a step ({value})")
    for s in steps:
        if "run" in s:
            run = s["run"]
            check(s.get("shell") == "bash", f"step '{s.get('name')}' declares shell: bash")
            check("${{" not in run, f"step '{s.get('name')}': inputs reach the script as env only")
            script = run.split("$GITHUB_ACTION_PATH/")[1].split('"')[0]
            check(os.path.isfile(os.path.join(source, script)), f"{script} exists")
        else:
            check(s.get("uses") == "github/codeql-action/upload-sarif@v3",
                  "the one `uses` step uploads the SARIF with codeql-action v3")
            check("inputs.upload-sarif" in s.get("if", ""), "... only when upload-sarif is on")
    names = [s.get("name", "") for s in steps]
    check(names.index("Upload SARIF to code scanning") < names.index("Fail on the threshold"),
          "the job fails only after the SARIF is uploaded")


def make_tarball(tmp, binary, version, arch):
    top = f"ascendify-{version}-{arch}-linux"
    stage = os.path.join(tmp, "stage-" + arch, top, "bin")
    os.makedirs(stage)
    shutil.copy2(binary, os.path.join(stage, "ascendify"))
    path = os.path.join(tmp, top + ".tar.gz")
    with tarfile.open(path, "w:gz") as t:
        t.add(os.path.join(tmp, "stage-" + arch, top), arcname=top)
    return path


def check_install(tmp, binary, source, version):
    # From a binary.
    r = Runner(tmp, "install-binary", source)
    code, out, err = r.run("install.sh", tmp, ASCENDIFY_BINARY=binary)
    got = r.output().get("binary", "")
    check(code == 0 and os.access(got, os.X_OK), "install: from a binary", err)
    check(r.output().get("version", "").startswith("ascendify "), "install: version output")
    check(r.read("GITHUB_PATH").strip() == os.path.dirname(got),
          "install: the binary's folder is added to GITHUB_PATH")

    # From a tarball on disk.
    tar_x86 = make_tarball(tmp, binary, version, "x86_64")
    r = Runner(tmp, "install-tarball", source)
    code, out, err = r.run("install.sh", tmp, ASCENDIFY_TARBALL=tar_x86)
    check(code == 0 and os.access(r.output().get("binary", ""), os.X_OK),
          "install: from a tarball", err)

    # Downloaded by the release naming scheme, from a file:// stand-in for GitHub.
    releases = os.path.join(tmp, "releases")
    tag_dir = os.path.join(releases, "v" + version)
    os.makedirs(tag_dir)
    for arch in ("x86_64", "aarch64"):
        name = f"ascendify-{version}-{arch}-linux.tar.gz"
        shutil.copy2(tar_x86, os.path.join(tag_dir, name))  # the test only runs x86_64 code
        with open(os.path.join(tag_dir, name), "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        with open(os.path.join(tag_dir, name + ".sha256"), "w") as f:
            f.write(f"{digest}  {name}\n")
    api = os.path.join(tmp, "api", "repos", "o", "ascendify", "releases")
    os.makedirs(api)
    with open(os.path.join(api, "latest"), "w") as f:
        json.dump({"tag_name": "v" + version, "name": "x"}, f, indent=2)
    common = {"ASCENDIFY_REPOSITORY": "o/ascendify", "ASCENDIFY_BUILD_FROM_SOURCE": "false",
              "ASCENDIFY_DOWNLOAD_BASE": "file://" + releases,
              "ASCENDIFY_API_BASE": "file://" + os.path.join(tmp, "api")}
    for arch, want, ver in (("X64", "x86_64", version), ("ARM64", "aarch64", "v" + version),
                            ("X64", "x86_64", "latest")):
        r = Runner(tmp, f"install-download-{arch}-{ver}", source, arch=arch)
        code, out, err = r.run("install.sh", tmp, ASCENDIFY_VERSION=ver, **common)
        url = f"file://{releases}/v{version}/ascendify-{version}-{want}-linux.tar.gz"
        check(code == 0 and f"downloading {url}" in err,
              f"install: version {ver} on {arch} downloads {os.path.basename(url)}", err)
    r = Runner(tmp, "install-missing", source)
    code, out, err = r.run("install.sh", tmp, ASCENDIFY_VERSION="9.9.9", **common)
    check(code != 0 and "::error" in out, "install: a missing release fails (no fallback)",
          out + err)
    with open(os.path.join(tag_dir, f"ascendify-{version}-x86_64-linux.tar.gz.sha256"), "w") as f:
        f.write("0" * 64 + "\n")
    r = Runner(tmp, "install-bad-sum", source)
    code, out, err = r.run("install.sh", tmp, ASCENDIFY_VERSION=version, **common)
    check(code != 0 and "checksum mismatch" in out, "install: a wrong checksum stops it",
          out + err)


def check_scan(tmp, binary, source):
    ws = os.path.join(tmp, "workspace")
    shutil.copytree(os.path.join(source, "examples"), ws)
    r = Runner(tmp, "scan-blocker", source)
    code, out, err = r.run("scan.sh", ws, ASCENDIFY=binary, ASCENDIFY_LANG="en")
    check(code == 0, "scan: the step itself succeeds when findings reach the threshold", err)
    o = r.output()
    check(o.get("exit-code") == "1", "scan: exit-code=1 at fail-on blocker on the example",
          str(o))
    check(o.get("feasibility") == "difficult" and int(o.get("findings", "0")) > 100,
          "scan: findings and feasibility outputs", str(o))
    for key in ("sarif", "json", "markdown"):
        check(os.path.isfile(o.get(key, "")) and o[key].startswith(r.temp),
              f"scan: the {key} report is in RUNNER_TEMP")
    with open(o["sarif"]) as f:
        sarif = json.load(f)
    results = sarif["runs"][0]["results"]
    check(sarif["version"] == "2.1.0" and len(results) > 100, "scan: SARIF 2.1.0 with results")
    check(any(x["level"] == "error" for x in results), "scan: SARIF has error-level results")
    summary = r.read("GITHUB_STEP_SUMMARY")
    check(summary.startswith("# workspace Ascend NPU Migration Assessment\n"),
          "summary: opens with the report's title", summary[:300])
    check("## At a glance" in summary and "| Overall feasibility | **difficult" in summary,
          "summary: holds the At a glance table", summary[:600])
    check("## Executive Summary" not in summary, "summary: stops before the next section")
    check("this job fails" in summary, "summary: says the job fails")
    lines = [x for x in out.splitlines() if x.startswith("::")]
    levels = {x.split(" ", 1)[0] for x in lines}
    check(len(lines) > 50 and levels <= {"::error", "::warning", "::notice"},
          "annotations: only ::error / ::warning / ::notice lines", str(levels))
    check("::error file=vidit/modules/text_attention.py,line=7," in out,
          "annotations: the run-stopper is an error at its workspace path")
    check(not [x for x in os.listdir(ws) if x.startswith("ascendify")],
          "scan: nothing written into the workspace")

    code, out, err = r.run("finish.sh", ws, ASCENDIFY_EXIT_CODE=o["exit-code"])
    check(code == 1 and out.startswith("::error"), "finish: fails the job with exit 1")

    r = Runner(tmp, "scan-none", source)
    code, out, err = r.run("scan.sh", ws, ASCENDIFY=binary, ASCENDIFY_FAIL_ON="none",
                           ASCENDIFY_ANNOTATIONS="false", ASCENDIFY_ARGS="--hardware 910b")
    check(code == 0 and r.output().get("exit-code") == "0", "scan: fail-on none exits 0", err)
    check(not [x for x in out.splitlines() if x.startswith("::")],
          "scan: annotations false prints none")
    check(r.read("GITHUB_STEP_SUMMARY").startswith("# workspace "), "summary: zh report too")
    code, out, err = r.run("finish.sh", ws, ASCENDIFY_EXIT_CODE="0")
    check(code == 0, "finish: exit 0 passes")

    r = Runner(tmp, "scan-missing", source)
    code, out, err = r.run("scan.sh", ws, ASCENDIFY=binary, ASCENDIFY_PATH="no/such/dir")
    check(code == 2 and "::error" in out, "scan: a missing path fails the step (exit 2)",
          out + err)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    version = subprocess.run([binary, "--version"], stdout=subprocess.PIPE, text=True,
                             check=True).stdout.split()[1]
    check_action_yml(source)
    tmp = tempfile.mkdtemp(prefix="ascendify-action-")
    try:
        check_install(tmp, binary, source, version)
        check_scan(tmp, binary, source)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    print("all GitHub Action checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
