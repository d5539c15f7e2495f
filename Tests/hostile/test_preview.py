"""Items 4, 10 and 13 (HTTP): `animc preview` under the limit, driven over raw sockets: a
picture with a large ancillary chunk served once and stripped, fifty event streams, a request with two Content-Length headers; then SIGINT ends it promptly."""

import os
import re
import signal
import socket
import subprocess
import time
import urllib.parse

from conftest import ANIMC, DEADLINE, environment, limited, scene
import pngs


class Preview:
    def __init__(self, path):
        self.process = subprocess.Popen([ANIMC, "preview", str(path)], env=environment(), preexec_fn=limited,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        url = self.process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), (url, self.process.stderr.read() if not url else "")
        parts = urllib.parse.urlsplit(url)
        self.port = parts.port
        self.host = f"127.0.0.1:{self.port}"
        self.token = urllib.parse.parse_qs(parts.query)["token"][0]

    def connect(self):
        client = socket.create_connection(("127.0.0.1", self.port), timeout=DEADLINE)
        return client

    def request(self, text):
        """One request's whole response."""
        with self.connect() as client:
            client.sendall(text.encode())
            chunks = []
            while chunk := client.recv(1 << 16):
                chunks.append(chunk)
            return b"".join(chunks)

    def get(self, target):
        return self.request(f"GET {target} HTTP/1.1\r\nHost: {self.host}\r\nConnection: close\r\n\r\n")

    def control(self, command):
        response = self.request(f"POST /control?token={self.token}&cmd={command} HTTP/1.1\r\n"
                                f"Host: {self.host}\r\n\r\n")
        assert response.startswith(b"HTTP/1.1 204"), response[:200]

    def stream(self):
        """An open event stream, its request sent."""
        client = self.connect()
        client.sendall(f"GET /events?token={self.token} HTTP/1.1\r\nHost: {self.host}\r\n\r\n".encode())
        return client

    def stop(self):
        """SIGINT: the preview ends within a few seconds with 0."""
        self.process.send_signal(signal.SIGINT)
        started = time.monotonic()
        try:
            status = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("animc preview did not end within 5 s of SIGINT")
        assert status == 0, (status, self.process.stderr.read()[-2000:])
        return time.monotonic() - started

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def receive_until(client, marker, limit=DEADLINE):
    """What the stream sends up to `marker`, within `limit` seconds."""
    data = b""
    deadline = time.monotonic() + limit
    while marker not in data:
        client.settimeout(max(deadline - time.monotonic(), 0.01))
        chunk = client.recv(1 << 16)
        assert chunk, f"the stream closed; have {data[-300:]!r}"
        data += chunk
        assert time.monotonic() < deadline, f"no {marker!r} within {limit} s"
    return data


def test_item4_a_picture_is_served_once_by_url_and_stripped(tmp_path):
    # 48 MiB of an unknown ancillary chunk in a 1×1 picture, shown by eight pages at once
    # (the most the preview keeps), each restarted and sought back five times.
    pngs.write_with_unknown_chunk(tmp_path / "card.png", 48 << 20)
    path = scene(tmp_path, 'node card = image("card.png") { position (100, 50) }', duration="1s")
    preview = Preview(path)
    try:
        pages = [preview.stream() for _ in range(8)]
        urls = set()
        for page in pages:
            # A frame travels as a binary event (`BinaryFrame`); the picture only by URL.
            opening = receive_until(page, b"event: frame-bin")
            assert b";base64," not in opening
            urls.update(re.findall(rb'"url":"(/image/[0-9a-f]+-[0-9a-f]+\.png)"', opening))
        assert len(urls) == 1, urls
        for _ in range(5):
            preview.control("restart")
            preview.control("seek&t=0")
        response = preview.get(f"{urls.pop().decode()}?token={preview.token}")
        head, _, body = response.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200"), head
        # The picture without the chunk: its signature, and far less than 48 MiB.
        assert body.startswith(b"\x89PNG\r\n\x1a\n") and len(body) < 1024, len(body)
        for page in pages:
            page.close()
        assert preview.stop() < 5
    finally:
        preview.kill()


def open_descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def test_item10_fifty_event_streams_under_the_limit(tmp_path):
    # The preview keeps the 8 newest streams and closes the oldest when another comes:
    # of 50, each of the first 42 is closed (not left hanging), each of the last 8 gets
    # frames from a thread that started, and no descriptor is left behind.
    path = scene(tmp_path, "node d = circle(10) { position (100, 50) }", duration="1s")
    preview = Preview(path)
    try:
        preview.get(f"/?token={preview.token}")
        before = open_descriptors(preview.process.pid)
        pages = [preview.stream() for _ in range(50)]
        for page in pages[-8:]:
            receive_until(page, b"event: frame-bin")
        for page in pages[:-8]:
            page.settimeout(DEADLINE)
            while page.recv(1 << 16):
                pass
        assert preview.get(f"/?token={preview.token}").startswith(b"HTTP/1.1 200")
        for page in pages:
            page.close()
        deadline = time.monotonic() + 5
        while open_descriptors(preview.process.pid) > before and time.monotonic() < deadline:
            time.sleep(0.1)
        assert open_descriptors(preview.process.pid) <= before
        assert preview.stop() < 5
    finally:
        preview.kill()


def test_item13_two_content_length_headers_are_refused(tmp_path):
    path = scene(tmp_path, "node d = circle(10) { position (100, 50) }", duration="1s")
    preview = Preview(path)
    try:
        response = preview.request(f"POST /control?token={preview.token}&cmd=restart HTTP/1.1\r\n"
                                   f"Host: {preview.host}\r\nContent-Length: 0\r\nContent-Length: 3\r\n\r\nabc")
        assert response.startswith(b"HTTP/1.1 400"), response[:200]
        assert preview.stop() < 5
    finally:
        preview.kill()
