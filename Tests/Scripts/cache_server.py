"""Loopback HTTP server for the HTTP cache tests: answers with caching headers and counts the requests it saw, so
that a test can prove a response came from the cache (the count did not move).

Prints its port on the first line of stdout; ends with its parent. Every path may carry a query (a test's own
`id`), and requests are counted by their whole target, path and query:

    GET /hits?target=<percent-encoded target>   {"hits": n}: how many requests that target got (not counted)
    GET /vary                  Cache-Control: max-age=3600, Vary: Accept-Language; the body names the language
    GET /vary-star             Cache-Control: max-age=3600, Vary: *
    GET /expires               Date now, Expires in an hour, no Cache-Control
    GET /expired               Date now, Expires an hour ago, an ETag: 304 to If-None-Match with it
    GET /private, /public      Cache-Control: private (public), max-age=3600
    GET /no-store              Cache-Control: no-store, max-age=3600

Each body is JSON: {"path": ..., "hit": n, "language": Accept-Language or null, "authorization": bool}.
"""

import json
import threading
import time
import urllib.parse
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler

from loopback import serve

hits = {}
hits_lock = threading.Lock()


class CacheHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path == "/hits":
            target = urllib.parse.parse_qs(query).get("target", [""])[0]
            with hits_lock:
                count = hits.get(target, 0)
            return self.answer(200, {"Cache-Control": "no-store"}, {"hits": count})
        with hits_lock:
            hit = hits.get(self.path, 0) + 1
            hits[self.path] = hit
        now = time.time()
        headers = {"Date": formatdate(now, usegmt=True)}
        if path == "/vary":
            headers.update({"Cache-Control": "max-age=3600", "Vary": "Accept-Language"})
        elif path == "/vary-star":
            headers.update({"Cache-Control": "max-age=3600", "Vary": "*"})
        elif path == "/expires":
            headers["Expires"] = formatdate(now + 3600, usegmt=True)
        elif path == "/expired":
            etag = '"v1"'
            headers.update({"Expires": formatdate(now - 3600, usegmt=True), "ETag": etag})
            if self.headers.get("If-None-Match") == etag:
                return self.answer(304, headers, None)
        elif path in ("/private", "/public"):
            headers["Cache-Control"] = path[1:] + ", max-age=3600"
        elif path == "/no-store":
            headers["Cache-Control"] = "no-store, max-age=3600"
        else:
            return self.answer(404, {}, {"error": "unknown path"})
        body = {
            "path": path,
            "hit": hit,
            "language": self.headers.get("Accept-Language"),
            "authorization": self.headers.get("Authorization") is not None,
        }
        self.answer(200, headers, body)

    def answer(self, status, headers, body):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if status != 304:
            self.wfile.write(data)


if __name__ == "__main__":
    serve(CacheHandler)
