"""A watcher's poll of an unchanged game: a 304 answered before the app, as the app itself answers it."""

from __future__ import annotations

from flask import Flask
from werkzeug.test import Client

from tests.conftest import Api
from tests.test_hardening import FOUR, ROUND_A


def game_at_version_one(app: Flask) -> str:
    api = Api(app.test_client())
    game_id = api.create("hearts", FOUR).json["id"]
    assert api.add(game_id, ROUND_A).status_code == 201
    return game_id


def test_an_unchanged_poll_is_answered_304_without_the_apps_hooks_and_as_the_app_answers_it(app: Flask) -> None:
    seen: list[str] = []
    app.before_request(lambda: seen.append("before"))
    app.after_request(lambda response: seen.append("after") or response)
    game_id = game_at_version_one(app)
    seen.clear()
    client = app.test_client()
    poll = client.get(f"/g/{game_id}/version", headers={"If-None-Match": '"1"'})
    assert (poll.status_code, poll.data, seen) == (304, b"", [])
    assert "Set-Cookie" not in poll.headers
    # The app's own answer to the same request (without the middleware in front): the same 304.
    by_the_app = Client(app.wsgi_app.wsgi_app).get(  # type: ignore[attr-defined]
        f"/g/{game_id}/version", headers={"If-None-Match": '"1"'}
    )
    assert seen == ["before", "after"]
    assert by_the_app.status_code == 304
    assert sorted((name, value) for name, value in poll.headers.items() if name != "Date") == sorted(
        (name, value) for name, value in by_the_app.headers.items() if name != "Date"
    )


def test_a_weak_or_listed_etag_of_the_version_is_unchanged_too(app: Flask) -> None:
    game_id = game_at_version_one(app)
    client = app.test_client()
    for held in ('W/"1"', '"0", "1"', "*"):
        assert client.get(f"/g/{game_id}/version", headers={"If-None-Match": held}).status_code == 304, held


def test_a_moved_game_is_answered_before_the_apps_hooks_to_a_phone_without_cookies_as_the_app_answers_it(
    app: Flask,
) -> None:
    seen: list[str] = []
    app.before_request(lambda: seen.append("before"))
    game_id = game_at_version_one(app)
    by_the_app = Client(app.wsgi_app.wsgi_app)  # type: ignore[attr-defined]
    for held in ({"If-None-Match": '"0"'}, {}):
        seen.clear()
        poll = app.test_client().get(f"/g/{game_id}/version", headers=held)
        assert (poll.status_code, poll.data, seen) == (200, b'{"version":1}\n', []), held
        apps = by_the_app.get(f"/g/{game_id}/version", headers=held)
        assert seen == ["before"]
        assert (apps.status_code, apps.data) == (200, poll.data)
        assert sorted((name, value) for name, value in poll.headers.items() if name != "Date") == sorted(
            (name, value) for name, value in apps.headers.items() if name != "Date"
        )
        assert "Date" in poll.headers


def test_every_other_poll_goes_to_the_app(app: Flask) -> None:
    seen: list[str] = []
    app.before_request(lambda: seen.append("before"))
    game_id = game_at_version_one(app)
    client = app.test_client()
    with_a_cookie = app.test_client()
    with_a_cookie.set_cookie("lang", "fr")
    asked = {
        "an older version, with a cookie": (with_a_cookie, f"/g/{game_id}/version", {"If-None-Match": '"0"'}, 200),
        "no version held, with a cookie": (with_a_cookie, f"/g/{game_id}/version", {}, 200),
        "no such game": (client, "/g/no-such-game/version", {"If-None-Match": '"1"'}, 404),
        "no such game, no version held": (client, "/g/no-such-game/version", {}, 404),
        "another page": (client, f"/g/{game_id}", {"If-None-Match": '"1"'}, 200),
    }
    for what, (phone, path, headers, status) in asked.items():
        seen.clear()
        answer = phone.get(path, headers=headers)
        assert (answer.status_code, seen) == (status, ["before"]), what
    assert with_a_cookie.get(f"/g/{game_id}/version").json == {"version": 1}


def test_in_debug_mode_a_moved_game_is_the_apps_answer(app: Flask) -> None:
    """There the app's JSON is indented: the answer is the app's own."""
    game_id = game_at_version_one(app)
    app.debug = True
    poll = app.test_client().get(f"/g/{game_id}/version")
    assert (poll.status_code, poll.json) == (200, {"version": 1})
    assert poll.data != b'{"version":1}\n'
