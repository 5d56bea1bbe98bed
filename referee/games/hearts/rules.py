"""Hearts (Dame de Pique, Black Lady) as in ``shared/rules/hearts.md``."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import (
    N_,
    Details,
    Invalid,
    Next,
    Option,
    Problem,
    RoundResult,
    Setup,
    Standings,
    best,
    invalid,
    only_fields,
    per_player,
    player_name,
    rank,
    whole_number,
)
from .events import Moon, MoonSubtracted, Reset

name = "hearts"
title = N_("Hearts")
min_players = 3
max_players = 7

HEARTS_PER_HAND = 13
QUEEN_POINTS = 13
MOON_POINTS = 26
JACK_POINTS = -10

# players -> (cards removed before dealing, cards each, first lead)
DECK_PREPARATION: dict[int, tuple[tuple[str, ...], int, str]] = {
    3: (("2D",), 17, "2C"),
    4: ((), 13, "2C"),
    5: (("2D", "2C"), 10, "3C"),
    6: (("2D", "3D", "3C", "4C"), 8, "2C"),
    7: (("2D", "3D", "3C"), 7, "2C"),
}

options: tuple[Option, ...] = (
    Option(
        "target",
        "int",
        100,
        N_("Target"),
        N_("The game ends after the hand in which someone reaches this total."),
        minimum=10,
        maximum=1000,
    ),
    Option(
        "hands",
        "int",
        None,
        N_("Number of hands"),
        N_("Play exactly this many hands instead of playing to the target (tournament play)."),
        minimum=1,
        maximum=1000,
        nullable=True,
        none_label=N_("no limit: play to the target"),
    ),
    Option(
        "moon",
        "choice",
        "add",
        N_("Shooting the moon"),
        N_("A player who takes all 13 hearts and the queen of spades."),
        choices=(
            ("add", N_("the others score 26")),
            ("subtract", N_("the shooter scores −26")),
            ("choice", N_("the shooter chooses each time")),
            ("safety", N_("the others score 26, unless that would make the shooter lose")),
            ("off", N_("no moon: the shooter takes 26")),
        ),
    ),
    Option(
        "jack_of_diamonds",
        "bool",
        False,
        N_("Jack of diamonds −10"),
        N_("Omnibus: whoever takes the jack of diamonds scores −10."),
    ),
    Option(
        "pass_cycle",
        "choice",
        "standard",
        N_("Passing"),
        N_("Where the passed cards go, hand after hand."),
        choices=(
            ("standard", N_("left, right, across, keep (across only with 4 or 6)")),
            ("left-right", N_("left, right, and again; never keep")),
            ("extended", N_("left, right, 2 left, 2 right … then keep")),
        ),
    ),
    Option("pass_count", "int", 3, N_("Cards passed"), N_("How many cards each player passes."), minimum=1, maximum=4),
    Option(
        "exact_reset",
        "choice",
        None,
        N_("Exactly on the target"),
        N_("House rule: a player landing exactly on the target goes back to this score."),
        choices=((0, N_("back to 0")), (50, N_("back to 50"))),
        nullable=True,
        none_label=N_("no reset"),
    ),
    Option(
        "tie",
        "choice",
        "share",
        N_("Tie for the lowest"),
        N_("What happens when the game ends with two or more players lowest."),
        choices=(("share", N_("they share the victory")), ("play_on", N_("play more hands until one is lowest"))),
    ),
    Option(
        "first_trick_points",
        "bool",
        False,
        N_("Points on the first trick"),
        N_("Allow hearts and the queen of spades on the first trick."),
    ),
    Option(
        "queen_breaks_hearts",
        "bool",
        False,
        N_("Queen breaks hearts"),
        N_("Hearts may be led once the queen of spades has been played."),
    ),
)

_CARDS_FIELDS = ("hearts", "queen", "jack", "moon_choice")
_POINTS_FIELDS = ("points", "moon_choice")


@dataclass(frozen=True)
class HandDetails(Details):
    """A hand for the pages: who shot the moon, how it was applied ("add" or "subtract"), whose
    total the exact-reset house rule set back to zero."""

    shooter: str | None
    moon_applied: str | None
    resets: list[str]


@dataclass(frozen=True)
class State:
    rounds: tuple[RoundResult[HandDetails], ...]
    totals: Mapping[str, int]


def check_setup(setup: Setup) -> None:
    """A reset goes with a target above it, and never with a number of hands (the target then ends nothing)."""
    reset = setup.options["exact_reset"]
    if reset is None:
        return
    if setup.options["hands"] is not None:
        raise invalid(
            "options.exact_reset",
            N_("A reset on the target cannot be chosen with a number of hands: the target then ends nothing."),
        )
    if reset >= setup.options["target"]:
        raise invalid("options.exact_reset", N_("The reset score must be below the target."))


def pass_cycle(players: int, cycle: str) -> list[tuple[str, int]]:
    """The passes of one cycle as (label, seats to the left the cards go)."""
    if cycle == "left-right":
        return [("left", 1), ("right", -1)]
    across = [("across", players // 2)] if players % 2 == 0 else []
    if cycle == "extended":
        steps: list[tuple[str, int]] = []
        for distance in range(1, (players - 1) // 2 + 1):
            prefix = "" if distance == 1 else f"{distance} "
            steps += [(f"{prefix}left", distance), (f"{prefix}right", -distance)]
        return steps + across + [("hold", 0)]
    if players in (4, 6):
        return [("left", 1), ("right", -1)] + across + [("hold", 0)]
    return [("left", 1), ("right", -1), ("hold", 0)]


def hand_points(options: Mapping[str, Any]) -> int:
    """What the points of one hand add up to before any moon rule: 26, or 16 with the jack."""
    jack = JACK_POINTS if options["jack_of_diamonds"] else 0
    return HEARTS_PER_HAND + QUEEN_POINTS + jack


def next_hand(setup: Setup, number: int) -> Next:
    """What the table does before hand ``number`` (1-based)."""
    players = setup.players
    count = len(players)
    removed, cards_each, first_lead = DECK_PREPARATION[count]
    cycle = pass_cycle(count, setup.options["pass_cycle"])
    direction, distance = cycle[(number - 1) % len(cycle)]
    passes = (
        {} if distance == 0 else {player: players[(seat + distance) % count] for seat, player in enumerate(players)}
    )
    facts = {
        "pass": direction,
        "pass_count": 0 if distance == 0 else setup.options["pass_count"],
        "passes": passes,
        "first_lead": first_lead,
        "removed": list(removed),
        "cards_each": cards_each,
    }
    return Next(round=number, dealer=dealer_of(setup, number), facts=facts)


def dealer_of(setup: Setup, number: int) -> str:
    """Who deals hand ``number`` (1-based): the deal moves one seat each hand."""
    return setup.players[(setup.dealer + number - 1) % len(setup.players)]


def initial(setup: Setup) -> State:
    return State(rounds=(), totals={player: 0 for player in setup.players})


def check_round(setup: Setup, state: State, raw: Any) -> dict[str, Any]:
    """The hand in canonical form: cards taken, or points copied from paper."""
    jack_on = setup.options["jack_of_diamonds"]
    if isinstance(raw, dict) and "points" in raw:
        fields = only_fields(raw, _POINTS_FIELDS)
        round_input: dict[str, Any] = {"points": _check_points(setup, fields["points"])}
        shooter = _points_shooter(setup, round_input["points"])
    else:
        fields = only_fields(raw, _CARDS_FIELDS)
        problems: list[Problem] = []
        round_input = {}
        for key, check in (
            ("hearts", lambda value: per_player(setup, value, "hearts", _hearts_count)),
            ("queen", lambda value: player_name(setup, value, "queen")),
        ):
            try:
                round_input[key] = check(fields.get(key))
            except Invalid as error:
                problems.extend(error.problems)
        if jack_on:
            try:
                round_input["jack"] = player_name(setup, fields.get("jack"), "jack")
            except Invalid as error:
                problems.extend(error.problems)
        elif fields.get("jack") is not None:
            problems.append(Problem("jack", N_("The jack of diamonds does not count in this game.")))
        if "hearts" in round_input:
            taken = sum(round_input["hearts"].values())
            if taken != HEARTS_PER_HAND:
                problems.append(
                    Problem(
                        "hearts", N_("The hearts taken must add up to 13 (they add up to %(total)s)."), {"total": taken}
                    )
                )
        if problems:
            raise Invalid(problems)
        shooter = _cards_shooter(round_input)
    choice = fields.get("moon_choice")
    if setup.options["moon"] == "choice" and shooter is not None:
        if choice not in ("add", "subtract"):
            raise invalid(
                "moon_choice",
                N_("%(name)s shot the moon: choose whether the others add 26 or %(name)s subtracts 26."),
                name=shooter,
            )
        round_input["moon_choice"] = choice
    elif choice is not None:
        if setup.options["moon"] != "choice":
            raise invalid("moon_choice", N_("In this game the moon rule leaves the shooter no choice."))
        raise invalid("moon_choice", N_("Nobody has a moon to choose for in this hand."))
    return round_input


def _hearts_count(value: Any, field_name: str) -> int:
    return whole_number(value, field_name, 0, HEARTS_PER_HAND)


def _check_points(setup: Setup, value: Any) -> dict[str, int]:
    jack_on = setup.options["jack_of_diamonds"]
    lowest = JACK_POINTS if jack_on else 0
    points = per_player(setup, value, "points", lambda item, where: whole_number(item, where, lowest, MOON_POINTS))
    expected = MOON_POINTS + (JACK_POINTS if jack_on else 0)
    total = sum(points.values())
    if total != expected:
        raise invalid(
            "points",
            N_("The points of one hand must add up to %(expected)s (they add up to %(total)s)."),
            expected=expected,
            total=total,
        )
    if not jack_on and max(points.values()) < QUEEN_POINTS:
        raise invalid("points", N_("Nobody took the queen of spades: someone must have 13 points or more."))
    if not _possible(points, jack_on):
        raise invalid(
            "points",
            N_(
                "No hand gives these points: each player takes 0 to 13 hearts, one player the queen of spades (13)"
                " and one player the jack of diamonds (−10)."
            ),
        )
    return points


def _possible(points: Mapping[str, int], jack_on: bool) -> bool:
    """Whether some hand gives these points: hearts 0 to 13 each, 13 for one player, −10 for one with the jack.

    The points already add up to the hand's total, so the hearts then add up to 13 by themselves.
    """
    players = list(points)
    jack_holders: list[str | None] = list(players) if jack_on else [None]
    for queen in players:
        for jack in jack_holders:
            hearts = (
                value - (QUEEN_POINTS if player == queen else 0) - (JACK_POINTS if player == jack else 0)
                for player, value in points.items()
            )
            if all(0 <= count <= HEARTS_PER_HAND for count in hearts):
                return True
    return False


def _cards_shooter(round_input: Mapping[str, Any]) -> str | None:
    queen = round_input["queen"]
    return queen if round_input["hearts"][queen] == HEARTS_PER_HAND else None


def _points_shooter(setup: Setup, points: Mapping[str, int]) -> str | None:
    """The moon read from a paper row: one player 26 and everyone else 0; with the jack option also one
    player 16 and everyone else 0 (the shooter took the jack too), or one player 26, one −10 and the rest 0."""
    jack_on = setup.options["jack_of_diamonds"]
    for shooter, value in points.items():
        rest = sorted(points[player] for player in points if player != shooter)
        nothing = [0] * len(rest)
        if not jack_on and value == MOON_POINTS and rest == nothing:
            return shooter
        if jack_on and value == MOON_POINTS + JACK_POINTS and rest == nothing:
            return shooter
        if jack_on and value == MOON_POINTS and rest == [JACK_POINTS, *nothing[1:]]:
            return shooter
    return None


def _raw_points(setup: Setup, round_input: Mapping[str, Any]) -> dict[str, int]:
    """Points as the cards fell, before any moon rule."""
    if "points" in round_input:
        return dict(round_input["points"])
    raw = {}
    for player in setup.players:
        points = round_input["hearts"][player]
        points += QUEEN_POINTS if round_input["queen"] == player else 0
        points += JACK_POINTS if round_input.get("jack") == player else 0
        raw[player] = points
    return raw


def _moon(raw: Mapping[str, int], shooter: str, way: str) -> dict[str, int]:
    """The hand's points once the shooter's moon is applied ("add" or "subtract")."""
    if way == "add":
        return {player: points + (-MOON_POINTS if player == shooter else MOON_POINTS) for player, points in raw.items()}
    return {player: points - 2 * MOON_POINTS if player == shooter else points for player, points in raw.items()}


def _after_hand(setup: Setup, totals: Mapping[str, int], scores: Mapping[str, int]) -> tuple[dict[str, int], list[str]]:
    """New totals, with the exact-reset house rule applied."""
    reset = setup.options["exact_reset"]
    target = setup.options["target"]
    new_totals = {}
    resets = []
    for player, total in totals.items():
        value = total + scores[player]
        if reset is not None and setup.options["hands"] is None and value == target:
            value = reset
            resets.append(player)
        new_totals[player] = value
    return new_totals, resets


def _game_over(setup: Setup, hands_played: int, totals: Mapping[str, int]) -> bool:
    if hands_played == 0:
        return False
    hands = setup.options["hands"]
    ended = hands_played >= hands if hands is not None else max(totals.values()) >= setup.options["target"]
    if not ended:
        return False
    return setup.options["tie"] == "share" or len(best(totals, high_wins=False)) == 1


def play(setup: Setup, state: State, round_input: Mapping[str, Any]) -> State:
    number = len(state.rounds) + 1
    raw = _raw_points(setup, round_input)
    shooter = _cards_shooter(round_input) if "hearts" in round_input else _points_shooter(setup, raw)
    moon_rule = setup.options["moon"]
    applied = None
    scores = raw
    if shooter is not None and moon_rule != "off":
        if moon_rule == "safety":
            scores = _moon(raw, shooter, "add")
            totals_if_added, _resets = _after_hand(setup, state.totals, scores)
            loses = shooter not in best(totals_if_added, high_wins=False)
            applied = "subtract" if _game_over(setup, number, totals_if_added) and loses else "add"
        else:
            applied = round_input["moon_choice"] if moon_rule == "choice" else moon_rule
        scores = _moon(raw, shooter, applied)
    totals, resets = _after_hand(setup, state.totals, scores)
    moon = MoonSubtracted if applied == "subtract" else Moon
    events = ([moon(shooter)] if applied is not None and shooter is not None else []) + [Reset(p) for p in resets]
    details = HandDetails(dealer_of(setup, number), shooter, applied, resets)
    result = RoundResult(number, dict(round_input), scores, totals, tuple(events), details)
    return State(rounds=state.rounds + (result,), totals=totals)


def is_over(setup: Setup, state: State) -> bool:
    return _game_over(setup, len(state.rounds), state.totals)


def standings(setup: Setup, state: State) -> Standings:
    over = is_over(setup, state)
    next_info = None
    if not over:
        next_info = next_hand(setup, len(state.rounds) + 1)
        if setup.options["hands"] is None:
            target = setup.options["target"]
            near = [player for player, total in state.totals.items() if total + MOON_POINTS >= target]
            next_info = dataclasses.replace(next_info, facts={**next_info.facts, "near_target": near})
    return Standings(
        rounds=state.rounds,
        totals=state.totals,
        status="finished" if over else "playing",
        winners=best(state.totals, high_wins=False) if over else (),
        ranking=rank(state.totals, high_wins=False),
        next=next_info,
    )
