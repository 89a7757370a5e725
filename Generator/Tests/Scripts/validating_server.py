"""A loopback server that validates every request against an OpenAPI document with openapi-core
(https://pypi.org/project/openapi-core/, a validator nobody here wrote), for ValidatedRequestTests.

    python3 validating_server.py DOCUMENT.yaml

Listens on a free port of 127.0.0.1 and prints it on the first line of stdout. For each request:
- openapi-core finds the operation and validates the request (path, query styles, headers, security, content
  type, body schema). A refused request gets `400` with the validator's errors as text, one per line with their
  causes; a path or method the document does not name too (`PathNotFound`, `OperationNotFound`).
- An accepted one gets the operation's documented answer: `createThing` echoes the body it read (a `Thing`),
  `putBlob` answers `204`, every other operation a `Received` object holding what openapi-core read: the path
  parameters (percent-decoded), the query and header parameters it deserialized, and the body. The answer is
  validated against the document too (a `500` names what does not match), so that a test that decodes it knows
  the server kept to the document.

Ends when killed, and by itself within 0.2 s of the process that started it (QUERY_TEST_PARENT_PID, else the
parent process id). `.ci/run` installs openapi-core; elsewhere `pip install openapi-core==0.23.1`.
"""

import base64
import datetime
import json
import logging
import os
import signal
import sys
import threading
import time
import urllib.parse
import uuid

# Foundation.Process on Linux starts children with the parent thread's signal mask
# (swift-corelibs-foundation#4772): unblock everything so that signals behave normally.
signal.pthread_sigmask(signal.SIG_SETMASK, [])

import yaml  # noqa: E402  (PyYAML, which openapi-core reads documents with)
from openapi_core import OpenAPI  # noqa: E402
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402
from werkzeug.wrappers import Request, Response  # noqa: E402


def exit_with_parent():
    """Ends this process as soon as the process that started it is gone (an orphan gets another parent)."""
    parent = int(os.environ.get("QUERY_TEST_PARENT_PID", os.getppid()))

    def watch():
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


class RawPathRequest(WerkzeugOpenAPIRequest):
    """Werkzeug's request as openapi-core reads it, but with the path as sent (still percent-encoded).

    WSGI hands over the path percent-decoded, so a path parameter holding an escaped `/` would split into two
    segments and match no operation; the path as sent keeps it one segment.
    """

    @property
    def path(self):
        raw = self.request.environ.get("REQUEST_URI") or self.request.environ.get("RAW_URI") or self.request.path
        return raw.split("?", 1)[0]


def plain(value):
    """What openapi-core unmarshalled, as JSON: bytes as text, UUIDs as strings, dates in ISO 8601."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return "base64:" + base64.b64encode(value).decode("ascii")
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    return value


def error_text(errors):
    """Every error with its causes, one per line: openapi-core wraps the schema's errors in its own."""
    lines = []
    for error in errors:
        lines.append(f"{type(error).__name__}: {error}")
        cause = error.__cause__
        while cause is not None:
            lines.append(f"  caused by {type(cause).__name__}: {cause}")
            for schema_error in getattr(cause, "schema_errors", None) or []:
                lines.append(f"    {schema_error.message}")
            cause = cause.__cause__
    return "\n".join(lines) + "\n"


class Operations:
    """The document's operations by method and path template, to name the one a request reached."""

    def __init__(self, document):
        self.templates = []
        for template, item in document.get("paths", {}).items():
            segments = template.strip("/").split("/")
            for method, operation in item.items():
                if isinstance(operation, dict) and "operationId" in operation:
                    self.templates.append((method.upper(), segments, operation["operationId"]))

    def operation_id(self, method, path):
        segments = path.strip("/").split("/")
        for template_method, template, operation_id in self.templates:
            if template_method != method or len(template) != len(segments):
                continue
            if all(part.startswith("{") or part == segment for part, segment in zip(template, segments)):
                return operation_id, {
                    part[1:-1]: urllib.parse.unquote(segment)
                    for part, segment in zip(template, segments)
                    if part.startswith("{")
                }
        return None, {}


def make_app(openapi, operations):
    def app(environ, start_response):
        request = Request(environ)
        openapi_request = RawPathRequest(request)
        result = openapi.unmarshal_request(openapi_request)
        if result.errors:
            text = error_text(result.errors)
            if os.environ.get("VALIDATING_SERVER_VERBOSE") == "1":
                print(f"refused {request.method} {openapi_request.path}:\n{text}", file=sys.stderr, flush=True)
            return Response(text, status=400, mimetype="text/plain")(environ, start_response)

        operation_id, path_values = operations.operation_id(request.method, openapi_request.path)
        if operation_id == "createThing":
            response = Response(json.dumps(plain(result.body)), status=201, mimetype="application/json")
        elif operation_id == "putBlob":
            response = Response(status=204)
        else:
            parameters = result.parameters
            received = {
                "operation": operation_id,
                "path": path_values,
                "query": plain(parameters.query),
                "headers": plain(parameters.header),
                "body": plain(result.body),
            }
            response = Response(json.dumps(received), status=200, mimetype="application/json")

        # The answer must keep to the document too, or the client's decoding would test nothing.
        response_errors = list(openapi.iter_response_errors(openapi_request, WerkzeugOpenAPIResponse(response)))
        if response_errors:
            text = "the server's own answer does not match the document:\n" + error_text(response_errors)
            response = Response(text, status=500, mimetype="text/plain")
        return response(environ, start_response)

    return app


def main():
    document_path = sys.argv[1]
    openapi = OpenAPI.from_file_path(document_path)
    with open(document_path, encoding="utf-8") as file:
        operations = Operations(yaml.safe_load(file))
    exit_with_parent()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = make_server("127.0.0.1", 0, make_app(openapi, operations), threaded=True)
    print(server.server_port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
