"""A minimal Language Server Protocol client over a child's stdin/stdout (python3 stdlib only),
shared by client_test.py and latency.py."""
import json
import os
import select
import subprocess
import time


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def file_uri(path):
    from urllib.parse import quote
    return "file://" + quote(os.path.abspath(path))


class Client:
    def __init__(self, argv, env=None, cwd=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env, cwd=cwd)
        self.buf = b""
        self.next_id = 1
        self.notes = []  # notifications received, in order

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message):
        self.send_raw(frame(message))

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request_id(self, method, params):
        i = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": i, "method": method, "params": params})
        return i

    def _read_message(self, deadline):
        fd = self.proc.stdout.fileno()
        while True:
            head_end = self.buf.find(b"\r\n\r\n")
            if head_end >= 0:
                header = self.buf[:head_end].decode()
                length = None
                for line in header.split("\r\n"):
                    name, _, value = line.partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                if length is None:
                    raise RuntimeError("frame without Content-Length: %r" % header)
                if len(self.buf) >= head_end + 4 + length:
                    body = self.buf[head_end + 4:head_end + 4 + length]
                    self.buf = self.buf[head_end + 4 + length:]
                    return json.loads(body)
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no message from the server")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                raise EOFError("the server closed its output")
            self.buf += chunk

    def wait(self, pred, timeout=30):
        """The first message (response or notification) for which pred is true; the others are
        kept in self.notes."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self._read_message(deadline)
            if pred(msg):
                return msg
            self.notes.append(msg)

    def response(self, i, timeout=30):
        return self.wait(lambda m: m.get("id") == i and "method" not in m, timeout)

    def request(self, method, params, timeout=30):
        return self.response(self.request_id(method, params), timeout)

    def diagnostics(self, uri, timeout=30, after=None):
        """The next publishDiagnostics for uri."""
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and
                         m["params"]["uri"] == uri, timeout)["params"]

    def log_containing(self, text, timeout=60):
        for m in self.notes:
            if m.get("method") == "window/logMessage" and text in m["params"]["message"]:
                self.notes.remove(m)
                return m
        return self.wait(lambda m: m.get("method") == "window/logMessage" and
                         text in m["params"]["message"], timeout)
