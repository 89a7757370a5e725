#!/usr/bin/env bash
# Servers under load (issue 25, item 3): wrk against a Vapor app and a Hummingbird app whose routes decode the
# typical query (GET) and the same fields as a form body (POST), through our integration ("ours") and through
# the framework's own URLEncodedFormDecoder ("theirs"). Rounds interleave every route, alternating which of
# ours and theirs goes first, so that a slow spell of the shared machine falls on both alike.
# Usage: Benchmarks/ServerLoad/run.sh [ROUNDS] [SECONDS] [CONNECTIONS]   (needs wrk, curl; builds in release)
set -euo pipefail
cd "$(dirname "$0")"
rounds="${1:-5}"
seconds="${2:-5}"
connections="${3:-32}"
command -v wrk >/dev/null || { echo "wrk is missing (Debian: apt-get install wrk)" >&2; exit 1; }

swift build -c release >/dev/null
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do timeout 10 tail --pid="$pid" -f /dev/null 2>/dev/null || kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

declare -A ports=([vapor]=18181 [hummingbird]=18182)
"$bin/VaporLoadServer" "${ports[vapor]}" >"$work/vapor.log" 2>&1 &
pids+=($!)
"$bin/HummingbirdLoadServer" "${ports[hummingbird]}" >"$work/hummingbird.log" 2>&1 &
pids+=($!)

# The typical query in the frameworks' array form; the body is the same text.
form='totalLimit=48&offset=0&pageLimit=6&age=30&type%5B%5D=day&type%5B%5D=month&type%5B%5D=year'
form+='&field%5B%5D=image&field%5B%5D=text&device_id=aaaaaaaaaaaaaa&keyword=swift%20%26%20co%20%2B%20caf%C3%A9'
expected='48 0 6 30 day,month,year image,text aaaaaaaaaaaaaa swift & co + café'
cat >"$work/post.lua" <<LUA
wrk.method = "POST"
wrk.body = "$form"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
LUA

for server in vapor hummingbird; do
    for attempt in $(seq 100); do
        curl -s -o /dev/null "http://127.0.0.1:${ports[$server]}/ours?$form" && break
        [ "$attempt" = 100 ] && { echo "$server did not start:" >&2; cat "$work/$server.log" >&2; exit 1; }
        sleep 0.1
    done
    # Every route must answer the same decoded value before anything is measured.
    for route in ours theirs; do
        got="$(curl -sf "http://127.0.0.1:${ports[$server]}/$route?$form")"
        [ "$got" = "$expected" ] || { echo "GET $server /$route answered '$got'" >&2; exit 1; }
        got="$(curl -sf -H 'Content-Type: application/x-www-form-urlencoded' --data "$form" \
            "http://127.0.0.1:${ports[$server]}/$route")"
        [ "$got" = "$expected" ] || { echo "POST $server /$route answered '$got'" >&2; exit 1; }
    done
done

# wrk's "99%" latency line in microseconds.
micros() { awk '{ v = $2; u = v; sub(/[0-9.]+/, "", u); sub(/[a-z]+$/, "", v);
    m = (u == "us") ? 1 : (u == "ms") ? 1000 : (u == "s") ? 1000000 : 0; printf "%.0f\n", v * m }'; }
measure() {  # server method route round
    local url="http://127.0.0.1:${ports[$1]}/$3" out
    if [ "$2" = GET ]; then
        out="$(wrk -t1 -c"$connections" -d"${seconds}s" --latency "$url?$form")"
    else
        out="$(wrk -t1 -c"$connections" -d"${seconds}s" --latency -s "$work/post.lua" "$url")"
    fi
    if grep -q "Non-2xx" <<<"$out"; then echo "$1 $2 /$3: non-2xx answers" >&2; echo "$out" >&2; exit 1; fi
    echo "$1 $2 $3 $4 $(awk '/Requests\/sec/ { print $2 }' <<<"$out") $(grep -E '^ +99%' <<<"$out" | micros)" \
        >>"$work/results"
}
for round in $(seq "$rounds"); do
    order=(ours theirs)
    [ $((round % 2)) = 0 ] && order=(theirs ours)
    for server in vapor hummingbird; do
        for method in GET POST; do
            for route in "${order[@]}"; do measure "$server" "$method" "$route" "$round"; done
        done
    done
    echo "round $round of $rounds done" >&2
done

echo "wrk -t1 -c$connections -d${seconds}s, $rounds interleaved rounds; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| Server | Input | Decoder | Requests/s, median (range) | p99, median (range) | ours ÷ theirs, requests/s (range) |"
echo "|---|---|---|---:|---:|---:|"
for server in vapor hummingbird; do
    for method in GET POST; do
        input="query"; [ "$method" = POST ] && input="form body"
        for route in ours theirs; do
            awk -v s="$server" -v m="$method" -v r="$route" -v input="$input" '
                function median(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
                    if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
                    return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
                $1 == s && $2 == m && $3 == r { n++; rps[n] = $5; p99[n] = $6 }
                $1 == s && $2 == m { both[$4, $3] = $5 }
                END {
                    for (k = 1; k <= n; k++) { q[k] = both[k, "ours"] / both[k, "theirs"] }
                    lo = hi = q[1]; for (k = 1; k <= n; k++) { if (q[k] < lo) lo = q[k]; if (q[k] > hi) hi = q[k] }
                    rlo = rhi = rps[1]; plo = phi = p99[1]
                    for (k = 1; k <= n; k++) { if (rps[k] < rlo) rlo = rps[k]; if (rps[k] > rhi) rhi = rps[k]
                        if (p99[k] < plo) plo = p99[k]; if (p99[k] > phi) phi = p99[k] }
                    ratio = (r == "ours") ? sprintf("%.2f× (%.2f–%.2f)", median(q, n), lo, hi) : ""
                    printf "| %s | %s | %s | %.0f (%.0f–%.0f) | %.0f µs (%.0f–%.0f) | %s |\n", s, input, r,
                        median(rps, n), rlo, rhi, median(p99, n), plo, phi, ratio }' "$work/results"
        done
    done
done
