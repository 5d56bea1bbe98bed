"""A watcher's table page at a version the app already answered, answered again before Flask sees it.

Three phones watch a table, and each reloads its page when the game moves: the first one's page is the
app's (made, or taken from the pages kept, and compressed), the two others ask for the very same bytes.
Through Flask each costs what any page costs, its request context, session, language and every hook
(some 0.4 ms, three bare routes). Here the app's whole answer to a phone without cookies (its status,
headers and body) is kept by the game's version and what the answer varies on (its ``Vary``: the
languages and codings the phone accepts), and the next such phone gets it as it is, its ``Date`` made
anew, once one indexed SELECT has found the game still at that version. Only what no HTTP cache would
tell apart is kept: the game's table page the app said it keeps for that version (``same_body_as``,
never one with a phone's own CSRF token or flashed message), a 200 without ``Set-Cookie``, varying on
nothing else; a request with cookies, a query, or a condition (``If-…``, ``Range``) goes to the app.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import Flask
from werkzeug.http import http_date, parse_set_header

from ..cache import GameCache
from ..delivery import BODY_IDENTITY
from .polls import stored_version

if TYPE_CHECKING:
    from _typeshed import OptExcInfo
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

_PAGE = re.compile(r"/g/([A-Za-z0-9_-]{1,64})")
# What a kept answer may vary on (its Vary header): the ones the key holds, and cookies, which none was sent.
_VARIES_ON = frozenset(("accept-language", "accept-encoding", "cookie"))
# What the app's answer is made of besides the game's version, the path and the headers it varies on: where
# the phone reached it (a link on the page could say so).
_WHERE = ("SCRIPT_NAME", "HTTP_HOST", "wsgi.url_scheme", "HTTP_X_FORWARDED_HOST", "HTTP_X_FORWARDED_PROTO")
_CONDITIONS = (
    "HTTP_IF_NONE_MATCH",
    "HTTP_IF_MATCH",
    "HTTP_IF_MODIFIED_SINCE",
    "HTTP_IF_UNMODIFIED_SINCE",
    "HTTP_RANGE",
)
# Bounded by size: the bytes of the answers kept, a watcher's page of 4,000 tables (ACTIVE_GAMES) some 4 KB
# each compressed, and their newest versions only (a write replaces its game's).
_KEPT_BYTES = 32 * 1024 * 1024


@dataclass(frozen=True)
class Answer:
    status: str
    headers: list[tuple[str, str]]  # without its Date
    body: bytes


class KeptPages:
    """``wsgi_app`` with the table pages it answered to phones without cookies answered again in front of it."""

    def __init__(self, app: Flask, wsgi_app: WSGIApplication):
        self.app = app
        self.wsgi_app = wsgi_app
        self.answers: GameCache[Answer] = GameCache(_KEPT_BYTES, weigh=lambda answer: len(answer.body))

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        page = _PAGE.fullmatch(environ.get("PATH_INFO", ""))
        if page is None or not self._keepable(environ):
            return self.wsgi_app(environ, start_response)
        game_id = page.group(1)
        variant = (
            environ.get("HTTP_ACCEPT_LANGUAGE"),
            environ.get("HTTP_ACCEPT_ENCODING"),
            *(environ.get(name) for name in _WHERE),
        )
        version = stored_version(self.app, game_id)
        kept = None if version is None else self.answers.get(game_id, version, variant)
        if kept is not None:
            start_response(kept.status, [*kept.headers, ("Date", http_date())])
            return [kept.body]
        answered: list[tuple[str, list[tuple[str, str]]]] = []

        def answering(status: str, headers: list[tuple[str, str]], exc_info: OptExcInfo | None = None) -> Any:
            answered.append((status, headers))
            return start_response(status, headers, exc_info)

        body = self.wsgi_app(environ, answering)
        identity = str(environ.get(BODY_IDENTITY, "")).split("|")
        if len(identity) < 3 or identity[:2] != ["table", game_id] or not identity[2].isdigit() or not answered:
            return body
        status, headers = answered[-1]
        if not shared(status, headers):
            return body
        try:
            data = b"".join(body)
        finally:
            if hasattr(body, "close"):
                body.close()
        undated = [(name, value) for name, value in headers if name.lower() != "date"]
        self.answers.put(game_id, int(identity[2]), Answer(status, undated, data), variant)
        return [data]

    def _keepable(self, environ: WSGIEnvironment) -> bool:
        """A GET of the page as any watcher's phone asks it: no cookie, no query, no condition (not in debug
        mode, where templates change while the app runs)."""
        return (
            environ.get("REQUEST_METHOD") == "GET"
            and not environ.get("HTTP_COOKIE")
            and not environ.get("QUERY_STRING")
            and not any(environ.get(name) for name in _CONDITIONS)
            and not self.app.debug
        )


def shared(status: str, headers: list[tuple[str, str]]) -> bool:
    """Whether an answer is the same for every phone that sends the headers it varies on."""
    named = {name.lower(): value for name, value in headers}
    cache_control = parse_set_header(named.get("cache-control", "").lower())
    varies_on = {part.lower() for part in parse_set_header(named.get("vary", ""))}
    return (
        status.startswith("200 ")
        and "set-cookie" not in named
        and "no-store" not in cache_control
        and "private" not in cache_control
        and varies_on <= _VARIES_ON
    )
