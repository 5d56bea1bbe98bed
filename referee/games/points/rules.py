"""Points, the score sheet of any other game, as in ``shared/rules/points.md``.

Each round every player scores a whole number, written down as the table counted it. The game
ends at a target, after a number of rounds, or whichever of the two comes first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import (
    N_,
    Details,
    Next,
    Option,
    RoundResult,
    Setup,
    Standings,
    best,
    invalid,
    only_fields,
    per_player,
    rank,
    whole_number,
)

name = "points"
title = N_("Points")
min_players = 2
max_players = 12

MOST_POINTS = 100_000  # in size, either way, for one player in one round

options: tuple[Option, ...] = (
    Option(
        "target",
        "int",
        100,
        N_("Target"),
        N_(
            "The game ends after the round in which a total reaches this score (1 to 1000000)."
            " Leave it empty to play a number of rounds instead."
        ),
        minimum=1,
        maximum=1_000_000,
        nullable=True,
        none_label=N_("no target"),
    ),
    Option(
        "rounds",
        "int",
        None,
        N_("Number of rounds"),
        N_("The game ends after this many rounds (1 to 1000); with a target too, whichever comes first."),
        minimum=1,
        maximum=1000,
        nullable=True,
        none_label=N_("no limit"),
    ),
    Option("low_wins", "bool", False, N_("Lowest total wins"), N_("Otherwise the highest total wins.")),
    Option(
        "round_total",
        "int",
        None,
        N_("Points in every round"),
        N_(
            "When set, the points of every round must add up to this (−100000 to 100000):"
            " 162 in Belote, 0 when what one player wins the others lose."
        ),
        minimum=-MOST_POINTS,
        maximum=MOST_POINTS,
        nullable=True,
    ),
    Option(
        "tie",
        "choice",
        "share",
        N_("Tie for the lead"),
        N_(
            "What happens when the game ends with two or more players in the lead."
            " Playing on extends a number of rounds one round at a time."
        ),
        choices=(("share", N_("they share the victory")), ("play_on", N_("play more rounds until one leads"))),
    ),
)

_FIELDS = ("points",)


@dataclass(frozen=True)
class State:
    rounds: tuple[RoundResult[Details], ...]
    totals: Mapping[str, int]
    ended_at: int | None = None  # the round after which the target or the number of rounds was first met


def check_setup(setup: Setup) -> None:
    """A game needs a way to end: a target, a number of rounds, or both."""
    if setup.options["target"] is None and setup.options["rounds"] is None:
        raise invalid("options.target", N_("Set a target, a number of rounds, or both: the game needs an end."))


def dealer_of(setup: Setup, number: int) -> str:
    """Who deals round ``number`` (1-based): the deal passes clockwise, one seat each round."""
    return setup.players[(setup.dealer + number - 1) % len(setup.players)]


def initial(setup: Setup) -> State:
    return State(rounds=(), totals={player: 0 for player in setup.players})


def _points(value: Any, field_name: str) -> int:
    return whole_number(value, field_name, -MOST_POINTS, MOST_POINTS)


def check_round(setup: Setup, state: State, raw: Any) -> dict[str, Any]:
    """The round in canonical form: a whole number for every player, adding up to the round total if set."""
    fields = only_fields(raw, _FIELDS)
    points = per_player(setup, fields.get("points"), "points", _points)
    expected = setup.options["round_total"]
    total = sum(points.values())
    if expected is not None and total != expected:
        raise invalid(
            "points",
            N_("The points of one round must add up to %(expected)s (they add up to %(total)s)."),
            expected=expected,
            total=total,
        )
    return {"points": points}


def _high_wins(setup: Setup) -> bool:
    return not setup.options["low_wins"]


def _end_met(setup: Setup, number: int, totals: Mapping[str, int]) -> bool:
    """Whether the target or the number of rounds ends the game after round ``number``."""
    target = setup.options["target"]
    rounds = setup.options["rounds"]
    reached = target is not None and max(totals.values()) >= target
    return reached or (rounds is not None and number >= rounds)


def play(setup: Setup, state: State, round_input: Mapping[str, Any]) -> State:
    number = len(state.rounds) + 1
    scores = {player: round_input["points"][player] for player in setup.players}
    totals = {player: state.totals[player] + scores[player] for player in setup.players}
    ended_at = state.ended_at
    if ended_at is None and _end_met(setup, number, totals):
        ended_at = number
    result = RoundResult(number, dict(round_input), scores, totals, (), Details(dealer_of(setup, number)))
    return State(rounds=state.rounds + (result,), totals=totals, ended_at=ended_at)


def leaders(setup: Setup, totals: Mapping[str, int]) -> tuple[str, ...]:
    return best(totals, high_wins=_high_wins(setup))


def is_over(setup: Setup, state: State) -> bool:
    """Over once the end is met, unless the leaders are tied and the table plays on until one leads."""
    if state.ended_at is None:
        return False
    return setup.options["tie"] == "share" or len(leaders(setup, state.totals)) == 1


def standings(setup: Setup, state: State) -> Standings:
    over = is_over(setup, state)
    next_info = None
    if not over:
        number = len(state.rounds) + 1
        # The leaders tied at the end, when this round is played to part them (play on).
        tied = list(leaders(setup, state.totals)) if state.ended_at is not None else []
        next_info = Next(round=number, dealer=dealer_of(setup, number), facts={"tied": tied})
    return Standings(
        rounds=state.rounds,
        totals=state.totals,
        status="finished" if over else "playing",
        winners=leaders(setup, state.totals) if over else (),
        ranking=rank(state.totals, high_wins=_high_wins(setup)),
        next=next_info,
    )
