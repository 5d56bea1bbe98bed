"""Spades' rules: every worked example of ``shared/rules/spades.md`` (SP1 to SP17), the options and their
cross-checks, the refusals in the rule file's order, the bids announced before the play, and what the
table is told next. Pure rules: no app, no database."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games.base import Invalid, RoundInvalid, Setup, complete_round, make_setup, replay
from referee.games.spades import rules as spades
from tests.events import words
from tests.spades_examples import (
    AC,
    BD,
    DEFAULT_OPTIONS,
    ENDINGS,
    HANDS,
    SP17,
    SP17_INPUTS,
    TABLE,
    hand,
    hands_to,
    state_at,
)

THREE = ["Ann", "Ben", "Cat"]
TWO = ["Ann", "Ben"]


def setup_of(options: dict[str, Any] | None = None, players: list[str] = TABLE, dealer: str | None = None) -> Setup:
    return make_setup(spades, players, options or {}, dealer)


def before(setup: Setup, start: Any) -> spades.State:
    return spades.initial(setup) if start is None else state_at(setup, *start)


def refused(setup: Setup, state: spades.State, raw: Any) -> list[tuple[str, str]]:
    with pytest.raises(Invalid) as error:
        spades.check_round(setup, state, raw)
    return [(problem.field, problem.render()) for problem in error.value.problems]


def sides_of(standings: Any) -> list[tuple[str, int, int, int]]:
    return [(side.name, side.score, side.total, side.counts["bags"]) for side in standings.rounds[-1].sides]


# --- SP1 to SP13: one hand each ---------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "start", "bids", "tricks", "blind", "scores", "bags"), HANDS)
def test_worked_examples(
    request: pytest.FixtureRequest,
    options: dict[str, Any],
    start: Any,
    bids: list[int],
    tricks: list[int],
    blind: tuple[str, ...],
    scores: list[int],
    bags: list[int],
) -> None:
    setup = setup_of(options)
    state = before(setup, start)
    totals_before = start[0] if start else (0, 0)
    round_input = spades.check_round(setup, state, hand(bids, tricks, blind))
    after = spades.play(setup, state, round_input)
    result = after.rounds[-1]
    totals = [totals_before[0] + scores[0], totals_before[1] + scores[1]]
    assert [(side.name, side.players, side.score, side.total, dict(side.counts)) for side in result.sides] == [
        (AC, ("Alice", "Chloé"), scores[0], totals[0], {"bags": bags[0]}),
        (BD, ("Bruno", "Denis"), scores[1], totals[1], {"bags": bags[1]}),
    ]
    # Each partner shows the side's figures.
    assert dict(result.scores) == dict(zip(TABLE, [scores[0], scores[1]] * 2, strict=True))
    assert dict(result.totals) == dict(zip(TABLE, [totals[0], totals[1]] * 2, strict=True))
    standings = spades.standings(setup, after)
    status, winners = ENDINGS.get(request.node.callspec.id, ("playing", []))
    assert (standings.status, list(standings.winners)) == (status, winners)


@pytest.mark.parametrize(
    ("options", "raw", "events"),
    [
        pytest.param({}, hand([3, 0, 4, 4], [3, 0, 4, 6]), ("nil:Bruno",), id="SP3"),
        pytest.param({}, hand([3, 0, 4, 5], [3, 2, 4, 4]), ("nil_failed:Bruno", "set:Bruno & Denis"), id="SP4"),
        pytest.param({"failed_nil": "count"}, hand([3, 0, 4, 5], [3, 2, 4, 4]), ("nil_failed:Bruno",), id="SP4b"),
        pytest.param({}, hand([4, 2, 3, 3], [3, 4, 3, 3]), ("set:Alice & Chloé",), id="SP2"),
        pytest.param({"set_scoring": "zero"}, hand([4, 2, 3, 3], [3, 4, 3, 3]), ("set:Alice & Chloé",), id="SP11"),
        pytest.param({}, hand([0, 3, 0, 4], [0, 6, 1, 6]), ("nil:Alice", "nil_failed:Chloé"), id="SP12"),
    ],
)
def test_events_of_nils_and_sets(options: dict[str, Any], raw: dict[str, Any], events: tuple[str, ...]) -> None:
    assert words(replay(spades, setup_of(options), [raw]).rounds[0].events) == events


def test_blind_nil_and_bag_penalty_events() -> None:
    setup = setup_of()
    sp5 = spades.play(setup, state_at(setup, (250, 140)), hand([4, 5, 3, 0], [4, 6, 3, 0], ("Denis",)))
    assert words(sp5.rounds[-1].events) == ("blind_nil:Denis",)
    sp5b = spades.play(setup, state_at(setup, (250, 140)), hand([4, 5, 3, 0], [4, 5, 3, 1], ("Denis",)))
    assert words(sp5b.rounds[-1].events) == ("blind_nil_failed:Denis",)
    sp6 = spades.play(setup, state_at(setup, (0, 0), (8, 0)), hand([3, 3, 2, 4], [4, 3, 4, 2]))
    assert words(sp6.rounds[-1].events) == ("bag_penalty:Alice & Chloé:100", "set:Bruno & Denis")
    sp7 = spades.play(setup, state_at(setup, (0, 0), (0, 9)), hand([5, 1, 5, 1], [0, 7, 0, 6]))
    assert words(sp7.rounds[-1].events) == ("set:Alice & Chloé", "bag_penalty:Bruno & Denis:200")
    assert [event.describe() for event in sp7.rounds[-1].events] == [
        "Alice & Chloé went set",
        "Bag penalty for Bruno & Denis: −200",
    ]


def test_the_before_states_are_reached_by_real_hands() -> None:
    """What the API tests play before SP5, SP6 and SP8: the same state as the one built directly."""
    for totals, bags in (((250, 140), (0, 0)), ((8, 0), (8, 0)), ((480, 470), (0, 0))):
        setup = setup_of()
        standings = replay(spades, setup, hands_to(totals, bags))
        assert standings.status == "playing"
        assert [(side.total, side.counts["bags"]) for side in standings.sides] == list(zip(totals, bags, strict=True))


# --- SP9, SP10 continued; SP5 refused ---------------------------------------------------------------------


def test_sp9_a_tie_at_the_top_plays_another_hand() -> None:
    setup = setup_of()
    tied = spades.play(setup, state_at(setup, (450, 451)), hand([3, 3, 3, 3], [3, 3, 4, 3]))
    standings = spades.standings(setup, tied)
    assert (standings.status, standings.winners) == ("playing", ())
    assert [side.total for side in standings.sides] == [511, 511]
    assert standings.next is not None and standings.next.round == 2
    decided = spades.play(setup, tied, spades.check_round(setup, tied, hand([3, 3, 3, 3], [3, 4, 3, 3])))
    final = spades.standings(setup, decided)
    assert [(side.score, side.total) for side in final.sides] == [(60, 571), (61, 572)]
    assert (final.status, final.winners) == ("finished", ("Bruno", "Denis"))


def test_sp9_a_shared_tie_ends_the_game_with_all_four_winning() -> None:
    setup = setup_of({"tie": "share"})
    tied = spades.play(setup, state_at(setup, (450, 451)), hand([3, 3, 3, 3], [3, 3, 4, 3]))
    standings = spades.standings(setup, tied)
    assert (standings.status, standings.winners) == ("finished", tuple(TABLE))
    assert standings.next is None
    assert spades.is_over(setup, tied)


def test_sp10_without_a_losing_total_the_game_goes_on() -> None:
    setup = setup_of({"lose_at": None})
    after = spades.play(setup, state_at(setup, (120, -150)), hand([3, 4, 3, 3], [4, 3, 3, 3]))
    standings = spades.standings(setup, after)
    assert [side.total for side in standings.sides] == [181, -220]
    assert standings.status == "playing"


SP5_BLIND = hand([4, 5, 3, 0], [4, 6, 3, 0], ("Denis",))


def test_sp5_refused_when_the_side_is_not_far_enough_behind() -> None:
    setup = setup_of()
    assert refused(setup, state_at(setup, (250, 160)), SP5_BLIND) == [
        ("blind_nil", "Bruno & Denis are 90 behind: blind nil needs 100.")
    ]
    anytime = setup_of({"blind_nil_deficit": 0})
    assert spades.check_round(anytime, state_at(anytime, (250, 160)), SP5_BLIND)["blind_nil"] == ["Denis"]
    ahead = state_at(anytime, (100, 160))
    assert spades.check_round(anytime, ahead, SP5_BLIND)["blind_nil"] == ["Denis"]
    assert refused(setup, state_at(setup, (100, 160)), SP5_BLIND) == [
        ("blind_nil", "Bruno & Denis are 60 ahead: blind nil needs 100 behind.")
    ]
    off = setup_of({"blind_nil": False})
    assert refused(off, state_at(off, (250, 160)), SP5_BLIND) == [
        ("blind_nil", "Blind nil is not played in this game.")
    ]


def test_a_correction_that_makes_a_later_blind_nil_invalid_is_refused() -> None:
    """Eligibility is judged on the totals before the hand: raising AC's lead no longer lets Denis bid blind."""
    setup = setup_of({"target": 1000, "lose_at": None})
    first = hand([4, 2, 3, 2], [4, 2, 3, 4])  # AC 70, BD 42
    blind = hand([3, 3, 4, 0], [3, 3, 7, 0], ("Denis",))  # BD 28 behind: needs 100
    with pytest.raises(RoundInvalid) as error:
        replay(spades, setup, [first, blind])
    assert error.value.number == 2
    far_behind = hand([6, 1, 6, 1], [6, 0, 6, 1], ())  # AC 120, BD −20: 140 behind
    assert replay(spades, setup, [far_behind, blind]).rounds[-1].sides[1].score == 200 + 30 + 0


# --- SP14: refusals ---------------------------------------------------------------------------------------


def test_sp14_tricks_must_add_up_to_thirteen() -> None:
    setup = setup_of()
    assert refused(setup, spades.initial(setup), hand([3, 3, 3, 3], [3, 3, 4, 2])) == [
        ("tricks", "The tricks must add up to 13 (they add up to 12).")
    ]


@pytest.mark.parametrize(
    ("bid", "message"),
    [
        (14, "Bruno's bid must be from 0 to 13."),
        (-1, "Bruno's bid must be from 0 to 13."),
        (2.5, "Bruno's bid must be a whole number."),
        ("two", "Bruno's bid must be a whole number."),
        (True, "Bruno's bid must be a whole number."),
    ],
)
def test_sp14_a_bid_out_of_range_or_not_whole_names_the_player(bid: Any, message: str) -> None:
    setup = setup_of()
    raw = hand([3, 3, 3, 3], [3, 3, 4, 3])
    raw["bids"]["Bruno"] = bid
    assert refused(setup, spades.initial(setup), raw) == [("bids.Bruno", message)]


def test_sp14_nil_not_played() -> None:
    setup = setup_of({"nil": False})
    assert refused(setup, spades.initial(setup), hand([3, 0, 4, 5], [3, 2, 4, 4])) == [
        ("bids.Bruno", "Nil is not played in this game: Bruno must bid at least 1.")
    ]


def test_sp14_blind_nil_refusals() -> None:
    setup = setup_of({"blind_nil_deficit": 0})
    state = spades.initial(setup)
    assert refused(setup, state, hand([3, 3, 4, 3], [3, 3, 4, 3], ("Denis",))) == [
        ("blind_nil", "Denis bid 3: a blind nil is a bid of 0.")
    ]
    assert refused(setup, state, hand([3, 3, 4, 0], [3, 3, 7, 0], ("Zoé",))) == [
        ("blind_nil", "Zoé is not in this game.")
    ]
    assert refused(setup, state, hand([3, 3, 4, 0], [3, 3, 7, 0], ("Denis", "Denis"))) == [
        ("blind_nil", "Denis is listed twice.")
    ]
    assert refused(setup, state, {**hand([3, 3, 4, 0], [3, 3, 7, 0]), "blind_nil": "Denis"}) == [
        ("blind_nil", "Blind nil is a list of players.")
    ]


def test_sp14_names_and_missing_players() -> None:
    setup = setup_of()
    state = spades.initial(setup)
    raw = hand([3, 3, 3, 3], [3, 3, 4, 3])
    del raw["bids"]["Chloé"]
    raw["tricks"]["Zoé"] = 0
    assert refused(setup, state, raw) == [
        ("bids.Chloé", "No bid for Chloé."),
        ("tricks.Zoé", "Zoé is not in this game."),
    ]
    assert refused(setup, state, {"bids": [3, 3, 3, 3], "tricks": None}) == [
        ("bids", "Give a bid for every player."),
        ("tricks", "Give the tricks of every player."),
    ]
    assert refused(setup, state, {**raw, "points": 3}) == [("points", "Unknown field points.")]


def test_checks_run_in_the_rule_files_order() -> None:
    """Names and whole numbers, then ranges, then a blind nil not a bid of 0, then eligibility, then the total."""
    setup = setup_of()
    state = state_at(setup, (250, 160))
    whole = hand([3, 14, 4, 3], [3, 3, 4, "x"], ("Denis",))
    assert refused(setup, state, whole) == [("tricks.Denis", "Denis's tricks must be a whole number.")]
    ranges = hand([3, 14, 4, 3], [3, 3, 4, 2], ("Denis",))
    assert refused(setup, state, ranges) == [("bids.Bruno", "Bruno's bid must be from 0 to 13.")]
    not_zero = hand([3, 3, 4, 3], [3, 3, 4, 2], ("Denis",))
    assert refused(setup, state, not_zero) == [("blind_nil", "Denis bid 3: a blind nil is a bid of 0.")]
    eligibility = hand([3, 3, 4, 0], [3, 3, 4, 2], ("Denis",))
    assert refused(setup, state, eligibility) == [("blind_nil", "Bruno & Denis are 90 behind: blind nil needs 100.")]


def test_sp14_game_creation_refusals() -> None:
    with pytest.raises(Invalid) as five:
        make_setup(spades, ["A", "B", "C", "D", "E"], {})
    assert [(p.field, p.render()) for p in five.value.problems] == [("players", "This game needs 2 to 4 players.")]
    with pytest.raises(Invalid) as three:
        make_setup(spades, THREE, {"partnerships": True})
    assert [(p.field, p.render()) for p in three.value.problems] == [
        ("options.partnerships", "Partnerships need four players: with 3, each plays alone.")
    ]


# --- options ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "effective"),
    [
        (TABLE, {}, DEFAULT_OPTIONS),
        (THREE, {}, {**DEFAULT_OPTIONS, "partnerships": None}),
        (TWO, {}, {**DEFAULT_OPTIONS, "partnerships": None}),
        (TABLE, {"partnerships": False}, {**DEFAULT_OPTIONS, "partnerships": False}),
        (
            TABLE,
            {"nil": False},
            {**DEFAULT_OPTIONS, "nil": False, "nil_value": None, "blind_nil": False, "blind_nil_deficit": None},
        ),
        (TABLE, {"blind_nil": False}, {**DEFAULT_OPTIONS, "blind_nil": False, "blind_nil_deficit": None}),
        (TABLE, {"bag_limit": None}, {**DEFAULT_OPTIONS, "bag_limit": None, "bag_penalty": None}),
        (
            TABLE,
            {"blind_nil_deficit": 0, "nil_value": 50},
            {**DEFAULT_OPTIONS, "blind_nil_deficit": 0, "nil_value": 50},
        ),
        # A game's own options given back (an export imported): the nulls mean "does not apply".
        (
            TABLE,
            {"nil": False, "nil_value": None, "blind_nil": False, "blind_nil_deficit": None},
            {**DEFAULT_OPTIONS, "nil": False, "nil_value": None, "blind_nil": False, "blind_nil_deficit": None},
        ),
    ],
)
def test_every_option_has_its_effective_value_null_where_it_does_not_apply(
    players: list[str], options: dict[str, Any], effective: dict[str, Any]
) -> None:
    setup = make_setup(spades, players, options)
    assert dict(setup.options) == effective
    spades.check_setup(setup)  # the kept options pass again (a rematch, an import)


@pytest.mark.parametrize(
    ("players", "options", "field", "message"),
    [
        (TABLE, {"nil": False, "nil_value": 50}, "options.nil_value", "A value for nil goes only with nil played."),
        (TABLE, {"nil": False, "blind_nil": True}, "options.blind_nil", "Blind nil goes only with nil played."),
        (
            TABLE,
            {"blind_nil": False, "blind_nil_deficit": 50},
            "options.blind_nil_deficit",
            "How far behind blind nil needs goes only with blind nil played.",
        ),
        (
            TABLE,
            {"bag_limit": None, "bag_penalty": 50},
            "options.bag_penalty",
            "A bag penalty goes only with a bag limit.",
        ),
        (
            TWO,
            {"partnerships": False},
            "options.partnerships",
            "Partnerships need four players: with 2, each plays alone.",
        ),
        (TABLE, {"target": 99}, "options.target", "This option must be at least 100."),
        (TABLE, {"target": 1001}, "options.target", "This option must be at most 1000."),
        (TABLE, {"lose_at": -49}, "options.lose_at", "This option must be at most -50."),
        (TABLE, {"lose_at": -1001}, "options.lose_at", "This option must be at least -1000."),
        (TABLE, {"bag_limit": 4}, "options.bag_limit", "This option must be at least 5."),
        (TABLE, {"bag_limit": 21}, "options.bag_limit", "This option must be at most 20."),
        (TABLE, {"bag_penalty": 9}, "options.bag_penalty", "This option must be at least 10."),
        (TABLE, {"nil_value": 501}, "options.nil_value", "This option must be at most 500."),
        (TABLE, {"blind_nil_deficit": 1001}, "options.blind_nil_deficit", "This option must be at most 1000."),
        (TABLE, {"failed_nil": "all"}, "options.failed_nil", "This option must be one of: bags, count, none."),
    ],
)
def test_option_refusals(players: list[str], options: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(Invalid) as error:
        make_setup(spades, players, options)
    assert [(problem.field, problem.render()) for problem in error.value.problems] == [(field, message)]


# --- SP15, SP16: three, two, and four without partners ----------------------------------------------------


def test_sp15_three_players() -> None:
    setup = setup_of(players=THREE)
    standings = replay(spades, setup, [hand([5, 6, 4], [6, 5, 6], players=THREE)])
    assert sides_of(standings) == [("Ann", 51, 51, 1), ("Ben", -60, -60, 0), ("Cat", 42, 42, 2)]
    assert dict(standings.rounds[0].scores) == {"Ann": 51, "Ben": -60, "Cat": 42}
    assert words(standings.rounds[0].events) == ("set:Ben",)
    state = spades.initial(setup)
    assert refused(setup, state, hand([5, 6, 4], [6, 5, 5], players=THREE)) == [
        ("tricks", "The tricks must add up to 17 (they add up to 16).")
    ]
    assert spades.check_round(setup, state, hand([17, 0, 0], [17, 0, 0], players=THREE))["bids"]["Ann"] == 17
    assert refused(setup, state, hand([18, 0, 0], [17, 0, 0], players=THREE)) == [
        ("bids.Ann", "Ann's bid must be from 0 to 17.")
    ]
    assert standings.next is not None
    assert (standings.next.facts["cards_each"], standings.next.facts["removed"]) == (17, ["2C"])


def test_sp15_two_players() -> None:
    setup = setup_of(players=TWO)
    standings = replay(spades, setup, [hand([5, 6], [6, 7], players=TWO)])
    assert sides_of(standings) == [("Ann", 51, 51, 1), ("Ben", 61, 61, 1)]
    assert refused(setup, spades.initial(setup), hand([5, 6], [6, 6], players=TWO)) == [
        ("tricks", "The tricks must add up to 13 (they add up to 12).")
    ]
    assert standings.next is not None
    assert (standings.next.facts["cards_each"], standings.next.facts["removed"]) == (13, [])


def test_sp16_four_without_partners() -> None:
    setup = setup_of({"partnerships": False})
    standings = replay(spades, setup, [hand([3, 3, 3, 3], [4, 3, 2, 4])])
    assert sides_of(standings) == [
        ("Alice", 31, 31, 1),
        ("Bruno", 30, 30, 0),
        ("Chloé", -30, -30, 0),
        ("Denis", 31, 31, 1),
    ]


def test_a_lone_player_needs_to_be_behind_the_leader_for_blind_nil() -> None:
    setup = setup_of(players=THREE)
    state = spades.State(rounds=(), totals={"Ann": 150, "Ben": 40, "Cat": 100}, bags={"Ann": 0, "Ben": 0, "Cat": 0})
    assert spades.next_hand(setup, state).facts["blind_nil"] == ["Ben"]
    assert refused(setup, state, hand([6, 5, 0], [6, 5, 6], ("Cat",), players=THREE)) == [
        ("blind_nil", "Cat is 50 behind: blind nil needs 100.")
    ]
    assert refused(setup, state, hand([0, 5, 6], [6, 5, 6], ("Ann",), players=THREE)) == [
        ("blind_nil", "Ann is 50 ahead: blind nil needs 100 behind.")
    ]


def test_with_failed_nil_counted_a_lone_nil_bidders_tricks_are_bags() -> None:
    setup = setup_of({"failed_nil": "count"}, players=THREE)
    standings = replay(spades, setup, [hand([0, 8, 8], [2, 8, 7], players=THREE)])
    assert sides_of(standings) == [("Ann", -98, -98, 2), ("Ben", 80, 80, 0), ("Cat", -80, -80, 0)]


# --- SP17: a whole game -----------------------------------------------------------------------------------


def test_sp17_a_whole_game_hand_by_hand() -> None:
    setup = setup_of(dealer="Alice")
    for number, (dealer, _bids, _tricks, _blind, scores, totals, bags, events) in enumerate(SP17, start=1):
        earlier = replay(spades, setup, SP17_INPUTS[: number - 1])
        assert earlier.status == "playing"
        assert earlier.next is not None
        assert (earlier.next.round, earlier.next.dealer) == (number, dealer)
        after = replay(spades, setup, SP17_INPUTS[:number])
        result = after.rounds[-1]
        assert result.details.dealer == dealer
        assert [(side.score, side.total, side.counts["bags"]) for side in result.sides] == list(
            zip(scores, totals, bags, strict=True)
        )
        assert words(result.events) == events
    final = replay(spades, setup, SP17_INPUTS)
    assert (final.status, final.winners, final.next) == ("finished", ("Alice", "Chloé"), None)
    assert final.ranking == ((1, "Alice"), (1, "Chloé"), (3, "Bruno"), (3, "Denis"))
    assert [(side.name, side.total, side.counts["bags"]) for side in final.sides] == [(AC, 511, 1), (BD, 355, 5)]
    with pytest.raises(RoundInvalid) as error:
        replay(spades, setup, [*SP17_INPUTS, hand([3, 3, 3, 3], [3, 3, 4, 3])])
    assert error.value.number == 10


def test_sp17_next_before_hand_seven() -> None:
    standings = replay(spades, setup_of(dealer="Alice"), SP17_INPUTS[:6])
    assert standings.next is not None
    assert standings.next.as_json() == {
        "round": 7,
        "dealer": "Chloé",
        "first_bidder": "Denis",
        "cards_each": 13,
        "removed": [],
        "sides": [
            {"name": AC, "players": ["Alice", "Chloé"], "total": 426, "bags": 6, "bags_to_penalty": 4},
            {"name": BD, "players": ["Bruno", "Denis"], "total": 94, "bags": 4, "bags_to_penalty": 6},
        ],
        "blind_nil": ["Bruno", "Denis"],
    }
    assert spades.bidding_order(setup_of(dealer="Alice"), 7) == ("Denis", "Alice", "Bruno", "Chloé")


def test_without_a_bag_limit_nothing_is_left_to_a_penalty() -> None:
    setup = setup_of({"bag_limit": None})
    standings = replay(spades, setup, [hand([3, 3, 2, 4], [4, 3, 4, 2])])
    assert standings.next is not None
    assert [side["bags_to_penalty"] for side in standings.next.facts["sides"]] == [None, None]


# --- the bids said before the play ------------------------------------------------------------------------


def test_bids_are_announced_in_parts_and_complete_a_round_of_tricks() -> None:
    setup = setup_of()
    state = state_at(setup, (250, 140))
    stored = spades.announce(setup, state, {}, {"bids": {"Alice": 4}})
    assert stored == {"bids": {"Alice": 4}, "blind_nil": []}
    assert spades.announced_facts(setup, state, stored) == {"bids": {"Alice": 4}, "contracts": {}}
    stored = spades.announce(setup, state, stored, {"bids": {"Denis": 0, "Bruno": 5}, "blind_nil": ["Denis"]})
    stored = spades.announce(setup, state, stored, {"bids": {"Chloé": 3}})
    assert stored == {"bids": {"Alice": 4, "Bruno": 5, "Chloé": 3, "Denis": 0}, "blind_nil": ["Denis"]}
    assert spades.announced_facts(setup, state, stored) == {
        "bids": {"Alice": 4, "Bruno": 5, "Chloé": 3, "Denis": 0},
        "contracts": {AC: 7, BD: 5},
    }
    raw = complete_round(spades, stored, {"tricks": {"Alice": 4, "Bruno": 6, "Chloé": 3, "Denis": 0}})
    after = spades.play(setup, state, spades.check_round(setup, state, raw))
    assert [side.score for side in after.rounds[-1].sides] == [70, 251]


def test_announced_bids_get_every_check_of_a_rounds_bids() -> None:
    setup = setup_of()
    state = state_at(setup, (250, 160))

    def announce_refused(raw: Any, stored: dict[str, Any] | None = None, on: Setup = setup) -> list[tuple[str, str]]:
        with pytest.raises(Invalid) as error:
            spades.announce(on, state, stored or {}, raw)
        return [(problem.field, problem.render()) for problem in error.value.problems]

    assert announce_refused({"bids": {"Bruno": 14}}) == [("bids.Bruno", "Bruno's bid must be from 0 to 13.")]
    assert announce_refused({"bids": {"Zoé": 1}}) == [("bids.Zoé", "Zoé is not in this game.")]
    assert announce_refused({"bids": {"Denis": 0}, "blind_nil": ["Denis"]}) == [
        ("blind_nil", "Bruno & Denis are 90 behind: blind nil needs 100.")
    ]
    assert announce_refused({"blind_nil": ["Denis"]}, {"bids": {"Denis": 2}}) == [
        ("blind_nil", "Denis bid 2: a blind nil is a bid of 0.")
    ]
    assert announce_refused({"blind_nil": ["Denis"]}) == [("blind_nil", "No bid for Denis.")]
    assert announce_refused({"tricks": {}}) == [("tricks", "Unknown field tricks.")]
    no_nil = setup_of({"nil": False})
    assert announce_refused({"bids": {"Bruno": 0}}, on=no_nil) == [
        ("bids.Bruno", "Nil is not played in this game: Bruno must bid at least 1.")
    ]


def test_a_side_of_two_nils_has_no_contract() -> None:
    setup = setup_of()
    stored = spades.announce(setup, spades.initial(setup), {}, {"bids": {"Alice": 0, "Chloé": 0, "Bruno": 3}})
    assert spades.announced_facts(setup, spades.initial(setup), stored)["contracts"] == {AC: None}
