"""The app under granian on 127.0.0.1, as ``referee serve`` serves it, for the load benchmark: says
"Serving on http://127.0.0.1:PORT" once it answers, then serves.

    python bench/serve.py DATABASE THREADS [PROCESSES]

With PROCESSES above 1, granian runs that many serving processes on the same port, each with its own
app and THREADS threads (one Python process uses one core at most, whatever its threads). The
benchmark stops the whole process group.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterable

from flask import Flask

from referee import create_app
from referee.cli import serve_wsgi

CONNECTIONS = 200  # the load's connections and more


def bench_app(database: str) -> Flask:
    # The load creates a game every 20 rounds from one address: no limit on creating games here.
    app = create_app({"DATABASE": database, "SECRET_KEY": "bench-load", "CREATE_LIMIT": "off"})

    @app.get("/_bench/trivial")
    def trivial() -> str:
        """The same trivial route as the in-process benchmark: the ceiling of this stack."""
        return "ok"

    return app


def serving_port(lines: Iterable[str]) -> int:
    """The port of the "Serving on" line among what the server prints (read until it comes)."""
    for line in lines:
        found = re.search(r"Serving on http://127\.0\.0\.1:(\d+)", line)
        if found:
            return int(found.group(1))
    raise RuntimeError("the server ended before it served")


def main() -> None:
    database, threads = sys.argv[1], int(sys.argv[2])
    processes = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    # Migrate once, before the serving processes start: processes migrating a new file at the same time
    # collide ("database is locked"); a deployment runs `referee init-db` first for the same reason.
    bench_app(database)
    serve_wsgi(functools.partial(bench_app, database), "127.0.0.1", 0, threads, CONNECTIONS, workers=processes)


if __name__ == "__main__":
    main()
