"""The ``referee`` command: ``referee serve`` and ``referee init-db``."""

from __future__ import annotations

import argparse
import logging
import resource
from collections.abc import Sequence

# Waitress's threads (its default is 4). A write waiting for the database's lock (up to
# WRITE_WAIT_SECONDS) keeps its thread: with 16, six phones saving at once behind a long write still
# leave ten threads for the pages, the API and the watchers' polls (tests/test_serving.py).
SERVING_THREADS = 16
# Phones that connect directly (``make run HOST=0.0.0.0``) each keep a connection open between polls:
# waitress's default of 100 left the 101st phone unanswered until one closed. A connection held open
# costs a socket and little memory; the open-file limit is raised to fit (:func:`_room_for`).
CONNECTION_LIMIT = 2000
FILES_BESIDE_CONNECTIONS = 64  # the database, the log, templates and static files read on demand


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="referee", description="Score keeper and referee for card games.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the app with waitress")
    serve.add_argument("--host", default="127.0.0.1", help="interface to listen on (default: %(default)s)")
    serve.add_argument("--port", type=int, default=5000, help="port to listen on (default: %(default)s)")
    serve.add_argument(
        "--threads", type=int, default=SERVING_THREADS, help="requests served at once (default: %(default)s)"
    )
    serve.add_argument(
        "--connection-limit",
        type=int,
        default=CONNECTION_LIMIT,
        help="connections held open at once, phones between polls included (default: %(default)s)",
    )
    commands.add_parser("init-db", help="create the database or apply any pending migrations")
    args = parser.parse_args(argv)

    from . import create_app
    from .db import init_db

    app = create_app()
    if args.command == "init-db":
        with app.app_context():
            print(f"Database ready: {init_db()}")
        return 0
    from waitress import serve as waitress_serve

    waitress_logger = logging.getLogger("waitress")
    if waitress_logger.level == logging.NOTSET:  # as waitress-serve does: show "Serving on http://..."
        waitress_logger.setLevel(logging.INFO)
    # waitress clears X-Forwarded-* unless told to keep them: behind TRUSTED_PROXIES proxies, the app's
    # ProxyFix reads them (as many hops as the setting says); with none, a phone cannot send them itself.
    behind_proxies = int(app.config.get("TRUSTED_PROXIES", 0)) > 0
    waitress_serve(
        app,
        host=args.host,
        port=args.port,
        threads=args.threads,
        connection_limit=_room_for(args.connection_limit),
        # poll(), not select(): select() fails on a descriptor past 1,023 ("filedescriptor out of range"),
        # and a thousand phones' connections with the threads' database files go past it (bench/club.py).
        asyncore_use_poll=True,
        clear_untrusted_proxy_headers=not behind_proxies,
    )
    return 0


def _room_for(connections: int) -> int:
    """The connections this process can hold: the open-file limit raised to fit them if the system
    allows, else as many as it allows (said in the log)."""
    wanted = connections + FILES_BESIDE_CONNECTIONS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return connections
    fitting = max(soft - FILES_BESIDE_CONNECTIONS, 1)
    logging.getLogger("referee").warning(
        "The open-file limit (%s) holds %s connections, not %s: raise it (ulimit -n) to serve more phones.",
        soft,
        fitting,
        connections,
    )
    return fitting


if __name__ == "__main__":
    raise SystemExit(main())
