"""The Points round form: one field per seat (``points-0``…) holding a number or a short sum.

A field may hold a sum such as ``12+11-3``, added up here with a tiny parser of ASCII digits and
``+`` / ``-`` signs (never ``eval``); the API itself takes whole numbers only. ``static/round.js``
adds up the same way for the running total (a browser test holds the two together).

The ± button of a field posts ``adjust=sign:points-<seat>``: the shared :func:`adjust` leaves such a
command alone (``sign`` is no field), and :meth:`PointsRoundForm.shown` flips that field's sign
when the page is shown again, so the sign changes without JavaScript too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import Next, Setup
from ..fields import SHORT_SUM, SIGN_COMMAND, SUM_TERM, RoundForm, cleaned_sum, flip_sign


def parse_sum(text: str | None) -> int | None:
    """The value of a typed number or short sum (``12+11-3``: 20); None for blank or anything else."""
    if text is None:
        return None
    cleaned = cleaned_sum(text)
    if not SHORT_SUM.fullmatch(cleaned):
        return None
    return sum(int(term) for term in SUM_TERM.findall(cleaned))


def field_name(seat: int) -> str:
    return f"points-{seat}"


def posted_points(text: str | None) -> int | str | None:
    """A field as the rules take it: blank as None, a number or sum as int, anything else as typed."""
    if text is None or not text.strip():
        return None
    value = parse_sum(text)
    return text.strip() if value is None else value


@dataclass(frozen=True)
class PointsRoundForm(RoundForm):
    """Fields ``points-<seat>``: each player's points, a number or a short sum."""

    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        return {
            "points": {player: posted_points(form.get(field_name(seat))) for seat, player in enumerate(setup.players)}
        }

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        if round_input is None:
            return {}
        return {field_name(seat): str(round_input["points"][player]) for seat, player in enumerate(setup.players)}

    def shown(self, values: Mapping[str, str], setup: Setup) -> dict[str, str]:
        """Each field as the page shows it, with the sign flipped of the field whose ± was pressed."""
        shown = {field_name(seat): values.get(field_name(seat)) or "" for seat in range(len(setup.players))}
        command = values.get("adjust") or ""
        flipped = command.removeprefix(SIGN_COMMAND) if command.startswith(SIGN_COMMAND) else None
        if flipped in shown:
            shown[flipped] = flip_sign(shown[flipped])
        return shown

    def running_total(self, shown: Mapping[str, str]) -> int:
        """What the fields add up to so far (blanks and what cannot be read count for nothing)."""
        return sum(parse_sum(text) or 0 for text in shown.values())
