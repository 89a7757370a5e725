"""Loopback HTTP server that answers GET /body?size=N[&chunked=1][&pause=MS]&key=K with N bytes of "x"
(pausing MS milliseconds after each 64 KiB, so that a download takes long enough to be stopped), and
GET /report?key=K with {"written": bytes it managed to send for K, "finished": whether all were sent}.

Prints its port on the first line of stdout. Used to show that a client stops a too-large download
early: a client that reads everything makes "finished" true.
"""

import json
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler

from loopback import serve

reports = {}
reports_lock = threading.Lock()
CHUNK = b"x" * 65536


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        path, _, query = self.path.partition("?")
        params = dict(urllib.parse.parse_qsl(query))
        key = params.get("key", "")
        if path == "/report":
            with reports_lock:
                out = json.dumps(reports.get(key, {"written": 0, "finished": False})).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(out)))
            self.end_headers()
            self.wfile.write(out)
            return
        size = int(params.get("size", "0"))
        chunked = params.get("chunked") == "1"
        pause = float(params.get("pause", "0")) / 1000
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(size))
        self.end_headers()
        written = 0
        finished = False
        try:
            while written < size:
                piece = CHUNK[: min(len(CHUNK), size - written)]
                if chunked:
                    self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
                else:
                    self.wfile.write(piece)
                written += len(piece)
                if pause:
                    time.sleep(pause)
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
            finished = True
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        with reports_lock:
            reports[key] = {"written": written, "finished": finished}


serve(Handler)
