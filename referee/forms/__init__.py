"""HTML forms: CSRF through Flask-WTF, and the translation of posted fields
into the same JSON input the API takes, so the rules validate both alike.

Each game has one round form module beside this one: it turns the posted
fields into a round input, and a stored input back into field values for a
correction.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Protocol, overload

from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict

from ..games.base import Game, Option, Setup

_WHOLE_NUMBER = re.compile(r"^[-+]?\d{1,9}$")


@overload
def posted_count(text: str | None) -> int | None: ...


@overload
def posted_count(text: str | None, default: int) -> int: ...


def posted_count(text: str | None, default: int | None = None) -> int | None:
    """A posted seat or round number: ASCII digits only (``int("²")`` would fail), else ``default``."""
    if text is None or not (text.isascii() and text.isdigit()):
        return default
    return int(text)


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
    seat = posted_count(form.get("dealer", "0"))
    dealer = typed[seat] if seat is not None and seat < len(typed) and typed[seat].strip() else None
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
    if field_name not in limits or not _WHOLE_NUMBER.match(change.removeprefix("=")):
        return
    low, high = limits[field_name]
    current = form_number(values.get(field_name))
    start = current if isinstance(current, int) else 0
    wanted = int(change[1:]) if change.startswith("=") else start + int(change)
    values[field_name] = str(min(high, max(low, wanted)))


class RoundForm(Protocol):
    def to_input(self, form: Mapping[str, str], setup: Setup) -> dict[str, Any]: ...

    def values(
        self, setup: Setup, round_input: Mapping[str, Any] | None, next_round: Mapping[str, Any] | None
    ) -> dict[str, str]:
        """Field values to show: a stored input for a correction, else defaults from what comes next."""
        ...

    def limits(self, setup: Setup) -> dict[str, tuple[int, int]]: ...


def seat_name(setup: Setup, value: str | None) -> str | None:
    """A player posted as a seat number; anything else is passed on for the rules to refuse."""
    seat = posted_count(value)
    if seat is not None and seat < len(setup.players):
        return setup.players[seat]
    return value if value else None


def _registry() -> dict[str, RoundForm]:
    from .hearts import HeartsRoundForm
    from .piquet import PiquetRoundForm
    from .queenie import QueenieRoundForm

    return {"hearts": HeartsRoundForm(), "queenie": QueenieRoundForm(), "piquet": PiquetRoundForm()}


ROUND_FORMS = _registry()
