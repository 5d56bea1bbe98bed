"""The Hearts round form: hearts taken per seat, the queen (and jack) by seat, or paper points."""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from ..base import N_, Next, Setup
from ..counts import CountPicker
from ..fields import Label, RoundForm, flip_signed, form_number, posted_count, seat_name
from .rules import HEARTS_PER_HAND

HEARTS = CountPicker("hearts")  # hearts-0…: the hearts each seat took, out of the 13 of a hand

_LABELS: dict[str, tuple[str, dict[str, Any]]] = {
    "hearts": (N_("Hearts taken"), {}),
    "queen": (N_("Who took the queen of spades"), {}),
    "jack": (N_("Who took the jack of diamonds"), {}),
    "moon_choice": (N_("Shooting the moon"), {}),
    "points": (N_("Points from a paper sheet"), {}),
}


@dataclass(frozen=True)
class HeartsRoundForm(RoundForm):
    """Hearts taken per seat (``hearts-0``…), the queen and jack by seat, or paper points."""

    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        if form.get("mode") == "points":
            round_input: dict[str, Any] = {
                "points": {player: form_number(form.get(f"points-{seat}")) for seat, player in enumerate(setup.players)}
            }
        else:
            round_input = {"hearts": HEARTS.counts(form, setup, HEARTS_PER_HAND)}
            round_input["queen"] = seat_name(setup, form.get("queen"))
            if setup.options["jack_of_diamonds"]:
                round_input["jack"] = seat_name(setup, form.get("jack"))
        if form.get("moon_choice"):
            round_input["moon_choice"] = form["moon_choice"]
        return round_input

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        if round_input is None:
            return {}
        values: dict[str, str] = {}
        if "points" in round_input:
            values["mode"] = "points"
            for seat, player in enumerate(setup.players):
                values[f"points-{seat}"] = str(round_input["points"][player])
        else:
            values.update(HEARTS.values(round_input["hearts"], setup))
            for key in ("queen", "jack"):
                if round_input.get(key) in setup.players:
                    values[key] = str(setup.seat(round_input[key]))
        if "moon_choice" in round_input:
            values["moon_choice"] = round_input["moon_choice"]
        return values

    def limits(self, setup: Setup, entered: Next | None) -> dict[str, tuple[int, int]]:
        return HEARTS.limits(setup, HEARTS_PER_HAND)

    def waiting(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> frozenset[str]:
        return frozenset() if form.get("mode") == "points" else HEARTS.waiting(form, setup)

    def facts(self, setup: Setup, values: Mapping[str, str], entered: Next | None) -> dict[str, Any]:
        """What the form shows from the values it holds: the hearts left and, for each player left
        empty, the count they will be given (shown as the field's placeholder); and the seat that shot
        the moon with the cards entered (``moon_seat``, None if nobody did): the moon choice is asked
        in that player's row, where the moon was tapped."""
        counts = HEARTS.counts(values, setup, HEARTS_PER_HAND)
        queen = seat_name(setup, values.get("queen"))
        cards = values.get("mode") != "points"
        moon_seat = setup.seat(queen) if cards and queen in counts and counts[queen] == HEARTS_PER_HAND else None
        return {**HEARTS.shown(values, setup, HEARTS_PER_HAND), "moon_seat": moon_seat}

    def label(self, field: str, setup: Setup, entered: Next | None) -> Label | None:
        """The hand's fields in words for the refusals; a player's own field is their name."""
        return _LABELS.get(field)

    def command(self, values: MutableMapping[str, str], command: str, setup: Setup, entered: Next | None) -> bool:
        """The one-tap moon, ``moon:<seat>``: that player took every heart and the queen, the others none;
        or a paper points field's ± (``sign:points-<seat>``)."""
        if flip_signed(values, command, [f"points-{seat}" for seat in range(len(setup.players))]):
            values["mode"] = "points"
            return True
        name, _, seat_text = command.partition(":")
        seat = posted_count(seat_text)
        if name != "moon" or seat is None or seat >= len(setup.players):
            return False
        values["mode"] = "cards"
        for other in range(len(setup.players)):
            values[HEARTS.field(other)] = str(HEARTS_PER_HAND if other == seat else 0)
        values["queen"] = str(seat)
        return True
