"""What the templates call beyond their values: a game's words and facts, events in words,
the grid of rounds, and the filters (:func:`init_app` installs them)."""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from functools import partial
from typing import Any

from flask import Flask, current_app, request, url_for
from flask.sansio.app import App
from flask.templating import Environment as FlaskEnvironment
from flask_babel import get_locale
from jinja2 import BaseLoader, Environment, Template
from markupsafe import Markup, escape

from .. import gamestate, i18n, store
from ..cache import VersionedCache
from ..delivery import template_url_for
from ..extensions import LANGUAGES
from ..forms import CSRF_MARK
from ..games.base import Next, RoundResult, Standings
from ..games.cards import card_label
from ..games.spec import BetweenSides, GameSpec
from ..installed import games, spec_of
from ..words import elide_de, minus, signed
from .kit import describe_event
from .rendering import grid_rows, round_kept, version_kept
from .sheets import chart_section
from .widgets import bid_chips, count_row, field_messages, radio_pick, stepper

_ = i18n.markup_gettext  # what {{ _(message) }} writes


def round_words(stored: store.StoredGame, which: str, number: int) -> str:
    """The game's sentence for a round (``title``, ``save``, ``undo``…), e.g. "Save hand 3"."""
    return spec_of(stored.game).words(i18n.gettext, which, number)


def game_facts(stored: store.StoredGame) -> Mapping[str, Any]:
    """The numbers of the game's rules that its templates show (e.g. what a hand adds up to)."""
    return spec_of(stored.game).facts(stored.setup)


# What a game's macro makes of its setup alone (its ranking rule in words), by game, language and macro.
# Bounded by size: the characters kept, some 16 MB.
_setup_words: VersionedCache[Markup] = VersionedCache(16_000_000, weigh=len)


def setup_kept(stored: store.StoredGame, macro: Any) -> Markup:
    """``macro(stored)`` made once per game and language and kept (``{{ setup_kept(stored, labels.x) }}``):
    for what a page shows of the game's setup alone (how the game is won), which no write changes. The
    macro may use nothing of the game but its kind and setup."""
    key = (stored.id, stored.game, i18n.language(), macro.name)
    kept = _setup_words.get(key)
    if kept is None:
        kept = Markup(macro(stored))
        if not current_app.jinja_env.auto_reload:  # templates may change while the app runs (debug): not kept
            _setup_words.put(key, kept)
    return kept


def round_count(game_name: str, count: int) -> str:
    """How many rounds a game has had, in its own word: "9 hands", "3 deals"."""
    singular, plural = spec_of(game_name).words.count
    return i18n.ngettext(singular, plural, count)


def standings_block(stored: store.StoredGame, standings: Standings, spec: GameSpec, can_edit: bool) -> Markup:
    """``table.html``'s ``standings`` block, what the table page shows of a version (the rest is its frame)."""
    return Markup(standings_encoded(stored, standings, spec, can_edit).decode())


def standings_encoded(stored: store.StoredGame, standings: Standings, spec: GameSpec, can_edit: bool) -> bytes:
    """``table.html``'s ``standings`` block in UTF-8, as the table page is answered: the title, the totals and the
    next round (made once per version for every phone), the scorer's actions, the agreed end, the rematch and the
    change log, the chart and the grid (its rows kept encoded: a page after a write encodes what it makes anew
    alone). Written here: a page after each write makes it, and the templates' includes, imports and escapes of
    what is markup already were most of it."""
    html = ['<h1 class="game-title">', i18n.catalogue().markup(spec.title), "\n"]
    if standings.finished:
        html += ('<span class="badge">', _("finished"), "</span>")
    html += ("</h1>\n\n", totals_part(stored, standings, spec), "\n", next_part(stored, standings, spec), "\n")
    if can_edit:
        html.append(_actions(stored, standings, spec))
    if can_edit or stored.stop_after is not None:  # a watcher's stop line shows the agreed end alone
        html.append(
            current_app.jinja_env.get_template("stop_line.html").render(
                stored=stored, standings=standings, can_edit=can_edit
            )
        )
    if can_edit and standings.finished:
        html += (
            '<form method="post" action="',
            template_url_for("books.rematch", game_id=stored.id),
            '" class="rematch">\n  ',
            CSRF_MARK,
            '\n  <button type="submit" class="button primary big">',
            _("Rematch"),
            '</button>\n  <p class="hint">',
            _("Same players, same options; the next player deals first."),
            "</p>\n</form>\n",
        )
    changes = template_url_for("books.changes_page", game_id=stored.id)
    html += ('<p class="changes-link"><a class="button" href="', changes, '">', _("Change log"), "</a></p>\n")
    html.append(chart_section(stored, standings))
    encoded = "".join(html).encode()  # every part markup already
    if not standings.rounds:
        return encoded
    return b"".join((encoded, grid_encoded(stored, standings, can_edit), b"\n"))


def totals_part(stored: store.StoredGame, standings: Standings, spec: GameSpec) -> Markup:
    """The winner and the totals, best first (the table page and the TV view): made once per version for every
    phone (:func:`version_kept`)."""
    return version_kept("totals", stored, standings, spec, _totals_part)


def _totals_part(stored: store.StoredGame, standings: Standings, _spec: GameSpec) -> Markup:
    labels = _labels(stored)
    html: list[str] = []
    if standings.finished:
        winners = current_app.jinja_env.get_template("sheets/common.html").module.winners  # type: ignore[attr-defined]
        html += (
            '<section class="winner" aria-live="polite">\n  <p class="big">',
            winners(standings),
            "</p>\n  ",
            labels.result(stored, standings),
            "\n</section>\n",
        )
    # A total per side in a game played in sides (each partner's is the side's), else per player; how the game is
    # won (its setup's alone, made once per game and language).
    html += ('\n<section class="totals" aria-label="', _("Totals"), '">\n', totals_rows(standings))
    html += ('\n  <p class="hint">', setup_kept(stored, labels.ranking_rule), "</p>\n</section>")
    return Markup("".join(html))  # every part markup already


def next_part(stored: store.StoredGame, standings: Standings, spec: GameSpec) -> Markup:
    """What the table does next (the game's own panel: who deals, the pass, the stakes) and what was announced for
    it (the table page and the TV view): made once per version for every phone (:func:`version_kept`)."""
    return version_kept("next", stored, standings, spec, _next_part)


def _next_part(stored: store.StoredGame, standings: Standings, spec: GameSpec) -> Markup:
    if not standings.next:
        return Markup("")
    labels = _labels(stored)
    html = [
        f'<section class="next" aria-labelledby="next-title" data-next-panel="{standings.next.round}">\n  ',
        labels.next_panel(stored, standings),
        "\n",
    ]
    if spec.announce_form:
        html += ('<div class="announced" data-announced>', labels.announced(stored, standings), "</div>")
    html.append("</section>\n")
    return Markup("".join(html))  # every part markup already


def _labels(stored: store.StoredGame) -> Any:
    """The game's ``labels.html``: its macros."""
    return current_app.jinja_env.get_template(f"{stored.game}/labels.html").module


def _actions(stored: store.StoredGame, standings: Standings, spec: GameSpec) -> str:
    """The scorer's buttons: the next round (and its announced part, for a game that has one), and undo."""
    html = ['<nav class="actions">\n']
    coming = standings.next
    if not standings.finished:
        assert coming is not None  # a game going on has a next round
        primary = " primary" if stored.announced or not spec.announce_form else ""
        sticky = "" if spec.announce_form else " sticky-action"
        new_round = template_url_for("tables.new_round", game_id=stored.id)
        said = escape(round_words(stored, "enter", coming.round))
        enter = f'<a class="button{primary}{sticky}" href="{new_round}" data-next-round="{coming.round}">{said}</a>'
        if spec.announce_form:
            # Said first (the announce step), then the round completes it: both buttons side by side, the one
            # to tap now the primary.
            labels = _labels(stored)
            first = "" if stored.announced else " primary"
            announcing = template_url_for("tables.announce", game_id=stored.id)
            announce = f'<a class="button{first}" href="{announcing}">{labels.announce_title(stored, standings)}</a>'
            pair = announce + enter if stored.announced else enter + announce
            html.append(f'  <div class="sticky-action sticky-pair">{pair}</div>\n')
        else:
            html.append(f"  {enter}\n")
    if standings.rounds:
        undo = template_url_for("tables.undo", game_id=stored.id)
        said = escape(round_words(stored, "undo", len(standings.rounds)))
        html.append(f'  <a class="button" href="{undo}">{said}</a>\n')
    html.append("</nav>\n")
    return "".join(html)


# The grid's section around its rows, by game, language, phone (scorer or watcher), script root and columns:
# its HTML before and after the rows (in UTF-8), the address a row's correction link ends with the round's
# number, and that link's title. Bounded by size: the bytes kept, some 16 MB.
_grid_sections: VersionedCache[tuple[bytes, bytes, str, str]] = VersionedCache(
    16_000_000, weigh=lambda kept: len(kept[0]) + len(kept[1])
)
# Where the rows go in the section as made (characters no rendered text holds).
_ROWS_SLOT = "\x00rows\x00"


def grid_section(stored: store.StoredGame, standings: Standings, can_edit: bool) -> Markup:
    """The table page's grid of rounds (:func:`grid_encoded`), for a template."""
    return Markup(grid_encoded(stored, standings, can_edit).decode())


def grid_encoded(stored: store.StoredGame, standings: Standings, can_edit: bool) -> bytes:
    """The table page's grid of rounds (``grid.html``'s ``section``) in UTF-8: the section around the rows made
    once per game, language and phone and kept, the rows from :func:`grid_rows` (each round's written once).

    What the section shows (the columns, the game's words) changes with no write: a page after a write
    renders neither it nor its words again.
    """
    columns = tuple(side.name for side in standings.sides) or tuple(stored.setup.players)
    key = (stored.id, i18n.language(), bool(can_edit), request.script_root, stored.game, columns)
    kept = _grid_sections.get(key)
    if kept is None:
        section = current_app.jinja_env.get_template("grid.html").module.section  # type: ignore[attr-defined]
        spec = spec_of(stored.game)
        html = str(section(stored, spec, columns, bool(standings.sides), can_edit, Markup(_ROWS_SLOT)))
        opening, closing = html.split(_ROWS_SLOT)
        edit_base = url_for("tables.edit_round", game_id=stored.id, number=0)[:-1]
        kept = (opening.encode(), closing.encode(), edit_base, round_words(stored, "correct_this", 0))
        if not current_app.jinja_env.auto_reload:  # templates may change while the app runs (debug): not kept
            _grid_sections.put(key, kept)
    before, after, edit_base, correct_label = kept
    between = spec_of(stored.game).paper.between_sides  # a column between the two sides (Belote's litige)
    row = partial(grid_row, stored.setup.players, can_edit, edit_base, correct_label, between)
    return b"".join((before, grid_rows(stored, standings, can_edit, edit_base, correct_label, row), after))


# A score and the total after it, in the grid (grid_row).
_CELL = "<td>%s <small>%s</small></td>"


def grid_row(
    players: Sequence[str],
    can_edit: bool,
    edit_base: str,
    correct_label: str,
    between: BetweenSides | None,
    result: RoundResult,
) -> str:
    """One round's rows of the table page's grid (:func:`grid_rows` keeps them): its scores and totals, a column per
    side in a game played in sides (partners score alike), else per player; ``between``: the game's column between
    its two sides (Belote's litige points), or none; the scorer's correction link (``edit_base`` and the round's
    number); its events in words, on a row of their own. Each row after a write is a new one: written here, not by
    a template's macro (its call, context and escapes of markup were most of it)."""
    html = [f'<tr><th scope="row">{result.number}</th>']
    if result.sides:
        for place, side in enumerate(result.sides):
            if between and place == 1:
                html.append(f'<td class="between">{escape(between.cell(result))}</td>')
            html.append(_CELL % (escape(minus(side.score)), escape(minus(side.total))))
    else:
        scores, totals = result.scores, result.totals
        html += [_CELL % (escape(minus(scores[name])), escape(minus(totals[name]))) for name in players]
    if can_edit:
        link = f'{escape(edit_base)}{result.number}" title="{escape(correct_label)}'
        html.append(f'<td class="edit-cell"><a class="edit" href="{link}">\u270e</a></td>')
    html.append("</tr>\n")
    if result.events:
        columns = len(result.sides or players) + (1 if between and result.sides else 0) + (1 if can_edit else 0)
        described = " \u00b7 ".join(map(describe_event, result.events))
        html.append(f'    <tr class="events"><td></td><td colspan="{columns}"><span>{described}</span></td></tr>\n')
    return "".join(html)


# One total of the standings (totals_part): winning or not, a side's or not, place, name and points.
_TOTAL = (
    '  <div class="total%s"%s>\n    <span class="place">%s</span>\n    <span class="name">%s</span>\n'
    '    <span class="points">%s</span>\n  </div>'
)


def totals_rows(standings: Standings) -> Markup:
    """The totals, best first: a total per side in a game played in sides, else per player (the page after
    each write shows new ones: written here, a fraction of the template's loop)."""
    winners = standings.winners
    sides = standings.side_ranking if standings.sides else ()  # worked out anew each time it is read
    if sides:
        rows = [(side.players[0] in winners, " data-side", place, side.name, side.total) for place, side in sides]
    else:
        rows = [(player in winners, "", place, player, standings.totals[player]) for place, player in standings.ranking]
    return Markup(
        "\n".join(
            _TOTAL % (" winning" if won else "", side, place, escape(name), escape(minus(total)))
            for won, side, place, name, total in rows
        )
    )


def card_in_letters(code: str) -> str:
    """A card as the reader writes it: ``Q♠``, ``D♠`` in French."""
    return card_label(code, i18n.gettext)


class GlobalsShared(FlaskEnvironment):
    """Flask's Jinja environment, whose templates share its globals (the very dict) unless given their own,
    each loaded once (:meth:`_load_template`).

    Jinja gives every template a ``ChainMap`` of its own globals before the environment's, so that a
    template's own stay its own; a page has none, and every include, import and macro of a page made the
    ChainMap into a dict again, key by key in Python (some 25 µs each, a third of the table page's
    standings block after a write). The app adds no global once it serves.
    """

    def __init__(self, app: App, **options: Any) -> None:
        super().__init__(app, **options)
        self._loaded: dict[str, Template] = {}  # by name (see _load_template)
        self._loaded_by: BaseLoader | None = None  # the loader they came from

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return self.globals if not d else super().make_globals(d)

    def _load_template(self, name: str, globals: MutableMapping[str, Any] | None) -> Template:
        """The template named ``name``, loaded once (while templates cannot change: not in debug).

        Every include, import and ``get_template`` asks for one (a dozen a table page), and Jinja's own
        cache makes a reference to the loader and moves the name to the end of its queue, searching the
        queue for it, under a lock (some 4 µs each). A template given globals of its own is Jinja's to load.
        """
        if self.auto_reload or globals:
            return super()._load_template(name, globals)
        if self._loaded_by is not self.loader:  # another loader: other templates
            self._loaded = {}
            self._loaded_by = self.loader
        found = self._loaded.get(name)
        if found is None:
            found = self._loaded[name] = super()._load_template(name, globals)
        return found


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
    # JSON in the pages as the pages' own text (UTF-8): a French word's letters, not their \u escapes.
    app.jinja_env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False}
    app.jinja_env.globals.update(
        describe_event=describe_event,
        grid_section=grid_section,
        standings_block=standings_block,
        totals_part=totals_part,
        next_part=next_part,
        chart_section=chart_section,
        round_kept=round_kept,
        round_words=round_words,
        round_count=round_count,
        game_facts=game_facts,
        setup_kept=setup_kept,
        totals_rows=totals_rows,
        languages=LANGUAGES,
        get_locale=get_locale,
        form_facts=form_facts,
        announce_facts=announce_facts,
        stop_choices=gamestate.stop_choices,
        bid_chips=bid_chips,
        count_row=count_row,
        field_errors=field_messages,
        radio_pick=radio_pick,
        stepper=stepper,
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
