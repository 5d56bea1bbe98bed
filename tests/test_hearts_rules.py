"""Hearts' rules: the worked examples of ``shared/rules/hearts.md``, the table setup, moons, endings,
refusals and properties. Pure rules: no app, no database."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.base import Invalid, RoundInvalid, Setup, Standings, make_setup, replay
from referee.games.hearts import rules as hearts
from tests.events import words
from tests.hearts_examples import H1_TO_H10, H11, H11_INPUTS, P3, P4, TABLE, cards, points

MOON_MODES = ("add", "subtract", "choice", "safety", "off")


def setup_of(players: list[str] = P4, options: dict[str, Any] | None = None, dealer: str | None = None) -> Setup:
    return make_setup(hearts, players, options or {}, dealer)


def by_seat(players: list[str], values: list[int]) -> dict[str, int]:
    return dict(zip(players, values, strict=True))


def rendered(error: pytest.ExceptionInfo[Invalid]) -> list[tuple[str, str]]:
    return [(problem.field, problem.render()) for problem in error.value.problems]


def refusal(setup: Setup, raw: Any, inputs: list[Any] | None = None) -> list[tuple[str, str]]:
    """The (field, message) pairs the rules give for ``raw`` after ``inputs``; also refused on replay."""
    before = list(inputs or [])
    state = hearts.initial(setup)
    for earlier in before:
        state = hearts.play(setup, state, hearts.check_round(setup, state, earlier))
    with pytest.raises(Invalid) as error:
        hearts.check_round(setup, state, raw)
    with pytest.raises(RoundInvalid) as stored:
        replay(hearts, setup, [*before, raw])
    assert stored.value.number == len(before) + 1
    assert [(problem.field, problem.render()) for problem in stored.value.problems] == rendered(error)
    return rendered(error)


def last_scores(setup: Setup, inputs: list[Any]) -> dict[str, int]:
    return dict(replay(hearts, setup, inputs).rounds[-1].scores)


# --- worked examples H1..H10 ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "raw", "expected"),
    H1_TO_H10,
)
def test_worked_examples(players: list[str], options: dict[str, Any], raw: dict[str, Any], expected: list[Any]) -> None:
    setup = setup_of(players, options)
    if isinstance(expected[0], tuple):
        assert refusal(setup, raw) == expected
        return
    standings = replay(hearts, setup, [raw])
    result = standings.rounds[0]
    assert dict(result.scores) == by_seat(players, expected)
    assert dict(result.totals) == by_seat(players, expected)
    assert dict(standings.totals) == by_seat(players, expected)
    assert standings.status == "playing"


def test_worked_example_sums_and_moon_events() -> None:
    h1 = replay(hearts, setup_of(), [cards(P4, [3, 0, 9, 1], "P2")]).rounds[0]
    assert sum(h1.scores.values()) == 26
    assert words(h1.events) == ()
    h2 = replay(hearts, setup_of(), [cards(P4, [0, 0, 13, 0], "P3")]).rounds[0]
    assert words(h2.events) == ("moon:P3",)
    assert h2.details.shooter == "P3"
    assert h2.details.moon_applied == "add"
    h5 = replay(hearts, setup_of(P3), [cards(P3, [0, 13, 0], "P2")]).rounds[0]
    assert sum(h5.scores.values()) == 52
    h7 = replay(hearts, setup_of(P4, {"jack_of_diamonds": True}), [cards(P4, [4, 6, 3, 0], "P1", jack="P4")])
    assert sum(h7.rounds[0].scores.values()) == 16
    h10 = replay(hearts, setup_of(), [points(P4, [26, 0, 0, 0])]).rounds[0]
    assert words(h10.events) == ("moon:P1",)
    assert h10.input == {"points": {"P1": 26, "P2": 0, "P3": 0, "P4": 0}}


# --- H11: a full game -------------------------------------------------------------------------------------

# hand: dealer, pass, hearts [A, B, C, D], queen, hand scores, totals


def test_h11_full_game_hand_by_hand() -> None:
    setup = setup_of(TABLE, {}, "Alice")
    for number, (dealer, direction, _taken, _queen, scores, totals) in enumerate(H11, start=1):
        before = replay(hearts, setup, H11_INPUTS[: number - 1])
        assert before.status == "playing"
        assert before.winners == ()
        assert before.next is not None
        assert before.next.round == number
        assert before.next.dealer == dealer
        assert before.next.facts["pass"] == direction
        assert hearts.next_hand(setup, number).facts["pass"] == direction
        after = replay(hearts, setup, H11_INPUTS[:number])
        result = after.rounds[-1]
        assert result.number == number
        assert result.details.dealer == dealer
        assert dict(result.scores) == by_seat(TABLE, scores)
        assert dict(result.totals) == by_seat(TABLE, totals)
        assert dict(after.totals) == by_seat(TABLE, totals)
    assert words(replay(hearts, setup, H11_INPUTS[:4]).rounds[3].events) == ("moon:Bruno",)


def test_h11_ends_after_hand_nine_with_bruno_winning() -> None:
    setup = setup_of(TABLE, {}, "Alice")
    final = replay(hearts, setup, H11_INPUTS)
    assert final.status == "finished"
    assert final.finished
    assert final.winners == ("Bruno",)
    assert final.next is None
    assert final.ranking == ((1, "Bruno"), (2, "Alice"), (2, "Chloé"), (4, "Denis"))
    assert [result.details.dealer for result in final.rounds] == [hand[0] for hand in H11]
    before_last = replay(hearts, setup, H11_INPUTS[:8])
    assert before_last.next is not None
    assert before_last.next.facts["near_target"] == ["Denis"]


def test_no_round_is_accepted_after_the_end() -> None:
    setup = setup_of(TABLE, {}, "Alice")
    with pytest.raises(RoundInvalid) as error:
        replay(hearts, setup, [*H11_INPUTS, cards(TABLE, [13, 0, 0, 0], "Bruno")])
    assert error.value.number == 10
    assert rendered(error) == [("round", "The game was already over before round 10.")]


# --- table setup: deck preparation, passing, dealer -------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "removed", "cards_each", "first_lead"),
    [
        (3, ["2D"], 17, "2C"),
        (4, [], 13, "2C"),
        (5, ["2D", "2C"], 10, "3C"),
        (6, ["2D", "3D", "3C", "4C"], 8, "2C"),
        (7, ["2D", "3D", "3C"], 7, "2C"),
    ],
)
def test_deck_preparation(count: int, removed: list[str], cards_each: int, first_lead: str) -> None:
    setup = setup_of([f"P{seat}" for seat in range(1, count + 1)])
    for number in (1, 2, 5):
        info = hearts.next_hand(setup, number).facts
        assert info["removed"] == removed
        assert info["cards_each"] == cards_each
        assert info["first_lead"] == first_lead
    assert 52 - len(removed) == count * cards_each
    assert "QS" not in removed
    assert not any(card.endswith("H") for card in removed)
    standings = replay(hearts, setup, [])
    assert standings.next is not None
    assert (standings.next.facts["removed"], standings.next.facts["cards_each"]) == (removed, cards_each)


def test_the_example_passes_by_name_for_hands_one_to_five() -> None:
    setup = setup_of(TABLE)
    expected = [
        ("left", {"Alice": "Bruno", "Bruno": "Chloé", "Chloé": "Denis", "Denis": "Alice"}),
        ("right", {"Alice": "Denis", "Bruno": "Alice", "Chloé": "Bruno", "Denis": "Chloé"}),
        ("across", {"Alice": "Chloé", "Bruno": "Denis", "Chloé": "Alice", "Denis": "Bruno"}),
        ("hold", {}),
        ("left", {"Alice": "Bruno", "Bruno": "Chloé", "Chloé": "Denis", "Denis": "Alice"}),
    ]
    for number, (direction, passes) in enumerate(expected, start=1):
        info = hearts.next_hand(setup, number).facts
        assert info["pass"] == direction
        assert info["passes"] == passes
        assert info["pass_count"] == (0 if direction == "hold" else 3)


def _distance(label: str, count: int) -> int | None:
    """Seats to the left the cards go, read from the label as the rules define it."""
    if label == "hold":
        return None
    if label == "across":
        return count // 2
    words = label.split()
    steps = int(words[0]) if len(words) == 2 else 1
    return steps if words[-1] == "left" else -steps


@pytest.mark.parametrize(
    ("count", "cycle", "expected"),
    [
        (4, "standard", ["left", "right", "across", "hold"]),
        (3, "standard", ["left", "right", "hold"]),
        (5, "standard", ["left", "right", "hold"]),
        (7, "standard", ["left", "right", "hold"]),
        (6, "standard", ["left", "right", "across", "hold"]),
        (3, "left-right", ["left", "right"]),
        (4, "left-right", ["left", "right"]),
        (6, "left-right", ["left", "right"]),
        (3, "extended", ["left", "right", "hold"]),
        (4, "extended", ["left", "right", "across", "hold"]),
        (5, "extended", ["left", "right", "2 left", "2 right", "hold"]),
        (6, "extended", ["left", "right", "2 left", "2 right", "across", "hold"]),
        (7, "extended", ["left", "right", "2 left", "2 right", "3 left", "3 right", "hold"]),
    ],
)
def test_pass_cycles(count: int, cycle: str, expected: list[str]) -> None:
    players = [f"P{seat}" for seat in range(1, count + 1)]
    setup = setup_of(players, {"pass_cycle": cycle})
    labels = [hearts.next_hand(setup, number).facts["pass"] for number in range(1, 2 * len(expected) + 2)]
    assert labels == expected * 2 + expected[:1]
    for number, label in enumerate(expected, start=1):
        info = hearts.next_hand(setup, number).facts
        distance = _distance(label, count)
        if distance is None:
            assert info["passes"] == {}
            assert info["pass_count"] == 0
        else:
            assert info["passes"] == {players[seat]: players[(seat + distance) % count] for seat in range(count)}
            assert info["pass_count"] == 3
            assert sorted(info["passes"].values()) == sorted(players)
            assert all(giver != receiver for giver, receiver in info["passes"].items())


def test_seven_players_three_right_and_six_players_across_by_name() -> None:
    seven = setup_of(["A", "B", "C", "D", "E", "F", "G"], {"pass_cycle": "extended"})
    assert hearts.next_hand(seven, 6).facts["pass"] == "3 right"
    assert hearts.next_hand(seven, 6).facts["passes"] == {
        "A": "E",
        "B": "F",
        "C": "G",
        "D": "A",
        "E": "B",
        "F": "C",
        "G": "D",
    }
    six = setup_of(["A", "B", "C", "D", "E", "F"])
    assert hearts.next_hand(six, 3).facts["passes"] == {"A": "D", "B": "E", "C": "F", "D": "A", "E": "B", "F": "C"}
    assert hearts.next_hand(six, 4).facts["pass"] == "hold"


def test_pass_count_option() -> None:
    setup = setup_of(P4, {"pass_count": 2})
    assert [hearts.next_hand(setup, number).facts["pass_count"] for number in range(1, 6)] == [2, 2, 2, 0, 2]
    assert hearts.next_hand(setup, 4).facts["passes"] == {}
    assert setup_of(P4, {"pass_count": 4}).options["pass_count"] == 4
    with pytest.raises(Invalid) as error:
        setup_of(P4, {"pass_count": 0})
    assert rendered(error) == [("options.pass_count", "This option must be at least 1.")]
    with pytest.raises(Invalid) as error:
        setup_of(P4, {"pass_count": 5})
    assert rendered(error) == [("options.pass_count", "This option must be at most 4.")]


def test_left_right_never_holds() -> None:
    setup = setup_of(P4, {"pass_cycle": "left-right"})
    assert all(hearts.next_hand(setup, number).facts["pass_count"] == 3 for number in range(1, 21))


def test_dealer_rotates_left_from_the_chosen_first_dealer() -> None:
    setup = setup_of(TABLE, {}, "Chloé")
    assert setup.dealer == 2
    dealers = [hearts.next_hand(setup, number).dealer for number in range(1, 7)]
    assert dealers == ["Chloé", "Denis", "Alice", "Bruno", "Chloé", "Denis"]
    played = replay(hearts, setup, H11_INPUTS[:3])
    assert [result.details.dealer for result in played.rounds] == ["Chloé", "Denis", "Alice"]
    assert played.next is not None
    assert played.next.dealer == "Bruno"
    assert setup_of(TABLE).dealer == 0
    assert setup_of(TABLE, {}, "  Denis ").dealer == 3
    with pytest.raises(Invalid) as error:
        setup_of(TABLE, {}, "Zoé")
    assert rendered(error) == [("dealer", "The first dealer must be one of the players.")]


# --- shooting the moon --------------------------------------------------------------------------------------

MOON_P3 = cards(P4, [0, 0, 13, 0], "P3")


@pytest.mark.parametrize(
    ("options", "extra", "expected", "applied"),
    [
        ({"moon": "add"}, {}, [26, 26, 0, 26], "add"),
        ({"moon": "subtract"}, {}, [0, 0, -26, 0], "subtract"),
        ({"moon": "choice"}, {"moon_choice": "add"}, [26, 26, 0, 26], "add"),
        ({"moon": "choice"}, {"moon_choice": "subtract"}, [0, 0, -26, 0], "subtract"),
        ({"moon": "safety"}, {}, [26, 26, 0, 26], "add"),
        ({"moon": "off"}, {}, [0, 0, 26, 0], None),
    ],
)
def test_moon_modes(options: dict[str, Any], extra: dict[str, Any], expected: list[int], applied: str | None) -> None:
    standings = replay(hearts, setup_of(P4, options), [{**MOON_P3, **extra}])
    result = standings.rounds[0]
    assert dict(result.scores) == by_seat(P4, expected)
    assert result.details.shooter == "P3"
    assert result.details.moon_applied == applied
    assert result.input == {**MOON_P3, **extra}


def test_moon_choice_is_required_when_a_moon_happened() -> None:
    setup = setup_of(P4, {"moon": "choice"})
    message = "P3 shot the moon: choose whether the others add 26 or P3 subtracts 26."
    assert refusal(setup, MOON_P3) == [("moon_choice", message)]
    assert refusal(setup, {**MOON_P3, "moon_choice": "maybe"}) == [("moon_choice", message)]
    assert refusal(setup, {**MOON_P3, "moon_choice": None}) == [("moon_choice", message)]
    assert refusal(setup, points(P4, [0, 26, 0, 0])) == [
        ("moon_choice", "P2 shot the moon: choose whether the others add 26 or P2 subtracts 26.")
    ]
    assert last_scores(setup, [points(P4, [0, 26, 0, 0], moon_choice="subtract")]) == by_seat(P4, [0, -26, 0, 0])


def test_moon_choice_refused_without_a_moon() -> None:
    nobody = [("moon_choice", "Nobody has a moon to choose for in this hand.")]
    choice = setup_of(P4, {"moon": "choice"})
    assert refusal(choice, cards(P4, [3, 0, 9, 1], "P2", moon_choice="add")) == nobody
    assert refusal(choice, points(P4, [3, 13, 9, 1], moon_choice="subtract")) == nobody
    # Outside the "choice" mode the field has no use, moon or not.
    assert refusal(setup_of(P4, {"moon": "add"}), {**MOON_P3, "moon_choice": "subtract"}) == [
        ("moon_choice", "In this game the moon rule leaves the shooter no choice.")
    ]
    # Without a moon the hand goes through normally.
    assert last_scores(choice, [cards(P4, [3, 0, 9, 1], "P2")]) == by_seat(P4, [3, 13, 9, 1])


def test_safety_subtracts_when_adding_would_end_the_game_with_the_shooter_losing() -> None:
    setup = setup_of(P4, {"moon": "safety"})
    build_up = [
        points(P4, [13, 13, 0, 0]),
        points(P4, [13, 13, 0, 0]),
        points(P4, [13, 13, 0, 0]),
        points(P4, [1, 25, 0, 0]),
        points(P4, [1, 25, 0, 0]),
    ]
    before = replay(hearts, setup, build_up)
    assert dict(before.totals) == by_seat(P4, [41, 89, 0, 0])
    # Adding would give [41, 115, 26, 26]: over, and P3/P4 would win, not the shooter P1.
    shot = replay(hearts, setup, [*build_up, cards(P4, [13, 0, 0, 0], "P1")])
    result = shot.rounds[-1]
    assert dict(result.scores) == by_seat(P4, [-26, 0, 0, 0])
    assert dict(shot.totals) == by_seat(P4, [15, 89, 0, 0])
    assert result.details.moon_applied == "subtract"
    assert words(result.events) == ("moon:P1",)
    # Said in words (issue 24): the log says the 26 came off the shooter.
    assert [event.describe() for event in result.events] == ["P1 shot the moon: 26 subtracted from their score"]
    assert shot.status == "playing"
    # The same moon by P3, who would win after adding: add, and the game ends.
    by_leader = replay(hearts, setup, [*build_up, cards(P4, [0, 0, 13, 0], "P3")])
    assert dict(by_leader.rounds[-1].scores) == by_seat(P4, [26, 26, 0, 26])
    assert by_leader.rounds[-1].details.moon_applied == "add"
    assert by_leader.status == "finished"
    assert by_leader.winners == ("P3",)
    # When adding does not end the game, the shooter adds even while behind.
    early = replay(hearts, setup, [build_up[0], cards(P4, [13, 0, 0, 0], "P1")])
    assert dict(early.rounds[-1].scores) == by_seat(P4, [0, 26, 26, 26])
    assert dict(early.totals) == by_seat(P4, [13, 39, 26, 26])


def test_plain_add_in_the_same_state_ends_the_game() -> None:
    build_up = [points(P4, [13, 13, 0, 0])] * 3 + [points(P4, [1, 25, 0, 0])] * 2
    plain = replay(hearts, setup_of(P4, {"moon": "add"}), [*build_up, cards(P4, [13, 0, 0, 0], "P1")])
    assert dict(plain.totals) == by_seat(P4, [41, 115, 26, 26])
    assert plain.status == "finished"
    assert plain.winners == ("P3", "P4")


@pytest.mark.parametrize(
    ("moon", "jack", "expected"),
    [
        ("add", "P3", [26, 26, -10, 26]),
        ("subtract", "P3", [0, 0, -36, 0]),
        ("add", "P1", [16, 26, 0, 26]),
        ("subtract", "P1", [-10, 0, -26, 0]),
        ("off", "P3", [0, 0, 16, 0]),
        ("off", "P4", [0, 0, 26, -10]),
    ],
)
def test_jack_of_diamonds_with_a_moon(moon: str, jack: str, expected: list[int]) -> None:
    setup = setup_of(P4, {"moon": moon, "jack_of_diamonds": True})
    result = replay(hearts, setup, [{**MOON_P3, "jack": jack}]).rounds[0]
    assert dict(result.scores) == by_seat(P4, expected)


def test_jack_of_diamonds_without_a_moon() -> None:
    setup = setup_of(P4, {"jack_of_diamonds": True})
    assert last_scores(setup, [cards(P4, [4, 6, 3, 0], "P1", jack="P1")]) == by_seat(P4, [7, 6, 3, 0])
    assert last_scores(setup, [cards(P4, [0, 12, 1, 0], "P2", jack="P3")]) == by_seat(P4, [0, 25, -9, 0])


def test_points_entry_with_the_jack() -> None:
    setup = setup_of(P4, {"jack_of_diamonds": True})
    assert last_scores(setup, [points(P4, [17, 6, 3, -10])]) == by_seat(P4, [17, 6, 3, -10])
    # The queen holder who also took the jack writes 3: no "nobody took the queen" refusal with the jack.
    assert last_scores(setup, [points(P4, [3, 6, 4, 3])]) == by_seat(P4, [3, 6, 4, 3])
    moon = replay(hearts, setup, [points(P4, [26, 0, 0, -10])]).rounds[0]
    assert dict(moon.scores) == by_seat(P4, [0, 26, 26, 16])
    assert words(moon.events) == ("moon:P1",)
    assert refusal(setup, points(P4, [3, 13, 9, 1])) == [
        ("points", "The points of one hand must add up to 16 (they add up to 26).")
    ]
    assert refusal(setup, points(P4, [27, 0, 0, -11])) == [
        ("points.P1", "This cannot be more than 26."),
        ("points.P4", "This cannot be less than -10."),
    ]


def test_points_entry_moon_under_subtract_and_off() -> None:
    assert last_scores(setup_of(P4, {"moon": "subtract"}), [points(P4, [0, 0, 26, 0])]) == by_seat(P4, [0, 0, -26, 0])
    assert last_scores(setup_of(P4, {"moon": "off"}), [points(P4, [0, 0, 26, 0])]) == by_seat(P4, [0, 0, 26, 0])


# --- points from a paper sheet, exactly (rules/hearts.md) ---------------------------------------------------

JACK = {"jack_of_diamonds": True}
IMPOSSIBLE = (
    "No hand gives these points: each player takes 0 to 13 hearts, one player the queen of spades (13)"
    " and one player the jack of diamonds (−10)."
)
MOON_BY_ALICE = cards(TABLE, [13, 0, 0, 0], "Alice", jack="Alice")  # the shooter took the jack as well
MOON_AND_DENIS_JACK = cards(TABLE, [13, 0, 0, 0], "Alice", jack="Denis")


def test_issue_11_a_jack_moon_entered_as_points_is_read_as_a_moon() -> None:
    setup = setup_of(TABLE, JACK)
    paper = replay(hearts, setup, [points(TABLE, [16, 0, 0, 0])]).rounds[0]
    by_cards = replay(hearts, setup, [MOON_BY_ALICE]).rounds[0]
    assert dict(paper.scores) == by_seat(TABLE, [-10, 26, 26, 26])
    assert dict(by_cards.scores) == by_seat(TABLE, [-10, 26, 26, 26])
    assert words(paper.events) == words(by_cards.events) == ("moon:Alice",)
    assert paper.details.shooter == "Alice"


def test_issue_11_a_jack_moon_from_points_takes_the_moon_choice() -> None:
    setup = setup_of(TABLE, {**JACK, "moon": "choice"})
    subtract = points(TABLE, [16, 0, 0, 0], moon_choice="subtract")
    assert last_scores(setup, [subtract]) == by_seat(TABLE, [-36, 0, 0, 0])
    assert last_scores(setup, [{**MOON_BY_ALICE, "moon_choice": "subtract"}]) == by_seat(TABLE, [-36, 0, 0, 0])
    assert last_scores(setup, [points(TABLE, [16, 0, 0, 0], moon_choice="add")]) == by_seat(TABLE, [-10, 26, 26, 26])
    assert refusal(setup, points(TABLE, [16, 0, 0, 0])) == [
        ("moon_choice", "Alice shot the moon: choose whether the others add 26 or Alice subtracts 26.")
    ]


@pytest.mark.parametrize(
    ("options", "extra"),
    [
        ({"moon": "add"}, {}),
        ({"moon": "subtract"}, {}),
        ({"moon": "choice"}, {"moon_choice": "add"}),
        ({"moon": "choice"}, {"moon_choice": "subtract"}),
        ({"moon": "safety"}, {}),
        ({"moon": "off"}, {}),
    ],
)
@pytest.mark.parametrize(
    ("row", "by_cards"),
    [([16, 0, 0, 0], MOON_BY_ALICE), ([26, 0, 0, -10], MOON_AND_DENIS_JACK)],
    ids=["shooter-took-the-jack", "another-took-the-jack"],
)
def test_a_moon_read_from_points_scores_as_the_same_hand_by_cards(
    options: dict[str, Any], extra: dict[str, Any], row: list[int], by_cards: dict[str, Any]
) -> None:
    setup = setup_of(TABLE, {**JACK, **options})
    before = [cards(TABLE, [4, 6, 3, 0], "Bruno", jack="Chloé")]  # totals [4, 19, −7, 0] before the moon
    paper = replay(hearts, setup, [*before, points(TABLE, row, **extra)])
    played = replay(hearts, setup, [*before, {**by_cards, **extra}])
    assert dict(paper.rounds[-1].scores) == dict(played.rounds[-1].scores)
    assert words(paper.rounds[-1].events) == words(played.rounds[-1].events)
    assert paper.rounds[-1].details.moon_applied == played.rounds[-1].details.moon_applied
    assert dict(paper.totals) == dict(played.totals)


def test_with_the_jack_a_row_of_16_is_not_a_moon_when_the_others_have_points() -> None:
    setup = setup_of(TABLE, JACK)
    result = replay(hearts, setup, [points(TABLE, [16, 10, -10, 0])]).rounds[0]
    assert dict(result.scores) == by_seat(TABLE, [16, 10, -10, 0])
    assert words(result.events) == ()
    # Without the jack option a 16 is an ordinary row.
    assert last_scores(setup_of(TABLE), [points(TABLE, [16, 10, 0, 0])]) == by_seat(TABLE, [16, 10, 0, 0])


@pytest.mark.parametrize(
    "row",
    [
        [10, 10, -4, 0],  # the rules' example: the −4 and whoever took the queen would both need the jack
        [-10, -10, 26, 10],  # two jacks
        [20, 10, -8, -6],  # two players below 0
        [26, 10, -10, -10],  # a moon of hearts and two jacks
    ],
)
def test_rows_no_hand_can_produce_are_refused_with_the_jack(row: list[int]) -> None:
    assert sum(row) == 16
    assert refusal(setup_of(TABLE, JACK), points(TABLE, row)) == [("points", IMPOSSIBLE)]


def _rows_a_hand_can_give(count: int, jack: bool) -> set[tuple[int, ...]]:
    """Every points row of ``count`` players straight from the cards: hearts split, queen, jack."""
    splits: list[tuple[int, ...]] = [()]
    for _seat in range(count - 1):
        splits = [split + (taken,) for split in splits for taken in range(13 - sum(split) + 1)]
    rows = set()
    for split in splits:
        hearts_taken = (*split, 13 - sum(split))
        for queen in range(count):
            for holder in range(count) if jack else [None]:
                rows.add(
                    tuple(
                        hearts_taken[seat] + (13 if seat == queen else 0) - (10 if seat == holder else 0)
                        for seat in range(count)
                    )
                )
    return rows


@pytest.mark.parametrize("jack", [False, True], ids=["plain", "jack"])
def test_every_row_that_adds_up_is_accepted_exactly_when_a_hand_gives_it(jack: bool) -> None:
    """Three players, every row in range that adds up: accepted if and only if some deal of the cards gives it,
    and read as a moon exactly in the shapes the rules name."""
    setup = setup_of(P3, {"jack_of_diamonds": jack, "moon": "add"})
    possible = _rows_a_hand_can_give(3, jack)
    total, lowest = (16, -10) if jack else (26, 0)
    moons = {(26, 0, 0)} | ({(16, 0, 0), (26, -10, 0), (26, 0, -10)} if jack else set())
    state = hearts.initial(setup)
    accepted = 0
    for first in range(lowest, 27):
        for second in range(lowest, 27):
            third = total - first - second
            if not lowest <= third <= 26:
                continue
            row = (first, second, third)
            raw = points(P3, list(row))
            try:
                canonical = hearts.check_round(setup, state, raw)
            except Invalid as error:
                assert row not in possible, row
                assert [problem.field for problem in error.problems] == ["points"]
                continue
            assert row in possible, row
            accepted += 1
            result = hearts.play(setup, state, canonical).rounds[0]
            shooter = next((P3[seat] for seat in range(3) if row[seat:] + row[:seat] in moons), None)
            assert result.details.shooter == shooter, row
            if shooter is None:
                assert dict(result.scores) == by_seat(P3, list(row))
    assert accepted == len(possible)


# --- end of the game --------------------------------------------------------------------------------------


def test_target_reached_exactly_ends_the_game() -> None:
    setup = setup_of(P4, {"target": 50})
    first = [points(P4, [25, 1, 0, 0])]
    assert replay(hearts, setup, first).status == "playing"
    ended = replay(hearts, setup, [*first, points(P4, [25, 0, 1, 0])])
    assert dict(ended.totals) == by_seat(P4, [50, 1, 1, 0])
    assert ended.status == "finished"
    assert ended.winners == ("P4",)
    assert ended.next is None


def test_target_passed_ends_the_game_and_one_below_does_not() -> None:
    setup = setup_of(P4, {"target": 50})
    inputs = [points(P4, [24, 1, 1, 0]), points(P4, [25, 0, 0, 1])]
    below = replay(hearts, setup, inputs)
    assert dict(below.totals) == by_seat(P4, [49, 1, 1, 1])
    assert below.status == "playing"
    passed = replay(hearts, setup, [*inputs, points(P4, [13, 0, 13, 0])])
    assert dict(passed.totals) == by_seat(P4, [62, 1, 14, 1])
    assert passed.status == "finished"
    assert passed.winners == ("P2", "P4")


def test_default_target_is_100() -> None:
    setup = setup_of(P4)
    inputs = [points(P4, [25, 1, 0, 0])] * 3 + [points(P4, [24, 0, 0, 2])]
    assert dict(replay(hearts, setup, inputs).totals) == by_seat(P4, [99, 3, 0, 2])
    assert replay(hearts, setup, inputs).status == "playing"
    ended = replay(hearts, setup, [*inputs, points(P4, [1, 25, 0, 0])])
    assert ended.status == "finished"
    assert ended.winners == ("P3",)


def test_hands_option_plays_exactly_that_many_hands() -> None:
    setup = setup_of(P4, {"hands": 3, "target": 10})
    inputs = [points(P4, [25, 1, 0, 0]), points(P4, [25, 1, 0, 0]), points(P4, [0, 13, 13, 0])]
    for count in (1, 2):
        standings = replay(hearts, setup, inputs[:count])
        assert standings.status == "playing"
        assert standings.next is not None
        assert "near_target" not in standings.next.facts
    final = replay(hearts, setup, inputs)
    assert dict(final.totals) == by_seat(P4, [50, 15, 13, 0])
    assert final.status == "finished"
    assert final.winners == ("P4",)
    with pytest.raises(RoundInvalid) as error:
        replay(hearts, setup, [*inputs, points(P4, [13, 13, 0, 0])])
    assert error.value.number == 4


def test_exact_reset_to_zero() -> None:
    setup = setup_of(P4, {"target": 50, "exact_reset": 0})
    standings = replay(hearts, setup, [points(P4, [25, 1, 0, 0]), points(P4, [25, 0, 1, 0])])
    result = standings.rounds[-1]
    assert dict(result.scores) == by_seat(P4, [25, 0, 1, 0])
    assert dict(result.totals) == by_seat(P4, [0, 1, 1, 0])
    assert words(result.events) == ("reset:P1",)
    assert result.details.resets == ["P1"]
    assert standings.status == "playing"
    assert standings.next is not None
    assert standings.next.round == 3


def test_exact_reset_to_fifty() -> None:
    setup = setup_of(P4, {"exact_reset": 50})
    standings = replay(hearts, setup, [points(P4, [25, 1, 0, 0])] * 4)
    assert dict(standings.totals) == by_seat(P4, [50, 4, 0, 0])
    assert words(standings.rounds[-1].events) == ("reset:P1",)
    assert [result.events for result in standings.rounds[:3]] == [(), (), ()]
    assert standings.status == "playing"
    # Passing the target (not landing on it) still ends the game.
    passed = replay(hearts, setup, [points(P4, [25, 1, 0, 0])] * 3 + [points(P4, [26, 0, 0, 0])])
    assert dict(passed.totals) == by_seat(P4, [75, 29, 26, 26])
    over = replay(hearts, setup, [points(P4, [25, 1, 0, 0])] * 3 + [points(P4, [20, 0, 6, 0])] * 2)
    assert dict(over.totals) == by_seat(P4, [115, 3, 12, 0])
    assert over.status == "finished"
    assert words(over.rounds[-1].events) == ()


def test_exact_reset_by_a_moon() -> None:
    setup = setup_of(P4, {"target": 50, "exact_reset": 0})
    standings = replay(hearts, setup, [points(P4, [24, 2, 0, 0]), cards(P4, [0, 0, 13, 0], "P3")])
    assert dict(standings.totals) == by_seat(P4, [0, 28, 0, 26])
    assert words(standings.rounds[-1].events) == ("moon:P3", "reset:P1")
    assert standings.status == "playing"
    from_paper = replay(hearts, setup, [points(P4, [24, 2, 0, 0]), points(P4, [0, 0, 26, 0])])
    assert from_paper.rounds[0] == standings.rounds[0]
    assert words(from_paper.rounds[-1].events) == ("moon:P3", "reset:P1")
    assert dict(from_paper.totals) == by_seat(P4, [0, 28, 0, 26])


def test_exact_reset_must_be_below_the_target() -> None:
    with pytest.raises(Invalid) as error:
        setup_of(P4, {"target": 50, "exact_reset": 50})
    assert rendered(error) == [("options.exact_reset", "The reset score must be below the target.")]
    with pytest.raises(Invalid) as error:
        setup_of(P4, {"exact_reset": 25})
    assert rendered(error) == [("options.exact_reset", "This option must be one of: 0, 50.")]


@pytest.mark.parametrize(
    ("target", "reset", "accepted"),
    [(51, 50, True), (50, 50, False), (30, 50, False), (10, 50, False), (10, 0, True), (1000, 50, True)],
)
def test_reset_to_fifty_needs_a_target_above_fifty(target: int, reset: int, accepted: bool) -> None:
    options = {"target": target, "exact_reset": reset}
    if accepted:
        assert setup_of(P4, options).options["exact_reset"] == reset
        return
    with pytest.raises(Invalid) as error:
        setup_of(P4, options)
    assert rendered(error) == [("options.exact_reset", "The reset score must be below the target.")]


def test_reset_to_fifty_with_a_target_of_51() -> None:
    setup = setup_of(P4, {"target": 51, "exact_reset": 50})
    landed = replay(hearts, setup, [points(P4, [25, 1, 0, 0]), points(P4, [0, 25, 1, 0]), points(P4, [0, 25, 1, 0])])
    assert dict(landed.totals) == by_seat(P4, [25, 50, 2, 0])
    assert words(landed.rounds[-1].events) == ("reset:P2",)
    assert landed.status == "playing"


@pytest.mark.parametrize("reset", [0, 50])
def test_exact_reset_cannot_be_chosen_with_a_number_of_hands(reset: int) -> None:
    with pytest.raises(Invalid) as error:
        setup_of(P4, {"hands": 3, "exact_reset": reset, "target": 1000})
    assert rendered(error) == [
        (
            "options.exact_reset",
            "A reset on the target cannot be chosen with a number of hands: the target then ends nothing.",
        )
    ]
    assert setup_of(P4, {"hands": 3, "exact_reset": None}).options["hands"] == 3


def test_with_a_number_of_hands_the_target_ends_nothing() -> None:
    setup = setup_of(P4, {"hands": 2, "target": 10})
    first = replay(hearts, setup, [points(P4, [0, 0, 26, 0])])
    assert dict(first.totals) == by_seat(P4, [26, 26, 0, 26])
    assert first.status == "playing"
    assert first.next is not None
    assert "near_target" not in first.next.facts
    landed = replay(hearts, setup_of(P4, {"hands": 3, "target": 13}), [points(P4, [13, 13, 0, 0])])
    assert dict(landed.totals) == by_seat(P4, [13, 13, 0, 0])
    assert landed.status == "playing"
    assert words(landed.rounds[0].events) == ()
    assert replay(hearts, setup, [points(P4, [0, 0, 26, 0])] * 2).status == "finished"


@pytest.mark.parametrize(
    ("name", "lowest", "highest"),
    [("target", 10, 1000), ("hands", 1, 1000), ("pass_count", 1, 4)],
)
def test_option_ranges(name: str, lowest: int, highest: int) -> None:
    for value in (lowest, highest):
        assert setup_of(P4, {name: value}).options[name] == value
    for value, message in ((lowest - 1, f"at least {lowest}"), (highest + 1, f"at most {highest}")):
        with pytest.raises(Invalid) as error:
            setup_of(P4, {name: value})
        assert rendered(error) == [(f"options.{name}", f"This option must be {message}.")]


TIE_INPUTS = [points(P4, [24, 1, 1, 0]), points(P4, [24, 0, 0, 2]), points(P4, [13, 0, 0, 13])]


def test_tie_share_gives_two_winners() -> None:
    standings = replay(hearts, setup_of(P4, {"target": 50}), TIE_INPUTS)
    assert dict(standings.totals) == by_seat(P4, [61, 1, 1, 15])
    assert standings.status == "finished"
    assert standings.winners == ("P2", "P3")
    assert standings.ranking == ((1, "P2"), (1, "P3"), (3, "P4"), (4, "P1"))


def test_tie_play_on_continues_until_one_player_alone_is_lowest() -> None:
    setup = setup_of(P4, {"target": 50, "tie": "play_on"})
    tied = replay(hearts, setup, TIE_INPUTS)
    assert tied.status == "playing"
    assert tied.winners == ()
    assert tied.next is not None
    assert tied.next.round == 4
    still_tied = replay(hearts, setup, [*TIE_INPUTS, points(P4, [13, 0, 0, 13])])
    assert dict(still_tied.totals) == by_seat(P4, [74, 1, 1, 28])
    assert still_tied.status == "playing"
    broken = replay(hearts, setup, [*TIE_INPUTS, points(P4, [13, 13, 0, 0])])
    assert dict(broken.totals) == by_seat(P4, [74, 14, 1, 15])
    assert broken.status == "finished"
    assert broken.winners == ("P3",)


def test_tie_play_on_with_a_number_of_hands() -> None:
    setup = setup_of(P4, {"hands": 2, "tie": "play_on"})
    tied = replay(hearts, setup, [points(P4, [13, 13, 0, 0]), points(P4, [0, 0, 13, 13])])
    assert dict(tied.totals) == by_seat(P4, [13, 13, 13, 13])
    assert tied.status == "playing"
    done = replay(hearts, setup, [points(P4, [13, 13, 0, 0]), points(P4, [0, 0, 13, 13]), points(P4, [3, 13, 9, 1])])
    assert done.status == "finished"
    assert done.winners == ("P4",)


def test_totals_go_negative_under_subtract() -> None:
    setup = setup_of(P4, {"moon": "subtract"})
    standings = replay(hearts, setup, [MOON_P3, MOON_P3, cards(P4, [3, 0, 9, 1], "P2")])
    assert dict(standings.totals) == by_seat(P4, [3, 13, -43, 1])
    assert standings.ranking[0] == (1, "P3")


# --- validation -----------------------------------------------------------------------------------------


def _hearts(values: Any, queen: Any = "P2", **extra: Any) -> dict[str, Any]:
    return {"hearts": values, "queen": queen, **extra}


GOOD = {"P1": 3, "P2": 0, "P3": 9, "P4": 1}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        pytest.param(
            _hearts({**GOOD, "P4": 0}),
            [("hearts", "The hearts taken must add up to 13 (they add up to 12).")],
            id="sum-12",
        ),
        pytest.param(
            _hearts({**GOOD, "P4": 2}),
            [("hearts", "The hearts taken must add up to 13 (they add up to 14).")],
            id="sum-14",
        ),
        pytest.param(
            _hearts({**GOOD, "P1": -1}),
            [("hearts.P1", "This cannot be less than 0.")],
            id="negative",
        ),
        pytest.param(
            _hearts({"P1": 14, "P2": 0, "P3": 0, "P4": 0}),
            [("hearts.P1", "This cannot be more than 13.")],
            id="fourteen",
        ),
        pytest.param(_hearts({**GOOD, "P1": "3"}), [("hearts.P1", "Enter a whole number.")], id="string"),
        pytest.param(_hearts({**GOOD, "P1": 2.5}), [("hearts.P1", "Enter a whole number.")], id="float"),
        pytest.param(_hearts({**GOOD, "P1": 3.0}), [("hearts.P1", "Enter a whole number.")], id="float-whole"),
        pytest.param(_hearts({**GOOD, "P1": True}), [("hearts.P1", "Enter a whole number.")], id="bool"),
        pytest.param(_hearts({**GOOD, "P1": None}), [("hearts.P1", "Enter a number.")], id="null"),
        pytest.param(_hearts({**GOOD, "P1": [3]}), [("hearts.P1", "Enter a whole number.")], id="list"),
        pytest.param(
            _hearts({"P1": 3, "P2": 1, "P3": 9}),
            [("hearts.P4", "Missing a value for P4.")],
            id="missing-player",
        ),
        pytest.param(
            _hearts({**GOOD, "Zoé": 0}),
            [("hearts.Zoé", "Zoé is not a player in this game.")],
            id="unknown-player",
        ),
        pytest.param(
            _hearts({**GOOD, "p1": 0}),
            [("hearts.p1", "p1 is not a player in this game.")],
            id="names-compared-exactly",
        ),
        pytest.param(
            _hearts([3, 0, 9, 1]),
            [("hearts", "Give a value for every player.")],
            id="hearts-as-list",
        ),
        pytest.param({"queen": "P2"}, [("hearts", "Give a value for every player.")], id="no-hearts"),
        pytest.param({"hearts": GOOD}, [("queen", "Choose a player.")], id="queen-missing"),
        pytest.param(_hearts(GOOD, queen=""), [("queen", "Choose a player.")], id="queen-empty"),
        pytest.param(_hearts(GOOD, queen="Zoé"), [("queen", "Zoé is not a player in this game.")], id="queen-unknown"),
        pytest.param(_hearts(GOOD, queen=2), [("queen", "2 is not a player in this game.")], id="queen-number"),
        pytest.param(
            _hearts(GOOD, jack="P1"),
            [("jack", "The jack of diamonds does not count in this game.")],
            id="jack-when-off",
        ),
        pytest.param(_hearts(GOOD, spades=1), [("spades", "Unknown field spades.")], id="unknown-field"),
        pytest.param(
            {"hearts": {**GOOD, "P1": -2}, "queen": "Zoé"},
            [("hearts.P1", "This cannot be less than 0."), ("queen", "Zoé is not a player in this game.")],
            id="several-at-once",
        ),
        pytest.param(
            {"hearts": {"P1": 13, "P2": 13, "P3": 0, "P4": 0}, "queen": None, "jack": "P1"},
            [
                ("queen", "Choose a player."),
                ("jack", "The jack of diamonds does not count in this game."),
                ("hearts", "The hearts taken must add up to 13 (they add up to 26)."),
            ],
            id="sum-queen-and-jack-together",
        ),
        pytest.param([3, 0, 9, 1], [("input", "A round must be an object of fields.")], id="list-input"),
        pytest.param("3 0 9 1", [("input", "A round must be an object of fields.")], id="string-input"),
        pytest.param(None, [("input", "A round must be an object of fields.")], id="null-input"),
        pytest.param(26, [("input", "A round must be an object of fields.")], id="number-input"),
        pytest.param(
            {**points(P4, [3, 13, 9, 1]), "hearts": GOOD},
            [("hearts", "Unknown field hearts.")],
            id="points-and-hearts",
        ),
        pytest.param(
            points(P4, [3, 13, 9, 1], queen="P2"),
            [("queen", "Unknown field queen.")],
            id="points-and-queen",
        ),
        pytest.param(
            {"points": {"P1": "3", "P2": 13.0, "P3": -1, "P4": 27}},
            [
                ("points.P1", "Enter a whole number."),
                ("points.P2", "Enter a whole number."),
                ("points.P3", "This cannot be less than 0."),
                ("points.P4", "This cannot be more than 26."),
            ],
            id="points-bad-values",
        ),
        pytest.param(
            {"points": {"P1": 13, "P2": 13, "P3": 0}},
            [("points.P4", "Missing a value for P4.")],
            id="points-missing-player",
        ),
        pytest.param({"points": None}, [("points", "Give a value for every player.")], id="points-null"),
        pytest.param(
            points(P4, [13, 13, 0, 1]),
            [("points", "The points of one hand must add up to 26 (they add up to 27).")],
            id="points-27",
        ),
    ],
)
def test_refusals_with_default_options(raw: Any, expected: list[tuple[str, str]]) -> None:
    assert refusal(setup_of(P4), raw) == expected


def test_refusals_after_earlier_hands_name_the_right_round() -> None:
    setup = setup_of(P4)
    assert refusal(setup, _hearts({**GOOD, "P4": 0}), [cards(P4, [3, 0, 9, 1], "P2")] * 2) == [
        ("hearts", "The hearts taken must add up to 13 (they add up to 12).")
    ]


def test_jack_required_when_the_option_is_on() -> None:
    setup = setup_of(P4, {"jack_of_diamonds": True})
    assert refusal(setup, _hearts(GOOD)) == [("jack", "Choose a player.")]
    assert refusal(setup, _hearts(GOOD, jack="Zoé")) == [("jack", "Zoé is not a player in this game.")]
    assert last_scores(setup, [_hearts(GOOD, jack="P3")]) == by_seat(P4, [3, 13, -1, 1])


def test_jack_null_is_the_same_as_absent_when_off() -> None:
    standings = replay(hearts, setup_of(P4), [_hearts(GOOD, jack=None)])
    assert dict(standings.rounds[0].scores) == by_seat(P4, [3, 13, 9, 1])
    assert standings.rounds[0].input == {"hearts": GOOD, "queen": "P2"}


def test_canonical_input_keeps_seat_order_and_drops_nothing_else() -> None:
    raw = {"queen": "P2", "hearts": {"P4": 1, "P3": 9, "P2": 0, "P1": 3}}
    stored = replay(hearts, setup_of(P4), [raw]).rounds[0].input
    assert stored == {"hearts": GOOD, "queen": "P2"}
    assert list(stored["hearts"]) == P4


# --- properties -----------------------------------------------------------------------------------------


@st.composite
def a_hand(draw: st.DrawFn, players: list[str], jack: bool, mode: str) -> dict[str, Any]:
    """A valid hand as the table would enter it; one in four is a moon."""
    queen = draw(st.sampled_from(players))
    if draw(st.integers(0, 3)) == 0:
        split = {player: 13 if player == queen else 0 for player in players}
    else:
        cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=len(players) - 1, max_size=len(players) - 1)))
        bounds = [0, *cuts, 13]
        split = {player: bounds[seat + 1] - bounds[seat] for seat, player in enumerate(players)}
    raw: dict[str, Any] = {"hearts": split, "queen": queen}
    if jack:
        raw["jack"] = draw(st.sampled_from(players))
    if mode == "choice" and split[queen] == 13:
        raw["moon_choice"] = draw(st.sampled_from(["add", "subtract"]))
    return raw


@st.composite
def games(draw: st.DrawFn) -> tuple[Setup, list[dict[str, Any]]]:
    count = draw(st.integers(3, 7))
    players = [f"P{seat}" for seat in range(1, count + 1)]
    mode = draw(st.sampled_from(MOON_MODES))
    jack = draw(st.booleans())
    target = draw(st.sampled_from([10, 50, 100, 1000]))
    dealer = draw(st.sampled_from(players))
    setup = make_setup(hearts, players, {"moon": mode, "jack_of_diamonds": jack, "target": target}, dealer)
    return setup, draw(st.lists(a_hand(players, jack, mode), min_size=1, max_size=10))


def _expected_scores(setup: Setup, raw: dict[str, Any], before: dict[str, int]) -> tuple[dict[str, int], str | None]:
    """What the rules text says each player scores for this hand (and the moon way applied)."""
    players = setup.players
    jack_part = {player: -10 if raw.get("jack") == player else 0 for player in players}
    queen = raw["queen"]
    shooter = queen if raw["hearts"][queen] == 13 else None
    mode = setup.options["moon"]
    if shooter is None or mode == "off":
        base = {player: raw["hearts"][player] + (13 if player == queen else 0) for player in players}
        return {player: base[player] + jack_part[player] for player in players}, None
    added = {player: (0 if player == shooter else 26) + jack_part[player] for player in players}
    subtracted = {player: (-26 if player == shooter else 0) + jack_part[player] for player in players}
    if mode == "choice":
        way = raw["moon_choice"]
    elif mode == "safety":
        totals = {player: before[player] + added[player] for player in players}
        ends = max(totals.values()) >= setup.options["target"]
        shooter_wins = totals[shooter] == min(totals.values())
        way = "subtract" if ends and not shooter_wins else "add"
    else:
        way = mode
    return (added if way == "add" else subtracted), way


@settings(max_examples=200, deadline=None)
@given(games())
def test_every_hand_adds_up_as_the_rules_say(game: tuple[Setup, list[dict[str, Any]]]) -> None:
    setup, hands = game
    count = len(setup.players)
    jack = setup.options["jack_of_diamonds"]
    inputs: list[dict[str, Any]] = []
    totals = dict.fromkeys(setup.players, 0)
    for raw in hands:
        if replay(hearts, setup, inputs).finished:
            break
        inputs.append(raw)
        standings = replay(hearts, setup, inputs)
        result = standings.rounds[-1]
        expected, way = _expected_scores(setup, raw, totals)
        assert dict(result.scores) == expected
        assert result.details.moon_applied == way
        hand_sum = {None: 26, "add": 26 * (count - 1), "subtract": -26}[way] - (10 if jack else 0)
        assert sum(result.scores.values()) == hand_sum
        if way == "add" and count == 4:
            assert hand_sum == (68 if jack else 78)
        totals = {player: totals[player] + expected[player] for player in setup.players}
        assert dict(standings.totals) == totals
        assert dict(result.totals) == totals
        finished = max(totals.values()) >= setup.options["target"]
        assert standings.status == ("finished" if finished else "playing")
        lowest = min(totals.values())
        assert standings.winners == (tuple(p for p in setup.players if totals[p] == lowest) if finished else ())


@settings(max_examples=150, deadline=None)
@given(games())
def test_replay_is_deterministic_and_prefixes_agree(game: tuple[Setup, list[dict[str, Any]]]) -> None:
    setup, hands = game
    inputs: list[dict[str, Any]] = []
    for raw in hands:
        if replay(hearts, setup, inputs).finished:
            break
        inputs.append(raw)
    full = replay(hearts, setup, inputs)
    assert replay(hearts, setup, [dict(raw) for raw in inputs]) == full
    assert replay(hearts, setup, [result.input for result in full.rounds]) == full
    prefix: Standings = replay(hearts, setup, inputs[:-1])
    assert prefix.rounds == full.rounds[:-1]
    zeros = dict.fromkeys(setup.players, 0)
    assert dict(prefix.totals) == (dict(full.rounds[-2].totals) if len(inputs) > 1 else zeros)
    assert prefix.status == "playing"
    assert prefix.next is not None
    number = len(inputs)
    assert {key: value for key, value in prefix.next.as_json().items() if key != "near_target"} == (
        hearts.next_hand(setup, number).as_json()
    )
    assert full.rounds[-1].details.dealer == prefix.next.dealer


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_points_rows_that_add_up_score_as_written(data: st.DataObject) -> None:
    count = data.draw(st.integers(3, 7))
    players = [f"P{seat}" for seat in range(1, count + 1)]
    queen_points = data.draw(st.integers(13, 25))
    rest = 26 - queen_points
    cuts = sorted(data.draw(st.lists(st.integers(0, rest), min_size=count - 2, max_size=count - 2)))
    bounds = [0, *cuts, rest]
    others = [bounds[index + 1] - bounds[index] for index in range(count - 1)]
    seat = data.draw(st.integers(0, count - 1))
    values = [*others[:seat], queen_points, *others[seat:]]
    row = points(players, values)
    standings = replay(hearts, setup_of(players, {"moon": data.draw(st.sampled_from(MOON_MODES))}), [row])
    assert dict(standings.rounds[0].scores) == by_seat(players, values)
    assert words(standings.rounds[0].events) == ()
