#!/usr/bin/env python3
"""Lists the public symbols that have no doc comment, from symbol graph files; exits 1 if there are any.

Usage: undocumented-symbols.py FILE.symbols.json...

Compiler-synthesized members (Equatable's ==, Hashable's hash(into:), …) are skipped: they have no source
to document. A symbol re-exported by another module is reported once.
"""
import json
import sys

missing = {}
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as file:
        graph = json.load(file)
    for symbol in graph["symbols"]:
        identifier = symbol["identifier"]["precise"]
        if "::SYNTHESIZED::" in identifier or symbol.get("docComment"):
            continue
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        location = symbol.get("location", {})
        source = location.get("uri", "?").split("/Sources/")[-1]
        line = location.get("position", {}).get("line", 0) + 1  # 0-based in symbol graphs
        name = ".".join(symbol["pathComponents"])
        missing[identifier] = f"Sources/{source}:{line}: {symbol['kind']['displayName']} {name}"

for entry in sorted(missing.values()):
    print(f"error: no doc comment: {entry}")
sys.exit(1 if missing else 0)
