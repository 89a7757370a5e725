#!/usr/bin/env python3
"""Loopback server for the multipart end-to-end tests: parses every POST with Werkzeug's form parser.

Prints its port on the first line of stdout, then answers each request on 127.0.0.1 with JSON:

    {"headers": [[name, value], ...], "received": byte count of the body as sent (after de-chunking),
     "fields": [[name, value], ...], "files": [[name, filename, content type, base64 content], ...]}

or {"error": message} (status 400) when Werkzeug refuses the body.
"""
import base64
import io
import json
from http.server import BaseHTTPRequestHandler

from werkzeug.formparser import parse_form_data

from loopback import serve


class FormHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            body = bytearray()
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    self.rfile.readline()
                    return bytes(body)
                body += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length", "0")))

    def do_POST(self):
        status = 200
        try:
            body = self.read_body()
            environ = {
                "REQUEST_METHOD": "POST",
                "CONTENT_TYPE": self.headers.get("Content-Type", ""),
                "CONTENT_LENGTH": str(len(body)),
                "wsgi.input": io.BytesIO(body),
            }
            _, form, files = parse_form_data(environ, silent=False)
            answer = {
                "headers": [[name, value] for name, value in self.headers.items()],
                "received": len(body),
                "fields": [[name, value] for name, value in form.items(multi=True)],
                "files": [
                    [name, storage.filename, storage.content_type, base64.b64encode(storage.read()).decode("ascii")]
                    for name, storage in files.items(multi=True)
                ],
            }
        except (BrokenPipeError, ConnectionResetError):
            return
        except Exception as error:
            status = 400
            answer = {"error": repr(error)}
        data = json.dumps(answer).encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass


serve(FormHandler)
