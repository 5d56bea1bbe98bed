"""Posted form fields into the rules' input: the helpers every game's round form uses.

Pure Python (no Flask): a round form turns the posted fields into the same JSON input the
API takes, so the rules validate both alike, and a stored input back into field values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableMapping
from typing import Any, Protocol, overload

from .base import Setup

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


def form_number(text: str | None) -> int | str | None:
    """A typed number as int; blank as None; anything else as typed, for the rules to refuse."""
    if text is None or not text.strip():
        return None
    cleaned = text.strip().replace("−", "-")
    return int(cleaned) if _WHOLE_NUMBER.match(cleaned) else cleaned


def seat_name(setup: Setup, value: str | None) -> str | None:
    """A player posted as a seat number; anything else is passed on for the rules to refuse."""
    seat = posted_count(value)
    if seat is not None and seat < len(setup.players):
        return setup.players[seat]
    return value if value else None


def adjust(values: MutableMapping[str, str], command: str, limits: Mapping[str, tuple[int, int]]) -> None:
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
