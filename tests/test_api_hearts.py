"""Hearts through the JSON API (shared/API.md): creation, the worked examples, keys, corrections, undo,
the double-tap guard, the audit trail, and random bodies that must never break anything."""

from __future__ import annotations

import copy
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import create_app
from referee.db import connect
from referee.registry import GAMES
from tests.conftest import Api, dump_database
from tests.hearts_examples import H1_TO_H10, H11, H11_INPUTS, P4, cards, points
from tests.hearts_examples import TABLE as NAMES

DEFAULT_OPTIONS = {
    "target": 100,
    "hands": None,
    "moon": "add",
    "jack_of_diamonds": False,
    "pass_cycle": "standard",
    "pass_count": 3,
    "exact_reset": None,
    "tie": "share",
    "first_trick_points": False,
    "queen_breaks_hearts": False,
}
STATE_KEYS = {"id", "game", "players", "dealer", "options", "rounds", "totals", "status", "winners", "next"}
MALFORMED = [("request", "The request could not be understood (malformed data).")]
NEEDS_KEY = [("request", "This needs the game's edit key.")]
WRONG_KEY = [("request", "This key does not let you change this game. You can still watch it.")]
NO_SUCH = [("id", "No such game or round.")]
NOT_AN_OBJECT = [("body", "The body must be a JSON object.")]


def by_seat(players: list[str], values: list[int]) -> dict[str, int]:
    return dict(zip(players, values, strict=True))


def errors(response: Any) -> list[tuple[str, str]]:
    """The (field, message) pairs of an error answer, checking its shape on the way."""
    body = response.json
    assert set(body) == {"errors"}
    assert all(set(error) == {"field", "message"} for error in body["errors"])
    return [(error["field"], error["message"]) for error in body["errors"]]


def new_game(api: Api, players: list[str] = NAMES, options: dict[str, Any] | None = None, **extra: Any) -> str:
    response = api.create("hearts", players, options, **extra)
    assert response.status_code == 201, response.json
    return response.json["id"]


def add_all(api: Api, game_id: str, inputs: list[dict[str, Any]]) -> dict[str, Any]:
    state: dict[str, Any] = {}
    for raw in inputs:
        response = api.add(game_id, raw)
        assert response.status_code == 201, response.json
        state = response.json
    return state


def put_raw(api: Api, game_id: str, number: int, body: Any) -> Any:
    """PUT any JSON value as the body (``json=None`` in the test client would send no body at all)."""
    return api.client.put(
        f"/api/v1/games/{game_id}/rounds/{number}",
        data=json.dumps(body),
        headers=api.auth(game_id),
        content_type="application/json",
    )


# H11: dealer, pass, hearts [A, B, C, D], queen, hand scores, totals


# --- creating a game ------------------------------------------------------------------------------------


def test_create_answers_201_with_the_full_state_and_a_key(api: Api, app: Flask) -> None:
    response = api.create("hearts", NAMES)
    assert response.status_code == 201
    state = response.json
    assert set(state) == STATE_KEYS | {"key"}
    assert isinstance(state["id"], str)
    assert len(state["id"]) >= 16
    assert isinstance(state["key"], str)
    assert len(state["key"]) >= 24
    assert state["game"] == "hearts"
    assert state["players"] == NAMES
    assert state["dealer"] == "Alice"
    assert state["options"] == DEFAULT_OPTIONS
    assert state["rounds"] == []
    assert state["totals"] == by_seat(NAMES, [0, 0, 0, 0])
    assert state["status"] == "playing"
    assert state["winners"] == []
    assert state["next"] == {
        "round": 1,
        "dealer": "Alice",
        "pass": "left",
        "pass_count": 3,
        "passes": {"Alice": "Bruno", "Bruno": "Chloé", "Chloé": "Denis", "Denis": "Alice"},
        "first_lead": "2C",
        "removed": [],
        "cards_each": 13,
        "near_target": [],
    }
    watched = api.get(state["id"])
    assert watched.status_code == 200
    assert watched.json == {key: value for key, value in state.items() if key != "key"}
    games = dict(dump_database(app))["games"]
    assert len(games) == 1
    assert state["key"] not in json.dumps(games)


def test_create_with_options_and_a_dealer(api: Api) -> None:
    response = api.create(
        "hearts",
        ["  Alice ", "Bruno", "Chloé", "Denis", "Émile"],
        {"target": 50, "moon": "subtract", "pass_count": 2},
        dealer="Chloé",
    )
    assert response.status_code == 201
    state = response.json
    assert state["players"] == ["Alice", "Bruno", "Chloé", "Denis", "Émile"]
    assert state["dealer"] == "Chloé"
    assert state["options"] == {**DEFAULT_OPTIONS, "target": 50, "moon": "subtract", "pass_count": 2}
    assert state["next"] == {
        "round": 1,
        "dealer": "Chloé",
        "pass": "left",
        "pass_count": 2,
        "passes": {"Alice": "Bruno", "Bruno": "Chloé", "Chloé": "Denis", "Denis": "Émile", "Émile": "Alice"},
        "first_lead": "3C",
        "removed": ["2D", "2C"],
        "cards_each": 10,
        "near_target": [],
    }


@pytest.mark.parametrize("count", [3, 7])
def test_three_and_seven_players_are_accepted(api: Api, count: int) -> None:
    players = [f"P{seat}" for seat in range(1, count + 1)]
    response = api.create("hearts", players)
    assert response.status_code == 201
    assert response.json["players"] == players
    assert response.json["next"]["cards_each"] == {3: 17, 7: 7}[count]


def test_a_thirty_character_name_is_accepted(api: Api) -> None:
    name = "x" * 30
    response = api.create("hearts", ["Alice", f"  {name}  ", "Chloé"])
    assert response.status_code == 201
    assert response.json["players"] == ["Alice", name, "Chloé"]


CHOOSE_A_GAME = [("game", f"Choose a game: {', '.join(GAMES)}.")]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param({"game": "bridge", "players": NAMES}, CHOOSE_A_GAME, id="unknown-game"),
        pytest.param({"players": NAMES}, CHOOSE_A_GAME, id="no-game"),
        pytest.param(
            {"game": "hearts", "players": ["A", "B"]}, [("players", "This game needs 3 to 7 players.")], id="2"
        ),
        pytest.param(
            {"game": "hearts", "players": [f"P{seat}" for seat in range(8)]},
            [("players", "This game needs 3 to 7 players.")],
            id="8",
        ),
        pytest.param(
            {"game": "hearts", "players": ["Alice", "Bruno", "Alice"]},
            [("players.2", "Alice is already playing.")],
            id="name-twice",
        ),
        pytest.param(
            {"game": "hearts", "players": ["Alice", "Bruno", " Alice "]},
            [("players.2", "Alice is already playing.")],
            id="name-twice-after-trimming",
        ),
        pytest.param(
            {"game": "hearts", "players": ["Alice", "   ", "Chloé"]},
            [("players.1", "A player needs a name.")],
            id="blank-name",
        ),
        pytest.param(
            {"game": "hearts", "players": ["Alice", "x" * 31, "Chloé"]},
            [("players.1", "A name has at most 30 characters (this one has 31).")],
            id="name-of-31",
        ),
        pytest.param(
            {"game": "hearts", "players": "Alice, Bruno, Chloé"},
            [("players", "Players must be a list of names.")],
            id="players-not-a-list",
        ),
        pytest.param(
            {"game": "hearts", "players": ["Alice", 2, "Chloé"]},
            [("players", "Players must be a list of names.")],
            id="player-not-a-string",
        ),
        pytest.param(
            {"game": "hearts", "players": NAMES, "options": {"colour": "red"}},
            [("options.colour", "Unknown option colour.")],
            id="unknown-option",
        ),
        pytest.param(
            {"game": "hearts", "players": NAMES, "options": {"target": 5}},
            [("options.target", "This option must be at least 10.")],
            id="target-5",
        ),
        pytest.param(
            {"game": "hearts", "players": NAMES, "options": {"target": 1001}},
            [("options.target", "This option must be at most 1000.")],
            id="target-1001",
        ),
        pytest.param(
            {"game": "hearts", "players": NAMES, "options": {"target": "100"}},
            [("options.target", "This option must be a whole number.")],
            id="target-string",
        ),
        pytest.param(
            {"game": "hearts", "players": NAMES, "options": {"moon": "double"}},
            [("options.moon", "This option must be one of: add, subtract, choice, safety, off.")],
            id="moon-double",
        ),
        pytest.param(
            {"game": "hearts", "players": NAMES, "options": {"jack_of_diamonds": 1}},
            [("options.jack_of_diamonds", "This option is yes or no (true or false).")],
            id="jack-1",
        ),
        pytest.param(
            {"game": "hearts", "players": NAMES, "options": {"hands": 0}},
            [("options.hands", "This option must be at least 1.")],
            id="hands-0",
        ),
        pytest.param(
            {"game": "hearts", "players": NAMES, "options": {"tie": None}},
            [("options.tie", "This option needs a value.")],
            id="tie-null",
        ),
        pytest.param(
            {"game": "hearts", "players": NAMES, "options": {"exact_reset": 50, "target": 50}},
            [("options.exact_reset", "The reset score must be below the target.")],
            id="reset-at-target",
        ),
        pytest.param(
            {"game": "hearts", "players": NAMES, "options": ["target", 100]},
            [("options", "Options must be an object of names and values.")],
            id="options-not-an-object",
        ),
        pytest.param(
            {"game": "hearts", "players": NAMES, "dealer": "Zoé"},
            [("dealer", "The first dealer must be one of the players.")],
            id="unknown-dealer",
        ),
        pytest.param(
            {"game": "hearts", "players": NAMES, "colour": "red"},
            [("colour", "Unknown field colour.")],
            id="unknown-field",
        ),
        pytest.param(
            {"game": "hearts", "players": ["A", "B"], "options": {"target": 5, "pass_cycle": "across"}},
            [
                ("players", "This game needs 3 to 7 players."),
                ("options.target", "This option must be at least 10."),
                ("options.pass_cycle", "This option must be one of: standard, left-right, extended."),
            ],
            id="everything-at-once",
        ),
        pytest.param(["hearts", NAMES], NOT_AN_OBJECT, id="array-body"),
    ],
)
def test_create_refusals_store_nothing(app: Flask, api: Api, body: Any, expected: list[tuple[str, str]]) -> None:
    before = dump_database(app)
    response = api.client.post("/api/v1/games", json=body)
    assert response.status_code == 422
    assert errors(response) == expected
    assert dump_database(app) == before


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b'{"game": "hearts", "players": [', id="truncated"),
        pytest.param(b"\xff\xfe{}", id="not-utf8"),
        pytest.param(b"", id="empty"),
        pytest.param(b'{"game": "hearts", "players": ["\\ud800", "Bruno", "Chlo\\u00e9"]}', id="lone-surrogate"),
        pytest.param(b"[" * 5000 + b"]" * 5000, id="nested-too-deep"),
    ],
)
def test_create_with_malformed_json_is_400(app: Flask, api: Api, data: bytes) -> None:
    before = dump_database(app)
    response = api.client.post("/api/v1/games", data=data, content_type="application/json")
    assert response.status_code == 400
    assert errors(response) == MALFORMED
    assert dump_database(app) == before


def test_unknown_game_is_404(api: Api) -> None:
    response = api.get("no-such-game")
    assert response.status_code == 404
    assert errors(response) == NO_SUCH
    response = api.client.post("/api/v1/games/no-such-game/rounds", json=H11_INPUTS[0], headers=api.auth("x", "k"))
    assert response.status_code == 404
    assert errors(response) == NO_SUCH


# --- the worked examples --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "raw", "expected"),
    H1_TO_H10,
)
def test_worked_examples(
    app: Flask, api: Api, players: list[str], options: dict[str, Any], raw: dict[str, Any], expected: list[Any]
) -> None:
    game_id = new_game(api, players, options)
    before = dump_database(app)
    response = api.add(game_id, raw)
    if isinstance(expected[0], tuple):
        assert response.status_code == 422
        assert errors(response) == expected
        assert dump_database(app) == before
        return
    assert response.status_code == 201
    state = response.json
    assert len(state["rounds"]) == 1
    first = state["rounds"][0]
    assert first["number"] == 1
    assert first["input"] == raw
    assert first["scores"] == by_seat(players, expected)
    assert first["totals"] == by_seat(players, expected)
    assert state["totals"] == by_seat(players, expected)
    assert state["status"] == "playing"
    assert state["next"]["round"] == 2
    assert state["next"]["dealer"] == "P2"
    shooters = [name for name, value in raw.get("points", raw.get("hearts", {})).items() if value in (13, 26)]
    moon = "points" in raw and shooters or "hearts" in raw and shooters == [raw["queen"]]
    assert first["events"] == ([f"moon:{shooters[0]}"] if moon else [])


def test_h11_full_game(app: Flask, api: Api) -> None:
    game_id = new_game(api, NAMES, dealer="Alice")
    state = api.get(game_id).json
    for number, (dealer, direction, _taken, _queen, scores, totals) in enumerate(H11, start=1):
        assert state["status"] == "playing"
        assert state["next"]["round"] == number
        assert state["next"]["dealer"] == dealer
        assert state["next"]["pass"] == direction
        assert state["next"]["pass_count"] == (0 if direction == "hold" else 3)
        response = api.add(game_id, H11_INPUTS[number - 1])
        assert response.status_code == 201
        state = response.json
        assert state["rounds"][-1]["number"] == number
        assert state["rounds"][-1]["scores"] == by_seat(NAMES, scores)
        assert state["rounds"][-1]["totals"] == by_seat(NAMES, totals)
        assert state["totals"] == by_seat(NAMES, totals)
    assert [result["scores"] for result in state["rounds"]] == [by_seat(NAMES, hand[4]) for hand in H11]
    assert [result["totals"] for result in state["rounds"]] == [by_seat(NAMES, hand[5]) for hand in H11]
    assert state["rounds"][3]["events"] == ["moon:Bruno"]
    assert state["status"] == "finished"
    assert state["winners"] == ["Bruno"]
    assert "next" not in state
    assert api.get(game_id).json == state
    before = dump_database(app)
    tenth = api.add(game_id, cards(NAMES, [3, 0, 9, 1], "Bruno"))
    assert tenth.status_code == 409
    assert errors(tenth) == [("round", "The game is over: no more rounds can be added.")]
    assert dump_database(app) == before


# --- issue 11: the rules, exactly -----------------------------------------------------------------------

JACK = {"jack_of_diamonds": True}
IMPOSSIBLE = (
    "No hand gives these points: each player takes 0 to 13 hearts, one player the queen of spades (13)"
    " and one player the jack of diamonds (−10)."
)


def test_a_jack_moon_entered_as_points_scores_as_by_cards(api: Api) -> None:
    """Issue 11: with the jack, 16/0/0/0 on paper is Alice's moon with the jack, as the same hand by cards."""
    paper = add_all(api, new_game(api, NAMES, JACK), [points(NAMES, [16, 0, 0, 0])])
    by_cards = add_all(api, new_game(api, NAMES, JACK), [cards(NAMES, [13, 0, 0, 0], "Alice", jack="Alice")])
    for state in (paper, by_cards):
        assert state["rounds"][0]["scores"] == by_seat(NAMES, [-10, 26, 26, 26])
        assert state["rounds"][0]["events"] == ["moon:Alice"]
        assert state["totals"] == by_seat(NAMES, [-10, 26, 26, 26])
    other_jack = add_all(api, new_game(api, NAMES, JACK), [points(NAMES, [26, 0, 0, -10])])
    assert other_jack["rounds"][0]["scores"] == by_seat(NAMES, [0, 26, 26, 16])
    assert other_jack["rounds"][0]["events"] == ["moon:Alice"]


def test_a_jack_moon_from_points_takes_the_moon_choice(app: Flask, api: Api) -> None:
    game_id = new_game(api, NAMES, {**JACK, "moon": "choice"})
    before = dump_database(app)
    response = api.add(game_id, points(NAMES, [16, 0, 0, 0]))
    assert response.status_code == 422
    assert errors(response) == [
        ("moon_choice", "Alice shot the moon: choose whether the others add 26 or Alice subtracts 26.")
    ]
    assert dump_database(app) == before
    state = add_all(api, game_id, [points(NAMES, [16, 0, 0, 0], moon_choice="subtract")])
    assert state["rounds"][0]["input"] == points(NAMES, [16, 0, 0, 0], moon_choice="subtract")
    assert state["rounds"][0]["scores"] == by_seat(NAMES, [-36, 0, 0, 0])
    assert state["rounds"][0]["events"] == ["moon:Alice"]


@pytest.mark.parametrize("row", [[10, 10, -4, 0], [-10, -10, 26, 10], [20, 10, -8, -6]])
def test_a_points_row_no_hand_can_give_is_refused(app: Flask, api: Api, row: list[int]) -> None:
    game_id = new_game(api, NAMES, JACK)
    before = dump_database(app)
    response = api.add(game_id, points(NAMES, row))
    assert response.status_code == 422
    assert errors(response) == [("points", IMPOSSIBLE)]
    assert dump_database(app) == before
    add_all(api, game_id, [points(NAMES, [17, 6, 3, -10])])
    before = dump_database(app)
    response = api.put(game_id, 1, points(NAMES, row))
    assert response.status_code == 422
    assert errors(response) == [("points", IMPOSSIBLE)]
    assert dump_database(app) == before


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        pytest.param({"pass_count": 0}, [("options.pass_count", "This option must be at least 1.")], id="pass-0"),
        pytest.param({"pass_count": 5}, [("options.pass_count", "This option must be at most 4.")], id="pass-5"),
        pytest.param({"hands": 1001}, [("options.hands", "This option must be at most 1000.")], id="hands-1001"),
        pytest.param({"target": 9}, [("options.target", "This option must be at least 10.")], id="target-9"),
        pytest.param(
            {"hands": 10, "exact_reset": 0},
            [
                (
                    "options.exact_reset",
                    "A reset on the target cannot be chosen with a number of hands: the target then ends nothing.",
                )
            ],
            id="reset-with-hands",
        ),
        pytest.param(
            {"target": 30, "exact_reset": 50},
            [("options.exact_reset", "The reset score must be below the target.")],
            id="reset-50-target-30",
        ),
    ],
)
def test_options_out_of_their_range_are_refused(
    app: Flask, api: Api, options: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    before = dump_database(app)
    response = api.create("hearts", NAMES, options)
    assert response.status_code == 422
    assert errors(response) == expected
    assert dump_database(app) == before


@pytest.mark.parametrize(
    "options",
    [
        {"pass_count": 1},
        {"pass_count": 4},
        {"hands": 1},
        {"hands": 1000},
        {"target": 10},
        {"target": 1000},
        {"target": 51, "exact_reset": 50},
    ],
)
def test_options_at_the_ends_of_their_range_are_accepted(api: Api, options: dict[str, Any]) -> None:
    response = api.create("hearts", NAMES, options)
    assert response.status_code == 201
    assert response.json["options"] == {**DEFAULT_OPTIONS, **options}


def test_pass_count_is_zero_on_a_hold_hand(api: Api) -> None:
    game_id = new_game(api, NAMES, {"pass_count": 4})
    state = add_all(api, game_id, H11_INPUTS[:3])
    assert state["next"]["pass"] == "hold"
    assert state["next"]["pass_count"] == 0
    assert state["next"]["passes"] == {}
    state = add_all(api, game_id, H11_INPUTS[3:4])
    assert state["next"]["pass"] == "left"
    assert state["next"]["pass_count"] == 4


def test_with_a_number_of_hands_the_target_ends_nothing(api: Api) -> None:
    game_id = new_game(api, NAMES, {"hands": 2, "target": 10})
    state = add_all(api, game_id, [points(NAMES, [0, 0, 26, 0])])
    assert state["totals"] == by_seat(NAMES, [26, 26, 0, 26])
    assert state["status"] == "playing"
    assert "near_target" not in state["next"]
    state = add_all(api, game_id, [points(NAMES, [3, 13, 9, 1])])
    assert state["status"] == "finished"
    assert state["winners"] == ["Chloé"]


def test_reset_to_fifty_with_a_target_above_fifty(api: Api) -> None:
    game_id = new_game(api, NAMES, {"target": 51, "exact_reset": 50})
    state = add_all(api, game_id, [points(NAMES, [25, 1, 0, 0]), *[points(NAMES, [0, 25, 1, 0])] * 2])
    assert state["totals"] == by_seat(NAMES, [25, 50, 2, 0])
    assert state["rounds"][-1]["events"] == ["reset:Bruno"]
    assert state["status"] == "playing"


# --- keys -----------------------------------------------------------------------------------------------


@pytest.fixture
def two_games(api: Api) -> tuple[str, str]:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS[:2])
    return game_id, new_game(api)


def _write(api: Api, method: str, game_id: str, headers: dict[str, str]) -> Any:
    if method == "post":
        return api.client.post(f"/api/v1/games/{game_id}/rounds", json=H11_INPUTS[2], headers=headers)
    if method == "put":
        return api.client.put(f"/api/v1/games/{game_id}/rounds/1", json=H11_INPUTS[2], headers=headers)
    return api.client.delete(f"/api/v1/games/{game_id}/rounds/2", headers=headers)


@pytest.mark.parametrize("method", ["post", "put", "delete"])
@pytest.mark.parametrize(
    ("header", "status", "expected"),
    [
        pytest.param(None, 401, NEEDS_KEY, id="no-header"),
        pytest.param("Bearer ", 401, NEEDS_KEY, id="empty-bearer"),
        pytest.param("Bearer", 401, NEEDS_KEY, id="bare-bearer"),
        pytest.param("Basic {key}", 401, NEEDS_KEY, id="basic-scheme"),
        pytest.param("{key}", 401, NEEDS_KEY, id="key-without-scheme"),
        pytest.param("Bearer wrong-key", 403, WRONG_KEY, id="wrong-key"),
        pytest.param("Bearer {key}x", 403, WRONG_KEY, id="key-with-extra"),
        pytest.param("Bearer {other}", 403, WRONG_KEY, id="other-games-key"),
    ],
)
def test_writes_need_the_games_key(
    app: Flask,
    api: Api,
    two_games: tuple[str, str],
    method: str,
    header: str | None,
    status: int,
    expected: list[tuple[str, str]],
) -> None:
    game_id, other_id = two_games
    headers = (
        {} if header is None else {"Authorization": header.format(key=api.keys[game_id], other=api.keys[other_id])}
    )
    before = dump_database(app)
    response = _write(api, method, game_id, headers)
    assert response.status_code == status
    assert errors(response) == expected
    assert dump_database(app) == before


@pytest.mark.parametrize(("method", "status"), [("post", 201), ("put", 200), ("delete", 200)])
def test_the_right_key_in_any_case_of_the_scheme(
    api: Api, two_games: tuple[str, str], method: str, status: int
) -> None:
    game_id, _other = two_games
    response = _write(api, method, game_id, {"Authorization": f"bearer  {api.keys[game_id]} "})
    assert response.status_code == status


def test_watching_needs_no_key(api: Api, two_games: tuple[str, str]) -> None:
    game_id, _other = two_games
    response = api.client.get(f"/api/v1/games/{game_id}")
    assert response.status_code == 200
    state: dict[str, Any] = response.json or {}
    assert state["totals"] == by_seat(NAMES, [15, 22, 6, 9])
    assert "key" not in state


# --- corrections and undo -------------------------------------------------------------------------------


def test_put_replaces_a_round_and_rescores_the_later_ones(app: Flask, api: Api) -> None:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS[:3])
    response = api.put(game_id, 1, cards(NAMES, [0, 4, 2, 7], "Bruno"))
    assert response.status_code == 200
    state = response.json
    assert [result["number"] for result in state["rounds"]] == [1, 2, 3]
    assert state["rounds"][0]["input"] == cards(NAMES, [0, 4, 2, 7], "Bruno")
    assert [result["scores"] for result in state["rounds"]] == [
        by_seat(NAMES, [0, 17, 2, 7]),
        by_seat(NAMES, [13, 5, 6, 2]),
        by_seat(NAMES, [3, 0, 8, 15]),
    ]
    assert [result["totals"] for result in state["rounds"]] == [
        by_seat(NAMES, [0, 17, 2, 7]),
        by_seat(NAMES, [13, 22, 8, 9]),
        by_seat(NAMES, [16, 22, 16, 24]),
    ]
    assert state["totals"] == by_seat(NAMES, [16, 22, 16, 24])
    assert state["next"]["round"] == 4
    assert api.get(game_id).json == state
    assert len(dict(dump_database(app))["rounds"]) == 3


def test_put_can_turn_a_hand_into_a_moon_and_back_to_paper_points(api: Api) -> None:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS[:2])
    moon = api.put(game_id, 2, cards(NAMES, [0, 0, 13, 0], "Chloé"))
    assert moon.status_code == 200
    assert moon.json["rounds"][1]["events"] == ["moon:Chloé"]
    assert moon.json["totals"] == by_seat(NAMES, [28, 43, 0, 33])
    paper = api.put(game_id, 2, points(NAMES, [13, 5, 6, 2]))
    assert paper.status_code == 200
    assert paper.json["rounds"][1]["events"] == []
    assert paper.json["totals"] == by_seat(NAMES, [15, 22, 6, 9])


def test_put_that_would_leave_rounds_after_the_end_is_refused(app: Flask, api: Api) -> None:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS[:8])
    before = dump_database(app)
    state_before = api.get(game_id).json
    response = api.put(game_id, 7, cards(NAMES, [0, 0, 1, 12], "Denis"))
    assert response.status_code == 422
    assert errors(response) == [
        ("round", "This change would end the game before hand 8, which is already recorded. Nothing was saved."),
        ("round", "Undo hand 8 first, then make this correction again."),
    ]
    assert dump_database(app) == before
    assert api.get(game_id).json == state_before


def test_put_that_makes_a_later_round_impossible_is_refused(app: Flask, api: Api) -> None:
    game_id = new_game(api, P4, {"hands": 2, "tie": "play_on"})
    state = add_all(api, game_id, [points(P4, [13, 13, 0, 0]), points(P4, [0, 0, 13, 13])])
    assert state["status"] == "playing"
    assert state["totals"] == by_seat(P4, [13, 13, 13, 13])
    state = add_all(api, game_id, [points(P4, [3, 13, 9, 1])])
    assert state["status"] == "finished"
    assert state["winners"] == ["P4"]
    before = dump_database(app)
    response = api.put(game_id, 2, points(P4, [25, 0, 1, 0]))
    assert response.status_code == 422
    assert errors(response) == [
        ("round", "This change would end the game before hand 3, which is already recorded. Nothing was saved."),
        ("round", "Undo hand 3 first, then make this correction again."),
    ]
    assert dump_database(app) == before


def test_put_can_reopen_a_finished_game(api: Api) -> None:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS)
    response = api.put(game_id, 9, cards(NAMES, [2, 3, 1, 7], "Alice"))
    assert response.status_code == 200
    state = response.json
    assert state["rounds"][8]["scores"] == by_seat(NAMES, [15, 3, 1, 7])
    assert state["totals"] == by_seat(NAMES, [82, 46, 69, 89])
    assert state["status"] == "playing"
    assert state["winners"] == []
    assert state["next"]["round"] == 10
    assert state["next"]["dealer"] == "Bruno"
    assert state["next"]["pass"] == "right"
    assert api.add(game_id, cards(NAMES, [3, 0, 9, 1], "Bruno")).status_code == 201


def test_put_refused_by_the_rules_changes_nothing(app: Flask, api: Api) -> None:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS[:3])
    before = dump_database(app)
    response = api.put(game_id, 2, cards(NAMES, [0, 5, 6, 1], "Alice"))
    assert response.status_code == 422
    assert errors(response) == [("hearts", "The hearts taken must add up to 13 (they add up to 12).")]
    assert dump_database(app) == before
    response = api.put(game_id, 2, {**H11_INPUTS[1], "round": 2})
    assert response.status_code == 422
    assert errors(response) == [("round", "Unknown field round.")]
    assert dump_database(app) == before


@pytest.mark.parametrize("number", [0, 4, 99])
def test_put_or_delete_an_unknown_round_is_404(app: Flask, api: Api, number: int) -> None:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS[:3])
    before = dump_database(app)
    response = api.put(game_id, number, H11_INPUTS[0])
    assert response.status_code == 404
    assert errors(response) == NO_SUCH
    response = api.delete(game_id, number)
    assert response.status_code == 404
    assert errors(response) == NO_SUCH
    assert dump_database(app) == before


def test_put_or_delete_on_an_unknown_game_is_404(api: Api) -> None:
    headers = {"Authorization": "Bearer whatever"}
    assert api.client.put("/api/v1/games/nope/rounds/1", json=H11_INPUTS[0], headers=headers).status_code == 404
    assert api.client.delete("/api/v1/games/nope/rounds/1", headers=headers).status_code == 404


def test_delete_the_last_round_gives_back_the_state_before_it(app: Flask, api: Api) -> None:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS[:2])
    state_before = api.get(game_id).json
    add_all(api, game_id, H11_INPUTS[2:3])
    response = api.delete(game_id, 3)
    assert response.status_code == 200
    assert response.json == state_before
    assert api.get(game_id).json == state_before
    assert len(dict(dump_database(app))["rounds"]) == 2


def test_delete_a_round_that_is_not_the_last_is_409(app: Flask, api: Api) -> None:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS[:3])
    before = dump_database(app)
    response = api.delete(game_id, 1)
    assert response.status_code == 409
    assert errors(response) == [("round", "Only the last hand can be undone; correct hand 1 instead.")]
    assert dump_database(app) == before


def test_delete_reopens_a_finished_game(api: Api) -> None:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS)
    response = api.delete(game_id, 9)
    assert response.status_code == 200
    state = response.json
    assert state["status"] == "playing"
    assert state["totals"] == by_seat(NAMES, [67, 43, 68, 82])
    assert state["next"]["round"] == 9
    assert state["next"]["dealer"] == "Alice"
    assert state["next"]["near_target"] == ["Denis"]


# --- bodies the API refuses -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b'{"hearts": {"Alice": 2,', id="truncated"),
        pytest.param(b"{'queen': 'Bruno'}", id="single-quotes"),
        pytest.param(b"\xc3\x28", id="not-utf8"),
        pytest.param(b"", id="empty"),
        pytest.param(b'{"queen": "\\udc00"}', id="lone-surrogate"),
        pytest.param(b'{"hearts": ' + b"[" * 1200 + b"]" * 1200 + b"}", id="nested-too-deep"),
    ],
)
def test_malformed_json_is_400_and_stores_nothing(app: Flask, api: Api, data: bytes) -> None:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS[:1])
    before = dump_database(app)
    headers = api.auth(game_id)
    for response in (
        api.client.post(f"/api/v1/games/{game_id}/rounds", data=data, headers=headers, content_type="application/json"),
        api.client.put(
            f"/api/v1/games/{game_id}/rounds/1", data=data, headers=headers, content_type="application/json"
        ),
    ):
        assert response.status_code == 400
        assert errors(response) == MALFORMED
    assert dump_database(app) == before


@pytest.mark.parametrize("body", [[1, 2, 3], "Alice", 26, None, True])
def test_a_body_that_is_not_an_object_is_422(app: Flask, api: Api, body: Any) -> None:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS[:1])
    before = dump_database(app)
    response = api.add(game_id, body)
    assert response.status_code == 422
    assert errors(response) == NOT_AN_OBJECT
    response = put_raw(api, game_id, 1, body)
    assert response.status_code == 422
    assert errors(response) == NOT_AN_OBJECT
    assert dump_database(app) == before


@pytest.mark.parametrize(
    ("options", "raw", "expected"),
    [
        pytest.param(
            {},
            cards(NAMES, [2, 4, 0, 6], "Bruno"),
            [("hearts", "The hearts taken must add up to 13 (they add up to 12).")],
            id="hearts-12",
        ),
        pytest.param(
            {},
            {"hearts": {"Alice": -1, "Bruno": "4", "Chloé": 2.5, "Zoé": 0}, "queen": "Zoé"},
            [
                ("hearts.Zoé", "Zoé is not a player in this game."),
                ("hearts.Alice", "This cannot be less than 0."),
                ("hearts.Bruno", "Enter a whole number."),
                ("hearts.Chloé", "Enter a whole number."),
                ("hearts.Denis", "Missing a value for Denis."),
                ("queen", "Zoé is not a player in this game."),
            ],
            id="many-problems",
        ),
        pytest.param(
            {"jack_of_diamonds": True},
            cards(NAMES, [2, 4, 0, 7], "Bruno"),
            [("jack", "Choose a player.")],
            id="jack-missing",
        ),
        pytest.param(
            {"moon": "choice"},
            cards(NAMES, [0, 13, 0, 0], "Bruno"),
            [("moon_choice", "Bruno shot the moon: choose whether the others add 26 or Bruno subtracts 26.")],
            id="moon-choice-missing",
        ),
        pytest.param({}, {**H11_INPUTS[0], "spades": 0}, [("spades", "Unknown field spades.")], id="unknown-field"),
    ],
)
def test_a_refused_round_leaves_the_database_identical(
    app: Flask, api: Api, options: dict[str, Any], raw: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    game_id = new_game(api, NAMES, options)
    before = dump_database(app)
    response = api.add(game_id, raw)
    assert response.status_code == 422
    assert errors(response) == expected
    assert dump_database(app) == before


def test_a_round_is_taken_as_json_only(app: Flask, api: Api) -> None:
    """text/plain is what another site could send through a visitor's browser: refused, nothing stored."""
    game_id = new_game(api)
    before = dump_database(app)
    path, body = f"/api/v1/games/{game_id}/rounds", json.dumps(H11_INPUTS[0])
    plain = api.client.post(path, data=body, headers=api.auth(game_id), content_type="text/plain")
    assert plain.status_code == 415
    assert dump_database(app) == before
    response = api.client.post(
        path, data=body, headers=api.auth(game_id), content_type="application/json; charset=utf-8"
    )
    assert response.status_code == 201
    assert (response.json or {})["totals"] == by_seat(NAMES, [2, 17, 0, 7])


# --- the double-tap guard and the audit trail -----------------------------------------------------------


def test_round_number_in_the_body_guards_against_a_double_tap(app: Flask, api: Api) -> None:
    game_id = new_game(api)
    first = api.add(game_id, {**H11_INPUTS[0], "round": 1})
    assert first.status_code == 201
    assert first.json["rounds"][0]["input"] == H11_INPUTS[0]
    before = dump_database(app)
    again = api.add(game_id, {**H11_INPUTS[0], "round": 1})
    assert again.status_code == 409
    assert errors(again) == [
        ("round", "Hand 1 is already recorded (from another phone or a second tap). Nothing was added.")
    ]
    ahead = api.add(game_id, {**H11_INPUTS[1], "round": 3})
    assert ahead.status_code == 409
    assert errors(ahead) == [("round", "The next hand is hand 2.")]
    for wrong in ("2", 2.0, True, [2], 0, -1):
        response = api.add(game_id, {**H11_INPUTS[1], "round": wrong})
        assert response.status_code == 422
        assert errors(response) == [("round", "The round number must be a whole number from 1.")]
    assert dump_database(app) == before
    second = api.add(game_id, {**H11_INPUTS[1], "round": 2})
    assert second.status_code == 201
    assert second.json["totals"] == by_seat(NAMES, [15, 22, 6, 9])
    third = api.add(game_id, {**H11_INPUTS[2], "round": None})
    assert third.status_code == 201
    assert [result["input"] for result in third.json["rounds"]] == H11_INPUTS[:3]


def test_round_number_checked_before_the_end_of_the_game(app: Flask, api: Api) -> None:
    game_id = new_game(api)
    add_all(api, game_id, H11_INPUTS)
    before = dump_database(app)
    replayed = api.add(game_id, {**H11_INPUTS[8], "round": 9})
    assert replayed.status_code == 409
    assert errors(replayed) == [
        ("round", "Hand 9 is already recorded (from another phone or a second tap). Nothing was added.")
    ]
    after_end = api.add(game_id, {**H11_INPUTS[8], "round": 10})
    assert after_end.status_code == 409
    assert errors(after_end) == [("round", "The game is over: no more rounds can be added.")]
    assert dump_database(app) == before


def _audit_rows(app: Flask, game_id: str) -> list[dict[str, Any]]:
    db = connect(app.config["DATABASE"])
    try:
        return [dict(row) for row in db.query("select * from audit where game_id = ? order by id", [game_id])]
    finally:
        db.close()


def test_every_add_edit_and_undo_leaves_one_audit_row(app: Flask, api: Api) -> None:
    game_id = new_game(api)
    other_id = new_game(api)
    add_all(api, other_id, H11_INPUTS[:1])
    add_all(api, game_id, H11_INPUTS[:2])
    corrected = cards(NAMES, [0, 4, 2, 7], "Bruno")
    assert api.put(game_id, 1, corrected).status_code == 200
    assert api.delete(game_id, 2).status_code == 200
    assert api.add(game_id, cards(NAMES, [2, 4, 0, 6], "Bruno")).status_code == 422
    assert api.delete(game_id, 5).status_code == 404
    rows = _audit_rows(app, game_id)
    decoded = [
        (
            row["number"],
            row["action"],
            None if row["before"] is None else json.loads(row["before"]),
            None if row["after"] is None else json.loads(row["after"]),
        )
        for row in rows
    ]
    assert decoded == [
        (1, "add", None, H11_INPUTS[0]),
        (2, "add", None, H11_INPUTS[1]),
        (1, "edit", H11_INPUTS[0], corrected),
        (2, "undo", H11_INPUTS[1], None),
    ]
    assert all(row["game_id"] == game_id and row["at"] for row in rows)
    assert "Chloé" in rows[0]["after"]
    assert [(row["number"], row["action"]) for row in _audit_rows(app, other_id)] == [(1, "add")]


# --- random bodies --------------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=15,
)
PER_PLAYER = st.dictionaries(
    st.sampled_from(NAMES) | st.text(max_size=6), st.integers(-3, 30) | JSON_VALUES, max_size=6
)
NEAR_ROUNDS = st.fixed_dictionaries(
    {},
    optional={
        "hearts": PER_PLAYER | JSON_VALUES,
        "queen": st.sampled_from(NAMES) | JSON_VALUES,
        "points": PER_PLAYER | JSON_VALUES,
        "jack": st.sampled_from(NAMES) | JSON_VALUES,
        "moon_choice": st.sampled_from(["add", "subtract"]) | JSON_VALUES,
        "round": st.integers(-1, 4) | JSON_VALUES,
    },
)
BODIES = JSON_VALUES | NEAR_ROUNDS


def test_random_bodies_never_break_anything() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "TESTING": True,
                "DATABASE": str(Path(folder) / "referee.sqlite3"),
                "SECRET_KEY": "test-secret",
                "WTF_CSRF_ENABLED": False,
            }
        )
        api = Api(app.test_client())
        plain = new_game(api)
        choosy = new_game(api, NAMES, {"jack_of_diamonds": True, "moon": "choice"})
        for game_id in (plain, choosy):
            add_all(api, game_id, [points(NAMES, [3, 13, 9, 1] if game_id == plain else [3, 13, 0, 0])])
        outcomes: set[int] = set()

        @settings(max_examples=150, deadline=None)
        @given(body=BODIES, put=st.booleans(), choose=st.booleans())
        def post_or_put(body: Any, put: bool, choose: bool) -> None:
            game_id = choosy if choose else plain
            before = dump_database(app)
            rounds_before = len(api.get(game_id).json["rounds"])
            response = put_raw(api, game_id, 1, body) if put else api.add(game_id, body)
            outcomes.add(response.status_code)
            assert response.status_code < 500
            if response.status_code >= 400:
                assert response.status_code in (409, 422)
                assert errors(response)
                assert dump_database(app) == before
            else:
                assert response.status_code == (200 if put else 201)
                assert len(response.json["rounds"]) == rounds_before + (0 if put else 1)

        post_or_put()
        assert 422 in outcomes


# --- Exporting and importing a Hearts game ------------------------------------------------------------


def hand(hearts: list[int], queen: int, players: list[str] = NAMES) -> dict[str, Any]:
    return {"hearts": dict(zip(players, hearts, strict=True)), "queen": players[queen]}


def hearts_h11(api: Api) -> str:
    game_id = api.create("hearts", NAMES).json["id"]
    add_all(api, game_id, H11_INPUTS)
    return game_id


def play(api: Api, players: list[str], inputs: list[dict[str, Any]]) -> str:
    game_id = api.create("hearts", players).json["id"]
    add_all(api, game_id, inputs)
    return game_id


def test_csv_of_a_small_game_exactly(api: Api) -> None:
    players = ["Zoë", "Bruno O'Neil", 'Chloé, "C"', "=Denis"]
    game_id = play(api, players, [hand([2, 4, 0, 7], 1, players), hand([0, 13, 0, 0], 1, players)])
    response = api.client.get(f"/g/{game_id}/export.csv")
    assert response.get_data(as_text=True) == (
        "\ufeff"
        'Hand,Zoë,Zoë total,Bruno O\'Neil,Bruno O\'Neil total,"Chloé, ""C""","Chloé, ""C"" total",'
        "'=Denis,'=Denis total,Events\r\n"
        "1,2,2,17,17,0,0,7,7,\r\n"
        "2,26,28,0,17,26,26,26,33,Bruno O'Neil shot the moon\r\n"
    )


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
        [("game", f"Choose a game: {', '.join(GAMES)}.")],
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
