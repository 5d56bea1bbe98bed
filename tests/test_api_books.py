"""Books and change logs through the JSON API: create a book, file games in it with their keys, read it back."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.store import history
from tests.conftest import Api, dump_database

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
HAND = {"hearts": {"Alice": 2, "Bruno": 4, "Chloé": 0, "Denis": 7}, "queen": "Bruno"}


def new_book(client: FlaskClient) -> dict[str, str]:
    response = client.post("/api/v1/books", json={})
    assert response.status_code == 201
    return response.json


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def file(client: FlaskClient, book: dict[str, str], body: Any, key: str | None = None) -> Any:
    return client.post(f"/api/v1/books/{book['id']}/games", json=body, headers=bearer(key or book["key"]))


def errors(response: Any) -> list[tuple[str, str]]:
    return [(error["field"], error["message"]) for error in response.json["errors"]]


def test_a_new_book_has_an_unguessable_id_and_key_and_only_its_hash_is_kept(app: Flask, client: FlaskClient) -> None:
    books = [new_book(client) for _ in range(5)]
    for book in books:
        assert set(book) == {"id", "key"}
        assert re.fullmatch(r"[A-Za-z0-9_-]{22}", book["id"]) and re.fullmatch(r"[A-Za-z0-9_-]{32}", book["key"])
    assert len({book["id"] for book in books}) == len({book["key"] for book in books}) == 5
    dumped = json.dumps(dump_database(app))
    assert not any(book["key"] in dumped for book in books)
    # Any body is ignored, even one that is not JSON.
    assert client.post("/api/v1/books", data="{nope", content_type="application/json").status_code == 201


def test_a_game_joins_a_book_with_its_key_and_the_key_is_kept_sealed(app: Flask, client: FlaskClient, api: Api) -> None:
    game_id = api.create("hearts", FOUR).json["id"]
    book = new_book(client)
    joined = file(client, book, {"id": game_id, "key": api.keys[game_id]})
    assert joined.status_code == 201
    assert joined.json == {
        "id": game_id,
        "game": "hearts",
        "players": FOUR,
        "status": "playing",
        "winners": [],
        "leaders": [],
        "rounds": 0,
        "created": joined.json["created"],
        "updated": joined.json["updated"],
    }
    before = dump_database(app)
    again = file(client, book, {"id": game_id, "key": api.keys[game_id]})
    assert again.status_code == 200 and again.json == joined.json
    assert dump_database(app) == before
    # Neither the book's key nor the game's is stored as such.
    dumped = json.dumps(dump_database(app))
    assert book["key"] not in dumped and api.keys[game_id] not in dumped


@pytest.mark.parametrize(
    ("headers", "status", "message"),
    [
        ({}, 401, "This needs the book's key."),
        ({"Authorization": "Bearer "}, 401, "This needs the book's key."),
        ({"Authorization": "Basic x"}, 401, "This needs the book's key."),
        ({"Authorization": "Bearer not-the-key"}, 403, "This key does not open this book."),
    ],
)
def test_the_book_key_is_required(
    app: Flask, client: FlaskClient, api: Api, headers: dict[str, str], status: int, message: str
) -> None:
    game_id = api.create("hearts", FOUR).json["id"]
    book = new_book(client)
    other = new_book(client)
    before = dump_database(app)
    body = {"id": game_id, "key": api.keys[game_id]}
    for response in (
        client.post(f"/api/v1/books/{book['id']}/games", json=body, headers=headers),
        client.get(f"/api/v1/books/{book['id']}", headers=headers),
    ):
        assert response.status_code == status
        assert errors(response) == [("request", message)]
    # Another book's key opens nothing here.
    assert file(client, book, body, key=other["key"]).status_code == 403
    assert client.get(f"/api/v1/books/{book['id']}", headers=bearer(other["key"])).status_code == 403
    assert dump_database(app) == before


def test_an_unknown_book_is_a_404_before_the_key(client: FlaskClient) -> None:
    for headers in ({}, bearer("anything")):
        for response in (
            client.post("/api/v1/books/nope/games", json={}, headers=headers),
            client.get("/api/v1/books/nope", headers=headers),
        ):
            assert response.status_code == 404
            assert errors(response) == [("id", "No such book.")]


@pytest.mark.parametrize(
    ("body", "status", "expected"),
    [
        ({"id": "nope", "key": "x"}, 404, [("id", "No such game or round.")]),
        ({"key": "x"}, 422, [("id", "Give the game's id as text.")]),
        ({"id": "x", "key": 3}, 422, [("key", "Give the game's key as text.")]),
        ({"id": "x", "key": "y", "extra": 1}, 422, [("extra", "Unknown field extra.")]),
        ([1, 2], 422, [("body", "The body must be a JSON object.")]),
    ],
)
def test_bad_bodies_are_refused(app: Flask, client: FlaskClient, body: Any, status: int, expected: list[Any]) -> None:
    book = new_book(client)
    before = dump_database(app)
    response = file(client, book, body)
    assert response.status_code == status
    assert errors(response) == expected
    assert dump_database(app) == before


def test_a_wrong_game_key_is_a_403_and_files_nothing(app: Flask, client: FlaskClient, api: Api) -> None:
    game_id = api.create("hearts", FOUR).json["id"]
    other = api.create("hearts", FOUR).json["id"]
    book = new_book(client)
    before = dump_database(app)
    for key in (api.keys[other], api.keys[game_id][:-1], book["key"]):
        response = file(client, book, {"id": game_id, "key": key})
        assert response.status_code == 403
        assert errors(response)[0][0] == "key"
    malformed = client.post(
        f"/api/v1/books/{book['id']}/games", data="{", content_type="application/json", headers=bearer(book["key"])
    )
    assert malformed.status_code == 400
    assert dump_database(app) == before
    assert client.get(f"/api/v1/books/{book['id']}", headers=bearer(book["key"])).json["games"] == []


def test_the_book_lists_its_games_newest_first_with_their_players_records(client: FlaskClient, api: Api) -> None:
    book = new_book(client)
    made = []
    for _ in range(3):
        game_id = api.create("hearts", FOUR, {"hands": 1}).json["id"]
        made.append(game_id)
        assert file(client, book, {"id": game_id, "key": api.keys[game_id]}).status_code == 201
    assert api.add(made[0], HAND).status_code == 201  # finished: Chloé wins with 0
    under_way = api.create("points", ["Alice", "Zoé"]).json["id"]
    assert api.add(under_way, {"points": {"Alice": 5, "Zoé": 5}}).status_code == 201
    assert file(client, book, {"id": under_way, "key": api.keys[under_way]}).status_code == 201
    response = client.get(f"/api/v1/books/{book['id']}", headers=bearer(book["key"]))
    assert response.status_code == 200
    answer = response.json
    assert answer["id"] == book["id"]
    games = answer["games"]
    assert sorted(game["id"] for game in games) == sorted([*made, under_way])
    order = [(game["updated"], game["created"]) for game in games]
    assert order == sorted(order, reverse=True)
    by_id = {game["id"]: game for game in games}
    assert by_id[made[0]]["status"] == "finished" and by_id[made[0]]["winners"] == ["Chloé"]
    assert by_id[made[0]]["rounds"] == 1 and by_id[made[0]]["leaders"] == []
    assert by_id[made[1]]["status"] == "playing" and by_id[made[1]]["winners"] == [] and by_id[made[1]]["leaders"] == []
    assert by_id[under_way]["leaders"] == ["Alice", "Zoé"]
    assert set(games[0]) == {"id", "game", "players", "status", "winners", "leaders", "rounds", "created", "updated"}
    players = answer["players"]  # the two Hearts games without a round are not played yet
    assert players["Chloé"] == {
        "played": 1,
        "won": 1,
        "by_game": {"hearts": {"played": 1, "won": 1, "moons": 0, "queens": 0, "average": 0.0}},
    }
    assert players["Bruno"]["by_game"]["hearts"] == {"played": 1, "won": 0, "moons": 0, "queens": 1, "average": 17.0}
    assert players["Alice"] == {
        "played": 2,
        "won": 0,
        "by_game": {
            "hearts": {"played": 1, "won": 0, "moons": 0, "queens": 0, "average": 2.0},
            "points": {"played": 1, "won": 0, "average": 5.0},
        },
    }
    assert players["Zoé"] == {"played": 1, "won": 0, "by_game": {"points": {"played": 1, "won": 0, "average": 5.0}}}


def test_the_change_log_as_json(client: FlaskClient, api: Api) -> None:
    game_id = api.create("hearts", FOUR).json["id"]
    assert api.add(game_id, HAND).status_code == 201
    assert api.put(game_id, 1, {"points": {"Alice": 26, "Bruno": 0, "Chloé": 0, "Denis": 0}}).status_code == 200
    assert api.delete(game_id, 1).status_code == 200
    response = client.get(f"/api/v1/games/{game_id}/changes")
    assert response.status_code == 200
    changes = response.json["changes"]
    assert response.json["id"] == game_id
    assert [(change["action"], change["round"], change["book"]) for change in changes] == [
        ("add", 1, None),
        ("edit", 1, None),
        ("undo", 1, None),
    ]
    assert changes[1]["before"] == {
        "input": HAND,
        "scores": {"Alice": 2, "Bruno": 17, "Chloé": 0, "Denis": 7},
        "events": [],
    }
    assert changes[1]["after"] == {
        "input": {"points": {"Alice": 26, "Bruno": 0, "Chloé": 0, "Denis": 0}},
        "scores": {"Alice": 0, "Bruno": 26, "Chloé": 26, "Denis": 26},
        "events": ["moon:Alice"],
    }
    assert changes[2]["before"]["events"] == ["moon:Alice"] and changes[2]["after"] is None
    assert response.json["older"] is None
    assert client.get("/api/v1/games/nope/changes").status_code == 404
    assert errors(client.get("/api/v1/games/nope/changes")) == [("id", "No such game or round.")]


def test_the_change_log_as_json_comes_a_page_at_a_time(
    client: FlaskClient, api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history, "CHANGES_PER_PAGE", 2)
    game_id = api.create("hearts", FOUR).json["id"]
    for _ in range(3):
        assert api.add(game_id, HAND).status_code == 201
    assert api.put(game_id, 2, {"points": {"Alice": 26, "Bruno": 0, "Chloé": 0, "Denis": 0}}).status_code == 200
    assert api.delete(game_id, 3).status_code == 200
    pages = []
    path: str | None = f"/api/v1/games/{game_id}/changes"
    while path is not None:
        answer = client.get(path).json
        pages.append([(change["action"], change["round"]) for change in answer["changes"]])
        path = answer["older"]
    assert pages == [[("edit", 2), ("undo", 3)], [("add", 2), ("add", 3)], [("add", 1)]]
    before_third = client.get(f"/api/v1/games/{game_id}/changes?before=3").json
    assert [(change["action"], change["round"]) for change in before_third["changes"]] == [("add", 1), ("add", 2)]
    assert before_third["older"] is None
    for before in ("0", "-1", "abc", "²", "9" * 5000, ""):
        refused = client.get(f"/api/v1/games/{game_id}/changes", query_string={"before": before})
        assert refused.status_code == 422
        assert errors(refused) == [("before", "before must be a change's place in the log: a whole number from 1.")]


def test_an_imported_game_logs_its_rounds_as_imported(client: FlaskClient, api: Api) -> None:
    game_id = api.create("points", ["Ann", "Bob"]).json["id"]
    for points in ({"Ann": 3, "Bob": 1}, {"Ann": 0, "Bob": 9}):
        assert api.add(game_id, {"points": points}).status_code == 201
    exported = client.get(f"/g/{game_id}/export.json").json
    imported = client.post("/api/v1/games/import", json=exported)
    assert imported.status_code == 201
    changes = client.get(f"/api/v1/games/{imported.json['id']}/changes").json["changes"]
    assert [(change["action"], change["round"]) for change in changes] == [("import", 1), ("import", 2)]
    assert changes[1]["after"]["scores"] == {"Ann": 0, "Bob": 9}
