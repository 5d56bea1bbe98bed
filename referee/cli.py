"""The ``referee`` command: ``referee serve`` and ``referee init-db``.

``referee serve`` runs the app under granian (WSGI): HTTP is parsed and connections are held in Rust,
outside the GIL, so the one Python process spends its core on the app's pages (bench/club.py's many
tables: a bare Flask app held 3,000 at a p99 of 24 ms under granian, 173 ms under waitress). Two
processes: granian's supervisor, which builds no app, and one serving process that builds it and
serves it.

This module imports nothing of referee at its top: bench/bare.py serves a bare Flask app with
:func:`serve_wsgi` from a virtual environment that has only Flask and granian.
"""

from __future__ import annotations

import argparse
import functools
import gc
import logging
import os
import resource
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

# granian's blocking threads: the WSGI calls served at once in the serving process (requests beyond
# them wait their turn in granian, not in the kernel). 16 held the most tables (bench/club.py, 2 cores,
# runs in turns): 1,500 at a p99 of 61-72 ms, where 8 threads went to 148-211 ms (8 answer 1,000 tables
# sooner: p99 16-17 ms against 38-61) and 32 kept writes waiting longer (2,000 tables: writes' p99 958 ms,
# 281 ms with 8). A write waiting for the database's lock (up to WRITE_WAIT_SECONDS) keeps its thread:
# with 16, six phones saving at once behind a long write still leave ten threads for the pages, the API
# and the watchers' polls (tests/test_serving.py).
SERVING_THREADS = 16
# Phones that connect directly (``make run HOST=0.0.0.0``) each keep a connection open between polls.
# granian holds them in Rust at the cost of a socket each; this many are served at once (its
# backpressure), more wait in the listen backlog until one closes. The open-file limit is raised to
# fit them (:func:`_room_for`).
CONNECTION_LIMIT = 2000
FILES_BESIDE_CONNECTIONS = 64  # the database, the log, templates and static files read on demand
# Connections the kernel keeps waiting to be accepted (capped by net.core.somaxconn): a thousand
# phones reconnecting at once after the Wi-Fi came back.
BACKLOG = 2048
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends
# The serving process's garbage collector: its full collection, which walks every object the caches keep,
# comes after this many collections of the middle generation (Python's 10). At 1,500 tables the caches hold
# some 440,000 objects, a full collection stops every thread for 200-320 ms, and Python's thresholds ran
# four in three table-minutes (in-process): bench/club.py's levels broke their p99 on such pauses. With
# 1,000, some every 8 minutes at that load (the middle generation is collected about twice a second);
# cyclic garbage that outlived the young generations waits that long to be freed.
FULL_COLLECTION_AFTER = 1000

WSGIApp = Callable[..., Any]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="referee", description="Score keeper and referee for card games.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser(
        "serve",
        help="serve the app with granian",
        description="Serve the app with granian (WSGI): its supervisor and one serving process, whose "
        "threads run the app while granian holds the connections.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="interface to listen on (default: %(default)s)")
    serve.add_argument("--port", type=int, default=5000, help="port to listen on; 0: any free (default: %(default)s)")
    serve.add_argument(
        "--threads",
        type=int,
        default=SERVING_THREADS,
        help="requests the app serves at once: granian's blocking threads (default: %(default)s)",
    )
    serve.add_argument(
        "--connection-limit",
        type=int,
        default=CONNECTION_LIMIT,
        help="connections served at once, phones between polls included; more wait to be accepted "
        "(the open-file limit is raised to fit them) (default: %(default)s)",
    )
    commands.add_parser("init-db", help="create the database or apply any pending migrations")
    args = parser.parse_args(argv)

    if args.command == "serve":
        serve_wsgi(_referee_app, args.host, args.port, args.threads, args.connection_limit)
        return 0
    from . import create_app
    from .db import init_db

    app = create_app()
    with app.app_context():
        print(f"Database ready: {init_db()}")
    return 0


def _referee_app() -> WSGIApp:
    """The app, built in the serving process as ``create_app()`` builds it: its settings from the
    instance folder and the environment; the database created or migrated as it starts."""
    from . import create_app

    return create_app()


def serve_wsgi(
    load_app: Callable[[], WSGIApp], host: str, port: int, threads: int, connections: int, workers: int = 1
) -> None:
    """Serve the app ``load_app`` builds (in each serving process) until Ctrl-C or SIGTERM; says
    "Serving on http://HOST:PORT" once a request would be answered."""
    from granian.constants import Interfaces
    from granian.log import LogLevels
    from granian.server import MPServer

    address, port = _free_address(host, port)
    connections = _room_for(connections)
    server = MPServer(
        "app",  # a name for granian's log: the app is built by load_app, not imported from a module
        address=address,
        port=port,
        interface=Interfaces.WSGI,
        workers=workers,
        blocking_threads=threads,
        backlog=BACKLOG,
        backpressure=connections,
        websockets=False,
        # Its errors only: its warning that threads outnumber the cores is this choice (a thread waiting
        # for the database's lock uses no core).
        log_level=LogLevels.error,
    )
    ready = functools.partial(_serving, load_app, host, address, port, os.getpid())
    server.serve(target_loader=ready, wrap_loader=False)


def _free_address(host: str, port: int) -> tuple[str, int]:
    """The address ``host`` names (granian takes addresses, not names) and ``port`` (any free one for 0),
    if nothing listens there yet; else the error binding it raises.

    granian's serving process binds with SO_REUSEPORT, so a second server on the same port would share
    its connections with the first instead of failing: this bind (as any server's, without it) fails.
    """
    family, kind, _, _, where = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    with socket.socket(family, kind) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past the last run's closing connections
        probe.bind(where)
        address, bound = probe.getsockname()[:2]
        return str(address), int(bound)


def _serving(load_app: Callable[[], WSGIApp], host: str, address: str, port: int, supervisor: int) -> WSGIApp:
    """In the serving process: the app, and the line that says it is served once granian listens."""
    # Ctrl-C in a terminal signals its whole process group: granian's serving process, told to stop by
    # the terminal (SIGINT) and then by its supervisor (SIGTERM), hung once it had served a request
    # (granian 2.8.9). In a group of its own, it is told by its supervisor only.
    os.setpgid(0, 0)
    if sys.platform == "linux":
        import ctypes

        # Never an orphan holding the port and the database: the serving process ends with granian's
        # supervisor (granian does not watch it), at once, as if both had been killed together.
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != supervisor:  # it died before the line above
            raise SystemExit("granian's supervisor has gone")
    app = load_app()
    collect_fully_less_often()
    threading.Thread(target=_say_when_listening, args=(host, address, port), daemon=True).start()
    return on_one_core(app)


def on_one_core(app: WSGIApp) -> WSGIApp:
    """The app, run by every serving thread on the same core (the last this process may use), each thread
    keeping to it from its first request on; granian's own threads, which hold the connections, run anywhere.

    Only the thread holding the GIL runs Python, so the app never had more than a core. Spread over the
    cores, the serving threads took the GIL from one another across them, each request's objects read
    again from the other core's cache: on two cores, a game's cached JSON through Flask cost the serving
    process 490-515 µs of CPU a request, 270-285 µs with its threads on one core, and bench/club.py's
    table-minute 16-18 ms, 13-15 ms (the same runs, in turns)."""
    if not hasattr(os, "sched_setaffinity"):
        return app
    core = {max(os.sched_getaffinity(0))}
    placed = threading.local()

    def on_core(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if not getattr(placed, "done", False):
            os.sched_setaffinity(0, core)  # 0: this thread
            placed.done = True
        return app(environ, start_response)

    return on_core


def collect_fully_less_often() -> None:
    """The garbage collector's full collection made rarer (:data:`FULL_COLLECTION_AFTER`), the others as they are."""
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_AFTER)


def _say_when_listening(host: str, address: str, port: int) -> None:
    """Print where the app is served once the port takes connections (granian binds it in the serving
    process once the app is built): a script waiting for the line may send its request at once."""
    wildcard = address in ("0.0.0.0", "::")
    reachable = ("::1" if ":" in address else "127.0.0.1") if wildcard else address
    while True:
        try:
            socket.create_connection((reachable, port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.01)
    shown = f"[{host}]" if ":" in host else host
    print(f"Serving on http://{shown}:{port}", flush=True)


def _room_for(connections: int) -> int:
    """The connections this process can hold: the open-file limit raised to fit them if the system
    allows, else as many as it allows (said in the log). The serving process inherits the limit."""
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
