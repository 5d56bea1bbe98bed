"""A watcher's poll, answered before Flask sees it.

Most of a table's requests are its watchers asking every few seconds whether the game moved
(``GET /g/<id>/version``, revalidated with the version they hold as ``If-None-Match``). When it has
not, the answer is a 304 without a body, and nothing of the app's work applies to it: no session,
no CSRF, no language, no compression, not even a request context. So it is answered here, a small
WSGI middleware in front of the app that reads the game's version (one indexed SELECT on the
serving thread's connection) and answers 304 when the phone already holds it.

When it has moved, a watcher's phone (one that sends no cookie: its session could be refreshed or
adopted by the app's hooks) gets the new version here too, the app's very answer (a small JSON body,
``{"version": N}``, uncompressed as the app leaves anything under 500 bytes): three of a table's
minute's requests, each a fifth of a page's cost through Flask. Anything else (a phone with cookies
whose game moved, an unknown game, a database fault) goes on to the app, whose ``share.version``
answers it in full (tests/test_polls.py checks both give the same answers).

Why a middleware rather than a ``before_request`` returning early: Flask would still push a request
context, open the session, pick the language and run every after-request hook (compression and
headers) on the answer; in front of it, a poll costs about what a bare Flask route does.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from flask import Flask
from flask.json.provider import DefaultJSONProvider
from werkzeug.http import http_date, parse_etags, quote_etag

from .. import db

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

_POLL = re.compile(r"/g/([A-Za-z0-9_-]{1,64})/version")
# What the app's own answer varies on (the language, the compression, the session): a 304 says the same.
_VARY = "Accept-Language, Accept-Encoding, Cookie"


class UnchangedPolls:
    """``wsgi_app`` with the watchers' polls answered in front of it (``headers``: the app's security headers)."""

    def __init__(self, app: Flask, wsgi_app: WSGIApplication, headers: Mapping[str, str]):
        self.app = app
        self.wsgi_app = wsgi_app
        self.headers = [("Cache-Control", "no-cache"), *headers.items(), ("Vary", _VARY)]

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        held = environ.get("HTTP_IF_NONE_MATCH")
        cookies = environ.get("HTTP_COOKIE")
        if (held or not cookies) and environ.get("REQUEST_METHOD") == "GET":
            poll = _POLL.fullmatch(environ.get("PATH_INFO", ""))
            version = None if poll is None else stored_version(self.app, poll.group(1))
            if version is not None:
                tag = quote_etag(str(version))
                if held and parse_etags(held).contains_weak(str(version)):
                    start_response("304 Not Modified", [("ETag", tag), *self.headers])
                    return []
                if not cookies and self._compact_json():
                    body = b'{"version":%d}\n' % version  # what the app's jsonify writes
                    start_response("200 OK", [*self._json_headers(body, tag), *self.headers])
                    return [body]
        return self.wsgi_app(environ, start_response)

    def _compact_json(self) -> bool:
        """Whether the app's ``jsonify`` writes ``{"version":N}`` so (Flask's default, but in debug mode)."""
        provider = self.app.json
        return isinstance(provider, DefaultJSONProvider) and not (
            provider.compact is False or (provider.compact is None and self.app.debug)
        )

    @staticmethod
    def _json_headers(body: bytes, tag: str) -> list[tuple[str, str]]:
        """The headers the app's JSON answer has before the ones a 304 shares with it (its ``Date`` too)."""
        return [
            ("Content-Type", "application/json"),
            ("Content-Length", str(len(body))),
            ("ETag", tag),
            ("Date", http_date()),
        ]


def stored_version(app: Flask, game_id: str) -> int | None:
    """The game's version, or None (no such game, or the database failed: the app answers that)."""
    try:
        row = db.thread_connection(app).execute("select version from games where id = ?", [game_id]).fetchone()
    except sqlite3.Error:
        return None
    return None if row is None else int(row[0])
