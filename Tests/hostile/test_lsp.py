"""Items 2 and 11: `animc lsp` driven over stdin and stdout as an editor drives it, under
the limit: framing that a document's text cannot confuse, and diagnostics of bounded size."""

import json
import os
import select
import signal
import subprocess
import time

from conftest import ANIMC, DEADLINE, environment, limited

URI = "file:///tmp/hostile/scene.anim"


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    """`animc lsp` under the limit, with a reader of framed messages that gives up at a
    deadline rather than wait for ever."""

    def __init__(self):
        self.process = subprocess.Popen([ANIMC, "lsp"], env=environment(), preexec_fn=limited,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.buffer = b""
        self.deadline = time.monotonic() + DEADLINE

    def send(self, *messages):
        """All `messages` in one write, as one read of the server's may find them."""
        self.process.stdin.write(b"".join(frame(m) for m in messages))
        self.process.stdin.flush()

    def read(self):
        """The next message, by the header's Content-Length."""
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                headers = self.buffer[:end].decode().split("\r\n")
                length = next(int(h.split(":", 1)[1]) for h in headers if h.lower().startswith("content-length:"))
                if len(self.buffer) >= end + 4 + length:
                    body = self.buffer[end + 4:end + 4 + length]
                    self.buffer = self.buffer[end + 4 + length:]
                    return json.loads(body)
            left = self.deadline - time.monotonic()
            assert left > 0, f"no whole message within {DEADLINE} s; have {self.buffer[:300]!r}"
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 1 << 20)
                assert chunk, f"the server closed its output; stderr: {self.process.stderr.read()[-2000:]!r}"
                self.buffer += chunk

    def until(self, test):
        """Messages up to and including the first for which `test` holds."""
        while True:
            message = self.read()
            if test(message):
                return message

    def start(self):
        self.send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                   "params": {"processId": None, "rootUri": None, "capabilities": {},
                              "initializationOptions": {"debounceMilliseconds": 20}}})
        self.until(lambda m: m.get("id") == 0)
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def stop(self):
        """shutdown and exit: the server must end at once, with 0."""
        self.send({"jsonrpc": "2.0", "id": 999, "method": "shutdown"})
        self.until(lambda m: m.get("id") == 999)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.stdin.close()
        try:
            status = self.process.wait(timeout=max(self.deadline - time.monotonic(), 1))
        except subprocess.TimeoutExpired:
            os.kill(self.process.pid, signal.SIGKILL)
            raise AssertionError("animc lsp did not exit after `exit`")
        stderr = self.process.stderr.read().decode(errors="replace")
        assert status == 0, f"exit {status}; stderr: {stderr[-2000:]}"
        return stderr

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def open_document(text, version=1):
    return {"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": URI, "languageId": "anim", "version": version, "text": text}}}


def diagnostics_of(version):
    return lambda m: (m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == version)


SCENE = 'scene "Framing" {\n  size 200, 100\n  fps 10\n  duration 1s\n}\n'


def test_item2_a_header_like_comment_does_not_break_the_framing():
    # The document's text holds `Content-Length: 12`, and an edit and a request follow in
    # the same write: each is read whole, the edit applies and the request is answered.
    server = Server()
    try:
        server.start()
        text = SCENE + "// Content-Length: 12\nnode a = circle(10) { position (100, 50) }\n"
        edited = text.replace("circle(10)", "circle(")
        server.send(
            open_document(text),
            {"jsonrpc": "2.0", "method": "textDocument/didChange",
             "params": {"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": edited}]}},
            {"jsonrpc": "2.0", "id": 7, "method": "textDocument/documentSymbol",
             "params": {"textDocument": {"uri": URI}}})
        reply = server.until(lambda m: m.get("id") == 7)
        assert "error" not in reply, reply
        # The edit arrived: version 2's text has a syntax error, on the node's line (7).
        published = server.until(diagnostics_of(2))
        lines = [d["range"]["start"]["line"] for d in published["params"]["diagnostics"]]
        assert 6 in lines, published
        stderr = server.stop()
        assert "bad Content-Length" not in stderr, stderr
    finally:
        server.kill()


def test_item11_diagnostics_are_capped_and_say_how_many_were_left_out():
    # One 600 KB line of 300,000 `@`: each is an error of its own.
    server = Server()
    try:
        server.start()
        started = time.monotonic()
        server.send(open_document(SCENE + "@ " * 300_000 + "\n"))
        published = server.until(diagnostics_of(1))
        seconds = time.monotonic() - started
        diagnostics = published["params"]["diagnostics"]
        # At most 1,000, and one more that says how many were left out.
        assert 0 < len(diagnostics) <= 1001, len(diagnostics)
        assert len(json.dumps(published)) < 1 << 20
        assert any("more problems not shown" in d["message"] for d in diagnostics), diagnostics[-1]
        assert seconds < DEADLINE, seconds
        server.stop()
    finally:
        server.kill()
