#!/usr/bin/env python3
"""Reference peers: parses multipart/form-data bodies with one of three independent parsers.

    python3 parse_multipart.py [--parser werkzeug|python-multipart|multipart]

- werkzeug: Werkzeug's form parser (Flask's).
- python-multipart: the `python_multipart` package, the parser behind Starlette and FastAPI.
- multipart: defnull's `multipart` (Bottle's). It shares its import name with python-multipart's compatibility
  module, so `.ci/run` installs it in a folder of its own, `Tests/Scripts/.peers/multipart`, which comes first on
  the path here.

Reads a JSON array of {"contentType": ..., "body": hex} from standard input and writes a JSON array with, for
each body, {"fields": [[name, value], ...], "files": [[name, filename, contentType, content], ...]} (text fields
and files apart, each in the order the parser reports them; the content type as the part's header gave it, empty
when it had none), every string the hexadecimal of its UTF-8 (or raw) bytes, or {"error": message} when the
parser refuses the body.
"""
import argparse
import io
import json
import os
import signal
import sys

PEERS = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".peers")


def to_hex(text):
    if isinstance(text, bytes):
        return text.hex()
    return text.encode("utf-8", "surrogateescape").hex()


def parse_werkzeug(content_type, body):
    from werkzeug.formparser import parse_form_data

    environ = {
        "REQUEST_METHOD": "POST",
        "CONTENT_TYPE": content_type,
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
    }
    _, form, files = parse_form_data(environ, silent=False)
    return {
        "fields": [[to_hex(name), to_hex(value)] for name, value in form.items(multi=True)],
        "files": [
            [to_hex(name), to_hex(storage.filename), to_hex(storage.content_type or ""), storage.read().hex()]
            for name, storage in files.items(multi=True)
        ],
    }


def parse_python_multipart(content_type, body):
    from python_multipart import create_form_parser

    fields, files = [], []

    def on_field(field):
        fields.append([to_hex(field.field_name or b""), to_hex(field.value or b"")])

    def on_file(file):
        file.file_object.seek(0)
        files.append(
            [
                to_hex(file.field_name or b""),
                to_hex(file.file_name or b""),
                to_hex(file.content_type or ""),
                file.file_object.read().hex(),
            ]
        )

    headers = {"Content-Type": content_type.encode("latin-1"), "Content-Length": str(len(body)).encode()}
    # Its default limits (4 KiB per header line, 8 headers) refuse the long names the tests generate.
    limits = {"MAX_HEADER_SIZE": 1 << 24, "MAX_HEADER_COUNT": 64, "MAX_MEMORY_FILE_SIZE": 1 << 40}
    parser = create_form_parser(headers, on_field, on_file, config=limits)
    parser.write(body)
    parser.finalize()
    return {"fields": fields, "files": files}


def parse_defnull_multipart(content_type, body):
    sys.path.insert(0, os.path.join(PEERS, "multipart"))
    import multipart

    if not getattr(multipart, "__file__", "").startswith(PEERS):
        raise RuntimeError("defnull's multipart is not installed in " + os.path.join(PEERS, "multipart"))
    _, options = multipart.parse_options_header(content_type)
    # Its default limits (4 KiB per header, 128 parts) refuse the long names and the many parts the tests generate.
    parser = multipart.MultipartParser(
        io.BytesIO(body), options["boundary"], len(body), part_limit=10_000, header_limit=64,
        headersize_limit=1 << 24, memory_limit=1 << 40, spool_limit=1 << 40, strict=True)
    fields, files = [], []
    for part in parser:
        raw_type = part.headers.get("Content-Type", "")
        if part.filename is None:
            fields.append([to_hex(part.name), part.raw.hex()])
        else:
            files.append([to_hex(part.name), to_hex(part.filename), to_hex(raw_type), part.raw.hex()])
    return {"fields": fields, "files": files}


PARSERS = {
    "werkzeug": parse_werkzeug,
    "python-multipart": parse_python_multipart,
    "multipart": parse_defnull_multipart,
}


def main():
    # Foundation.Process on Linux can start children with signals blocked; unblock them.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--parser", choices=sorted(PARSERS), default="werkzeug")
    parse = PARSERS[arguments.parse_args().parser]
    results = []
    for case in json.loads(sys.stdin.buffer.read().decode("utf-8")):
        try:
            results.append(parse(case["contentType"], bytes.fromhex(case["body"])))
        except Exception as error:  # a refusal is a result to report, not a crash
            results.append({"error": repr(error)})
    sys.stdout.write(json.dumps(results))


if __name__ == "__main__":
    main()
