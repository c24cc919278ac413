"""Runs one entry script against the fake torch and writes its trace as JSON.

    FAKE_TORCH_WORLD=cuda|npu PYTHONPATH=<fake>:<project> \
        python3 run_entry.py TRACE.json ENTRY.py [ARGS...]      (cwd = the project)

The script runs as `python3 ENTRY.py ARGS` would run it (__main__, sys.argv, sys.path[0] = its
folder).  An uncaught exception is recorded as ("uncaught", type, message) and a non-zero
SystemExit as ("exit", code); the runner itself exits 0 once the trace is written.
"""
import json
import os
import runpy
import sys
import traceback


def main():
    if len(sys.argv) < 3:
        print("usage: run_entry.py TRACE.json ENTRY.py [ARGS...]", file=sys.stderr)
        return 2
    trace_path, entry, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    import _fakeworld as W

    if W.WORLD == "cuda":
        # torch_npu is not installed on the GPU box: `import torch_npu` fails and
        # importlib.util.find_spec("torch_npu") is None.
        sys.modules["torch_npu"] = None
    entry_path = os.path.abspath(entry)
    cwd = os.path.realpath(os.getcwd())
    sys.argv = [entry] + args
    sys.path[0] = os.path.dirname(entry_path)

    def scrub(text):
        return text.replace(cwd, "<DIR>").replace(os.getcwd(), "<DIR>")

    try:
        runpy.run_path(entry_path, run_name="__main__")
    except SystemExit as e:
        code = e.code
        if code not in (None, 0):
            W.record("exit", code if isinstance(code, int) else scrub(str(code)))
    except BaseException as e:  # noqa: BLE001 - every failure of the script is behaviour
        W.record("uncaught", type(e).__name__, scrub(str(e)))
        traceback.print_exc()
    head = json.dumps({"world": W.WORLD, "entry": entry, "args": args})
    with open(trace_path, "w") as fh:
        fh.write(head[:-1] + ', "events": [\n')
        fh.write(",\n".join(json.dumps(ev) for ev in W.EVENTS))
        fh.write("\n]}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
