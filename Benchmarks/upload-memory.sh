#!/usr/bin/env bash
# Uploads a file of SIZE (default 1G) as a streamed request body (RequestBody.file) to a Python server on
# 127.0.0.1 that reads and discards it, and checks that the Swift process's peak resident memory stays under
# LIMIT_MIB (default 64). The file is sparse: it takes no disk space, and reading it costs no disk time.
# With STREAM=1, the body is made by an AsyncSequence instead (RequestBody.stream, 64 KiB chunks, its length
# declared); the sparse file then only gives the size. Either body must arrive framed by its Content-Length, never
# chunked (issue 24).
#   [STREAM=1] Benchmarks/upload-memory.sh [SIZE] [LIMIT_MIB]
set -euo pipefail
cd "$(dirname "$0")/.."
size="${1:-1G}"
limit="${2:-64}"
work="$(mktemp -d)"
trap 'kill -9 "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
truncate -s "$size" "$work/upload.bin"
python3 -c '
import http.server, signal, sys
signal.pthread_sigmask(signal.SIG_SETMASK, [])
class Sink(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args): pass
    def do_PUT(self):
        total = 0
        chunked = self.headers.get("Transfer-Encoding", "").lower() == "chunked"
        if chunked:
            while True:
                n = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if n == 0:
                    self.rfile.readline()
                    break
                while n:
                    piece = self.rfile.read(min(n, 1 << 20)); n -= len(piece); total += len(piece)
                self.rfile.readline()
        else:
            n = int(self.headers.get("Content-Length", "0"))
            while n:
                piece = self.rfile.read(min(n, 1 << 20)); n -= len(piece); total += len(piece)
        body = ("%d %s" % (total, "chunked" if chunked else "length")).encode()
        self.send_response(200); self.send_header("Content-Length", str(len(body))); self.end_headers()
        self.wfile.write(body)
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Sink)
print(server.server_address[1], flush=True)
server.serve_forever()
' >"$work/port" &
server=$!
disown "$server"  # no "Killed" report from the shell when the trap stops it
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
port="$(head -1 "$work/port")"
swift build -c release --product Benchmarks >/dev/null
if [ "${STREAM:-0}" = 1 ]; then
    line="$(.build/release/Benchmarks --upload-stream "$(stat -c %s "$work/upload.bin")" "http://127.0.0.1:$port")"
else
    line="$(.build/release/Benchmarks --upload "$work/upload.bin" "http://127.0.0.1:$port")"
fi
echo "$line"
peak="$(echo "$line" | sed -E 's/.*peak resident memory ([0-9.]+) MiB/\1/')"
awk -v peak="$peak" -v limit="$limit" 'BEGIN { exit !(peak < limit) }' || {
    echo "error: peak resident memory $peak MiB is not under $limit MiB" >&2
    exit 1
}
echo "peak resident memory $peak MiB < $limit MiB"
