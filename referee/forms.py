"""The page forms every game shares: CSRF through Flask-WTF, and the new-game form.

A game's round form lives in its own package (``referee/games/<game>/form.py``) and
uses the pure field helpers of :mod:`referee.games.fields`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import get_locale, gettext
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from .games.base import N_, Game, Invalid, Option, Problem, Setup, check_options, make_setup, settled_options
from .games.fields import Label, Labeller, flip_signed, form_number, posted_count
from .words import elide_de


class CsrfForm(FlaskForm):
    """Every page form posts through this for its CSRF token; fields are read by the round forms."""


# Digits however many (up to a length no table types): a long number is refused by its bounds
# ("at most 1000"), not as if it were not a number.
_LONG_NUMBER = re.compile(r"^[-+−]?\d{1,100}$")


def option_value(option: Option, form: Mapping[str, str]) -> Any:
    if option.kind == "names":
        # One field per name (option-<name>-0, -1…); all left empty is the option's "none".
        names = [form.get(f"option-{option.name}-{index}", "") for index in range(option.count)]
        return names if any(name.strip() for name in names) else None
    raw = form.get(f"option-{option.name}")
    if option.kind == "bool":
        return raw in ("on", "true", "1")
    if raw is None or raw == "" or raw == "none":
        return None if option.nullable else raw
    if option.kind == "int":
        typed = raw.strip()
        return int(typed.replace("−", "-")) if _LONG_NUMBER.match(typed) else form_number(raw)
    for value, _label in option.choices:
        if str(value) == raw:
            return value
    return raw


def new_game_input(game: Game, form: Mapping[str, str]) -> tuple[list[str], dict[str, Any], str | None]:
    """Players (blank fields skipped), options and first dealer from the new-game form."""
    typed = [form.get(f"player-{index}", "") for index in range(game.max_players)]
    players = [name for name in typed if name.strip()]
    seat = posted_count(form.get("dealer", "0"))
    # An empty seat ticked to deal first is passed on as "" for new_game_setup to refuse.
    dealer = typed[seat] if seat is not None and seat < len(typed) else None
    # An unchecked box is absent from a post; any other option absent, or a number that needs one left
    # empty, keeps its default (a target emptied because a number of hands ends the game instead).
    options = {
        option.name: option_value(option, form)
        for option in game.options
        if option.kind in ("bool", "names") or _chosen(option, form.get(f"option-{option.name}"))
    }
    return players, options, dealer


def _chosen(option: Option, posted: str | None) -> bool:
    if posted is None:
        return False
    return option.nullable or option.kind != "int" or bool(posted.strip())


def field_errors(
    problems: Sequence[Problem], label: Labeller | None = None, players: Sequence[str] = ()
) -> dict[str, list[str]]:
    """Each refusal in the reader's language, by the field it concerns.

    With ``label`` (a field's name in words: a player's name, "Who went out"), a message that
    says neither it nor one of the ``players`` starts with it: "Bruno: this cannot be less than 0."
    """
    french = _in_french()
    errors: dict[str, list[str]] = {}
    for problem in problems:
        message = problem.render(gettext)
        names = [value for value in problem.params.values() if isinstance(value, str)]
        found = label(problem.field) if label is not None else None
        if found is not None:
            text, params = found
            words = gettext(text) % dict(params) if params else gettext(text)
            names += [value for value in params.values() if isinstance(value, str)]
            named = any(value in players for value in problem.params.values())
            if not named and not _says(message, words):
                if not gettext(problem.message).startswith("%("):
                    message = message[:1].lower() + message[1:]
                message = gettext("%(label)s: %(message)s") % {"label": words, "message": message}
        errors.setdefault(problem.field, []).append(elide_de(message, *names) if french else message)
    return errors


def _says(message: str, words: str) -> bool:
    """Whether ``message`` already says ``words`` as words of its own, whatever their capitals:
    "Ann" is not said by "cannot", nor "Les" by "less", nor "Ole" by "whole"."""
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", message, re.IGNORECASE) is not None


def _in_french() -> bool:
    locale = get_locale()
    return locale is not None and locale.language == "fr"


@dataclass(frozen=True)
class OptionField:
    """One option on the new-game form as shown: its text value, or its choices and which is ticked."""

    option: Option
    name: str
    text: str = ""
    checked: bool = False
    choices: tuple[tuple[str, str, bool], ...] = ()  # (posted value, label, ticked)
    names: tuple[tuple[str, str], ...] = ()  # (field name, text) of each name of a "names" option

    @property
    def signed(self) -> bool:
        """A number that may be negative: shown with a ± (a phone's numeric keypad may have no minus)."""
        return self.option.kind == "int" and self.option.minimum is not None and self.option.minimum < 0


def _shown(value: Any) -> str:
    return "none" if value is None else str(value)


def option_fields(game: Game, posted: Mapping[str, str]) -> list[OptionField]:
    """The options as the form shows them: what was posted (with the sign changed of the one whose ±
    was pressed without JavaScript), else each option's default."""
    if "adjust" in posted:
        posted = dict(posted)
        flip_signed(posted, posted["adjust"], [f"option-{option.name}" for option in game.options])
    fields = []
    for option in game.options:
        name = f"option-{option.name}"
        if option.kind == "bool":
            checked = posted.get(name) == "on" if posted else bool(option.default)
            fields.append(OptionField(option, name, checked=checked))
        elif option.kind == "int":
            text = posted.get(name, "" if option.default is None else str(option.default))
            fields.append(OptionField(option, name, text=text))
        elif option.kind == "names":
            defaults = option.default or [""] * option.count
            named = [f"{name}-{index}" for index in range(option.count)]
            names = tuple((field, posted.get(field, default)) for field, default in zip(named, defaults, strict=True))
            fields.append(OptionField(option, name, names=names))
        else:
            chosen = posted.get(name, _shown(option.default))
            values = [(None, option.none_label)] if option.nullable else []
            values += list(option.choices)
            choices = tuple((_shown(value), label, _shown(value) == chosen) for value, label in values)
            fields.append(OptionField(option, name, choices=choices))
    return fields


@dataclass(frozen=True)
class Seating:
    """How a game played in fixed sides seats a full table, for the new-game form to draw it: each side's
    seats (from 0), and whether every side is two partners facing each other."""

    sides: tuple[tuple[int, ...], ...]
    seats: int

    @property
    def numbers(self) -> tuple[tuple[int, ...], ...]:
        """Each side's seats as people count them, from 1."""
        return tuple(tuple(seat + 1 for seat in side) for side in self.sides)

    def side_of(self, seat: int) -> int:
        return next(index for index, side in enumerate(self.sides) if seat in side)

    @property
    def opposite(self) -> bool:
        half = self.seats // 2
        return self.seats % 2 == 0 and all(len(side) == 2 and side[1] - side[0] == half for side in self.sides)


def seating(game: Game, posted: Mapping[str, str]) -> Seating | None:
    """The sides a full table of ``game`` plays in, as its rules declare them for a game with the options
    posted (the defaults when there are none, or when they do not go together): none when each plays alone."""
    seats = tuple(str(seat + 1) for seat in range(game.max_players))
    chosen = [new_game_input(game, posted)[1]] if posted else []
    for options in [*chosen, {}]:
        try:
            setup = Setup(seats, 0, settled_options(game, seats, check_options(game, options)))
            game.check_setup(setup)
        except Invalid:
            continue
        sides = game.standings(setup, game.initial(setup)).sides
        if any(len(side.players) > 1 for side in sides):
            return Seating(tuple(tuple(seats.index(name) for name in side.players) for side in sides), len(seats))
        return None
    return None


def new_game_setup(game: Game, form: Mapping[str, str]) -> Setup:
    """The new game from the posted form, every refusal at once: the rules' and the form's own
    (the seat ticked to deal first left empty, which the rules cannot see)."""
    players, options, dealer = new_game_input(game, form)
    problems: list[Problem] = []
    if dealer is not None and not dealer.strip():
        seat = posted_count(form.get("dealer", "0"), 0)
        problems.append(
            Problem(
                "dealer",
                N_("Seat %(seat)s is ticked to deal first but has no name: tick the seat of a player."),
                {"seat": seat + 1},
            )
        )
        dealer = None
    try:
        setup = make_setup(game, players, options, dealer)
    except Invalid as error:
        raise Invalid([*error.problems, *problems]) from error
    if problems:
        raise Invalid(problems)
    return setup


def new_game_label(game: Game) -> Labeller:
    """The new-game form's fields in words: "Seat 2", "Deals first", an option's label."""
    labels = {f"options.{option.name}": option.label for option in game.options}

    def label(field_name: str) -> Label | None:
        seat = posted_count(field_name.removeprefix("players.")) if field_name.startswith("players.") else None
        if seat is not None:
            return N_("Seat %(seat)s"), {"seat": seat + 1}
        if field_name == "dealer":
            return N_("Deals first"), {}
        if field_name in labels:
            return labels[field_name], {}
        return None

    return label


# Markup no rendered text can hold (a name's "<" is always escaped): only this element is replaced.
CSRF_MARK = Markup('<input type="hidden" name="csrf_token" data-csrf-mark>')
"""Stands for the CSRF field in a page kept by a cache (shared by every phone): see :func:`with_csrf`."""


def with_csrf(page: str) -> str:
    """A cached page with the requesting phone's own CSRF token in the field :data:`CSRF_MARK` stands for."""
    if CSRF_MARK not in page:
        return page
    return page.replace(CSRF_MARK, Markup('<input type="hidden" name="csrf_token" value="%s">') % generate_csrf())
