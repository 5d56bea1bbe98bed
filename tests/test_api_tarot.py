"""Tarot through the JSON API: every worked example TA1–TA29 with exact scores, totals, events and dealers,
the refusals (422, nothing stored), the end of the game (409), the options as the state shows them, and
the taker, contract and called king announced before the play."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.conftest import Api, dump_database
from tests.tarot_examples import (
    BASE,
    DEALS,
    DEFAULT_OPTIONS,
    EVENTS,
    FIVE,
    FOUR,
    PASSED,
    REFUSALS,
    TA18_CARDS,
    TA25,
    TA26,
    TA27,
    TA27_DEALERS,
    TA27_FIRST,
    TA27_TOTALS,
    TA28,
    TA28_DEALERS,
    TA28_TOTALS,
    TA29,
    TA29_DEALERS,
    TA29_TOTALS,
    THREE,
    changed,
    deal,
)


def new_game(api: Api, players: list[str], options: dict[str, Any] | None = None, **extra: Any) -> str:
    response = api.create("tarot", players, options, **extra)
    assert response.status_code == 201, response.json
    return str(response.json["id"])


def errors(response: Any) -> list[tuple[str, str]]:
    assert response.status_code == 422, response.json
    return [(error["field"], error["message"]) for error in response.json["errors"]]


def in_order(mapping: dict[str, int], players: list[str]) -> list[int]:
    return [mapping[player] for player in players]


def test_a_new_game_shows_every_option_and_what_to_do_next(api: Api) -> None:
    state = api.create("tarot", FOUR).json
    assert state["options"] == DEFAULT_OPTIONS
    assert state["next"] == {
        "round": 1,
        "dealer": "Alice",
        "first": "Denis",
        "cards_each": 18,
        "chien": 6,
        "poignee": {"simple": 10, "double": 13, "triple": 15},
        "deals": 8,
        "taker": None,
        "contract": None,
        "called": None,
    }
    assert api.create("tarot", FIVE).json["options"]["five_players"] == "called_king"


@pytest.mark.parametrize(("players", "options", "raw", "scores"), DEALS)
def test_worked_examples(
    request: pytest.FixtureRequest,
    api: Api,
    players: list[str],
    options: dict[str, Any],
    raw: dict[str, Any],
    scores: list[int],
) -> None:
    game_id = new_game(api, players, options)
    response = api.add(game_id, raw)
    assert response.status_code == 201, response.json
    [played] = response.json["rounds"]
    assert in_order(played["scores"], players) == scores
    assert in_order(response.json["totals"], players) == scores
    example = request.node.callspec.id
    if example in EVENTS:
        assert tuple(played["events"]) == EVENTS[example]
    # The stored input, sent back, gives the same deal.
    assert api.put(game_id, 1, played["input"]).json["rounds"][0]["scores"] == played["scores"]


def test_ta17_a_passed_deal(api: Api) -> None:
    game_id = new_game(api, FOUR)
    api.add(game_id, TA27[0][0])
    state = api.add(game_id, PASSED).json
    assert state["rounds"][-1]["scores"] == dict.fromkeys(FOUR, 0)
    assert state["rounds"][-1]["events"] == ["passed"]
    assert state["rounds"][-1]["input"] == {"passed": True}
    assert state["next"]["dealer"] == "Chloé"
    same = new_game(api, FOUR, {"all_pass": "same_dealer"})
    api.add(same, TA27[0][0])
    assert api.add(same, PASSED).json["next"]["dealer"] == "Denis"
    petit_sec = api.add(same, {"passed": True, "petit_sec": "Bruno"}).json["rounds"][-1]
    assert (petit_sec["events"], petit_sec["input"]) == (
        ["passed", "petit_sec:Bruno"],
        {"passed": True, "petit_sec": "Bruno"},
    )


def test_ta18_by_the_cards_and_its_refusals(app: Flask, api: Api) -> None:
    game_id = new_game(api, FOUR)
    before = dump_database(app)
    base = {"taker": "Chloé", "contract": "garde"}
    assert errors(api.add(game_id, {**base, "cards": TA18_CARDS + " KS"})) == [("cards", "K♠ is listed twice.")]
    assert errors(api.add(game_id, {**base, "cards": TA18_CARDS + ",22T"})) == [("cards", "22T is not a Tarot card.")]
    assert [field for field, _message in errors(api.add(game_id, {**base, "cards": TA18_CARDS[:-3]}))] == ["cards"]
    assert errors(api.add(game_id, {**base, "cards": TA18_CARDS, "bouts": 2})) == [
        ("bouts", "The bouts are counted from the cards: leave them out.")
    ]
    assert dump_database(app) == before
    state = api.add(game_id, {**base, "cards": TA18_CARDS}).json
    assert in_order(state["totals"], FOUR) == [-50, -50, 150, -50]
    assert state["rounds"][0]["input"]["cards"].split()[:4] == ["KS", "NS", "8S", "5S"]


def test_the_french_letters_read_off_the_cards_and_the_api_answers_in_french(api: Api) -> None:
    game_id = new_game(api, FOUR)
    response = api.client.post(
        f"/api/v1/games/{game_id}/rounds",
        json={"taker": "Chloé", "contract": "garde", "cards": TA18_CARDS + " RS"},
        headers={**api.auth(game_id), "Accept-Language": "fr"},
    )
    assert errors(response) == [("cards", "R♠ est écrite deux fois.")]


@pytest.mark.parametrize(("players", "dealer", "options", "change", "field"), REFUSALS)
def test_ta19_refusals_name_the_field_and_store_nothing(
    app: Flask,
    api: Api,
    players: list[str],
    dealer: str | None,
    options: dict[str, Any],
    change: dict[str, Any],
    field: str,
) -> None:
    game_id = new_game(api, players, options, **({"dealer": dealer} if dealer else {}))
    before = dump_database(app)
    assert [where for where, _message in errors(api.add(game_id, changed(BASE, change)))] == [field]
    assert dump_database(app) == before


def test_ta19_the_messages(api: Api) -> None:
    game_id = new_game(api, FOUR)
    assert errors(api.add(game_id, changed(BASE, {"bouts": 0, "points": 80}))) == [
        ("points", "With no bout the attack has at most 77.5 points.")
    ]
    assert errors(api.add(game_id, {"passed": True, "taker": "Alice"})) == [
        ("taker", "A passed deal has nothing else to enter (only who had the petit sec).")
    ]
    assert errors(api.add(game_id, changed(BASE, {"points": "49"}))) == [
        ("points", "Enter the points as a number, for example 43.5.")
    ]


def test_ta25_the_dealer_sits_out(api: Api) -> None:
    game_id = new_game(api, FIVE, {"five_players": "dealer_sits_out"}, dealer="Émile")
    state = api.get(game_id).json
    assert {
        key: state["next"][key] for key in ("dealer", "first", "cards_each", "chien", "poignee", "sitting_out")
    } == {
        "dealer": "Émile",
        "first": "Denis",
        "cards_each": 18,
        "chien": 6,
        "poignee": {"simple": 10, "double": 13, "triple": 15},
        "sitting_out": "Émile",
    }
    assert api.add(game_id, PASSED).json["next"]["sitting_out"] == "Émile"
    state = api.add(game_id, TA25[0]).json
    assert in_order(state["rounds"][-1]["scores"], FIVE) == TA25[1]
    assert (state["next"]["dealer"], state["next"]["sitting_out"]) == ("Denis", "Denis")


@pytest.mark.parametrize(("players", "options", "first", "dealers"), TA26)
def test_ta26_the_deal_passes_to_the_right(
    api: Api, players: list[str], options: dict[str, Any], first: str, dealers: list[str]
) -> None:
    game_id = new_game(api, players, {**options, "turns": 3})
    assert api.get(game_id).json["next"]["first"] == first
    seen = [api.get(game_id).json["next"]["dealer"]]
    for _ in dealers[1:]:
        seen.append(api.add(game_id, PASSED).json["next"]["dealer"])
    assert seen == dealers


def _played(
    api: Api, game_id: str, players: list[str], deals: list[Any], totals: list[list[int]], dealers: list[str]
) -> dict[str, Any]:
    state: dict[str, Any] = api.get(game_id).json
    for (raw, scores), total, dealer in zip(deals, totals, dealers, strict=True):
        assert state["next"]["dealer"] == dealer
        response = api.add(game_id, raw)
        assert response.status_code == 201, response.json
        state = response.json
        assert in_order(state["rounds"][-1]["scores"], players) == scores
        assert in_order(state["totals"], players) == total
    return state


def test_ta27_a_whole_game_at_four(api: Api) -> None:
    game_id = new_game(api, FOUR)
    state = api.get(game_id).json
    firsts = []
    for raw, _scores in TA27:
        firsts.append(state["next"]["first"])
        state = api.add(game_id, raw).json
    assert firsts == TA27_FIRST
    game_id = new_game(api, FOUR)
    state = _played(api, game_id, FOUR, TA27, TA27_TOTALS, TA27_DEALERS)
    assert (state["status"], state["winners"]) == ("finished", ["Denis"])
    assert "next" not in state
    assert api.add(game_id, deal("Alice", "garde", 49, 2)).status_code == 409
    assert [round_["events"] for round_ in state["rounds"]][3] == [
        "made:Chloé",
        "petit_au_bout:attack",
        "poignee:Chloé:simple",
    ]


def test_ta27_with_a_target_or_a_number_of_deals(api: Api) -> None:
    target = new_game(api, FOUR, {"turns": None, "target": 400})
    state = _played(api, target, FOUR, TA27[:4], TA27_TOTALS[:4], TA27_DEALERS[:4])
    assert (state["status"], state["winners"]) == ("finished", ["Chloé"])
    deals = new_game(api, FOUR, {"turns": None, "deals": 6})
    state = _played(api, deals, FOUR, TA27[:7], TA27_TOTALS[:7], TA27_DEALERS[:7])
    assert (state["status"], state["winners"]) == ("finished", ["Denis"])


def test_ta28_a_whole_game_at_five(api: Api) -> None:
    game_id = new_game(api, FIVE, {"turns": 1})
    state = _played(api, game_id, FIVE, TA28, TA28_TOTALS, TA28_DEALERS)
    assert (state["status"], state["winners"]) == ("finished", ["Alice"])


def test_ta29_a_whole_game_at_three(api: Api) -> None:
    game_id = new_game(api, THREE, {"turns": 1})
    state = _played(api, game_id, THREE, TA29, TA29_TOTALS, TA29_DEALERS)
    assert (state["status"], state["winners"]) == ("finished", ["Cat"])


@pytest.mark.parametrize(
    ("players", "options", "field"),
    [
        (FOUR, {"five_players": "called_king"}, "options.five_players"),
        (FOUR, {"turns": None}, "options.turns"),
        (["Ann", "Ben"], {}, "players"),
    ],
)
def test_options_refused(api: Api, players: list[str], options: dict[str, Any], field: str) -> None:
    assert [where for where, _message in errors(api.create("tarot", players, options))] == [field]


def test_the_taker_contract_and_called_king_announced_before_the_play(api: Api) -> None:
    game_id = new_game(api, FIVE)
    headers = api.auth(game_id)
    said = api.client.put(
        f"/api/v1/games/{game_id}/announced", json={"round": 1, "taker": "Alice", "contract": "garde"}, headers=headers
    )
    assert said.status_code == 200, said.json
    said = api.client.put(f"/api/v1/games/{game_id}/announced", json={"called": "RH"}, headers=headers)
    assert {key: said.json["next"][key] for key in ("taker", "contract", "called")} == {
        "taker": "Alice",
        "contract": "garde",
        "called": "KH",
    }
    refused = api.client.put(f"/api/v1/games/{game_id}/announced", json={"contract": "pousse"}, headers=headers)
    assert errors(refused) == [("contract", "A pousse is bid only with the pousse option.")]
    state = api.add(game_id, {"partner": "Chloé", "points": 45.5, "bouts": 2}).json
    assert in_order(state["rounds"][0]["scores"], FIVE) == [120, -60, 60, -60, -60]
    assert state["rounds"][0]["input"]["called"] == "KH"
    assert state["next"]["taker"] is None


def test_a_passed_deal_after_an_announcement_names_no_taker(api: Api) -> None:
    game_id = new_game(api, FOUR)
    api.client.put(f"/api/v1/games/{game_id}/announced", json={"taker": "Alice"}, headers=api.auth(game_id))
    assert [field for field, _message in errors(api.add(game_id, PASSED))] == ["taker"]
    assert api.add(game_id, {"passed": True, "taker": None}).json["rounds"][0]["events"] == ["passed"]
