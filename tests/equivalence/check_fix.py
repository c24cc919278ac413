#!/usr/bin/env python3
"""Does `ascendify fix` keep the behaviour of the idiom projects?

    check_fix.py --ascendify BIN [--idioms DIR] [--mode default|transfer|unsafe|all]
                 [--only NAME ...] [-j N] [--timeout S] [-q] [--keep DIR]
    check_fix.py --selftest [--idioms DIR]

For every idiom (a folder of tests/equivalence/idioms/) and mode, the idiom is copied twice into
a temporary folder, `BIN fix COPY --apply` (+ --transfer-to-npu in mode transfer,
+ --unsafe-fixes in mode unsafe) patches one copy, and equiv.py compares the original on the
simulated GPU box with the patched copy on the simulated Ascend box, for every entry of the
idiom's optional idiom.json ({"entries": ["main.py"], "args": [], "env": {}}).
A mode whose flag the binary does not know (exit 2, "not expected"/"unknown" option) is skipped.

--selftest checks the harness itself: every idiom runs cleanly and deterministically on the GPU
box, the hand-written bad port in selftest/bad differs from selftest/original, the good port in
selftest/good is equal; it also lists the idioms that would pass even without a port.

Exit status: 0 all passed; 1 a check failed; 2 harness errors only (or bad arguments).
"""
import argparse
import concurrent.futures
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True      # keep the source tree free of __pycache__
sys.path.insert(0, HERE)
import equiv  # noqa: E402

MODES = {
    "default": [],
    "transfer": ["--transfer-to-npu"],
    "unsafe": ["--unsafe-fixes"],
}
# The baseline port of --selftest: nothing but the runtime redirect.
REDIRECT = "import torch_npu\nfrom torch_npu.contrib import transfer_to_npu\n"
_UNKNOWN_OPTION = re.compile(r"not expected|unknown option|unrecognized|unrecognised|"
                             r"invalid option|no such option", re.I)


# --------------------------------------------------------------------------- helpers
def idiom_config(path):
    # "manual": {"default": "why"}: in that mode the idiom cannot be ported mechanically; the
    # check expects fix to leave behaviour different *and* to list manual work for it.
    cfg = {"entries": ["main.py"], "args": [], "env": {}, "manual": {}}
    f = os.path.join(path, "idiom.json")
    if os.path.exists(f):
        with open(f) as fh:
            data = json.load(fh)
        cfg.update({k: v for k, v in data.items() if k in cfg})
    return cfg


def list_idioms(root, only=None):
    names = sorted(n for n in os.listdir(root)
                   if os.path.isdir(os.path.join(root, n)) and not n.startswith((".", "_")))
    if only:
        missing = sorted(set(only) - set(names))
        if missing:
            raise SystemExit("check_fix: no such idiom: %s" % ", ".join(missing))
        names = [n for n in names if n in only]
    return names


def _copy(src, dst):
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def source_diff(a_root, b_root, limit=80):
    """Unified diff of the text files of two trees (what the fix changed)."""
    files = set()
    for root in (a_root, b_root):
        for dirpath, _, names in os.walk(root):
            for n in names:
                files.add(os.path.relpath(os.path.join(dirpath, n), root))
    out = []
    for rel in sorted(files):
        def read(root):
            p = os.path.join(root, rel)
            if not os.path.exists(p):
                return []
            with open(p, errors="replace") as fh:
                return fh.read().splitlines()
        a, b = read(a_root), read(b_root)
        if a != b:
            out.extend(difflib.unified_diff(a, b, "original/" + rel, "patched/" + rel,
                                            lineterm="", n=1))
    if len(out) > limit:
        out = out[:limit] + ["... (%d more lines)" % (len(out) - limit)]
    return out


def indent(lines, pad="      "):
    if isinstance(lines, str):
        lines = lines.splitlines()
    return "\n".join(pad + ln for ln in lines)


# --------------------------------------------------------------------------- one check
class Result:
    def __init__(self, idiom, mode, status, report="", patch=None, note="", tool_summary=""):
        self.idiom, self.mode, self.status = idiom, mode, status   # PASS FAIL ERROR SKIP
        self.report, self.patch, self.note = report, patch or [], note
        self.tool_summary = tool_summary


_MANUAL = re.compile(r"Manual work: (\d+)")


def manual_count(fix_output):
    """Number of findings `ascendify fix` left as manual work (None if it does not say)."""
    m = _MANUAL.search(fix_output)
    return int(m.group(1)) if m else None


def check_one(binary, idiom_dir, mode, timeout, keep=None):
    name = os.path.basename(idiom_dir)
    work = tempfile.mkdtemp(prefix="equiv-%s-%s-" % (name, mode))
    try:
        original = os.path.join(work, "original")
        patched = os.path.join(work, "patched")
        _copy(idiom_dir, original)
        _copy(idiom_dir, patched)
        cmd = [binary, "fix", patched, "--apply"] + MODES[mode]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            return Result(name, mode, "ERROR", "ascendify fix timed out")
        out = proc.stdout + proc.stderr
        if proc.returncode == 2 and _UNKNOWN_OPTION.search(out):
            return Result(name, mode, "SKIP", note=out.strip().splitlines()[0] if out.strip()
                          else "unknown option")
        if proc.returncode != 0:
            return Result(name, mode, "ERROR", "ascendify fix exited %d:\n%s"
                          % (proc.returncode, out.strip()[-2000:]))
        cfg = idiom_config(original)
        status, reports = equiv.compare(original, patched, cfg["entries"], cfg["args"],
                                        cfg["env"], timeout)
        patch = source_diff(original, patched)
        word = {0: "PASS", 1: "FAIL", 2: "ERROR"}[status]
        notes = []
        if not patch:
            notes.append("fix changed nothing")
        manual = manual_count(out)
        if manual is not None:
            notes.append("manual findings: %d" % manual)
            if word == "FAIL" and manual == 0:
                notes.append("SILENT: no manual work reported")
        declared = cfg["manual"].get(mode)
        if declared:
            if word == "FAIL" and manual:
                word = "MANUAL"  # as declared: behaviour differs until the listed work is done
                notes.append("declared: " + declared)
            elif word == "PASS":
                word = "STALE"  # declared manual but ported: the declaration must go
                notes.append("declared manual, yet equivalent: drop the declaration")
        return Result(name, mode, word, "\n".join(reports), patch, "; ".join(notes),
                      out.strip())
    finally:
        if keep:
            dst = os.path.join(keep, "%s.%s" % (name, mode))
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(work, dst)
        shutil.rmtree(work, ignore_errors=True)


def rule_coverage(binary, idioms_root, names):
    """(autofix rules with a finding in some idiom, all autofix rules), or None on error."""
    try:
        rules = json.loads(subprocess.run([binary, "rules", "--format", "json"],
                                          capture_output=True, text=True, timeout=60).stdout)
        fixable = {r["id"] for r in rules if r.get("autofix")}
        seen = set()
        for n in names:
            out = subprocess.run([binary, "scan", os.path.join(idioms_root, n), "--format",
                                  "json", "-o", "-"], capture_output=True, text=True,
                                 timeout=60).stdout
            seen |= {f["rule"] for f in json.loads(out).get("findings", [])}
        return seen & fixable, fixable
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def print_result(r, quiet):
    tail = "  (%s)" % r.note if r.note else ""
    print("%-5s %-8s %s%s" % (r.status, r.mode, r.idiom, tail))
    if r.status in ("FAIL", "ERROR", "STALE") and not quiet:
        print(indent(r.report))
        if r.patch:
            print("      patch applied by ascendify fix:")
            print(indent(r.patch, "        "))
        if r.tool_summary:
            lines = r.tool_summary.splitlines()
            print("      ascendify fix said:")
            print(indent(lines[:25] + (["..."] if len(lines) > 25 else []), "        "))
    sys.stdout.flush()


# --------------------------------------------------------------------------- modes
def run_fix_checks(ns):
    binary = os.path.abspath(ns.ascendify) if os.sep in ns.ascendify else \
        shutil.which(ns.ascendify) or ns.ascendify
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        print("check_fix: not an executable: %s" % ns.ascendify, file=sys.stderr)
        return 2
    names = list_idioms(ns.idioms, ns.only)
    modes = list(MODES) if ns.mode == "all" else [ns.mode]
    if ns.keep:
        os.makedirs(ns.keep, exist_ok=True)
    passed = failed = errors = declared = 0
    ran_modes, skipped = [], []
    for mode in modes:
        # Probe the mode's flag on the first idiom before fanning out.
        first = check_one(binary, os.path.join(ns.idioms, names[0]), mode, ns.timeout, ns.keep)
        if first.status == "SKIP":
            skipped.append((mode, first.note))
            print("SKIP  %-8s (all idioms): the binary does not take %s: %s"
                  % (mode, " ".join(MODES[mode]), first.note))
            continue
        ran_modes.append(mode)
        results = [first]
        with concurrent.futures.ThreadPoolExecutor(max_workers=ns.jobs) as pool:
            futs = [pool.submit(check_one, binary, os.path.join(ns.idioms, n), mode, ns.timeout,
                                ns.keep) for n in names[1:]]
            results += [f.result() for f in futs]
        for r in results:
            print_result(r, ns.quiet)
            passed += r.status == "PASS"
            failed += r.status in ("FAIL", "STALE")
            declared += r.status == "MANUAL"
            errors += r.status == "ERROR"
    cov = rule_coverage(binary, ns.idioms, names)
    if cov:
        exercised, fixable = cov
        print("autofix rules exercised by the idioms: %d of %d (%s)"
              % (len(exercised), len(fixable), ", ".join(sorted(exercised))))
    line = ("equivalence: %d idioms x %d modes, %d passed, %d declared manual (reported), "
            "%d failed" % (len(names), len(ran_modes), passed, declared, failed))
    if errors:
        line += ", %d harness errors" % errors
    if skipped:
        line += "; skipped modes: %s" % ", ".join(m for m, _ in skipped)
    print(line)
    if failed:
        return 1
    return 2 if errors else 0


def run_selftest(ns):
    ok = True
    sel = os.path.join(HERE, "selftest")
    print("selftest: harness")
    # The original is the nanoGPT idiom itself (one copy of it in the tree).
    original = os.path.join(HERE, "idioms", "nanogpt_train")
    status, reports = equiv.compare(original, os.path.join(sel, "bad"),
                                    ["main.py"], timeout=ns.timeout)
    good = status == 1
    print("%-5s bad port of nanoGPT (device_type 'cuda' if 'npu' in device) must differ"
          % ("PASS" if good else "FAIL"))
    if not good or ns.verbose:
        print(indent("\n".join(reports)))
    ok &= good
    status, reports = equiv.compare(original, os.path.join(sel, "good"),
                                    ["main.py"], timeout=ns.timeout)
    good = status == 0
    print("%-5s good port of nanoGPT must be equal" % ("PASS" if good else "FAIL"))
    if not good or ns.verbose:
        print(indent("\n".join(reports)))
    ok &= good

    names = list_idioms(ns.idioms, ns.only)
    print("selftest: idioms run cleanly and deterministically on the GPU box (%d)" % len(names))
    undiscriminating = []

    redirect_only_fails = []

    def one(n):
        d = os.path.join(ns.idioms, n)
        cfg = idiom_config(d)
        same = equiv.compare(d, d, cfg["entries"], cfg["args"], cfg["env"], ns.timeout,
                             original_world="cuda", patched_world="cuda")
        unported = equiv.compare(d, d, cfg["entries"], cfg["args"], cfg["env"], ns.timeout)
        work = tempfile.mkdtemp(prefix="equiv-redirect-%s-" % n)
        try:
            port = os.path.join(work, "port")
            _copy(d, port)
            for entry in cfg["entries"]:
                path = os.path.join(port, entry)
                with open(path) as fh:
                    text = fh.read()
                with open(path, "w") as fh:
                    fh.write(REDIRECT + text)
            redirect = equiv.compare(d, port, cfg["entries"], cfg["args"], cfg["env"],
                                     ns.timeout)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return n, same, unported, redirect

    with concurrent.futures.ThreadPoolExecutor(max_workers=ns.jobs) as pool:
        for n, (st, reps), (ust, _), (rst, _) in pool.map(one, names):
            good = st == 0
            print("%-5s %s" % ("PASS" if good else "FAIL", n))
            if not good:
                print(indent("\n".join(reps)))
            ok &= good
            if ust == 0:
                undiscriminating.append(n)
            if rst != 0:
                redirect_only_fails.append(n)
    if undiscriminating:
        print("note: equivalent even without any port (already device-agnostic, they check that "
              "a fix does not break them): %s" % ", ".join(undiscriminating))
    print("note: with only the transfer_to_npu redirect prepended to the entry script, %d of %d "
          "idioms are equivalent; not: %s" % (len(names) - len(redirect_only_fails), len(names),
                                             ", ".join(redirect_only_fails) or "none"))
    print("selftest: %s" % ("passed" if ok else "FAILED"))
    return 0 if ok else 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ascendify", metavar="BIN", help="the ascendify binary")
    ap.add_argument("--idioms", default=os.path.join(HERE, "idioms"), metavar="DIR")
    ap.add_argument("--mode", default="all", choices=["default", "transfer", "unsafe", "all"])
    ap.add_argument("--only", action="append", metavar="NAME", help="only this idiom (repeatable)")
    ap.add_argument("--selftest", action="store_true", help="check the harness itself")
    ap.add_argument("-j", "--jobs", type=int, default=min(8, os.cpu_count() or 2))
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per run (default 10)")
    ap.add_argument("-q", "--quiet", action="store_true", help="no trace diffs")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--keep", metavar="DIR", help="keep each idiom's original/patched copies")
    ns = ap.parse_args(argv)
    ns.idioms = os.path.abspath(ns.idioms)
    if not ns.selftest and not ns.ascendify:
        ap.error("give --ascendify BIN, --selftest, or both")
    rc = 0
    if ns.selftest:
        rc = run_selftest(ns)
    if ns.ascendify:
        rc2 = run_fix_checks(ns)
        rc = 1 if 1 in (rc, rc2) else max(rc, rc2)
    return rc


if __name__ == "__main__":
    sys.exit(main())
