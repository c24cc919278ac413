#!/usr/bin/env python3
"""Time from didChange to the publishDiagnostics of that version in `ascendify lsp`.

    latency.py [--lines N] [--edits K] ASCENDIFY_BINARY [FILE.py ...]

Times K edits of a generated N-line Python file (a model-code mix: device moves, synchronize,
device strings, plain arithmetic) and of each FILE given (copied into a temporary workspace),
once sending the whole text (full sync) and once only the changed line (a range change).
Prints median and max per file in milliseconds. Not a pass/fail test: a measurement.
"""
import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client, file_uri  # noqa: E402

BLOCK = '''

class Block{i}(torch.nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = torch.nn.Linear(dim, dim).cuda()
        self.scale = dim ** -0.5

    def forward(self, x):
        y = self.proj(x.to("cuda")) * self.scale
        if torch.cuda.is_available():
            torch.cuda.synchronize()
        return torch.relu(y) + x
'''


def generated(lines):
    text = "import torch\n"
    i = 0
    while text.count("\n") < lines:
        text += BLOCK.format(i=i)
        i += 1
    return text


def indent(line):
    return line[:len(line) - len(line.lstrip())]


def edit_rows(lines):
    """Rows after which a statement can be inserted with the same indentation: a simple
    statement followed by a line indented alike."""
    rows = []
    for r in range(1, len(lines) - 1):
        a, b = lines[r], lines[r + 1]
        if a.strip() and not a.rstrip().endswith((":", ",", "(", "[", "{", "\\")) and \
                b.strip() and indent(a) == indent(b) and not a.lstrip().startswith(("#", "@")):
            rows.append(r)
    return rows


def measure(client, uri, text, edits, incremental):
    """Each edit inserts `torch.cuda.empty_cache()` after another statement (cumulative)."""
    times = []
    lines = text.split("\n")
    version = 1
    count = None
    for k in range(edits):
        version += 1
        rows = edit_rows(lines)
        row = rows[(k * 7919) % len(rows)] + 1
        new_line = indent(lines[row - 1]) + "torch.cuda.empty_cache()  # edit %d" % k
        lines.insert(row, new_line)
        if incremental:
            change = {"range": {"start": {"line": row, "character": 0},
                                "end": {"line": row, "character": 0}},
                      "text": new_line + "\n"}
        else:
            change = {"text": "\n".join(lines)}
        t0 = time.perf_counter()
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [change]})
        p = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and
                        m["params"]["uri"] == uri and m["params"].get("version") == version, 120)
        times.append((time.perf_counter() - t0) * 1000)
        count = len(p["params"]["diagnostics"])
    return times, count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("files", nargs="*")
    ap.add_argument("--lines", type=int, default=20000)
    ap.add_argument("--edits", type=int, default=30)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="ascendify-lsp-latency-")
    try:
        subjects = [("generated.py", generated(a.lines))]
        for f in a.files:
            with open(f, encoding="utf-8", errors="replace") as fh:
                subjects.append((os.path.basename(f), fh.read()))
        for name, text in subjects:
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as fh:
                fh.write(text)
        c = Client([os.path.abspath(a.binary), "lsp", "--root", tmp], cwd=tmp)
        c.request("initialize", {"processId": None, "rootUri": file_uri(tmp), "capabilities": {}})
        c.notify("initialized", {})
        c.log_containing("project scan", timeout=300)  # not racing the background scan
        print("file | lines | bytes | diagnostics | sync | median ms | max ms")
        for name, text in subjects:
            uri = file_uri(os.path.join(tmp, name))
            for incremental in (False, True):
                # Each mode starts from the file as it is on disk.
                c.notify("textDocument/didOpen", {"textDocument": {
                    "uri": uri, "languageId": "python", "version": 1, "text": text}})
                c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and
                       m["params"]["uri"] == uri and m["params"].get("version") == 1, 120)
                times, count = measure(c, uri, text, a.edits, incremental)
                print("%s | %d | %d | %d | %s | %.1f | %.1f" % (
                    name, text.count("\n"), len(text.encode()), count,
                    "range" if incremental else "full", statistics.median(times), max(times)))
        c.request("shutdown", None)
        c.notify("exit", None)
        c.proc.wait(30)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
