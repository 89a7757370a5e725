"""nginx (Debian's package) serving files with its own byte ranges, `ETag`, `Last-Modified` and `If-Range`, behind a
small proxy of ours that cuts responses at chosen offsets: resumable downloads tested against a range
implementation nobody here wrote. Prints the proxy's port on the first line of stdout; ends with its parent.

Served by nginx (the query string is the proxy's, nginx ignores it):

    /files/NAME          the file, with ETag, Last-Modified and ranges
    /no-ranges/NAME      the file, ranges disabled (max_ranges 0): every request gets the whole (200)
    /dated/NAME          the file without ETag: Last-Modified is the only validator

The proxy's own control paths:

    /control/create?name=NAME&size=N&seed=S
                         writes N bytes of seeded random data to NAME, dated an hour ago; answers
                         {"sha256": hex}
    /control/drops?key=K&at=A,B,C[&replace=NAME&seed=S]
                         cuts the responses to requests carrying key=K when the body reaches byte offset A, then
                         B, then C of the file (each offset once, counted from the range's start); with replace,
                         NAME is rewritten with seed S (another ETag and date) at the first cut; answers
                         {"sha256": hex of the new content} or {}
    /control/hold?key=K  holds the responses to requests carrying key=K after their first 64 KiB, until
    /control/release?key=K
                         (at most 120 s): a download that is surely still running
    /control/log?key=K   the requests carrying key=K: [{"range": …, "ifRange": …, "status": n}]

Every response is sent with `Connection: close`.
"""

import hashlib
import json
import os
import random
import shutil
import socket
import sys
import tempfile
import threading
import time
import urllib.parse

from loopback import exit_with_parent
from nginx_server import configuration, launch

SERVER = """
    default_type application/octet-stream;
    server {{
        listen 127.0.0.1:{port};
        location /files/ {{ alias {root}/; }}
        location /no-ranges/ {{ alias {root}/; max_ranges 0; }}
        location /dated/ {{ alias {root}/; etag off; }}
    }}
"""

lock = threading.Lock()
drops = {}  # key -> [offsets], ascending
replacements = {}  # key -> (name, seed)
logs = {}  # key -> [entries]
holds = {}  # key -> Event, set on release


def write_file(root, name, size, seed, age):
    """Writes seeded random bytes to root/name, dated `age` seconds ago; returns their sha256."""
    data = random.Random(seed).randbytes(size)
    path = os.path.join(root, os.path.basename(name))
    with open(path + ".new", "wb") as file:
        file.write(data)
    dated = time.time() - age
    os.utime(path + ".new", (dated, dated))
    os.replace(path + ".new", path)
    return hashlib.sha256(data).hexdigest()


def read_head(connection):
    """Reads up to the blank line; returns the head's bytes and what came after it."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return None, b""
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    return head, rest


def answer(connection, status, body):
    data = json.dumps(body).encode()
    connection.sendall(
        b"HTTP/1.1 %d OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
        % (status, len(data)) + data)


def control(connection, path, params, root):
    if path == "/control/create":
        digest = write_file(root, params["name"], int(params["size"]), int(params["seed"]), 3600)
        answer(connection, 200, {"sha256": digest})
    elif path == "/control/drops":
        key = params["key"]
        with lock:
            drops[key] = sorted(int(offset) for offset in params["at"].split(",") if offset)
            if "replace" in params:
                replacements[key] = (params["replace"], int(params["seed"]))
        if "replace" in params:
            size = os.path.getsize(os.path.join(root, os.path.basename(params["replace"])))
            data = random.Random(int(params["seed"])).randbytes(size)
            answer(connection, 200, {"sha256": hashlib.sha256(data).hexdigest()})
        else:
            answer(connection, 200, {})
    elif path == "/control/hold":
        with lock:
            holds[params["key"]] = threading.Event()
        answer(connection, 200, {})
    elif path == "/control/release":
        with lock:
            held = holds.pop(params["key"], None)
        if held is not None:
            held.set()
        answer(connection, 200, {})
    elif path == "/control/log":
        with lock:
            answer(connection, 200, logs.get(params.get("key", ""), []))
    else:
        answer(connection, 404, {"error": "no such control"})


def handle(client, upstream, root):
    try:
        forward(client, upstream, root)
    except OSError:
        pass  # the client went away (a cancelled download)


def forward(client, upstream, root):
    with client:
        head, rest = read_head(client)
        if head is None:
            return
        lines = head.decode("latin-1").split("\r\n")
        target = lines[0].split(" ")[1]
        path, _, query = target.partition("?")
        params = dict(urllib.parse.parse_qsl(query))
        if path.startswith("/control/"):
            control(client, path, params, root)
            return
        key = params.get("key", "")
        fields = {}
        kept = [lines[0]]
        for line in lines[1:]:
            name, _, value = line.partition(":")
            fields[name.strip().lower()] = value.strip()
            if name.strip().lower() not in ("connection", "keep-alive"):
                kept.append(line)
        kept.append("Connection: close")
        entry = {"range": fields.get("range"), "ifRange": fields.get("if-range"), "status": None}
        with lock:
            logs.setdefault(key, []).append(entry)
        with socket.create_connection(("127.0.0.1", upstream)) as server:
            server.sendall("\r\n".join(kept).encode("latin-1") + b"\r\n\r\n" + rest)
            response, body = read_head(server)
            if response is None:
                return
            status_line, *response_lines = response.decode("latin-1").split("\r\n")
            status = int(status_line.split(" ")[1])
            start = 0
            for line in response_lines:
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-range" and value.strip().startswith("bytes "):
                    first = value.strip()[6:].split("-")[0]
                    start = int(first) if first.isdigit() else 0
            with lock:
                entry["status"] = status
            client.sendall(response + b"\r\n\r\n")
            offset = start
            while True:
                if not body:
                    body = server.recv(65536)
                    if not body:
                        return
                with lock:
                    pending = [cut for cut in drops.get(key, []) if cut > start]
                    cut = pending[0] if pending else None
                    hold = holds.get(key)
                if hold is not None and offset - start >= 65536:
                    hold.wait(120)
                if cut is not None and offset + len(body) >= cut:
                    client.sendall(body[: cut - offset])
                    with lock:
                        drops[key].remove(cut)
                        replacement = replacements.pop(key, None)
                    if replacement is not None:
                        size = os.path.getsize(os.path.join(root, os.path.basename(replacement[0])))
                        write_file(root, replacement[0], size, replacement[1], 1800)
                    client.shutdown(socket.SHUT_RDWR)
                    return
                client.sendall(body)
                offset += len(body)
                body = b""


def main():
    prefix = tempfile.mkdtemp(prefix="queryrequest-ranges-")
    root = os.path.join(prefix, "root")
    os.makedirs(root)
    process, nginx_port = launch(
        lambda port: configuration(prefix, SERVER.format(port=port, root=root)), prefix)

    def stop():
        process.kill()
        shutil.rmtree(prefix, ignore_errors=True)

    exit_with_parent(on_exit=stop)
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print(listener.getsockname()[1], flush=True)
    while True:
        client, _ = listener.accept()
        thread = threading.Thread(target=handle, args=(client, nginx_port, root), daemon=True)
        thread.start()


main()
