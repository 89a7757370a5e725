"""Loopback server of server-sent events (text/event-stream). Prints its port on the first line of stdout.

Every request with ?key=K is recorded (headers Last-Event-ID, Accept, Cache-Control); GET /log?key=K returns
them as JSON with "broken": whether the client went away from /endless.

GET /raw?body=B64&split=N       the base64url bytes B64 as text/event-stream, in chunks of N bytes (chunked
                                encoding, each flushed), then the end
GET /events?key=K&total=T&per=P[&retry=MS]
                                events "id: i" / "data: event i" for i after the Last-Event-ID received
                                (none: from 1), at most P per connection. A connection that has not reached T
                                ends with a partial event (an id and a data line, no empty line) and is
                                dropped: the odd connections by closing the socket mid-body, the even ones by
                                ending the body cleanly. The second connection starts with "retry: MS". After
                                the last event, a connection ends cleanly; the next request gets 204.
GET /empty?key=K[&abort=1]      a comment only, then the end (with abort=1: the socket is closed mid-body)
GET /first-then-empty?key=K     the first request: one event ("id: 1"); the later ones as /empty
GET /status?key=K&code=C        status C with a JSON body
GET /typed?key=K&type=T         200, Content-Type T, a body that looks like an event
GET /endless?key=K              one event, then a comment every 20 ms until the client goes away (at most 60 s)
GET /stall?key=K                the first request: "id: 1" then silence (at most 20 s, or until the client goes
                                away); the second: "id: 2", then the end; later ones: 204
"""

import base64
import json
import socket
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler

from loopback import serve

lock = threading.Lock()
logs = {}
broken = {}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def start(self, status=200, content_type="text/event-stream"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()

    def chunk(self, data):
        self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")
        self.wfile.flush()

    def end(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def abort(self):
        """Closes the connection in the middle of the chunked body: the client sees a lost connection."""
        self.wfile.flush()
        self.connection.shutdown(socket.SHUT_RDWR)
        self.close_connection = True

    def whole(self, status, content_type, body):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def do_GET(self):
        path, _, query = self.path.partition("?")
        params = dict(urllib.parse.parse_qsl(query))
        key = params.get("key", "")
        if path == "/log":
            with lock:
                out = {"requests": list(logs.get(key, [])), "broken": broken.get(key, False)}
            self.whole(200, "application/json", json.dumps(out).encode())
            return
        with lock:
            connection = logs.setdefault(key, [])
            connection.append(
                {
                    "path": path,
                    "lastEventID": self.headers.get("Last-Event-ID"),
                    "accept": self.headers.get("Accept"),
                    "cacheControl": self.headers.get("Cache-Control"),
                }
            )
            number = len(connection)
        if path == "/raw":
            body = base64.urlsafe_b64decode(params.get("body", "") + "==")
            split = max(int(params.get("split", "1")), 1)
            self.start()
            for start in range(0, len(body), split):
                self.chunk(body[start : start + split])
            self.end()
        elif path == "/events":
            self.events(params, number)
        elif path == "/empty" or (path == "/first-then-empty" and number > 1):
            self.start()
            self.chunk(b": nothing to say\n\n")
            if params.get("abort") == "1":
                self.abort()
            else:
                self.end()
        elif path == "/first-then-empty":
            self.start()
            self.chunk(b"id: 1\ndata: the only event\n\n")
            self.end()
        elif path == "/status":
            code = int(params.get("code", "404"))
            self.whole(code, "application/json", json.dumps({"error": "status %d" % code}).encode())
        elif path == "/typed":
            self.whole(200, params.get("type", "text/plain"), b"data: not an event stream\n\n")
        elif path == "/endless":
            self.start()
            try:
                self.chunk(b"id: 1\ndata: first\n\n")
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline:
                    time.sleep(0.02)
                    self.chunk(b": still here\n\n")
                self.end()
            except (BrokenPipeError, ConnectionResetError):
                with lock:
                    broken[key] = True
                self.close_connection = True
        elif path == "/stall":
            self.stall(number)
        else:
            self.whole(404, "application/json", b'{"error":"no such path"}')

    def stall(self, number):
        if number > 2:
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.start()
        if number == 2:
            self.chunk(b"id: 2\ndata: after\n\n")
            self.end()
            return
        self.chunk(b"id: 1\ndata: before\n\n")
        # Silent until the client gives up on the connection: its next byte would fail.
        self.connection.settimeout(20)
        try:
            self.connection.recv(1)
        except (OSError, socket.timeout):
            pass
        self.close_connection = True

    def events(self, params, number):
        total = int(params.get("total", "10"))
        per = int(params.get("per", "3"))
        received = self.headers.get("Last-Event-ID")
        first = int(received) + 1 if received else 1
        if first > total:
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.start()
        if number == 2 and "retry" in params:
            self.chunk(b"retry: %s\n\n" % params["retry"].encode())
        last = min(first + per - 1, total)
        for i in range(first, last + 1):
            # Each event split in two chunks, so that the client has to join them.
            self.chunk(b"id: %d\ndata: event" % i)
            self.chunk(b" %d\n\n" % i)
        if last == total:
            self.end()
            return
        self.chunk(b"id: %d\ndata: partial event %d\n" % (last + 1, last + 1))
        if number % 2 == 1:
            self.abort()
        else:
            self.end()


serve(Handler)
