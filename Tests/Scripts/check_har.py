"""Checks that a file is an HTTP Archive (HAR 1.2) with every member the format requires.

    python3 check_har.py FILE [SECRET ...]

Reads FILE with Python's json module, checks the required members of log, creator, entries, request,
response, headers, cookies, queryString, postData, content, cache and timings and their JSON types,
and that no SECRET appears anywhere in the file outside bodies (the texts of request.postData and
response.content, which are recorded as they are: the echo server repeats the request in its body). Prints "ok <entry count>" and exits 0, or
prints one line per problem (naming the member) and exits 1.
"""

import json
import sys

problems = []


def need(obj, path, members):
    """Each (name, types) in members must be in obj with one of types."""
    if not isinstance(obj, dict):
        problems.append(f"{path} is not an object")
        return
    for name, types in members:
        if name not in obj:
            problems.append(f"{path}.{name} is missing")
        elif not isinstance(obj[name], types) or (isinstance(obj[name], bool) and bool not in types):
            problems.append(f"{path}.{name} is {type(obj[name]).__name__}, not {types}")


NUMBER = (int, float)


def pairs(items, path, optional=()):
    if not isinstance(items, list):
        problems.append(f"{path} is not an array")
        return
    for index, item in enumerate(items):
        need(item, f"{path}[{index}]", [("name", (str,)), ("value", (str,))] + list(optional))


def check(path, secrets):
    with open(path, "rb") as file:
        raw = file.read()
    text = raw.decode("utf-8")  # HAR files must be UTF-8
    har = json.loads(text)
    without_bodies = json.loads(text)
    for entry in without_bodies.get("log", {}).get("entries", []):
        entry.get("request", {}).get("postData", {}).pop("text", None)
        entry.get("response", {}).get("content", {}).pop("text", None)
    rest = json.dumps(without_bodies, ensure_ascii=False)
    for secret in secrets:
        if secret in rest:
            problems.append(f"the secret {secret!r} appears in the file outside bodies")
    need(har, "", [("log", (dict,))])
    log = har["log"]
    need(log, "log", [("version", (str,)), ("creator", (dict,)), ("entries", (list,))])
    if log.get("version") != "1.2":
        problems.append(f"log.version is {log.get('version')!r}, not '1.2'")
    need(log["creator"], "log.creator", [("name", (str,)), ("version", (str,))])
    for index, entry in enumerate(log["entries"]):
        at = f"log.entries[{index}]"
        need(entry, at, [("startedDateTime", (str,)), ("time", NUMBER), ("request", (dict,)),
                         ("response", (dict,)), ("cache", (dict,)), ("timings", (dict,))])
        request, response = entry["request"], entry["response"]
        need(request, at + ".request", [("method", (str,)), ("url", (str,)), ("httpVersion", (str,)),
                                        ("cookies", (list,)), ("headers", (list,)), ("queryString", (list,)),
                                        ("headersSize", NUMBER), ("bodySize", NUMBER)])
        if "#" in request["url"]:
            problems.append(f"{at}.request.url has a fragment")
        pairs(request["cookies"], at + ".request.cookies")
        pairs(request["headers"], at + ".request.headers")
        pairs(request["queryString"], at + ".request.queryString")
        if "postData" in request:
            post = request["postData"]
            need(post, at + ".request.postData", [("mimeType", (str,))])
            if "text" not in post and "params" not in post:
                problems.append(f"{at}.request.postData has neither text nor params")
        need(response, at + ".response", [("status", (int,)), ("statusText", (str,)), ("httpVersion", (str,)),
                                          ("cookies", (list,)), ("headers", (list,)), ("content", (dict,)),
                                          ("redirectURL", (str,)), ("headersSize", NUMBER), ("bodySize", NUMBER)])
        pairs(response["cookies"], at + ".response.cookies")
        pairs(response["headers"], at + ".response.headers")
        need(response["content"], at + ".response.content", [("size", NUMBER), ("mimeType", (str,))])
        need(entry["timings"], at + ".timings", [("send", NUMBER), ("wait", NUMBER), ("receive", NUMBER)])
        timings = entry["timings"]
        for name in ("send", "wait", "receive"):
            if timings[name] < 0:
                problems.append(f"{at}.timings.{name} is negative")
        # HAR 1.2: blocked, dns, connect and ssl are optional, -1 when they do not apply; ssl is part of connect.
        for name in ("blocked", "dns", "connect", "ssl"):
            if name in timings and (not isinstance(timings[name], NUMBER) or (timings[name] < 0 and timings[name] != -1)):
                problems.append(f"{at}.timings.{name} is neither -1 nor a duration")
        total = sum(timings.get(name, -1) for name in ("blocked", "dns", "connect", "send", "wait", "receive")
                    if timings.get(name, -1) >= 0)
        if abs(total - entry["time"]) > 0.01:
            problems.append(f"{at}.time {entry['time']} is not the sum of its timings ({total})")
    return len(log["entries"])


try:
    count = check(sys.argv[1], sys.argv[2:])
except (KeyError, TypeError, ValueError) as error:
    problems.append(f"not a HAR file: {error!r}")
    count = 0
if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"ok {count}")
