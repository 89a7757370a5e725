"""Loopback HTTP server for downloads. Prints its port on the first line of stdout.

Every body is the pattern byte i = i % 251, so that a client can check each byte. GET and POST answer alike;
each request for a key K is counted.

/file?size=N[&chunked=1]           N bytes, with Content-Length (or chunked)
/flaky?size=N&key=K&failures=F&status=S
                                   the first F requests for K answer status S with {"attempt": n};
                                   later ones answer like /file
/drop?size=N&after=M&key=K[&failures=F]
                                   announces Content-Length N, sends M bytes and closes the connection (the
                                   first F requests for K; all of them without F); later ones like /file
/gate?size=N&key=K[&chunked=1]     Content-Length N (or chunked), 64 KiB, then waits for /release?key=K
                                   (at most 120 s), then the rest
/release?key=K                     opens gate K (204)
/ranged?size=N&key=K               chunked (no length), ETag "v1", byte ranges: the first request for K gets every
                                   byte but not the last chunk, and a closed connection; later ones with
                                   `Range: bytes=A-` and `If-Range: "v1"` get 206 (`bytes A-(N-1)/*`), or 416
                                   (`bytes */N`) when A >= N
/missing                           404 with {"error": "no such file"}
/report?key=K                      {"requests": requests seen for K}
"""

import json
import socket
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler

from loopback import serve

PIECE = 1 << 20
# Long enough that a piece of PIECE bytes can start at any offset modulo 251.
PATTERN = bytes(i % 251 for i in range(PIECE + 251))

lock = threading.Lock()
gates = {}
counts = {}


def gate(key):
    with lock:
        return gates.setdefault(key, threading.Event())


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def head(self, status, length=None, content_type="application/octet-stream", fields=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        for name, value in fields:
            self.send_header(name, value)
        if length is None:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(length))
        self.end_headers()

    def pattern(self, start, end, chunked=False):
        """Writes bytes start..<end of the pattern."""
        while start < end:
            count = min(PIECE, end - start)
            offset = start % 251
            piece = PATTERN[offset : offset + count]
            if chunked:
                self.wfile.write(b"%x\r\n" % count + piece + b"\r\n")
            else:
                self.wfile.write(piece)
            start += count

    def whole(self, status, body):
        self.head(status, len(body), "application/json")
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        if length:
            self.rfile.read(length)
        self.do_GET()

    def do_GET(self):
        path, _, query = self.path.partition("?")
        params = dict(urllib.parse.parse_qsl(query))
        key = params.get("key", "")
        size = int(params.get("size", "0"))
        if path == "/report":
            with lock:
                self.whole(200, json.dumps({"requests": counts.get(key, 0)}).encode())
            return
        with lock:
            counts[key] = counts.get(key, 0) + 1
            seen = counts[key]
        try:
            if path == "/release":
                gate(key).set()
                self.send_response(204)
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif path == "/missing":
                self.whole(404, b'{"error": "no such file"}')
            elif path == "/flaky" and seen <= int(params.get("failures", "1")):
                self.whole(int(params.get("status", "503")), json.dumps({"attempt": seen}).encode())
            elif path == "/drop" and seen <= int(params.get("failures", str(1 << 30))):
                self.head(200, size)
                self.pattern(0, int(params.get("after", "0")))
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_RDWR)
                self.close_connection = True
            elif path == "/ranged":
                ranged = self.headers.get("Range", "")
                validated = self.headers.get("If-Range") == '"v1"'
                fields = [("ETag", '"v1"'), ("Accept-Ranges", "bytes")]
                if seen == 1 or not ranged.startswith("bytes=") or not validated:
                    self.head(200, None, fields=fields)
                    self.pattern(0, size, True)
                    if seen == 1:
                        self.wfile.flush()
                        self.connection.shutdown(socket.SHUT_RDWR)
                        self.close_connection = True
                        return
                    self.wfile.write(b"0\r\n\r\n")
                else:
                    start = int(ranged[6:].rstrip("-"))
                    if start >= size:
                        self.head(416, 0, fields=fields + [("Content-Range", "bytes */%d" % size)])
                    else:
                        self.head(206, None, fields=fields + [("Content-Range", "bytes %d-%d/*" % (start, size - 1))])
                        self.pattern(start, size, True)
                        self.wfile.write(b"0\r\n\r\n")
            elif path == "/gate":
                chunked = params.get("chunked") == "1"
                first = min(size, 65536)
                self.head(200, None if chunked else size)
                self.pattern(0, first, chunked)
                self.wfile.flush()
                gate(key).wait(120)
                self.pattern(first, size, chunked)
                if chunked:
                    self.wfile.write(b"0\r\n\r\n")
            elif path in ("/file", "/flaky", "/drop"):
                chunked = params.get("chunked") == "1"
                self.head(200, None if chunked else size)
                self.pattern(0, size, chunked)
                if chunked:
                    self.wfile.write(b"0\r\n\r\n")
            else:
                self.whole(404, b'{"error": "no such path"}')
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True


serve(Handler)
