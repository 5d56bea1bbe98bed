"""Regression tests for what a hostile client or an unlucky deployment found (issue "Hardening")."""

from __future__ import annotations

import html
import io
import json
import re
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app, gamestate, store
from referee import db as db_module
from referee.cache import VersionedCache
from referee.games.fields import json_value
from referee.limits import Rate, parse_limit
from referee.views import rendering
from tests import test_pages_queenie as queenie_pages
from tests.conftest import Api, dump_database

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]


def test_a_query_string_never_enters_the_cached_table_page(api: Api, client: FlaskClient) -> None:
    game_id = api.create("hearts", FOUR).json["id"]
    first = client.get(f"/g/{game_id}?zq1visitor=1&x=%3Cscript%3E").get_data(as_text=True)
    assert "zq1visitor" not in first and "%3Cscript" not in first
    watcher = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "zq1visitor" not in watcher
    assert f"next=/g/{game_id}" in watcher


def test_the_api_accepts_a_byte_order_mark_as_the_upload_form_does(client: FlaskClient) -> None:
    body = '\ufeff{"game": "hearts", "players": ["A", "B", "C"]}'.encode()
    response = client.post("/api/v1/games", data=body, content_type="application/json")
    assert response.status_code == 201
    assert response.json["players"] == ["A", "B", "C"]


def test_behind_a_proxy_the_session_cookie_is_secure_and_links_use_https(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "referee.sqlite3"),
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": False,
            "SESSION_COOKIE_SECURE": True,
            "TRUSTED_PROXIES": 1,
        }
    )
    client = app.test_client()
    created = client.post("/new/hearts", data={"player-0": "A", "player-1": "B", "player-2": "C"})
    assert created.status_code == 303
    cookie = created.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie
    game_id = created.headers["Location"].rsplit("/", 1)[1]
    proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example"}
    invite = client.get(f"/g/{game_id}/invite", headers=proxied).get_data(as_text=True)
    assert f"https://cards.example/g/{game_id}/join/" in invite


# ---------------------------------------------------------------------------
# 1. The Queenie deal form's hidden "referee" field, read with the API's guards

DEEP_NESTING = "[" * 1500
LONE_SURROGATE = '{"answers":["\\ud800"],"flags":[]}'
UNREADABLE_RECORD = "play-along record of this deal could not be read. Enter the deal without the play-along."


@pytest.mark.parametrize("record", [DEEP_NESTING, LONE_SURROGATE], ids=["deep-nesting", "lone-surrogate"])
def test_json_value_refuses_what_sqlite_or_the_parser_cannot_take(record: str) -> None:
    with pytest.raises(ValueError):
        json_value(record)
    with pytest.raises(ValueError):
        json_value(record.encode("utf-8"))
    assert json_value('\ufeff{"a": ["é"]}'.encode()) == {"a": ["é"]}


@pytest.mark.parametrize("record", [DEEP_NESTING, LONE_SURROGATE], ids=["deep-nesting", "lone-surrogate"])
def test_the_deal_forms_referee_record_is_refused_at_its_field_not_a_500(
    app: Flask, client: FlaskClient, record: str
) -> None:
    game = queenie_pages.start(client)
    before = dump_database(app)
    response = client.post(f"{game}/round", data={**queenie_pages.Q1, "referee": record, "save": "1"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert UNREADABLE_RECORD in html.unescape(page)
    assert dump_database(app) == before
    # The same deal without the broken record is stored.
    assert client.post(f"{game}/round", data={**queenie_pages.Q1, "save": "1"}).status_code == 303


def test_the_unreadable_record_message_is_in_french(client: FlaskClient) -> None:
    game = queenie_pages.start(client)
    client.get("/lang/fr")
    response = client.post(f"{game}/round", data={**queenie_pages.Q1, "referee": DEEP_NESTING, "save": "1"})
    assert response.status_code == 422
    assert "enregistrement du suivi de ce coup est illisible." in html.unescape(response.get_data(as_text=True))


def test_the_api_refuses_the_same_records_as_malformed_json(api: Api) -> None:
    game_id = api.create("queenie", FOUR).json["id"]
    for record in (DEEP_NESTING, LONE_SURROGATE):
        body = '{"stakes": {}, "referee": ' + record + "}"
        response = api.client.post(
            f"/api/v1/games/{game_id}/rounds", data=body, headers=api.auth(game_id), content_type="application/json"
        )
        assert response.status_code == 400
        assert response.json["errors"][0]["field"] == "request"


# ---------------------------------------------------------------------------
# 2. A stale undo or correction page, or API client, changes nothing it never saw


def hearts(counts: list[int], queen: str) -> dict[str, Any]:
    return {"hearts": dict(zip(FOUR, counts, strict=True)), "queen": queen}


ROUND_A = hearts([4, 3, 3, 3], "Alice")  # Alice 17, the others 3
ROUND_B = hearts([0, 6, 7, 0], "Denis")  # Bruno 6, Chloé 7, Denis 13


def scored_game(client: FlaskClient, api: Api, rounds: list[dict[str, Any]]) -> str:
    """A Hearts game with ``rounds``, scored from ``client`` (which opened the invitation) and from the API."""
    game_id = api.create("hearts", FOUR).json["id"]
    for round_input in rounds:
        assert api.add(game_id, round_input).status_code == 201
    assert client.post(f"/g/{game_id}/join/{api.keys[game_id]}").status_code == 303
    return game_id


def hidden_fields(page: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', page))


def words(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def scores_row(page: str) -> list[str]:
    """The scores of the round shown on the undo page, by seat."""
    table = page[page.index('<table class="grid compact">') :]
    return re.findall(r"<td>([^<]*)</td>", table[: table.index("</table>")])


def test_a_stale_undo_page_undoes_nothing_and_shows_the_round_as_stored_now(
    app: Flask, client: FlaskClient, api: Api
) -> None:
    game_id = scored_game(client, api, [ROUND_A, ROUND_A])
    page = client.get(f"/g/{game_id}/undo").get_data(as_text=True)
    form = hidden_fields(page)
    assert form == {"number": "2", "version": "2"}
    assert scores_row(page) == ["17", "3", "3", "3"]
    # Phone B undoes round 2 and records another round 2.
    assert api.delete(game_id, 2).status_code == 200
    assert api.add(game_id, ROUND_B).status_code == 201
    before = dump_database(app)
    response = client.post(f"/g/{game_id}/undo", data=form)
    assert response.status_code == 409
    stale = response.get_data(as_text=True)
    assert "changed on another phone after you opened this page. Nothing was undone" in words(stale)
    assert 'class="flash warning"' in stale
    assert scores_row(stale) == ["0", "6", "7", "13"]  # B's round 2, as stored now
    assert dump_database(app) == before
    # Confirmed from the page that shows it, B's round 2 is undone.
    assert hidden_fields(stale) == {"number": "2", "version": "4"}
    assert client.post(f"/g/{game_id}/undo", data=hidden_fields(stale)).status_code == 303
    assert [result["input"] for result in api.get(game_id).json["rounds"]] == [ROUND_A]


def correction_form(form: dict[str, str], round_input: dict[str, Any]) -> dict[str, str]:
    fields = {**form, "save": "1", "queen": str(FOUR.index(round_input["queen"]))}
    fields.update({f"hearts-{seat}": str(round_input["hearts"][player]) for seat, player in enumerate(FOUR)})
    return fields


def test_a_stale_correction_page_replaces_nothing_and_shows_the_round_as_stored_now(
    app: Flask, client: FlaskClient, api: Api
) -> None:
    game_id = scored_game(client, api, [ROUND_A, ROUND_A])
    form = hidden_fields(client.get(f"/g/{game_id}/round/2").get_data(as_text=True))
    assert form == {"number": "2", "version": "2"}
    # Phone B corrects round 2 first.
    assert api.put(game_id, 2, ROUND_B).status_code == 200
    before = dump_database(app)
    mine = hearts([13, 0, 0, 0], "Bruno")
    response = client.post(f"/g/{game_id}/round/2", data=correction_form(form, mine))
    assert response.status_code == 409
    stale = response.get_data(as_text=True)
    assert "Nothing was saved: here is the round as it is now." in words(stale)
    assert dump_database(app) == before
    # The form shows B's round 2 and the version it is at now.
    assert hidden_fields(stale) == {"number": "2", "version": "3"}
    shown = re.findall(r'name="hearts-\d"[^>]*\s+value="(\d+)"', stale)
    assert shown == ["0", "6", "7", "0"]
    assert re.search(r'name="queen" value="3" checked', stale)
    # Made again from that page, the correction is saved.
    again = client.post(f"/g/{game_id}/round/2", data=correction_form(hidden_fields(stale), mine))
    assert again.status_code == 303
    assert api.get(game_id).json["rounds"][1]["input"]["hearts"] == mine["hearts"]


def test_a_correction_or_undo_posted_without_a_version_behaves_as_before(client: FlaskClient, api: Api) -> None:
    game_id = scored_game(client, api, [ROUND_A, ROUND_A])
    assert api.put(game_id, 2, ROUND_B).status_code == 200
    posted = correction_form({"number": "2"}, ROUND_A)
    assert client.post(f"/g/{game_id}/round/2", data=posted).status_code == 303
    assert api.get(game_id).json["rounds"][1]["input"] == ROUND_A
    assert client.post(f"/g/{game_id}/undo", data={"number": "2"}).status_code == 303
    assert len(api.get(game_id).json["rounds"]) == 1
    # A version that is no number never matches: refused as stale, never applied.
    refused = client.post(f"/g/{game_id}/undo", data={"number": "1", "version": "²"})
    assert refused.status_code == 409
    assert len(api.get(game_id).json["rounds"]) == 1


def test_a_correction_of_a_round_undone_meanwhile_says_so(client: FlaskClient, api: Api) -> None:
    game_id = scored_game(client, api, [ROUND_A, ROUND_A])
    form = hidden_fields(client.get(f"/g/{game_id}/round/2").get_data(as_text=True))
    assert api.delete(game_id, 2).status_code == 200
    for posted in (correction_form(form, ROUND_B), correction_form({"number": "2"}, ROUND_B)):
        response = client.post(f"/g/{game_id}/round/2", data=posted)
        assert response.status_code in (303, 404)
        assert len(api.get(game_id).json["rounds"]) == 1


def if_match(api: Api, method: str, game_id: str, number: int, tag: str | None, body: Any = None) -> Any:
    headers = api.auth(game_id) if tag is None else {**api.auth(game_id), "If-Match": tag}
    return api.client.open(f"/api/v1/games/{game_id}/rounds/{number}", method=method, json=body, headers=headers)


def test_if_match_makes_a_stale_correction_or_undo_a_409_with_the_game_as_it_is_now(app: Flask, api: Api) -> None:
    game_id = api.create("hearts", FOUR).json["id"]
    assert api.add(game_id, ROUND_A).headers["ETag"] == '"1"'
    assert api.add(game_id, ROUND_A).headers["ETag"] == '"2"'
    seen = api.get(game_id)
    assert seen.headers["ETag"] == '"2"'
    # Another client corrects round 2.
    assert if_match(api, "PUT", game_id, 2, '"2"', ROUND_B).headers["ETag"] == '"3"'
    before = dump_database(app)
    for method, body in (("PUT", hearts([13, 0, 0, 0], "Bruno")), ("DELETE", None)):
        stale = if_match(api, method, game_id, 2, seen.headers["ETag"], body)
        assert stale.status_code == 409
        assert stale.json["errors"] == [
            {
                "field": "version",
                "message": "The game has changed since version 2 (another phone wrote to it): it is now at version 3. "
                "Nothing was changed.",
            }
        ]
        assert stale.json["version"] == 3
        assert stale.json["state"] == api.get(game_id).json
        assert stale.json["state"]["rounds"][1]["input"] == ROUND_B
        assert stale.headers["ETag"] == '"3"'
        assert dump_database(app) == before
    # With the version as it is now, both go through; without If-Match (or with "*"), as before.
    assert if_match(api, "PUT", game_id, 2, '"3"', ROUND_A).status_code == 200
    assert if_match(api, "DELETE", game_id, 2, '"4"').status_code == 200
    assert if_match(api, "PUT", game_id, 1, None, ROUND_B).status_code == 200
    assert if_match(api, "PUT", game_id, 1, "*", ROUND_A).status_code == 200
    assert if_match(api, "DELETE", game_id, 1, " * ").status_code == 200


@pytest.mark.parametrize("tag", ["2", 'W/"2"', '"2", "3"', '"x"', '""', '"-1"', '"²"', '"' + "9" * 40 + '"'])
def test_a_malformed_if_match_is_a_422_at_its_field(app: Flask, api: Api, tag: str) -> None:
    game_id = api.create("hearts", FOUR).json["id"]
    assert api.add(game_id, ROUND_A).status_code == 201
    before = dump_database(app)
    for method, body in (("PUT", ROUND_B), ("DELETE", None)):
        response = if_match(api, method, game_id, 1, tag, body)
        assert response.status_code == 422
        assert [error["field"] for error in response.json["errors"]] == ["If-Match"]
    assert dump_database(app) == before


# ---------------------------------------------------------------------------
# 3. Bounded memory: caches by size, rounds per game, games per address


def test_the_cache_is_bounded_by_the_weight_of_its_entries() -> None:
    cache: VersionedCache[str] = VersionedCache(100, weigh=len)
    for number in range(50):
        cache.get_or_make(("game", number), lambda: "x" * 30)
        assert cache.weight <= 100
    assert len(cache) == 3 and cache.weight == 90
    # An entry heavier than the whole budget is answered but not kept (nor does it push the others out).
    assert cache.get_or_make("huge", lambda: "y" * 101) == "y" * 101
    assert len(cache) == 3 and cache.weight == 90
    # The least recently used goes first; a weight given with the entry overrides weigh().
    cache.get_or_make(("game", 47), lambda: "never made")
    cache.get_or_make("light", lambda: "z" * 60, weight=20)
    assert cache.get_or_make(("game", 47), lambda: "made again") == "x" * 30
    assert cache.get_or_make(("game", 48), lambda: "made again") == "made again"
    cache.clear()
    assert (len(cache), cache.weight) == (0, 0)


def test_the_game_caches_weigh_rounds_and_pages_weigh_their_bytes(client: FlaskClient, api: Api) -> None:
    gamestate.forget()
    rendering._table_pages.clear()
    game_id = api.create("hearts", FOUR, {"hands": 1000}).json["id"]
    for _ in range(30):
        assert api.add(game_id, ROUND_A).status_code == 201
    page = client.get(f"/g/{game_id}").get_data()
    assert gamestate._standings.weight >= 31
    assert gamestate._states.weight >= 31
    assert rendering._table_pages.weight == len(page)
    for cache in (gamestate._standings, gamestate._states):
        assert cache.budget == gamestate.CACHED_ROUNDS


def test_a_game_holds_at_most_max_rounds(
    app: Flask, client: FlaskClient, api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store.games, "MAX_ROUNDS", 3)
    game_id = scored_game(client, api, [ROUND_A, ROUND_A, ROUND_A])
    before = dump_database(app)
    refused = api.add(game_id, ROUND_A)
    assert refused.status_code == 422
    assert refused.json["errors"] == [{"field": "round", "message": "A game holds at most 3 rounds."}]
    page = client.post(f"/g/{game_id}/round", data=correction_form({"number": "4"}, ROUND_A))
    assert page.status_code == 422
    assert "A game holds at most 3 rounds." in words(page.get_data(as_text=True))
    assert dump_database(app) == before


def export_of(rounds: int, hand: dict[str, Any]) -> bytes:
    """A compact export of a Hearts game of ``rounds`` times ``hand``."""
    body = {
        "format": "referee-game",
        "format_version": 1,
        "game": "hearts",
        "players": FOUR,
        "options": {"hands": 1000},
        "rounds": [{"number": number, "input": hand} for number in range(1, rounds + 1)],
    }
    return json.dumps(body, separators=(",", ":")).encode()


def test_an_import_holds_at_most_max_rounds(app: Flask, client: FlaskClient) -> None:
    assert store.MAX_ROUNDS == 1000
    # The count is checked before any hand: even empty ones (22 bytes each) make too many.
    data = export_of(1001, {})
    assert len(data) < 64 * 1024
    before = dump_database(app)
    response = client.post("/api/v1/games/import", data=data, content_type="application/json")
    assert response.status_code == 422
    assert response.json["errors"] == [
        {"field": "rounds", "message": "A game holds at most 1000 rounds; this one has 1001."}
    ]
    page = client.post("/import", data={"file": (io.BytesIO(data), "big.json")})
    assert page.status_code == 422
    assert "A game holds at most 1000 rounds; this one has 1001." in words(page.get_data(as_text=True))
    assert dump_database(app) == before


def limited_app(tmp_path: Path, limit: str = "3 per 10 minutes", **config: Any) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "limited.sqlite3"),
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": False,
            "CREATE_LIMIT": limit,
            **config,
        }
    )


def test_creating_and_importing_games_is_rate_limited_per_address(tmp_path: Path) -> None:
    client = limited_app(tmp_path).test_client()
    export = client.get(f"/g/{Api(client).create('hearts', FOUR).json['id']}/export.json").data
    assert client.post("/api/v1/games/import", data=export, content_type="application/json").status_code == 201
    assert client.post("/new/hearts", data={"player-0": "A", "player-1": "B", "player-2": "C"}).status_code == 303
    # The fourth in ten minutes, whichever way, is a 429 that says why and when to come back.
    refused = [
        client.post("/api/v1/games", json={"game": "hearts", "players": FOUR}),
        client.post("/api/v1/games/import", data=export, content_type="application/json"),
        client.post("/new/hearts", data={"player-0": "A", "player-1": "B", "player-2": "C"}),
        client.post("/import", data={"file": (io.BytesIO(export), "game.json")}),
    ]
    for response in refused:
        assert response.status_code == 429
        assert 0 < int(response.headers["Retry-After"]) <= 601  # the window, rounded up
    message = "Too many games were created or imported from here in a short time. Please wait a few minutes."
    assert refused[0].json == {"errors": [{"field": "request", "message": message}]}
    assert refused[1].json == refused[0].json
    assert message in words(refused[2].get_data(as_text=True))
    assert refused[3].mimetype == "text/html"
    # Reading, and the forms themselves, are not limited; another address has its own allowance.
    assert client.get("/new/hearts").status_code == 200
    other = {"REMOTE_ADDR": "192.0.2.7"}
    assert client.post("/api/v1/games", json={"game": "hearts", "players": FOUR}, environ_base=other).status_code == 201


def test_behind_a_proxy_the_limit_is_per_forwarded_address(tmp_path: Path) -> None:
    client = limited_app(tmp_path, "1 per hour", TRUSTED_PROXIES=1).test_client()
    body = {"game": "hearts", "players": FOUR}

    def create(address: str) -> int:
        return client.post("/api/v1/games", json=body, headers={"X-Forwarded-For": address}).status_code

    assert [create("198.51.100.1"), create("198.51.100.2"), create("198.51.100.1")] == [201, 201, 429]


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("60 per 10 minutes", Rate(60, 600)),
        ("5 per minute", Rate(5, 60)),
        ("100/1 hour", Rate(100, 3600)),
        (" 2 per 3 Seconds ", Rate(2, 3)),
        ("1000 per day", Rate(1000, 86400)),
        (None, None),
        ("", None),
        ("off", None),
    ],
)
def test_a_limit_is_written_count_per_window(text: str | None, rate: Rate | None) -> None:
    assert parse_limit(text) == rate


@pytest.mark.parametrize("text", ["0 per minute", "5 per 0 minutes", "5 per fortnight", "lots", "-1 per minute"])
def test_a_limit_that_does_not_read_stops_the_app(tmp_path: Path, text: str) -> None:
    with pytest.raises(ValueError):
        limited_app(tmp_path, text)


# ---------------------------------------------------------------------------
# 4 and 5. A stuck, read-only or full database: writes answer 503 (nothing saved), reads go on

BUSY = "The game is busy saving another change. Nothing was saved: please try again in a few seconds."
READ_ONLY = "The scores cannot be saved: the database is read-only. Nothing was saved. You can still watch."
FULL = "The scores cannot be saved: the server's disk is full. Nothing was saved. You can still watch."


def answered(call: Callable[[], Any], guard: float = 60) -> Any:
    """``call()`` on another thread; a hang (an answer that never comes) fails the test instead of blocking it."""
    result: list[Any] = []
    worker = threading.Thread(target=lambda: result.append(call()), daemon=True)
    worker.start()
    worker.join(timeout=guard)
    assert result, "no answer: the request hung"
    return result[0]


@pytest.fixture
def quick(tmp_path: Path) -> Flask:
    """An app whose writes wait 0.2 s at most for the write lock."""
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "faults.sqlite3"),
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": False,
            "WRITE_WAIT_SECONDS": 0.2,
        }
    )


def every_write(client: FlaskClient, api: Api, game_id: str, export: bytes) -> list[Any]:
    """One of each write, API and pages, on a game of two rounds scored from ``client``."""
    return [
        api.add(game_id, ROUND_A),
        api.put(game_id, 1, ROUND_B),
        api.delete(game_id, 2),
        client.post("/api/v1/games", json={"game": "hearts", "players": FOUR}),
        client.post("/api/v1/games/import", data=export, content_type="application/json"),
        client.post(f"/g/{game_id}/round", data=correction_form({"number": "3"}, ROUND_A)),
        client.post(f"/g/{game_id}/round/1", data=correction_form({"number": "1"}, ROUND_B)),
        client.post(f"/g/{game_id}/undo", data={"number": "2"}),
        client.post("/new/hearts", data={"player-0": "A", "player-1": "B", "player-2": "C"}),
        client.post("/import", data={"file": (io.BytesIO(export), "game.json")}),
    ]


def every_read(client: FlaskClient, api: Api, game_id: str) -> list[Any]:
    return [
        client.get(f"/g/{game_id}"),
        api.get(game_id),
        client.get(f"/g/{game_id}/version"),
        client.get(f"/g/{game_id}/export.json"),
        client.get(f"/g/{game_id}/sheet"),
        client.get(f"/g/{game_id}/undo"),
    ]


def assert_unavailable(replies: list[Any], message: str, retry_after: str) -> None:
    for reply in replies:
        assert reply.status_code == 503, (reply.request.path, reply.data[:300])
        assert reply.headers["Retry-After"] == retry_after
        if reply.request.path.startswith("/api/"):
            assert reply.json == {"errors": [{"field": "request", "message": message}]}
        else:
            assert message in words(reply.get_data(as_text=True))


def game_for_faults(client: FlaskClient, api: Api) -> tuple[str, bytes]:
    game_id = scored_game(client, api, [ROUND_A, ROUND_A])
    return game_id, client.get(f"/g/{game_id}/export.json").data


def test_a_write_lock_held_by_another_process_is_a_503_soon_and_reads_go_on(quick: Flask) -> None:
    client = quick.test_client()
    api = Api(client)
    game_id, export = game_for_faults(client, api)
    before = dump_database(quick)
    holder = sqlite3.connect(quick.config["DATABASE"], isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # as another process's long write would
        assert_unavailable(answered(lambda: every_write(client, api, game_id, export)), BUSY, "3")
        assert [reply.status_code for reply in answered(lambda: every_read(client, api, game_id))] == [200] * 6
        assert holder.in_transaction  # every answer came while the lock was still held
    finally:
        holder.rollback()
        holder.close()
    assert dump_database(quick) == before
    assert api.add(game_id, ROUND_A).status_code == 201


def test_a_write_queued_behind_this_process_s_writer_is_a_503_too(quick: Flask) -> None:
    client = quick.test_client()
    api = Api(client)
    game_id, export = game_for_faults(client, api)
    taken, release = threading.Event(), threading.Event()

    def stuck_writer() -> None:
        with db_module._writers:  # a writer of this process that does not finish
            taken.set()
            release.wait(60)

    threading.Thread(target=stuck_writer, daemon=True).start()
    assert taken.wait(10)
    try:
        assert_unavailable(answered(lambda: every_write(client, api, game_id, export)), BUSY, "3")
        assert [reply.status_code for reply in answered(lambda: every_read(client, api, game_id))] == [200] * 6
    finally:
        release.set()
    assert answered(lambda: api.add(game_id, ROUND_A)).status_code == 201


def this_threads_connection(app: Flask) -> sqlite3.Connection:
    """The connection the test client's requests use (one per serving thread, kept open)."""
    return app.extensions["referee.connections"].db.conn


def test_a_read_only_database_answers_503_to_writes_and_still_serves_reads(app: Flask, client: FlaskClient) -> None:
    api = Api(client)
    game_id, export = game_for_faults(client, api)
    before = dump_database(app)
    # From now on every write fails with "attempt to write a readonly database", as on a read-only file.
    this_threads_connection(app).execute("PRAGMA query_only = ON")
    assert_unavailable(every_write(client, api, game_id, export), READ_ONLY, "60")
    assert [reply.status_code for reply in every_read(client, api, game_id)] == [200] * 6
    assert dump_database(app) == before


def test_a_full_disk_answers_503_and_still_serves_reads(app: Flask, client: FlaskClient) -> None:
    api = Api(client)
    game_id, _ = game_for_faults(client, api)
    before = dump_database(app)
    connection = this_threads_connection(app)
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages}")  # no page more: "database or disk is full"
    big = export_of(300, ROUND_A)
    assert_unavailable(
        [
            client.post("/api/v1/games/import", data=big, content_type="application/json"),
            client.post("/import", data={"file": (io.BytesIO(big), "game.json")}),
        ],
        FULL,
        "60",
    )
    assert [reply.status_code for reply in every_read(client, api, game_id)] == [200] * 6
    assert dump_database(app) == before


def test_a_write_transaction_inside_another_is_a_savepoint_of_it(tmp_path: Path) -> None:
    db = db_module.connect(str(tmp_path / "nested.sqlite3"))
    db.execute("create table notes (text)")

    def notes() -> list[str]:
        return [row[0] for row in db.execute("select text from notes order by rowid")]

    with db_module.write_transaction(db):
        db.execute("insert into notes values ('outer')")
        with pytest.raises(ValueError), db_module.write_transaction(db):
            db.execute("insert into notes values ('inner, undone')")
            raise ValueError
        with db_module.write_transaction(db):
            db.execute("insert into notes values ('inner, kept')")
    assert notes() == ["outer", "inner, kept"]
    with pytest.raises(ValueError), db_module.write_transaction(db):
        with db_module.write_transaction(db):
            db.execute("insert into notes values ('inner of an outer undone')")
        raise ValueError
    assert notes() == ["outer", "inner, kept"]
    with db_module.write_transaction(db):  # a new write transaction after the nested ones: nothing left open
        db.execute("insert into notes values ('next')")
    assert notes() == ["outer", "inner, kept", "next"] and not db.conn.in_transaction


def test_a_write_sends_its_own_statements_between_begin_and_commit_and_no_other(tmp_path: Path) -> None:
    db = db_module.connect(str(tmp_path / "plain.sqlite3"), wait=2.5)
    db.execute("create table notes (text)")
    sent: list[str] = []
    db.conn.set_trace_callback(sent.append)
    with db_module.write_transaction(db):
        db.execute("insert into notes values ('one')")
    assert sent == ["BEGIN IMMEDIATE", "insert into notes values ('one')", "COMMIT"]
    sent.clear()
    with pytest.raises(ValueError), db_module.write_transaction(db):
        db.execute("insert into notes values ('undone')")
        raise ValueError
    assert sent == ["BEGIN IMMEDIATE", "insert into notes values ('undone')", "ROLLBACK"]
    assert db.conn.execute("PRAGMA busy_timeout").fetchone()[0] == 2500


def test_a_write_that_waited_for_this_process_s_writer_leaves_sqlite_what_is_left_of_the_wait(tmp_path: Path) -> None:
    # A long wait (30 s) so that a busy machine's late timer still leaves some of it: the half second the
    # other writer holds the lock is taken from it.
    db = db_module.connect(str(tmp_path / "queued.sqlite3"), wait=30)
    taken, release = threading.Event(), threading.Event()

    def writer() -> None:
        with db_module._writers:
            taken.set()
            release.wait(10)

    threading.Thread(target=writer, daemon=True).start()
    assert taken.wait(10)
    threading.Timer(0.5, release.set).start()
    sent: list[str] = []
    db.conn.set_trace_callback(sent.append)
    with db_module.write_transaction(db):
        pass
    given = int(sent[0].removeprefix("PRAGMA busy_timeout = "))
    assert 0 < given <= 29_500
    assert sent[1:] == ["BEGIN IMMEDIATE", "COMMIT", "PRAGMA busy_timeout = 30000"]


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (sqlite3.OperationalError("database is locked"), None),  # no SQLite code: not ours to guess
        (db_module.Unavailable("full"), "full"),
        (ValueError("x"), None),
    ],
)
def test_only_database_faults_are_classified(error: Exception, reason: str | None) -> None:
    assert db_module.fault(error) == reason
