"""A bare Flask app under the same waitress as ``referee serve``: the ceiling of the stack on this machine.

    python bench/bare.py PORT THREADS CONNECTION_LIMIT

Every path answers as little as it can: a write 201, a version poll 304 when the phone holds a version
(200 otherwise), any other page "ok". The many-tables and phones benchmarks send it the same load.
"""

from __future__ import annotations

import logging
import sys

from flask import Flask, request
from waitress import serve

app = Flask("bare")


@app.route("/<path:path>", methods=["GET", "POST"])
def anything(path: str) -> tuple[str | dict[str, int], int]:
    if request.method == "POST":
        return "ok", 201
    if path.endswith("/version"):
        return ("", 304) if request.headers.get("If-None-Match") else ({"version": 0}, 200)
    return "ok", 200


@app.get("/")
def trivial() -> str:
    return "ok"


if __name__ == "__main__":
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    port, threads, connections = map(int, sys.argv[1:4])
    serve(app, host="127.0.0.1", port=port, threads=threads, connection_limit=connections, asyncore_use_poll=True)
