#!/usr/bin/env python3
"""Replays Fio banka's API answers, as the bank documents them, on 127.0.0.1 for
FioDownloadTests: `replay.py STATEMENT.json LOG`. Prints the port it listens on, then
answers `GET /periods/{token}/{from}/{to}/transactions.json` by the token:

    good-*     200, the statement file
    busy-*     409 (the 30-second rule)
    bad-*      500, a body that repeats the token (it must never reach the user)
    cut-*      200, the statement cut in half (a well-formed answer, a broken statement)
    drop-*     200, announces the whole statement, sends half and closes

Each request's path is appended to LOG. It stops after 20 requests or 60 s idle, so
that a test that dies never leaves it running.
"""

import http.server
import socketserver
import sys

STATEMENT = open(sys.argv[1], "rb").read()
LOG = sys.argv[2]


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass  # the path holds the token: nothing on stderr

    def answer(self, status, body, length=None):
        self.send_response(status)
        self.send_header("Content-Type", "application/json;charset=UTF-8")
        self.send_header("Content-Length", str(len(body) if length is None else length))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def do_GET(self):
        with open(LOG, "a") as log:
            log.write(self.path + "\n")
        parts = self.path.split("/")
        token = parts[2] if len(parts) > 2 and parts[1] == "periods" else ""
        if token.startswith("good-"):
            self.answer(200, STATEMENT)
        elif token.startswith("busy-"):
            self.answer(409, b"")
        elif token.startswith("bad-"):
            self.answer(500, ("<html><body>Internal Server Error: token %s unknown</body></html>" % token).encode())
        elif token.startswith("cut-"):
            self.answer(200, STATEMENT[: len(STATEMENT) // 2])
        elif token.startswith("drop-"):
            self.answer(200, STATEMENT[: len(STATEMENT) // 2], length=len(STATEMENT))
            self.close_connection = True
        else:
            self.answer(404, b"")


class Server(socketserver.TCPServer):
    allow_reuse_address = True
    timeout = 60
    idle = False

    def handle_timeout(self):
        self.idle = True


with Server(("127.0.0.1", 0), Handler) as server:
    print(server.server_address[1], flush=True)
    for _ in range(20):
        server.handle_request()
        if server.idle:
            break
