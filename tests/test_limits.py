"""The create limit covers every way to make a game or a book, one count per client (an IPv6 /64 as one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

from referee import create_app
from referee.limits import client
from tests.conftest import Api, dump_database


def limited(tmp_path: Path, limit: str) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "limits.sqlite3"),
            "SECRET_KEY": "limits",
            "WTF_CSRF_ENABLED": False,
            "CREATE_LIMIT": limit,
        }
    )


def at(address: str) -> dict[str, Any]:
    return {"environ_base": {"REMOTE_ADDR": address}}


def rows(app: Flask, table: str) -> int:
    return len(dict(dump_database(app))[table])


def test_a_rematch_counts_as_a_new_game(tmp_path: Path) -> None:
    """Twenty rematches went through past a 429: a rematch was never counted."""
    app = limited(tmp_path, "3 per hour")
    phone = app.test_client()
    api = Api(phone)
    game_id = api.create("points", ["Ann", "Bob"], {"rounds": 1, "target": None}).json["id"]  # 1
    assert api.add(game_id, {"points": {"Ann": 1, "Bob": 2}}).status_code == 201
    assert phone.post(f"/g/{game_id}/join/{api.keys[game_id]}").status_code == 303  # 2: the phone's book
    assert phone.post(f"/g/{game_id}/rematch").status_code == 303  # 3: the rematch
    games = rows(app, "games")
    refused = phone.post(f"/g/{game_id}/rematch")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert rows(app, "games") == games


def test_joining_without_cookies_makes_books_only_up_to_the_limit(tmp_path: Path) -> None:
    """A join link posted without cookies made a book each time: 200 requests, 200 rows."""
    app = limited(tmp_path, "5 per hour")
    api = Api(app.test_client())
    game_id = api.create("hearts", ["Ann", "Bob", "Cid"]).json["id"]  # from 127.0.0.1
    join = f"/g/{game_id}/join/{api.keys[game_id]}"
    statuses = [app.test_client().post(join, **at("198.51.100.7")).status_code for _ in range(8)]
    assert statuses == [303] * 5 + [429] * 3
    assert rows(app, "books") == 5


def test_books_and_games_share_one_count(tmp_path: Path) -> None:
    app = limited(tmp_path, "2 per hour")
    phone = app.test_client()
    assert phone.post("/api/v1/books", json={}).status_code == 201
    assert phone.post("/api/v1/games", json={"game": "hearts", "players": ["A", "B", "C"]}).status_code == 201
    assert phone.post("/api/v1/books", json={}).status_code == 429
    assert phone.post("/api/v1/games", json={"game": "hearts", "players": ["A", "B", "C"]}).status_code == 429


def test_an_ipv6_slash_64_is_one_client(tmp_path: Path) -> None:
    """Ten addresses of one /64 had ten times the limit."""
    app = limited(tmp_path, "1 per hour")
    phone = app.test_client()

    def book(address: str) -> int:
        return phone.post("/api/v1/books", json={}, **at(address)).status_code

    assert [book("2001:db8:1:2::1"), book("2001:db8:1:2:ffff::9"), book("2001:db8:1:3::1")] == [201, 429, 201]


def test_who_a_creation_counts_for(app: Flask) -> None:
    expected = {
        "192.0.2.5": "192.0.2.5",
        "2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
        "::ffff:192.0.2.5": "192.0.2.5",
        "not an address": "not an address",
    }
    for address, counted in expected.items():
        with app.test_request_context(environ_base={"REMOTE_ADDR": address}):
            assert client() == counted
