"""The Hearts round form: hearts taken per seat, the queen (and jack) by seat, or paper points."""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from ..base import N_, Setup
from ..fields import form_number, posted_count, seat_name
from .rules import HEARTS_PER_HAND

_LABELS: dict[str, tuple[str, dict[str, Any]]] = {
    "hearts": (N_("Hearts taken"), {}),
    "queen": (N_("Who took the queen of spades"), {}),
    "jack": (N_("Who took the jack of diamonds"), {}),
    "moon_choice": (N_("Shooting the moon"), {}),
    "points": (N_("Points from a paper sheet"), {}),
}


@dataclass(frozen=True)
class HeartsRoundForm:
    """Hearts taken per seat (``hearts-0``…), the queen and jack by seat, or paper points."""

    def to_input(self, form: Mapping[str, str], setup: Setup) -> dict[str, Any]:
        prefix = "points" if form.get("mode") == "points" else "hearts"
        counts: dict[str, Any] = {
            player: form_number(form.get(f"{prefix}-{seat}")) for seat, player in enumerate(setup.players)
        }
        if prefix == "hearts":
            counts = dict(zip(counts, effective_counts(list(counts.values())), strict=True))
        round_input: dict[str, Any] = {prefix: counts}
        if prefix == "hearts":
            round_input["queen"] = seat_name(setup, form.get("queen"))
            if setup.options["jack_of_diamonds"]:
                round_input["jack"] = seat_name(setup, form.get("jack"))
        if form.get("moon_choice"):
            round_input["moon_choice"] = form["moon_choice"]
        return round_input

    def values(
        self, setup: Setup, round_input: Mapping[str, Any] | None, next_round: Mapping[str, Any] | None
    ) -> dict[str, str]:
        if round_input is None:
            return {}
        values: dict[str, str] = {}
        if "points" in round_input:
            values["mode"] = "points"
            for seat, player in enumerate(setup.players):
                values[f"points-{seat}"] = str(round_input["points"][player])
        else:
            for seat, player in enumerate(setup.players):
                values[f"hearts-{seat}"] = str(round_input["hearts"][player])
            for key in ("queen", "jack"):
                if round_input.get(key) in setup.players:
                    values[key] = str(setup.seat(round_input[key]))
        if "moon_choice" in round_input:
            values["moon_choice"] = round_input["moon_choice"]
        return values

    def limits(self, setup: Setup) -> dict[str, tuple[int, int]]:
        return {f"hearts-{seat}": (0, HEARTS_PER_HAND) for seat in range(len(setup.players))}

    def facts(self, setup: Setup, values: Mapping[str, str]) -> dict[str, Any]:
        """What the form shows from the values it holds: the hearts left and, for each player left
        empty, the count they will be given (shown as the field's placeholder)."""
        typed = [form_number(values.get(f"hearts-{seat}")) for seat in range(len(setup.players))]
        effective = effective_counts(typed)
        return {
            "left": HEARTS_PER_HAND - sum(count for count in typed if isinstance(count, int)),
            "filled": {
                f"hearts-{seat}": str(count)
                for seat, (given, count) in enumerate(zip(typed, effective, strict=True))
                if given is None and isinstance(count, int)
            },
        }

    def label(self, field: str, setup: Setup, next_round: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
        """The hand's fields in words for the refusals; a player's own field is their name."""
        return _LABELS.get(field)

    def command(self, values: MutableMapping[str, str], command: str, setup: Setup) -> bool:
        """The one-tap moon, ``moon:<seat>``: that player took every heart and the queen, the others none."""
        name, _, seat_text = command.partition(":")
        seat = posted_count(seat_text)
        if name != "moon" or seat is None or seat >= len(setup.players):
            return False
        values["mode"] = "cards"
        for other in range(len(setup.players)):
            values[f"hearts-{other}"] = str(HEARTS_PER_HAND if other == seat else 0)
        values["queen"] = str(seat)
        return True


def effective_counts(typed: list[Any]) -> list[Any]:
    """The hearts as the rules take them from what was typed (None for an empty field).

    Once the counts typed add up to 13, every player left empty took none; before that, one
    player left empty takes the hearts left. Anything else stays as typed, for the rules to
    refuse. app.js's ``effectiveCounts`` does the same (tests/browser/test_scripts_match_rules.py).
    """
    blanks = [index for index, count in enumerate(typed) if count is None]
    numbers = [count for count in typed if isinstance(count, int)]
    if not blanks or len(blanks) + len(numbers) != len(typed):
        return list(typed)
    left = HEARTS_PER_HAND - sum(numbers)
    if left == 0 or (len(blanks) == 1 and left > 0):
        return [left if count is None else count for count in typed]
    return list(typed)
