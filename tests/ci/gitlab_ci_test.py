#!/usr/bin/env python3
"""The GitLab CI snippet ci/gitlab/ascendify.gitlab-ci.yml: its structure, and its shell run
the way a runner runs it (before_script + script in one POSIX sh with -e, from the repository
root) on a copy of the bundled example, with ASCENDIFY_BINARY set to the built binary (no
download). Checks the Code Quality report GitLab reads (a JSON array of issues with
description, check_name, unique fingerprint, severity in GitLab's five, location.path relative
to the repository root and present there, location.lines.begin >= 1), the other reports in
the artifacts folder, and the job's exit status at the threshold.
Usage: gitlab_ci_test.py ASCENDIFY_BINARY SOURCE_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import yaml

failures = []


def check(cond, what, detail=""):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)
        if detail:
            print(detail)


def job_script(job):
    lines = list(job.get("before_script", [])) + list(job["script"])
    return "\n".join(lines) + "\n"


def run_job(job, cwd, binary, tmp, **variables):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ASCENDIFY", "XDG_"))}
    env.update({k: str(v) for k, v in job.get("variables", {}).items()})
    env.update({"ASCENDIFY_BINARY": binary, "CI_PROJECT_DIR": cwd, "TMPDIR": tmp,
                "HOME": os.path.join(tmp, "home")})
    env.update(variables)
    p = subprocess.run(["sh", "-e", "-c", job_script(job)], cwd=cwd, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    return p.returncode, p.stdout


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(os.path.join(source, "ci", "gitlab", "ascendify.gitlab-ci.yml")) as f:
        doc = yaml.safe_load(f)
    template = doc.get(".ascendify", {})
    job = doc.get("ascendify", {})
    check(job.get("extends") == ".ascendify" and job.get("stage") == "test",
          "the include adds job ascendify (stage test) extending .ascendify")
    report = template.get("artifacts", {}).get("reports", {}).get("codequality")
    check(report == "ascendify-report/ascendify-report.codeclimate.json",
          "artifacts.reports.codequality names the Code Quality file")
    check(template.get("artifacts", {}).get("when") == "always",
          "artifacts are kept when the job fails")
    check(template.get("variables", {}).get("ASCENDIFY_FAIL_ON") == "blocker",
          "the default threshold is blocker")

    tmp = tempfile.mkdtemp(prefix="ascendify-gitlab-")
    try:
        os.makedirs(os.path.join(tmp, "home"))
        repo = os.path.join(tmp, "repo")
        shutil.copytree(os.path.join(source, "examples"), os.path.join(repo, "ml"))
        code, out = run_job(template, repo, binary, tmp, ASCENDIFY_PATH="ml")
        check(code == 1, "the job fails at --fail-on blocker on the example", out[-2000:])
        check("findings at or above --fail-on blocker" in out, "... and says why", out[-2000:])
        folder = os.path.join(repo, "ascendify-report")
        names = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
        check(names == ["ascendify-report.codeclimate.json", "ascendify-report.json",
                        "ascendify-report.sarif", "ascendify-report.zh.md"],
              "the artifacts folder holds the four reports", str(names))
        with open(os.path.join(repo, report)) as f:
            issues = json.load(f)
        check(isinstance(issues, list) and len(issues) > 100, "Code Quality: an array of issues")
        severities = set()
        prints = set()
        bad = []
        for i in issues:
            loc = i.get("location", {})
            path = loc.get("path", "")
            ok = (isinstance(i.get("description"), str) and i["description"]
                  and isinstance(i.get("check_name"), str) and "." in i["check_name"]
                  and i.get("severity") in ("info", "minor", "major", "critical", "blocker")
                  and path.startswith("ml/") and os.path.isfile(os.path.join(repo, path))
                  and isinstance(loc.get("lines", {}).get("begin"), int)
                  and loc["lines"]["begin"] >= 1)
            if not ok:
                bad.append(i)
            severities.add(i.get("severity"))
            prints.add(i.get("fingerprint"))
        check(not bad, "Code Quality: every issue has the fields GitLab reads",
              json.dumps(bad[:3], indent=1))
        check(len(prints) == len(issues), "Code Quality: fingerprints are unique")
        check(severities == {"info", "minor", "major", "critical", "blocker"},
              "Code Quality: the example has all five severities", str(severities))
        stop = [i for i in issues if i["severity"] == "blocker"]
        check(any(i["location"] == {"path": "ml/vidit/modules/text_attention.py",
                                    "lines": {"begin": 7}} for i in stop),
              "Code Quality: the run-stopping import is a blocker", json.dumps(stop, indent=1))
        check(not os.path.exists(os.path.join(repo, "ml", "ascendify-report")),
              "nothing written into the scanned folder")

        code, out = run_job(template, repo, binary, tmp, ASCENDIFY_PATH="ml",
                            ASCENDIFY_FAIL_ON="none", ASCENDIFY_ARGS="--lang en --exclude csrc/**")
        names = sorted(os.listdir(folder))
        check(code == 0, "ASCENDIFY_FAIL_ON=none passes", out[-2000:])
        check("ascendify-report.en.md" in names, "ASCENDIFY_ARGS reach the scan", str(names))
        with open(os.path.join(repo, report)) as f:
            paths = {i["location"]["path"] for i in json.load(f)}
        check(not [p for p in paths if p.startswith("ml/csrc/")],
              "--exclude csrc/** is passed unglobbed")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    print("all GitLab CI checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
