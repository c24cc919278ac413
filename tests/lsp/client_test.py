#!/usr/bin/env python3
"""Scripted LSP client for `ascendify lsp`: diagnostics as files open and change, hover, code
actions, the report command, the lifecycle and hostile frames.

    client_test.py ASCENDIFY_BINARY

Writes a small workspace (a training entry point that imports flash_attn unguarded, a helper
module, requirements, a launcher, a CUDA kernel, a notebook, a file whose `cuda` is only in
comments and strings), drives the server over its stdin/stdout and checks every answer; the
workspace must be byte-identical at the end (the server writes only the report it is asked for,
outside the root).
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client, file_uri  # noqa: E402

TRAIN = """import torch
import flash_attn
from model_utils import to_device


def main():
    model = torch.nn.Linear(4, 4).cuda()
    x = torch.zeros(4, device="cuda")
    torch.cuda.synchronize()
    return flash_attn.flash_attn_func(x, x, x), to_device(model)


if __name__ == "__main__":
    main()
"""

UTILS = """import torch


def to_device(x):
    torch.cuda.synchronize()
    return x.cuda()
"""

# The same module after an edit: synchronize removed, empty_cache added.
UTILS_EDITED = """import torch


def to_device(x):
    y = x.cuda()
    torch.cuda.empty_cache()
    return y
"""

QUIET = '''# this used to call torch.cuda.synchronize() and x.cuda()
def describe():
    """Moves x.cuda() to the device."""
    return "moves tensors with .cuda() and torch.cuda.synchronize()"
'''

# A non-BMP character before a finding: UTF-16 columns differ from code points and bytes.
WIDE = """import torch

label = "\U0001F600 é"; t = torch.zeros(1).cuda()
"""

KERNEL = """#include <cuda_runtime.h>

__global__ void reduce(float* out, const float* in) {
  float v = in[threadIdx.x];
  v += __shfl_xor_sync(0xffffffff, v, 16);
  out[threadIdx.x] = v;
}
"""

NOTEBOOK = json.dumps({
    "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Notes on torch.cuda\n"]},
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
         "source": ["import torch\n", "torch.cuda.empty_cache()\n"]},
    ],
    "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)

FILES = {
    "train.py": TRAIN,
    "model_utils.py": UTILS,
    "quiet.py": QUIET,
    "wide.py": WIDE,
    "requirements.txt": "torch>=2.1\nflash-attn>=2.5\n",
    "run.sh": "#!/bin/bash\nnvidia-smi\npython train.py\n",
    "csrc/reduce.cu": KERNEL,
    "explore.ipynb": NOTEBOOK,
}

failures = []
checked = [0]


def check(cond, what):
    checked[0] += 1
    if not cond:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)
    return cond


def tree_digest(root):
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in sorted(os.walk(root)):
        dirnames.sort()
        for name in sorted(filenames):
            p = os.path.join(dirpath, name)
            h.update(p.encode())
            if not os.path.islink(p):
                with open(p, "rb") as f:
                    h.update(f.read())
    return h.hexdigest()


def utf16_offset(text, line, character):
    """Index into the str `text` of an LSP position counted in UTF-16 code units."""
    lines = text.splitlines(keepends=True)
    index = sum(len(s) for s in lines[:line])
    units = 0
    row = lines[line] if line < len(lines) else ""
    for ch in row:
        if units >= character or ch in "\r\n":
            break
        units += 2 if ord(ch) > 0xFFFF else 1
        index += 1
    return index


def apply_edits(text, edits):
    spans = []
    for e in edits:
        r = e["range"]
        a = utf16_offset(text, r["start"]["line"], r["start"]["character"])
        b = utf16_offset(text, r["end"]["line"], r["end"]["character"])
        spans.append((a, b, e["newText"]))
    # Back to front; inserts at one position keep their order.
    for a, b, new in sorted(spans, key=lambda s: (s[0], s[1]), reverse=True):
        text = text[:a] + new + text[b:]
    return text


def by_rule(diags):
    out = {}
    for d in diags:
        out.setdefault(d["code"], []).append(d)
    return out


def main():
    binary = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="ascendify-lsp-")
    root = os.path.join(tmp, "ws")
    other = os.path.join(tmp, "other")
    state = os.path.join(tmp, "state")
    os.makedirs(os.path.join(root, "csrc"))
    os.makedirs(other)
    for name, text in FILES.items():
        with open(os.path.join(root, name), "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(other, "outside.py"), "w") as f:
        f.write("import torch\ntorch.cuda.synchronize()\n")
    os.symlink(os.path.join(other, "outside.py"), os.path.join(root, "link.py"))
    before = tree_digest(root)
    env = dict(os.environ, XDG_STATE_HOME=state)

    # An editor starts the server in the workspace (the scan would put reports in ./).
    c = Client([binary, "lsp"], env=env, cwd=root)
    uri = {name: file_uri(os.path.join(root, name)) for name in FILES}

    # Lifecycle: requests before initialize are refused; notifications dropped.
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri["train.py"]},
                                         "position": {"line": 0, "character": 0}})
    check(r.get("error", {}).get("code") == -32002, "request before initialize: -32002")

    init = c.request("initialize", {"processId": None, "rootUri": file_uri(root),
                                    "capabilities": {}})
    caps = init["result"]["capabilities"]
    check(caps["positionEncoding"] == "utf-16", "utf-16 unless the client offers utf-8")
    check(caps["hoverProvider"] is True, "hover advertised")
    check("quickfix" in caps["codeActionProvider"]["codeActionKinds"], "quick fixes advertised")
    check(caps["executeCommandProvider"]["commands"] == ["ascendify.writeReport"],
          "writeReport advertised")
    r = c.request("initialize", {"capabilities": {}})
    check(r.get("error", {}).get("code") == -32600, "second initialize: -32600")
    c.notify("initialized", {})
    # The project scan runs at initialize; its notes (stops the run, class) annotate the
    # diagnostics published after it.
    log = c.log_containing("project scan", timeout=120)
    check("findings" in log["params"]["message"], "project scan logged")

    diags = {}
    for name in FILES:
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri[name], "languageId": "python", "version": 1, "text": FILES[name]}})
        diags[name] = c.diagnostics(uri[name])["diagnostics"]
        for d in diags[name]:
            check(d["source"] == "ascendify", "source is ascendify")

    t = by_rule(diags["train.py"])
    if check("attention.flash-attn-import" in t, "train.py: flash_attn import"):
        d = t["attention.flash-attn-import"][0]
        check(d["range"]["start"] == {"line": 1, "character": 7}, "flash_attn import at 2:8")
        check(d["severity"] == 1, "an unguarded import in the entry point stops the run: Error")
        check("stops the default run" in d["message"], "the project note says it stops the run")
    for rule, line in [("device.cuda-method", 6), ("device.cuda-device-string", 7),
                       ("device.cuda-synchronize", 8), ("attention.flash-attn-func", 9)]:
        if check(rule in t, "train.py: " + rule):
            check(t[rule][0]["range"]["start"]["line"] == line, "%s on line %d" % (rule, line + 1))
    if "device.cuda-device-string" in t:
        d = t["device.cuda-device-string"][0]
        check(d["severity"] == 3, "a mechanical site: Information")
        s, e = d["range"]["start"]["character"], d["range"]["end"]["character"]
        check(TRAIN.splitlines()[7][s:e] == '"cuda"', "the range covers the device string")
        check('Replacement: "npu"' in d["message"], "the message has the replacement")

    u = by_rule(diags["model_utils.py"])
    check(u.get("device.cuda-synchronize", [{}])[0].get("range", {}).get("start") ==
          {"line": 4, "character": 4}, "model_utils: synchronize at 5:5")
    check("device.cuda-method" in u, "model_utils: .cuda()")
    check(by_rule(diags["requirements.txt"]).get("dependency.flash-attn", [{}])[0]
          .get("range", {}).get("start", {}).get("line") == 1, "requirements: flash-attn line 2")
    check(by_rule(diags["run.sh"]).get("device.nvidia-smi", [{}])[0]
          .get("range", {}).get("start", {}).get("line") == 1, "run.sh: nvidia-smi line 2")
    k = by_rule(diags["csrc/reduce.cu"])
    check(k.get("custom_op.cuda-kernel", [{}])[0].get("range", {}).get("start", {})
          .get("line") == 2, "kernel on line 3")
    check(k.get("custom_op.warp-intrinsic", [{}])[0].get("severity") == 1,
          "a warp intrinsic is a blocker: Error")
    check(diags["quiet.py"] == [], "cuda only in comments and strings: no diagnostic")
    w = by_rule(diags["wide.py"]).get("device.cuda-method", [{}])[0]
    line = WIDE.splitlines()[2]
    col16 = len(line[:line.index("cuda")].encode("utf-16-le")) // 2
    check(w.get("range", {}).get("start") == {"line": 2, "character": col16},
          "UTF-16 column after a non-BMP character")
    nb = by_rule(diags["explore.ipynb"]).get("device.cuda-empty-cache", [{}])[0]
    nb_line = next(i for i, s in enumerate(NOTEBOOK.splitlines()) if "empty_cache" in s)
    if check("range" in nb, "notebook: empty_cache"):
        r = nb["range"]
        check(r["start"]["line"] == nb_line, "notebook finding on its line of the .ipynb file")
        check(NOTEBOOK.splitlines()[nb_line][r["start"]["character"]:r["end"]["character"]] ==
              "torch.cuda.empty_cache", "notebook range covers the call")

    # Outside the root (directly, or through a symbolic link): ignored.
    out_uri = file_uri(os.path.join(other, "outside.py"))
    link_uri = file_uri(os.path.join(root, "link.py"))
    for u_ in (out_uri, link_uri):
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": u_, "languageId": "python", "version": 1,
            "text": "import torch\ntorch.cuda.synchronize()\n"}})
    r = c.request("textDocument/hover", {"textDocument": {"uri": out_uri},
                                         "position": {"line": 1, "character": 8}})
    check(r.get("result") is None, "hover outside the root: null")
    check(not any(m.get("method") == "textDocument/publishDiagnostics" and
                  m["params"]["uri"] in (out_uri, link_uri) for m in c.notes),
          "no diagnostics outside the root")

    # Hover: the explain text of the rule under the cursor, exactly as `ascendify explain`.
    d = u["device.cuda-method"][0]
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri["model_utils.py"]},
                                         "position": d["range"]["start"]})
    explain = subprocess.run([binary, "explain", "device.cuda-method"], capture_output=True,
                             text=True).stdout
    value = (r.get("result") or {}).get("contents", {}).get("value")
    check(value == explain, "hover is the explain text")
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri["model_utils.py"]},
                                         "position": {"line": 0, "character": 1}})
    check(r.get("result") is None, "hover off any finding: null")

    # Code actions: the safe fixes as edits the client applies.
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri["model_utils.py"]}, "range": d["range"],
        "context": {"diagnostics": [d]}})
    actions = r.get("result") or []
    quick = [a for a in actions if a["kind"] == "quickfix"]
    if check(len(quick) == 1, "one quick fix on .cuda()"):
        edits = quick[0]["edit"]["changes"][uri["model_utils.py"]]
        fixed = apply_edits(UTILS, edits)
        check("    return x.npu()\n" in fixed, "the quick fix makes x.npu()")
        check("import torch_npu\n" in fixed, "and imports torch_npu")
        check("torch.cuda.synchronize()" in fixed, "a quick fix edits its own site only")
        check(quick[0]["diagnostics"] == [d], "the quick fix names its diagnostic")
    fix_all = [a for a in actions if a["kind"] == "source.fixAll.ascendify"]
    if check(len(fix_all) == 1, "a fix-all source action"):
        fixed = apply_edits(UTILS, fix_all[0]["edit"]["changes"][uri["model_utils.py"]])
        check(fixed == "import torch\nimport torch_npu\n\n\ndef to_device(x):\n"
              "    torch.npu.synchronize()\n    return x.npu()\n", "fix all: every safe edit")
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri["model_utils.py"]}, "range": d["range"],
        "context": {"diagnostics": [], "only": ["source"]}})
    check([a["kind"] for a in r["result"]] == ["source.fixAll.ascendify"], "context.only honoured")
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri["train.py"]},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 14, "character": 0}},
        "context": {"diagnostics": []}})
    check(r["result"] == [], "no fix in a module that stops at its flash_attn import")

    # didChange, whole text: the new diagnostics follow the edit.
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri["model_utils.py"],
                                                         "version": 2},
                                        "contentChanges": [{"text": UTILS_EDITED}]})
    p = c.diagnostics(uri["model_utils.py"])
    check(p["version"] == 2, "diagnostics carry the document version")
    e = by_rule(p["diagnostics"])
    check("device.cuda-synchronize" not in e, "the removed line's finding is gone")
    check(e.get("device.cuda-empty-cache", [{}])[0].get("range", {}).get("start") ==
          {"line": 5, "character": 4}, "the added line's finding at 6:5")
    check(e.get("device.cuda-method", [{}])[0].get("range", {}).get("start", {}).get("line") ==
          4, "the moved .cuda() on its new line")
    # didChange by range: one line inserted at the top moves everything down by one.
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri["model_utils.py"], "version": 3},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                      "end": {"line": 0, "character": 0}},
                            "text": "import os\n"}]})
    e = by_rule(c.diagnostics(uri["model_utils.py"])["diagnostics"])
    check(e.get("device.cuda-empty-cache", [{}])[0].get("range", {}).get("start") ==
          {"line": 6, "character": 4}, "incremental change applied")

    # The report: only when asked, and only inside the workspace root.
    r = c.request("workspace/executeCommand", {"command": "ascendify.writeReport"})
    paths = (r.get("result") or {}).get("paths", [])
    check(len(paths) == 2, "writeReport writes json and md by default")
    reports = os.path.join(root, ".ascendify", "reports")
    for p_ in paths:
        check(os.path.isfile(p_) and p_.startswith(reports + os.sep),
              "report under ROOT/.ascendify/reports")
    with open(os.path.join(root, ".ascendify", ".gitignore")) as f:
        check(f.read().splitlines()[-1] == "*", "git ignores the folder")
    if paths:
        with open(next(p_ for p_ in paths if p_.endswith(".json"))) as f:
            report = json.load(f)
        check(any(x["rule"] == "attention.flash-attn-import" for x in report["findings"]),
              "the report holds the project's findings")
    r = c.request("workspace/executeCommand", {"command": "ascendify.writeReport",
                                               "arguments": [{"dir": "out/reports",
                                                              "formats": ["sarif"]}]})
    check(r.get("result", {}).get("paths") ==
          [os.path.join(root, "out", "reports", "ascendify-report.sarif")],
          "a folder of the workspace, one format")
    outdir = os.path.join(tmp, "out")
    os.symlink(tmp, os.path.join(root, "up"))
    for where in (outdir, "../out", "up/out"):
        r = c.request("workspace/executeCommand", {"command": "ascendify.writeReport",
                                                   "arguments": [{"dir": where}]})
        check(r.get("error", {}).get("code") == -32602, f"{where}: outside the root, refused")
    check(not os.path.exists(outdir), "nothing created outside the root")
    # What writeReport made, so that the end can check nothing else changed.
    shutil.rmtree(os.path.join(root, ".ascendify"))
    shutil.rmtree(os.path.join(root, "out"))
    os.remove(os.path.join(root, "up"))
    r = c.request("workspace/executeCommand", {"command": "ascendify.rm-rf"})
    check(r.get("error", {}).get("code") == -32602, "unknown command refused")

    # Hostile and out-of-order input: an error each time, and the server keeps serving.
    c.send_raw(b"garbage without a header\r\n\r\n")
    r = c.response(None)
    check(r["error"]["code"] == -32700, "garbage: parse error with id null")
    c.send_raw(b"Content-Length: 9\r\n\r\nnot json!")
    r = c.response(None)
    check(r["error"]["code"] == -32700, "a body that is not JSON: -32700")
    c.send_raw(b"Content-Length: 5\r\nContent-Length: 7\r\n\r\n")
    r = c.response(None)
    check(r["error"]["code"] == -32700, "two different Content-Length: error")
    huge = 17 << 20
    c.send_raw(b"Content-Length: %d\r\n\r\n" % huge)
    chunk = b"x" * (1 << 20)
    for _ in range(huge // len(chunk)):
        c.send_raw(chunk)
    r = c.response(None, timeout=60)
    check(r["error"]["code"] == -32600 and "refused" in r["error"]["message"],
          "a 17 MiB message is refused")
    c.send_raw(b"[1, 2]".join([b"Content-Length: 6\r\n\r\n", b""]))
    r = c.response(None)
    check(r["error"]["code"] == -32600, "a batch is refused")
    c.send({"jsonrpc": "2.0", "id": {"x": 1}, "method": "shutdown"})
    r = c.response(None)
    check(r["error"]["code"] == -32600, "an object id is refused")
    r = c.request("textDocument/definition", {"textDocument": {"uri": uri["train.py"]},
                                              "position": {"line": 0, "character": 0}})
    check(r.get("error", {}).get("code") == -32601, "unknown request: -32601")
    c.notify("workspace/unknownNotification", {})
    c.notify("$/cancelRequest", {"id": 99})
    c.notify("textDocument/didChange", {"textDocument": {"uri": file_uri(root + "/nope.py"),
                                                         "version": 1},
                                        "contentChanges": [{"text": "x"}]})
    m = c.log_containing("not open")
    check(m["params"]["type"] == 2, "didChange of a document never opened: a warning")
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": file_uri(root + "/nope.py")},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": []}})
    check(r.get("result") == [], "code actions of a document never opened: none")
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri["train.py"]}})
    check(r.get("error", {}).get("code") == -32602, "hover without a position: -32602")
    # Close: diagnostics cleared.
    c.notify("textDocument/didClose", {"textDocument": {"uri": uri["run.sh"]}})
    check(c.diagnostics(uri["run.sh"])["diagnostics"] == [], "close clears the diagnostics")

    r = c.request("shutdown", None)
    check("result" in r and r["result"] is None, "shutdown answers null")
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri["train.py"]},
                                         "position": {"line": 1, "character": 8}})
    check(r.get("error", {}).get("code") == -32600, "a request after shutdown: -32600")
    c.notify("exit", None)
    check(c.proc.wait(30) == 0, "exit after shutdown: status 0")
    check(tree_digest(root) == before, "the workspace is unchanged")

    # --root overrides a client without a folder; exit without shutdown is status 1.
    c = Client([binary, "lsp", "--root", root], env=env, cwd=tmp)
    c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {
        "general": {"positionEncodings": ["utf-8", "utf-16"]}}})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri["wide.py"], "languageId": "python", "version": 1, "text": WIDE}})
    w = by_rule(c.diagnostics(uri["wide.py"])["diagnostics"]).get("device.cuda-method", [{}])[0]
    col8 = len(line[:line.index("cuda")].encode("utf-8"))
    check(w.get("range", {}).get("start") == {"line": 2, "character": col8},
          "--root without rootUri; utf-8 columns when offered")
    c.notify("exit", None)
    check(c.proc.wait(30) == 1, "exit without shutdown: status 1")

    if failures:
        print("%d check(s) failed" % len(failures), file=sys.stderr)
        return 1
    print("lsp client test: all %d checks passed" % checked[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
