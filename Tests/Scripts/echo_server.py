"""Loopback HTTP server for the APIClient integration tests.

Prints its port on the first line of stdout, then answers every request on 127.0.0.1 with a JSON
echo of what it received:

    {"method": ..., "path": raw path, "query": raw query or null, "items": parse_qsl(query),
     "headers": [[name, value], ...] in the order received, "body": base64 of the body, "attempt": n}

Request headers steer the answer, so one server serves every test:
    X-Echo-Status: 503            answer with this status
    X-Echo-Body: text             answer with this body instead of the echo
    X-Echo-Headers: {"A": "b"}    add these response headers (a JSON object)
    X-Echo-Delay: 2.5             wait this many seconds before answering
    X-Echo-Key: k, X-Echo-Times: n
                                  apply the four above only to the first n requests with key k;
                                  later ones get the plain 200 echo ("attempt" counts them)
    X-Echo-Unauthorized-Unless: Bearer t
                                  answer 401 unless the Authorization header is exactly this
"""

import base64
import json
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler

from loopback import serve

attempts = {}
attempts_lock = threading.Lock()


class EchoHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            body = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    self.rfile.readline()
                    return body
                body += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length", "0")))

    def handle_any(self):
        body = self.read_body()
        path, _, query = self.path.partition("?")
        key = self.headers.get("X-Echo-Key")
        with attempts_lock:
            attempt = attempts.get(key, 0) + 1
            attempts[key] = attempt
        times = self.headers.get("X-Echo-Times")
        steered = times is None or attempt <= int(times)

        status = 200
        response_headers = {"Content-Type": "application/json"}
        echo = {
            "method": self.command,
            "path": path,
            "query": query if "?" in self.path else None,
            "items": urllib.parse.parse_qsl(query, keep_blank_values=True),
            "headers": [[name, value] for name, value in self.headers.items()],
            "body": base64.b64encode(body).decode("ascii"),
            "attempt": attempt,
        }
        answer = json.dumps(echo).encode("utf-8")
        if steered:
            time.sleep(float(self.headers.get("X-Echo-Delay", "0")))
            status = int(self.headers.get("X-Echo-Status", "200"))
            if "X-Echo-Body" in self.headers:
                answer = self.headers["X-Echo-Body"].encode("utf-8")
            response_headers.update(json.loads(self.headers.get("X-Echo-Headers", "{}")))
        required = self.headers.get("X-Echo-Unauthorized-Unless")
        if required is not None and self.headers.get("Authorization") != required:
            status = 401
            answer = b'{"code":"unauthorized"}'

        if status in (204, 205, 304) or self.command == "HEAD":
            answer_length = 0 if status in (204, 205, 304) else len(answer)
            answer = b""
        else:
            answer_length = len(answer)
        self.send_response(status)
        for name, value in response_headers.items():
            self.send_header(name, value)
        if status not in (204, 304):
            self.send_header("Content-Length", str(answer_length))
        self.end_headers()
        self.wfile.write(answer)

    def handle_safely(self):
        try:
            self.handle_any()
        except (BrokenPipeError, ConnectionResetError):
            pass  # The client gave up (a timeout or a cancellation test).

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = handle_safely


serve(EchoHandler)
