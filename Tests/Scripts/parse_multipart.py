#!/usr/bin/env python3
"""Reference peer: parses multipart/form-data bodies with Werkzeug's form parser.

Reads a JSON array of {"contentType": ..., "body": hex} from standard input and writes a JSON array
with, for each body, {"fields": [[name, value], ...], "files": [[name, filename, contentType, content],
...]} as Werkzeug's MultiDicts list them (text fields and files apart; the values of one name together,
names in the order they first appear), every
string the hexadecimal of its UTF-8 (or raw) bytes, or {"error": message} when Werkzeug refuses the body.
"""
import io
import json
import signal
import sys

from werkzeug.formparser import parse_form_data


def to_hex(text):
    return text.encode("utf-8", "surrogateescape").hex()


def parse(content_type, body):
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


def main():
    # Foundation.Process on Linux can start children with signals blocked; unblock them.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    results = []
    for case in json.loads(sys.stdin.buffer.read().decode("utf-8")):
        try:
            results.append(parse(case["contentType"], bytes.fromhex(case["body"])))
        except Exception as error:  # a refusal is a result to report, not a crash
            results.append({"error": repr(error)})
    sys.stdout.write(json.dumps(results))


if __name__ == "__main__":
    main()
