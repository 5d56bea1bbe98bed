"""Piquet through the JSON API: every worked example of ``rules/piquet.md``, the referee helper, refusals."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Api, dump_database
from tests.test_piquet_rules import (  # the worked examples and cases, written once for both suites
    BLANCHE_CLAIMS,
    CARDS,
    COMBINATION_EXAMPLES,
    EXACTLY_ONE_HUNDRED,
    IMPOSSIBLE,
    P8_WINNERS,
    P9_WINNERS,
    P10_DEALS,
    P10_LATER,  # noqa: F401 (tests/test_exports.py plays it from here)
    POSSIBLE,
    RUBICONED_DEALS,
    SIX_SIX,
    TARGETS,
    P,
    a_clash,
    announce_both,
    deals,
    with_courts,
)

PLAYERS = ["Ann", "Bob"]


def start(api: Api, **extra: Any) -> str:
    """Ann and Bob; Ann (named first) deals first unless told otherwise, so Bob is elder in deal 1."""
    response = api.create("piquet", PLAYERS, **extra)
    assert response.status_code == 201, response.json
    return response.json["id"]


def by_hands(example: str, **play: Any) -> dict[str, Any]:
    elder, younger = P[example]
    return {"hands": {"elder": elder, "younger": younger}, **play}


def said(point: str | None = None, sequences: str = "", sets: str = "", blanche: bool = False) -> dict[str, Any]:
    """A declaration written short: point "5/49", sequences "4A 3Q" (length, top), sets "3K 4T" (count, rank)."""
    cards, _, value = (point or "").partition("/")
    return {
        "blanche": blanche,
        "point": {"cards": int(cards), "value": int(value)} if point else None,
        "sequences": [{"length": int(item[0]), "top": item[1]} for item in sequences.split()],
        "sets": [{"rank": item[1], "count": int(item[0])} for item in sets.split()],
    }


def announced(elder: dict[str, Any], younger: dict[str, Any], winners: str) -> dict[str, Any]:
    return {"declarations": {"elder": elder, "younger": younger}, "trick_winners": winners}


def referee(api: Api, body: Any) -> Any:
    return api.client.post("/api/v1/piquet/declarations", json=body)


# ---------------------------------------------------------------------------
# The worked examples


@pytest.mark.parametrize("example", sorted(COMBINATION_EXAMPLES))
def test_worked_example_combinations_through_the_referee(api, example):
    elder, younger, verdicts, repique = COMBINATION_EXAMPLES[example]
    response = referee(api, {"elder": P[example][0], "younger": P[example][1]})
    assert response.status_code == 200
    answer = response.json
    assert (answer["elder"]["score"], answer["younger"]["score"]) == (elder, younger)
    point, sequences, sets = verdicts
    assert answer["verdicts"] == {"blanche": None, "point": point, "sequences": sequences, "sets": sets}
    assert answer["repique"] == repique


# Deals P1..P7 played out 6 tricks each (elder 7, younger 7 in play, the cards divided), P8 and P9 as given.
# Bob is elder in deal 1: (Bob's score, Ann's score, events).
DEALS = [
    ("P1", SIX_SIX, 13, 14, ["point:elder", "sequences:younger", "sets:younger", "cards:equal"]),
    ("P2", SIX_SIX, 13, 7, ["point:equal", "sequences:elder", "cards:equal"]),
    ("P3", SIX_SIX, 13, 16, ["point:younger", "sequences:younger", "sets:elder", "cards:equal"]),
    ("P4", SIX_SIX, 7, 13, ["point:younger", "sequences:equal", "cards:equal"]),
    ("P5", SIX_SIX, 24, 15, ["point:younger", "sequences:younger", "sets:elder", "cards:equal"]),
    ("P6", SIX_SIX, 39, 13, ["point:younger", "sequences:elder", "sets:elder", "cards:equal"]),
    ("P7", SIX_SIX, 97, 7, ["point:elder", "sequences:elder", "sets:elder", "repique:elder", "cards:equal"]),
    ("P8", P8_WINNERS, 71, 6, ["point:elder", "sequences:elder", "sets:elder", "pique:elder", "cards:elder"]),
    ("P9", P9_WINNERS, 28, 23, ["point:elder", "sequences:elder", "sets:younger", "cards:elder"]),
]


@pytest.mark.parametrize(("example", "winners", "elder", "younger", "events"), DEALS)
def test_worked_example_deals(api, example, winners, elder, younger, events):
    game_id = start(api)
    response = api.add(game_id, by_hands(example, trick_winners=winners))
    assert response.status_code == 201, response.json
    state = response.json
    deal = state["rounds"][0]
    assert deal["scores"] == {"Bob": elder, "Ann": younger}
    assert deal["totals"] == state["totals"] == {"Bob": elder, "Ann": younger}
    assert deal["events"] == events
    assert deal["input"]["trick_winners"] == winners
    assert state["next"] == {"round": 2, "dealer": "Bob", "elder": "Ann", "younger": "Bob", "deal": 2}


def test_p7_repique_ninety_and_capot(api):
    game_id = start(api)
    state = api.add(game_id, by_hands("P7", trick_winners="Y" * 12)).json
    assert state["rounds"][0]["scores"] == {"Bob": 91, "Ann": 53}
    assert state["rounds"][0]["events"] == [
        "point:elder",
        "sequences:elder",
        "sets:elder",
        "repique:elder",
        "capot:younger",
    ]


def test_p8_pique_deal_by_play_totals(api):
    game_id = start(api, dealer="Bob")
    # 8 and 6 with 7 and 5 tricks: every play that gives these totals is a pique.
    settled = api.add(game_id, by_hands("P8", play={"elder": 8, "younger": 6}, tricks={"elder": 7, "younger": 5}))
    assert settled.status_code == 201, settled.json
    assert settled.json["rounds"][0]["scores"] == {"Ann": 71, "Bob": 6}
    assert "pique:elder" in settled.json["rounds"][0]["events"]


def test_pique_asked_when_the_totals_do_not_settle_it(api, app: Flask):
    game_id = start(api, dealer="Bob")
    raw = by_hands("P8", play={"elder": 9, "younger": 6}, tricks={"elder": 7, "younger": 5})
    before = dump_database(app)
    response = api.add(game_id, raw)
    assert response.status_code == 422
    assert [error["field"] for error in response.json["errors"]] == ["pique"]
    assert "Did Ann reach 30 before Bob scored anything?" in response.json["errors"][0]["message"]
    assert dump_database(app) == before
    answered = api.add(game_id, {**raw, "pique": True})
    assert answered.status_code == 201
    assert answered.json["rounds"][0]["scores"] == {"Ann": 72, "Bob": 6}
    corrected = api.put(game_id, 1, {**raw, "pique": False})
    assert corrected.status_code == 200
    assert corrected.json["rounds"][0]["scores"] == {"Ann": 42, "Bob": 6}


def test_cards_and_announcements_give_the_same_deal(api):
    by_cards = api.add(start(api), by_hands("P9", trick_winners=P9_WINNERS)).json
    by_words = api.add(
        start(api),
        announced(said("5/49", "4A"), said("4/40", "", "4T 3Q"), P9_WINNERS),
    ).json
    assert by_cards["rounds"][0]["scores"] == by_words["rounds"][0]["scores"] == {"Bob": 28, "Ann": 23}
    assert by_cards["rounds"][0]["events"] == by_words["rounds"][0]["events"]


# ---------------------------------------------------------------------------
# P10: the Rubicon partie (Ann elder in deal 1, so Bob deals first)


def play_partie(api: Api, deals: list[dict[str, Any]]) -> dict[str, Any]:
    game_id = start(api, dealer="Bob")
    state: dict[str, Any] = {}
    for raw in deals:
        assert "result" not in state
        response = api.add(game_id, raw)
        assert response.status_code == 201, response.json
        state = response.json
    return state


def test_p10_rubicon_partie(api):
    state = play_partie(api, P10_DEALS)
    assert [deal["scores"]["Ann"] for deal in state["rounds"]] == [28, 15, 41, 7, 30, 10]
    assert [deal["scores"]["Bob"] for deal in state["rounds"]] == [23, 34, 9, 27, 12, 8]
    assert state["totals"] == {"Ann": 131, "Bob": 113}
    assert state["status"] == "finished"
    assert state["winners"] == ["Ann"]
    assert state["result"] == {"winner": "Ann", "points_won": 118, "rubicon": False}
    assert "next" not in state
    assert api.add(state["id"], by_hands("P9", trick_winners=P9_WINNERS)).status_code == 409


def test_p10_rubiconed_loser(api):
    state = play_partie(api, RUBICONED_DEALS)
    assert state["totals"] == {"Ann": 125, "Bob": 81}
    assert state["result"] == {"winner": "Ann", "points_won": 306, "rubicon": True}


def test_loser_on_exactly_one_hundred_is_not_rubiconed(api):
    state = play_partie(api, EXACTLY_ONE_HUNDRED)
    assert state["totals"] == {"Ann": 121, "Bob": 100}
    assert state["result"] == {"winner": "Ann", "points_won": 121, "rubicon": False}


def test_tied_rubicon_plays_two_more_deals(api):
    game_id = start(api)
    for _ in range(6):  # six equal deals: each scores 7 in play, nothing else
        state = api.add(game_id, announced(said(), said(), SIX_SIX)).json
    assert state["totals"] == {"Ann": 42, "Bob": 42}
    assert state["status"] == "playing"
    assert state["next"]["deal"] == 7
    api.add(game_id, announced(said(), said(), SIX_SIX))
    state = api.add(game_id, announced(said(), said(), SIX_SIX)).json
    assert state["status"] == "finished"
    assert state["result"] == {"drawn": True}
    assert state["winners"] == ["Ann", "Bob"]


def test_au_cent_ends_when_the_target_is_reached(api):
    game_id = start(api, options={"partie": "cent"})
    state = api.add(game_id, by_hands("P7", trick_winners="E" * 12)).json
    # Bob (elder) repiques: 90 in combinations, then the lead of trick 10 makes 100.
    assert state["status"] == "finished"
    assert state["winners"] == ["Bob"]
    assert state["totals"]["Bob"] == 100
    assert state["result"] == {"winner": "Bob", "double": True}


# ---------------------------------------------------------------------------
# The referee helper


def test_declarations_helper_answers_the_api_example(api):
    response = referee(api, {"elder": P["P8"][0], "younger": P["P8"][1]})
    assert response.status_code == 200
    assert response.json == {
        "elder": {
            "blanche": False,
            "point": {"cards": 5, "value": 51},
            "sequences": [{"length": 5, "top": "A"}],
            "sets": [{"rank": "A", "count": 3}],
            "score": 23,
        },
        "younger": {
            "blanche": False,
            "point": {"cards": 5, "value": 49},
            "sequences": [{"length": 5, "top": "K"}, {"length": 4, "top": "K"}],
            "sets": [{"rank": "K", "count": 3}, {"rank": "Q", "count": 3}],
            "score": 0,
        },
        "verdicts": {"blanche": None, "point": "elder", "sequences": "elder", "sets": "elder"},
        "repique": None,
    }


def test_declarations_helper_with_blanche_and_symbols(api):
    blank = "A♠ 10♠ 9♠ 8♠ 7♠ A♥ T♥ 9♥ 8♥ 7♥ A♦ T♦"
    courts = "KS QS JS KH QH JH KD QD JD 9D 8D 7D"
    response = referee(api, {"elder": blank, "younger": courts, "blanche": {"elder": True, "younger": False}})
    assert response.status_code == 200
    assert response.json["elder"]["blanche"] is True
    assert response.json["verdicts"]["blanche"] == "elder"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"elder": P["P8"][0], "younger": "KH QH JH"}, "younger"),
        ({"elder": P["P8"][0] + " 9S", "younger": P["P8"][1]}, "elder"),
        ({"elder": P["P8"][0].replace("8C", "AS"), "younger": P["P8"][1]}, "elder"),
        ({"elder": P["P8"][0].replace("8C", "2C"), "younger": P["P8"][1]}, "elder"),
        ({"elder": P["P8"][0], "younger": P["P8"][1].replace("QC", "AS")}, "younger"),
        ({"elder": P["P8"][0], "younger": 12}, "younger"),
        ({"elder": P["P8"][0], "younger": P["P8"][1], "dealer": "Ann"}, "dealer"),
        ([P["P8"][0], P["P8"][1]], "body"),
    ],
)
def test_declarations_helper_refuses_bad_cards(api, body, field):
    response = referee(api, body)
    assert response.status_code == 422
    assert field in [error["field"] for error in response.json["errors"]]


def test_declarations_helper_refuses_malformed_json(api):
    response = api.client.post("/api/v1/piquet/declarations", data="{not json", content_type="application/json")
    assert response.status_code == 400
    assert api.client.get("/api/v1/piquet/declarations").status_code == 405


# ---------------------------------------------------------------------------
# Refusals: 422, the field named, nothing stored

E8, Y8 = P["P8"]
REFUSALS = [
    ({"hands": {"elder": " ".join(E8.split()[:11]), "younger": Y8}, "trick_winners": P8_WINNERS}, "hands.elder"),
    ({"hands": {"elder": E8, "younger": Y8 + " 9S"}, "trick_winners": P8_WINNERS}, "hands.younger"),
    ({"hands": {"elder": E8.replace("8C", "AS"), "younger": Y8}, "trick_winners": P8_WINNERS}, "hands.elder"),
    ({"hands": {"elder": E8, "younger": Y8.replace("QC", "AS")}, "trick_winners": P8_WINNERS}, "hands.younger"),
    ({"hands": {"elder": E8.replace("8C", "ZZ"), "younger": Y8}, "trick_winners": P8_WINNERS}, "hands.elder"),
    ({"hands": {"elder": E8.replace("8C", "6C"), "younger": Y8}, "trick_winners": P8_WINNERS}, "hands.elder"),
    (by_hands("P8", trick_winners="EEEEEEEYYYY"), "trick_winners"),
    (by_hands("P8", trick_winners="EEEEEEEYYYYX"), "trick_winners"),
    (by_hands("P8", trick_winners=12), "trick_winners"),
    (by_hands("P8", play={"elder": 8, "younger": 6}, tricks={"elder": 7, "younger": 4}), "tricks"),
    (by_hands("P8", play={"elder": 30, "younger": 6}, tricks={"elder": 7, "younger": 5}), "play.elder"),
    (by_hands("P1", play={"elder": 8, "younger": 6}, tricks={"elder": 7, "younger": 5}, pique=True), "pique"),
    (by_hands("P8", play={"elder": 9, "younger": 6}, tricks={"elder": 7, "younger": 5}), "pique"),
    (
        {"declarations": {"elder": said(sets="3A"), "younger": said(sets="39")}, "trick_winners": SIX_SIX},
        "declarations.younger.sets.0",
    ),
    (
        {"declarations": {"elder": said(sets="3A"), "younger": said(sets="3A")}, "trick_winners": SIX_SIX},
        "declarations.younger.sets.0",
    ),
    (
        {"declarations": {"elder": said("5/20"), "younger": said()}, "trick_winners": SIX_SIX},
        "declarations.elder.point.value",
    ),
    ({"hands": {"elder": E8, "younger": Y8}}, "trick_winners"),
    ({"hands": {"elder": E8, "younger": Y8}, "trick_winners": P8_WINNERS, "bonus": 1}, "bonus"),
]


@pytest.mark.parametrize(("raw", "field"), REFUSALS)
def test_refusals_change_nothing(api, app: Flask, raw, field):
    game_id = start(api)
    before = dump_database(app)
    response = api.add(game_id, raw)
    assert response.status_code == 422, response.json
    assert field in [error["field"] for error in response.json["errors"]], response.json
    assert all(error["message"] for error in response.json["errors"])
    assert dump_database(app) == before


def test_refused_correction_changes_nothing(api, app: Flask):
    game_id = start(api)
    assert api.add(game_id, by_hands("P8", trick_winners=P8_WINNERS)).status_code == 201
    before = dump_database(app)
    response = api.put(game_id, 1, by_hands("P8", trick_winners="EEE"))
    assert response.status_code == 422
    assert dump_database(app) == before
    assert api.get(game_id).json["totals"] == {"Bob": 71, "Ann": 6}


def test_counting_cards_only_needs_totals(api):
    game_id = start(api, options={"counting_cards_only": True})
    response = api.add(game_id, by_hands("P8", trick_winners=P8_WINNERS))
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == "trick_winners"


# ---------------------------------------------------------------------------
# Rules, exactly: the cases of tests/test_piquet_rules.py through the API (Ann elder in deal 1)


@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_announcements_impossible_in_twelve_cards_are_refused(api, app: Flask, case):
    elder, younger, problems = IMPOSSIBLE[case]
    game_id = start(api, dealer="Bob")
    before = dump_database(app)
    response = api.add(game_id, announced(elder, younger, SIX_SIX))
    assert response.status_code == 422
    assert [(error["field"], error["message"]) for error in response.json["errors"]] == problems
    assert dump_database(app) == before


@pytest.mark.parametrize("case", sorted(POSSIBLE))
def test_announcements_twelve_cards_can_hold_are_accepted(api, case):
    elder, younger = POSSIBLE[case]
    response = api.add(start(api, dealer="Bob"), announced(elder, younger, SIX_SIX))
    assert response.status_code == 201, response.json
    assert response.json["rounds"][0]["input"]["declarations"]["younger"]["sets"] == sorted(
        younger["sets"], key=lambda group: (group["count"], -"AKQJT".index(group["rank"])), reverse=True
    )


@pytest.mark.parametrize("case", sorted(BLANCHE_CLAIMS))
def test_carte_blanche_claims_checked_against_the_cards(api, app: Flask, case):
    blanche, elder, younger, problem = BLANCHE_CLAIMS[case]
    game_id = start(api, dealer="Bob")
    before = dump_database(app)
    response = api.add(game_id, {"hands": with_courts(elder, younger), "blanche": blanche, "trick_winners": SIX_SIX})
    if problem is None:
        assert response.status_code == 201, response.json
        assert response.json["rounds"][0]["events"][0] == f"blanche:{next(iter(blanche))}"
        return
    assert response.status_code == 422
    assert [(error["field"], error["message"]) for error in response.json["errors"]] == [problem]
    assert dump_database(app) == before


def test_the_referee_names_elder_and_younger_in_a_blanche_refusal(api):
    hands = with_courts(6, 4)
    response = referee(api, {**hands, "blanche": {"elder": True}})
    assert response.status_code == 422
    assert response.json["errors"] == [
        {
            "field": "blanche.elder",
            "message": "elder cannot have been dealt a carte blanche: elder takes at most 5 cards from the talon, "
            "and these 12 cards hold 6 kings, queens and jacks.",
        }
    ]


@pytest.mark.parametrize("tricks", sorted(CARDS))
def test_cards_from_seven_to_eleven_tricks_and_capot(api, tricks):
    _line, event = CARDS[tricks]
    raw = announced(said(), said(), "E" * tricks + "Y" * (12 - tricks))
    response = api.add(start(api, dealer="Bob"), raw)
    assert response.status_code == 201
    assert response.json["rounds"][0]["events"] == [event]


@pytest.mark.parametrize(("options", "message"), TARGETS)
def test_target_from_50_to_1000_and_refused_with_rubicon(api, options, message):
    response = api.create("piquet", PLAYERS, options=options)
    if message is None:
        assert response.status_code == 201, response.json
        assert api.get(response.json["id"]).json["options"]["target"] == (options.get("target") or 100)
        return
    assert response.status_code == 422
    assert [(error["field"], error["message"]) for error in response.json["errors"]] == [("options.target", message)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deals, st.data())
def test_announcements_from_real_hands_are_accepted_and_a_clash_refused(api, hands, data):
    declared = announce_both(hands, data)
    game_id = start(api, dealer="Bob")
    response = api.add(game_id, {"declarations": declared, "trick_winners": SIX_SIX})
    assert response.status_code == 201, response.json
    clash = a_clash(declared, data)
    if clash is None:
        return
    clashing, field = clash
    refused = api.add(game_id, {"declarations": clashing, "trick_winners": SIX_SIX})
    assert refused.status_code == 422
    errors = refused.json["errors"]
    assert field in [error["field"] for error in errors] or "There are only four" in errors[0]["message"]


def test_csv_in_french_and_with_several_events(api: Api) -> None:
    game_id = api.create("piquet", ["Ann", "Bob"]).json["id"]
    assert api.add(game_id, by_hands("P8", trick_winners="EEEEEEEYYYYY")).status_code == 201
    english = api.client.get(f"/g/{game_id}/export.csv").get_data(as_text=True).splitlines()
    assert english[0] == "\ufeffDeal,Ann,Ann total,Bob,Bob total,Events"
    assert english[1].startswith("1,")
    assert "; " in english[1]  # several events, each in words
    api.client.set_cookie("lang", "fr")
    french = api.client.get(f"/g/{game_id}/export.csv").get_data(as_text=True).splitlines()
    assert french[0] == "\ufeffDonne,Ann,Total Ann,Bob,Total Bob,Événements"
