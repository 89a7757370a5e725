"""What every loopback test server in this folder shares: signals that behave, and serving on 127.0.0.1.

A server script ends with `serve(Handler)`. It listens on a free port of 127.0.0.1, prints the port on its
first line (the Swift tests read it), and serves each request on a thread of its own until it is killed.
"""

import signal
from http.server import ThreadingHTTPServer

# Foundation.Process on Linux starts children with the parent thread's signal mask
# (swift-corelibs-foundation#4772); unblock everything so that signals behave normally.
signal.pthread_sigmask(signal.SIG_SETMASK, [])


def serve(handler_class):
    """Serves `handler_class` on a free port of 127.0.0.1, printing the port first, until killed."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler_class)
    # Threads of requests still running (an endless stream) must not keep the process alive.
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
