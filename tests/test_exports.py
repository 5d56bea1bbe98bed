"""Export a game (JSON, CSV) and import it back as a new game that replays to the same state."""

from __future__ import annotations

import copy
import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.db import connect
from referee.games import GAMES as REGISTERED
from tests.conftest import Api, dump_database
from tests.hearts_examples import H11_BY_SEAT
from tests.test_api_piquet import P9_WINNERS, P10_LATER, announced, by_hands
from tests.test_api_queenie import B_TAKES_ALL, FOUR, Q1, Q3, Q4

PLAYERS = ["Alice", "Bruno", "Chloé", "Denis"]


def hand(hearts: list[int], queen: int, players: list[str] = PLAYERS) -> dict[str, Any]:
    return {"hearts": dict(zip(players, hearts, strict=True)), "queen": players[queen]}


def play(api: Api, game: str, players: list[str], inputs: list[dict[str, Any]], **create: Any) -> str:
    response = api.create(game, players, **create)
    assert response.status_code == 201, response.json
    game_id = response.json["id"]
    for round_input in inputs:
        added = api.add(game_id, round_input)
        assert added.status_code == 201, added.json
    return game_id


def hearts_h11(api: Api) -> str:
    return play(api, "hearts", PLAYERS, [hand(*entry) for entry in H11_BY_SEAT])


def queenie_game(api: Api) -> str:
    inputs = [Q1, B_TAKES_ALL, Q3, B_TAKES_ALL, B_TAKES_ALL, Q3, B_TAKES_ALL, B_TAKES_ALL]
    return play(api, "queenie", FOUR, inputs, dealer="Alice")


def queenie_unfinished(api: Api) -> str:
    return play(api, "queenie", FOUR, [Q3, Q4], options={"start_chips": 30, "rounds": 3}, dealer="Bruno")


def piquet_partie(api: Api) -> str:
    later = [announced(elder, younger, winners) for elder, younger, winners in P10_LATER]
    return play(api, "piquet", ["Ann", "Bob"], [by_hands("P9", trick_winners=P9_WINNERS), *later], dealer="Bob")


def piquet_au_cent(api: Api) -> str:
    return play(
        api, "piquet", ["Ann", "Bob"], [by_hands("P8", trick_winners="EEEEEEEYYYYY")], options={"partie": "cent"}
    )


GAMES = {
    "hearts H11": hearts_h11,
    "queenie, a whole game": queenie_game,
    "queenie, under way": queenie_unfinished,
    "piquet, a Rubicon partie": piquet_partie,
    "piquet au cent, under way": piquet_au_cent,
}


def without_id(state: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in state.items() if name not in ("id", "key")}


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_export_then_import_through_the_api_gives_the_same_game(app: Flask, api: Api, make) -> None:
    game_id = make(api)
    original = api.get(game_id).json
    export = api.client.get(f"/g/{game_id}/export.json")
    assert export.status_code == 200
    assert export.mimetype == "application/json"
    data = export.json
    assert data["format"] == "referee-game" and data["format_version"] == 1
    assert [item["number"] for item in data["rounds"]] == list(range(1, len(original["rounds"]) + 1))
    assert [item["input"] for item in data["rounds"]] == [item["input"] for item in original["rounds"]]

    imported = api.client.post("/api/v1/games/import", data=export.get_data())
    assert imported.status_code == 201, imported.json
    assert imported.json["id"] != game_id
    assert imported.json["key"] and imported.json["key"] != api.keys[game_id]
    assert without_id(imported.json) == without_id(original)
    for part in ("totals", "rounds", "status", "winners", "options", "players", "dealer"):
        assert imported.json[part] == original[part]
    assert imported.json.get("next") == original.get("next")
    assert {name: imported.json.get(name) for name in ("result", "table", "unclaimed")} == {
        name: original.get(name) for name in ("result", "table", "unclaimed")
    }
    # The new game is a game like any other: its key writes, and exporting it again gives the same rounds.
    again = api.client.get(f"/g/{imported.json['id']}/export.json").json
    for name in ("game", "players", "dealer", "options", "rounds"):
        assert again[name] == data[name]


def test_import_from_the_page_creates_a_new_game_this_phone_can_score(app: Flask, api: Api) -> None:
    game_id = hearts_h11(api)
    original = api.get(game_id).json
    exported = api.client.get(f"/g/{game_id}/export.json").get_data()
    phone = app.test_client()
    assert phone.get("/import").status_code == 200
    response = phone.post("/import", data={"file": (io.BytesIO(exported), "game.json")})
    assert response.status_code == 303
    new_id = response.headers["Location"].rsplit("/", 1)[1]
    assert new_id != game_id
    assert without_id(api.get(new_id).json) == without_id(original)
    page = phone.get(f"/g/{new_id}").get_data(as_text=True)
    assert "Game imported as a new game" in page
    assert f'href="/g/{new_id}/undo"' in page  # this phone holds the new game's key
    assert phone.get(f"/g/{game_id}/undo").status_code == 403  # ...and not the original's
    assert new_id in phone.get("/").get_data(as_text=True)  # listed under "Your games"


def test_import_leaves_an_audit_row_per_round(app: Flask, api: Api) -> None:
    game_id = queenie_unfinished(api)
    exported = api.client.get(f"/g/{game_id}/export.json").get_data()
    new_id = api.client.post("/api/v1/games/import", data=exported).json["id"]
    db = connect(app.config["DATABASE"])
    try:
        rows = list(db.query("select number, action, before, after from audit where game_id = ? order by id", [new_id]))
    finally:
        db.close()
    assert [(row["number"], row["action"], row["before"]) for row in rows] == [(1, "import", None), (2, "import", None)]
    assert [json.loads(row["after"]) for row in rows] == [item["input"] for item in api.get(game_id).json["rounds"]]


def test_export_file_names_and_headers(api: Api) -> None:
    game_id = play(api, "hearts", ["Zoë", "Bruno O'Neil", 'Chloé, "C"', "=Denis"], [])
    json_response = api.client.get(f"/g/{game_id}/export.json")
    csv_response = api.client.get(f"/g/{game_id}/export.csv")
    day = json_response.json["created"][:10]
    name = f"hearts-{day}-zoe-bruno-o-neil-chloe-c-denis"
    assert json_response.headers["Content-Disposition"] == f"attachment; filename={name}.json"
    assert csv_response.headers["Content-Disposition"] == f"attachment; filename={name}.csv"
    assert json_response.headers["Content-Type"] == "application/json; charset=utf-8"
    assert csv_response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert api.client.get("/g/nope/export.json").status_code == 404
    assert api.client.get("/g/nope/export.csv").status_code == 404


def test_csv_of_a_small_game_exactly(api: Api) -> None:
    players = ["Zoë", "Bruno O'Neil", 'Chloé, "C"', "=Denis"]
    game_id = play(api, "hearts", players, [hand([2, 4, 0, 7], 1, players), hand([0, 13, 0, 0], 1, players)])
    response = api.client.get(f"/g/{game_id}/export.csv")
    assert response.get_data(as_text=True) == (
        "\ufeff"
        'Round,Zoë,Zoë total,Bruno O\'Neil,Bruno O\'Neil total,"Chloé, ""C""","Chloé, ""C"" total",'
        "'=Denis,'=Denis total,Events\r\n"
        "1,2,2,17,17,0,0,7,7,\r\n"
        "2,26,28,0,17,26,26,26,33,Bruno O'Neil shot the moon\r\n"
    )


def test_csv_in_french_and_with_several_events(api: Api) -> None:
    game_id = play(api, "piquet", ["Ann", "Bob"], [by_hands("P8", trick_winners="EEEEEEEYYYYY")])
    english = api.client.get(f"/g/{game_id}/export.csv").get_data(as_text=True).splitlines()
    assert english[0] == "\ufeffRound,Ann,Ann total,Bob,Bob total,Events"
    assert english[1].startswith("1,")
    assert "; " in english[1]  # several events, each in words
    api.client.set_cookie("lang", "fr")
    french = api.client.get(f"/g/{game_id}/export.csv").get_data(as_text=True).splitlines()
    assert french[0] == "\ufeffManche,Ann,Total Ann,Bob,Total Bob,Événements"


def export_of(api: Api, game_id: str) -> dict[str, Any]:
    return api.client.get(f"/g/{game_id}/export.json").json


def changed(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of the export with one entry (dotted path, list indexes from 0) replaced or, for ..., removed."""
    data = copy.deepcopy(data)
    *parents, last = path.split(".")
    target: Any = data
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    key: Any = int(last) if isinstance(target, list) else last
    if value is ...:
        del target[key]
    else:
        target[key] = value
    return data


# (change or changes to a good Hearts H11 export, every (field, message) of the refusal); ... removes the entry.
REFUSALS = [
    (
        ("format", "something-else"),
        [("format", "This is not a game exported from referee.")],
    ),
    (
        ("format", ...),
        [("format", "This is not a game exported from referee.")],
    ),
    (
        ("format_version", 2),
        [("format_version", "This export is in format version 2; this app reads version 1.")],
    ),
    (
        ("format_version", ...),
        [("format_version", "This export is in format version ?; this app reads version 1.")],
    ),
    (
        ("colour", "blue"),
        [("colour", "Unknown field colour.")],
    ),
    (
        ("game", "bridge"),
        [("game", f"Choose a game: {', '.join(REGISTERED)}.")],
    ),
    (
        [("game", "piquet"), ("options", {"partie": "cent"})],
        [("players", "This game needs exactly 2 players.")],
    ),
    (
        ("players", ["Alice", "Bruno"]),
        [("players", "This game needs 3 to 7 players.")],
    ),
    (
        ("players.2", "Alice"),
        [("players.2", "Alice is already playing.")],
    ),
    (
        ("dealer", "Zoé"),
        [("dealer", "The first dealer must be one of the players.")],
    ),
    (
        ("options.target", "100"),
        [("options.target", "This option must be a whole number.")],
    ),
    (
        ("options.trumps", True),
        [("options.trumps", "Unknown option trumps.")],
    ),
    (
        ("rounds", {"1": {}}),
        [("rounds", "The rounds must be a list (it may be empty).")],
    ),
    (
        ("rounds.0", [2, 4, 0, 7]),
        [("rounds.1", "Round 1 must be an object with its number and input.")],
    ),
    (
        ("rounds.1.number", 3),
        [("rounds.2.number", "The round in place 2 is numbered 3: rounds go 1, 2, 3… in order.")],
    ),
    (
        ("rounds.1.scores", {}),
        [("rounds.2.scores", "Unknown field scores.")],
    ),
    (
        ("rounds.2.input.hearts.Denis", 1),
        [
            ("rounds.3", "Round 3 cannot be imported:"),
            ("rounds.3.hearts", "The hearts taken must add up to 13 (they add up to 12)."),
        ],
    ),
    (
        ("rounds.4.input.queen", "Zoé"),
        [("rounds.5", "Round 5 cannot be imported:"), ("rounds.5.queen", "Zoé is not a player in this game.")],
    ),
    (
        ("rounds.9", {"number": 10, "input": {"hearts": {"Alice": 13, "Bruno": 0, "Chloé": 0, "Denis": 0}}}),
        [("rounds.10", "Round 10 cannot be imported:"), ("rounds.10", "The game was already over before round 10.")],
    ),
]


def refusal_id(case: tuple[Any, list[tuple[str, str]]]) -> str:
    changes = case[0] if isinstance(case[0], list) else [case[0]]
    return "&".join(
        f"{path}={'removed' if value is ... else json.dumps(value, ensure_ascii=False)[:20]}" for path, value in changes
    )


@pytest.mark.parametrize(("change", "errors"), REFUSALS, ids=[refusal_id(case) for case in REFUSALS])
def test_refused_imports_say_why_and_create_nothing(
    app: Flask, api: Api, change: Any, errors: list[tuple[str, str]]
) -> None:
    game_id = hearts_h11(api)
    body = export_of(api, game_id)
    for path, value in change if isinstance(change, list) else [change]:
        if path == "rounds.9":  # a tenth hand after H11 ended
            body["rounds"].append(value)
        else:
            body = changed(body, path, value)
    before = dump_database(app)

    response = api.client.post("/api/v1/games/import", json=body)
    assert response.status_code == 422
    assert [(error["field"], error["message"]) for error in response.json["errors"]] == errors

    page = app.test_client().post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(body).encode()), "game.json")},
        content_type="multipart/form-data",
    )
    assert page.status_code == 422
    html = page.get_data(as_text=True)
    assert "Nothing was imported" in html
    for _field, message in errors:
        assert message.replace('"', "&#34;").replace("'", "&#39;") in html
    assert dump_database(app) == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "Choose an exported game file (.json) to import."),
        (b'{\n  "format": referee', "This file is not valid JSON (line 2, column 13)."),
        (b"\xff\xfe{}", "This file is not a JSON export: it is not UTF-8 text."),
        (b'{"players": ["\\ud800"]}', "This file is not valid JSON."),
        (b"[1, 2]", "This is not a game exported from referee."),
        (b"[" * 60_000, "This file is not valid JSON."),
    ],
    ids=["empty", "malformed", "not utf-8", "lone surrogate", "not an object", "too deep"],
)
def test_unreadable_files_are_refused_on_the_page(
    app: Flask, client: FlaskClient, content: bytes, message: str
) -> None:
    before = dump_database(app)
    response = client.post("/import", data={"file": (io.BytesIO(content), "game.json")})
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert dump_database(app) == before


def test_no_file_at_all_is_refused(app: Flask, client: FlaskClient) -> None:
    response = client.post("/import", data={})
    assert response.status_code == 422
    assert "Choose an exported game file (.json) to import." in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("body", "status"),
    [(b"{not json", 400), (b'"a string"', 422), (b"", 400), (b'{"players": ["\\udc00"]}', 400)],
    ids=["malformed", "not an object", "empty", "lone surrogate"],
)
def test_api_import_refuses_what_is_not_an_export(app: Flask, client: FlaskClient, body: bytes, status: int) -> None:
    before = dump_database(app)
    response = client.post("/api/v1/games/import", data=body, content_type="application/json")
    assert response.status_code == status
    assert response.is_json and response.json["errors"]
    assert dump_database(app) == before


def test_import_page_is_linked_from_its_home_snippet(app: Flask) -> None:
    with app.test_request_context("/"):
        html = app.jinja_env.get_template("share/home.html").render()
    assert 'href="/import"' in html


def test_import_form_carries_a_csrf_token(tmp_path) -> None:
    from referee import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "csrf.sqlite3"), "SECRET_KEY": "x"})
    client = app.test_client()
    assert 'name="csrf_token"' in client.get("/import").get_data(as_text=True)
    refused = client.post("/import", data={"file": (io.BytesIO(b"{}"), "game.json")})
    assert refused.status_code == 400  # no token: refused before anything is read
    page = client.get("/import").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token is not None
    export = {"format": "referee-game", "format_version": 1, "game": "piquet", "players": ["Ann", "Bob"], "rounds": []}
    upload = {"csrf_token": token.group(1), "file": (io.BytesIO(json.dumps(export).encode()), "game.json")}
    assert client.post("/import", data=upload).status_code == 303
    # The API import is exempt from CSRF (no cookies involved) like the rest of the API.
    assert client.post("/api/v1/games/import", json={}).status_code == 422
