"""What the templates call beyond their values: a game's words and facts, events in words,
the grid's rows, and the filters (:func:`init_app` installs them)."""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from flask import Flask
from flask.templating import Environment as FlaskEnvironment
from flask_babel import get_locale
from jinja2 import BaseLoader, Environment

from .. import gamestate, i18n, store
from ..extensions import LANGUAGES
from ..games.base import Next
from ..games.cards import card_label
from ..installed import games, spec_of
from ..words import elide_de, minus, signed
from .kit import describe_event
from .rendering import grid_rows, round_kept


def round_words(stored: store.StoredGame, which: str, number: int) -> str:
    """The game's sentence for a round (``title``, ``save``, ``undo``…), e.g. "Save hand 3"."""
    return spec_of(stored.game).words(i18n.gettext, which, number)


def game_facts(stored: store.StoredGame) -> Mapping[str, Any]:
    """The numbers of the game's rules that its templates show (e.g. what a hand adds up to)."""
    return spec_of(stored.game).facts(stored.setup)


def round_count(game_name: str, count: int) -> str:
    """How many rounds a game has had, in its own word: "9 hands", "3 deals"."""
    singular, plural = spec_of(game_name).words.count
    return i18n.ngettext(singular, plural, count)


def card_in_letters(code: str) -> str:
    """A card as the reader writes it: ``Q♠``, ``D♠`` in French."""
    return card_label(code, i18n.gettext)


class GlobalsShared(FlaskEnvironment):
    """Flask's Jinja environment, whose templates share its globals (the very dict) unless given their own.

    Jinja gives every template a ``ChainMap`` of its own globals before the environment's, so that a
    template's own stay its own; a page has none, and every include, import and macro of a page made the
    ChainMap into a dict again, key by key in Python (some 25 µs each, a third of the table page's
    standings block after a write). The app adds no global once it serves.
    """

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return self.globals if not d else super().make_globals(d)


class SharedFolders(BaseLoader):
    """The app's templates, where ``<game>/…`` of a game using another's folder (``GameSpec.templates``)
    is that folder's: Newmarket's ``newmarket/labels.html`` is ``queenie/labels.html``."""

    def __init__(self, loader: BaseLoader, folders: Mapping[str, str]):
        self.loader = loader
        self.folders = folders

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Any]:
        game, slash, rest = template.partition("/")
        if slash and game in self.folders:
            template = f"{self.folders[game]}/{rest}"
        return self.loader.get_source(environment, template)

    def list_templates(self) -> list[str]:
        return self.loader.list_templates()


def init_app(app: Flask) -> None:
    folders = {name: spec.templates for name, spec in games().items() if spec.templates is not None}
    if app.jinja_env.loader is not None:
        app.jinja_env.loader = SharedFolders(app.jinja_env.loader, folders)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.jinja_env.globals.update(
        describe_event=describe_event,
        grid_rows=grid_rows,
        round_kept=round_kept,
        round_words=round_words,
        round_count=round_count,
        game_facts=game_facts,
        languages=LANGUAGES,
        get_locale=get_locale,
        form_facts=form_facts,
        announce_facts=announce_facts,
        stop_choices=gamestate.stop_choices,
    )
    app.jinja_env.filters.update(card=card_in_letters, minus=minus, signed=signed, elide=elide_in_french)


def form_facts(stored: store.StoredGame, values: Mapping[str, str], entered: Next | None) -> Mapping[str, Any]:
    """What the round form shows computed in Python from its values (e.g. the hearts left to hand out)."""
    return spec_of(stored.game).round_form.facts(stored.setup, values, entered)


def announce_facts(stored: store.StoredGame, values: Mapping[str, str], entered: Next | None) -> Mapping[str, Any]:
    """What the announce step shows computed in Python from its values (a bidding game's running total)."""
    form = spec_of(stored.game).announce_form
    return {} if form is None else form.facts(stored.setup, values, entered)


def elide_in_french(text: str, *names: str) -> str:
    """The ``elide`` filter: in French, "de" before these names becomes "d'" where it should."""
    locale = get_locale()
    return elide_de(text, *names) if locale is not None and locale.language == "fr" else text
