"""A bare Flask app under the same server as ``referee serve`` (granian, with its options): the ceiling of
the stack on this machine.

    python bench/bare.py PORT THREADS CONNECTION_LIMIT

Every path answers as little as it can: a write 201, a version poll 304 when the phone holds a version
(200 otherwise), any other page "ok". The many-tables and phones benchmarks send it the same load.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from flask import Flask, request

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


def bare_app() -> Flask:
    return app


if __name__ == "__main__":
    port, threads, connections = map(int, sys.argv[1:4])
    # referee/cli.py read from its file, not imported with the package: the cold start's bare environment
    # has Flask and granian, not referee's dependencies (cli.py imports none of them at its top).
    spec = importlib.util.spec_from_file_location("referee_cli", Path(__file__).resolve().parents[1] / "referee/cli.py")
    assert spec is not None and spec.loader is not None
    cli = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cli)
    cli.serve_wsgi(bare_app, "127.0.0.1", port, threads, connections)
