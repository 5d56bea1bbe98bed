"""Oh Hell through the JSON API (shared/API.md): creation and its options, the worked examples OH1–OH15 entered
in one step, OH6 in two steps (the bids stored before the play, then the tricks), every refusal at its field
(nothing stored), the end of the game (409), corrections and undo."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.conftest import Api, dump_database
from tests.ohhell_examples import (
    DEFAULT_OPTIONS,
    EXAMPLES,
    OH6,
    OH6_HOOK,
    OH6_REFUSED,
    OH9_FORBIDDEN,
    OH10,
    OH12_LIMITS,
    OH13,
    OH14,
    OH15,
    TABLE,
    Example,
    by_seat,
    hand_input,
)

NAMES = list(TABLE)
STATE_KEYS = {"id", "game", "players", "dealer", "options", "rounds", "totals", "status", "winners", "next"}
PLAN_KEYS = ("round", "dealer", "hands", "first_bidder", "hand_size", "trumps")
OVER_API = [("round", "The game is over: no more rounds can be added.")]


def errors(response: Any) -> list[tuple[str, str]]:
    body = response.json
    assert set(body) == {"errors"}
    return [(error["field"], error["message"]) for error in body["errors"]]


def plan(state: dict[str, Any]) -> dict[str, Any]:
    """What ``next`` says of the hand to play, from the rules (the stored bids' facts aside)."""
    return {key: state["next"][key] for key in PLAN_KEYS}


def new_game(api: Api, players: list[str] = NAMES, options: dict[str, Any] | None = None, **extra: Any) -> str:
    response = api.create("ohhell", players, options, **extra)
    assert response.status_code == 201, response.json
    return response.json["id"]


def expected_events(players: tuple[str, ...], bids: tuple[int, ...], tricks: tuple[int, ...], size: int) -> list[str]:
    made = [f"made:{player}" for player, bid, took in zip(players, bids, tricks, strict=True) if bid == took]
    missed = [f"missed:{player}" for player, bid, took in zip(players, bids, tricks, strict=True) if bid != took]
    balance = sum(bids) - size
    return made + missed + ([f"overbid:{balance}"] if balance > 0 else [f"underbid:{-balance}"] if balance < 0 else [])


# --- creating a game -------------------------------------------------------------------------------------


def test_create_answers_201_with_the_defaults_and_the_first_hand(api: Api) -> None:
    response = api.create("ohhell", NAMES)
    assert response.status_code == 201
    state = response.json
    assert set(state) == STATE_KEYS | {"key"}
    assert state["game"] == "ohhell"
    assert state["options"] == DEFAULT_OPTIONS
    assert state["dealer"] == "Alice"
    assert state["rounds"] == [] and state["winners"] == [] and state["status"] == "playing"
    assert plan(state) == {
        "round": 1,
        "dealer": "Alice",
        "hands": 19,
        "first_bidder": "Bruno",
        "hand_size": 10,
        "trumps": "turn_up",
    }


def test_create_with_every_option(api: Api) -> None:
    options = {
        "max_cards": 13,
        "sequence": "up",
        "no_trump_max": True,
        "hook": False,
        "scoring": "penalty",
        "penalty_per_trick": 5,
        "tie": "play_on",
    }
    response = api.create("ohhell", NAMES, options, dealer="Chloé")
    assert response.status_code == 201, response.json
    assert response.json["options"] == options
    assert plan(response.json) == {
        "round": 1,
        "dealer": "Chloé",
        "hands": 13,
        "first_bidder": "Denis",
        "hand_size": 1,
        "trumps": "turn_up",
    }


@pytest.mark.parametrize(("count", "most"), OH12_LIMITS)
def test_oh12_the_largest_hand_the_pack_allows(app: Flask, api: Api, count: int, most: int) -> None:
    players = [f"P{seat}" for seat in range(count)]
    assert api.create("ohhell", players, {"max_cards": most}).status_code == 201
    before = dump_database(app)
    refused = api.create("ohhell", players, {"max_cards": most + 1})
    assert refused.status_code == 422
    assert errors(refused) == [
        ("options.max_cards", f"With {count} players a hand has at most {most} cards (52 cards).")
    ]
    assert dump_database(app) == before


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"players": ["Ann", "Ben"]}, [("players", "This game needs 3 to 7 players.")]),
        ({"players": [f"P{seat}" for seat in range(8)]}, [("players", "This game needs 3 to 7 players.")]),
        ({"players": NAMES, "options": {"max_cards": 0}}, [("options.max_cards", "This option must be at least 1.")]),
        (
            {"players": NAMES, "options": {"penalty_per_trick": 5, "scoring": "exact"}},
            [("options.penalty_per_trick", "A penalty per trick goes only with the penalty scoring.")],
        ),
        (
            {"players": NAMES, "options": {"sequence": "random"}},
            [("options.sequence", "This option must be one of: down_up, up_down, down, up.")],
        ),
        (
            {"players": NAMES, "options": {"scoring": "bonus"}},
            [("options.scoring", "This option must be one of: exact, tricks, squared, penalty.")],
        ),
        (
            {"players": NAMES, "options": {"tie": "coin"}},
            [("options.tie", "This option must be one of: share, play_on.")],
        ),
        (
            {"players": NAMES, "options": {"hook": "yes"}},
            [("options.hook", "This option is yes or no (true or false).")],
        ),
    ],
)
def test_create_refusals_store_nothing(app: Flask, api: Api, body: dict[str, Any], expected: Any) -> None:
    before = dump_database(app)
    response = api.client.post("/api/v1/games", json={"game": "ohhell", **body})
    assert response.status_code == 422
    assert errors(response) == expected
    assert dump_database(app) == before


def test_oh12_trumps_in_next(api: Api) -> None:
    thirteen = api.create("ohhell", NAMES, {"max_cards": 13}).json
    assert plan(thirteen)["trumps"] == "none"
    no_trump_max = api.create("ohhell", NAMES, {"no_trump_max": True}).json
    assert plan(no_trump_max)["trumps"] == "none"
    game_id = no_trump_max["id"]
    after = api.add(game_id, hand_input(TABLE, (3, 2, 4, 2), (3, 3, 2, 2))).json
    assert (plan(after)["hand_size"], plan(after)["trumps"]) == (9, "turn_up")


# --- the worked examples, one step per hand --------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda example: example.name)
def test_worked_examples(app: Flask, api: Api, example: Example) -> None:
    game_id = new_game(api, list(example.players), example.options, dealer=example.dealer)
    for number, (hand, totals) in enumerate(zip(example.hands, example.totals(), strict=True), start=1):
        before = api.get(game_id).json
        assert before["next"]["round"] == number
        if hand.dealer is not None:
            assert before["next"]["dealer"] == hand.dealer
        if hand.size is not None:
            assert before["next"]["hand_size"] == hand.size
        size = before["next"]["hand_size"]
        response = api.add(game_id, hand_input(example.players, hand.bids, hand.tricks))
        assert response.status_code == 201, response.json
        state = response.json
        assert state["rounds"][-1] == {
            "number": number,
            "input": hand_input(example.players, hand.bids, hand.tricks),
            "scores": by_seat(example.players, hand.scores),
            "totals": by_seat(example.players, totals),
            "events": expected_events(example.players, hand.bids, hand.tricks, size),
        }
        assert state["totals"] == by_seat(example.players, totals)
    final = api.get(game_id).json
    assert final["winners"] == list(example.winners)
    assert final["status"] == ("finished" if example.winners else "playing")
    if example.winners:
        assert "next" not in final
        stored = dump_database(app)
        late = api.add(game_id, example.inputs()[-1])
        assert late.status_code == 409
        assert errors(late) == OVER_API
        assert dump_database(app) == stored


def test_oh1_events_and_scores(api: Api) -> None:
    game_id = new_game(api, dealer="Denis")
    state = api.add(game_id, hand_input(TABLE, (3, 2, 4, 2), (3, 3, 2, 2))).json
    assert state["rounds"][0]["events"] == ["made:Alice", "made:Denis", "missed:Bruno", "missed:Chloé", "overbid:1"]
    assert state["rounds"][0]["scores"] == {"Alice": 13, "Bruno": 0, "Chloé": 0, "Denis": 12}


def test_oh6_the_hook_refuses_a_hand_in_one_step_and_stores_nothing(app: Flask, api: Api) -> None:
    game_id = new_game(api, options=OH6, dealer="Denis")
    before = dump_database(app)
    response = api.add(game_id, OH6_REFUSED)
    assert response.status_code == 422
    assert errors(response) == [OH6_HOOK]
    assert dump_database(app) == before
    accepted = api.add(game_id, hand_input(TABLE, (2, 0, 1, 1), (2, 1, 1, 1)))
    assert accepted.status_code == 201
    assert accepted.json["rounds"][0]["scores"] == by_seat(TABLE, (12, 0, 11, 11))
    assert accepted.json["rounds"][0]["events"][-1] == "underbid:1"


def test_oh8_without_the_hook_the_same_bids_are_accepted(api: Api) -> None:
    game_id = new_game(api, options={**OH6, "hook": False}, dealer="Denis")
    response = api.add(game_id, hand_input(TABLE, (2, 0, 1, 2), (2, 0, 1, 2)))
    assert response.status_code == 201
    assert response.json["totals"] == by_seat(TABLE, (12, 10, 11, 12))


@pytest.mark.parametrize(("case", "raw", "expected"), OH10, ids=[case for case, _raw, _expected in OH10])
def test_oh10_refusals_are_422_at_their_field_and_store_nothing(
    app: Flask, api: Api, case: str, raw: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    game_id = new_game(api, dealer="Denis")
    before = dump_database(app)
    response = api.add(game_id, raw)
    assert response.status_code == 422
    assert errors(response) == expected
    assert dump_database(app) == before


def test_the_right_hand_size_is_accepted_and_not_stored(api: Api) -> None:
    game_id = new_game(api, dealer="Denis")
    response = api.add(game_id, {**hand_input(TABLE, (3, 2, 4, 2), (3, 3, 2, 2)), "hand_size": 10})
    assert response.status_code == 201
    assert response.json["rounds"][0]["input"] == hand_input(TABLE, (3, 2, 4, 2), (3, 3, 2, 2))
    late = api.add(game_id, {**hand_input(TABLE, (3, 2, 4, 2), (3, 3, 2, 1)), "hand_size": 10})
    assert errors(late) == [("hand_size", "Hand 2 has 9 cards, not 10.")]


# --- ties and the end -----------------------------------------------------------------------------------


def test_oh13_play_on_adds_a_hand_of_the_largest_size(api: Api) -> None:
    game_id = new_game(api, list(OH13.players), OH13.options, dealer="Ann")
    for raw in OH13.inputs()[:2]:
        state = api.add(game_id, raw).json
    assert state["status"] == "playing"
    assert plan(state) == {
        "round": 3,
        "dealer": "Cat",
        "hands": 3,
        "first_bidder": "Ann",
        "hand_size": 2,
        "trumps": "turn_up",
    }
    state = api.add(game_id, OH13.inputs()[2]).json
    assert state["winners"] == ["Ann"] and state["totals"] == {"Ann": 32, "Ben": 21, "Cat": 11}


def test_oh14_shared_then_a_third_hand_is_409(app: Flask, api: Api) -> None:
    game_id = new_game(api, list(OH14.players), OH14.options, dealer="Ann")
    for raw in OH14.inputs():
        state = api.add(game_id, raw).json
    assert state["status"] == "finished" and state["winners"] == ["Ann", "Ben"]
    before = dump_database(app)
    third = api.add(game_id, OH13.inputs()[2])
    assert third.status_code == 409
    assert errors(third) == OVER_API
    assert dump_database(app) == before


def test_oh15_a_correction_recomputes_and_an_undo_reopens(api: Api) -> None:
    game_id = new_game(api, options={}, dealer="Alice")
    for raw in OH15.inputs():
        api.add(game_id, raw)
    assert api.get(game_id).json["winners"] == ["Denis"]
    # Hand 1 corrected: Chloé took the 4 she bid, Bruno only 1 of his 2.
    corrected = api.put(game_id, 1, hand_input(TABLE, (3, 2, 4, 2), (3, 1, 4, 2)))
    assert corrected.status_code == 200, corrected.json
    state = api.get(game_id).json
    assert state["rounds"][0]["scores"] == by_seat(TABLE, (13, 0, 14, 12))
    assert state["totals"] == by_seat(TABLE, (184, 126, 136, 194))
    hooked = api.put(game_id, 1, hand_input(TABLE, (3, 2, 4, 1), (3, 2, 4, 1)))
    assert hooked.status_code == 422
    assert errors(hooked) == [
        ("bids", "Alice deals and may not bid 3: the bids would add up to 10, the number of tricks.")
    ]
    assert api.delete(game_id, 19).status_code == 200
    reopened = api.get(game_id).json
    assert reopened["status"] == "playing"
    assert plan(reopened) == {
        "round": 19,
        "dealer": "Chloé",
        "hands": 19,
        "first_bidder": "Denis",
        "hand_size": 10,
        "trumps": "turn_up",
    }


# --- bids stored before the play (PUT/DELETE …/announced), then the tricks --------------------------------


def announce(api: Api, game_id: str, body: Any) -> Any:
    return api.client.put(f"/api/v1/games/{game_id}/announced", json=body, headers=api.auth(game_id))


def bid_facts(state: dict[str, Any]) -> tuple[dict[str, int], int, int | None]:
    return state["next"]["bids"], state["next"]["bid_total"], state["next"]["forbidden_bid"]


def test_oh6_in_two_steps_bids_first_the_hook_refused_then_tricks_only(app: Flask, api: Api) -> None:
    game_id = new_game(api, options=OH6, dealer="Denis")
    assert bid_facts(api.get(game_id).json) == ({}, 0, None)
    first = announce(api, game_id, {"round": 1, "bids": {"Alice": 2, "Bruno": 0, "Chloé": 1}})
    assert first.status_code == 200, first.json
    assert bid_facts(first.json) == ({"Alice": 2, "Bruno": 0, "Chloé": 1}, 3, 2)
    before = dump_database(app)
    hooked = announce(api, game_id, {"bids": {"Denis": 2}})
    assert hooked.status_code == 422
    assert errors(hooked) == [OH6_HOOK]
    assert dump_database(app) == before
    denis = announce(api, game_id, {"bids": {"Denis": 1}})
    assert bid_facts(denis.json) == ({"Alice": 2, "Bruno": 0, "Chloé": 1, "Denis": 1}, 4, 2)
    added = api.add(game_id, {"tricks": by_seat(TABLE, (2, 1, 1, 1))})
    assert added.status_code == 201, added.json
    assert added.json["rounds"][0] == {
        "number": 1,
        "input": hand_input(TABLE, (2, 0, 1, 1), (2, 1, 1, 1)),
        "scores": by_seat(TABLE, (12, 0, 11, 11)),
        "totals": by_seat(TABLE, (12, 0, 11, 11)),
        "events": ["made:Alice", "made:Chloé", "made:Denis", "missed:Bruno", "underbid:1"],
    }
    assert bid_facts(added.json) == ({}, 0, None)  # the bids were for hand 1 only


def test_oh7_and_oh9_the_forbidden_bid_as_the_others_bid(api: Api) -> None:
    oh7 = new_game(api, options=OH6, dealer="Denis")
    stored = announce(api, oh7, {"bids": {"Alice": 3, "Bruno": 1, "Chloé": 2}}).json
    assert bid_facts(stored) == ({"Alice": 3, "Bruno": 1, "Chloé": 2}, 6, None)
    oh9 = new_game(api, options={"max_cards": 1}, dealer="Denis")
    for others, forbidden in OH9_FORBIDDEN:
        state = announce(api, oh9, {"bids": by_seat(TABLE[:3], others)}).json
        assert state["next"]["forbidden_bid"] == forbidden


def test_stored_bids_refused_by_name_and_range_and_cleared(app: Flask, api: Api) -> None:
    game_id = new_game(api, options=OH6, dealer="Denis")
    before = dump_database(app)
    refused = announce(api, game_id, {"bids": {"Zoé": 1, "Bruno": 6}})
    assert refused.status_code == 422
    assert errors(refused) == [
        ("bids.Zoé", "Zoé is not in this game."),
        ("bids.Bruno", "Bruno's bid must be from 0 to 5: this hand has 5 cards."),
    ]
    assert dump_database(app) == before
    announce(api, game_id, {"bids": {"Alice": 2}})
    incomplete = api.add(game_id, {"tricks": by_seat(TABLE, (2, 1, 1, 1))})
    assert incomplete.status_code == 422
    assert errors(incomplete) == [
        ("bids.Bruno", "No bid for Bruno."),
        ("bids.Chloé", "No bid for Chloé."),
        ("bids.Denis", "No bid for Denis."),
    ]
    cleared = api.client.delete(f"/api/v1/games/{game_id}/announced", headers=api.auth(game_id))
    assert cleared.status_code == 200 and bid_facts(cleared.json) == ({}, 0, None)


def test_a_finished_game_takes_no_bids(api: Api) -> None:
    game_id = new_game(api, options={"max_cards": 1}, dealer="Denis")
    api.add(game_id, hand_input(TABLE, (0, 0, 0, 0), (0, 0, 1, 0)))
    late = announce(api, game_id, {"bids": {"Alice": 0}})
    assert late.status_code == 409
    assert errors(late) == [("round", "The game is over: nothing more can be announced.")]
