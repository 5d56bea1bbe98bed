"""The Hearts round form: hearts taken per seat, the queen (and jack) by seat, or paper points."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import Setup
from ..fields import form_number, seat_name
from .rules import HEARTS_PER_HAND


@dataclass(frozen=True)
class HeartsRoundForm:
    """Hearts taken per seat (``hearts-0``…), the queen and jack by seat, or paper points."""

    def to_input(self, form: Mapping[str, str], setup: Setup) -> dict[str, Any]:
        prefix = "points" if form.get("mode") == "points" else "hearts"
        counts: dict[str, Any] = {
            player: form_number(form.get(f"{prefix}-{seat}")) for seat, player in enumerate(setup.players)
        }
        if prefix == "hearts":
            blanks = [player for player, count in counts.items() if count is None]
            typed = [count for count in counts.values() if isinstance(count, int)]
            # One player left blank takes the hearts nobody else took.
            if len(blanks) == 1 and len(typed) == len(counts) - 1 and sum(typed) <= HEARTS_PER_HAND:
                counts[blanks[0]] = HEARTS_PER_HAND - sum(typed)
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
