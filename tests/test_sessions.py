"""The session cookies, read once checked (referee/sessions.py): the same cookies as Flask's own, and a
cookie kept is still refused once too old, a forged one is never kept."""

from __future__ import annotations

import time

import pytest
from flask import Flask, session
from flask.sessions import SecureCookieSessionInterface

from referee.sessions import KeptSigningSessions


@pytest.fixture
def sessions_app(app: Flask) -> Flask:
    @app.get("/_test/session/<word>")
    def keep(word: str) -> str:
        session["word"] = word
        return "kept"

    @app.get("/_test/session")
    def read() -> str:
        session.setdefault("read", []).append(1)  # changed in place: the next request's session is its own
        return f"{session.get('word')} {len(session['read'])}"

    return app


def session_cookie(app: Flask, word: str) -> str:
    client = app.test_client()
    client.get(f"/_test/session/{word}")
    cookie = client.get_cookie("session")
    assert cookie is not None
    return cookie.value


def read_with(app: Flask, cookie: str) -> str:
    client = app.test_client()
    client.set_cookie("session", cookie)
    return client.get("/_test/session").get_data(as_text=True)


def test_the_app_reads_its_sessions_once_checked_and_writes_flasks_own_cookies(sessions_app: Flask) -> None:
    assert isinstance(sessions_app.session_interface, KeptSigningSessions)
    cookie = session_cookie(sessions_app, "pique")
    for _ in range(2):  # the second time from what was kept, and as the first
        assert read_with(sessions_app, cookie) == "pique 1"
    sessions_app.session_interface = SecureCookieSessionInterface()  # Flask's own reads the same cookie
    assert read_with(sessions_app, cookie) == "pique 1"
    flasks = session_cookie(sessions_app, "coeur")
    sessions_app.session_interface = KeptSigningSessions()
    assert read_with(sessions_app, flasks) == "coeur 1"


def test_a_kept_cookie_too_old_and_a_forged_one_open_an_empty_session(
    sessions_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    cookie = session_cookie(sessions_app, "trefle")
    assert read_with(sessions_app, cookie) == "trefle 1"
    payload, stamp, signature = cookie.split(".")
    forged = f"{payload}.{stamp}.{signature[:-2]}AA"
    assert read_with(sessions_app, forged) == "None 1"
    assert read_with(sessions_app, forged) == "None 1"
    lifetime = sessions_app.permanent_session_lifetime.total_seconds()
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + lifetime + 2)
    assert read_with(sessions_app, cookie) == "None 1"


def test_a_kept_cookie_is_refused_once_the_secret_it_was_signed_with_is_no_longer_the_apps(
    sessions_app: Flask,
) -> None:
    cookie = session_cookie(sessions_app, "carreau")
    assert read_with(sessions_app, cookie) == "carreau 1"  # now kept as checked
    signed_with = sessions_app.secret_key
    sessions_app.secret_key = "another secret"
    assert read_with(sessions_app, cookie) == "None 1"
    sessions_app.config["SECRET_KEY_FALLBACKS"] = [signed_with]  # the old secret still read, as Flask's own does
    assert read_with(sessions_app, cookie) == "carreau 1"
