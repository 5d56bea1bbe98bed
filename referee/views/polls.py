"""A watcher's poll of an unchanged game, answered before Flask sees it.

Most of a table's requests are its watchers asking every few seconds whether the game moved
(``GET /g/<id>/version``, revalidated with the version they hold as ``If-None-Match``). When it has
not, the answer is a 304 without a body, and nothing of the app's work applies to it: no session,
no CSRF, no language, no compression, not even a request context. So it is answered here, a small
WSGI middleware in front of the app that reads the game's version (one indexed SELECT on the
serving thread's connection) and answers 304 when the phone already holds it. Anything else (a
changed version, an unknown game, a database fault, no ``If-None-Match``) goes on to the app,
whose ``share.version`` answers it in full (tests/test_polls.py checks both give the same 304).

Why a middleware rather than a ``before_request`` returning early: Flask would still push a request
context, open the session, pick the language and run every after-request hook (compression and
headers) on the 304; in front of it, an unchanged poll costs about what a bare Flask route does.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from flask import Flask
from werkzeug.http import parse_etags, quote_etag

from .. import db

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

_POLL = re.compile(r"/g/([A-Za-z0-9_-]{1,64})/version")
# What the app's own answer varies on (the language, the compression, the session): a 304 says the same.
_VARY = "Accept-Language, Accept-Encoding, Cookie"


class UnchangedPolls:
    """``wsgi_app`` with the unchanged polls answered in front of it (``headers``: the app's security headers)."""

    def __init__(self, app: Flask, wsgi_app: WSGIApplication, headers: Mapping[str, str]):
        self.app = app
        self.wsgi_app = wsgi_app
        self.headers = [("Cache-Control", "no-cache"), *headers.items(), ("Vary", _VARY)]

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        held = environ.get("HTTP_IF_NONE_MATCH")
        if held and environ.get("REQUEST_METHOD") == "GET":
            poll = _POLL.fullmatch(environ.get("PATH_INFO", ""))
            version = None if poll is None else self._version(poll.group(1))
            if version is not None and parse_etags(held).contains_weak(str(version)):
                start_response("304 Not Modified", [("ETag", quote_etag(str(version))), *self.headers])
                return []
        return self.wsgi_app(environ, start_response)

    def _version(self, game_id: str) -> int | None:
        """The game's version, or None (no such game, or the database failed: the app answers that)."""
        try:
            row = db.thread_connection(self.app).execute("select version from games where id = ?", [game_id]).fetchone()
        except sqlite3.Error:
            return None
        return None if row is None else int(row[0])
