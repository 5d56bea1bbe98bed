"""Points through the JSON API (shared/API.md): creation and its options, the worked examples T1–T4, every
refusal at its field, the end rules, corrections, undo, export and import."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.conftest import Api, dump_database
from tests.points_examples import EXAMPLES, OVER_API, TABLE, Example, points

NAMES = list(TABLE)
DEFAULT_OPTIONS = {"target": 100, "rounds": None, "low_wins": False, "round_total": None, "tie": "share"}
STATE_KEYS = {"id", "game", "players", "dealer", "options", "rounds", "totals", "status", "winners", "next"}
NO_END = [("options.target", "Set a target, a number of rounds, or both: the game needs an end.")]


def errors(response: Any) -> list[tuple[str, str]]:
    body = response.json
    assert set(body) == {"errors"}
    return [(error["field"], error["message"]) for error in body["errors"]]


def new_game(api: Api, players: list[str] = NAMES, options: dict[str, Any] | None = None, **extra: Any) -> str:
    response = api.create("points", players, options, **extra)
    assert response.status_code == 201, response.json
    return response.json["id"]


def add_rows(api: Api, game_id: str, players: list[str], rows: list[tuple[int, ...]]) -> dict[str, Any]:
    state: dict[str, Any] = {}
    for row in rows:
        response = api.add(game_id, points(tuple(players), row))
        assert response.status_code == 201, response.json
        state = response.json
    return state


# --- creating a game -------------------------------------------------------------------------------------


def test_create_answers_201_with_the_full_state_and_a_key(api: Api) -> None:
    response = api.create("points", NAMES)
    assert response.status_code == 201
    state = response.json
    assert set(state) == STATE_KEYS | {"key"}
    assert state["game"] == "points"
    assert state["players"] == NAMES
    assert state["dealer"] == "Alice"
    assert state["options"] == DEFAULT_OPTIONS
    assert state["rounds"] == []
    assert state["totals"] == dict.fromkeys(NAMES, 0)
    assert state["status"] == "playing"
    assert state["winners"] == []
    assert state["next"] == {"round": 1, "dealer": "Alice", "tied": []}
    assert api.get(state["id"]).json == {key: value for key, value in state.items() if key != "key"}


def test_create_with_every_option_and_a_first_dealer(api: Api) -> None:
    options = {"target": 500, "rounds": 10, "low_wins": True, "round_total": 162, "tie": "play_on"}
    response = api.create("points", NAMES, options, dealer="Chloé")
    assert response.status_code == 201
    assert response.json["options"] == options
    assert response.json["dealer"] == "Chloé"
    assert response.json["next"] == {"round": 1, "dealer": "Chloé", "tied": []}
    state = add_rows(api, response.json["id"], NAMES, [(100, 62, 0, 0), (0, 0, 81, 81)])
    assert [result["number"] for result in state["rounds"]] == [1, 2]
    assert state["next"] == {"round": 3, "dealer": "Alice", "tied": []}


@pytest.mark.parametrize("count", [2, 12])
def test_two_and_twelve_players_are_accepted(api: Api, count: int) -> None:
    players = [f"Player {seat}" for seat in range(1, count + 1)]
    game_id = new_game(api, players)
    state = add_rows(api, game_id, players, [tuple(range(count))])
    assert state["totals"] == {player: seat for seat, player in enumerate(players)}
    assert state["next"]["dealer"] == "Player 2"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"players": ["Alice"]}, [("players", "This game needs 2 to 12 players.")]),
        ({"players": [f"P{seat}" for seat in range(13)]}, [("players", "This game needs 2 to 12 players.")]),
        ({"players": NAMES, "dealer": "Zoé"}, [("dealer", "The first dealer must be one of the players.")]),
        ({"players": NAMES, "options": {"target": 0}}, [("options.target", "This option must be at least 1.")]),
        (
            {"players": NAMES, "options": {"target": 1_000_001}},
            [("options.target", "This option must be at most 1000000.")],
        ),
        ({"players": NAMES, "options": {"rounds": 0}}, [("options.rounds", "This option must be at least 1.")]),
        ({"players": NAMES, "options": {"rounds": 1001}}, [("options.rounds", "This option must be at most 1000.")]),
        (
            {"players": NAMES, "options": {"round_total": 100_001}},
            [("options.round_total", "This option must be at most 100000.")],
        ),
        (
            {"players": NAMES, "options": {"round_total": 1.5}},
            [("options.round_total", "This option must be a whole number.")],
        ),
        (
            {"players": NAMES, "options": {"low_wins": 1}},
            [("options.low_wins", "This option is yes or no (true or false).")],
        ),
        (
            {"players": NAMES, "options": {"tie": "draw"}},
            [("options.tie", "This option must be one of: share, play_on.")],
        ),
        ({"players": NAMES, "options": {"target": None}}, NO_END),
        ({"players": NAMES, "options": {"target": None, "rounds": None}}, NO_END),
    ],
)
def test_create_refusals_store_nothing(app: Flask, api: Api, body: dict[str, Any], expected: Any) -> None:
    before = dump_database(app)
    response = api.client.post("/api/v1/games", json={"game": "points", **body})
    assert response.status_code == 422
    assert errors(response) == expected
    assert dump_database(app) == before


# --- the worked examples ---------------------------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES)
def test_worked_examples(app: Flask, api: Api, example: Example) -> None:
    game_id = new_game(api, list(example.players), example.options)
    number = 0
    for step in example.steps:
        before = dump_database(app)
        state_before = api.get(game_id).json
        assert state_before["next"]["round"] == number + 1
        assert state_before["next"]["dealer"] == example.dealers[number]
        response = api.add(game_id, example.input(step))
        if not step.accepted:
            assert response.status_code == 422
            assert errors(response) == list(step.errors)
            assert dump_database(app) == before
            continue
        number += 1
        assert response.status_code == 201, response.json
        state = response.json
        assert state["rounds"][-1] == {
            "number": number,
            "input": example.input(step),
            "scores": example.by_seat(step.values),
            "totals": example.by_seat(step.totals or ()),
            "events": [],
        }
        assert state["totals"] == example.by_seat(step.totals or ())
        assert state["status"] == step.status
        if step.status == "playing":
            assert state["next"] == {
                "round": number + 1,
                "dealer": example.dealers[number],
                "tied": list(step.tied),
            }
            assert state["winners"] == []
        else:
            assert "next" not in state
    final = api.get(game_id).json
    assert final["winners"] == list(example.winners)
    assert final["status"] == ("finished" if example.finished else "playing")
    if example.after_end is not None:
        before = dump_database(app)
        late = api.add(game_id, points(example.players, example.after_end))
        assert late.status_code == 409
        assert errors(late) == [("round", OVER_API)]
        assert dump_database(app) == before


# --- rounds refused at their field -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"points": {"Alice": 1, "Bruno": 2, "Chloé": 3}}, [("points.Denis", "Missing a value for Denis.")]),
        ({"points": {"Alice": 0.5, "Bruno": 2, "Chloé": 3, "Denis": 4}}, [("points.Alice", "Enter a whole number.")]),
        ({"points": {"Alice": 1, "Bruno": "ten", "Chloé": 3, "Denis": 4}}, [("points.Bruno", "Enter a whole number.")]),
        (
            {"points": {"Alice": 1, "Bruno": 2, "Chloé": 3, "Denis": 4, "Zoé": 0}},
            [("points.Zoé", "Zoé is not a player in this game.")],
        ),
        (
            {"points": {"Alice": 1, "Bruno": 2, "Chloé": 100_001, "Denis": 4}},
            [("points.Chloé", "This cannot be more than 100000.")],
        ),
        ({"points": "1,2,3,4"}, [("points", "Give a value for every player.")]),
        ({"points": {"Alice": 1, "Bruno": 2, "Chloé": 3, "Denis": 4}, "sum": 10}, [("sum", "Unknown field sum.")]),
    ],
)
def test_round_refusals_are_422_at_their_field_and_store_nothing(
    app: Flask, api: Api, raw: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    game_id = new_game(api)
    before = dump_database(app)
    response = api.add(game_id, raw)
    assert response.status_code == 422
    assert errors(response) == expected
    assert dump_database(app) == before


def test_a_zero_sum_game_refuses_a_round_that_does_not_balance(app: Flask, api: Api) -> None:
    game_id = new_game(api, NAMES, {"round_total": 0})
    before = dump_database(app)
    response = api.add(game_id, points(TABLE, (10, -5, -5, 1)))
    assert response.status_code == 422
    assert errors(response) == [("points", "The points of one round must add up to 0 (they add up to 1).")]
    assert dump_database(app) == before
    assert api.add(game_id, points(TABLE, (10, -5, -5, 0))).status_code == 201


# --- the end rules ---------------------------------------------------------------------------------------


def test_rounds_only_ends_after_that_many_rounds(api: Api) -> None:
    game_id = new_game(api, ["Ann", "Bob"], {"target": None, "rounds": 2})
    assert add_rows(api, game_id, ["Ann", "Bob"], [(900, 0)])["status"] == "playing"
    state = add_rows(api, game_id, ["Ann", "Bob"], [(0, 1)])
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]


def test_target_and_rounds_whichever_comes_first(api: Api) -> None:
    by_target = new_game(api, ["Ann", "Bob"], {"target": 50, "rounds": 5})
    assert add_rows(api, by_target, ["Ann", "Bob"], [(20, 50)])["winners"] == ["Bob"]
    by_rounds = new_game(api, ["Ann", "Bob"], {"target": 50, "rounds": 1})
    assert add_rows(api, by_rounds, ["Ann", "Bob"], [(20, 10)])["winners"] == ["Ann"]


def test_tied_leaders_share_the_win(api: Api) -> None:
    game_id = new_game(api, ["Ann", "Bob", "Cat"], {"target": 20})
    state = add_rows(api, game_id, ["Ann", "Bob", "Cat"], [(20, 20, 3)])
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann", "Bob"]


def test_play_on_at_the_target_says_who_is_tied(api: Api) -> None:
    game_id = new_game(api, ["Ann", "Bob", "Cat"], {"target": 20, "tie": "play_on", "low_wins": True})
    state = add_rows(api, game_id, ["Ann", "Bob", "Cat"], [(5, 5, 25)])
    assert state["status"] == "playing"
    assert state["next"] == {"round": 2, "dealer": "Bob", "tied": ["Ann", "Bob"]}
    state = add_rows(api, game_id, ["Ann", "Bob", "Cat"], [(1, 0, 0)])
    assert state["status"] == "finished"
    assert state["winners"] == ["Bob"]


# --- corrections, undo, export and import -----------------------------------------------------------------


def test_put_that_ends_the_game_earlier_is_refused_while_later_rounds_exist(app: Flask, api: Api) -> None:
    game_id = new_game(api, ["Ann", "Bob"], {"target": 50})
    add_rows(api, game_id, ["Ann", "Bob"], [(20, 10), (10, 10)])
    before = dump_database(app)
    response = api.put(game_id, 1, points(("Ann", "Bob"), (50, 10)))
    assert response.status_code == 422
    assert errors(response) == [
        ("round", "This change would end the game before round 2, which is already recorded. Nothing was saved."),
        ("round", "Undo round 2 first, then make this correction again."),
    ]
    assert dump_database(app) == before


def test_put_and_delete_reopen_a_finished_game(api: Api) -> None:
    game_id = new_game(api, ["Ann", "Bob"], {"target": 50})
    state = add_rows(api, game_id, ["Ann", "Bob"], [(20, 10), (40, 10)])
    assert state["status"] == "finished"
    corrected = api.put(game_id, 2, points(("Ann", "Bob"), (-12, 10)))
    assert corrected.status_code == 200
    assert corrected.json["totals"] == {"Ann": 8, "Bob": 20}
    assert corrected.json["status"] == "playing"
    assert corrected.json["next"] == {"round": 3, "dealer": "Ann", "tied": []}
    add_rows(api, game_id, ["Ann", "Bob"], [(0, 30)])
    undone = api.delete(game_id, 3)
    assert undone.status_code == 200
    assert undone.json == corrected.json


def test_export_then_import_gives_the_same_game(api: Api) -> None:
    game_id = new_game(api, ["Ann", "Bob"], {"target": None, "rounds": 2, "tie": "play_on"}, dealer="Bob")
    original = add_rows(api, game_id, ["Ann", "Bob"], [(3, -3), (-3, 3), (7, 0)])
    assert original["winners"] == ["Ann"]
    exported = api.client.get(f"/g/{game_id}/export.json")
    assert exported.status_code == 200
    assert [item["input"] for item in exported.json["rounds"]] == [item["input"] for item in original["rounds"]]
    imported = api.client.post("/api/v1/games/import", data=exported.get_data(), content_type="application/json")
    assert imported.status_code == 201, imported.json
    for part in ("game", "players", "dealer", "options", "rounds", "totals", "status", "winners"):
        assert imported.json[part] == original[part], part
    csv = api.client.get(f"/g/{game_id}/export.csv").get_data(as_text=True)
    assert csv.splitlines()[-1].startswith("3,7,7,0,0")


def test_an_import_with_a_round_that_does_not_add_up_is_refused(api: Api) -> None:
    game_id = new_game(api, NAMES, {"round_total": 162})
    add_rows(api, game_id, NAMES, [(92, 70, 0, 0)])
    data = api.client.get(f"/g/{game_id}/export.json").json
    data["rounds"][0]["input"]["points"]["Alice"] = 90
    response = api.client.post("/api/v1/games/import", json=data)
    assert response.status_code == 422
    assert errors(response) == [
        ("rounds.1", "Round 1 cannot be imported:"),
        ("rounds.1.points", "The points of one round must add up to 162 (they add up to 160)."),
    ]
