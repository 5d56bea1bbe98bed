"""Posted form fields into the rules' input: the helpers every game's round form uses.

Pure Python (no Flask): a round form turns the posted fields into the same JSON input the
API takes, so the rules validate both alike, and a stored input back into field values.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from typing import Any, overload

from .base import Next, Problem, Setup

_WHOLE_NUMBER = re.compile(r"^[-+]?\d{1,9}$")
# The most digits of a posted seat, round or version: int() refuses past 4300 digits (a 500 if unchecked).
MOST_DIGITS = 18


@overload
def posted_count(text: str | None) -> int | None: ...


@overload
def posted_count(text: str | None, default: int) -> int: ...


def posted_count(text: str | None, default: int | None = None) -> int | None:
    """A posted seat or round number: at most :data:`MOST_DIGITS` ASCII digits (``int("²")`` would fail),
    else ``default``."""
    if text is None or len(text) > MOST_DIGITS or not (text.isascii() and text.isdigit()):
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


# The ± beside a signed field (templates/widgets.html sign_button) posts "sign:<field>" without JavaScript.
SIGN_COMMAND = "sign:"
_MINUS = str.maketrans({"−": "-", "–": "-"})  # the minus sign and the en dash people type for one
_SPACES = re.compile(r"[ \t]+")
SHORT_SUM = re.compile(r"[+-]?[0-9]{1,9}(?:[+-][0-9]{1,9}){0,19}")  # a number, or a short sum: 12+11-3
SUM_TERM = re.compile(r"[+-]?[0-9]+")


def cleaned_sum(text: str) -> str:
    """A typed number or sum with ASCII signs and no spaces."""
    return _SPACES.sub("", text.translate(_MINUS))


def flip_sign(text: str) -> str:
    """The field with its sign changed: ``12`` → ``-12``, ``12+11-3`` → ``-12-11+3``, blank → ``-``
    (``static/widgets.js`` flipSign does the same in the page)."""
    cleaned = cleaned_sum(text)
    if cleaned == "":
        return "-"
    if cleaned == "-":
        return ""
    if not SHORT_SUM.fullmatch(cleaned):
        return text
    terms = [term[1:] if term.startswith("-") else "-" + term.lstrip("+") for term in SUM_TERM.findall(cleaned)]
    return "".join(term if index == 0 or term.startswith("-") else "+" + term for index, term in enumerate(terms))


def flip_signed(values: MutableMapping[str, str], command: str, fields: Iterable[str]) -> bool:
    """A ± pressed without JavaScript (``sign:<field>``, one of ``fields``): that field's sign changed."""
    field_name = command.removeprefix(SIGN_COMMAND)
    if not command.startswith(SIGN_COMMAND) or field_name not in fields:
        return False
    values[field_name] = flip_sign(values.get(field_name) or "")
    return True


def form_command(
    round_form: RoundForm, values: MutableMapping[str, str], command: str, setup: Setup, entered: Next | None
) -> None:
    """A button pressed without JavaScript: the form's own command (Hearts' one-tap moon), if it
    takes it, else a stepper or chip press."""
    if not round_form.command(values, command, setup, entered):
        adjust(values, command, round_form.limits(setup, entered))


Label = tuple[str, Mapping[str, Any]]
"""A field in words: an English format string marked with ``N_`` (or ``"%(name)s"``) and its values."""
Labeller = Callable[[str], Label | None]


def round_label(round_form: RoundForm, setup: Setup, entered: Next | None) -> Labeller:
    """A round form's fields in words: the form's own ``label`` first, else the player a field is
    about ("hearts.Bruno", "cards_left.Chloé" are Bruno's and Chloé's)."""

    def label(field_name: str) -> Label | None:
        found = round_form.label(field_name, setup, entered)
        if found is not None:
            return found
        for part in field_name.split("."):
            if part in setup.players:
                return "%(name)s", {"name": part}
        return None

    return label


class RoundForm(ABC):
    """A game's round form: the posted fields into the rules' input and back, and every hook the
    generic pages call, each declared here with its default.

    ``entered`` is the round being entered (or corrected) as the rules see it before it: its
    number, its dealer and the game's own facts (a hand size, who is elder), that is the
    standings' :class:`~referee.games.base.Next` before that round; None once the game is over.
    """

    @abstractmethod
    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        """The posted fields as the round input the rules (and the JSON API) take."""

    @abstractmethod
    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        """Field values to show: a stored input for a correction, else a new round's defaults."""

    def limits(self, setup: Setup, entered: Next | None) -> dict[str, tuple[int, int]]:
        """What a stepper or chip press may set each numeric field to, without JavaScript: none by default."""
        return {}

    def command(self, values: MutableMapping[str, str], command: str, setup: Setup, entered: Next | None) -> bool:
        """Apply a button of the form's own (Hearts' one-tap moon) to ``values``; False: not one of its own."""
        return False

    def facts(self, setup: Setup, values: Mapping[str, str], entered: Next | None) -> Mapping[str, Any]:
        """What the form shows computed from the values it holds (Hearts' hearts left): nothing by default."""
        return {}

    def problems(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> list[Problem]:
        """What the form refuses by itself: a choice the page requires that the rules take as optional
        (Queenie's "who went out", where nothing chosen is not the same as "nobody"). None by default."""
        return []

    def label(self, field: str, setup: Setup, entered: Next | None) -> Label | None:
        """A field of the form in words for the refusals; None: the player it is about, if any."""
        return None

    def waiting(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> frozenset[str]:
        """The rules' fields whose refusal only follows from another field's (a count left empty to fill
        itself in, while a count beside it cannot be read): not shown while the other is refused. None by
        default."""
        return frozenset()


def json_value(text: str | bytes) -> Any:
    """JSON text (bytes are UTF-8, a byte order mark allowed) as a value that can be stored, else ValueError.

    Malformed JSON, nesting too deep for the parser (RecursionError) and lone surrogates such as
    "\\ud800" (not text: SQLite cannot store them) all raise ValueError, never anything else.
    """
    try:
        value = json.loads(text.decode("utf-8-sig") if isinstance(text, bytes) else text)
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError) as error:  # UnicodeError is a ValueError
        raise ValueError("Malformed JSON.") from error
    return value
