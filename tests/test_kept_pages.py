"""A watcher's table page at a version the app answered, answered again in front of it (referee/views/kept_pages.py):
the app's very answer, and only where no phone could tell the difference."""

from __future__ import annotations

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from bench.games import FOUR, hearts_round
from referee.views import kept_pages
from tests.conftest import Api


@pytest.fixture
def seen(app: Flask) -> list[str]:
    """The requests the app itself answered (its hooks ran)."""
    requests: list[str] = []
    app.before_request(lambda: requests.append("app"))
    return requests


def hearts_game(app: Flask) -> tuple[Api, str]:
    api = Api(app.test_client())
    game_id = api.create("hearts", FOUR).json["id"]
    assert api.add(game_id, hearts_round(1)).status_code == 201
    return api, game_id


def watch(app: Flask, path: str, **headers: str) -> TestResponse:
    """A watcher's phone of its own (no cookie)."""
    return app.test_client().get(path, headers=headers)


def undated(answer: TestResponse) -> list[tuple[str, str]]:
    return [(name, value) for name, value in answer.headers.items() if name != "Date"]


@pytest.mark.parametrize("accepted", [{}, {"Accept-Encoding": "gzip, br"}, {"Accept-Language": "fr"}])
def test_a_watchers_page_asked_again_is_the_apps_answer_without_the_app(
    app: Flask, seen: list[str], accepted: dict[str, str]
) -> None:
    _api, game_id = hearts_game(app)
    seen.clear()
    first = watch(app, f"/g/{game_id}", **accepted)
    again = watch(app, f"/g/{game_id}", **accepted)
    assert seen == ["app"]
    assert (again.status_code, again.data, undated(again)) == (first.status_code, first.data, undated(first))
    assert "Date" in again.headers


def test_each_language_and_coding_has_its_own_answer_and_a_write_a_new_one(app: Flask, seen: list[str]) -> None:
    api, game_id = hearts_game(app)
    page = f"/g/{game_id}"
    english, french = watch(app, page), watch(app, page, **{"Accept-Language": "fr"})
    packed = watch(app, page, **{"Accept-Encoding": "br"})
    assert len({english.data, french.data, packed.data}) == 3
    assert packed.headers["Content-Encoding"] == "br"
    assert api.add(game_id, hearts_round(2)).status_code == 201
    seen.clear()
    moved = watch(app, page)
    assert seen == ["app"]
    assert moved.data != english.data
    assert watch(app, page).data == moved.data
    assert seen == ["app"]


@pytest.mark.parametrize(
    "asked",
    [
        {"query_string": "x=1"},
        {"headers": {"If-None-Match": '"1"'}},
        {"headers": {"Range": "bytes=0-10"}},
        {"headers": {"If-Modified-Since": "Sun, 29 Nov 2026 18:00:00 GMT"}},
    ],
)
def test_a_query_or_a_condition_goes_to_the_app(app: Flask, seen: list[str], asked: dict[str, object]) -> None:
    _api, game_id = hearts_game(app)
    watch(app, f"/g/{game_id}")
    seen.clear()
    assert app.test_client().get(f"/g/{game_id}", **asked).status_code == 200  # type: ignore[arg-type]
    assert seen == ["app"]


def test_a_phone_with_cookies_gets_the_apps_answer(app: Flask, seen: list[str]) -> None:
    api, game_id = hearts_game(app)
    watch(app, f"/g/{game_id}")
    seen.clear()
    phone = app.test_client()
    phone.set_cookie("lang", "fr")
    assert 'lang="fr"' in phone.get(f"/g/{game_id}").get_data(as_text=True)
    assert seen == ["app"]
    scorer = app.test_client()
    assert scorer.post(f"/g/{game_id}/join/{api.keys[game_id]}").status_code == 303  # its book holds the key
    seen.clear()
    for _ in range(2):
        assert scorer.get(f"/g/{game_id}").status_code == 200
    assert seen == ["app", "app"]


def test_in_debug_mode_every_page_is_the_apps(app: Flask, seen: list[str]) -> None:
    _api, game_id = hearts_game(app)
    app.debug = True
    seen.clear()
    for _ in range(2):
        watch(app, f"/g/{game_id}")
    assert seen == ["app", "app"]


@pytest.mark.parametrize(
    ("status", "headers", "kept"),
    [
        ("200 OK", [("Vary", "Accept-Language, Accept-Encoding, Cookie")], True),
        ("200 OK", [], True),
        ("200 OK", [("Set-Cookie", "session=x")], False),
        ("200 OK", [("Vary", "Accept-Encoding, User-Agent")], False),
        ("200 OK", [("Cache-Control", "no-store")], False),
        ("200 OK", [("Cache-Control", "private, max-age=60")], False),
        ("404 NOT FOUND", [], False),
    ],
)
def test_only_an_answer_every_such_phone_would_get_is_kept(
    status: str, headers: list[tuple[str, str]], kept: bool
) -> None:
    assert kept_pages.shared(status, headers) is kept
