"""nginx (Debian's package) on a free port of 127.0.0.1, in front of another loopback server: a real server
and proxy nobody here wrote, for redirects and authentication challenges as nginx sends them.

    python3 nginx_server.py UPSTREAM_PORT

Prints its port on the first line of stdout once nginx accepts connections; ends with its parent, and nginx
with it. Every path not below is proxied to 127.0.0.1:UPSTREAM_PORT (httpbin, whose /anything echoes the
request as nginx forwarded it):

    /redirect/CODE              CODE (301, 302, 303, 307, 308) to http://localhost:PORT/anything: the same
                                server under another origin
    /redirect-here/CODE         CODE to /anything, which nginx writes as an absolute URL of its own origin
    /several-challenges         401 with two WWW-Authenticate fields (Bearer, then Basic), unless the
                                request's Authorization is "Bearer fresh": then 200
    /digest-challenge           401 with a Digest challenge
    /proxy-challenge            407 with a Basic Proxy-Authenticate challenge

`.ci/run` installs nginx; on a developer's machine, `apt-get install nginx`.
"""

import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from loopback import exit_with_parent

def configuration(prefix, http):
    """A whole configuration for nginx run in the foreground as one process, its files under `prefix`, with
    `http` (settings and server blocks, already formatted) inside its http block."""
    return f"""
daemon off;
master_process off;
worker_processes 1;
error_log {prefix}/error.log warn;
pid {prefix}/nginx.pid;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
{http}
}}
"""


PROXY = """
    client_max_body_size 0;
    server {{
        listen 127.0.0.1:{port};
        default_type application/json;
{redirects}
        location = /several-challenges {{
            if ($http_authorization != "Bearer fresh") {{
                add_header WWW-Authenticate 'Bearer realm="api", error="invalid_token"' always;
                add_header WWW-Authenticate 'Basic realm="api"' always;
                return 401 '{{"error":"unauthorized"}}';
            }}
            return 200 '{{"authorized":true}}';
        }}
        location = /digest-challenge {{
            add_header WWW-Authenticate 'Digest realm="api", qop="auth", nonce="6e6f6e6365", opaque="6f7061717565"' always;
            return 401 '{{"error":"unauthorized"}}';
        }}
        location = /proxy-challenge {{
            add_header Proxy-Authenticate 'Basic realm="proxy"' always;
            return 407 '{{"error":"proxy authentication required"}}';
        }}
        location / {{
            proxy_pass http://127.0.0.1:{upstream};
            proxy_set_header Host $http_host;
        }}
    }}
"""

REDIRECT = """        location = /redirect/{code} {{ return {code} http://localhost:{port}/anything; }}
        location = /redirect-here/{code} {{ return {code} /anything; }}
"""


def nginx_path():
    return shutil.which("nginx") or "/usr/sbin/nginx"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def die_with_this_process():
    """In nginx, before it runs: SIGKILL when this launcher ends (prctl PR_SET_PDEATHSIG), whatever ends it."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGKILL)


def accepts(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def start(config_text, prefix):
    """Starts nginx on a free port with the configuration `config_text(port)` and returns (process, port) once it
    accepts connections; None if it did not."""
    port = free_port()
    for folder in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        os.makedirs(os.path.join(prefix, folder), exist_ok=True)
    config = os.path.join(prefix, "nginx.conf")
    with open(config, "w") as file:
        file.write(config_text(port))
    process = subprocess.Popen(
        [nginx_path(), "-p", prefix, "-c", config], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        preexec_fn=die_with_this_process)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return None  # the port was taken meanwhile, say
        if accepts(port):
            return process, port
        time.sleep(0.02)
    process.kill()
    return None


def launch(config_text, prefix):
    """Starts nginx (five tries at a free port) and returns (process, port); exits with nginx's errors if it
    never started."""
    for _ in range(5):
        started = start(config_text, prefix)
        if started is not None:
            return started
    with open(os.path.join(prefix, "error.log")) as log:
        sys.stderr.write(log.read())
    sys.exit("nginx did not start")


def proxy_config(upstream, prefix):
    """The configuration of nginx in front of 127.0.0.1:`upstream`, for a port."""

    def text(port):
        redirects = "".join(REDIRECT.format(code=code, port=port) for code in (301, 302, 303, 307, 308))
        return configuration(prefix, PROXY.format(port=port, upstream=upstream, redirects=redirects))

    return text


def main():
    upstream = int(sys.argv[1])
    prefix = tempfile.mkdtemp(prefix="queryrequest-nginx-")
    process, port = launch(proxy_config(upstream, prefix), prefix)

    def stop():
        process.kill()
        shutil.rmtree(prefix, ignore_errors=True)

    exit_with_parent(on_exit=stop)
    print(port, flush=True)
    process.wait()
    shutil.rmtree(prefix, ignore_errors=True)


if __name__ == "__main__":
    main()
