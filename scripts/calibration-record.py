#!/usr/bin/env python3
"""Records the tool's answer on the calibration repositories (docs/calibration/README.md).

usage: scripts/calibration-record.py REPOS_DIR [BEFORE_DIR]

REPOS_DIR holds one checkout per repository of docs/calibration/estimates.yaml, named after
the repository (nanoGPT, Wan2.1, ...). Scans each with build-release/ascendify (or
$ASCENDIFY_BIN) and rewrites docs/calibration/results.yaml: the verdict, weeks, site classes,
counterpart and tasks now, and - kept from the previous file, or read from BEFORE_DIR/<name>.json
reports - the tool's answer before the verdict work. Review `git diff` before committing: the
file is the baseline the calibration test holds the tool to, not a statement of correctness;
the estimates are. Then regenerate the figures the docs quote from it:
scripts/docs-refresh.py --only calibration.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("ASCENDIFY_BIN", os.path.join(ROOT, "build-release", "ascendify"))


def estimates():
    """(repo, commit) pairs in file order, from the estimates' `- repo:` / `commit:` lines."""
    out, repo = [], None
    for line in open(os.path.join(ROOT, "docs", "calibration", "estimates.yaml"), encoding="utf-8"):
        m = re.match(r"^- repo: (\S+)", line)
        if m:
            repo = m.group(1)
        m = re.match(r"^  commit: (\S+)", line)
        if m and repo:
            out.append((repo, m.group(1)))
            repo = None
    return out


def previous_before():
    """The `before:` lines of the existing results file, by repository."""
    path = os.path.join(ROOT, "docs", "calibration", "results.yaml")
    found, repo = {}, None
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            m = re.match(r"^- repo: (\S+)", line)
            if m:
                repo = m.group(1)
            if line.startswith("  before:") and repo:
                found[repo] = line.rstrip("\n")
    return found


def summary_line(key, s):
    e = s["effort_weeks"]
    return f"  {key}: {{feasibility: {s['feasibility']}, weeks: [{e['low']}, {e['high']}]}}"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    repos, before_dir = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None
    kept = previous_before()
    lines = ["# The tool's answer on the calibration repositories (scripts/calibration-record.py).",
             "# `before`: the verdict work's starting point (d74afb8); `now`: the current model,",
             "# the baseline tests/e2e/calibration_test.cpp holds it to. Not correctness: the",
             "# estimates (estimates.yaml) are; the test reports agreement with them."]
    for repo, commit in estimates():
        name = repo.split("/")[1]
        path = os.path.join(repos, name)
        if not os.path.isdir(path):
            print(f"skip {repo}: no checkout at {path}", file=sys.stderr)
            continue
        run = subprocess.run([BIN, "scan", path, "--format", "json", "-o", "-", "--exit-zero"],
                             capture_output=True, text=True, check=True)
        rep = json.loads(run.stdout)
        s = rep["summary"]
        lines.append(f"- repo: {repo}")
        lines.append(f"  commit: {commit}")
        if before_dir and os.path.exists(os.path.join(before_dir, name + ".json")):
            b = json.load(open(os.path.join(before_dir, name + ".json")))["summary"]
            lines.append(summary_line("before", b))
        elif repo in kept:
            lines.append(kept[repo])
        lines.append(summary_line("now", s))
        c = s["site_classes"]
        lines.append("  classes: {" + ", ".join(f"{k}: {v}" for k, v in c.items()) + "}")
        cp = s["counterparts"]
        lines.append("  counterpart: " + (f"{cp[0]['counterpart']} ({cp[0]['relation']})" if cp else "none"))
        tasks = rep.get("tasks", [])
        lines.append(f"  tasks: {len(tasks)}")
    with open(os.path.join(ROOT, "docs", "calibration", "results.yaml"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
