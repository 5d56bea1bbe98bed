"""Ending a game early, at an agreed time (issue 24, item 10): the rules' stop, its storage and the JSON API.

Queenie's rule file: "A table may also end the game now (an agreed time); the app suggests finishing
the current turn of the deal so everyone has dealt equally often."
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlite_utils import Database

from referee.games.base import make_setup, replay, replay_state, stoppable
from referee.games.queenie import rules as queenie
from referee.games.queenie.examples import SALE, SAMPLES, SWEEP
from referee.registry import GAMES
from tests.conftest import Api, dump_database, rows
from tests.test_api_queenie import Q1, Q2, Q3, Q4

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
FIVE = [*FOUR, "Émile"]
IN_PROGRESS = next(sample for sample in SAMPLES if sample.name == "in-progress")
TIE = next(sample for sample in SAMPLES if sample.name == "tie")


def state_after(players: list[str], deals: list[dict[str, Any]], dealer: str, **options: Any) -> tuple[Any, Any]:
    setup = make_setup(queenie, players, options, dealer)
    return setup, replay_state(queenie, setup, deals)


# --- the rules -------------------------------------------------------------------------------------------


def test_only_games_whose_rules_let_a_table_stop_offer_it() -> None:
    # queenie.md lets a table end the game at an agreed time (and the games sharing its rules, stops.md);
    # no other rule file does.
    stopping = {name for name, spec in GAMES.items() if stoppable(spec.rules) is not None}
    assert "queenie" in stopping
    assert stopping.isdisjoint({"hearts", "ohhell", "piquet", "points", "spades", "belote", "coinche", "tarot"})


def test_ending_after_q1_gives_the_win_to_the_most_chips() -> None:
    setup, state = state_after(FOUR, [Q1], "Alice")
    standings = queenie.standings(setup, queenie.stopped(setup, state))
    assert standings.status == "finished"
    assert standings.winners == ("Denis",)
    assert standings.totals == {"Alice": 19, "Bruno": 20, "Chloé": 17, "Denis": 23}
    assert standings.ranking == ((1, "Denis"), (2, "Bruno"), (3, "Alice"), (4, "Chloé"))
    assert standings.next is None
    assert standings.extra["unclaimed"] == 1  # Q♦'s chip stays on the table, unclaimed
    assert standings.rounds[-1].details.next_dealer is None
    assert queenie.is_over(setup, queenie.stopped(setup, state))


def test_equal_chips_share_the_win_of_a_stopped_game() -> None:
    # The tie sample's three deals with two turns of the deal to play: stopped after the first turn.
    setup, state = state_after(list(TIE.players), list(TIE.rounds), "Ann", rounds=2)
    assert not queenie.is_over(setup, state)
    standings = queenie.standings(setup, queenie.stopped(setup, state))
    assert standings.winners == ("Ann", "Ben")
    assert standings.ranking == ((1, "Ann"), (1, "Ben"), (3, "Cat"))
    assert standings.totals == {"Ann": 19, "Ben": 19, "Cat": 17}


def test_the_turn_of_the_deal_is_finished_when_everyone_has_dealt_equally_often() -> None:
    # Four players: after deal 1 (Alice dealt) three more deals finish the turn; after Q3, Q4 (Bruno, Chloé) one.
    setup, state = state_after(FOUR, [Q1], "Alice")
    assert queenie.turn_left(setup, state) == 3
    setup, state = state_after(FOUR, [Q3, Q4], "Bruno")
    assert queenie.turn_left(setup, state) == 2
    setup, state = state_after(FOUR, [SALE, SWEEP, SWEEP, SWEEP], "Alice")
    assert queenie.turn_left(setup, state) == 0
    setup, state = state_after(FIVE, [Q2], "Bruno")
    assert queenie.turn_left(setup, state) == 4


def test_a_stop_shares_the_chips_left_on_the_table_with_leftover_split() -> None:
    # The five-player sample (30 chips, leftover split): 7 chips on the table after two deals, 1 to each.
    setup, state = state_after(list(IN_PROGRESS.players), list(IN_PROGRESS.rounds), "Bruno", **IN_PROGRESS.options)
    assert dict(state.table) == {"S": 1, "H": 0, "D": 1, "C": 0, "pot": 5}
    ended = queenie.stopped(setup, state)
    standings = queenie.standings(setup, ended)
    assert standings.totals == {"Alice": 25, "Bruno": 22, "Chloé": 30, "Denis": 26, "Émile": 45}
    assert standings.winners == ("Émile",)
    assert standings.extra["table"] == {"S": 0, "H": 0, "D": 0, "C": 0, "pot": 2}
    assert standings.extra["unclaimed"] == 2
    last = standings.rounds[-1]
    assert last.totals == standings.totals  # the share shows with the last deal, as when a deal ends the game
    assert [str(event) for event in last.events][-1] == "split"
    assert sum(standings.totals.values()) + 2 == 150


def test_a_replay_ends_where_the_table_agreed_once_that_round_is_played() -> None:
    setup = make_setup(queenie, FOUR, {}, "Alice")
    assert replay(queenie, setup, [SALE, SWEEP], stop_after=4).status == "playing"
    ended = replay(queenie, setup, [SALE, SWEEP], stop_after=2)
    assert (ended.status, ended.winners) == ("finished", ("Bruno",))
    hearts = GAMES["hearts"].rules  # a game whose rules do not stop ignores it
    hand = {"hearts": {"Alice": 13, "Bruno": 0, "Chloé": 0, "Denis": 0}, "queen": "Bruno"}
    assert replay(hearts, make_setup(hearts, FOUR, {}), [hand], stop_after=1).status == "playing"


# --- the API ---------------------------------------------------------------------------------------------


def queenie_game(api: Api, deals: list[dict[str, Any]], players: list[str] = FOUR, **options: Any) -> str:
    game_id = api.create("queenie", players, options or None, dealer=players[0]).json["id"]
    for round_input in deals:
        assert api.add(game_id, round_input).status_code == 201
    return game_id


def stop(api: Api, game_id: str, body: Any, **headers: str):
    return api.client.put(f"/api/v1/games/{game_id}/stop", json=body, headers={**api.auth(game_id), **headers})


def resume(api: Api, game_id: str, **headers: str):
    return api.client.delete(f"/api/v1/games/{game_id}/stop", headers={**api.auth(game_id), **headers})


def test_the_state_says_where_a_queenie_game_may_end(api: Api) -> None:
    game_id = queenie_game(api, [])
    assert api.get(game_id).json["stop"] == {"after": None, "choices": []}
    api.add(game_id, Q1)
    assert api.get(game_id).json["stop"] == {"after": None, "choices": [1, 4]}
    hearts = api.create("hearts", FOUR).json
    assert "stop" not in hearts


def test_ending_now_finishes_the_game_with_its_winner(api: Api) -> None:
    game_id = queenie_game(api, [Q1])
    response = stop(api, game_id, {"after": 1}, **{"If-Match": '"1"'})
    assert response.status_code == 200
    body = response.json
    assert body["status"] == "finished"
    assert body["winners"] == ["Denis"]
    assert body["totals"] == {"Alice": 19, "Bruno": 20, "Chloé": 17, "Denis": 23}
    assert body["stop"] == {"after": 1, "choices": [1, 4]}
    assert "next" not in body
    assert response.headers["ETag"] == '"2"'
    refused = api.add(game_id, Q1)
    assert refused.status_code == 409
    assert refused.json["errors"] == [{"field": "round", "message": "The game is over: no more rounds can be added."}]


def test_ending_after_the_turn_of_the_deal_plays_on_to_it(api: Api) -> None:
    game_id = queenie_game(api, [SALE])
    body = stop(api, game_id, {"after": 4}).json
    assert body["status"] == "playing"
    assert body["stop"] == {"after": 4, "choices": [1, 4]}
    for round_input in (SWEEP, SWEEP):
        assert api.add(game_id, round_input).json["status"] == "playing"
    last = api.add(game_id, SWEEP).json
    assert last["status"] == "finished"
    assert last["winners"] == ["Bruno"]
    assert last["stop"] == {"after": 4, "choices": [4]}


def test_undoing_the_last_deal_of_a_stopped_game_keeps_the_agreed_end(api: Api) -> None:
    # A mistake in the last deal: undone, the game plays on until that deal is entered again, then ends.
    game_id = queenie_game(api, [Q1, SWEEP])
    stop(api, game_id, {"after": 2})
    undone = api.delete(game_id, 2).json
    assert undone["status"] == "playing"
    assert undone["stop"] == {"after": 2, "choices": [1, 4]}
    again = api.add(game_id, SWEEP).json
    assert again["status"] == "finished"
    assert again["winners"] == ["Bruno"]


def test_a_correction_keeps_the_agreed_end(api: Api) -> None:
    game_id = queenie_game(api, [Q1])
    stop(api, game_id, {"after": 1})
    corrected = api.put(game_id, 1, SWEEP).json
    assert corrected["status"] == "finished"
    assert corrected["winners"] == ["Bruno"]


def test_taking_the_end_back_reopens_the_game(api: Api) -> None:
    game_id = queenie_game(api, [Q1])
    stop(api, game_id, {"after": 1})
    response = resume(api, game_id, **{"If-Match": '"2"'})
    assert response.status_code == 200
    assert response.json["status"] == "playing"
    assert response.json["stop"] == {"after": None, "choices": [1, 4]}
    assert response.json["next"]["round"] == 2
    assert resume(api, game_id).headers["ETag"] == '"3"'  # nothing to take back: nothing written


def test_the_stop_is_stored_with_the_game_and_in_its_audit(app: Flask, api: Api, db: Database, noon: str) -> None:
    game_id = queenie_game(api, [Q1])
    stop(api, game_id, {"after": 4})
    stop(api, game_id, {"after": 4})  # the same end again: nothing written
    stop(api, game_id, {"after": 1})
    resume(api, game_id)
    game = rows(db, "games")[0]
    assert (game["stop_after"], game["version"]) == (None, 4)
    audit = [(row["action"], row["number"], row["before"], row["after"], row["results"]) for row in rows(db, "audit")]
    nothing = json.dumps({"before": None, "after": None})
    assert audit[1:] == [
        ("stop", 4, None, None, nothing),
        ("stop", 1, None, None, nothing),
        ("resume", 1, None, None, nothing),
    ]
    stop(api, game_id, {"after": 1})
    assert rows(db, "games")[0]["stop_after"] == 1
    changes = api.client.get(f"/api/v1/games/{game_id}/changes").json["changes"]
    assert [(change["action"], change["round"], change["before"], change["after"]) for change in changes[1:]] == [
        ("stop", 4, None, None),
        ("stop", 1, None, None),
        ("resume", 1, None, None),
        ("stop", 1, None, None),
    ]


@pytest.mark.parametrize(
    ("body", "status", "field", "message"),
    [
        (
            {"after": 2},
            422,
            "after",
            "after must be 1 (the rounds played now) or 4 (the end of this turn of the deal).",
        ),
        (
            {"after": "1"},
            422,
            "after",
            "after must be a whole number: the rounds played now, or the end of this turn of the deal.",
        ),
        (
            {"after": True},
            422,
            "after",
            "after must be a whole number: the rounds played now, or the end of this turn of the deal.",
        ),
        ({"after": 1, "now": True}, 422, "now", "Unknown field now."),
    ],
)
def test_refusals_change_nothing(app: Flask, api: Api, body: Any, status: int, field: str, message: str) -> None:
    game_id = queenie_game(api, [Q1])
    before = dump_database(app)
    response = stop(api, game_id, body)
    assert (response.status_code, response.json["errors"]) == (status, [{"field": field, "message": message}])
    assert dump_database(app) == before


def test_a_complete_turn_offers_only_now(api: Api) -> None:
    game_id = queenie_game(api, [SALE, SWEEP, SWEEP, SWEEP])
    response = stop(api, game_id, {"after": 8})
    assert response.json["errors"] == [
        {"field": "after", "message": "after must be 4, the rounds played now: this turn of the deal is complete."}
    ]


def test_nothing_played_or_a_finished_game_cannot_end(api: Api) -> None:
    game_id = queenie_game(api, [])
    response = stop(api, game_id, {"after": 0})
    assert (response.status_code, response.json["errors"]) == (
        409,
        [{"field": "after", "message": "Nothing has been played yet: there is no game to end."}],
    )
    finished = queenie_game(api, list(TIE.rounds), list(TIE.players), rounds=1)
    response = stop(api, finished, {"after": 3})
    assert (response.status_code, response.json["errors"]) == (
        409,
        [{"field": "after", "message": "The game is over already: there is nothing to end."}],
    )


def test_games_whose_rules_do_not_stop_refuse_it(app: Flask, api: Api) -> None:
    game_id = api.create("hearts", FOUR).json["id"]
    api.add(game_id, {"hearts": {"Alice": 13, "Bruno": 0, "Chloé": 0, "Denis": 0}, "queen": "Bruno"})
    before = dump_database(app)
    expected = [{"field": "after", "message": "The rules of this game do not let a table end it early."}]
    for response in (stop(api, game_id, {"after": 1}), resume(api, game_id)):
        assert (response.status_code, response.json["errors"]) == (422, expected)
    assert dump_database(app) == before


def test_a_stop_against_an_older_version_is_refused(app: Flask, api: Api) -> None:
    game_id = queenie_game(api, [Q1, SWEEP])
    before = dump_database(app)
    response = stop(api, game_id, {"after": 2}, **{"If-Match": '"1"'})
    assert response.status_code == 409
    assert response.json["version"] == 2
    assert response.json["errors"][0]["field"] == "version"
    assert dump_database(app) == before
    stop(api, game_id, {"after": 2})
    assert resume(api, game_id, **{"If-Match": '"2"'}).status_code == 409


def test_writing_needs_the_key(client: FlaskClient, api: Api) -> None:
    game_id = queenie_game(api, [Q1])
    assert client.put(f"/api/v1/games/{game_id}/stop", json={"after": 1}).status_code == 401
    wrong = {"Authorization": "Bearer nope"}
    assert client.delete(f"/api/v1/games/{game_id}/stop", headers=wrong).status_code == 403
    assert api.get(game_id).json["stop"]["after"] is None


# --- export and import -----------------------------------------------------------------------------------


def test_the_export_keeps_the_agreed_end_and_the_import_ends_there(api: Api, db: Database) -> None:
    game_id = queenie_game(api, [Q1])
    stop(api, game_id, {"after": 1})
    exported = api.client.get(f"/g/{game_id}/export.json").json
    assert exported["stop_after"] == 1
    imported = api.client.post("/api/v1/games/import", json=exported)
    assert imported.status_code == 201
    body = imported.json
    assert (body["status"], body["winners"], body["stop"]) == ("finished", ["Denis"], {"after": 1, "choices": [1, 4]})
    new_game = [row for row in rows(db, "games") if row["id"] == body["id"]][0]
    assert new_game["stop_after"] == 1
    audit = [(row["action"], row["number"]) for row in rows(db, "audit") if row["game_id"] == body["id"]]
    assert audit == [("import", 1), ("stop", 1)]
    assert "stop_after" not in api.client.get(f"/g/{queenie_game(api, [Q1])}/export.json").json


@pytest.mark.parametrize(
    ("game", "stop_after", "message"),
    [
        ("hearts", 1, "The rules of this game do not let a table end it early."),
        ("queenie", 0, "stop_after must be a whole number from 1 (the rounds of the game) to 1000."),
        ("queenie", "1", "stop_after must be a whole number from 1 (the rounds of the game) to 1000."),
        ("queenie", 1001, "stop_after must be a whole number from 1 (the rounds of the game) to 1000."),
    ],
)
def test_an_import_refuses_an_end_that_does_not_fit(
    app: Flask, api: Api, game: str, stop_after: Any, message: str
) -> None:
    body = {
        "format": "referee-game",
        "format_version": 1,
        "game": game,
        "players": FOUR,
        "rounds": [],
        "stop_after": stop_after,
    }
    before = dump_database(app)
    response = api.client.post("/api/v1/games/import", json=body)
    assert (response.status_code, response.json["errors"]) == (422, [{"field": "stop_after", "message": message}])
    assert dump_database(app) == before


def test_the_book_records_a_game_ended_early_as_won(client: FlaskClient, api: Api) -> None:
    game_id = queenie_game(api, [Q1])
    book = client.post("/api/v1/books", json={}).json
    auth = {"Authorization": f"Bearer {book['key']}"}
    client.post(f"/api/v1/books/{book['id']}/games", json={"id": game_id, "key": api.keys[game_id]}, headers=auth)
    before = client.get(f"/api/v1/books/{book['id']}", headers=auth).json
    assert (before["games"][0]["status"], before["players"]["Denis"]["won"]) == ("playing", 0)
    stop(api, game_id, {"after": 1})
    after = client.get(f"/api/v1/books/{book['id']}", headers=auth).json
    assert (after["games"][0]["status"], after["games"][0]["winners"]) == ("finished", ["Denis"])
    assert after["players"]["Denis"]["won"] == 1
    assert after["players"]["Denis"]["by_game"]["queenie"] == {"played": 1, "won": 1, "net": 3, "out": 1, "queens": 1}
    assert after["players"]["Chloé"]["by_game"]["queenie"]["net"] == -3
