"""Newmarket, Michigan and Saratoga on Queenie's ledger: the worked examples ST1 to ST17 of
``shared/rules/stops.md`` through the rules, refusals, and the chips conserved in every deal."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.base import Game, Invalid, Setup, make_setup, replay, replay_state
from referee.games.queenie import rules
from referee.games.queenie.examples import MICHIGAN_GAME, stops_deal
from tests.events import words
from tests.test_queenie_rules import Q1, Q2, Q3, Q4, deal, table

FOUR = ["A", "B", "C", "D"]
THREE = ["A", "B", "C"]
SEVEN = ["A", "B", "C", "D", "E", "F", "G"]
NEWMARKET, MICHIGAN, SARATOGA = rules.NEWMARKET, rules.MICHIGAN, rules.SARATOGA


def game(rules_of: Game, players: list[str], dealer: str, **options: Any) -> Setup:
    return make_setup(rules_of, players, options, dealer)


def before(setup: Setup, chips: dict[str, int], **on_table: int) -> rules.State:
    """The state before a deal ``late in a game``: these balances and these chips on the table."""
    return dataclasses.replace(rules.initial(setup), chips=chips, table=table(**on_table))


def after(setup: Setup, state: rules.State, *deals: dict[str, Any]) -> rules.State:
    for raw in deals:
        state = rules.play(setup, state, rules.check_round(setup, state, raw))
    return state


def transfers(state: rules.State) -> list[tuple[str, str, str, int]]:
    """The last deal's movements but the stakes: (kind, from, to, chips)."""
    moves = state.rounds[-1].details.movements
    return [(move["kind"], move["from"], move["to"], move["chips"]) for move in moves if move["kind"] != "stake"]


def refused(setup: Setup, state: rules.State, raw: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(Invalid) as error:
        rules.check_round(setup, state, raw)
    return [(problem.field, problem.render()) for problem in error.value.problems]


# --- Newmarket -------------------------------------------------------------------------------------


def test_st1_newmarket_seven_players_a_sale_and_a_pay_card_left() -> None:
    setup = game(NEWMARKET, SEVEN, "A")
    start = rules.initial(setup)
    following = rules.next_deal(setup, start).facts
    assert following["hand_sizes"] == {"B": 7, "C": 7, "D": 7, "E": 7, "F": 6, "G": 6, "A": 6}
    assert following["spare_size"] == 6
    assert "dealer_packets" not in following
    stakes = {"A": "H", "B": "H", "C": "S", "D": "D", "E": "C", "F": "H", "G": "S"}
    state = after(setup, start, deal(stakes, {"H": "C", "S": "G", "D": "A"}, out="F", buyer="G"))
    assert state.rounds[0].details.table_staked == table(S=2, H=3, D=1, C=1, pot=7)
    assert transfers(state) == [
        ("sale", "G", "A", 1),
        ("queen", "S", "G", 2),
        ("queen", "H", "C", 3),
        ("queen", "D", "A", 1),
        ("pot", "pot", "F", 7),
    ]
    assert state.chips == {"A": 20, "B": 18, "C": 21, "D": 18, "E": 18, "F": 25, "G": 19}
    assert state.table == table(C=1)
    assert state.dealer == "B"


def test_st2_and_st3_newmarket_a_blocked_deal_carries_over() -> None:
    setup = game(NEWMARKET, FOUR, "B")
    blocked = deal({"A": "D", "B": "D", "C": "S", "D": "H"}, {"C": "C"}, choice="switch")
    state = after(setup, rules.initial(setup), blocked)
    assert transfers(state) == [("queen", "C", "C", 0)]
    assert state.chips == dict.fromkeys(FOUR, 18)
    assert state.table == table(D=2, S=1, H=1, pot=4)
    assert state.dealer == "C"
    state = after(setup, state, deal({"A": "H", "B": "D", "C": "D", "D": "C"}, {"D": "A", "S": "D", "H": "B"}, "D"))
    assert state.rounds[1].details.table_staked == table(H=2, D=4, S=1, C=1, pot=8)
    assert transfers(state) == [
        ("queen", "S", "D", 1),
        ("queen", "H", "B", 2),
        ("queen", "D", "A", 4),
        ("pot", "pot", "D", 8),
    ]
    assert state.chips == {"A": 20, "B": 18, "C": 16, "D": 25}
    assert state.table == table(C=1)
    assert state.dealer == "D"


# --- Michigan ----------------------------------------------------------------------------------------

ST4, ST5 = MICHIGAN_GAME[0], MICHIGAN_GAME[1]
ALICE, BRUNO, CHLOE, DENIS = "Alice", "Bruno", "Chloé", "Denis"
TABLE = [ALICE, BRUNO, CHLOE, DENIS]


def test_st4_michigan_the_dealers_double_stake_a_switch_and_cards_paid() -> None:
    setup = game(MICHIGAN, TABLE, ALICE)
    start = rules.initial(setup)
    facts = rules.next_deal(setup, start).facts
    assert facts["stakes_due"] == {ALICE: 8, BRUNO: 4, CHLOE: 4, DENIS: 4}
    assert facts["hand_sizes"] == {BRUNO: 11, CHLOE: 10, DENIS: 10, ALICE: 10}
    assert facts["spare_size"] == 11
    assert facts["can_buy"] == [BRUNO, CHLOE, DENIS]
    assert "stakes_default" not in facts and "dealer_packets" not in facts
    state = after(setup, start, ST4)
    assert state.rounds[0].details.table_staked == table(S=5, H=5, D=5, C=5)
    assert transfers(state) == [
        ("queen", "S", CHLOE, 5),
        ("queen", "H", BRUNO, 5),
        ("queen", "C", DENIS, 5),
        ("card", DENIS, CHLOE, 2),
        ("card", ALICE, CHLOE, 3),
        ("card", BRUNO, CHLOE, 5),
    ]
    assert state.chips == {ALICE: 89, BRUNO: 96, CHLOE: 111, DENIS: 99}
    assert state.table == table(D=5)
    assert rules.next_deal(setup, state).facts["stakes_due"] == {BRUNO: 8, CHLOE: 4, DENIS: 4, ALICE: 4}
    # The dealer switched to the spare hand's 11 cards: 11 is Alice's bound, not 10.
    assert refused(setup, start, {**ST4, "cards_left": {ALICE: 12, BRUNO: 5, DENIS: 2}}) == [
        ("cards_left.Alice", "Alice: this cannot be more than 11, the cards dealt less the pay cards played.")
    ]
    assert refused(setup, start, {**ST4, "cards_left": {ALICE: 3, BRUNO: 11, DENIS: 2}}) == [
        ("cards_left.Bruno", "Bruno: this cannot be more than 10, the cards dealt less the pay cards played.")
    ]


def test_st5_michigan_an_auction_and_a_carried_boodle() -> None:
    setup = game(MICHIGAN, TABLE, ALICE)
    state = after(setup, rules.initial(setup), ST4)
    assert rules.next_deal(setup, state).facts["hand_sizes"] == {CHLOE: 11, DENIS: 10, ALICE: 10, BRUNO: 10}
    state = after(setup, state, ST5)
    assert state.rounds[1].details.table_staked == table(S=5, H=5, D=10, C=5)
    assert transfers(state) == [
        ("sale", DENIS, BRUNO, 3),
        ("queen", "H", DENIS, 5),
        ("queen", "D", ALICE, 10),
        ("card", ALICE, DENIS, 4),
        ("card", BRUNO, DENIS, 1),
        ("card", CHLOE, DENIS, 6),
    ]
    assert state.chips == {ALICE: 91, BRUNO: 90, CHLOE: 101, DENIS: 108}
    assert state.table == table(C=5, S=5)
    assert state.dealer == CHLOE


def st6(bankrupt: str) -> tuple[Setup, rules.State]:
    setup = game(MICHIGAN, THREE, "B", bankrupt=bankrupt)
    start = before(setup, {"A": 150, "B": 123, "C": 15}, C=4, S=8)
    raw = stops_deal({"C": "C", "H": "A"}, "A", {"B": 1, "C": 10}, buyer="C", price=2)
    return setup, after(setup, start, raw)


@pytest.mark.parametrize("bankrupt", ["end", "drop"])
def test_st6_the_next_dealer_cannot_pay_the_double_stake(bankrupt: str) -> None:
    setup, state = st6(bankrupt)
    assert state.rounds[0].details.table_staked == table(H=4, C=8, D=4, S=12)
    assert transfers(state) == [
        ("sale", "C", "B", 2),
        ("queen", "H", "A", 4),
        ("queen", "C", "C", 8),
        ("card", "B", "A", 1),
        ("card", "C", "A", 10),
    ]
    assert state.chips == {"A": 161, "B": 116, "C": 7}
    assert state.table == table(D=4, S=12)
    assert state.over
    standings = rules.standings(setup, state)
    assert standings.winners == ("A",)
    assert standings.ranking == ((1, "A"), (2, "B"), (3, "C"))
    assert standings.extra["unclaimed"] == 16
    shown = ("out:A", "bankrupt:C") if bankrupt == "end" else ("bankrupt:C", "dropped:C")
    assert words(state.rounds[0].events)[-2:] == shown
    short = state.rounds[0].events[-1 if bankrupt == "end" else -2]
    assert short.describe() == "C has fewer than 8 chips"


def st11_start() -> tuple[Setup, rules.State]:
    setup = game(MICHIGAN, FOUR, "A")
    return setup, before(setup, {"A": 140, "B": 9, "C": 131, "D": 120})


def test_st11_the_auction_price_is_at_most_the_buyers_chips_after_staking() -> None:
    setup, start = st11_start()
    assert rules.next_deal(setup, start).facts["can_buy"] == ["B", "C", "D"]
    raw = stops_deal({"H": "B", "D": "B", "S": "D"}, "D", {"A": 4, "B": 2, "C": 6}, buyer="B", price=6)
    assert refused(setup, start, raw) == [("price", "B has only 5 chips after staking and cannot pay 6.")]
    state = after(setup, start, {**raw, "price": 5})
    assert transfers(state) == [
        ("sale", "B", "A", 5),
        ("queen", "S", "D", 5),
        ("queen", "H", "B", 5),
        ("queen", "D", "B", 5),
        ("card", "A", "D", 4),
        ("card", "B", "D", 2),
        ("card", "C", "D", 6),
    ]
    assert state.chips == {"A": 133, "B": 8, "C": 121, "D": 133}
    assert state.table == table(C=5)
    assert not state.over and state.dealer == "B"
    assert rules.next_deal(setup, state).facts["can_buy"] == ["A", "C", "D"]
    # B's bound: the spare's 11 less the 2 pay cards B played.
    assert refused(setup, start, {**raw, "price": 5, "cards_left": {"A": 4, "B": 10, "C": 6}}) == [
        ("cards_left.B", "B: this cannot be more than 9, the cards dealt less the pay cards played.")
    ]


def st12(bankrupt: str) -> tuple[Setup, rules.State]:
    setup = game(MICHIGAN, FOUR, "A", bankrupt=bankrupt)
    start = before(setup, {"A": 150, "B": 12, "C": 118, "D": 120})
    raw = stops_deal({"H": "C", "C": "A", "D": "D", "S": "C"}, "C", {"A": 3, "B": 2, "D": 4})
    return setup, after(setup, start, raw)


def test_st12_a_next_dealer_short_of_the_dealers_stake_sits_out() -> None:
    setup, state = st12("drop")
    assert transfers(state) == [
        ("queen", "S", "C", 5),
        ("queen", "H", "C", 5),
        ("queen", "D", "D", 5),
        ("queen", "C", "A", 5),
        ("card", "D", "C", 4),
        ("card", "A", "C", 3),
        ("card", "B", "C", 2),
    ]
    assert state.chips == {"A": 144, "B": 6, "C": 133, "D": 117}
    assert state.table == table()
    assert words(state.rounds[0].events)[-2:] == ("bankrupt:B", "dropped:B")
    assert state.rounds[0].events[-2].describe() == "B has fewer than 8 chips"
    assert state.active == ("A", "C", "D") and not state.over
    following = rules.next_deal(setup, state)
    assert following.dealer == "C"
    assert following.facts["stakes_due"] == {"C": 8, "D": 4, "A": 4}
    assert following.facts["hand_sizes"] == {"D": 13, "A": 13, "C": 13}
    assert following.facts["spare_size"] == 13
    setup, ended = st12("end")
    assert ended.over and rules.standings(setup, ended).winners == ("A",)


def test_st13_a_payment_per_card_is_capped_by_the_balance() -> None:
    setup = game(MICHIGAN, FOUR, "A", bankrupt="drop")
    start = before(setup, {"A": 120, "B": 150, "C": 124, "D": 6})
    raw = stops_deal({"H": "B", "D": "B", "C": "C"}, "B", {"A": 3, "C": 4, "D": 7})
    state = after(setup, start, raw)
    assert transfers(state)[-3:] == [("card", "C", "B", 4), ("card", "D", "B", 2), ("card", "A", "B", 3)]
    assert state.rounds[0].details.movements[-2]["cards"] == 7
    assert state.chips == {"A": 109, "B": 165, "C": 121, "D": 0}
    assert state.table == table(S=5)
    assert state.active == ("A", "B", "C") and state.dealer == "B"
    ended = after(game(MICHIGAN, FOUR, "A"), before(game(MICHIGAN, FOUR, "A"), dict(start.chips)), raw)
    assert ended.over and rules.standings(setup, ended).winners == ("B",)


# --- Saratoga ----------------------------------------------------------------------------------------


def test_st7_to_st9_saratoga_no_spare_hand_going_out_on_a_pay_card_and_a_blocked_deal() -> None:
    setup = game(SARATOGA, THREE, "A")
    start = rules.initial(setup)
    facts = rules.next_deal(setup, start).facts
    assert facts["hand_sizes"] == dict.fromkeys(["B", "C", "A"], 13) and facts["spare_size"] == 13
    assert "can_buy" not in facts and facts["stakes_due"] == dict.fromkeys(["A", "B", "C"], 4)
    st7 = stops_deal({"S": "B", "H": "B", "D": "C"}, "C", {"A": 6, "B": 2}, choice=None)
    state = after(setup, start, st7)
    assert transfers(state) == [
        ("queen", "S", "B", 3),
        ("queen", "H", "B", 3),
        ("queen", "D", "C", 3),
        ("card", "A", "C", 6),
        ("card", "B", "C", 2),
    ]
    assert state.chips == {"A": 90, "B": 100, "C": 107} and state.table == table(C=3) and state.dealer == "B"
    state = after(setup, state, stops_deal({"C": "A"}, "A", {"B": 12, "C": 1}, choice=None))
    assert transfers(state) == [("queen", "C", "A", 6), ("card", "B", "A", 12), ("card", "C", "A", 1)]
    assert state.chips == {"A": 105, "B": 84, "C": 102} and state.table == table(H=3, D=3, S=3)
    state = after(setup, state, stops_deal({"D": "B"}, None, choice=None))
    assert transfers(state) == [("queen", "D", "B", 6)]
    assert state.chips == {"A": 101, "B": 86, "C": 98} and state.table == table(H=6, C=3, S=6)
    assert state.dealer == "A"


# --- Queenie unchanged, Newmarket staking on every card ----------------------------------------------


def test_st10_queenie_with_every_new_option_at_its_value_is_queenie() -> None:
    explicit = {key: value for key, value in rules.QUEENIE_VALUES.items()}
    given = make_setup(rules, FOUR, explicit, "A")
    left_out = make_setup(rules, FOUR, {}, "A")
    assert given.options == left_out.options == rules.QUEENIE_VALUES
    assert left_out.options["sale_price"] == 1 and left_out.options["dealer_stake"] == "single"
    for setup in (given, left_out):
        first = replay(rules, setup, [Q1])
        assert dict(first.totals) == {"A": 19, "B": 20, "C": 17, "D": 23}
        before_q4 = replay(rules, make_setup(rules, FOUR, setup.options, "B"), [Q3])
        assert before_q4.next is not None
        assert before_q4.next.facts["stakes_due"] == dict.fromkeys(["C", "D", "A", "B"], 2)
        assert before_q4.next.facts["spare_size"] == 10
        assert dict(replay(rules, make_setup(rules, FOUR, setup.options, "B"), [Q3, Q4]).totals) == {
            "A": 15,
            "B": 26,
            "C": 19,
            "D": 19,
        }
    five = make_setup(rules, ["A", "B", "C", "D", "E"], explicit, "B")
    assert dict(replay(rules, five, [Q2]).totals) == {"A": 18, "B": 18, "C": 20, "D": 18, "E": 25}


def test_a_queenie_game_stored_before_the_family_options_replays_as_before() -> None:
    setup = Setup(
        tuple(FOUR), 1, {"start_chips": 20, "rounds": 2, "bankrupt": "end", "leftover": "leave", "pay_per_card": False}
    )
    standings = replay(rules, setup, [Q3, Q4])
    assert dict(standings.totals) == {"A": 15, "B": 26, "C": 19, "D": 19}


def test_st14_newmarket_staking_on_every_card_carries_stacks_and_the_kitty() -> None:
    setup = game(NEWMARKET, THREE, "A", staking="every_card", kitty_stake=2)
    start = rules.initial(setup)
    assert rules.next_deal(setup, start).facts["stakes_due"] == dict.fromkeys(THREE, 6)
    state = after(setup, start, stops_deal({"D": "B"}, None))
    assert transfers(state) == [("queen", "D", "B", 3)]
    assert state.chips == {"A": 14, "B": 17, "C": 14}
    assert state.table == table(H=3, C=3, S=3, pot=6)
    assert refused(setup, state, {**stops_deal({}, None), "stakes": dict.fromkeys(THREE, "S")}) == [
        ("stakes", "Stakes are fixed in this game: leave them out.")
    ]
    state = after(setup, state, stops_deal({"H": "C", "C": "A", "S": "C"}, "C", choice="switch"))
    assert state.rounds[1].details.table_staked == table(H=6, C=6, D=3, S=6, pot=12)
    assert transfers(state) == [
        ("queen", "S", "C", 6),
        ("queen", "H", "C", 6),
        ("queen", "C", "A", 6),
        ("pot", "pot", "C", 12),
    ]
    assert state.chips == {"A": 14, "B": 11, "C": 32}
    assert state.table == table(D=3) and state.dealer == "C"


# --- refusals ------------------------------------------------------------------------------------------


def test_st15_michigan_refusals() -> None:
    setup = game(MICHIGAN, TABLE, ALICE)
    start = rules.initial(setup)
    ok = ST4
    cases = [
        ({"stakes": dict.fromkeys(TABLE, "S")}, [("stakes", "Stakes are fixed in this game: leave them out.")]),
        ({"dealer_choice": "keep", "buyer": CHLOE}, [("price", "Say what Chloé paid for the spare hand.")]),
        ({"dealer_choice": "keep", "price": 2}, [("price", "Nobody bought the spare hand: leave the price out.")]),
        (
            {"dealer_choice": "keep", "buyer": CHLOE, "price": 0},
            [("price", "The price is a whole number of chips, at least 1.")],
        ),
        (
            {"dealer_choice": "keep", "buyer": CHLOE, "price": 2.5},
            [("price", "The price is a whole number of chips, at least 1.")],
        ),
        (
            {"dealer_choice": "keep", "buyer": CHLOE, "price": "3"},
            [("price", "The price is a whole number of chips, at least 1.")],
        ),
        (
            {"dealer_choice": "keep", "buyer": CHLOE, "price": True},
            [("price", "The price is a whole number of chips, at least 1.")],
        ),
        (
            {"buyer": CHLOE, "price": 1},
            [
                (
                    "buyer",
                    "The buyer of the spare packet must be nobody: the dealer switched packets, so nothing was sold.",
                )
            ],
        ),
        (
            {"dealer_choice": "keep", "buyer": ALICE, "price": 1},
            [("buyer", "Alice deals and cannot buy the spare packet.")],
        ),
        (
            {"dealer_choice": "keep", "buyer": ""},
            [("buyer", "Nobody bought the spare hand: give no buyer (null), not an empty name.")],
        ),
        ({"cards_left": None}, [("cards_left", "Chloé went out: give the cards left in every other hand.")]),
        ({"out": None}, [("cards_left", "Nobody went out, so nobody pays for the cards left.")]),
    ]
    for change, problems in cases:
        assert refused(setup, start, {**ok, **change}) == problems, change


def test_st15_saratoga_and_newmarket_refusals() -> None:
    setup = game(SARATOGA, THREE, "A")
    start = rules.initial(setup)
    ok = stops_deal({"D": "C"}, "C", {"A": 6, "B": 2}, choice=None)
    no_spare = "There is no spare hand in this game."
    for field, value in [("dealer_choice", "keep"), ("buyer", "B"), ("price", 1)]:
        assert refused(setup, start, {**ok, field: value}) == [(field, no_spare)]
    assert refused(setup, start, {**ok, "stakes": dict.fromkeys(THREE, "S")}) == [
        ("stakes", "Stakes are fixed in this game: leave them out.")
    ]
    setup = game(NEWMARKET, FOUR, "A")
    start = rules.initial(setup)
    sold = deal(dict.fromkeys(FOUR, "S"), {}, out="B", buyer="C")
    assert refused(setup, start, {**sold, "price": 1}) == [
        ("price", "The spare hand sells at a fixed price (1 chip): leave the price out.")
    ]
    poor = before(setup, {"A": 20, "B": 20, "C": 2, "D": 38})
    assert refused(setup, poor, sold) == [
        ("buyer", "C has no chip left after staking and cannot buy the spare packet.")
    ]
    dearer = game(NEWMARKET, FOUR, "A", sale_price=3)
    assert refused(dearer, before(dearer, {"A": 20, "B": 20, "C": 4, "D": 36}), sold) == [
        ("buyer", "C has only 2 chips after staking and cannot pay 3.")
    ]


@pytest.mark.parametrize(
    ("rules_of", "players", "options", "field", "message"),
    [
        (rules, 7, {}, "players", "This game needs 3 to 6 players."),
        (NEWMARKET, 9, {}, "players", "This game needs 3 to 8 players."),
        (
            MICHIGAN,
            4,
            {"start_chips": 7},
            "options.start_chips",
            "Every player must be able to pay the dealer's stake of 8 chips.",
        ),
        (
            NEWMARKET,
            4,
            {"dealer_stake": "double"},
            "options.dealer_stake",
            "The dealer doubles only when everyone stakes on every pay card.",
        ),
        (MICHIGAN, 4, {"sale_price": 2}, "options.sale_price", "A fixed price needs spare: sale."),
        (rules, 4, {"sale_price": None}, "options.sale_price", "A sale needs its price."),
        (rules, 4, {"card_stake": 0}, "options.card_stake", "This option must be at least 1."),
        (rules, 4, {"card_stake": 11}, "options.card_stake", "This option must be at most 10."),
        (rules, 4, {"kitty_stake": -1}, "options.kitty_stake", "This option must be at least 0."),
        (rules, 4, {"preset": "michigan"}, "options.preset", "Unknown option preset."),
    ],
)
def test_st16_refused_games(rules_of: Game, players: int, options: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(Invalid) as error:
        make_setup(rules_of, [chr(ord("A") + seat) for seat in range(players)], options)
    assert [(problem.field, problem.render()) for problem in error.value.problems] == [(field, message)]


def test_st16_accepted_games() -> None:
    assert len(make_setup(NEWMARKET, [chr(ord("A") + seat) for seat in range(8)], {}).players) == 8
    assert make_setup(MICHIGAN, FOUR, {"start_chips": 8}).options["start_chips"] == 8
    doubled = make_setup(NEWMARKET, FOUR, {"dealer_stake": "double", "staking": "every_card"})
    assert doubled.options["dealer_stake"] == "double"
    sold = make_setup(MICHIGAN, FOUR, {"sale_price": 2, "spare": "sale"})
    assert sold.options["sale_price"] == 2
    assert make_setup(MICHIGAN, FOUR, {"spare": "sale"}).options["sale_price"] == 1
    assert make_setup(MICHIGAN, FOUR, {"staking": "one_card"}).options["dealer_stake"] == "single"
    assert make_setup(SARATOGA, FOUR, {}).options == {
        **rules.QUEENIE_VALUES,
        **{
            "layout": "boodles",
            "staking": "every_card",
            "kitty_stake": 0,
            "spare": "none",
            "sale_price": None,
            "pay_per_card": True,
            "spare_deal": "equal",
            "card_order": "ace_high",
            "opening": "eldest_lowest",
            "after_stop": "other_suit",
            "start_chips": 100,
        },
    }


# --- a whole Michigan game ---------------------------------------------------------------------------

ST17 = [
    ({ALICE: 89, BRUNO: 96, CHLOE: 111, DENIS: 99}, table(D=5)),
    ({ALICE: 91, BRUNO: 90, CHLOE: 101, DENIS: 108}, table(C=5, S=5)),
    ({ALICE: 87, BRUNO: 96, CHLOE: 93, DENIS: 104}, table(H=5, C=10, D=5)),
    ({ALICE: 111, BRUNO: 85, CHLOE: 102, DENIS: 102}, table()),
    ({ALICE: 94, BRUNO: 110, CHLOE: 94, DENIS: 97}, table(S=5)),
    ({ALICE: 87, BRUNO: 103, CHLOE: 115, DENIS: 90}, table(D=5)),
    ({ALICE: 86, BRUNO: 93, CHLOE: 100, DENIS: 116}, table(H=5)),
    ({ALICE: 83, BRUNO: 111, CHLOE: 91, DENIS: 105}, table(C=5, D=5)),
]


def test_st17_a_whole_michigan_game() -> None:
    setup = game(MICHIGAN, TABLE, ALICE)
    state = rules.initial(setup)
    for number, (raw, (chips, on_table)) in enumerate(zip(MICHIGAN_GAME, ST17, strict=True), start=1):
        assert rules.next_deal(setup, state).dealer == TABLE[(number - 1) % 4]
        state = after(setup, state, raw)
        assert (state.chips, state.table) == (chips, on_table), f"deal {number}"
    assert state.over
    standings = rules.standings(setup, state)
    assert standings.winners == (BRUNO,) and standings.extra["unclaimed"] == 10
    split = game(MICHIGAN, TABLE, ALICE, leftover="split")
    shared = replay_state(rules, split, list(MICHIGAN_GAME))
    assert shared.chips == {ALICE: 85, BRUNO: 113, CHLOE: 93, DENIS: 107} and shared.table == table(pot=2)


# --- properties ----------------------------------------------------------------------------------------

FAMILY_OPTIONS = st.fixed_dictionaries(
    {
        "staking": st.sampled_from(["one_card", "every_card"]),
        "card_stake": st.integers(1, 3),
        "kitty_stake": st.integers(0, 3),
        "spare": st.sampled_from(["sale", "auction", "none"]),
        "spare_deal": st.sampled_from(["packets", "last", "first", "equal"]),
        "pay_per_card": st.booleans(),
        "bankrupt": st.sampled_from(["end", "drop"]),
        "start_chips": st.integers(27, 60),  # the most a player can owe: 4 x 2 x 3 + 3
    }
)


@st.composite
def family_games(draw: st.DrawFn) -> tuple[Setup, list[dict[str, Any]]]:
    """A game of the family with random options and deals, each deal checked as the table would enter it."""
    options = draw(FAMILY_OPTIONS)
    if options["staking"] == "every_card":
        options["dealer_stake"] = draw(st.sampled_from(["single", "double"]))
    players = [chr(ord("A") + seat) for seat in range(draw(st.integers(3, 8)))]
    setup = make_setup(NEWMARKET, players, {**options, "rounds": None})
    state, deals = rules.initial(setup), []
    for _deal in range(draw(st.integers(1, 8))):
        if state.over:
            break
        facts = rules.next_deal(setup, state).facts
        active = list(state.active)
        raw: dict[str, Any] = {
            "queens": {suit: draw(st.sampled_from([None, *active])) for suit in rules.QUEENS},
            "out": draw(st.sampled_from([None, *active])),
        }
        if options["staking"] == "one_card":
            raw["stakes"] = {player: draw(st.sampled_from(rules.QUEENS)) for player in active}
        if options["spare"] != "none":
            raw["dealer_choice"] = draw(st.sampled_from(["keep", "switch"]))
            raw["buyer"] = draw(st.sampled_from([None, *facts["can_buy"]])) if raw["dealer_choice"] == "keep" else None
            if options["spare"] == "auction" and raw["buyer"] is not None:
                left = state.chips[raw["buyer"]] - facts["stakes_due"][raw["buyer"]]
                raw["price"] = draw(st.integers(1, left))
        if options["pay_per_card"] and raw["out"] is not None:
            raw["cards_left"] = {player: 1 for player in active if player != raw["out"]}
        try:
            checked = rules.check_round(setup, state, raw)
        except Invalid:
            continue  # a deal the cards could not give (a player out holding pay cards…)
        state = rules.play(setup, state, checked)
        deals.append(checked)
    return setup, deals


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(family_games())
def test_chips_are_conserved_and_stacks_stay_multiples_in_every_deal(drawn: tuple[Setup, list[dict[str, Any]]]) -> None:
    setup, deals = drawn
    owed = rules.terms(setup)
    state = rules.initial(setup)
    total = rules.chips_in_play(setup)
    for raw in deals:
        state = rules.play(setup, state, raw)
        details = state.rounds[-1].details
        assert sum(state.chips.values()) + sum(state.table.values()) == total
        assert min(state.chips.values()) >= 0 and min(state.table.values()) >= 0
        for move in details.movements:
            if move["kind"] == "queen":
                assert move["chips"] == details.table_staked[move["from"]]  # a stack is taken whole
        added = sum(details.table_staked[suit] - details.table_before[suit] for suit in rules.QUEENS)
        stakers = len(details.hand_sizes)
        if owed.staking == "one_card":
            assert added == stakers * owed.card_stake
        else:
            assert added == 4 * owed.card_stake * (stakers - 1 + (2 if owed.dealer_stake == "double" else 1))
        assert details.table_staked["pot"] - details.table_before["pot"] == stakers * owed.kitty_stake
    assert replay_state(rules, setup, deals).chips == state.chips


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("spare_deal", ["packets", "last", "first", "equal"])
def test_hand_sizes_deal_the_whole_pack(players: int, spare_deal: str) -> None:
    hands, spare = rules.deal_plan(players, spare_deal)
    assert sum(hands) + spare == rules.DECK and len(hands) == players


@pytest.mark.parametrize(
    ("players", "spare_deal", "hands", "spare"),
    [
        (6, "last", (8, 8, 8, 7, 7, 7), 7),
        (6, "first", (8, 8, 7, 7, 7, 7), 8),
        (6, "equal", (7,) * 6, 10),
        (8, "last", (6,) * 7 + (5,), 5),
        (8, "first", (6,) * 6 + (5, 5), 6),
        (8, "equal", (5,) * 8, 12),
        (7, "last", (7, 7, 7, 7, 6, 6, 6), 6),
    ],
)
def test_the_hand_sizes_of_the_table(players: int, spare_deal: str, hands: tuple[int, ...], spare: int) -> None:
    assert rules.deal_plan(players, spare_deal) == (hands, spare)
