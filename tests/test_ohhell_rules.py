"""Oh Hell's rules: the worked examples OH1–OH15 of ``shared/rules/ohhell.md``, the bids announced ahead of
the play, every refusal, hand sizes, trumps, the options and their bounds, and properties. Pure rules."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.base import Invalid, RoundInvalid, Setup, complete_round, make_setup, replay
from referee.games.ohhell import rules
from referee.games.ohhell.events import Made, Missed, Overbid, Underbid
from tests.ohhell_examples import (
    DEFAULT_OPTIONS,
    EXAMPLES,
    OH6,
    OH6_HOOK,
    OH6_REFUSED,
    OH9_FORBIDDEN,
    OH10,
    OH11_SEQUENCES,
    OH12_LIMITS,
    OH14,
    TABLE,
    THREE,
    UNSET,
    Example,
    by_seat,
    hand_input,
)


def setup_of(players: tuple[str, ...] = TABLE, options: dict[str, Any] | None = None, dealer: str | None = "Denis"):
    return make_setup(rules, list(players), options or {}, dealer)


def rendered(problems: Any) -> list[tuple[str, str]]:
    return [(problem.field, problem.render()) for problem in problems]


def state_after(setup: Setup, inputs: list[dict[str, Any]]) -> rules.State:
    state = rules.initial(setup)
    for raw in inputs:
        state = rules.play(setup, state, rules.check_round(setup, state, raw))
    return state


def refusal(setup: Setup, raw: Any, before: list[Any] | None = None) -> list[tuple[str, str]]:
    """The (field, message) pairs the rules give for ``raw`` after ``before``; the same on replay."""
    earlier = list(before or [])
    with pytest.raises(Invalid) as error:
        rules.check_round(setup, state_after(setup, earlier), raw)
    with pytest.raises(RoundInvalid) as stored:
        replay(rules, setup, [*earlier, raw])
    assert stored.value.number == len(earlier) + 1
    assert rendered(stored.value.problems) == rendered(error.value.problems)
    return rendered(error.value.problems)


def announce_refusal(setup: Setup, stored: dict[str, Any], raw: Any) -> list[tuple[str, str]]:
    with pytest.raises(Invalid) as error:
        rules.announce(setup, rules.initial(setup), stored, raw)
    return rendered(error.value.problems)


# --- worked examples --------------------------------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda example: example.name)
def test_worked_examples(example: Example) -> None:
    setup = setup_of(example.players, example.options, example.dealer)
    state = rules.initial(setup)
    for number, (hand, totals) in enumerate(zip(example.hands, example.totals(), strict=True), start=1):
        entered = rules.standings(setup, state).next
        assert entered is not None and entered.round == number
        if hand.dealer is not None:
            assert entered.dealer == hand.dealer
        if hand.size is not None:
            assert entered.facts["hand_size"] == hand.size
        if hand.forbidden is not UNSET:
            others = {name: bid for name, bid in by_seat(example.players, hand.bids).items() if name != entered.dealer}
            assert rules.announced_facts(setup, state, {"bids": others})["forbidden_bid"] == hand.forbidden
        state = rules.play(
            setup, state, rules.check_round(setup, state, hand_input(example.players, hand.bids, hand.tricks))
        )
        result = state.rounds[-1]
        assert result.scores == by_seat(example.players, hand.scores)
        assert result.totals == by_seat(example.players, totals)
    standings = replay(rules, setup, example.inputs())
    assert standings.totals == by_seat(example.players, example.totals()[-1])
    assert standings.winners == example.winners
    assert standings.status == ("finished" if example.winners else "playing")
    assert (standings.next is None) == bool(example.winners)


def test_oh1_events_name_who_made_it_who_missed_and_the_overbid() -> None:
    standings = replay(rules, setup_of(), [hand_input(TABLE, (3, 2, 4, 2), (3, 3, 2, 2))])
    events = standings.rounds[0].events
    assert events == (Made("Alice"), Made("Denis"), Missed("Bruno", 2, 3), Missed("Chloé", 4, 2), Overbid(1))
    assert [str(event) for event in events] == ["made:Alice", "made:Denis", "missed:Bruno", "missed:Chloé", "overbid:1"]
    assert [event.describe() for event in events] == [
        "Alice made their bid",
        "Denis made their bid",
        "Bruno missed (bid 2, took 3)",
        "Chloé missed (bid 4, took 2)",
        "Overbid by 1",
    ]


def test_oh6_the_hook_refuses_then_the_bids_are_announced_first() -> None:
    setup = setup_of(options=OH6)
    assert refusal(setup, OH6_REFUSED) == [OH6_HOOK]
    state = rules.initial(setup)
    stored = rules.announce(setup, state, {}, {"bids": {"Alice": 2, "Bruno": 0, "Chloé": 1}})
    assert stored == {"bids": {"Alice": 2, "Bruno": 0, "Chloé": 1}}
    assert rules.announced_facts(setup, state, stored) == {
        "bids": {"Alice": 2, "Bruno": 0, "Chloé": 1},
        "bid_total": 3,
        "forbidden_bid": 2,
    }
    assert announce_refusal(setup, stored, {"bids": {"Denis": 2}}) == [OH6_HOOK]
    stored = rules.announce(setup, state, stored, {"bids": {"Denis": 1}})
    assert rules.announced_facts(setup, state, stored) == {
        "bids": {"Alice": 2, "Bruno": 0, "Chloé": 1, "Denis": 1},
        "bid_total": 4,
        "forbidden_bid": 2,
    }
    raw = complete_round(rules, stored, {"tricks": by_seat(TABLE, (2, 1, 1, 1))})
    standings = replay(rules, setup, [raw])
    assert standings.rounds[0].scores == by_seat(TABLE, (12, 0, 11, 11))
    assert standings.rounds[0].events[-1] == Underbid(1)


def test_oh7_the_hook_does_not_bind_once_the_others_overbid() -> None:
    setup = setup_of(options=OH6)
    stored = rules.announce(setup, rules.initial(setup), {}, {"bids": {"Alice": 3, "Bruno": 1, "Chloé": 2}})
    assert rules.announced_facts(setup, rules.initial(setup), stored)["forbidden_bid"] is None
    standings = replay(rules, setup, [hand_input(TABLE, (3, 1, 2, 0), (3, 1, 1, 0))])
    assert standings.rounds[0].events[-1] == Overbid(1)


def test_oh8_without_the_hook_the_bids_may_add_up() -> None:
    setup = setup_of(options={**OH6, "hook": False})
    stored = rules.announce(setup, rules.initial(setup), {}, {"bids": by_seat(TABLE, (2, 0, 1, 2))})
    assert rules.announced_facts(setup, rules.initial(setup), stored) == {
        "bids": by_seat(TABLE, (2, 0, 1, 2)),
        "bid_total": 5,
        "forbidden_bid": None,
    }
    events = replay(rules, setup, [OH6_REFUSED | {"tricks": by_seat(TABLE, (2, 0, 1, 2))}]).rounds[0].events
    assert not any(isinstance(event, Overbid | Underbid) for event in events)


@pytest.mark.parametrize(("others", "forbidden"), OH9_FORBIDDEN)
def test_oh9_one_card_hands(others: tuple[int, ...], forbidden: int | None) -> None:
    setup = setup_of(options={"max_cards": 1})
    bids = by_seat(TABLE[:3], others)
    assert rules.announced_facts(setup, rules.initial(setup), {"bids": bids})["forbidden_bid"] == forbidden


def test_forbidden_bid_holds_whether_or_not_the_dealer_has_bid() -> None:
    setup = setup_of(options=OH6)
    state = rules.initial(setup)
    assert rules.announced_facts(setup, state, {}) == {"bids": {}, "bid_total": 0, "forbidden_bid": None}
    assert rules.announced_facts(setup, state, {"bids": {"Alice": 1, "Denis": 1}})["forbidden_bid"] is None
    full = {"bids": by_seat(TABLE, (1, 1, 1, 1))}
    assert rules.announced_facts(setup, state, full) == {**full, "bid_total": 4, "forbidden_bid": 2}


# --- refusals ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("case", "raw", "expected"), OH10, ids=[case for case, _raw, _expected in OH10])
def test_oh10_refusals(case: str, raw: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    assert refusal(setup_of(), raw) == expected


def test_every_problem_of_a_hand_at_once() -> None:
    raw = {"bids": {"Alice": 11, "Bruno": 2, "Chloé": 4}, "tricks": by_seat(TABLE, (3, 3, 2, 1))}
    assert refusal(setup_of(), raw) == [
        ("bids.Alice", "Alice's bid must be from 0 to 10: this hand has 10 cards."),
        ("bids.Denis", "No bid for Denis."),
        ("tricks", "The tricks must add up to 10 (they add up to 9)."),
    ]


def test_one_card_hands_say_card_once() -> None:
    setup = setup_of(options={"max_cards": 1})
    assert refusal(setup, hand_input(TABLE, (0, 0, 2, 0), (0, 0, 1, 0))) == [
        ("bids.Chloé", "Chloé's bid must be 0 or 1: this hand has 1 card.")
    ]
    assert refusal(setup, hand_input(TABLE, (0, 0, 0, 0), (0, 0, 2, 0)))[0] == (
        "tricks.Chloé",
        "Chloé's tricks must be 0 or 1: this hand has 1 card.",
    )
    assert refusal(setup, {**hand_input(TABLE, (0, 0, 0, 0), (0, 0, 1, 0)), "hand_size": 2}) == [
        ("hand_size", "Hand 1 has 1 card, not 2.")
    ]


def test_hand_size_guards_a_later_hand() -> None:
    setup = setup_of()
    first = hand_input(TABLE, (3, 2, 4, 2), (3, 3, 2, 2))
    accepted = hand_input(TABLE, (3, 2, 2, 1), (3, 2, 2, 2)) | {"hand_size": 9}
    assert replay(rules, setup, [first, accepted]).rounds[1].input == hand_input(TABLE, (3, 2, 2, 1), (3, 2, 2, 2))
    assert refusal(setup, accepted | {"hand_size": 10}, [first]) == [("hand_size", "Hand 2 has 9 cards, not 10.")]


def test_a_hand_after_the_last_is_refused_on_replay() -> None:
    setup = setup_of(options={"max_cards": 1})
    hand = hand_input(TABLE, (0, 0, 0, 0), (0, 0, 1, 0))
    with pytest.raises(RoundInvalid) as error:
        replay(rules, setup, [hand, hand])
    assert error.value.number == 2
    assert rendered(error.value.problems) == [("round", "The game was already over before round 2.")]


def test_announce_checks_names_and_ranges_and_merges() -> None:
    setup = setup_of(options=OH6)
    state = rules.initial(setup)
    assert announce_refusal(setup, {}, {"bids": {"Zoé": 1, "Bruno": 6}}) == [
        ("bids.Zoé", "Zoé is not in this game."),
        ("bids.Bruno", "Bruno's bid must be from 0 to 5: this hand has 5 cards."),
    ]
    assert announce_refusal(setup, {}, {"bids": [1, 2]}) == [
        ("bids", "Give the bids as an object of players and numbers.")
    ]
    assert announce_refusal(setup, {}, {"tricks": {}}) == [("tricks", "Unknown field tricks.")]
    stored = rules.announce(setup, state, {"bids": {"Chloé": 1}}, {"bids": {"Bruno": 0, "Alice": 3}})
    assert list(stored["bids"].items()) == [("Alice", 3), ("Bruno", 0), ("Chloé", 1)]
    assert rules.announce(setup, state, stored, {"bids": {"Alice": 2}}) == {
        "bids": {"Alice": 2, "Bruno": 0, "Chloé": 1}
    }
    assert rules.announce(setup, state, stored, {"bids": {}}) == stored


# --- hand sizes, dealers, trumps, limits ------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options", "sizes"), OH11_SEQUENCES)
def test_oh11_sequences(players: tuple[str, ...], options: dict[str, Any], sizes: list[int]) -> None:
    setup = setup_of(players, options, players[0])
    plans = [rules.next_hand(setup, number) for number in range(1, len(sizes) + 1)]
    assert [plan.facts["hand_size"] for plan in plans] == sizes
    assert {plan.facts["hands"] for plan in plans} == {len(sizes)}
    assert [plan.dealer for plan in plans] == [players[number % len(players)] for number in range(len(sizes))]
    assert [plan.facts["first_bidder"] for plan in plans] == [
        players[(number + 1) % len(players)] for number in range(len(sizes))
    ]


def test_oh11_default_dealers_and_the_seventeen_card_hand() -> None:
    setup = setup_of(dealer="Alice")
    dealers = [rules.next_hand(setup, number).dealer for number in range(1, 20)]
    assert dealers[:5] == ["Alice", "Bruno", "Chloé", "Denis", "Alice"] and dealers[18] == "Chloé"
    big = setup_of(THREE, {"sequence": "up", "max_cards": 17}, "Ann")
    assert rules.next_hand(big, 17).facts == {"hands": 17, "first_bidder": "Cat", "hand_size": 17, "trumps": "turn_up"}


@pytest.mark.parametrize(("count", "most"), OH12_LIMITS)
def test_oh12_limits(count: int, most: int) -> None:
    players = tuple("ABCDEFG"[:count])
    assert setup_of(players, {"max_cards": most}, "A").options["max_cards"] == most
    with pytest.raises(Invalid) as error:
        setup_of(players, {"max_cards": most + 1}, "A")
    assert rendered(error.value.problems) == [
        ("options.max_cards", f"With {count} players a hand has at most {most} cards (52 cards).")
    ]


def test_oh12_refusals_at_creation() -> None:
    for options, expected in (
        ({"max_cards": 0}, [("options.max_cards", "This option must be at least 1.")]),
        (
            {"penalty_per_trick": 5},
            [("options.penalty_per_trick", "A penalty per trick goes only with the penalty scoring.")],
        ),
        (
            {"penalty_per_trick": 51, "scoring": "penalty"},
            [("options.penalty_per_trick", "This option must be at most 50.")],
        ),
        (
            {"sequence": "sideways"},
            [("options.sequence", "This option must be one of: down_up, up_down, down, up.")],
        ),
        ({"scoring": "bonus"}, [("options.scoring", "This option must be one of: exact, tricks, squared, penalty.")]),
        ({"tie": "coin"}, [("options.tie", "This option must be one of: share, play_on.")]),
    ):
        with pytest.raises(Invalid) as error:
            setup_of(options=options)
        assert rendered(error.value.problems) == expected
    for players in (("A", "B"), tuple("ABCDEFGH")):
        with pytest.raises(Invalid) as error:
            setup_of(players, dealer=None)
        assert rendered(error.value.problems) == [("players", "This game needs 3 to 7 players.")]
    assert setup_of(options={"scoring": "penalty", "penalty_per_trick": 5}).options["penalty_per_trick"] == 5


def test_defaults() -> None:
    assert setup_of().options == DEFAULT_OPTIONS
    assert rules.next_hand(setup_of(dealer=None), 1).facts == {
        "hands": 19,
        "first_bidder": "Bruno",
        "hand_size": 10,
        "trumps": "turn_up",
    }


def test_oh12_trumps() -> None:
    thirteen = setup_of(options={"max_cards": 13})
    assert [rules.next_hand(thirteen, number).facts["trumps"] for number in (1, 2, 25)] == ["none", "turn_up", "none"]
    no_trump_max = setup_of(options={"no_trump_max": True})
    trumps = [rules.next_hand(no_trump_max, number).facts["trumps"] for number in range(1, 20)]
    assert trumps == ["none"] + ["turn_up"] * 17 + ["none"]


def test_oh13_the_extra_hand_grows_the_count_of_hands() -> None:
    setup = setup_of(THREE, {"max_cards": 2, "sequence": "down", "tie": "play_on"}, "Ann")
    standings = replay(rules, setup, OH14.inputs())
    assert standings.status == "playing"
    assert standings.next is not None
    assert standings.next.as_json() == {
        "round": 3,
        "dealer": "Cat",
        "hands": 3,
        "first_bidder": "Ann",
        "hand_size": 2,
        "trumps": "turn_up",
    }


# --- properties -------------------------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> tuple[Setup, dict[str, Any]]:
    count = draw(st.integers(3, 7))
    players = tuple(f"P{seat}" for seat in range(count))
    options = {
        "max_cards": draw(st.integers(1, rules.most_cards(count))),
        "scoring": draw(st.sampled_from(["exact", "tricks", "squared", "penalty"])),
        "hook": draw(st.booleans()),
    }
    setup = setup_of(players, options, players[0])
    size = rules.hand_size(setup, 1)
    bids = [draw(st.integers(0, size)) for _ in players]
    cuts = sorted(draw(st.lists(st.integers(0, size), min_size=count - 1, max_size=count - 1)))
    tricks = [high - low for low, high in zip([0, *cuts], [*cuts, size], strict=True)]
    return setup, hand_input(players, tuple(bids), tuple(tricks))


@settings(max_examples=150, deadline=None)
@given(hands())
def test_a_hand_is_refused_only_by_the_hook_and_scores_the_bid_made(case: tuple[Setup, dict[str, Any]]) -> None:
    setup, raw = case
    size = rules.hand_size(setup, 1)
    if setup.options["hook"] and sum(raw["bids"].values()) == size:
        with pytest.raises(Invalid):
            rules.check_round(setup, rules.initial(setup), raw)
        return
    result = replay(rules, setup, [raw]).rounds[0]
    for player, score in result.scores.items():
        bid, taken = raw["bids"][player], raw["tricks"][player]
        made = bid == taken
        # A made bid scores its 10 and at least the bid; a missed one never more than the tricks taken.
        assert score >= rules.MADE_BONUS + bid if made else score <= taken
        assert (Made(player) in result.events) == made


@settings(max_examples=100, deadline=None)
@given(hands(), st.randoms(use_true_random=False))
def test_bids_announced_one_by_one_make_the_same_hand_as_one_step(case: tuple[Setup, dict[str, Any]], rng: Any) -> None:
    setup, raw = case
    state = rules.initial(setup)
    order = list(setup.players)
    rng.shuffle(order)
    stored: dict[str, Any] = {}
    try:
        for player in order:
            stored = rules.announce(setup, state, stored, {"bids": {player: raw["bids"][player]}})
    except Invalid as error:
        # Only the last bid can break the hook, and the hand in one step is refused alike.
        assert len(stored.get("bids", {})) == len(order) - 1
        with pytest.raises(Invalid) as one_step:
            rules.check_round(setup, state, raw)
        assert rendered(one_step.value.problems) == rendered(error.problems)
        return
    assert stored == {"bids": raw["bids"]}
    dealer = rules.next_hand(setup, 1).dealer
    forbidden = rules.announced_facts(setup, state, stored)["forbidden_bid"]
    assert forbidden is None or forbidden != raw["bids"][dealer]
    completed = complete_round(rules, stored, {"tricks": raw["tricks"]})
    assert rules.check_round(setup, state, completed) == rules.check_round(setup, state, raw)
