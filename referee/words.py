"""Numbers and a few words as every page writes them, written once in Python.

Pure: no Flask. The pages reach these as Jinja filters (see :func:`referee.views.tables.init_app`).
"""

from __future__ import annotations

import unicodedata
from typing import Any, TypeVar

MINUS = "\u2212"  # the minus sign: a hyphen is shorter, and a line may break after it

_Text = TypeVar("_Text", bound=str)


def minus(number: Any) -> str:
    """A number as shown: a negative one with the minus sign (−2), never a hyphen (-2)."""
    if isinstance(number, bool) or not isinstance(number, int | float):
        return str(number)
    return f"{MINUS}{-number}" if number < 0 else str(number)


def signed(number: Any) -> str:
    """A change as shown: +3, −2 or 0."""
    if isinstance(number, int | float) and not isinstance(number, bool) and number > 0:
        return f"+{number}"
    return minus(number)


def _vowel_sound(name: str) -> bool:
    """Whether French elides before this name: it starts with a vowel, or an h (Hugo, Hélène)."""
    first = unicodedata.normalize("NFD", name.strip()[:1])[:1].casefold()
    return first in ("a", "e", "i", "o", "u", "y", "h")


def elide_de(text: _Text, *names: str) -> _Text:
    """French "de" before a name that starts with a vowel sound becomes "d'": "de Ana" → "d'Ana".

    Only before the names given, so nothing else in the sentence changes. Works on Markup as on
    plain text (Markup escapes the name the same way in both halves).
    """
    for name in names:
        if not name or not _vowel_sound(name):
            continue
        for article, elided in (("de ", "d'"), ("De ", "D'")):
            text = text.replace(article + name, elided + name)  # type: ignore[assignment]
    return text
