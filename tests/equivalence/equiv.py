#!/usr/bin/env python3
"""Behaviour equivalence of a CUDA project and its NPU port, against the fake torch.

    equiv.py --original DIR --patched DIR --entry REL [--entry REL ...]
             [--env KEY=VALUE ...] [--timeout S] [--keep DIR] [--args ARG ...]

Each entry script runs twice: the original project on the simulated GPU box
(FAKE_TORCH_WORLD=cuda), the patched project on the simulated Ascend box (FAKE_TORCH_WORLD=npu).
Both runs record what reaches torch (see fake/_fakeworld.py); the traces must be equal once
cuda/npu and nccl/hccl are folded together (normalise()).

Exit status: 0 equal, 1 different, 2 harness error (the original does not run cleanly on the
GPU box, a run timed out, no trace was written, bad arguments).
"""
import argparse
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = os.path.join(HERE, "fake")
RUNNER = os.path.join(HERE, "run_entry.py")

# Environment of the simulated launcher: variables a caller may have set that would change
# the scripts' behaviour are dropped, so runs depend only on --env.
_DROPPED_ENV = ("PYTHONPATH", "PYTHONSTARTUP", "PYTHONHOME", "RANK", "LOCAL_RANK", "WORLD_SIZE",
                "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT", "CUDA_VISIBLE_DEVICES",
                "ASCEND_RT_VISIBLE_DEVICES", "TORCHELASTIC_RUN_ID", "FAKE_TORCH_DEVICE_COUNT",
                "TORCH_DEVICE_BACKEND_AUTOLOAD")


class HarnessError(Exception):
    pass


# --------------------------------------------------------------------------- normalisation
# Names that are one setting on both machines (TF32 on CUDA == HF32 on Ascend).
NAME_MAP = {
    "backends.cuda.matmul.allow_tf32": "ACC.matmul.allow_fp32_reduced_precision",
    "npu.matmul.allow_hf32": "ACC.matmul.allow_fp32_reduced_precision",
    "backends.cudnn.allow_tf32": "ACC.conv.allow_fp32_reduced_precision",
    "npu.conv.allow_hf32": "ACC.conv.allow_fp32_reduced_precision",
}
# Event kinds with no counterpart on the other machine (NPU-only tuning such as
# torch.npu.set_compile_mode or torch.npu.config.allow_internal_format).
DROPPED_KINDS = frozenset({"npu_tuning"})

_ACC = re.compile(r"(?<![A-Za-z])(?:cuda|npu|CUDA|NPU)(?![A-Za-z])")
_CCL = re.compile(r"(?<![A-Za-z])(?:nccl|hccl|NCCL|HCCL)(?![A-Za-z])")


def _norm_value(v):
    if isinstance(v, str):
        v = NAME_MAP.get(v, v)
        return _CCL.sub("CCL", _ACC.sub("ACC", v))
    if isinstance(v, list):
        return [_norm_value(x) for x in v]
    if isinstance(v, dict):
        return {_norm_value(k): _norm_value(x) for k, x in v.items()}
    return v


def normalise(events):
    """cuda/npu -> ACC, nccl/hccl -> CCL, torch.cuda.X and torch.npu.X one name, TF32/HF32 flags
    one name; NPU-only tuning dropped."""
    return [_norm_value(ev) for ev in events if ev and ev[0] not in DROPPED_KINDS]


def event_line(ev):
    return json.dumps(ev, separators=(", ", ": "))


# --------------------------------------------------------------------------- running
def run_trace(project, entry, world, args=(), env=None, timeout=10.0, trace_path=None):
    """Runs ENTRY of PROJECT in WORLD; returns (trace dict, completed-process-like info)."""
    project = os.path.abspath(project)
    script = os.path.join(project, entry)
    if not os.path.isfile(script):
        raise HarnessError("%s: no entry script %s" % (project, entry))
    run_env = {k: v for k, v in os.environ.items() if k not in _DROPPED_ENV}
    run_env.update(env or {})
    run_env["FAKE_TORCH_WORLD"] = world
    run_env["PYTHONPATH"] = FAKE + os.pathsep + project
    run_env["PYTHONDONTWRITEBYTECODE"] = "1"
    run_env["PYTHONHASHSEED"] = "0"
    own_tmp = trace_path is None
    if own_tmp:
        fd, trace_path = tempfile.mkstemp(prefix="trace-%s-" % world, suffix=".json")
        os.close(fd)
    try:
        try:
            os.unlink(trace_path)
        except FileNotFoundError:
            pass
        try:
            proc = subprocess.run([sys.executable, "-s", "-B", RUNNER, trace_path, entry] +
                                  list(args), cwd=project,
                                  env=run_env, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired as e:
            return None, {"status": "timeout", "stdout": _text(e.stdout), "stderr": _text(e.stderr)}
        info = {"status": "ok", "returncode": proc.returncode, "stdout": proc.stdout,
                "stderr": proc.stderr}
        if not os.path.exists(trace_path):
            info["status"] = "no-trace"
            return None, info
        with open(trace_path) as fh:
            try:
                return json.load(fh), info
            except json.JSONDecodeError as e:
                info["status"] = "bad-trace: %s" % e
                return None, info
    finally:
        if own_tmp and os.path.exists(trace_path):
            os.unlink(trace_path)


def _text(b):
    if b is None:
        return ""
    return b.decode(errors="replace") if isinstance(b, bytes) else b


def _tail(text, n=15):
    lines = (text or "").rstrip().splitlines()
    return "\n".join("    | " + ln for ln in lines[-n:])


def compare_entry(original, patched, entry, args=(), env=None, timeout=10.0, keep=None,
                  allow_original_error=False, original_world="cuda", patched_world="npu"):
    """-> (status, report): status 0 equal, 1 different, 2 harness error."""
    paths = (None, None)
    if keep:
        os.makedirs(keep, exist_ok=True)
        stem = entry.replace(os.sep, "_")
        paths = (os.path.join(keep, stem + ".original.json"),
                 os.path.join(keep, stem + ".patched.json"))
    o_trace, o_info = run_trace(original, entry, original_world, args, env, timeout, paths[0])
    if o_trace is None:
        return 2, ("harness error: original %s on the %s box: %s\n%s"
                   % (entry, original_world, o_info["status"], _tail(o_info["stderr"])))
    o_events = o_trace["events"]
    if not allow_original_error:
        bad = [ev for ev in o_events if ev[0] in ("uncaught", "exit")]
        if bad:
            return 2, ("harness error: original %s does not run cleanly on the %s box: %s\n%s"
                       % (entry, original_world, event_line(bad[-1]), _tail(o_info["stderr"])))
    p_trace, p_info = run_trace(patched, entry, patched_world, args, env, timeout, paths[1])
    if p_trace is None:
        if p_info["status"] == "timeout":
            return 1, ("DIFFERENT: patched %s timed out after %ss on the %s box (the original "
                       "finished)\n%s" % (entry, timeout, patched_world, _tail(p_info["stderr"])))
        return 2, ("harness error: patched %s on the %s box: %s\n%s"
                   % (entry, patched_world, p_info["status"], _tail(p_info["stderr"])))
    a = [event_line(ev) for ev in normalise(o_events)]
    b = [event_line(ev) for ev in normalise(p_trace["events"])]
    if a == b:
        return 0, "equal: %s (%d events)" % (entry, len(a))
    first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    diff = difflib.unified_diff(a, b, "original/%s (%s box)" % (entry, original_world),
                                "patched/%s (%s box)" % (entry, patched_world), lineterm="", n=3)
    report = ["DIFFERENT: %s: traces diverge at event %d (%d vs %d events)"
              % (entry, first, len(a), len(b))]
    report += ["  " + ln for ln in diff]
    if any(ev[0] == "uncaught" for ev in p_trace["events"]):
        report.append("  patched run raised:")
        report.append(_tail(p_info["stderr"], 6))
    return 1, "\n".join(report)


def compare(original, patched, entries, args=(), env=None, timeout=10.0, keep=None,
            allow_original_error=False, original_world="cuda", patched_world="npu"):
    """All entries; -> (worst status, [reports])."""
    worst, reports = 0, []
    for entry in entries:
        try:
            status, report = compare_entry(original, patched, entry, args, env, timeout, keep,
                                           allow_original_error, original_world, patched_world)
        except HarnessError as e:
            status, report = 2, "harness error: %s" % e
        reports.append(report)
        worst = 2 if 2 in (worst, status) else max(worst, status)
    return worst, reports


def _parse_env(items):
    env = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise HarnessError("--env wants KEY=VALUE, got %r" % item)
        env[key] = value
    return env


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--original", required=True, help="the CUDA project")
    ap.add_argument("--patched", required=True, help="the ported project")
    ap.add_argument("--entry", action="append", required=True,
                    help="entry script, relative to the project (repeatable)")
    ap.add_argument("--env", action="append", default=[], metavar="KEY=VALUE",
                    help="environment of both runs (e.g. RANK=0), repeatable")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per run (default 10)")
    ap.add_argument("--keep", metavar="DIR", help="write the raw traces into DIR")
    ap.add_argument("--allow-original-error", action="store_true",
                    help="compare even when the original fails on the GPU box")
    ap.add_argument("--original-world", default="cuda", choices=("cuda", "npu"))
    ap.add_argument("--patched-world", default="npu", choices=("cuda", "npu"))
    ap.add_argument("--args", nargs=argparse.REMAINDER, default=[],
                    help="arguments of the entry scripts (everything after --args)")
    try:
        ns = ap.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        env = _parse_env(ns.env)
        for d in (ns.original, ns.patched):
            if not os.path.isdir(d):
                raise HarnessError("not a directory: %s" % d)
    except HarnessError as e:
        print("equiv: %s" % e, file=sys.stderr)
        return 2
    status, reports = compare(ns.original, ns.patched, ns.entry, ns.args, env, ns.timeout,
                              ns.keep, ns.allow_original_error, ns.original_world,
                              ns.patched_world)
    for r in reports:
        print(r)
    print({0: "EQUIVALENT", 1: "DIFFERENT", 2: "HARNESS ERROR"}[status])
    return status


if __name__ == "__main__":
    sys.exit(main())
