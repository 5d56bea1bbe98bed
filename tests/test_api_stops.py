"""Newmarket, Michigan and Saratoga through the JSON API: the worked examples ST1 to ST17 of
``shared/rules/stops.md`` with their exact chips, their refusals (422, nothing stored) and a game's end (409)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from referee.games.queenie import rules
from referee.games.queenie.examples import MICHIGAN_GAME, stops_deal
from tests.conftest import Api, dump_database
from tests.test_api_queenie import Q1, Q2, Q3, Q4, table

FOUR = ["A", "B", "C", "D"]
THREE = ["A", "B", "C"]
NAMES = ["Alice", "Bruno", "Chloé", "Denis"]


def new_game(api: Api, game: str, players: list[str], dealer: str, **options: Any) -> str:
    response = api.create(game, players, options or None, dealer=dealer)
    assert response.status_code == 201, response.json
    return response.json["id"]


def played(api: Api, game_id: str, *inputs: dict[str, Any]) -> dict[str, Any]:
    state = api.get(game_id).json
    for round_input in inputs:
        response = api.add(game_id, round_input)
        assert response.status_code == 201, (round_input, response.json)
        state = response.json
    return state


def refused(app: Flask, api: Api, game_id: str, raw: dict[str, Any]) -> list[tuple[str, str]]:
    before, state = dump_database(app), api.get(game_id).json
    response = api.add(game_id, raw)
    assert response.status_code == 422, response.json
    assert dump_database(app) == before and api.get(game_id).json == state
    return [(error["field"], error["message"]) for error in response.json["errors"]]


def chips(state: dict[str, Any]) -> int:
    return sum(state["totals"].values()) + sum(state["table"].values())


# The deals before a worked example that starts "late in a game": any deals that reach its balances and
# table (found by search over legal Michigan deals; what they are does not matter, only where they lead).
def keep(queens: dict[str, str | None], out: str, cards_left: dict[str, int], **sale: Any) -> dict[str, Any]:
    return stops_deal({suit: player for suit, player in queens.items() if player}, out, cards_left, **sale)


BEFORE_ST6 = (  # C deals, then A: A 150, B 123, C 15; K♣ 4 and J♠ 8 on the table
    keep({"H": "A", "D": "B", "C": "B"}, "B", {"A": 5, "C": 6}),
    keep({"H": "A", "D": "A"}, "B", {"A": 4, "C": 8}, buyer="C", price=59),
)
BEFORE_ST11 = (  # B, C and D deal: A 140, B 9, C 131, D 120, nothing on the table
    keep({"S": "C", "H": "B", "D": "D", "C": "D"}, "A", {"B": 5, "C": 9, "D": 3}, buyer="A", price=19),
    keep({"S": "D", "H": "A", "D": "D", "C": "D"}, "A", {"B": 2, "C": 5, "D": 7}, buyer="D", price=60),
    keep({"S": "C", "H": "A", "D": "B", "C": "A"}, "A", {"B": 10, "C": 9, "D": 6}, buyer="B", price=87),
)
BEFORE_ST12 = (  # A 150, B 12, C 118, D 120
    keep({"S": "B", "H": "A", "D": "C", "C": "A"}, "D", {"A": 8, "B": 7, "C": 4}, buyer="D", price=13),
    keep({"S": "D", "H": "A", "D": "D", "C": "D"}, "A", {"B": 5, "C": 4, "D": 2}, buyer="D", price=41),
    keep({"S": "A", "H": "A", "D": "A", "C": "A"}, "A", {"B": 11, "C": 4, "D": 9}, buyer="B", price=67),
)
BEFORE_ST13 = (  # A 120, B 150, C 124, D 6
    keep({"S": "C", "H": "A", "D": "B", "C": "B"}, "D", {"A": 7, "B": 6, "C": 5}, buyer="D", price=69),
    keep({"S": "A", "H": "D", "D": "B", "C": "C"}, "C", {"A": 1, "B": 3, "D": 3}, buyer="D", price=24),
    keep({"S": "C", "H": "C", "D": "A", "C": "C"}, "A", {"B": 9, "C": 8, "D": 8}, buyer="C", price=3),
)


def late_in_a_game(api: Api, players: list[str], first: str, deals: tuple[dict[str, Any], ...], **options: Any):
    game_id = new_game(api, "michigan", players, first, rounds=None, **options)
    return game_id, played(api, game_id, *deals)


# --- Newmarket ---------------------------------------------------------------------------------------


def test_st1_newmarket_seven_players(api: Api) -> None:
    seven = ["A", "B", "C", "D", "E", "F", "G"]
    game_id = new_game(api, "newmarket", seven, "A")
    first = api.get(game_id).json
    assert first["options"]["layout"] == "boodles" and first["options"]["spare_deal"] == "last"
    assert first["next"]["hand_sizes"] == {"B": 7, "C": 7, "D": 7, "E": 7, "F": 6, "G": 6, "A": 6}
    assert first["next"]["spare_size"] == 6 and first["next"]["stakes_due"] == dict.fromkeys(seven, 2)
    stakes = {"A": "H", "B": "H", "C": "S", "D": "D", "E": "C", "F": "H", "G": "S"}
    raw = {
        "stakes": stakes,
        "dealer_choice": "keep",
        "buyer": "G",
        "queens": {"S": "G", "H": "C", "D": "A", "C": None},
        "out": "F",
    }
    state = played(api, game_id, raw)
    assert state["rounds"][0]["events"] == ["sold:G", "queen:S:G", "queen:H:C", "queen:D:A", "out:F"]
    assert state["totals"] == {"A": 20, "B": 18, "C": 21, "D": 18, "E": 18, "F": 25, "G": 19}
    assert state["table"] == table(C=1) and chips(state) == 140
    assert state["next"]["dealer"] == "B"


def test_st2_and_st3_newmarket(api: Api) -> None:
    game_id = new_game(api, "newmarket", FOUR, "B")
    blocked = {
        "stakes": {"A": "D", "B": "D", "C": "S", "D": "H"},
        "dealer_choice": "switch",
        "buyer": None,
        "queens": {"S": None, "H": None, "D": None, "C": "C"},
        "out": None,
    }
    state = played(api, game_id, blocked)
    assert state["totals"] == dict.fromkeys(FOUR, 18)
    assert state["table"] == table(D=2, S=1, H=1, pot=4) and state["next"]["dealer"] == "C"
    state = played(
        api,
        game_id,
        {
            "stakes": {"A": "H", "B": "D", "C": "D", "D": "C"},
            "dealer_choice": "keep",
            "buyer": None,
            "queens": {"S": "D", "H": "B", "D": "A", "C": None},
            "out": "D",
        },
    )
    assert state["totals"] == {"A": 20, "B": 18, "C": 16, "D": 25}
    assert state["table"] == table(C=1) and chips(state) == 80 and state["next"]["dealer"] == "D"


# --- Michigan ----------------------------------------------------------------------------------------


def test_st4_and_st5_michigan(api: Api) -> None:
    game_id = new_game(api, "michigan", NAMES, "Alice")
    first = api.get(game_id).json
    assert first["next"]["stakes_due"] == {"Alice": 8, "Bruno": 4, "Chloé": 4, "Denis": 4}
    assert first["next"]["hand_sizes"] == {"Bruno": 11, "Chloé": 10, "Denis": 10, "Alice": 10}
    assert first["next"]["spare_size"] == 11
    assert "stakes_default" not in first["next"] and "dealer_packets" not in first["next"]
    state = played(api, game_id, MICHIGAN_GAME[0])
    assert state["totals"] == {"Alice": 89, "Bruno": 96, "Chloé": 111, "Denis": 99}
    assert state["table"] == table(D=5)
    assert state["next"]["dealer"] == "Bruno" and state["next"]["stakes_due"]["Bruno"] == 8
    state = played(api, game_id, MICHIGAN_GAME[1])
    assert state["rounds"][1]["input"]["price"] == 3
    assert state["rounds"][1]["events"] == ["sold:Denis", "queen:H:Denis", "queen:D:Alice", "out:Denis"]
    assert state["totals"] == {"Alice": 91, "Bruno": 90, "Chloé": 101, "Denis": 108}
    assert state["table"] == table(C=5, S=5) and chips(state) == 400 and state["next"]["dealer"] == "Chloé"


@pytest.mark.parametrize("bankrupt", ["end", "drop"])
def test_st6_the_next_dealer_cannot_pay_the_double_stake(api: Api, bankrupt: str) -> None:
    game_id, before = late_in_a_game(api, THREE, "C", BEFORE_ST6, bankrupt=bankrupt)
    assert before["totals"] == {"A": 150, "B": 123, "C": 15}
    assert before["table"] == table(C=4, S=8) and before["next"]["dealer"] == "B"
    state = played(api, game_id, keep({"C": "C", "H": "A"}, "A", {"B": 1, "C": 10}, buyer="C", price=2))
    assert state["totals"] == {"A": 161, "B": 116, "C": 7}
    assert state["table"] == table(D=4, S=12)
    assert state["status"] == "finished" and state["winners"] == ["A"] and state["unclaimed"] == 16
    assert "bankrupt:C" in state["rounds"][-1]["events"]


def test_st11_the_auction_price(app: Flask, api: Api) -> None:
    game_id, before = late_in_a_game(api, FOUR, "B", BEFORE_ST11)
    assert before["totals"] == {"A": 140, "B": 9, "C": 131, "D": 120} and before["table"] == table()
    assert before["next"]["dealer"] == "A" and before["next"]["can_buy"] == ["B", "C", "D"]
    raw = keep({"H": "B", "D": "B", "S": "D"}, "D", {"A": 4, "B": 2, "C": 6}, buyer="B", price=6)
    assert refused(app, api, game_id, raw) == [("price", "B has only 5 chips after staking and cannot pay 6.")]
    state = played(api, game_id, {**raw, "price": 5})
    assert state["totals"] == {"A": 133, "B": 8, "C": 121, "D": 133}
    assert state["table"] == table(C=5) and state["status"] == "playing"
    assert state["next"]["dealer"] == "B" and state["next"]["can_buy"] == ["A", "C", "D"]


def test_st12_the_dealers_threshold(api: Api) -> None:
    deal = keep({"H": "C", "C": "A", "D": "D", "S": "C"}, "C", {"A": 3, "B": 2, "D": 4})
    game_id, before = late_in_a_game(api, FOUR, "B", BEFORE_ST12, bankrupt="drop")
    assert before["totals"] == {"A": 150, "B": 12, "C": 118, "D": 120} and before["next"]["dealer"] == "A"
    state = played(api, game_id, deal)
    assert state["totals"] == {"A": 144, "B": 6, "C": 133, "D": 117} and state["table"] == table()
    assert state["rounds"][-1]["events"][-2:] == ["bankrupt:B", "dropped:B"]
    assert state["next"]["dealer"] == "C"
    assert state["next"]["stakes_due"] == {"C": 8, "D": 4, "A": 4}
    assert state["next"]["hand_sizes"] == {"D": 13, "A": 13, "C": 13} and state["next"]["spare_size"] == 13
    game_id, _before = late_in_a_game(api, FOUR, "B", BEFORE_ST12)
    ended = played(api, game_id, deal)
    assert ended["status"] == "finished" and ended["winners"] == ["A"]


def test_st13_a_payment_per_card_capped(api: Api) -> None:
    deal = keep({"H": "B", "D": "B", "C": "C"}, "B", {"A": 3, "C": 4, "D": 7})
    game_id, before = late_in_a_game(api, FOUR, "B", BEFORE_ST13, bankrupt="drop")
    assert before["totals"] == {"A": 120, "B": 150, "C": 124, "D": 6} and before["next"]["dealer"] == "A"
    state = played(api, game_id, deal)
    assert state["totals"] == {"A": 109, "B": 165, "C": 121, "D": 0} and state["table"] == table(S=5)
    assert state["dropped"] == ["D"] and state["next"]["dealer"] == "B"
    game_id, _before = late_in_a_game(api, FOUR, "B", BEFORE_ST13)
    ended = played(api, game_id, deal)
    assert ended["status"] == "finished" and ended["winners"] == ["B"]


# --- Saratoga, Queenie, Newmarket on every card -------------------------------------------------------


def test_st7_to_st9_saratoga(api: Api) -> None:
    game_id = new_game(api, "saratoga", THREE, "A")
    first = api.get(game_id).json
    assert "can_buy" not in first["next"] and first["next"]["spare_size"] == 13
    st7 = stops_deal({"S": "B", "H": "B", "D": "C"}, "C", {"A": 6, "B": 2}, choice=None)
    st8 = stops_deal({"C": "A"}, "A", {"B": 12, "C": 1}, choice=None)
    st9 = stops_deal({"D": "B"}, None, choice=None)
    state = played(api, game_id, st7)
    assert state["totals"] == {"A": 90, "B": 100, "C": 107} and state["table"] == table(C=3)
    state = played(api, game_id, st8)
    assert state["totals"] == {"A": 105, "B": 84, "C": 102} and state["table"] == table(H=3, D=3, S=3)
    state = played(api, game_id, st9)
    assert state["totals"] == {"A": 101, "B": 86, "C": 98} and state["table"] == table(H=6, C=3, S=6)
    assert state["next"]["dealer"] == "A" and chips(state) == 300


def test_st10_queenie_unchanged(api: Api) -> None:
    given = new_game(api, "queenie", NAMES, "Bruno", **rules.QUEENIE_VALUES)
    left_out = new_game(api, "queenie", NAMES, "Bruno")
    assert api.get(given).json["options"] == api.get(left_out).json["options"] == rules.QUEENIE_VALUES
    for game_id in (given, left_out):
        before_q4 = played(api, game_id, Q3)
        assert before_q4["next"]["stakes_due"] == dict.fromkeys(["Chloé", "Denis", "Alice", "Bruno"], 2)
        assert before_q4["next"]["spare_size"] == 10
        assert played(api, game_id, Q4)["totals"] == {"Alice": 15, "Bruno": 26, "Chloé": 19, "Denis": 19}
    first = new_game(api, "queenie", NAMES, "Alice", **rules.QUEENIE_VALUES)
    assert played(api, first, Q1)["totals"] == {"Alice": 19, "Bruno": 20, "Chloé": 17, "Denis": 23}
    five = new_game(api, "queenie", [*NAMES, "Émile"], "Bruno", **rules.QUEENIE_VALUES)
    assert played(api, five, Q2)["totals"] == {"Alice": 18, "Bruno": 18, "Chloé": 20, "Denis": 18, "Émile": 25}


def test_st14_newmarket_on_every_card_with_a_kitty(app: Flask, api: Api) -> None:
    game_id = new_game(api, "newmarket", THREE, "A", staking="every_card", kitty_stake=2)
    state = played(api, game_id, stops_deal({"D": "B"}, None))
    assert state["totals"] == {"A": 14, "B": 17, "C": 14} and state["table"] == table(H=3, C=3, S=3, pot=6)
    fixed = [("stakes", "Stakes are fixed in this game: leave them out.")]
    assert refused(app, api, game_id, {**stops_deal({}, None), "stakes": dict.fromkeys(THREE, "S")}) == fixed
    state = played(api, game_id, stops_deal({"H": "C", "C": "A", "S": "C"}, "C", choice="switch"))
    assert state["totals"] == {"A": 14, "B": 11, "C": 32} and state["table"] == table(D=3)
    assert state["next"]["dealer"] == "C"


# --- refusals ------------------------------------------------------------------------------------------

PRICE = "The price is a whole number of chips, at least 1."


@pytest.mark.parametrize(
    ("change", "errors"),
    [
        ({"stakes": dict.fromkeys(NAMES, "S")}, [("stakes", "Stakes are fixed in this game: leave them out.")]),
        ({"dealer_choice": "keep", "buyer": "Chloé"}, [("price", "Say what Chloé paid for the spare hand.")]),
        ({"dealer_choice": "keep", "price": 2}, [("price", "Nobody bought the spare hand: leave the price out.")]),
        ({"dealer_choice": "keep", "buyer": "Chloé", "price": 0}, [("price", PRICE)]),
        ({"dealer_choice": "keep", "buyer": "Chloé", "price": 2.5}, [("price", PRICE)]),
        ({"dealer_choice": "keep", "buyer": "Chloé", "price": "3"}, [("price", PRICE)]),
        (
            {"buyer": "Chloé", "price": 1},
            [
                (
                    "buyer",
                    "The buyer of the spare packet must be nobody: the dealer switched packets, so nothing was sold.",
                )
            ],
        ),
        (
            {"dealer_choice": "keep", "buyer": "Alice", "price": 1},
            [("buyer", "Alice deals and cannot buy the spare packet.")],
        ),
        ({"cards_left": None}, [("cards_left", "Chloé went out: give the cards left in every other hand.")]),
        (
            {"cards_left": {"Alice": 3, "Bruno": 11, "Denis": 2}},
            [("cards_left.Bruno", "Bruno: this cannot be more than 10, the cards dealt less the pay cards played.")],
        ),
        ({"out": None}, [("cards_left", "Nobody went out, so nobody pays for the cards left.")]),
    ],
)
def test_st15_michigan_refuses(app: Flask, api: Api, change: dict[str, Any], errors: list[tuple[str, str]]) -> None:
    game_id = new_game(api, "michigan", NAMES, "Alice")
    assert refused(app, api, game_id, {**MICHIGAN_GAME[0], **change}) == errors


def test_st15_saratoga_and_newmarket_refuse(app: Flask, api: Api) -> None:
    game_id = new_game(api, "saratoga", THREE, "A")
    ok = stops_deal({"D": "C"}, "C", {"A": 6, "B": 2}, choice=None)
    for field, value in [("dealer_choice", "keep"), ("buyer", "B"), ("price", 1)]:
        assert refused(app, api, game_id, {**ok, field: value}) == [(field, "There is no spare hand in this game.")]
    game_id = new_game(api, "newmarket", FOUR, "A")
    sold = {**Q1, "stakes": dict(zip(FOUR, "HSHD", strict=True)), "buyer": "C", "queens": dict.fromkeys("SHDC")}
    sold["out"] = "B"
    assert refused(app, api, game_id, {**sold, "price": 1}) == [
        ("price", "The spare hand sells at a fixed price (1 chip): leave the price out.")
    ]
    poor = new_game(api, "newmarket", FOUR, "A", start_chips=2)
    assert refused(app, api, poor, sold) == [
        ("buyer", "C has no chip left after staking and cannot buy the spare packet.")
    ]


@pytest.mark.parametrize(
    ("game", "players", "options", "field"),
    [
        ("queenie", 7, {}, "players"),
        ("newmarket", 9, {}, "players"),
        ("michigan", 4, {"start_chips": 7}, "options.start_chips"),
        ("newmarket", 4, {"dealer_stake": "double"}, "options.dealer_stake"),
        ("michigan", 4, {"sale_price": 2}, "options.sale_price"),
        ("queenie", 4, {"card_stake": 0}, "options.card_stake"),
        ("queenie", 4, {"card_stake": 11}, "options.card_stake"),
        ("queenie", 4, {"kitty_stake": -1}, "options.kitty_stake"),
        ("queenie", 4, {"preset": "michigan"}, "options.preset"),
    ],
)
def test_st16_refused_games(app: Flask, api: Api, game: str, players: int, options: dict[str, Any], field: str) -> None:
    before = dump_database(app)
    response = api.create(game, [chr(ord("A") + seat) for seat in range(players)], options)
    assert response.status_code == 422
    assert [error["field"] for error in response.json["errors"]] == [field]
    assert dump_database(app) == before


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("newmarket", 8, {}),
        ("michigan", 4, {"start_chips": 8}),
        ("newmarket", 4, {"dealer_stake": "double", "staking": "every_card"}),
        ("michigan", 4, {"sale_price": 2, "spare": "sale"}),
    ],
)
def test_st16_accepted_games(api: Api, game: str, players: int, options: dict[str, Any]) -> None:
    response = api.create(game, [chr(ord("A") + seat) for seat in range(players)], options)
    assert response.status_code == 201, response.json
    assert {name: response.json["options"][name] for name in options} == options


def test_st17_a_whole_michigan_game(api: Api) -> None:
    game_id = new_game(api, "michigan", NAMES, "Alice")
    balances = [
        (89, 96, 111, 99),
        (91, 90, 101, 108),
        (87, 96, 93, 104),
        (111, 85, 102, 102),
        (94, 110, 94, 97),
        (87, 103, 115, 90),
        (86, 93, 100, 116),
        (83, 111, 91, 105),
    ]
    for raw, after in zip(MICHIGAN_GAME, balances, strict=True):
        state = played(api, game_id, raw)
        assert tuple(state["totals"].values()) == after and chips(state) == 400
    assert state["status"] == "finished" and state["winners"] == ["Bruno"]
    assert state["table"] == table(C=5, D=5) and state["unclaimed"] == 10
    assert api.add(game_id, MICHIGAN_GAME[0]).status_code == 409


def test_a_michigan_table_may_end_the_game_at_an_agreed_time(api: Api) -> None:
    game_id = new_game(api, "michigan", NAMES, "Alice")
    played(api, game_id, *MICHIGAN_GAME[:2])
    assert api.get(game_id).json["stop"] == {"after": None, "choices": [2, 4]}
    response = api.client.put(f"/api/v1/games/{game_id}/stop", json={"after": 2}, headers=api.auth(game_id))
    assert response.status_code == 200, response.json
    assert response.json["status"] == "finished" and response.json["winners"] == ["Denis"]
    assert response.json["totals"] == {"Alice": 91, "Bruno": 90, "Chloé": 101, "Denis": 108}
