"""A WSGI app under Werkzeug's threaded development server on a free port of 127.0.0.1 that, like S3 and GCS
presigned PUTs, refuses a request body without `Content-Length` (411 Length Required): the server for the tests
that a body of known length is never sent chunked. Werkzeug (not written here) parses the requests and the
multipart forms. Prints its port on the first line of stdout; ends with its parent.

- PUT/POST /upload: reads the body by its `Content-Length`, answers
  `{"length": n, "sha256": hex, "transferEncoding": header or null}`.
- POST /form: a multipart/form-data body parsed by Werkzeug; answers
  `{"fields": {name: value}, "files": {name: {"filename", "length", "sha256"}}}`.
- GET /hash?path=P: the sha256 of the local file P, so that a test compares hashes made by one implementation.
"""

import hashlib
import json
import logging

from loopback import exit_with_parent

from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response

exit_with_parent()
logging.getLogger("werkzeug").setLevel(logging.ERROR)


def sha256_of(stream, length=None):
    digest = hashlib.sha256()
    total = 0
    while length is None or total < length:
        want = 1 << 20 if length is None else min(1 << 20, length - total)
        piece = stream.read(want)
        if not piece:
            break
        digest.update(piece)
        total += len(piece)
    return total, digest.hexdigest()


def answer(value, status=200):
    return Response(json.dumps(value), status=status, content_type="application/json")


@Request.application
def app(request):
    transfer_encoding = request.headers.get("Transfer-Encoding")
    if request.method in ("PUT", "POST") and request.content_length is None:
        return answer({"error": "Length Required", "transferEncoding": transfer_encoding}, status=411)
    if request.path == "/upload":
        length, digest = sha256_of(request.stream, request.content_length)
        return answer({"length": length, "sha256": digest, "transferEncoding": transfer_encoding})
    if request.path == "/form":
        files = {}
        for name, storage in request.files.items():
            length, digest = sha256_of(storage.stream)
            files[name] = {"filename": storage.filename, "length": length, "sha256": digest}
        return answer({"fields": dict(request.form.items()), "files": files, "transferEncoding": transfer_encoding})
    if request.path == "/hash":
        with open(request.args["path"], "rb") as file:
            length, digest = sha256_of(file)
        return answer({"length": length, "sha256": digest})
    return answer({"error": "not found"}, status=404)


server = make_server("127.0.0.1", 0, app, threaded=True)
print(server.server_port, flush=True)
server.serve_forever()
