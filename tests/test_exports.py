"""Export a game (JSON, CSV) and import it back as a new game that replays to the same state.

Every registered game is exported and imported from its samples; what is refused in one game's
export (its own round fields) is tested with that game's API.
"""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import FileStorage
from werkzeug.test import stream_encode_multipart

from referee import exports, store
from referee.db import connect
from referee.games.base import make_setup
from referee.games.spec import GameSpec, Sample
from referee.registry import GAMES
from tests.conftest import Api, dump_database
from tests.samples import SAMPLES, creation, play, under_way


def without_id(state: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in state.items() if name not in ("id", "key")}


@pytest.mark.parametrize(("spec", "sample"), SAMPLES)
def test_export_then_import_through_the_api_gives_the_same_game(api: Api, spec: GameSpec, sample: Sample) -> None:
    game_id, original = play(api, spec, sample)
    export = api.client.get(f"/g/{game_id}/export.json")
    assert export.status_code == 200
    assert export.mimetype == "application/json"
    data = export.json
    assert data["format"] == "referee-game" and data["format_version"] == 1
    assert (data["game"], data["players"], data["dealer"]) == (spec.name, list(sample.players), original["dealer"])
    assert [item["number"] for item in data["rounds"]] == list(range(1, len(sample.rounds) + 1))
    assert [item["input"] for item in data["rounds"]] == [item["input"] for item in original["rounds"]]

    imported = api.client.post("/api/v1/games/import", data=export.get_data(), content_type="application/json")
    assert imported.status_code == 201, imported.json
    assert imported.json["id"] != game_id
    assert imported.json["key"] and imported.json["key"] != api.keys[game_id]
    assert without_id(imported.json) == without_id(original)
    # The new game is a game like any other: exporting it again gives the same rounds.
    again = api.client.get(f"/g/{imported.json['id']}/export.json").json
    for name in ("game", "players", "dealer", "options", "rounds"):
        assert again[name] == data[name]


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_import_from_the_page_creates_a_new_game_this_phone_can_score(app: Flask, api: Api, spec: GameSpec) -> None:
    game_id, original = play(api, spec, under_way(spec))
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


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_import_leaves_an_audit_row_per_round(app: Flask, api: Api, spec: GameSpec) -> None:
    game_id, original = play(api, spec, under_way(spec))
    exported = api.client.get(f"/g/{game_id}/export.json").get_data()
    new_id = api.client.post("/api/v1/games/import", data=exported, content_type="application/json").json["id"]
    db = connect(app.config["DATABASE"])
    try:
        rows = list(db.query("select number, action, before, after from audit where game_id = ? order by id", [new_id]))
    finally:
        db.close()
    numbers = range(1, len(original["rounds"]) + 1)
    assert [(row["number"], row["action"], row["before"]) for row in rows] == [(n, "import", None) for n in numbers]
    assert [json.loads(row["after"]) for row in rows] == [item["input"] for item in original["rounds"]]


# Names that a file name, a spreadsheet or a CSV reader could trip on, and how each reads in a file name.
AWKWARD = [("Zoë", "zoe"), ("Bruno O'Neil", "bruno-o-neil"), ('Chloé, "C"', "chloe-c"), ("=Denis", "denis")]


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_export_file_names_and_headers(api: Api, spec: GameSpec) -> None:
    count = max(spec.rules.min_players, min(len(AWKWARD), spec.rules.max_players))
    players = [name for name, _slug in AWKWARD[:count]]
    game_id = api.create(spec.name, players).json["id"]
    json_response = api.client.get(f"/g/{game_id}/export.json")
    csv_response = api.client.get(f"/g/{game_id}/export.csv")
    day = json_response.json["created"][:10]
    name = "-".join([spec.name, day, *[slug for _name, slug in AWKWARD[:count]]])
    assert json_response.headers["Content-Disposition"] == f"attachment; filename={name}.json"
    assert csv_response.headers["Content-Disposition"] == f"attachment; filename={name}.csv"
    assert json_response.headers["Content-Type"] == "application/json; charset=utf-8"
    assert csv_response.headers["Content-Type"] == "text/csv; charset=utf-8"


def test_exports_of_an_unknown_game_are_404(client: FlaskClient) -> None:
    assert client.get("/g/nope/export.json").status_code == 404
    assert client.get("/g/nope/export.csv").status_code == 404


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
    spec = next(iter(GAMES.values()))
    body = creation(spec, under_way(spec))
    export = {
        "format": "referee-game",
        "format_version": 1,
        "game": body["game"],
        "players": body["players"],
        "rounds": [],
    }
    upload = {"csrf_token": token.group(1), "file": (io.BytesIO(json.dumps(export).encode()), "game.json")}
    assert client.post("/import", data=upload).status_code == 303
    # The API import is exempt from CSRF (no cookies involved) like the rest of the API.
    assert client.post("/api/v1/games/import", json={}).status_code == 422


# A thousand rounds is the most a game holds: the longest legal games, with the widest names (thirty
# characters of four bytes each) and the widest numbers.
WIDE_NAMES = [chr(0x1D4D0 + seat) * 30 for seat in range(12)]  # 𝓐𝓐𝓐…, 𝓑𝓑𝓑…: letters of four bytes


def longest_games(app: Flask) -> dict[str, str]:
    """A 1000-hand Hearts game of seven and a 1000-round Points game of twelve, by kind."""
    hearts_players, points_players = WIDE_NAMES[:7], WIDE_NAMES
    hearts_hand = {"hearts": dict(zip(hearts_players, [13, 0, 0, 0, 0, 0, 0], strict=True)), "queen": hearts_players[1]}
    points_round = {"points": {name: -99_999 for name in points_players}}
    made = {}
    db = connect(app.config["DATABASE"])
    try:
        for kind, players, options, round_input in [
            ("hearts", hearts_players, {"target": 1000, "hands": 1000}, hearts_hand),
            ("points", points_players, {"target": None, "rounds": 1000}, points_round),
        ]:
            setup = make_setup(GAMES[kind].rules, players, options, players[0])
            made[kind] = store.import_game(db, kind, setup, [round_input] * store.MAX_ROUNDS)[0]
    finally:
        db.close()
    return made


def test_the_longest_games_export_compactly_and_import_back(app: Flask, client: FlaskClient) -> None:
    """Exports were indented and imports limited to 64 KiB: a legal 500-hand game could not come back."""
    for kind, game_id in longest_games(app).items():
        exported = client.get(f"/g/{game_id}/export.json")
        data = exported.get_data()
        assert len(data) > app.config["MAX_CONTENT_LENGTH"], kind
        assert data == json.dumps(exported.json, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
        by_api = client.post("/api/v1/games/import", data=data, content_type="application/json")
        assert by_api.status_code == 201, (kind, by_api.status_code)
        assert len(by_api.json["rounds"]) == store.MAX_ROUNDS
        # (encoded here in memory: the test client would spool a body this large to a file it never closes)
        form, _, boundary = stream_encode_multipart(
            {"file": FileStorage(io.BytesIO(data), "long.json")}, use_tempfile=False
        )
        by_form = client.post("/import", data=form.read(), content_type=f"multipart/form-data; boundary={boundary}")
        assert by_form.status_code == 303, (kind, by_form.status_code)
    # Past what a thousand rounds can take, an import is still too large; every other route keeps 64 KiB.
    too_big = b" " * (exports.IMPORT_BYTES + 1)
    assert client.post("/api/v1/games/import", data=too_big, content_type="application/json").status_code == 413
    assert client.post("/api/v1/games", data=data, content_type="application/json").status_code == 413
