"""What every loopback test server in this folder shares: signals that behave, serving on 127.0.0.1, and
ending with the test process that started it.

A server script ends with `serve(Handler)`. It listens on a free port of 127.0.0.1, prints the port on its
first line (the Swift tests read it), and serves each request on a thread of its own until it is killed or its
parent process ends.
"""

import os
import signal
import threading
import time
from http.server import ThreadingHTTPServer

# Foundation.Process on Linux starts children with the parent thread's signal mask
# (swift-corelibs-foundation#4772); unblock everything so that signals behave normally.
signal.pthread_sigmask(signal.SIG_SETMASK, [])


def exit_with_parent(on_exit=None):
    """Ends this process (after `on_exit`, if given) as soon as the process that started it is gone.

    A test process that crashes or is killed cannot stop its servers; without this they would outlive it and
    pile up over many runs. An orphan is adopted by another process, so a changed parent id means the parent
    has ended. The test process passes its id in QUERY_TEST_PARENT_PID, so that a parent that ended before
    this line ran is noticed too.
    """
    parent = int(os.environ.get("QUERY_TEST_PARENT_PID", os.getppid()))

    def watch():
        while os.getppid() == parent:
            time.sleep(0.2)
        if on_exit is not None:
            on_exit()
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def serve(handler_class):
    """Serves `handler_class` on a free port of 127.0.0.1, printing the port first, until killed."""
    exit_with_parent()
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler_class)
    # Threads of requests still running (an endless stream) must not keep the process alive.
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
