"""Queenie through the JSON API: the worked examples of ``rules/queenie.md``, refusals, corrections and undo."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from referee.games.base import make_setup
from referee.games.queenie import play as qp
from referee.games.queenie import rules as queenie
from tests.conftest import Api, dump_database
from tests.test_queenie_play import EVERY_DIAMOND_DEAD, Table, honest, honest_last, run_machine

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
THREE = ["A", "B", "C"]
FIVE = [*FOUR, "Émile"]
NOBODY: dict[str, str | None] = {"S": None, "H": None, "D": None, "C": None}
TABLE_0 = {"S": 0, "H": 0, "D": 0, "C": 0, "pot": 0}


def table(**chips: int) -> dict[str, int]:
    return {**TABLE_0, **chips}


def deal(
    stakes: dict[str, str],
    queens: dict[str, str | None] | None = None,
    out: str | None = None,
    choice: str = "keep",
    buyer: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "stakes": stakes,
        "dealer_choice": choice,
        "buyer": buyer,
        "queens": {**NOBODY, **(queens or {})},
        "out": out,
        **extra,
    }


def all_on(suit: str, players: list[str]) -> dict[str, str]:
    return {player: suit for player in players}


Q1 = deal(
    {"Alice": "H", "Bruno": "S", "Chloé": "H", "Denis": "D"},
    {"S": "Denis", "H": "Bruno", "D": None, "C": "Alice"},
    out="Denis",
    buyer="Chloé",
)
Q2 = deal(
    {"Alice": "S", "Bruno": "D", "Chloé": "S", "Denis": "H", "Émile": "D"},
    {"S": "Émile", "D": "Chloé", "C": "Alice"},
    out="Émile",
    choice="switch",
)
Q3 = deal({"Alice": "C", "Bruno": "C", "Chloé": "D", "Denis": "S"}, {"C": "Chloé"})
Q4 = deal(
    {"Alice": "D", "Bruno": "S", "Chloé": "D", "Denis": "H"},
    {"S": "Bruno", "D": "Denis"},
    out="Bruno",
    buyer="Alice",
)


def new_game(api: Api, players: list[str], dealer: str, **options: Any) -> str:
    response = api.create("queenie", players, options or None, dealer=dealer)
    assert response.status_code == 201, response.json
    return response.json["id"]


def played(api: Api, game_id: str, *inputs: dict[str, Any]) -> dict[str, Any]:
    state: dict[str, Any] = {}
    for round_input in inputs:
        response = api.add(game_id, round_input)
        assert response.status_code == 201, response.json
        state = response.json
    return state


def on_the_table(state: dict[str, Any]) -> int:
    return sum(state["table"].values())


# --- creating a game -------------------------------------------------------------


def test_new_game_state_tells_the_first_deal(api: Api) -> None:
    response = api.create("queenie", FOUR)
    assert response.status_code == 201
    state = response.json
    assert state["game"] == "queenie"
    assert state["players"] == FOUR
    assert state["options"] == {
        "start_chips": 20,
        "rounds": 2,
        "bankrupt": "end",
        "leftover": "leave",
        "pay_per_card": False,
        **queenie.QUEENIE_VALUES,  # the family's options at Queenie's values (stops.md, ST10)
    }
    assert state["totals"] == dict.fromkeys(FOUR, 20)
    assert state["rounds"] == []
    assert state["status"] == "playing"
    assert state["winners"] == []
    assert state["table"] == TABLE_0
    assert state["next"] == {
        "round": 1,
        "dealer": "Alice",
        "table": TABLE_0,
        "hand_sizes": {"Bruno": 11, "Chloé": 11, "Denis": 10, "Alice": 10},
        "dealer_packets": [10, 10],
        "deal_of": 8,
        "stakes_default": dict.fromkeys(FOUR),
        "can_buy": ["Bruno", "Chloé", "Denis"],
        "stakes_due": dict.fromkeys(FOUR, 2),
        "spare_size": 10,
    }
    assert "key" in state


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "queenie", "players": ["Alice", "Bruno"]}, "players"),
        ({"game": "queenie", "players": [*FIVE, "Fanny", "Gaston"]}, "players"),
        ({"game": "queenie", "players": FOUR, "options": {"start_chips": 1}}, "options.start_chips"),
        ({"game": "queenie", "players": FOUR, "options": {"bankrupt": "jail"}}, "options.bankrupt"),
        ({"game": "queenie", "players": FOUR, "options": {"pay_per_card": "yes"}}, "options.pay_per_card"),
        ({"game": "queenie", "players": FOUR, "options": {"stake": 2}}, "options.stake"),
    ],
)
def test_bad_new_games_are_refused(app: Flask, api: Api, body: dict[str, Any], field: str) -> None:
    before = dump_database(app)
    response = api.client.post("/api/v1/games", json=body)
    assert response.status_code == 422
    assert field in [error["field"] for error in response.json["errors"]]
    assert dump_database(app) == before


# --- the worked examples -----------------------------------------------------------


def test_q1_sale_queens_and_pot(api: Api) -> None:
    game_id = new_game(api, FOUR, "Alice")
    state = played(api, game_id, Q1)
    (result,) = state["rounds"]
    assert result["number"] == 1
    assert result["input"] == Q1
    assert result["scores"] == {"Alice": -1, "Bruno": 0, "Chloé": -3, "Denis": 3}
    assert result["totals"] == {"Alice": 19, "Bruno": 20, "Chloé": 17, "Denis": 23}
    assert result["events"] == ["sold:Chloé", "queen:S:Denis", "queen:H:Bruno", "queen:C:Alice", "out:Denis"]
    assert state["totals"] == {"Alice": 19, "Bruno": 20, "Chloé": 17, "Denis": 23}
    assert state["table"] == table(D=1)
    assert state["next"]["round"] == 2
    assert state["next"]["dealer"] == "Bruno"
    assert state["next"]["table"] == table(D=1)
    assert state["next"]["hand_sizes"] == {"Chloé": 11, "Denis": 11, "Alice": 10, "Bruno": 10}
    assert state["next"]["dealer_packets"] == [10, 10]
    assert state["next"]["stakes_default"] == Q1["stakes"]
    assert sum(state["totals"].values()) + on_the_table(state) == 80
    # Anyone with the id reads the same state.
    assert api.get(game_id).json == state


def test_q2_five_players_and_a_switch(api: Api) -> None:
    game_id = new_game(api, FIVE, "Bruno")
    assert api.get(game_id).json["next"]["hand_sizes"] == {
        "Chloé": 9,
        "Denis": 9,
        "Émile": 9,
        "Alice": 9,
        "Bruno": 8,
    }
    state = played(api, game_id, Q2)
    (result,) = state["rounds"]
    assert result["scores"] == {"Alice": -2, "Bruno": -2, "Chloé": 0, "Denis": -2, "Émile": 5}
    assert state["totals"] == {"Alice": 18, "Bruno": 18, "Chloé": 20, "Denis": 18, "Émile": 25}
    assert not any(event.startswith("sold:") for event in result["events"])
    assert state["table"] == table(H=1)
    assert state["next"]["dealer"] == "Chloé"
    assert state["next"]["table"] == table(H=1)
    assert state["next"]["hand_sizes"] == {"Denis": 9, "Émile": 9, "Alice": 9, "Bruno": 9, "Chloé": 8}
    assert state["next"]["dealer_packets"] == [8, 8]
    assert state["next"]["deal_of"] == 10
    assert sum(state["totals"].values()) + on_the_table(state) == 100


def test_q3_blocked_deal_carries_everything_over(api: Api) -> None:
    game_id = new_game(api, FOUR, "Bruno")
    state = played(api, game_id, Q3)
    (result,) = state["rounds"]
    assert result["events"] == ["queen:C:Chloé", "blocked"]
    assert result["scores"] == {"Alice": -2, "Bruno": -2, "Chloé": 0, "Denis": -2}
    assert state["totals"] == {"Alice": 18, "Bruno": 18, "Chloé": 20, "Denis": 18}
    assert state["table"] == table(S=1, D=1, pot=4)
    assert state["next"]["dealer"] == "Chloé"
    assert state["next"]["table"] == table(S=1, D=1, pot=4)
    assert state["next"]["hand_sizes"] == {"Denis": 11, "Alice": 11, "Bruno": 10, "Chloé": 10}
    assert state["next"]["dealer_packets"] == [10, 10]


def test_q4_continues_q3_with_the_carried_chips(api: Api) -> None:
    game_id = new_game(api, FOUR, "Bruno")
    state = played(api, game_id, Q3, Q4)
    second = state["rounds"][1]
    assert second["number"] == 2
    assert second["scores"] == {"Alice": -3, "Bruno": 8, "Chloé": -1, "Denis": 1}
    assert second["totals"] == {"Alice": 15, "Bruno": 26, "Chloé": 19, "Denis": 19}
    assert second["events"] == ["sold:Alice", "queen:S:Bruno", "queen:D:Denis", "out:Bruno"]
    assert state["totals"] == {"Alice": 15, "Bruno": 26, "Chloé": 19, "Denis": 19}
    assert state["table"] == table(H=1)
    assert state["next"]["round"] == 3
    assert state["next"]["dealer"] == "Denis"
    assert state["next"]["table"] == table(H=1)
    assert state["next"]["hand_sizes"] == {"Alice": 11, "Bruno": 11, "Chloé": 10, "Denis": 10}
    assert state["next"]["stakes_default"] == Q4["stakes"]


@pytest.mark.parametrize(
    ("raw", "errors"),
    [
        (
            deal(all_on("H", FOUR), choice="switch", buyer="Chloé"),
            [
                (
                    "buyer",
                    "The buyer of the spare packet must be nobody: the dealer switched packets, so nothing was sold.",
                )
            ],
        ),
        (deal(all_on("H", FOUR), buyer="Alice"), [("buyer", "Alice deals and cannot buy the spare packet.")]),
        (deal(all_on("H", FOUR[:3])), [("stakes.Denis", "Missing a stake for Denis.")]),
        (deal(all_on("H", FOUR), {"H": "Zoé"}), [("queens.H", "Zoé is not a player in this game.")]),
    ],
    ids=["buyer-with-switch", "dealer-buys", "missing-stake", "queen-by-stranger"],
)
def test_q5_refusals_store_nothing(app: Flask, api: Api, raw: dict[str, Any], errors: list[tuple[str, str]]) -> None:
    game_id = new_game(api, FOUR, "Alice")
    before = dump_database(app)
    state_before = api.get(game_id).json
    response = api.add(game_id, raw)
    assert response.status_code == 422
    assert [(error["field"], error["message"]) for error in response.json["errors"]] == errors
    assert dump_database(app) == before
    assert api.get(game_id).json == state_before


# --- more refusals ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "errors"),
    [
        (
            {**deal(all_on("H", FOUR)), "stakes": {**all_on("H", FOUR), "Zoé": "S"}},
            [("stakes.Zoé", "Zoé is not a player in this game.")],
        ),
        (
            deal({**all_on("H", FOUR), "Bruno": "Q"}),
            [("stakes.Bruno", "Choose a queen: S, H, D or C.")],
        ),
        (
            {**deal(all_on("H", FOUR)), "queens": {"S": None, "H": None, "D": None, "C": None, "J": "Bruno"}},
            [("queens.J", "Unknown queen J: the queens are S, H, D and C.")],
        ),
        (
            deal(all_on("H", FOUR), out="Bruno", cards_left={"Alice": 1, "Bruno": 0, "Chloé": 1, "Denis": 1}),
            [("cards_left", "Cards left only count with the pay-per-card option.")],
        ),
        (
            {**deal(all_on("H", FOUR)), "dealer_choice": "peek"},
            [("dealer_choice", "Say whether the dealer kept the first packet or switched.")],
        ),
        ({**deal(all_on("H", FOUR)), "bet": 3}, [("bet", "Unknown field bet.")]),
        ([1, 2, 3], [("body", "The body must be a JSON object.")]),
        (
            deal(all_on("H", FOUR), buyer="Bruno", out="Zoé"),
            [
                ("buyer", "Bruno deals and cannot buy the spare packet."),
                ("out", "Zoé is not a player in this game."),
            ],
        ),
    ],
    ids=["extra-stake", "bad-queen", "unknown-queen", "cards-left-without-option", "choice", "unknown", "list", "two"],
)
def test_refusals_name_the_field_and_store_nothing(
    app: Flask, api: Api, raw: Any, errors: list[tuple[str, str]]
) -> None:
    game_id = new_game(api, FOUR, "Alice")
    played(api, game_id, Q1)  # deal 2 is Bruno's, with Q♦ 1 carried over
    before = dump_database(app)
    response = api.add(game_id, raw)
    assert response.status_code == 422, response.json
    assert [(error["field"], error["message"]) for error in response.json["errors"]] == errors
    assert dump_database(app) == before


def test_a_buyer_with_no_chip_left_after_staking(app: Flask, api: Api) -> None:
    game_id = new_game(api, FOUR, "Alice", start_chips=2)
    assert api.get(game_id).json["next"]["can_buy"] == []
    before = dump_database(app)
    response = api.add(game_id, deal(all_on("H", FOUR), buyer="Chloé"))
    assert response.status_code == 422
    assert response.json["errors"] == [
        {"field": "buyer", "message": "Chloé has no chip left after staking and cannot buy the spare packet."}
    ]
    assert dump_database(app) == before


SHORT_CHLOE = deal(all_on("H", FOUR), {"H": "Bruno"}, out="Bruno", buyer="Chloé")  # start 4: A 3, B 10, C 1, D 2


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        (deal(all_on("H", FOUR)), "stakes.Chloé"),
        (deal(all_on("H", ["Alice", "Bruno", "Denis"]), {"S": "Chloé"}), "queens.S"),
        (deal(all_on("H", ["Alice", "Bruno", "Denis"]), out="Chloé"), "out"),
        (deal(all_on("H", ["Alice", "Bruno", "Denis"]), buyer="Chloé"), "buyer"),
    ],
    ids=["stake", "queen", "out", "buyer"],
)
def test_a_player_who_dropped_out_takes_no_part(app: Flask, api: Api, raw: dict[str, Any], field: str) -> None:
    game_id = new_game(api, FOUR, "Alice", start_chips=4, bankrupt="drop")
    state = played(api, game_id, SHORT_CHLOE)
    assert state["dropped"] == ["Chloé"]
    assert state["active"] == ["Alice", "Bruno", "Denis"]
    assert state["next"]["hand_sizes"] == {"Denis": 13, "Alice": 13, "Bruno": 13}
    assert "Chloé" not in state["next"]["stakes_default"]
    before = dump_database(app)
    response = api.add(game_id, raw)
    assert response.status_code == 422
    assert response.json["errors"] == [{"field": field, "message": "Chloé has dropped out of the game."}]
    assert dump_database(app) == before


def test_writes_need_the_key_and_bad_requests_are_not_500(app: Flask, api: Api) -> None:
    game_id = new_game(api, FOUR, "Alice")
    before = dump_database(app)
    no_key = api.client.post(f"/api/v1/games/{game_id}/rounds", json=Q1)
    assert no_key.status_code == 401
    assert api.add(game_id, Q1, key="not-the-key").status_code == 403
    malformed = api.client.post(
        f"/api/v1/games/{game_id}/rounds", data="{nope", headers=api.auth(game_id), content_type="application/json"
    )
    assert malformed.status_code == 400
    assert api.add("no-such-game", Q1, key="x").status_code == 404
    assert dump_database(app) == before


# --- pay per card ----------------------------------------------------------------------


def test_pay_per_card_through_the_api(api: Api) -> None:
    game_id = new_game(api, FOUR, "Alice", start_chips=10, pay_per_card=True)
    raw = deal(
        all_on("H", FOUR),
        {"H": "Bruno"},
        out="Bruno",
        cards_left={"Alice": 5, "Bruno": 0, "Chloé": 10, "Denis": 3},
    )
    state = played(api, game_id, raw)
    assert state["totals"] == {"Alice": 3, "Bruno": 32, "Chloé": 0, "Denis": 5}
    assert state["rounds"][0]["input"]["cards_left"] == {"Alice": 5, "Bruno": 0, "Chloé": 10, "Denis": 3}
    assert state["status"] == "finished"
    assert state["winners"] == ["Bruno"]
    assert state["unclaimed"] == 0


def test_the_player_who_went_out_may_be_left_out_of_cards_left(api: Api) -> None:
    game_id = new_game(api, FOUR, "Alice", start_chips=10, pay_per_card=True)
    raw = deal(all_on("H", FOUR), {"H": "Bruno"}, out="Bruno", cards_left={"Alice": 5, "Chloé": 10, "Denis": 3})
    state = played(api, game_id, raw)
    assert state["totals"] == {"Alice": 3, "Bruno": 32, "Chloé": 0, "Denis": 5}
    assert state["rounds"][0]["input"]["cards_left"] == {"Alice": 5, "Bruno": 0, "Chloé": 10, "Denis": 3}


def test_pay_per_card_is_paid_from_what_each_has_after_the_queens_and_the_pot(api: Api) -> None:
    game_id = new_game(api, FOUR, "Alice", start_chips=2, pay_per_card=True)
    raw = deal(all_on("H", FOUR), {"H": "Chloé"}, out="Bruno", cards_left={"Alice": 5, "Chloé": 10, "Denis": 3})
    state = played(api, game_id, raw)
    # Chloé takes the 4 chips on Q♥ and pays them for her 10 cards; Alice and Denis have nothing left.
    assert state["rounds"][0]["scores"] == {"Alice": -2, "Bruno": 6, "Chloé": -2, "Denis": -2}
    assert state["totals"] == {"Alice": 0, "Bruno": 8, "Chloé": 0, "Denis": 0}


TOO_MANY = "{name}: this cannot be more than {most}, the cards dealt less the queens played."


@pytest.mark.parametrize(
    ("raw", "errors"),
    [
        (
            deal(all_on("H", FOUR), out="Bruno", cards_left={"Alice": 1, "Chloé": 12, "Denis": 1}),
            [("cards_left.Chloé", TOO_MANY.format(name="Chloé", most=11))],
        ),
        (
            deal(
                all_on("H", FOUR),
                {"S": "Denis", "D": "Denis"},
                out="Bruno",
                buyer="Denis",
                cards_left={"Alice": 1, "Chloé": 1, "Denis": 9},
            ),
            [("cards_left.Denis", TOO_MANY.format(name="Denis", most=8))],
        ),
        (
            deal(all_on("H", FOUR), out="Bruno", cards_left={"Alice": -1, "Chloé": 1, "Denis": 1}),
            [("cards_left.Alice", "Alice: this cannot be less than 1.")],
        ),
        (
            deal(all_on("H", FOUR), out="Bruno", cards_left={"Alice": 0, "Chloé": 1, "Denis": 1}),
            [("cards_left.Alice", "Only Bruno went out: Alice still holds a card.")],
        ),
        (
            deal(all_on("H", FOUR), out="Bruno", cards_left={"Alice": 1, "Bruno": 1, "Chloé": 1, "Denis": 1}),
            [("cards_left.Bruno", "Bruno went out and has no card left.")],
        ),
        (
            deal(all_on("H", FOUR), out="Bruno", cards_left={"Alice": 1, "Chloé": 1}),
            [("cards_left.Denis", "Missing the cards left for Denis.")],
        ),
        (
            deal(all_on("H", FOUR), cards_left={"Alice": 1, "Chloé": 1, "Denis": 1}),
            [("cards_left", "Nobody went out, so nobody pays for the cards left.")],
        ),
    ],
    ids=["too-many", "bought-and-queens", "negative", "none-left", "out-holds-one", "other-missing", "blocked"],
)
def test_cards_left_refusals_name_the_player(
    app: Flask, api: Api, raw: dict[str, Any], errors: list[tuple[str, str]]
) -> None:
    game_id = new_game(api, FOUR, "Alice", start_chips=10, pay_per_card=True)
    before = dump_database(app)
    response = api.add(game_id, raw)
    assert response.status_code == 422, response.json
    assert [(error["field"], error["message"]) for error in response.json["errors"]] == errors
    assert dump_database(app) == before


# --- issue 11: options within their range, drop-outs, the end ------------------------------------------


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"rounds": 0}, "options.rounds", "This option must be at least 1."),
        ({"rounds": 51}, "options.rounds", "This option must be at most 50."),
        ({"start_chips": 1}, "options.start_chips", "This option must be at least 2."),
        ({"start_chips": 1001}, "options.start_chips", "This option must be at most 1000."),
        ({"leftover": "keep"}, "options.leftover", "This option must be one of: leave, split."),
    ],
)
def test_options_out_of_range_are_refused(
    app: Flask, api: Api, options: dict[str, Any], field: str, message: str
) -> None:
    before = dump_database(app)
    response = api.create("queenie", FOUR, options)
    assert response.status_code == 422
    assert response.json["errors"] == [{"field": field, "message": message}]
    assert dump_database(app) == before


@pytest.mark.parametrize(
    "options",
    [{"rounds": 1}, {"rounds": 50}, {"start_chips": 2}, {"start_chips": 1000}, {"leftover": "split"}],
)
def test_options_at_the_ends_of_their_range_are_accepted(api: Api, options: dict[str, Any]) -> None:
    response = api.create("queenie", FOUR, options)
    assert response.status_code == 201
    assert {name: response.json["options"][name] for name in options} == options
    if "start_chips" in options:
        assert response.json["totals"] == dict.fromkeys(FOUR, options["start_chips"])


def test_after_a_drop_out_the_turns_and_the_split_count_the_players_still_in(api: Api) -> None:
    """Chloé pays for 10 cards in deal 1 and drops out; Bruno and Denis deal, the turn is over without her,
    and the 16 chips left on the table go 5 each to Alice, Bruno and Denis (1 unclaimed)."""
    game_id = new_game(
        api, FOUR, "Alice", start_chips=10, pay_per_card=True, rounds=1, bankrupt="drop", leftover="split"
    )
    still_in = ["Alice", "Bruno", "Denis"]
    state = played(api, game_id, deal(all_on("S", FOUR), out="Bruno", cards_left={"Alice": 1, "Chloé": 10, "Denis": 1}))
    assert state["totals"] == {"Alice": 7, "Bruno": 22, "Chloé": 0, "Denis": 7}
    assert state["dropped"] == ["Chloé"]
    assert state["next"]["deal_of"] == 3
    state = played(api, game_id, deal(all_on("H", still_in)))
    assert state["status"] == "playing"
    assert state["next"]["dealer"] == "Denis"
    state = played(api, game_id, deal(all_on("H", still_in)))
    assert state["status"] == "finished"
    assert state["rounds"][-1]["events"] == ["blocked", "split"]
    assert state["totals"] == {"Alice": 8, "Bruno": 23, "Chloé": 0, "Denis": 8}
    assert state["table"] == table(pot=1)
    assert state["unclaimed"] == 1
    assert state["winners"] == ["Bruno"]


# --- issue 11: the play-along's deals go through the API ---------------------------------------------------


def _played_along(hands: dict[str, list[str]], chooser: Any) -> Any:
    setup = make_setup(queenie, THREE, {}, "A")
    return run_machine(qp.start_deal(setup, THREE, "A", None), Table(hands, chooser=chooser))


def _along_input(deal_played: Any) -> dict[str, Any]:
    return deal(all_on("S", THREE), deal_played.queens, out=deal_played.out, referee=deal_played.record())


def test_every_diamond_dead_the_lowest_heart_opens_and_the_deal_is_recorded(api: Api) -> None:
    hands = {player: cards for player, cards in EVERY_DIAMOND_DEAD.items() if player != "dead"}
    along = _played_along(hands, honest)
    assert along.answers[:14] == (None,) * 13 + ("A",)  # the 13 diamonds dead, then A has the A♥
    game_id = new_game(api, THREE, "A")
    state = played(api, game_id, _along_input(along))
    assert state["rounds"][0]["input"]["referee"] == {"answers": list(along.answers), "flags": []}
    assert state["rounds"][0]["events"] == ["queen:H:C", "queen:C:C", "blocked"]


def test_either_of_two_lowest_cards_of_the_same_rank_is_accepted(api: Api) -> None:
    """A holds A♠ and A♣ when owing black: either may be played, and neither deal is flagged."""
    hands = {player: list(cards) for player, cards in EVERY_DIAMOND_DEAD.items() if player != "dead"}
    hands["A"][hands["A"].index("6S")], hands["B"][hands["B"].index("AS")] = "AS", "6S"
    spade, club = _played_along(hands, honest), _played_along(hands, honest_last)
    assert ("AS", "A") in spade.played and ("AC", "A") in club.played
    events = []
    for along in (spade, club):
        assert along.flags == ()
        state = played(api, new_game(api, THREE, "A"), _along_input(along))
        assert state["rounds"][0]["input"]["referee"]["flags"] == []
        events.append(state["rounds"][0]["events"])
    assert events == [["queen:S:C", "queen:H:C", "blocked"], ["queen:H:C", "queen:C:C", "blocked"]]


# --- corrections, undo and the end ---------------------------------------------------------


def test_undo_restores_the_previous_state_exactly(app: Flask, api: Api) -> None:
    game_id = new_game(api, FOUR, "Bruno")
    start = api.get(game_id).json
    after_q3 = played(api, game_id, Q3)
    rounds_after_q3 = dict(dump_database(app))["rounds"]
    played(api, game_id, Q4)
    # Only the last deal can be undone.
    assert api.delete(game_id, 1).status_code == 409
    undone = api.delete(game_id, 2)
    assert undone.status_code == 200
    assert undone.json == after_q3
    assert api.get(game_id).json == after_q3
    assert dict(dump_database(app))["rounds"] == rounds_after_q3
    assert api.delete(game_id, 1).json == start
    assert api.delete(game_id, 1).status_code == 404
    audit = [(row["number"], row["action"]) for row in dict(dump_database(app))["audit"]]
    assert audit == [(1, "add"), (2, "add"), (2, "undo"), (1, "undo")]


def test_correcting_a_blocked_deal_recomputes_the_carry_over(api: Api) -> None:
    game_id = new_game(api, FOUR, "Bruno")
    played(api, game_id, Q3, Q4)
    # Deal 1 was not blocked after all: Denis went out and took the pot of 4.
    response = api.put(game_id, 1, Q3 | {"out": "Denis"})
    assert response.status_code == 200, response.json
    state = response.json
    assert state["rounds"][0]["totals"] == {"Alice": 18, "Bruno": 18, "Chloé": 20, "Denis": 22}
    # Deal 2 now starts with only Q♠ 1 and Q♦ 1: the pot holds just its own 4.
    assert state["rounds"][1]["scores"] == {"Alice": -3, "Bruno": 4, "Chloé": -1, "Denis": 1}
    assert state["totals"] == {"Alice": 15, "Bruno": 22, "Chloé": 19, "Denis": 23}
    assert state["table"] == table(H=1)


def test_a_correction_that_breaks_a_later_deal_is_refused(app: Flask, api: Api) -> None:
    game_id = new_game(api, FOUR, "Alice", start_chips=4, bankrupt="drop")
    nobody_short = SHORT_CHLOE | {"buyer": None}  # Alice 2, Bruno 12, Chloé 2, Denis 2
    played(api, game_id, nobody_short, deal(all_on("H", FOUR)))
    before = dump_database(app)
    # With the sale Chloé ends deal 1 on 1 chip and drops out: her stake in deal 2 no longer fits.
    response = api.put(game_id, 1, SHORT_CHLOE)
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == "round"
    assert "deal 2 impossible" in response.json["errors"][0]["message"]
    assert dump_database(app) == before


B_TAKES_ALL = deal(all_on("H", FOUR), {"H": "Bruno"}, out="Bruno")


def test_a_full_game_of_two_turns_conserves_the_chips_and_declares_the_winner(api: Api) -> None:
    game_id = new_game(api, FOUR, "Alice")
    inputs = [Q1, B_TAKES_ALL, Q3, B_TAKES_ALL, B_TAKES_ALL, Q3, B_TAKES_ALL, B_TAKES_ALL]
    dealers = []
    for number, raw in enumerate(inputs, start=1):
        state = api.get(game_id).json
        assert state["next"]["round"] == number
        assert state["next"]["deal_of"] == 8
        dealers.append(state["next"]["dealer"])
        response = api.add(game_id, raw)
        assert response.status_code == 201, response.json
        state = response.json
        assert sum(state["totals"].values()) + on_the_table(state) == 80
        assert min(state["totals"].values()) >= 0
        assert all(rnd["totals"] == state["rounds"][index]["totals"] for index, rnd in enumerate(state["rounds"]))
    assert dealers == ["Alice", "Bruno", "Chloé", "Denis"] * 2
    assert state["status"] == "finished"
    assert "next" not in state
    assert state["winners"] == ["Bruno"]
    assert state["unclaimed"] == on_the_table(state)
    finished = api.add(game_id, B_TAKES_ALL)
    assert finished.status_code == 409
