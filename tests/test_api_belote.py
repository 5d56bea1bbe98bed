"""Belote and Coinche through the JSON API: every worked example BE1–BE20 and CO1–CO21 (with their variants) as
deals entered in one step, with exact scores, totals, sides, events and ``next``; the refusals (422, nothing
stored), the end of the game (409), and the taker, trumps, contract and coinche said before the play."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.belote_examples import (
    AC,
    BD,
    BE20,
    BELOTE_DEALS,
    BELOTE_GAMES,
    BELOTE_REFUSED,
    CO19,
    CO21,
    COINCHE_DEALS,
    COINCHE_REFUSED,
    TABLE,
    deal,
)
from tests.conftest import Api, dump_database
from tests.test_api_spades import played

BELOTE_OPTIONS = {
    "target": 1000,
    "deals": None,
    "both_reach": "higher",
    "tie": "play_on",
    "belote_finish": True,
    "direction": "right",
    "passed_deal": "next",
    "announcements": True,
    "announce_tie": "none",
    "capot_points": 252,
    "team_names": None,
    "rounding": "none",
    "contract_points": "all",
    "belote_when_losing": "kept",
    "litige": "suspend",
}
COINCHE_OPTIONS = {
    **{name: value for name, value in BELOTE_OPTIONS.items() if name != "litige"},
    "target": 2000,
    "rounding": "up5",
    "beat_defenders": True,
    "made_scoring": "points_and_contract",
    "coinche_scoring": "all",
    "surcoinche": 4,
    "belote_multiplied": False,
    "failed_capot_base": "capot",
    "sans_tout_atout": False,
}


def new_game(api: Api, game: str, options: dict[str, Any] | None = None, **extra: Any) -> str:
    response = api.create(game, TABLE, options, **extra)
    assert response.status_code == 201, response.json
    return str(response.json["id"])


def side_scores(state: dict[str, Any]) -> list[int]:
    return [side["score"] for side in state["rounds"][-1]["sides"]]


def side_totals(state: dict[str, Any]) -> list[int]:
    return [side["total"] for side in state["sides"]]


def fields_of(response: Any) -> list[str]:
    assert response.status_code == 422, response.json
    return [error["field"] for error in response.json["errors"]]


# --- a new game -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "options"), [("belote", BELOTE_OPTIONS), ("coinche", COINCHE_OPTIONS)])
def test_a_new_game_shows_every_option_its_teams_and_who_deals(api: Api, game: str, options: dict[str, Any]) -> None:
    response = api.create(game, TABLE)
    assert response.status_code == 201
    state = response.json
    assert state["game"] == game
    assert state["options"] == options
    assert state["sides"] == [
        {"name": AC, "players": ["Alice", "Chloé"], "score": 0, "total": 0},
        {"name": BD, "players": ["Bruno", "Denis"], "score": 0, "total": 0},
    ]
    expected_next = {"round": 1, "dealer": "Alice", "first": "Denis", "cut": "Bruno", "taker": None, "trump": None}
    expected_next.update(takers=None, passed=False)
    if game == "belote":
        expected_next["held"] = 0
    else:
        expected_next.update(contract=None, coinche=None)
    assert state["next"] == expected_next


def test_belote_needs_exactly_four_players_and_refuses_coinches_options(api: Api) -> None:
    three = api.create("belote", TABLE[:3])
    assert fields_of(three) == ["players"]
    assert fields_of(api.create("belote", TABLE, {"surcoinche": 3})) == ["options.surcoinche"]
    assert fields_of(api.create("coinche", TABLE, {"litige": "made"})) == ["options.litige"]


def test_team_names_name_the_sides_and_the_events_words(api: Api) -> None:
    game_id = new_game(api, "belote", {"team_names": [" Nous", "Eux "]})
    state = played(api, game_id, [BE20[0][2]])
    assert state["options"]["team_names"] == ["Nous", "Eux"]
    spaced = new_game(api, "coinche", {"team_names": ["Les  Bleus", "Eux"]})
    assert api.get(spaced).json["options"]["team_names"] == ["Les Bleus", "Eux"]  # spaces as in players' names
    assert [side["name"] for side in state["sides"]] == ["Nous", "Eux"]
    assert [side["name"] for side in state["rounds"][0]["sides"]] == ["Nous", "Eux"]
    assert state["sides"][0]["players"] == ["Alice", "Chloé"]
    assert state["rounds"][0]["scores"] == {"Alice": 65, "Bruno": 117, "Chloé": 65, "Denis": 117}


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("Nous", "This option is a list of 2 names."),
        (["Nous"], "This option is a list of 2 names."),
        (["Nous", "Eux", "Vous"], "This option is a list of 2 names."),
        (["Nous", 2], "Each name in this option must be text."),
        (["Nous", "  "], "A name in this option cannot be empty."),
        (["Nous", "E" * 31], "A name in this option is at most 30 characters."),
        (["Nous", " nous"], "The names in this option must differ."),
        # Refused as a player's name is (the same check): nothing invisible, nothing only blank-looking.
        (["Nous", "\u200b"], "This name holds an invisible or control character (U+200B): type it again without it."),
        (
            ["E\u202eux", "Nous"],
            "This name holds an invisible or control character (U+202E): type it again without it.",
        ),
        (
            ["Nous", "Eu\u200dx"],
            "This name holds an invisible joiner between letters (U+200D ZERO WIDTH JOINER): type it again without it.",
        ),
        (
            ["Nous", "\u2800"],
            "This name holds a character that looks blank (U+2800 BRAILLE PATTERN BLANK): type it again without it.",
        ),
        (["Nous", "\u0301"], "A name needs at least one letter, digit or sign that can be seen."),
        (["Nous", "\u3000 \u00a0"], "A name in this option cannot be empty."),
    ],
)
def test_team_names_refused_with_the_reason(app: Flask, api: Api, names: Any, message: str) -> None:
    before = dump_database(app)
    response = api.create("coinche", TABLE, {"team_names": names})
    assert response.status_code == 422
    assert response.json["errors"] == [{"field": "options.team_names", "message": message}]
    assert dump_database(app) == before


# --- the worked examples ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "dealer", "entered", "totals", "events", "expected"), BELOTE_DEALS)
def test_belote_worked_examples(
    api: Api,
    options: dict[str, Any],
    dealer: str | None,
    entered: dict[str, Any],
    totals: list[int],
    events: list[str],
    expected: list[int],
) -> None:
    extra = {"dealer": dealer} if dealer else {}
    state = played(api, new_game(api, "belote", options, **extra), [entered])
    (deal_played,) = state["rounds"]
    assert deal_played["events"] == events
    assert side_scores(state) == expected
    assert deal_played["scores"] == dict(zip(TABLE, expected * 2, strict=True))
    assert state["totals"] == dict(zip(TABLE, expected * 2, strict=True))


@pytest.mark.parametrize(("options", "entered", "totals", "events", "expected"), COINCHE_DEALS)
def test_coinche_worked_examples(
    api: Api,
    options: dict[str, Any],
    entered: dict[str, Any],
    totals: list[int],
    events: list[str],
    expected: list[int],
) -> None:
    state = played(api, new_game(api, "coinche", options), [entered])
    assert state["rounds"][0]["events"] == events
    assert side_scores(state) == expected


@pytest.mark.parametrize(("options", "deals", "each", "totals", "held", "status", "winners"), BELOTE_GAMES)
def test_belote_games(
    api: Api,
    options: dict[str, Any],
    deals: list[dict[str, Any]],
    each: list[list[int]],
    totals: list[int],
    held: int,
    status: str,
    winners: list[str],
) -> None:
    state = played(api, new_game(api, "belote", options), deals)
    assert [[side["score"] for side in result["sides"]] for result in state["rounds"]] == each
    assert side_totals(state) == totals
    assert state["status"] == status
    assert state["winners"] == winners
    assert state.get("next", {"held": held})["held"] == held


def test_be5_a_litige_waits_in_next_then_goes_to_the_winners(api: Api) -> None:
    game_id = new_game(api, "belote")
    first = played(api, game_id, [deal("Chloé", "C", 81)])
    assert first["rounds"][0]["events"] == ["litige"]
    assert first["next"]["held"] == 81
    second = played(api, game_id, [deal("Bruno", "S", points={"defenders": 67})])
    assert second["rounds"][1]["events"] == ["made", "award:takers"]
    assert side_totals(second) == [67, 257]
    assert second["next"]["held"] == 0


@pytest.mark.parametrize(("game", "whole"), [("belote", BE20), ("coinche", CO21)], ids=["BE20", "CO21"])
def test_a_whole_game_deal_by_deal_then_no_more_deals(app: Flask, api: Api, game: str, whole: list[Any]) -> None:
    game_id = new_game(api, game)
    for dealer, first, entered, each, totals in whole:
        before = api.get(game_id).json
        assert (before["next"]["dealer"], before["next"]["first"]) == (dealer, first)
        state = played(api, game_id, [entered])
        assert side_scores(state) == each
        assert side_totals(state) == totals
    assert state["status"] == "finished"
    assert state["winners"] == ["Alice", "Chloé"]
    assert "next" not in state
    before = dump_database(app)
    late = api.add(game_id, whole[1][2])
    assert late.status_code == 409
    assert dump_database(app) == before


def test_co19_two_deals_end_the_game(api: Api) -> None:
    state = played(api, new_game(api, "coinche", {"deals": 2}), CO19)
    assert side_totals(state) == [250, 240]
    assert state["status"] == "finished"
    assert state["winners"] == ["Alice", "Chloé"]


def test_correcting_the_litige_deal_changes_what_follows(api: Api) -> None:
    game_id = new_game(api, "belote")
    played(api, game_id, [deal("Chloé", "C", 81), deal("Bruno", "S", points={"defenders": 67})])
    corrected = api.put(game_id, 1, deal("Chloé", "C", 90))
    assert corrected.status_code == 200, corrected.json
    state = api.get(game_id).json
    assert [[side["score"] for side in result["sides"]] for result in state["rounds"]] == [[90, 72], [67, 95]]
    assert [result["events"] for result in state["rounds"]] == [["made"], ["made"]]


# --- refusals ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("entered", "field"), BELOTE_REFUSED)
def test_be19_refusals_name_the_field_and_store_nothing(app: Flask, api: Api, entered: Any, field: str) -> None:
    game_id = new_game(api, "belote")
    before = dump_database(app)
    assert field in fields_of(api.add(game_id, entered))
    assert dump_database(app) == before


@pytest.mark.parametrize(("options", "entered", "field"), COINCHE_REFUSED)
def test_co20_refusals_name_the_field(api: Api, options: dict[str, Any], entered: Any, field: str) -> None:
    assert field in fields_of(api.add(new_game(api, "coinche", options), entered))


def test_a_refusal_says_why(api: Api) -> None:
    response = api.add(new_game(api, "belote"), deal("Alice", "S", 161))
    assert response.json["errors"] == [
        {"field": "points.takers", "message": "No set of tricks is worth 161 card points."}
    ]


# --- said before the play ----------------------------------------------------------------------------------


def test_the_taker_trumps_contract_and_coinche_are_said_before_the_play(api: Api) -> None:
    game_id = new_game(api, "coinche")
    headers = api.auth(game_id)
    url = f"/api/v1/games/{game_id}/announced"
    said = api.client.put(url, json={"taker": "Bruno", "trump": "♠", "contract": 110}, headers=headers)
    assert said.status_code == 200, said.json
    said = api.client.put(url, json={"coinche": "coinche"}, headers=headers)
    assert {key: said.json["next"][key] for key in ("taker", "trump", "contract", "coinche", "takers")} == {
        "taker": "Bruno",
        "trump": "S",
        "contract": 110,
        "coinche": "coinche",
        "takers": BD,
    }
    refused = api.client.put(url, json={"contract": 85}, headers=headers)
    assert fields_of(refused) == ["contract"]
    # The deal completes what was said: the card play alone.
    state = played(api, game_id, [{"points": {"takers": 120}}])
    assert state["rounds"][0]["input"]["contract"] == 110
    assert side_scores(state) == [0, (160 + 110) * 2]
    assert state["next"]["taker"] is None
