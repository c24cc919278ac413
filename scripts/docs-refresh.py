#!/usr/bin/env python3
"""Regenerates what the docs show of the tool's output, from the current build and data.

usage: scripts/docs-refresh.py [--binary BIN] [--only PART[,PART...]] [--check]

PARTs (all by default):
  screenshot   docs/report.png: the HTML report of examples/ (what scripts/demo.sh writes to
               out/examples-report/ascendify-report.html), taken by headless Chromium; and
               docs/report.png.sha256, the SHA-256 of the HTML it was taken from.
  calibration  the agreement figures and tables between `<!-- calibration:begin NAME -->` and
               `<!-- calibration:end NAME -->` in README.md, docs/effort-model.md and
               docs/calibration/README.md, from docs/calibration/estimates.yaml + results.yaml.
  speed        nothing is written: the figures of README.md's `<!-- speed:begin -->` block are
               quoted from bench/README.md (checked only).

--check writes nothing and exits 1, naming what is stale, when a committed file differs from
what this script would write (tests/e2e/docs_refresh_test.cpp runs it). BIN defaults to
$ASCENDIFY_BIN, else build/ascendify. The screenshot needs chromium ($ASCENDIFY_CHROMIUM names
the binary); its check does not.
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = "scripts/docs-refresh.py"
PNG = "docs/report.png"
FINGERPRINT = PNG + ".sha256"
# What the fingerprint file names: the demo's report (README "Set up", scripts/demo.sh).
DEMO_HTML = "out/examples-report/ascendify-report.html"
WINDOW = "1280,1600"  # the README shows the report's first screen and a half
CALIBRATION_DOCS = ["README.md", "docs/effort-model.md", "docs/calibration/README.md"]
SPEED_DOC = "README.md"
BENCH_DOC = "bench/README.md"


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def write(rel, text):
    with open(os.path.join(ROOT, rel), "w", encoding="utf-8") as f:
        f.write(text)


# ---------------------------------------------------------------------------------- screenshot

def example_html(binary, out_dir):
    """Scans examples/ as scripts/demo.sh does (cwd = repository root, path `examples`) and
    returns the HTML report's path."""
    run = subprocess.run([binary, "scan", "examples", "-o", out_dir, "--format", "html"],
                         cwd=ROOT, capture_output=True, text=True)
    if run.returncode not in (0, 1):  # 1: findings at or above --fail-on
        sys.exit(f"{SCRIPT}: {binary} scan examples failed ({run.returncode}):\n{run.stderr}")
    return os.path.join(out_dir, "ascendify-report.html")


def sha256_of(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def committed_fingerprint():
    if not os.path.exists(os.path.join(ROOT, FINGERPRINT)):
        return ""
    words = read(FINGERPRINT).split()
    return words[0] if words else ""


def find_chromium():
    env = os.environ.get("ASCENDIFY_CHROMIUM")
    if env:
        return env
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    sys.exit(f"{SCRIPT}: no chromium found (apt-get install chromium fonts-wqy-microhei, or set "
             "ASCENDIFY_CHROMIUM)")


def screenshot(binary, check):
    with tempfile.TemporaryDirectory(prefix="ascendify-docs-") as tmp:
        html = example_html(binary, os.path.join(tmp, "report"))
        digest = sha256_of(html)
        if check:
            have = committed_fingerprint()
            if have != digest:
                return [f"{PNG} was not taken from the current HTML report of examples/ "
                        f"({FINGERPRINT}: {have or 'missing'}, the report now: {digest}). "
                        f"Run `{SCRIPT} --only screenshot` (needs chromium) and commit "
                        f"{PNG} and {FINGERPRINT}."]
            return []
        profile = os.path.join(tmp, "profile")
        png = os.path.join(tmp, "report.png")
        cmd = [find_chromium(), "--headless=new", "--no-sandbox", "--disable-gpu",
               "--no-first-run", "--hide-scrollbars", "--user-data-dir=" + profile,
               "--virtual-time-budget=5000", "--window-size=" + WINDOW,
               "--screenshot=" + png, "file://" + html]
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
        if run.returncode != 0 or not os.path.exists(png):
            sys.exit(f"{SCRIPT}: chromium failed ({run.returncode}):\n{run.stderr}")
        shutil.copyfile(png, os.path.join(ROOT, PNG))
        write(FINGERPRINT, f"{digest}  {DEMO_HTML}\n")
        print(f"{PNG}: screenshot of the report with SHA-256 {digest}")
    return []


# --------------------------------------------------------------------------------- calibration

def load_yaml(rel):
    try:
        import yaml
    except ImportError:
        sys.exit(f"{SCRIPT}: needs python3-yaml (apt-get install python3-yaml)")
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return yaml.safe_load(f)


# The agreement definitions of tests/e2e/calibration_test.cpp: the verdict agrees when the
# feasibility words are equal; the weeks agree when the two ranges overlap (ends included).
def verdict_agrees(answer, estimate):
    return answer["feasibility"] == estimate["feasibility"]


def weeks_overlap(answer, estimate):
    (lo, hi), (elo, ehi) = answer["weeks"], estimate["weeks"]
    return not (hi < elo or lo > ehi)


def wrap(sentence):
    return textwrap.fill(sentence, width=96, break_long_words=False, break_on_hyphens=False)


def weeks(w):
    return f"{w[0]}–{w[1]}"


def calibration_rows():
    """(estimate, recorded result) per repository of the estimates that has a recorded
    answer, in the estimates' order (the order of calibration-record.py and the test)."""
    recorded = {r["repo"]: r for r in load_yaml("docs/calibration/results.yaml")}
    return [(e, recorded[e["repo"]]) for e in load_yaml("docs/calibration/estimates.yaml")
            if e["repo"] in recorded]


def counts(rows):
    def count(key, test):
        return sum(1 for e, r in rows if key in r and test(r[key], e))
    return {"n": len(rows),
            "verdict_now": count("now", verdict_agrees),
            "verdict_before": count("before", verdict_agrees),
            "weeks_now": count("now", weeks_overlap),
            "weeks_before": count("before", weeks_overlap)}


CLASSES = ["stops-run", "must-adapt", "mechanical", "tuning", "no-change"]


def yes_no(b):
    return "yes" if b else "**no**"


def estimate_cell(e):
    cell = f"**{e['feasibility']} {weeks(e['weeks'])}**"
    cp = e.get("counterpart")
    if cp:  # the counterpart's name up to its explanation in brackets
        cell += " via " + cp["name"].split(" (")[0]
    return cell


def repositories_table(rows):
    out = ["| Repository | Kind | Estimate (weeks) | Tool before | Tool now | Verdict agrees "
           "| Weeks overlap | Site classes |",
           "|---|---|---|---|---|---|---|---|"]
    for e, r in rows:
        before = f"{r['before']['feasibility']} {weeks(r['before']['weeks'])}" \
            if "before" in r else "—"
        now = r["now"]
        classes = " / ".join(str(r.get("classes", {}).get(k, 0)) for k in CLASSES)
        out.append(f"| {e['repo']} `{r['commit']}` | {e['kind']} | {estimate_cell(e)} | {before} "
                   f"| {now['feasibility']} {weeks(now['weeks'])} | "
                   f"{yes_no(verdict_agrees(now, e))} | {yes_no(weeks_overlap(now, e))} | "
                   f"{classes} |")
    return "\n".join(out)


def calibration_blocks():
    rows = calibration_rows()
    c = counts(rows)
    n = c["n"]
    return {
        # README.md, inline in the scan bullet.
        "summary": wrap(f"The verdict and the weeks were checked against independent expert "
                        f"estimates of {n} public repositories: the verdict agrees on "
                        f"{c['verdict_now']}/{n}, the effort range overlaps the estimate's on "
                        f"{c['weeks_now']}/{n}."),
        # docs/effort-model.md, a sentence.
        "figures": wrap(f"Feasibility equal to the estimate: **{c['verdict_now']}/{n}** (before "
                        f"the verdict work, d74afb8: {c['verdict_before']}/{n}); effort ranges "
                        f"overlapping the estimate's: **{c['weeks_now']}/{n}** (before: "
                        f"{c['weeks_before']}/{n})."),
        # docs/calibration/README.md.
        "agreement": "\n".join([
            "| | before (d74afb8) | now |",
            "|---|---|---|",
            f"| feasibility equal to the estimate | {c['verdict_before']} / {n} | "
            f"**{c['verdict_now']} / {n}** |",
            f"| effort range overlapping the estimate's | {c['weeks_before']} / {n} | "
            f"**{c['weeks_now']} / {n}** |"]),
        "repositories": repositories_table(rows),
    }


BLOCK = re.compile(r"(<!-- calibration:begin (\w+) -->)(.*?)(<!-- calibration:end \2 -->)",
                   re.S)


def fill_blocks(text, blocks):
    """The text with each block's content replaced, on lines of its own between the markers
    (each marker alone on its line: an HTML comment there does not break the paragraph)."""
    def repl(m):
        name = m.group(2)
        if name not in blocks:
            sys.exit(f"{SCRIPT}: unknown block '{name}'")
        return m.group(1) + "\n" + blocks[name] + "\n" + m.group(4)
    return BLOCK.sub(repl, text)


def calibration(check):
    blocks = calibration_blocks()
    problems = []
    for doc in CALIBRATION_DOCS:
        text = read(doc)
        if not BLOCK.search(text):
            problems.append(f"{doc} has no `<!-- calibration:begin NAME -->` block")
            continue
        new = fill_blocks(text, blocks)
        if new == text:
            continue
        if check:
            problems.append(f"{doc}: the calibration figures differ from "
                            "docs/calibration/results.yaml + estimates.yaml. Run "
                            f"`{SCRIPT} --only calibration` and commit {doc}.")
        else:
            write(doc, new)
            print(f"{doc}: calibration figures rewritten")
    return problems


# ------------------------------------------------------------------------------------- speed

SPEED = re.compile(r"<!-- speed:begin -->(.*?)<!-- speed:end -->", re.S)


def speed():
    """Every number of README's speed block occurs in bench/README.md (no figure of its own)."""
    m = SPEED.search(read(SPEED_DOC))
    if not m:
        return [f"{SPEED_DOC} has no `<!-- speed:begin -->` block"]
    bench = read(BENCH_DOC)
    problems = []
    for number in re.findall(r"\d+(?:[.,]\d+)*", m.group(1)):
        if not re.search(r"(?<![\d.,])" + re.escape(number) + r"(?![\d]|[.,]\d)", bench):
            problems.append(f"{SPEED_DOC}: the speed figure {number} is not in {BENCH_DOC}: "
                            "quote measured figures from there, with their conditions")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default=os.environ.get("ASCENDIFY_BIN",
                                                       os.path.join(ROOT, "build", "ascendify")))
    ap.add_argument("--only", default="screenshot,calibration,speed")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    parts = [p for p in args.only.split(",") if p]
    unknown = set(parts) - {"screenshot", "calibration", "speed"}
    if unknown:
        sys.exit(f"{SCRIPT}: unknown part(s) {', '.join(sorted(unknown))}")
    problems = []
    if "screenshot" in parts:
        if not os.access(args.binary, os.X_OK):
            sys.exit(f"{SCRIPT}: no binary at {args.binary} (build first, or pass --binary)")
        problems += screenshot(os.path.abspath(args.binary), args.check)
    if "calibration" in parts:
        problems += calibration(args.check)
    if "speed" in parts:
        problems += speed()
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
