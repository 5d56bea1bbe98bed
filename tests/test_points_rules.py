"""Points' rules: the worked examples of ``shared/rules/points.md``, the options and their bounds, the end
rules (target, rounds, both, ties shared and played on, low wins), every refusal, and properties.
Pure rules: no app, no database."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.base import Invalid, RoundInvalid, Setup, make_setup, replay
from referee.games.points import rules
from referee.registry import GAMES
from tests.points_examples import EXAMPLES, OVER_RULES, TABLE, Example, points

DEFAULTS = {"target": 100, "rounds": None, "low_wins": False, "round_total": None, "tie": "share"}


def setup_of(
    players: tuple[str, ...] = TABLE, options: dict[str, Any] | None = None, dealer: str | None = None
) -> Setup:
    return make_setup(rules, list(players), options or {}, dealer)


def rendered(problems: Any) -> list[tuple[str, str]]:
    return [(problem.field, problem.render()) for problem in problems]


def refusal(setup: Setup, raw: Any, before: list[Any] | None = None) -> list[tuple[str, str]]:
    """The (field, message) pairs the rules give for ``raw`` after ``before``; the same on replay."""
    earlier = list(before or [])
    state = rules.initial(setup)
    for accepted in earlier:
        state = rules.play(setup, state, rules.check_round(setup, state, accepted))
    with pytest.raises(Invalid) as error:
        rules.check_round(setup, state, raw)
    with pytest.raises(RoundInvalid) as stored:
        replay(rules, setup, [*earlier, raw])
    assert stored.value.number == len(earlier) + 1
    assert rendered(stored.value.problems) == rendered(error.value.problems)
    return rendered(error.value.problems)


def play_all(setup: Setup, rows: list[tuple[int, ...]]):
    return replay(rules, setup, [points(setup.players, row) for row in rows])


# --- worked examples T1..T4 -------------------------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES)
def test_worked_examples(example: Example) -> None:
    setup = setup_of(example.players, example.options)
    accepted: list[dict[str, Any]] = []
    for step in example.steps:
        if not step.accepted:
            assert refusal(setup, example.input(step), accepted) == list(step.errors)
            continue
        before = replay(rules, setup, accepted)
        assert before.status == "playing"
        assert before.next is not None
        assert before.next.round == len(accepted) + 1
        assert before.next.dealer == example.dealers[len(accepted)]
        accepted.append(example.input(step))
        after = replay(rules, setup, accepted)
        result = after.rounds[-1]
        assert result.number == len(accepted)
        assert result.details.dealer == example.dealers[len(accepted) - 1]
        assert dict(result.scores) == example.by_seat(step.values)
        assert dict(result.totals) == example.by_seat(step.totals or ())
        assert dict(after.totals) == example.by_seat(step.totals or ())
        assert after.status == step.status
        assert result.events == ()
        if step.status == "playing":
            assert after.next is not None
            assert after.next.facts["tied"] == list(step.tied)
            assert after.next.dealer == example.dealers[len(accepted)]
            assert after.winners == ()
    final = replay(rules, setup, accepted)
    assert final.winners == example.winners
    assert final.finished == example.finished
    if example.finished:
        assert final.next is None
    if example.after_end is not None:
        late = points(example.players, example.after_end)
        with pytest.raises(RoundInvalid) as error:
            replay(rules, setup, [*accepted, late])
        number = len(accepted) + 1
        assert error.value.number == number
        assert rendered(error.value.problems) == [("round", OVER_RULES % {"number": number})]
        assert rules.is_over(setup, rules.initial(setup)) is False


def test_t1_the_next_dealer_after_round_one_is_ben() -> None:
    setup = setup_of(("Ann", "Ben", "Cat"), {"target": 60})
    standings = play_all(setup, [(25, 12, -8)])
    assert standings.next.as_json() == {"round": 2, "dealer": "Ben", "tied": []}


def test_points_is_registered_with_its_round_words() -> None:
    spec = GAMES["points"]
    assert spec.rules is rules
    assert spec.title == "Points"
    assert spec.words.noun == "round"
    assert spec.words(lambda text: text, "save", 3) == "Save round 3"
    assert spec.events == ()


# --- setup: players, first dealer, the deal passing clockwise ---------------------------------------------


@pytest.mark.parametrize("count", [2, 7, 12])
def test_two_to_twelve_players(count: int) -> None:
    players = tuple(f"P{seat}" for seat in range(1, count + 1))
    assert setup_of(players).players == players


@pytest.mark.parametrize("count", [0, 1, 13])
def test_fewer_than_two_or_more_than_twelve_players_are_refused(count: int) -> None:
    with pytest.raises(Invalid) as error:
        setup_of(tuple(f"P{seat}" for seat in range(1, count + 1)))
    assert rendered(error.value.problems) == [("players", "This game needs 2 to 12 players.")]


def test_the_first_dealer_is_chosen_and_the_deal_passes_clockwise_every_round() -> None:
    players = tuple(f"P{seat}" for seat in range(1, 13))
    setup = setup_of(players, {"target": None, "rounds": 30}, dealer="P11")
    standings = play_all(setup, [(0,) * 12] * 14)
    dealers = [result.details.dealer for result in standings.rounds]
    assert dealers == ["P11", "P12", *players[:10], "P11", "P12"]
    assert standings.next is not None
    assert standings.next.dealer == "P1"
    assert [rules.dealer_of(setup, number) for number in (1, 2, 3, 13)] == ["P11", "P12", "P1", "P11"]


# --- options ----------------------------------------------------------------------------------------------


def test_default_options() -> None:
    assert dict(setup_of().options) == DEFAULTS
    assert [option.name for option in rules.options] == list(DEFAULTS)


@pytest.mark.parametrize(
    "options",
    [
        {"target": 1},
        {"target": 1_000_000},
        {"target": None, "rounds": 1},
        {"rounds": 1000},
        {"round_total": -100_000},
        {"round_total": 100_000},
        {"round_total": 0},
        {"low_wins": True},
        {"tie": "play_on"},
        {"target": 500, "rounds": 10, "low_wins": True, "round_total": 162, "tie": "play_on"},
    ],
)
def test_options_within_their_bounds_are_accepted(options: dict[str, Any]) -> None:
    assert dict(setup_of(options=options).options) == {**DEFAULTS, **options}


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"target": 0}, [("options.target", "This option must be at least 1.")]),
        ({"target": 1_000_001}, [("options.target", "This option must be at most 1000000.")]),
        ({"target": "100"}, [("options.target", "This option must be a whole number.")]),
        ({"target": 100.5}, [("options.target", "This option must be a whole number.")]),
        ({"target": True}, [("options.target", "This option must be a whole number.")]),
        ({"rounds": 0}, [("options.rounds", "This option must be at least 1.")]),
        ({"rounds": 1001}, [("options.rounds", "This option must be at most 1000.")]),
        ({"round_total": -100_001}, [("options.round_total", "This option must be at least -100000.")]),
        ({"round_total": 100_001}, [("options.round_total", "This option must be at most 100000.")]),
        ({"low_wins": None}, [("options.low_wins", "This option needs a value.")]),
        ({"low_wins": "yes"}, [("options.low_wins", "This option is yes or no (true or false).")]),
        ({"tie": "coin"}, [("options.tie", "This option must be one of: share, play_on.")]),
        ({"tie": None}, [("options.tie", "This option needs a value.")]),
        ({"hands": 3}, [("options.hands", "Unknown option hands.")]),
        (
            {"target": None},
            [("options.target", "Set a target, a number of rounds, or both: the game needs an end.")],
        ),
        (
            {"target": None, "rounds": None},
            [("options.target", "Set a target, a number of rounds, or both: the game needs an end.")],
        ),
    ],
)
def test_options_out_of_bounds_are_refused(options: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    with pytest.raises(Invalid) as error:
        setup_of(options=options)
    assert rendered(error.value.problems) == expected


def test_every_option_is_validated_by_its_option() -> None:
    for option in rules.options:
        assert option.check(option.default) == option.default
    bounds = {option.name: (option.minimum, option.maximum) for option in rules.options if option.kind == "int"}
    assert bounds == {"target": (1, 1_000_000), "rounds": (1, 1000), "round_total": (-100_000, 100_000)}


# --- a round: whole numbers for every player ---------------------------------------------------------------


def test_negative_zero_and_the_largest_points_are_accepted() -> None:
    setup = setup_of(options={"target": None, "rounds": 5})
    standings = play_all(setup, [(100_000, -100_000, 0, -3)])
    assert dict(standings.rounds[0].scores) == {"Alice": 100_000, "Bruno": -100_000, "Chloé": 0, "Denis": -3}
    assert standings.rounds[0].input == points(TABLE, (100_000, -100_000, 0, -3))


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            {"points": {"Alice": 1, "Bruno": 2, "Chloé": 3}},
            [("points.Denis", "Missing a value for Denis.")],
        ),
        ({"points": {"Alice": 1.5, "Bruno": 2, "Chloé": 3, "Denis": 4}}, [("points.Alice", "Enter a whole number.")]),
        ({"points": {"Alice": 1, "Bruno": "12", "Chloé": 3, "Denis": 4}}, [("points.Bruno", "Enter a whole number.")]),
        (
            {"points": {"Alice": 1, "Bruno": 2, "Chloé": "many", "Denis": 4}},
            [("points.Chloé", "Enter a whole number.")],
        ),
        ({"points": {"Alice": 1, "Bruno": 2, "Chloé": 3, "Denis": True}}, [("points.Denis", "Enter a whole number.")]),
        ({"points": {"Alice": None, "Bruno": 2, "Chloé": 3, "Denis": 4}}, [("points.Alice", "Enter a number.")]),
        (
            {"points": {"Alice": 100_001, "Bruno": 2, "Chloé": 3, "Denis": 4}},
            [("points.Alice", "This cannot be more than 100000.")],
        ),
        (
            {"points": {"Alice": 1, "Bruno": -100_001, "Chloé": 3, "Denis": 4}},
            [("points.Bruno", "This cannot be less than -100000.")],
        ),
        (
            {"points": {"Alice": 1, "Bruno": 2, "Chloé": 3, "Denis": 4, "Zoé": 5}},
            [("points.Zoé", "Zoé is not a player in this game.")],
        ),
        (
            {"points": {"Alice": 1, "Bruno": 2.5, "Chloé": "x", "Zoé": 5}},
            [
                ("points.Zoé", "Zoé is not a player in this game."),
                ("points.Bruno", "Enter a whole number."),
                ("points.Chloé", "Enter a whole number."),
                ("points.Denis", "Missing a value for Denis."),
            ],
        ),
        ({"points": [1, 2, 3, 4]}, [("points", "Give a value for every player.")]),
        ({}, [("points", "Give a value for every player.")]),
        ({"points": {}, "dealer": "Alice"}, [("dealer", "Unknown field dealer.")]),
        ([1, 2, 3, 4], [("input", "A round must be an object of fields.")]),
    ],
)
def test_round_refusals_name_the_field(raw: Any, expected: list[tuple[str, str]]) -> None:
    assert refusal(setup_of(), raw) == expected


# --- round_total --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "row", "expected"),
    [
        (162, (90, 70, 0, 0), "The points of one round must add up to 162 (they add up to 160)."),
        (0, (5, -2, -2, 0), "The points of one round must add up to 0 (they add up to 1)."),
        (-10, (0, 0, 0, 0), "The points of one round must add up to -10 (they add up to 0)."),
    ],
)
def test_a_round_total_refuses_what_does_not_add_up(total: int, row: tuple[int, ...], expected: str) -> None:
    assert refusal(setup_of(options={"round_total": total}), points(TABLE, row)) == [("points", expected)]


@pytest.mark.parametrize(("total", "row"), [(162, (162, 0, 0, 0)), (0, (5, -2, -3, 0)), (-10, (-4, -6, 0, 0))])
def test_a_round_total_accepts_what_adds_up(total: int, row: tuple[int, ...]) -> None:
    standings = play_all(setup_of(options={"round_total": total, "target": None, "rounds": 2}), [row])
    assert sum(standings.totals.values()) == total


def test_without_a_round_total_any_sum_is_accepted() -> None:
    assert sum(play_all(setup_of(), [(1, 2, 3, -50)]).totals.values()) == -44


def test_the_sum_is_checked_only_once_every_field_is_a_number() -> None:
    setup = setup_of(options={"round_total": 162})
    raw = {"points": {"Alice": 90, "Bruno": "x", "Chloé": 0, "Denis": 0}}
    assert refusal(setup, raw) == [("points.Bruno", "Enter a whole number.")]


# --- the end -------------------------------------------------------------------------------------------------


def test_the_target_ends_the_game_when_a_total_reaches_it_exactly() -> None:
    setup = setup_of(("Ann", "Bob"), {"target": 50})
    assert play_all(setup, [(49, 10)]).status == "playing"
    final = play_all(setup, [(49, 10), (1, 0)])
    assert final.status == "finished"
    assert final.winners == ("Ann",)


def test_a_number_of_rounds_ends_the_game_whatever_the_totals() -> None:
    setup = setup_of(("Ann", "Bob"), {"target": None, "rounds": 3})
    rows = [(500, 0), (700, 0), (-3, 2)]
    assert [play_all(setup, rows[:count]).status for count in (1, 2, 3)] == ["playing", "playing", "finished"]
    assert play_all(setup, rows).winners == ("Ann",)


def test_with_target_and_rounds_the_target_can_come_first() -> None:
    setup = setup_of(("Ann", "Bob"), {"target": 100, "rounds": 5})
    final = play_all(setup, [(60, 0), (40, 10)])
    assert final.status == "finished"
    assert len(final.rounds) == 2
    assert final.winners == ("Ann",)


def test_with_target_and_rounds_the_rounds_can_come_first() -> None:
    setup = setup_of(("Ann", "Bob"), {"target": 100, "rounds": 2})
    assert play_all(setup, [(10, 20)]).status == "playing"
    final = play_all(setup, [(10, 20), (5, 5)])
    assert final.status == "finished"
    assert final.winners == ("Bob",)


def test_tied_leaders_share_the_win_by_default() -> None:
    setup = setup_of(("Ann", "Bob", "Cat"), {"target": 30})
    final = play_all(setup, [(30, 30, 5)])
    assert final.status == "finished"
    assert final.winners == ("Ann", "Bob")
    assert final.ranking == ((1, "Ann"), (1, "Bob"), (3, "Cat"))


def test_play_on_continues_at_the_target_until_one_leads_even_below_it() -> None:
    setup = setup_of(("Ann", "Bob", "Cat"), {"target": 30, "tie": "play_on"})
    tied = play_all(setup, [(30, 30, 5)])
    assert tied.status == "playing"
    assert tied.next.as_json() == {"round": 2, "dealer": "Bob", "tied": ["Ann", "Bob"]}
    still = play_all(setup, [(30, 30, 5), (-10, -10, 0)])
    assert still.status == "playing"
    assert still.next is not None and still.next.facts["tied"] == ["Ann", "Bob"]
    # Once the end was met, the first round that parts the leaders ends the game, target or not.
    final = play_all(setup, [(30, 30, 5), (-10, -10, 0), (-5, -6, 0)])
    assert final.status == "finished"
    assert final.winners == ("Ann",)
    assert final.totals == {"Ann": 15, "Bob": 14, "Cat": 5}


def test_play_on_with_a_number_of_rounds_extends_it_one_round_at_a_time() -> None:
    setup = setup_of(("Ann", "Bob"), {"target": None, "rounds": 2, "tie": "play_on"})
    rows = [(1, 1), (2, 2), (3, 3), (4, 4), (0, 1)]
    assert [play_all(setup, rows[:count]).status for count in range(1, 6)] == ["playing"] * 4 + ["finished"]
    final = play_all(setup, rows)
    assert final.winners == ("Bob",)
    assert len(final.rounds) == 5


def test_play_on_without_a_tie_ends_as_usual() -> None:
    setup = setup_of(("Ann", "Bob"), {"target": None, "rounds": 1, "tie": "play_on"})
    final = play_all(setup, [(3, 2)])
    assert final.status == "finished"
    assert final.winners == ("Ann",)


def test_play_on_only_cares_about_the_leaders() -> None:
    setup = setup_of(("Ann", "Bob", "Cat"), {"target": None, "rounds": 1, "tie": "play_on"})
    final = play_all(setup, [(9, 4, 4)])
    assert final.status == "finished"
    assert final.winners == ("Ann",)


def test_low_wins_ranks_from_the_lowest_and_still_ends_at_the_target() -> None:
    setup = setup_of(("Ann", "Bob", "Cat"), {"target": 100, "low_wins": True})
    playing = play_all(setup, [(40, 10, 70)])
    assert playing.ranking == ((1, "Bob"), (2, "Ann"), (3, "Cat"))
    final = play_all(setup, [(40, 10, 70), (20, 25, 30)])
    assert final.status == "finished"
    assert final.winners == ("Bob",)


def test_low_wins_with_play_on_parts_the_lowest() -> None:
    setup = setup_of(("Ann", "Bob", "Cat"), {"target": None, "rounds": 1, "low_wins": True, "tie": "play_on"})
    tied = play_all(setup, [(5, 5, 9)])
    assert tied.status == "playing"
    assert tied.next is not None and tied.next.facts["tied"] == ["Ann", "Bob"]
    final = play_all(setup, [(5, 5, 9), (2, 1, 0)])
    assert final.winners == ("Bob",)


def test_the_first_round_can_end_the_game() -> None:
    final = play_all(setup_of(("Ann", "Bob"), {"target": 10}), [(10, -4)])
    assert final.finished
    assert final.winners == ("Ann",)
    assert final.next is None


def test_a_correction_that_ends_the_game_earlier_leaves_later_rounds_impossible() -> None:
    setup = setup_of(("Ann", "Bob"), {"target": 50})
    with pytest.raises(RoundInvalid) as error:
        play_all(setup, [(50, 0), (1, 1)])
    assert error.value.number == 2
    assert rendered(error.value.problems) == [("round", "The game was already over before round 2.")]


# --- properties ----------------------------------------------------------------------------------------------

SMALL_POINTS = st.integers(min_value=-30, max_value=60)


@settings(max_examples=150, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=5),
    target=st.none() | st.integers(min_value=1, max_value=150),
    rounds=st.none() | st.integers(min_value=1, max_value=6),
    low_wins=st.booleans(),
    tie=st.sampled_from(["share", "play_on"]),
    rows=st.lists(st.lists(SMALL_POINTS, min_size=5, max_size=5), min_size=1, max_size=12),
)
def test_totals_end_and_winners_follow_the_rules(
    count: int,
    target: int | None,
    rounds: int | None,
    low_wins: bool,
    tie: str,
    rows: list[list[int]],
) -> None:
    if target is None and rounds is None:
        rounds = 3
    players = tuple(f"P{seat}" for seat in range(count))
    setup = setup_of(players, {"target": target, "rounds": rounds, "low_wins": low_wins, "tie": tie})
    state = rules.initial(setup)
    totals = dict.fromkeys(players, 0)
    ended = False
    for number, row in enumerate(rows, start=1):
        if rules.is_over(setup, state):
            break
        state = rules.play(setup, state, rules.check_round(setup, state, points(players, tuple(row[:count]))))
        totals = {player: totals[player] + value for player, value in zip(players, row, strict=False)}
        ended = (
            ended
            or (target is not None and max(totals.values()) >= target)
            or (rounds is not None and number >= rounds)
        )
        standings = rules.standings(setup, state)
        assert dict(standings.totals) == totals
        best = min(totals.values()) if low_wins else max(totals.values())
        leaders = tuple(player for player in players if totals[player] == best)
        over = ended and (tie == "share" or len(leaders) == 1)
        assert standings.finished == over
        assert standings.winners == (leaders if over else ())
        assert (standings.next is None) == over
        if not over:
            assert standings.next is not None
            assert standings.next.dealer == players[number % count]
            assert standings.next.facts["tied"] == (list(leaders) if ended else [])
