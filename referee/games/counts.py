"""A count per player out of a total the round knows (hearts taken in a hand, tricks won): the count picker.

The round form of a game makes one :class:`CountPicker` and gives it the round's total; the page
shows it with the ``count_row`` macro of ``templates/widgets.html`` (a stepper and a chip per count),
and ``static/widgets.js`` does in the page what :func:`effective_counts` does here (held together by
tests/browser/test_scripts_match_rules.py). Pure Python: no Flask.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import Setup
from .fields import form_number

Typed = int | str | None
"""A count as typed: a whole number, anything else as typed (for the rules to refuse), None if empty."""


def effective_counts(typed: Sequence[Typed], total: int) -> list[Typed]:
    """The counts as the rules take them from what was typed (None for an empty field).

    Once the counts typed add up to the total, every player left empty has none; before that, one
    player left empty gets what is left. Anything else stays as typed, for the rules to refuse.
    """
    blanks = [index for index, count in enumerate(typed) if count is None]
    numbers = [count for count in typed if isinstance(count, int)]
    if not blanks or len(blanks) + len(numbers) != len(typed):
        return list(typed)
    left = total - sum(numbers)
    if left == 0 or (len(blanks) == 1 and left > 0):
        return [left if count is None else count for count in typed]
    return list(typed)


@dataclass(frozen=True)
class CountPicker:
    """The fields ``<prefix>-<seat>``: each player's count out of the round's total."""

    prefix: str

    def field(self, seat: int) -> str:
        return f"{self.prefix}-{seat}"

    def typed(self, values: Mapping[str, str], setup: Setup) -> list[Typed]:
        return [form_number(values.get(self.field(seat))) for seat in range(len(setup.players))]

    def waiting(self, form: Mapping[str, str], setup: Setup) -> frozenset[str]:
        """The counts left empty while another cannot be read (``hearts.Bo``): what they get depends on it."""
        typed = self.typed(form, setup)
        if not any(isinstance(count, str) for count in typed):
            return frozenset()
        return frozenset(
            f"{self.prefix}.{player}" for player, count in zip(setup.players, typed, strict=True) if count is None
        )

    def counts(self, form: Mapping[str, str], setup: Setup, total: int) -> dict[str, Typed]:
        """Each player's count as the rules take it (the one left empty gets the rest)."""
        return dict(zip(setup.players, effective_counts(self.typed(form, setup), total), strict=True))

    def values(self, counts: Mapping[str, Any], setup: Setup) -> dict[str, str]:
        """The fields showing stored counts (a correction)."""
        return {self.field(seat): str(counts[player]) for seat, player in enumerate(setup.players)}

    def limits(self, setup: Setup, total: int) -> dict[str, tuple[int, int]]:
        """What a stepper or chip press may set each field to, without JavaScript."""
        return {self.field(seat): (0, total) for seat in range(len(setup.players))}

    def shown(self, values: Mapping[str, str], setup: Setup, total: int) -> dict[str, Any]:
        """What the picker shows from the values it holds: the count left (``left``) and, for each
        field left empty that will be given a count, that count (``filled``: its placeholder)."""
        typed = self.typed(values, setup)
        effective = effective_counts(typed, total)
        return {
            "left": total - sum(count for count in typed if isinstance(count, int)),
            "filled": {
                self.field(seat): str(count)
                for seat, (given, count) in enumerate(zip(typed, effective, strict=True))
                if given is None and isinstance(count, int)
            },
        }
