"""Loopback HTTP server for streamed responses. Prints its port on the first line of stdout.

GET /lines?count=N[&gate=K]        N lines "line i" (chunked, flushed one by one); with gate=K, after the
                                   first line it waits for GET /release?key=K (at most 50 s, then it
                                   writes "gate timed out" and goes on: long enough for a
                                   client slowed by a sanitizer on a busy machine, shorter than
                                   the suite's one-minute limit, so that a client that never
                                   opens the gate fails on the lines, not the limit)
GET /release?key=K                 opens gate K (204)
GET /bytes?size=N                  N bytes, byte i being i % 251, in chunks of 1000 (chunked)
GET /drop?after=N                  announces Content-Length N*10, sends N bytes, then closes the connection
GET /stall?after=N&seconds=S       N bytes (chunked), then S seconds of silence, then the end
GET /endless?key=K                 64 KiB chunks, 10 ms apart, until the client goes away (at most 60 s)
GET /flaky?key=K&failures=F&status=S
                                   the first F requests for K answer status S with a small JSON body;
                                   later ones answer 200 with three lines
GET /typed?type=T                  two lines with Content-Type T
GET /report?key=K                  {"written": bytes sent for K, "finished": whole body sent,
                                    "broken": the client went away, "requests": requests seen for K}
"""

import json
import socket
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler

from loopback import serve

lock = threading.Lock()
gates = {}
reports = {}
requests = {}


def gate(key):
    with lock:
        return gates.setdefault(key, threading.Event())


def report(key, **values):
    with lock:
        reports.setdefault(key, {"written": 0, "finished": False, "broken": False}).update(values)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def start(self, status=200, content_type="text/plain; charset=utf-8", length=None, extra=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if length is None:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(length))
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        self.end_headers()

    def chunk(self, data):
        self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")
        self.wfile.flush()

    def end(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def whole(self, status, content_type, body):
        self.start(status, content_type, len(body))
        self.wfile.write(body)
        self.wfile.flush()

    def do_GET(self):
        path, _, query = self.path.partition("?")
        params = dict(urllib.parse.parse_qsl(query))
        key = params.get("key", "")
        with lock:
            requests[key] = requests.get(key, 0) + 1
            seen = requests[key]
        if path == "/report":
            with lock:
                out = dict(reports.get(key, {"written": 0, "finished": False, "broken": False}))
                out["requests"] = requests.get(key, 1) - 1
            self.whole(200, "application/json", json.dumps(out).encode())
        elif path == "/release":
            gate(key).set()
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/lines":
            count = int(params.get("count", "3"))
            name = params.get("gate")
            self.start()
            for i in range(count):
                self.chunk(b"line %d\n" % i)
                if i == 0 and name is not None and not gate(name).wait(50):
                    self.chunk(b"gate timed out\n")
            self.end()
        elif path == "/bytes":
            size = int(params.get("size", "0"))
            self.start(content_type="application/octet-stream")
            for start in range(0, size, 1000):
                self.chunk(bytes(i % 251 for i in range(start, min(start + 1000, size))))
            self.end()
        elif path == "/drop":
            after = int(params.get("after", "100"))
            self.start(content_type="application/octet-stream", length=after * 10)
            self.wfile.write(b"d" * after)
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
        elif path == "/stall":
            after = int(params.get("after", "10"))
            self.start(content_type="application/octet-stream")
            self.chunk(b"s" * after)
            time.sleep(float(params.get("seconds", "3")))
            try:
                self.chunk(b"late")
                self.end()
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True
        elif path == "/endless":
            self.start(content_type="application/octet-stream")
            written = 0
            deadline = time.monotonic() + 60
            piece = b"e" * 65536
            try:
                while time.monotonic() < deadline:
                    self.chunk(piece)
                    written += len(piece)
                    report(key, written=written)
                    time.sleep(0.01)
                self.end()
                report(key, finished=True)
            except (BrokenPipeError, ConnectionResetError):
                report(key, broken=True)
                self.close_connection = True
        elif path == "/flaky":
            if seen <= int(params.get("failures", "1")):
                status = int(params.get("status", "503"))
                self.whole(status, "application/json", json.dumps({"attempt": seen}).encode())
            else:
                self.start()
                for i in range(3):
                    self.chunk(b"line %d\n" % i)
                self.end()
        elif path == "/typed":
            self.start(content_type=params.get("type", "text/plain"))
            self.chunk(b"first\nsecond\n")
            self.end()
        else:
            self.whole(404, "application/json", b'{"error":"no such path"}')


serve(Handler)
