"""Loopback HTTP server that records how each uploaded body arrived, complete or not.

Prints its port on the first line of stdout. Every POST or PUT is one attempt of the key in its `X-Upload-Key`
header. The body is read by its framing (`Content-Length`, or `Transfer-Encoding: chunked` up to the
terminating chunk); a connection that ends before that is an incomplete attempt. A complete attempt is
answered with JSON:

    {"framing": "length" | "chunked" | "none", "contentLength": n or null, "received": n,
     "body": base64 of the body, "attempt": n}

and with the status in `X-Upload-Status-First` instead (no body) when it is the key's first attempt.

GET /report?key=K answers {"attempts": [{"complete": bool, "received": n, "framing": ...}, ...]} for the
key, waiting (at most 10 s) until no attempt of the key is still being read, so that a client that has just
given up sees the attempt it abandoned. GET /ping answers {} at once.
"""

import base64
import json
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler

from loopback import serve

records = {}
reading = {}
state = threading.Condition()


class Incomplete(Exception):
    pass


class UploadHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 60

    def log_message(self, format, *args):
        pass

    def read_exactly(self, count, into):
        while count:
            piece = self.rfile.read(min(count, 1 << 16))
            if not piece:
                raise Incomplete()
            into += piece
            count -= len(piece)

    def read_line(self):
        line = self.rfile.readline(1024)
        if not line.endswith(b"\r\n"):
            raise Incomplete()
        return line

    def read_body(self, body):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            while True:
                size = int(self.read_line().split(b";")[0].strip(), 16)
                if size == 0:
                    self.read_line()
                    return "chunked"
                self.read_exactly(size, body)
                self.read_line()
        if "Content-Length" in self.headers:
            self.read_exactly(int(self.headers["Content-Length"]), body)
            return "length"
        return "none"

    def send_json(self, status, value):
        answer = json.dumps(value).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def upload(self):
        key = self.headers.get("X-Upload-Key", "")
        with state:
            attempts = records.setdefault(key, [])
            record = {"complete": False, "received": 0, "framing": None}
            attempts.append(record)
            number = len(attempts)
            reading[key] = reading.get(key, 0) + 1
        body = bytearray()
        framing = None
        try:
            framing = self.read_body(body)
        except (Incomplete, ValueError, OSError):
            self.close_connection = True
        finally:
            with state:
                record.update(complete=framing is not None, received=len(body), framing=framing)
                reading[key] -= 1
                state.notify_all()
        if framing is None:
            return
        first_status = self.headers.get("X-Upload-Status-First")
        if first_status is not None and number == 1:
            self.send_json(int(first_status), {})
            return
        length = self.headers.get("Content-Length")
        self.send_json(200, {
            "framing": framing,
            "contentLength": int(length) if length is not None else None,
            "received": len(body),
            "body": base64.b64encode(bytes(body)).decode("ascii"),
            "attempt": number,
        })

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path == "/report":
            key = dict(urllib.parse.parse_qsl(query)).get("key", "")
            deadline = time.monotonic() + 10
            with state:
                while reading.get(key, 0) and time.monotonic() < deadline:
                    state.wait(deadline - time.monotonic())
                attempts = [dict(record) for record in records.get(key, [])]
            self.send_json(200, {"attempts": attempts})
        else:
            self.send_json(200, {})

    def handle_safely(self):
        try:
            self.upload()
        except (BrokenPipeError, ConnectionResetError):
            pass  # The client gave up.

    do_POST = do_PUT = handle_safely


serve(UploadHandler)
