"""Queenie's rules: the worked examples of ``shared/rules/queenie.md``, refusals, endings and properties."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.base import Invalid, Problem, RoundInvalid, make_setup, replay, replay_state
from referee.games.queenie import rules as queenie
from referee.games.queenie.form import QueenieRoundForm
from tests.events import words

FOUR = ["A", "B", "C", "D"]
FIVE = ["A", "B", "C", "D", "E"]
NOBODY: dict[str, str | None] = {"S": None, "H": None, "D": None, "C": None}


def deal(
    stakes: dict[str, str],
    queens: dict[str, str | None] | None = None,
    out: str | None = None,
    choice: str = "keep",
    buyer: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A round input as the table enters it."""
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


def problems_of(error: pytest.ExceptionInfo[Invalid]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(problem.field, problem.message, dict(problem.params)) for problem in error.value.problems]


def rendered(error: pytest.ExceptionInfo[Invalid]) -> list[tuple[str, str]]:
    return [(problem.field, problem.render()) for problem in error.value.problems]


def not_stakes(moves: list[dict[str, Any]]) -> list[tuple[str, str, str, int]]:
    return [(move["kind"], move["from"], move["to"], move["chips"]) for move in moves if move["kind"] != "stake"]


TABLE_0 = {"S": 0, "H": 0, "D": 0, "C": 0, "pot": 0}


def table(**chips: int) -> dict[str, int]:
    return {**TABLE_0, **chips}


Q1 = deal(
    {"A": "H", "B": "S", "C": "H", "D": "D"},
    {"S": "D", "H": "B", "D": None, "C": "A"},
    out="D",
    buyer="C",
)
Q2 = deal(
    {"A": "S", "B": "D", "C": "S", "D": "H", "E": "D"},
    {"S": "E", "D": "C", "C": "A"},
    out="E",
    choice="switch",
)
Q3 = deal({"A": "C", "B": "C", "C": "D", "D": "S"}, {"C": "C"})
Q4 = deal({"A": "D", "B": "S", "C": "D", "D": "H"}, {"S": "B", "D": "D"}, out="B", buyer="A")


# --- worked examples ---------------------------------------------------------


def test_q1_sale_queens_and_pot() -> None:
    setup = make_setup(queenie, FOUR, {}, "A")
    standings = replay(queenie, setup, [Q1])
    (result,) = standings.rounds
    moves = result.details.movements
    assert [(move["from"], move["to"]) for move in moves if move["kind"] == "stake"] == [
        ("B", "S"),
        ("B", "pot"),
        ("C", "H"),
        ("C", "pot"),
        ("D", "D"),
        ("D", "pot"),
        ("A", "H"),
        ("A", "pot"),
    ]
    assert not_stakes(moves) == [
        ("sale", "C", "A", 1),
        ("queen", "S", "D", 1),
        ("queen", "H", "B", 2),
        ("queen", "C", "A", 0),
        ("pot", "pot", "D", 4),
    ]
    assert dict(standings.totals) == {"A": 19, "B": 20, "C": 17, "D": 23}
    assert dict(result.totals) == {"A": 19, "B": 20, "C": 17, "D": 23}
    assert dict(result.scores) == {"A": -1, "B": 0, "C": -3, "D": 3}
    assert words(result.events) == ("sold:C", "queen:S:D", "queen:H:B", "queen:C:A", "out:D")
    assert result.details.table_before == TABLE_0
    assert result.details.table_staked == table(S=1, H=2, D=1, pot=4)
    assert result.details.table_after == table(D=1)
    assert result.details.dealer == "A"
    assert result.details.next_dealer == "B"
    assert result.details.hand_sizes == {"B": 11, "C": 11, "D": 10, "A": 10}
    assert standings.extra["table"] == table(D=1)
    assert standings.next is not None
    assert standings.next.dealer == "B"
    assert standings.next.round == 2
    assert standings.next.facts["table"] == table(D=1)
    assert standings.status == "playing"
    assert standings.winners == ()


def test_q1_canonical_input_is_clean_json() -> None:
    setup = make_setup(queenie, FOUR, {}, "A")
    canonical = queenie.check_round(setup, queenie.initial(setup), Q1)
    assert canonical == {
        "stakes": {"A": "H", "B": "S", "C": "H", "D": "D"},
        "dealer_choice": "keep",
        "buyer": "C",
        "queens": {"S": "D", "H": "B", "D": None, "C": "A"},
        "out": "D",
    }
    assert json.loads(json.dumps(canonical)) == canonical


def test_q2_five_players_switch() -> None:
    setup = make_setup(queenie, FIVE, {}, "B")
    standings = replay(queenie, setup, [Q2])
    (result,) = standings.rounds
    assert result.details.table_staked == table(S=2, D=2, H=1, C=0, pot=5)
    assert not_stakes(result.details.movements) == [
        ("queen", "S", "E", 2),
        ("queen", "D", "C", 2),
        ("queen", "C", "A", 0),
        ("pot", "pot", "E", 5),
    ]
    assert dict(standings.totals) == {"A": 18, "B": 18, "C": 20, "D": 18, "E": 25}
    assert result.details.table_after == table(H=1)
    assert result.details.hand_sizes == {"C": 9, "D": 9, "E": 9, "A": 9, "B": 8}
    assert result.details.dealer_choice == "switch"
    assert "sold:" not in " ".join(words(result.events))
    assert standings.next is not None
    assert standings.next.dealer == "C"


def test_q3_blocked_deal_carries_over() -> None:
    setup = make_setup(queenie, FOUR, {}, "B")
    standings = replay(queenie, setup, [Q3])
    (result,) = standings.rounds
    assert not_stakes(result.details.movements) == [("queen", "C", "C", 2)]
    assert dict(standings.totals) == {"A": 18, "B": 18, "C": 20, "D": 18}
    assert words(result.events) == ("queen:C:C", "blocked")
    assert result.details.table_after == table(S=1, D=1, pot=4)
    assert standings.next is not None
    assert standings.next.dealer == "C"
    assert standings.next.facts["table"] == table(S=1, D=1, pot=4)


def test_q4_continues_q3_with_carried_chips() -> None:
    setup = make_setup(queenie, FOUR, {}, "B")
    standings = replay(queenie, setup, [Q3, Q4])
    result = standings.rounds[1]
    assert result.number == 2
    assert result.details.dealer == "C"
    assert result.details.table_before == table(S=1, D=1, pot=4)
    assert not_stakes(result.details.movements) == [
        ("sale", "A", "C", 1),
        ("queen", "S", "B", 2),
        ("queen", "D", "D", 3),
        ("pot", "pot", "B", 8),
    ]
    assert dict(standings.totals) == {"A": 15, "B": 26, "C": 19, "D": 19}
    assert dict(result.scores) == {"A": -3, "B": 8, "C": -1, "D": 1}
    assert result.details.table_after == table(H=1)
    assert standings.next is not None
    assert standings.next.dealer == "D"
    assert standings.next.round == 3


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            deal(all_on("H", FOUR), choice="switch", buyer="C"),
            [
                (
                    "buyer",
                    "The buyer of the spare packet must be nobody: the dealer switched packets, so nothing was sold.",
                    {},
                )
            ],
        ),
        (
            deal(all_on("H", FOUR), buyer="A"),
            [("buyer", "%(name)s deals and cannot buy the spare packet.", {"name": "A"})],
        ),
        (
            deal({"A": "H", "B": "H", "C": "H"}),
            [("stakes.D", "Missing a stake for %(name)s.", {"name": "D"})],
        ),
        (
            deal(all_on("H", FOUR), {"H": "Zoé"}),
            [("queens.H", "%(value)s is not a player in this game.", {"value": "Zoé"})],
        ),
    ],
    ids=["buyer-with-switch", "dealer-buys", "missing-stake", "queen-by-stranger"],
)
def test_q5_refusals_leave_the_state_unchanged(raw: dict[str, Any], expected: list[Any]) -> None:
    setup = make_setup(queenie, FOUR, {}, "A")
    state = queenie.initial(setup)
    with pytest.raises(Invalid) as error:
        queenie.check_round(setup, state, raw)
    assert problems_of(error) == expected
    assert state == queenie.initial(setup)
    with pytest.raises(RoundInvalid) as stored:
        replay(queenie, setup, [raw])
    assert stored.value.number == 1


# --- hands and the next deal ---------------------------------------------------


@pytest.mark.parametrize(
    ("players", "others", "packet"),
    [(3, [13, 13], 13), (4, [11, 11, 10], 10), (5, [9, 9, 9, 9], 8), (6, [8, 8, 8, 7, 7], 7)],
)
def test_hand_sizes_match_the_rules_table(players: int, others: list[int], packet: int) -> None:
    names = ["P1", "P2", "P3", "P4", "P5", "P6"][:players]
    setup = make_setup(queenie, names, {}, "P2")
    following = replay(queenie, setup, []).next
    assert following is not None
    dealing_order = names[2:] + names[:2]
    assert following.facts["hand_sizes"] == dict(zip(dealing_order, others + [packet], strict=True))
    assert list(following.facts["hand_sizes"]) == dealing_order
    assert following.facts["dealer_packets"] == [packet, packet]
    assert following.dealer == "P2"
    assert sum(others) + 2 * packet == 52


def test_next_before_the_first_deal() -> None:
    setup = make_setup(queenie, FOUR, {}, "C")
    standings = replay(queenie, setup, [])
    assert standings.next.as_json() == {
        "round": 1,
        "dealer": "C",
        "table": TABLE_0,
        "hand_sizes": {"D": 11, "A": 11, "B": 10, "C": 10},
        "dealer_packets": [10, 10],
        "deal_of": 8,
        "stakes_default": {"A": None, "B": None, "C": None, "D": None},
        "can_buy": ["A", "B", "D"],
        "stakes_due": {"C": 2, "D": 2, "A": 2, "B": 2},  # the family's facts (stops.md, ST10)
        "spare_size": 10,
    }
    assert standings.extra == {"table": TABLE_0, "unclaimed": None, "active": FOUR, "dropped": []}
    assert dict(standings.totals) == {"A": 20, "B": 20, "C": 20, "D": 20}
    assert standings.ranking == ((1, "A"), (1, "B"), (1, "C"), (1, "D"))


def test_next_remembers_stakes_and_who_can_buy() -> None:
    setup = make_setup(queenie, FOUR, {"start_chips": 5}, "A")
    raw = deal({"A": "S", "B": "H", "C": "D", "D": "C"}, {"S": "B"}, out="B", buyer="C")
    standings = replay(queenie, setup, [raw])
    assert dict(standings.totals) == {"A": 4, "B": 8, "C": 2, "D": 3}
    assert standings.next is not None
    assert standings.next.facts["stakes_default"] == {"A": "S", "B": "H", "C": "D", "D": "C"}
    assert standings.next.dealer == "B"
    assert standings.next.facts["can_buy"] == ["A", "D"]
    assert standings.next.facts["table"] == table(H=1, D=1, C=1)


# --- refusals ------------------------------------------------------------------


def refusal(raw: Any, options: dict[str, Any] | None = None, before: list[Any] | None = None) -> list[Any]:
    setup = make_setup(queenie, FOUR, options or {}, "A")
    state = replay_state(queenie, setup, before or [])
    with pytest.raises(Invalid) as error:
        queenie.check_round(setup, state, raw)
    return problems_of(error)


def test_buyer_with_no_chip_left_after_staking() -> None:
    assert refusal(deal(all_on("H", FOUR), buyer="C"), {"start_chips": 2}) == [
        ("buyer", "%(name)s has no chip left after staking and cannot buy the spare packet.", {"name": "C"})
    ]


def test_buyer_with_one_chip_left_after_staking_may_buy() -> None:
    setup = make_setup(queenie, FOUR, {"start_chips": 3}, "A")
    standings = replay(queenie, setup, [deal(all_on("H", FOUR), {"H": "A"}, out="A", buyer="C")])
    assert dict(standings.totals) == {"A": 10, "B": 1, "C": 0, "D": 1}
    assert standings.status == "finished"


def test_extra_stake_and_bad_queen_collected_together() -> None:
    raw = deal({"A": "H", "B": "Q", "C": "H", "D": "H", "E": "S"})
    assert refusal(raw) == [
        ("stakes.E", "%(value)s is not a player in this game.", {"value": "E"}),
        ("stakes.B", "Choose a queen: S, H, D or C.", {}),
    ]


def test_several_fields_refused_at_once_in_input_order() -> None:
    raw = deal({"A": "H", "B": "H", "C": "H"}, buyer="A", out="Zoé")
    assert refusal(raw) == [
        ("stakes.D", "Missing a stake for %(name)s.", {"name": "D"}),
        ("buyer", "%(name)s deals and cannot buy the spare packet.", {"name": "A"}),
        ("out", "%(value)s is not a player in this game.", {"value": "Zoé"}),
    ]


def test_stakes_must_be_an_object() -> None:
    assert refusal(deal(["H", "H", "H", "H"])) == [  # type: ignore[arg-type]
        ("stakes", "Give the queen every player staked on: S, H, D or C.", {})
    ]


def test_unknown_and_missing_queen_keys() -> None:
    raw = deal(all_on("H", FOUR))
    raw["queens"] = {"S": None, "H": "B", "C": None, "X": "A"}
    assert refusal(raw) == [
        ("queens.X", "Unknown queen %(value)s: the queens are S, H, D and C.", {"value": "X"}),
        ("queens.D", "Say who played this queen, or null if nobody did.", {"name": "D"}),
    ]


def test_queens_must_be_an_object() -> None:
    raw = deal(all_on("H", FOUR))
    raw["queens"] = None
    assert refusal(raw) == [("queens", "Say for each queen (S, H, D, C) who played it, or null.", {})]


def test_dealer_choice_required() -> None:
    raw = deal(all_on("H", FOUR))
    del raw["dealer_choice"]
    assert refusal(raw) == [("dealer_choice", "Say whether the dealer kept the first packet or switched.", {})]


def test_unknown_field_refused() -> None:
    raw = {**deal(all_on("H", FOUR)), "colour": "red"}
    assert refusal(raw) == [("colour", "Unknown field %(name)s.", {"name": "colour"})]


def test_cards_left_without_the_option() -> None:
    raw = deal(all_on("H", FOUR), out="B", cards_left={"A": 3, "B": 0, "C": 2, "D": 1})
    assert refusal(raw) == [("cards_left", "Cards left only count with the pay-per-card option.", {})]


def test_missing_buyer_and_out_mean_none_and_empty_strings_too() -> None:
    setup = make_setup(queenie, FOUR, {}, "A")
    raw = {"stakes": all_on("S", FOUR), "dealer_choice": "keep", "queens": {**NOBODY, "H": ""}}
    canonical = queenie.check_round(setup, queenie.initial(setup), raw)
    assert canonical["buyer"] is None
    assert canonical["out"] is None
    assert canonical["queens"] == NOBODY
    assert "cards_left" not in canonical


def test_refused_message_renders() -> None:
    setup = make_setup(queenie, FOUR, {}, "A")
    with pytest.raises(Invalid) as error:
        queenie.check_round(setup, queenie.initial(setup), deal(all_on("H", FOUR), buyer="A"))
    assert rendered(error) == [("buyer", "A deals and cannot buy the spare packet.")]


def test_invariant_guard_refuses_a_broken_deal() -> None:
    setup = make_setup(queenie, FOUR, {}, "A")
    with pytest.raises(Invalid) as error:
        queenie._check_chips(setup, {"A": -1, "B": 20, "C": 20, "D": 21}, table())
    assert problems_of(error) == [
        ("input", "This deal would leave %(name)s with %(chips)s chips.", {"name": "A", "chips": -1})
    ]
    with pytest.raises(Invalid) as error:
        queenie._check_chips(setup, {"A": 20, "B": 20, "C": 20, "D": 20}, table(pot=1))
    assert problems_of(error) == [
        (
            "input",
            "This deal would leave %(counted)s chips in play instead of %(expected)s.",
            {"counted": 81, "expected": 80},
        )
    ]


# --- endings -------------------------------------------------------------------

B_TAKES_ALL = deal(all_on("H", FOUR), {"H": "B"}, out="B")


def test_two_full_turns_with_four_players_end_after_eight_deals() -> None:
    setup = make_setup(queenie, FOUR, {}, "A")
    seven = replay(queenie, setup, [B_TAKES_ALL] * 7)
    assert seven.status == "playing"
    assert seven.next is not None
    assert seven.next.round == 8
    assert seven.next.facts["deal_of"] == 8
    assert seven.next.dealer == "D"
    assert [result.details.dealer for result in seven.rounds] == ["A", "B", "C", "D", "A", "B", "C"]
    eight = replay(queenie, setup, [B_TAKES_ALL] * 8)
    assert eight.status == "finished"
    assert eight.next is None
    assert dict(eight.totals) == {"A": 4, "B": 68, "C": 4, "D": 4}
    assert eight.winners == ("B",)
    assert eight.ranking == ((1, "B"), (2, "A"), (2, "C"), (2, "D"))
    assert eight.rounds[-1].details.next_dealer is None
    assert eight.extra["unclaimed"] == 0
    with pytest.raises(RoundInvalid) as error:
        replay(queenie, setup, [B_TAKES_ALL] * 9)
    assert error.value.number == 9
    assert error.value.problems == (
        Problem("round", "The game was already over before round %(number)s.", {"number": 9}),
    )


def test_no_round_limit_plays_on() -> None:
    setup = make_setup(queenie, FOUR, {"rounds": None}, "A")
    standings = replay(queenie, setup, [B_TAKES_ALL] * 8)
    assert standings.status == "playing"
    assert standings.next is not None
    assert standings.next.facts["deal_of"] is None
    assert standings.next.round == 9


def test_one_turn_of_the_deal() -> None:
    setup = make_setup(queenie, FOUR, {"rounds": 1}, "C")
    assert replay(queenie, setup, [B_TAKES_ALL] * 3).status == "playing"
    standings = replay(queenie, setup, [B_TAKES_ALL] * 4)
    assert standings.status == "finished"
    assert [result.details.dealer for result in standings.rounds] == ["C", "D", "A", "B"]


SHORT_C = deal(all_on("H", FOUR), {"H": "B"}, out="B", buyer="C")  # start 4: A 3, B 10, C 1, D 2


def test_bankrupt_end_stops_the_game_after_the_deal() -> None:
    setup = make_setup(queenie, FOUR, {"start_chips": 4}, "A")
    standings = replay(queenie, setup, [SHORT_C])
    assert dict(standings.totals) == {"A": 3, "B": 10, "C": 1, "D": 2}
    assert words(standings.rounds[0].events) == ("sold:C", "queen:H:B", "out:B", "bankrupt:C")
    assert standings.rounds[0].details.bankrupt == ["C"]
    assert standings.status == "finished"
    assert standings.winners == ("B",)
    assert standings.extra["active"] == FOUR
    assert standings.extra["unclaimed"] == 0


def test_everyone_short_shares_the_win() -> None:
    setup = make_setup(queenie, FOUR, {"start_chips": 3}, "A")
    standings = replay(queenie, setup, [deal(all_on("S", FOUR))])
    assert dict(standings.totals) == {"A": 1, "B": 1, "C": 1, "D": 1}
    assert standings.winners == ("A", "B", "C", "D")
    assert standings.extra["unclaimed"] == 8
    assert standings.extra["table"] == table(S=4, pot=4)


def drop_game() -> list[dict[str, Any]]:
    return [
        SHORT_C,  # A deals; C drops with 1 chip
        deal(all_on("H", ["A", "B", "D"]), {"H": "D"}, out="A"),  # B deals; A 4, B 8, D 3
        deal(all_on("S", ["A", "B", "D"]), {"S": "B"}, out="B"),  # D deals; A 2, B 12, D 1 drops
    ]


def test_drop_sits_a_player_out_and_skips_their_deal() -> None:
    setup = make_setup(queenie, FOUR, {"start_chips": 4, "bankrupt": "drop"}, "A")
    first = replay(queenie, setup, drop_game()[:1])
    assert words(first.rounds[0].events) == ("sold:C", "queen:H:B", "out:B", "bankrupt:C", "dropped:C")
    assert first.status == "playing"
    assert first.extra["active"] == ["A", "B", "D"]
    assert first.extra["dropped"] == ["C"]
    assert first.next is not None
    assert first.next.dealer == "B"
    assert first.next.facts["hand_sizes"] == {"D": 13, "A": 13, "B": 13}
    assert first.next.facts["dealer_packets"] == [13, 13]
    assert first.next.facts["deal_of"] == 6
    assert "C" not in first.next.facts["stakes_default"]
    second = replay(queenie, setup, drop_game()[:2])
    assert dict(second.totals) == {"A": 4, "B": 8, "C": 1, "D": 3}
    assert dict(second.rounds[1].scores) == {"A": 1, "B": -2, "C": 0, "D": 1}
    assert second.next is not None
    assert second.next.dealer == "D"
    third = replay(queenie, setup, drop_game())
    assert dict(third.totals) == {"A": 2, "B": 12, "C": 1, "D": 1}
    assert words(third.rounds[2].events) == ("queen:S:B", "out:B", "bankrupt:D", "dropped:D")
    assert third.status == "finished"
    assert third.winners == ("B",)
    assert third.ranking == ((1, "B"), (2, "A"), (3, "C"), (3, "D"))
    assert third.extra["active"] == ["A", "B"]
    assert third.extra["dropped"] == ["C", "D"]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (deal(all_on("H", FOUR)), [("stakes.C", "%(name)s has dropped out of the game.", {"name": "C"})]),
        (
            deal(all_on("H", ["A", "B", "D"]), {"S": "C"}),
            [("queens.S", "%(name)s has dropped out of the game.", {"name": "C"})],
        ),
        (
            deal(all_on("H", ["A", "B", "D"]), out="C"),
            [("out", "%(name)s has dropped out of the game.", {"name": "C"})],
        ),
        (
            deal(all_on("H", ["A", "B", "D"]), buyer="C"),
            [("buyer", "%(name)s has dropped out of the game.", {"name": "C"})],
        ),
    ],
    ids=["stake", "queen", "out", "buyer"],
)
def test_a_dropped_player_takes_no_part(raw: dict[str, Any], expected: list[Any]) -> None:
    assert refusal(raw, {"start_chips": 4, "bankrupt": "drop"}, [SHORT_C]) == expected


def test_rounds_with_a_drop_out_let_the_others_finish_their_turns() -> None:
    setup = make_setup(queenie, FOUR, {"start_chips": 4, "bankrupt": "drop", "rounds": 1}, "A")
    even = deal(all_on("S", ["A", "B", "D"]), {"S": "D"}, out="A")  # A 5, B 6, D 4: nobody drops
    inputs = [*drop_game()[:2], even]
    assert replay(queenie, setup, inputs[:1]).status == "playing"
    two = replay(queenie, setup, inputs[:2])
    assert two.status == "playing"
    assert two.next is not None
    assert two.next.dealer == "D"
    assert two.next.facts["deal_of"] == 3
    three = replay(queenie, setup, inputs)
    assert dict(three.totals) == {"A": 5, "B": 6, "C": 1, "D": 4}
    assert words(three.rounds[-1].events) == ("queen:S:D", "out:A")
    assert three.status == "finished"
    assert three.winners == ("B",)


LEFTOVER_GAME = [
    deal({"A": "H", "B": "S", "C": "S", "D": "S"}, {"H": "A"}),
    deal(all_on("S", FOUR)),
    deal(all_on("S", FOUR)),
    deal(all_on("S", FOUR)),
]


def test_leftover_leave_keeps_the_table_unclaimed() -> None:
    setup = make_setup(queenie, FOUR, {"rounds": 1}, "A")
    standings = replay(queenie, setup, LEFTOVER_GAME)
    assert standings.status == "finished"
    assert dict(standings.totals) == {"A": 13, "B": 12, "C": 12, "D": 12}
    assert standings.extra["unclaimed"] == 31
    assert standings.extra["table"] == table(S=15, pot=16)
    assert standings.winners == ("A",)


def test_leftover_split_shares_the_table_and_leaves_the_remainder() -> None:
    setup = make_setup(queenie, FOUR, {"rounds": 1, "leftover": "split"}, "A")
    standings = replay(queenie, setup, LEFTOVER_GAME)
    last = standings.rounds[-1]
    assert standings.status == "finished"
    assert dict(standings.totals) == {"A": 20, "B": 19, "C": 19, "D": 19}
    assert dict(last.scores) == {"A": 5, "B": 5, "C": 5, "D": 5}
    assert not_stakes(last.details.movements) == [
        ("gather", "S", "pot", 15),
        ("split", "pot", "A", 7),
        ("split", "pot", "B", 7),
        ("split", "pot", "C", 7),
        ("split", "pot", "D", 7),
    ]
    assert words(last.events) == ("blocked", "split")
    assert standings.extra["unclaimed"] == 3
    assert standings.extra["table"] == table(pot=3)
    assert standings.winners == ("A",)


def test_leftover_split_only_at_the_end() -> None:
    setup = make_setup(queenie, FOUR, {"rounds": 1, "leftover": "split"}, "A")
    standings = replay(queenie, setup, LEFTOVER_GAME[:3])
    assert standings.extra["table"] == table(S=11, pot=12)
    assert "split" not in words(standings.rounds[-1].events)


# Start with 10 and pay per card, one turn of the deal, leftovers split. A deals: B goes out and C, paying
# for 10 cards, is left with nothing and drops out. B and D deal two blocked deals, and the turn is over:
# C never deals. The 16 chips on the table go 5 each to A, B and D, the players still in; 1 stays unclaimed.
DROP_THEN_SPLIT = [
    deal(all_on("S", FOUR), out="B", cards_left={"A": 1, "C": 10, "D": 1}),
    deal(all_on("H", ["A", "B", "D"])),
    deal(all_on("H", ["A", "B", "D"])),
]


def test_after_a_drop_out_the_turns_and_the_split_count_the_players_still_in() -> None:
    options = {"start_chips": 10, "pay_per_card": True, "rounds": 1, "bankrupt": "drop", "leftover": "split"}
    setup = make_setup(queenie, FOUR, options, "A")
    first = replay(queenie, setup, DROP_THEN_SPLIT[:1])
    assert dict(first.totals) == {"A": 7, "B": 22, "C": 0, "D": 7}
    assert first.extra["dropped"] == ["C"]
    assert first.next is not None
    assert first.next.facts["deal_of"] == 3
    two = replay(queenie, setup, DROP_THEN_SPLIT[:2])
    assert two.status == "playing"
    assert two.extra["table"] == table(S=4, H=3, pot=3)
    three = replay(queenie, setup, DROP_THEN_SPLIT)
    last = three.rounds[-1]
    assert three.status == "finished"
    assert [result.details.dealer for result in three.rounds] == ["A", "B", "D"]
    assert not_stakes(last.details.movements) == [
        ("gather", "S", "pot", 4),
        ("gather", "H", "pot", 6),
        ("split", "pot", "A", 5),
        ("split", "pot", "B", 5),
        ("split", "pot", "D", 5),
    ]
    assert dict(three.totals) == {"A": 8, "B": 23, "C": 0, "D": 8}
    assert three.extra["unclaimed"] == 1
    assert three.extra["table"] == table(pot=1)
    assert words(last.events) == ("blocked", "split")


@pytest.mark.parametrize(
    ("name", "lowest", "highest"),
    [("rounds", 1, 50), ("start_chips", 2, 1000)],
)
def test_option_ranges(name: str, lowest: int, highest: int) -> None:
    for value in (lowest, highest):
        assert make_setup(queenie, FOUR, {name: value}, "A").options[name] == value
    for value, message in ((lowest - 1, f"at least {lowest}"), (highest + 1, f"at most {highest}")):
        with pytest.raises(Invalid) as error:
            make_setup(queenie, FOUR, {name: value}, "A")
        assert rendered(error) == [(f"options.{name}", f"This option must be {message}.")]


def test_three_to_six_players() -> None:
    for count in (3, 6):
        assert len(make_setup(queenie, NAMES[:count], {}, None).players) == count
    for names in (NAMES[:2], [*NAMES, "Gaston"]):
        with pytest.raises(Invalid) as error:
            make_setup(queenie, names, {}, None)
        assert rendered(error) == [("players", "This game needs 3 to 6 players.")]


def test_a_thousand_chips_each_are_all_kept_in_play() -> None:
    setup = make_setup(queenie, FOUR, {"start_chips": 1000}, "A")
    standings = replay(queenie, setup, [Q1])
    assert dict(standings.totals) == {"A": 999, "B": 1000, "C": 997, "D": 1003}
    assert sum(standings.totals.values()) + sum(standings.extra["table"].values()) == 4000


@pytest.mark.parametrize("value", ["keep", "share", None, True])
def test_leftover_is_leave_or_split(value: Any) -> None:
    assert make_setup(queenie, FOUR, {"leftover": "split"}, "A").options["leftover"] == "split"
    assert make_setup(queenie, FOUR, {}, "A").options["leftover"] == "leave"
    with pytest.raises(Invalid) as error:
        make_setup(queenie, FOUR, {"leftover": value}, "A")
    message = "This option needs a value." if value is None else "This option must be one of: leave, split."
    assert rendered(error) == [("options.leftover", message)]


# --- pay per card --------------------------------------------------------------

PER_CARD = {"start_chips": 10, "pay_per_card": True}
TOO_MANY = "%(name)s: this cannot be more than %(maximum)s, the cards dealt less the queens played."


def test_pay_per_card_is_capped_at_what_the_payer_has() -> None:
    setup = make_setup(queenie, FOUR, PER_CARD, "A")
    raw = deal(all_on("H", FOUR), {"H": "B"}, out="B", cards_left={"A": 5, "B": 0, "C": 10, "D": 3})
    standings = replay(queenie, setup, [raw])
    result = standings.rounds[0]
    cards = [move for move in result.details.movements if move["kind"] == "card"]
    assert cards == [
        {"kind": "card", "from": "C", "to": "B", "chips": 8, "cards": 10},
        {"kind": "card", "from": "D", "to": "B", "chips": 3, "cards": 3},
        {"kind": "card", "from": "A", "to": "B", "chips": 5, "cards": 5},
    ]
    assert dict(standings.totals) == {"A": 3, "B": 32, "C": 0, "D": 5}
    assert result.input["cards_left"] == {"A": 5, "B": 0, "C": 10, "D": 3}
    assert standings.status == "finished"
    assert "bankrupt:C" in words(result.events)


def test_pay_per_card_blocked_deal_has_null_cards_left() -> None:
    setup = make_setup(queenie, FOUR, PER_CARD, "A")
    canonical = queenie.check_round(setup, queenie.initial(setup), deal(all_on("H", FOUR)))
    assert canonical["cards_left"] is None
    empty = queenie.check_round(setup, queenie.initial(setup), deal(all_on("H", FOUR), cards_left={}))
    assert empty["cards_left"] is None


def test_the_player_who_went_out_may_be_left_out_of_cards_left() -> None:
    setup = make_setup(queenie, FOUR, PER_CARD, "A")
    raw = deal(all_on("H", FOUR), {"H": "B"}, out="B", cards_left={"D": 3, "A": 5, "C": 10})
    canonical = queenie.check_round(setup, queenie.initial(setup), raw)
    assert canonical["cards_left"] == {"A": 5, "B": 0, "C": 10, "D": 3}
    assert list(canonical["cards_left"]) == FOUR
    given = replay(queenie, setup, [{**raw, "cards_left": {"A": 5, "B": 0, "C": 10, "D": 3}}])
    left_out = replay(queenie, setup, [raw])
    assert dict(left_out.totals) == dict(given.totals) == {"A": 3, "B": 32, "C": 0, "D": 5}
    assert left_out.rounds[0].input == given.rounds[0].input


@pytest.mark.parametrize("posted", [{"cards_left-1": ""}, {}], ids=["blank", "not-posted"])
def test_the_form_may_leave_the_player_who_went_out_without_cards_left(posted: dict[str, str]) -> None:
    setup = make_setup(queenie, FOUR, PER_CARD, "A")
    form = {
        **{f"stake-{seat}": "H" for seat in range(4)},
        "dealer_choice": "keep",
        "buyer": "",
        "queen-H": "1",
        "out": "1",
        "cards_left-0": "5",
        "cards_left-2": "10",
        "cards_left-3": "3",
        **posted,
    }
    raw = QueenieRoundForm().to_input(form, setup, None)
    canonical = queenie.check_round(setup, queenie.initial(setup), raw)
    assert canonical["out"] == "B"
    assert canonical["cards_left"] == {"A": 5, "B": 0, "C": 10, "D": 3}
    values = QueenieRoundForm().values(setup, canonical, None)
    assert [values[f"cards_left-{seat}"] for seat in range(4)] == ["5", "0", "10", "3"]
    # Another player left blank is still missing.
    form["cards_left-2"] = ""
    with pytest.raises(Invalid) as error:
        queenie.check_round(setup, queenie.initial(setup), QueenieRoundForm().to_input(form, setup, None))
    assert rendered(error) == [("cards_left.C", "Missing the cards left for C.")]


@pytest.mark.parametrize(
    ("buyer", "queens", "most"),
    [(None, {}, {"B": 11, "C": 11, "D": 10}), ("C", {"S": "C", "D": "D"}, {"B": 11, "C": 9, "D": 9})],
    ids=["as-dealt", "bought-and-queens"],
)
def test_cards_left_from_one_to_the_hand_less_the_queens_played(
    buyer: str | None, queens: dict[str, str], most: dict[str, int]
) -> None:
    """A deals (10 + 10): B 11, C 11, D 10; the buyer takes a packet of 10; each queen played is a card less."""
    setup = make_setup(queenie, FOUR, PER_CARD, "A")
    state = queenie.initial(setup)
    fewest = dict.fromkeys(most, 1)

    def a_deal(cards_left: dict[str, int]) -> dict[str, Any]:
        return deal(all_on("H", FOUR), {**queens, "H": "A"}, out="A", buyer=buyer, cards_left=cards_left)

    assert queenie.check_round(setup, state, a_deal(fewest))["cards_left"] == {"A": 0, **fewest}
    for player, cards in most.items():
        fullest = {**fewest, player: cards}
        assert queenie.check_round(setup, state, a_deal(fullest))["cards_left"] == {"A": 0, **fullest}
        with pytest.raises(Invalid) as error:
            queenie.check_round(setup, state, a_deal({**fewest, player: cards + 1}))
        assert problems_of(error) == [(f"cards_left.{player}", TOO_MANY, {"name": player, "maximum": cards})]
        assert rendered(error) == [
            (
                f"cards_left.{player}",
                f"{player}: this cannot be more than {cards}, the cards dealt less the queens played.",
            )
        ]


def test_pay_per_card_is_paid_from_what_each_has_after_the_queens_and_the_pot() -> None:
    """Start with 2 chips: everyone stakes both. C then takes the 4 chips on Q♥ and pays B for 10 cards from
    them; A and D have nothing left to pay with."""
    setup = make_setup(queenie, FOUR, {"start_chips": 2, "pay_per_card": True}, "A")
    raw = deal(all_on("H", FOUR), {"H": "C"}, out="B", cards_left={"A": 5, "C": 10, "D": 3})
    standings = replay(queenie, setup, [raw])
    result = standings.rounds[0]
    assert not_stakes(result.details.movements) == [
        ("queen", "H", "C", 4),
        ("pot", "pot", "B", 4),
        ("card", "C", "B", 4),
        ("card", "D", "B", 0),
        ("card", "A", "B", 0),
    ]
    assert dict(standings.totals) == {"A": 0, "B": 8, "C": 0, "D": 0}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            deal(all_on("H", FOUR), out="B"),
            [("cards_left", "%(name)s went out: give the cards left in every other hand.", {"name": "B"})],
        ),
        (
            deal(all_on("H", FOUR), cards_left={"A": 1, "B": 1, "C": 1, "D": 1}),
            [("cards_left", "Nobody went out, so nobody pays for the cards left.", {})],
        ),
        (
            deal(all_on("H", FOUR), out="B", cards_left={"A": 1, "B": 2, "C": 1, "D": 1}),
            [("cards_left.B", "%(name)s went out and has no card left.", {"name": "B"})],
        ),
        (
            deal(all_on("H", FOUR), out="B", cards_left={"A": 1, "B": 0, "C": 0, "D": 1}),
            [("cards_left.C", "Only %(out)s went out: %(name)s still holds a card.", {"out": "B", "name": "C"})],
        ),
        (
            deal(all_on("H", FOUR), out="B", cards_left={"A": 1, "B": 0, "C": 12, "D": 1}),
            [("cards_left.C", TOO_MANY, {"name": "C", "maximum": 11})],
        ),
        (
            deal(all_on("H", FOUR), out="B", buyer="C", cards_left={"A": 1, "B": 0, "C": 11, "D": 1}),
            [("cards_left.C", TOO_MANY, {"name": "C", "maximum": 10})],
        ),
        (
            deal(all_on("H", FOUR), {"S": "C", "D": "C"}, out="B", cards_left={"A": 1, "B": 0, "C": 10, "D": 1}),
            [("cards_left.C", TOO_MANY, {"name": "C", "maximum": 9})],
        ),
        (
            deal(all_on("H", FOUR), out="B", cards_left={"A": -2, "B": 0, "C": 1, "D": 1}),
            [("cards_left.A", "%(name)s: this cannot be less than 1.", {"name": "A"})],
        ),
        (
            deal(all_on("H", FOUR), out="B", cards_left={"A": 1, "C": 1}),
            [("cards_left.D", "Missing the cards left for %(name)s.", {"name": "D"})],
        ),
        (
            deal(all_on("H", FOUR), out="B", cards_left={"A": 1, "C": 1, "D": 1, "B": None}),
            [("cards_left.B", "Enter a number.", {})],
        ),
        (
            deal(all_on("H", FOUR), out="B", cards_left=[1, 0, 1, 1]),
            [("cards_left", "Give the number of cards left in every hand.", {})],
        ),
        (
            deal(all_on("H", FOUR), out="B", cards_left={"A": 1, "B": 0, "C": 1}),
            [("cards_left.D", "Missing the cards left for %(name)s.", {"name": "D"})],
        ),
        (
            deal(all_on("H", FOUR), out="B", cards_left={"A": 1, "B": 0, "C": 1, "D": "x"}),
            [("cards_left.D", "Enter a whole number.", {})],
        ),
    ],
    ids=[
        "missing",
        "blocked",
        "out-holds-cards",
        "other-empty",
        "too-many",
        "buyer-hand",
        "after-queens",
        "one-missing",
        "not-a-number",
        "negative",
        "out-left-out-and-another-missing",
        "out-given-as-null",
        "not-an-object",
    ],
)
def test_cards_left_refusals(raw: dict[str, Any], expected: list[Any]) -> None:
    assert refusal(raw, PER_CARD) == expected


# --- properties ----------------------------------------------------------------

NAMES = ["Alice", "Bruno", "Chloé", "Denis", "Émile", "Fanny"]


@st.composite
def games(draw: st.DrawFn) -> tuple[Any, list[dict[str, Any]], list[Any]]:
    """A setup and a random sequence of valid deals, with the state after each."""
    count = draw(st.integers(3, 6))
    players = NAMES[:count]
    options = {
        "start_chips": draw(st.integers(2, 30)),
        "rounds": draw(st.none() | st.integers(1, 3)),
        "bankrupt": draw(st.sampled_from(["end", "drop"])),
        "leftover": draw(st.sampled_from(["leave", "split"])),
        "pay_per_card": draw(st.booleans()),
    }
    setup = make_setup(queenie, players, options, draw(st.sampled_from(players)))
    state = queenie.initial(setup)
    inputs: list[dict[str, Any]] = []
    states = [state]
    for _ in range(draw(st.integers(1, 16))):
        if queenie.is_over(setup, state):
            break
        following = queenie.standings(setup, state).next
        assert following is not None
        active = list(following.facts["hand_sizes"])
        someone = st.none() | st.sampled_from(active)
        choice = draw(st.sampled_from(["keep", "switch"]))
        buyer = draw(st.sampled_from([None, *following.facts["can_buy"]])) if choice == "keep" else None
        queens = {suit: draw(someone) for suit in "SHDC"}
        out = draw(someone)
        raw = deal({player: draw(st.sampled_from("SHDC")) for player in active}, queens, out, choice, buyer)
        if options["pay_per_card"] and out is not None:
            held = dict(following.facts["hand_sizes"])
            if buyer is not None:
                held[buyer] = following.facts["dealer_packets"][0]
            for player in queens.values():
                if player is not None:
                    held[player] -= 1
            raw["cards_left"] = {p: 0 if p == out else draw(st.integers(1, held[p])) for p in active}
            if draw(st.booleans()):
                del raw["cards_left"][out]  # the player who went out may be left out
        canonical = queenie.check_round(setup, state, raw)
        assert queenie.check_round(setup, state, canonical) == canonical
        assert json.loads(json.dumps(canonical)) == canonical
        state = queenie.play(setup, state, canonical)
        inputs.append(raw)
        states.append(state)
    return setup, inputs, states


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_chips_are_conserved_and_never_negative(game: tuple[Any, list[dict[str, Any]], list[Any]]) -> None:
    setup, _inputs, states = game
    expected = setup.options["start_chips"] * len(setup.players)
    for before, after in zip(states, states[1:], strict=False):
        assert sum(after.chips.values()) + sum(after.table.values()) == expected
        assert min(after.chips.values()) >= 0
        assert min(after.table.values()) >= 0
        result = after.rounds[-1]
        assert dict(result.totals) == dict(after.chips)
        assert all(result.scores[p] == after.chips[p] - before.chips[p] for p in setup.players)
        assert all(result.scores[p] == 0 for p in setup.players if p not in before.active)
        assert sum(1 for event in words(result.events) if event.startswith("out:")) <= 1
        taken = {move["from"] for move in result.details.movements if move["kind"] == "queen"}
        assert all(result.details.table_after[suit] == 0 for suit in taken)
        json.dumps(dataclasses.asdict(result.details))
    last = queenie.standings(setup, states[-1])
    json.dumps(last.next.as_json() if last.next is not None else None)
    json.dumps(dict(last.extra))
    if not last.finished:
        assert all(states[-1].chips[p] >= 2 for p in states[-1].active)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_replay_is_deterministic_and_undo_restores_the_state(
    game: tuple[Any, list[dict[str, Any]], list[Any]],
) -> None:
    setup, inputs, states = game
    assert replay_state(queenie, setup, inputs) == states[-1]
    assert replay_state(queenie, setup, inputs) == replay_state(queenie, setup, inputs)
    for count in range(len(inputs)):
        assert replay_state(queenie, setup, inputs[:count]) == states[count]
    assert replay(queenie, setup, inputs[:-1]) == queenie.standings(setup, states[-2])
