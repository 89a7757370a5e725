#!/usr/bin/env python3
"""Reference peer: parses many query strings with Python's urllib.parse.parse_qsl.

Reads a JSON array of query strings from standard input and writes a JSON array with, for each
query, the list of its [name, value] pairs as parse_qsl(query, keep_blank_values=True) returns
them. Names and values are written as the hexadecimal of their UTF-8 bytes, so the comparison in
Swift is byte for byte (no JSON escaping or Unicode normalisation in between); percent-escapes
that are not valid UTF-8 keep their raw bytes (surrogateescape).
"""
import json
import signal
import sys
from urllib.parse import parse_qsl


def to_hex(text):
    return text.encode("utf-8", "surrogateescape").hex()


def main():
    # Foundation.Process on Linux can start children with signals blocked; unblock them.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    queries = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    results = []
    for query in queries:
        pairs = parse_qsl(query, keep_blank_values=True, encoding="utf-8", errors="surrogateescape")
        results.append([[to_hex(name), to_hex(value)] for name, value in pairs])
    sys.stdout.write(json.dumps(results))


if __name__ == "__main__":
    main()
