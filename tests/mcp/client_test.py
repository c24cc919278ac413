#!/usr/bin/env python3
"""Scripted MCP client for `ascendify mcp`: the lifecycle, every tool, and hostile input.

    client_test.py ASCENDIFY_BINARY

Builds a small workspace (a repository whose default run stops on an NPU, a symbolic link out
of the workspace), starts the server on it, speaks JSON-RPC over its stdin/stdout, and checks
the answers; the server must keep answering after each bad message and write nothing.
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile

SAMPLE = """import torch
import flash_attn


def main():
    x = torch.zeros(4).cuda()
    torch.cuda.synchronize()
    return flash_attn.flash_attn_func(x, x, x)


if __name__ == "__main__":
    main()
"""

TRAIN = """import torch


def main():
    model = torch.nn.Linear(4, 4).cuda()
    torch.cuda.empty_cache()
    return model


if __name__ == "__main__":
    main()
"""

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


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


class Client:
    def __init__(self, binary, root, extra=(), cache_home=None):
        env = dict(os.environ)
        if cache_home:
            env["XDG_CACHE_HOME"] = cache_home
        self.proc = subprocess.Popen([binary, "mcp", "--root", root, *extra], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.next_id = 1

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def read(self):
        line = self.proc.stdout.readline()
        check(line.endswith(b"\n"), "a response is one line")
        return json.loads(line)

    def request(self, method, params=None):
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            msg["params"] = params
        self.next_id += 1
        self.send_raw((json.dumps(msg) + "\n").encode())
        answer = self.read()
        check(answer.get("id") == msg["id"], f"{method}: the answer carries the request's id")
        return answer

    def call(self, name, arguments):
        return self.request("tools/call", {"name": name, "arguments": arguments})

    def close(self):
        self.proc.stdin.close()
        code = self.proc.wait(timeout=60)
        check(code == 0, f"the server exits 0 at end of input (got {code})")


def main(binary):
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "ws")
        proj = os.path.join(root, "proj")
        os.makedirs(proj)
        with open(os.path.join(proj, "sample.py"), "w") as f:
            f.write(SAMPLE)
        with open(os.path.join(proj, "train.py"), "w") as f:
            f.write(TRAIN)
        outside = os.path.join(tmp, "outside")
        os.makedirs(outside)
        with open(os.path.join(outside, "secret.py"), "w") as f:
            f.write("import torch\ntorch.cuda.synchronize()\n")
        os.symlink(outside, os.path.join(root, "link-out"))
        before = tree_digest(root)

        cache_home = os.path.join(tmp, "xdg")
        c = Client(binary, root, cache_home=cache_home)
        # Before initialize: ping answers, anything else is refused.
        check("result" in c.request("ping"), "ping before initialize")
        early = c.request("tools/list")
        check(early.get("error", {}).get("code") == -32600, "tools/list before initialize refused")

        init = c.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                        "clientInfo": {"name": "client_test", "version": "1"}})
        result = init.get("result", {})
        check(result.get("protocolVersion") == "2025-06-18", "the client's version is kept")
        check(result.get("serverInfo", {}).get("name") == "ascendify", "serverInfo")
        check("tools" in result.get("capabilities", {}), "tools capability")
        c.send_raw(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')

        tools = c.request("tools/list")["result"]["tools"]
        names = sorted(t["name"] for t in tools)
        check(names == ["explain", "fix_preview", "rules", "scan"], f"tools: {names}")
        for t in tools:
            check(t["inputSchema"].get("type") == "object", f"{t['name']}: object schema")
            check(t.get("annotations", {}).get("readOnlyHint") is True, f"{t['name']}: read-only")

        scan = c.call("scan", {"path": "proj", "lang": "en"})["result"]
        check(scan.get("isError") is False, "scan of proj succeeds")
        s = scan.get("structuredContent", {})
        check(s.get("feasibility") in ("feasible", "needs-adaptation", "difficult", "infeasible"),
              "scan: a verdict")
        check(s.get("site_classes", {}).get("stops-run", 0) == 2, "scan: 2 sites stop the run")
        check(json.loads(scan["content"][0]["text"]) == s, "scan: the text is the same JSON")
        stops = c.call("scan", {"path": "proj", "class": "stops-run"})["result"]
        items = stops["structuredContent"]["findings"]["items"]
        check(len(items) == 2 and all(i["class"] == "stops-run" for i in items),
              "scan: filtered by class")
        check(any(i["path"] == "sample.py" and i["line"] == 2 for i in items),
              "scan: the flash_attn import at sample.py:2")
        first = c.call("scan", {"path": "proj", "limit": 1})["result"]["structuredContent"]
        second = c.call("scan", {"path": "proj", "limit": 1, "offset": 1})["result"][
            "structuredContent"]
        check(first["findings"]["next_offset"] == 1, "paging: next_offset")
        check(first["findings"]["items"] != second["findings"]["items"], "paging: another page")
        train_only = c.call("scan", {"path": "proj", "path_prefix": "train"})["result"]
        check(all(i["path"] == "train.py"
                  for i in train_only["structuredContent"]["findings"]["items"]),
              "scan: filtered by path prefix")

        # Paths outside the workspace, directly, by .., or through a symbolic link.
        # A path outside that does not exist is refused the same way: no existence oracle.
        for bad in ["/etc", "..", "proj/../..", "link-out", "../no-such-thing",
                    "/no/such/path", "link-out/missing"]:
            r = c.call("scan", {"path": bad})["result"]
            check(r.get("isError") is True and "outside the workspace root" in
                  r["content"][0]["text"], f"scan {bad!r} refused")
        missing = c.call("scan", {"path": "nope"})["result"]
        check(missing.get("isError") is True and "does not exist" in
              missing["content"][0]["text"], "scan of a missing path inside: does not exist")

        explain = c.call("explain", {"rule": "device.cuda-empty-cache"})["result"]
        check("torch.npu.empty_cache" in explain["content"][0]["text"], "explain")
        unknown_rule = c.call("explain", {"rule": "no.such-rule"})["result"]
        check(unknown_rule.get("isError") is True, "explain of an unknown rule")

        rules = c.call("rules", {"domain": "attention"})["result"]
        listed = json.loads(rules["content"][0]["text"])
        check(len(listed) > 10 and all(r["domain"] == "attention" for r in listed), "rules")

        diff = c.call("fix_preview", {"path": "proj", "files": ["train.py"]})["result"]
        text = diff["content"][0]["text"]
        check("train.py" in text and "torch.npu.empty_cache" in text, "fix_preview of train.py")
        check("sample.py" not in text, "fix_preview keeps only the chosen files")

        # Bad arguments: JSON-RPC invalid params, the server goes on.
        for args, what in [({"path": 5}, "a number as path"), ({"colour": "x"}, "unknown key"),
                           ({"path": "proj", "limit": 100000}, "limit over its maximum"),
                           ({"path": "proj", "class": "weird"}, "class out of its enum")]:
            r = c.call("scan", args)
            check(r.get("error", {}).get("code") == -32602, f"scan with {what}: -32602")
        check(c.call("nosuch", {}).get("error", {}).get("code") == -32602, "unknown tool")
        check(c.request("tools/call", {"arguments": {}}).get("error", {}).get("code") == -32602,
              "tools/call without a name")
        check(c.request("no/such/method").get("error", {}).get("code") == -32601,
              "unknown method")

        # Hostile framing: each gets its error line and the server keeps serving.
        c.send_raw(b"{not json\n")
        check(c.read().get("error", {}).get("code") == -32700, "malformed JSON: parse error")
        c.send_raw(b'[{"jsonrpc":"2.0","id":99,"method":"ping"}]\n')
        check(c.read().get("error", {}).get("code") == -32600, "a batch array is refused")
        c.send_raw(b'{"jsonrpc":"1.0","id":98,"method":"ping"}\n')
        check(c.read().get("error", {}).get("code") == -32600, "jsonrpc 1.0 refused")
        c.send_raw(b'{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}\n')
        check(c.read().get("error", {}).get("code") == -32600, "an object id is refused")
        c.send_raw(b'{"jsonrpc":"2.0","method":"unknown/notification"}\n')
        c.send_raw(b'{"jsonrpc":"2.0","id":97,"result":{}}\n')  # a response: ignored
        c.send_raw(b"\n   \n")
        c.send_raw(b'{"jsonrpc":"2.0","id":"big","method":"ping","params":{"pad":"'
                   + b"x" * (5 << 20) + b'"}}\n')
        big = c.read()
        check(big.get("error", {}).get("code") == -32600 and "larger than" in
              big["error"]["message"], "a 5 MiB message is refused")
        check("result" in c.request("ping"), "still serving after hostile input")

        c.close()
        check(tree_digest(root) == before, "the workspace is unchanged")
        packs = [f for f in os.listdir(os.path.join(cache_home, "ascendify"))
                 if f.endswith(".pack")] if os.path.isdir(cache_home) else []
        check(len(packs) == 1, f"the scans keep their cache outside the workspace ({packs})")

        # A client asking for a version the server does not speak gets the newest. With
        # --no-cache its scans write nothing at all.
        quiet_home = os.path.join(tmp, "xdg-quiet")
        c2 = Client(binary, root, ["--no-cache"], cache_home=quiet_home)
        r = c2.request("initialize", {"protocolVersion": "1999-01-01"})
        check(r["result"]["protocolVersion"] == "2025-11-25", "unknown version: the newest")
        c2.send_raw(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        scanned = c2.call("scan", {"path": "proj"})
        check(not scanned.get("result", {}).get("isError"), "--no-cache: the scan runs")
        c2.close()
        check(not os.path.exists(quiet_home), "--no-cache: nothing written, not even a cache")

    if failures:
        print(f"{len(failures)} check(s) failed", file=sys.stderr)
        return 1
    print("mcp client: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
