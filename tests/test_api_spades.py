"""Spades through the JSON API: every worked example SP1–SP17 as one-step rounds (bids, blind nil and tricks
in one body), each "before" state reached by real hands, with exact scores, totals, bags, sides, events,
refusals (422), the end of the game (409) and the options as the state shows them."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.conftest import Api, dump_database
from tests.spades_examples import AC, BD, DEFAULT_OPTIONS, ENDINGS, HANDS, SP17, SP17_INPUTS, TABLE, hand, hands_to

THREE = ["Ann", "Ben", "Cat"]
# The rule file's "before" states that real hands cannot reach, and the nearest they do: a side's
# total and its bags agree in their last digit (BD 451 with no bag, AC 0 with 8 bags…).
REACHED = {
    "SP6": ((8, 0), (8, 0)),
    "SP6b": ((8, 0), (8, 0)),
    "SP7": ((0, 9), (0, 9)),
    "SP9": ((450, 451), (0, 1)),
    "SP13": ((9, 0), (9, 0)),
}


def errors(response: Any) -> list[tuple[str, str]]:
    body = response.json
    assert set(body) == {"errors"}
    return [(error["field"], error["message"]) for error in body["errors"]]


def new_game(api: Api, options: dict[str, Any] | None = None, players: list[str] = TABLE, **extra: Any) -> str:
    response = api.create("spades", players, options, **extra)
    assert response.status_code == 201, response.json
    return str(response.json["id"])


def played(api: Api, game_id: str, inputs: list[Any]) -> dict[str, Any]:
    state: dict[str, Any] = api.get(game_id).json
    for raw in inputs:
        response = api.add(game_id, raw)
        assert response.status_code == 201, response.json
        state = response.json
    return state


def side(name: str, players: list[str], score: int, total: int, bags: int) -> dict[str, Any]:
    return {"name": name, "players": players, "score": score, "total": total, "bags": bags}


def next_of(state: dict[str, Any]) -> dict[str, Any]:
    """``next`` without what was announced for the hand (the announced part's own tests look at it)."""
    return {key: value for key, value in state["next"].items() if key not in ("bids", "contracts")}


# --- creating a game ------------------------------------------------------------------------------------


def test_a_new_game_shows_every_option_its_sides_and_what_to_do_next(api: Api) -> None:
    response = api.create("spades", TABLE)
    assert response.status_code == 201
    state = response.json
    assert state["game"] == "spades"
    assert state["options"] == DEFAULT_OPTIONS
    assert state["rounds"] == []
    assert state["totals"] == dict.fromkeys(TABLE, 0)
    assert state["sides"] == [
        side(AC, ["Alice", "Chloé"], 0, 0, 0),
        side(BD, ["Bruno", "Denis"], 0, 0, 0),
    ]
    assert next_of(state) == {
        "round": 1,
        "dealer": "Alice",
        "first_bidder": "Bruno",
        "cards_each": 13,
        "removed": [],
        "sides": [
            {"name": AC, "players": ["Alice", "Chloé"], "total": 0, "bags": 0, "bags_to_penalty": 10},
            {"name": BD, "players": ["Bruno", "Denis"], "total": 0, "bags": 0, "bags_to_penalty": 10},
        ],
        "blind_nil": [],
    }


@pytest.mark.parametrize(
    ("players", "options", "shown"),
    [
        (THREE, {}, {**DEFAULT_OPTIONS, "partnerships": None}),
        (
            TABLE,
            {"nil": False},
            {**DEFAULT_OPTIONS, "nil": False, "nil_value": None, "blind_nil": False, "blind_nil_deficit": None},
        ),
        (TABLE, {"bag_limit": None}, {**DEFAULT_OPTIONS, "bag_limit": None, "bag_penalty": None}),
        (TABLE, {"blind_nil": False}, {**DEFAULT_OPTIONS, "blind_nil": False, "blind_nil_deficit": None}),
    ],
)
def test_options_that_do_not_apply_are_null(
    api: Api, players: list[str], options: dict[str, Any], shown: dict[str, Any]
) -> None:
    response = api.create("spades", players, options)
    assert response.status_code == 201
    assert response.json["options"] == shown


@pytest.mark.parametrize(
    ("players", "options", "expected"),
    [
        (["A", "B", "C", "D", "E"], {}, [("players", "This game needs 2 to 4 players.")]),
        (
            THREE,
            {"partnerships": True},
            [("options.partnerships", "Partnerships need four players: with 3, each plays alone.")],
        ),
        (TABLE, {"nil": False, "nil_value": 50}, [("options.nil_value", "A value for nil goes only with nil played.")]),
        (TABLE, {"nil": False, "blind_nil": True}, [("options.blind_nil", "Blind nil goes only with nil played.")]),
        (
            TABLE,
            {"bag_limit": None, "bag_penalty": 50},
            [("options.bag_penalty", "A bag penalty goes only with a bag limit.")],
        ),
        (
            TABLE,
            {"blind_nil": False, "blind_nil_deficit": 50},
            [("options.blind_nil_deficit", "How far behind blind nil needs goes only with blind nil played.")],
        ),
        (TABLE, {"target": 50}, [("options.target", "This option must be at least 100.")]),
    ],
)
def test_sp14_creation_refused(
    app: Flask, api: Api, players: list[str], options: dict[str, Any], expected: list[Any]
) -> None:
    before = dump_database(app)
    response = api.create("spades", players, options)
    assert response.status_code == 422
    assert errors(response) == expected
    assert dump_database(app) == before


# --- SP1 to SP13, one hand each after real hands ---------------------------------------------------------


@pytest.mark.parametrize(("options", "start", "bids", "tricks", "blind", "scores", "bags"), HANDS)
def test_worked_examples(
    request: pytest.FixtureRequest,
    api: Api,
    options: dict[str, Any],
    start: Any,
    bids: list[int],
    tricks: list[int],
    blind: tuple[str, ...],
    scores: list[int],
    bags: list[int],
) -> None:
    example = request.node.callspec.id
    game_id = new_game(api, options)
    (totals, bags_before) = REACHED.get(example, start or ((0, 0), (0, 0)))
    table_bags = start[1] if start else (0, 0)
    earlier = hands_to(totals, bags_before, target=options.get("target", 500)) if start else []
    before = played(api, game_id, earlier)
    assert [(entry["total"], entry["bags"]) for entry in before["sides"]] == list(zip(totals, bags_before, strict=True))
    response = api.add(game_id, hand(bids, tricks, blind))
    assert response.status_code == 201, response.json
    state = response.json
    after = [totals[0] + scores[0], totals[1] + scores[1]]
    bags_after = [bags[0] + bags_before[0] - table_bags[0], bags[1] + bags_before[1] - table_bags[1]]
    last = state["rounds"][-1]
    assert last["input"] == hand(bids, tricks, sorted(blind, key=TABLE.index))
    assert last["sides"] == [
        side(AC, ["Alice", "Chloé"], scores[0], after[0], bags_after[0]),
        side(BD, ["Bruno", "Denis"], scores[1], after[1], bags_after[1]),
    ]
    assert last["scores"] == dict(zip(TABLE, [scores[0], scores[1]] * 2, strict=True))
    assert last["totals"] == state["totals"] == dict(zip(TABLE, [after[0], after[1]] * 2, strict=True))
    assert state["sides"] == last["sides"]
    status, winners = ENDINGS.get(example, ("playing", []))
    assert (state["status"], state["winners"]) == (status, winners)
    assert ("next" in state) == (status == "playing")


def test_events_of_a_blind_nil_and_a_bag_penalty(api: Api) -> None:
    game_id = new_game(api)
    state = played(api, game_id, [*hands_to((250, 140), (0, 0)), hand([4, 5, 3, 0], [4, 6, 3, 0], ("Denis",))])
    assert state["rounds"][-1]["events"] == ["blind_nil:Denis"]
    game_id = new_game(api)
    state = played(api, game_id, [*hands_to((8, 0), (8, 0)), hand([3, 3, 2, 4], [4, 3, 4, 2])])
    assert state["rounds"][-1]["events"] == ["bag_penalty:Alice & Chloé:100", "set:Bruno & Denis"]


# --- SP9, SP10 continued; SP5 refused ---------------------------------------------------------------------


def test_sp9_tied_at_511_plays_another_hand_then_bruno_and_denis_win(api: Api) -> None:
    game_id = new_game(api)
    state = played(api, game_id, [*hands_to((450, 451), (0, 1)), hand([3, 3, 3, 3], [3, 3, 4, 3])])
    assert [entry["total"] for entry in state["sides"]] == [511, 511]
    assert (state["status"], state["winners"], state["next"]["round"]) == ("playing", [], len(state["rounds"]) + 1)
    state = played(api, game_id, [hand([3, 3, 3, 3], [3, 4, 3, 3])])
    assert [(entry["score"], entry["total"]) for entry in state["sides"]] == [(60, 571), (61, 572)]
    assert (state["status"], state["winners"]) == ("finished", ["Bruno", "Denis"])


def test_sp9_with_a_shared_tie_all_four_win(api: Api) -> None:
    game_id = new_game(api, {"tie": "share"})
    state = played(api, game_id, [*hands_to((450, 451), (0, 1)), hand([3, 3, 3, 3], [3, 3, 4, 3])])
    assert (state["status"], state["winners"]) == ("finished", TABLE)


def test_sp10_without_a_losing_total_the_game_goes_on(api: Api) -> None:
    game_id = new_game(api, {"lose_at": None})
    state = played(api, game_id, [*hands_to((120, -150), (0, 0)), hand([3, 4, 3, 3], [4, 3, 3, 3])])
    assert [entry["total"] for entry in state["sides"]] == [181, -220]
    assert state["status"] == "playing"


SP5_BLIND = hand([4, 5, 3, 0], [4, 6, 3, 0], ("Denis",))


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, [("blind_nil", "Bruno & Denis are 90 behind: blind nil needs 100.")]),
        ({"blind_nil": False}, [("blind_nil", "Blind nil is not played in this game.")]),
        ({"blind_nil_deficit": 0}, None),
    ],
)
def test_sp5_refused_unless_blind_nil_may_be_bid_any_time(
    app: Flask, api: Api, options: dict[str, Any], expected: list[Any] | None
) -> None:
    game_id = new_game(api, options)
    state = played(api, game_id, hands_to((250, 160), (0, 0)))
    assert state["next"]["blind_nil"] == (TABLE if options.get("blind_nil_deficit") == 0 else [])
    before = dump_database(app)
    response = api.add(game_id, SP5_BLIND)
    if expected is None:
        assert response.status_code == 201
        assert [entry["score"] for entry in response.json["rounds"][-1]["sides"]] == [70, 251]
        return
    assert response.status_code == 422
    assert errors(response) == expected
    assert dump_database(app) == before


def test_a_correction_that_makes_a_later_blind_nil_invalid_is_refused(app: Flask, api: Api) -> None:
    game_id = new_game(api)
    played(api, game_id, [hand([6, 1, 6, 1], [6, 0, 6, 1]), hand([3, 3, 4, 0], [3, 3, 7, 0], ("Denis",))])
    before = dump_database(app)
    response = api.put(game_id, 1, hand([4, 2, 3, 2], [4, 2, 3, 4]))
    assert response.status_code == 422
    assert errors(response) == [
        ("round", "This change would make hand 2 impossible. Fix that hand first:"),
        ("round", "Bruno & Denis are 28 behind: blind nil needs 100."),
    ]
    assert dump_database(app) == before


# --- SP14: a hand refused -------------------------------------------------------------------------------


def bad_bid(value: Any) -> dict[str, Any]:
    raw = hand([3, 3, 4, 3], [3, 3, 4, 3])
    raw["bids"]["Bruno"] = value
    return raw


@pytest.mark.parametrize(
    ("options", "raw", "expected"),
    [
        ({}, hand([3, 3, 3, 3], [3, 3, 4, 2]), [("tricks", "The tricks must add up to 13 (they add up to 12).")]),
        ({}, bad_bid(14), [("bids.Bruno", "Bruno's bid must be from 0 to 13.")]),
        ({}, bad_bid(-1), [("bids.Bruno", "Bruno's bid must be from 0 to 13.")]),
        ({}, bad_bid(2.5), [("bids.Bruno", "Bruno's bid must be a whole number.")]),
        (
            {"nil": False},
            hand([3, 0, 4, 5], [3, 2, 4, 4]),
            [("bids.Bruno", "Nil is not played in this game: Bruno must bid at least 1.")],
        ),
        ({}, hand([3, 3, 4, 3], [3, 3, 4, 3], ("Denis",)), [("blind_nil", "Denis bid 3: a blind nil is a bid of 0.")]),
        ({}, hand([3, 3, 4, 0], [3, 3, 7, 0], ("Zoé",)), [("blind_nil", "Zoé is not in this game.")]),
        ({}, hand([3, 3, 4, 0], [3, 3, 7, 0], ("Denis", "Denis")), [("blind_nil", "Denis is listed twice.")]),
    ],
)
def test_sp14_refused_and_nothing_stored(
    app: Flask, api: Api, options: dict[str, Any], raw: dict[str, Any], expected: list[Any]
) -> None:
    game_id = new_game(api, options)
    before = dump_database(app)
    response = api.add(game_id, raw)
    assert response.status_code == 422
    assert errors(response) == expected
    assert dump_database(app) == before


# --- SP15, SP16: alone --------------------------------------------------------------------------------------


def test_sp15_three_players(api: Api) -> None:
    game_id = new_game(api, players=THREE)
    state = api.get(game_id).json
    assert (state["next"]["cards_each"], state["next"]["removed"], state["next"]["first_bidder"]) == (17, ["2C"], "Ben")
    refused = api.add(game_id, hand([5, 6, 4], [6, 5, 5], players=THREE))
    assert errors(refused) == [("tricks", "The tricks must add up to 17 (they add up to 16).")]
    assert errors(api.add(game_id, hand([18, 0, 0], [17, 0, 0], players=THREE))) == [
        ("bids.Ann", "Ann's bid must be from 0 to 17.")
    ]
    state = played(api, game_id, [hand([5, 6, 4], [6, 5, 6], players=THREE)])
    assert state["rounds"][-1]["sides"] == [
        side("Ann", ["Ann"], 51, 51, 1),
        side("Ben", ["Ben"], -60, -60, 0),
        side("Cat", ["Cat"], 42, 42, 2),
    ]
    assert state["totals"] == {"Ann": 51, "Ben": -60, "Cat": 42}
    assert (
        played(api, game_id, [hand([17, 0, 0], [17, 0, 0], players=THREE)])["rounds"][-1]["input"]["bids"]["Ann"] == 17
    )


def test_sp15_two_players(api: Api) -> None:
    game_id = new_game(api, players=["Ann", "Ben"])
    assert errors(api.add(game_id, hand([5, 6], [6, 6], players=["Ann", "Ben"]))) == [
        ("tricks", "The tricks must add up to 13 (they add up to 12).")
    ]
    state = played(api, game_id, [hand([5, 6], [6, 7], players=["Ann", "Ben"])])
    assert state["sides"] == [side("Ann", ["Ann"], 51, 51, 1), side("Ben", ["Ben"], 61, 61, 1)]


def test_sp16_four_without_partners(api: Api) -> None:
    game_id = new_game(api, {"partnerships": False})
    state = played(api, game_id, [hand([3, 3, 3, 3], [4, 3, 2, 4])])
    assert state["options"]["partnerships"] is False
    assert state["sides"] == [
        side("Alice", ["Alice"], 31, 31, 1),
        side("Bruno", ["Bruno"], 30, 30, 0),
        side("Chloé", ["Chloé"], -30, -30, 0),
        side("Denis", ["Denis"], 31, 31, 1),
    ]


# --- SP17: a whole game ---------------------------------------------------------------------------------


def test_sp17_a_whole_game(app: Flask, api: Api) -> None:
    game_id = new_game(api, dealer="Alice")
    state = api.get(game_id).json
    for number, (dealer, _bids, _tricks, _blind, scores, totals, bags, events) in enumerate(SP17, start=1):
        assert (state["status"], state["next"]["round"], state["next"]["dealer"]) == ("playing", number, dealer)
        state = played(api, game_id, [SP17_INPUTS[number - 1]])
        last = state["rounds"][-1]
        assert last["sides"] == [
            side(AC, ["Alice", "Chloé"], scores[0], totals[0], bags[0]),
            side(BD, ["Bruno", "Denis"], scores[1], totals[1], bags[1]),
        ]
        assert last["events"] == list(events)
    assert (state["status"], state["winners"]) == ("finished", ["Alice", "Chloé"])
    assert "next" not in state
    assert api.get(game_id).json == state
    before = dump_database(app)
    tenth = api.add(game_id, hand([3, 3, 3, 3], [3, 3, 4, 3]))
    assert tenth.status_code == 409
    assert errors(tenth) == [("round", "The game is over: no more rounds can be added.")]
    assert dump_database(app) == before
    # Undoing the last hand reopens the game.
    assert api.delete(game_id, 9).status_code == 200
    assert api.get(game_id).json["status"] == "playing"


# --- bids announced before the play, tricks after it ------------------------------------------------------


def test_a_hand_in_two_steps_bids_then_tricks(app: Flask, api: Api) -> None:
    """SP5 as a table enters it: bids said in parts (the blind nil first), shown in ``next``, then the tricks."""
    game_id = new_game(api)
    played(api, game_id, hands_to((250, 140), (0, 0)))
    number = len(api.get(game_id).json["rounds"]) + 1
    headers = api.auth(game_id)
    first = api.client.put(
        f"/api/v1/games/{game_id}/announced",
        json={"round": number, "bids": {"Denis": 0}, "blind_nil": ["Denis"]},
        headers=headers,
    )
    assert first.status_code == 200, first.json
    assert (first.json["next"]["bids"], first.json["next"]["contracts"]) == ({"Denis": 0}, {})
    refused = api.client.put(f"/api/v1/games/{game_id}/announced", json={"bids": {"Bruno": 14}}, headers=headers)
    assert refused.status_code == 422
    assert errors(refused) == [("bids.Bruno", "Bruno's bid must be from 0 to 13.")]
    state = api.client.put(
        f"/api/v1/games/{game_id}/announced", json={"bids": {"Alice": 4, "Bruno": 5, "Chloé": 3}}, headers=headers
    ).json
    assert state["next"]["bids"] == {"Alice": 4, "Bruno": 5, "Chloé": 3, "Denis": 0}
    assert state["next"]["contracts"] == {AC: 7, BD: 5}
    state = played(api, game_id, [{"tricks": {"Alice": 4, "Bruno": 6, "Chloé": 3, "Denis": 0}}])
    last = state["rounds"][-1]
    assert last["input"] == hand([4, 5, 3, 0], [4, 6, 3, 0], ("Denis",))
    assert [entry["score"] for entry in last["sides"]] == [70, 251]
    assert last["events"] == ["blind_nil:Denis"]
    assert (state["next"]["bids"], state["next"]["contracts"]) == ({}, {})


def test_an_announced_blind_nil_needs_the_side_far_enough_behind(app: Flask, api: Api) -> None:
    game_id = new_game(api)
    played(api, game_id, hands_to((250, 160), (0, 0)))
    before = dump_database(app)
    response = api.client.put(
        f"/api/v1/games/{game_id}/announced",
        json={"bids": {"Denis": 0}, "blind_nil": ["Denis"]},
        headers=api.auth(game_id),
    )
    assert response.status_code == 422
    assert errors(response) == [("blind_nil", "Bruno & Denis are 90 behind: blind nil needs 100.")]
    assert dump_database(app) == before
