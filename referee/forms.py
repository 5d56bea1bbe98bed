"""The page forms every game shares: CSRF through Flask-WTF, and the new-game form.

A game's round form lives in its own package (``referee/games/<game>/form.py``) and
uses the pure field helpers of :mod:`referee.games.fields`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext
from flask_wtf import FlaskForm

from .games.base import Game, Option, Problem
from .games.fields import form_number, posted_count


class CsrfForm(FlaskForm):
    """Every page form posts through this for its CSRF token; fields are read by the round forms."""


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


def field_errors(problems: Sequence[Problem]) -> dict[str, list[str]]:
    """Each refusal in the reader's language, by the field it concerns."""
    errors: dict[str, list[str]] = {}
    for problem in problems:
        errors.setdefault(problem.field, []).append(problem.render(gettext))
    return errors


@dataclass(frozen=True)
class OptionField:
    """One option on the new-game form as shown: its text value, or its choices and which is ticked."""

    option: Option
    name: str
    text: str = ""
    checked: bool = False
    choices: tuple[tuple[str, str, bool], ...] = ()  # (posted value, label, ticked)


def _shown(value: Any) -> str:
    return "none" if value is None else str(value)


def option_fields(game: Game, posted: Mapping[str, str]) -> list[OptionField]:
    """The options as the form shows them: what was posted, else each option's default."""
    fields = []
    for option in game.options:
        name = f"option-{option.name}"
        if option.kind == "bool":
            checked = posted.get(name) == "on" if posted else bool(option.default)
            fields.append(OptionField(option, name, checked=checked))
        elif option.kind == "int":
            text = posted.get(name, "" if option.default is None else str(option.default))
            fields.append(OptionField(option, name, text=text))
        else:
            chosen = posted.get(name, _shown(option.default))
            values = [(None, option.none_label)] if option.nullable else []
            values += list(option.choices)
            choices = tuple((_shown(value), label, _shown(value) == chosen) for value, label in values)
            fields.append(OptionField(option, name, choices=choices))
    return fields
