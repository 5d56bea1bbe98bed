"""The app under waitress on 127.0.0.1, for the load benchmark: prints its port, then serves.

    python bench/serve.py DATABASE THREADS [PROCESSES]

With PROCESSES above 1, the listening socket is opened once and the process forks: every process
serves the same socket with its own app and THREADS threads (one Python process uses one core at
most, whatever its threads). The benchmark stops the whole process group.
"""

from __future__ import annotations

import logging
import os
import socket
import sys

from waitress.server import create_server

from referee import create_app


def serve(database: str, threads: int, listener: socket.socket) -> None:
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # "task queue depth" is expected under load
    # The load creates a game every 20 rounds from one address: no limit on creating games here.
    app = create_app({"DATABASE": database, "SECRET_KEY": "bench-load", "CREATE_LIMIT": "off"})

    @app.get("/_bench/trivial")
    def trivial() -> str:
        """The same trivial route as the in-process benchmark: the ceiling of this stack."""
        return "ok"

    create_server(app, sockets=[listener], threads=threads, connection_limit=200).run()


def main() -> None:
    database, threads = sys.argv[1], int(sys.argv[2])
    processes = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)
    listener.setblocking(False)
    # Migrate once, before forking: processes migrating a new file at the same time collide
    # ("database is locked"); a deployment runs `flask init-db` first for the same reason.
    create_app({"DATABASE": database, "SECRET_KEY": "bench-load", "CREATE_LIMIT": "off"})
    print(listener.getsockname()[1], flush=True)
    for _ in range(processes - 1):
        if os.fork() == 0:
            break
    serve(database, threads, listener)


if __name__ == "__main__":
    main()
