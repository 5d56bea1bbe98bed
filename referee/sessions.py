"""Flask's signed cookie sessions, the same cookies, with their checking kept rather than done again.

A scorer's phone sends its session cookie (its CSRF token) with every page and every round form. Flask
makes a new signing serializer for each request (some 15 µs) and checks the cookie's signature and
decodes it again (some 70 µs), a fifth of a bare route's time. Here the serializer is made once per
secret, and a cookie already checked is known by its exact text: its signature is checked once, its
age every time, and its contents are read again from what was kept (a session of its own each time).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature, URLSafeTimedSerializer

if TYPE_CHECKING:
    from flask import Flask, Request

# Cookies kept once checked (each some 200 bytes): a club's phones; cleared when full.
_COOKIES_KEPT = 8192


class KeptSigningSessions(SecureCookieSessionInterface):
    def __init__(self) -> None:
        self._serializers: dict[tuple[Any, ...], URLSafeTimedSerializer] = {}
        # A cookie whose signature was checked -> (when it was signed, its contents as the serializer writes them).
        self._opened: dict[str, tuple[int, str]] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        secrets = (app.secret_key, *(app.config["SECRET_KEY_FALLBACKS"] or ()))
        made = self._serializers.get(secrets)
        if made is None:
            made = super().get_signing_serializer(app)
            if made is None:
                return None
            self._serializers = {secrets: made}  # one app, one secret: a new one replaces the old
            self._opened = {}  # and what the old ones checked may not pass under the new
        return made

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        signing = self.get_signing_serializer(app)
        if signing is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        kept = self._opened.get(value)
        if kept is not None and 0 <= int(time.time()) - kept[0] <= max_age:
            return self.session_class(self.serializer.loads(kept[1]))
        try:
            data, signed = signing.loads(value, max_age=max_age, return_timestamp=True)
        except BadSignature:
            return self.session_class()
        _keep(self._opened, value, (int(signed.timestamp()), self.serializer.dumps(data)))
        return self.session_class(data)


def _keep(kept: dict[Any, Any], key: Any, value: Any) -> None:
    if len(kept) >= _COOKIES_KEPT:
        kept.clear()
    kept[key] = value
