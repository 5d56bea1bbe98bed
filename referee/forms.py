"""HTML forms: CSRF through Flask-WTF, and the translation of posted fields
into the same JSON input the API takes, so the rules validate both alike.

Each game has one round form here: it turns the posted fields into a round
input, and a stored input back into field values for a correction.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict

from .games.base import Game, Option, Setup

_WHOLE_NUMBER = re.compile(r"^[-+]?\d{1,9}$")


class CsrfForm(FlaskForm):
    """Every page form posts through this for its CSRF token; fields are read by the round forms."""


def form_number(text: str | None) -> int | str | None:
    """A typed number as int; blank as None; anything else as typed, for the rules to refuse."""
    if text is None or not text.strip():
        return None
    cleaned = text.strip().replace("−", "-")
    return int(cleaned) if _WHOLE_NUMBER.match(cleaned) else cleaned


def option_value(option: Option, form: Mapping[str, str]) -> Any:
    raw = form.get(f"option-{option.name}")
    if option.kind == "bool":
        return raw in ("on", "true", "1")
    if raw is None or raw == "" or raw == "none":
        return None if option.nullable else raw
    if option.kind == "int":
        return form_number(raw)
    for value, _label in option.choices:
        if str(value) == raw:
            return value
    return raw


def new_game_input(game: Game, form: Mapping[str, str]) -> tuple[list[str], dict[str, Any], str | None]:
    """Players (blank fields skipped), options and first dealer from the new-game form."""
    typed = [form.get(f"player-{index}", "") for index in range(game.max_players)]
    players = [name for name in typed if name.strip()]
    dealer_field = form.get("dealer", "0")
    dealer = None
    if dealer_field.isdigit() and int(dealer_field) < len(typed) and typed[int(dealer_field)].strip():
        dealer = typed[int(dealer_field)]
    # An unchecked box is absent from a post; any other absent option keeps its default.
    options = {
        option.name: option_value(option, form)
        for option in game.options
        if option.kind == "bool" or f"option-{option.name}" in form
    }
    return players, options, dealer


def adjust(values: MultiDict[str, str], command: str, limits: Mapping[str, tuple[int, int]]) -> None:
    """Apply a stepper or chip press ("field:+1", "field:=4") without JavaScript, within limits."""
    field_name, _, change = command.rpartition(":")
    if field_name not in limits or not _WHOLE_NUMBER.match(change.lstrip("=")):
        return
    low, high = limits[field_name]
    current = form_number(values.get(field_name))
    start = current if isinstance(current, int) else 0
    wanted = int(change[1:]) if change.startswith("=") else start + int(change)
    values[field_name] = str(min(high, max(low, wanted)))


class RoundForm(Protocol):
    def to_input(self, form: Mapping[str, str], setup: Setup) -> dict[str, Any]: ...

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None) -> dict[str, str]: ...

    def limits(self, setup: Setup) -> dict[str, tuple[int, int]]: ...


def _seat_name(setup: Setup, value: str | None) -> str | None:
    if value is not None and value.isdigit() and int(value) < len(setup.players):
        return setup.players[int(value)]
    return value if value else None


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
            if len(blanks) == 1 and len(typed) == len(counts) - 1 and sum(typed) <= 13:
                counts[blanks[0]] = 13 - sum(typed)
        round_input: dict[str, Any] = {prefix: counts}
        if prefix == "hearts":
            round_input["queen"] = _seat_name(setup, form.get("queen"))
            if setup.options["jack_of_diamonds"]:
                round_input["jack"] = _seat_name(setup, form.get("jack"))
        if form.get("moon_choice"):
            round_input["moon_choice"] = form["moon_choice"]
        return round_input

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None) -> dict[str, str]:
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
        return {f"hearts-{seat}": (0, 13) for seat in range(len(setup.players))}


ROUND_FORMS: dict[str, RoundForm] = {"hearts": HeartsRoundForm()}
