"""httpbin (https://pypi.org/project/httpbin/, the server Alamofire's own suite runs against) on a free port of
127.0.0.1, under Werkzeug's threaded WSGI server: a real server nobody here wrote, for redirects, cookies and
authentication challenges. Prints its port on the first line of stdout; ends with its parent.

`.ci/run` installs httpbin; on a developer's machine, `pip install httpbin` (the tests that need it say so).
"""

import logging

from loopback import exit_with_parent

import httpbin
from werkzeug.serving import make_server

exit_with_parent()
logging.getLogger("werkzeug").setLevel(logging.ERROR)
server = make_server("127.0.0.1", 0, httpbin.app, threaded=True)
print(server.server_port, flush=True)
server.serve_forever()
