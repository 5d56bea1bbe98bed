"""The phone pages: home, new game, the table, round entry, correction and undo.

Generic over the games: every game-specific part comes from its spec in the registry
(:mod:`referee.games`) and its template folder (``templates/<game>/``).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import get_locale, gettext
from markupsafe import Markup, escape
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from .. import i18n, store
from ..cache import VersionedCache
from ..db import get_db
from ..delivery import same_body_as
from ..extensions import LANGUAGE_COOKIE, LANGUAGES
from ..forms import CSRF_MARK, CsrfForm, field_errors, new_game_label, new_game_setup, option_fields, with_csrf
from ..games.base import Invalid, Next, RoundResult, Standings
from ..games.cards import card_label
from ..games.fields import posted_count
from ..limits import creating
from ..registry import GAMES
from ..words import elide_de, minus, signed
from .access import (
    acting_book_id,
    can_edit,
    current_book,
    editable_or_403,
    game_or_404,
    head_or_404,
    remember,
    session_keys,
)
from .kit import describe_event
from .rounds import RoundAnswer, posted_version, round_entered, round_page, save_round

bp = Blueprint("tables", __name__)


HOME_GAMES = 10  # the most recently played; the book's page lists them all


@bp.get("/")
def home() -> str:
    book = current_book()
    recent = store.book_game_ids(get_db(), book.id, HOME_GAMES) if book is not None else []
    games = store.summaries(get_db(), [*recent, *session_keys()])[:HOME_GAMES]
    held = sum(store.book_counts(get_db(), book.id).values()) if book is not None else len(games)
    return render_template("home.html", games=games, held=held, book=book, specs=GAMES)


@bp.route("/new/<game_name>", methods=["GET", "POST"])
@creating
def new_game(game_name: str) -> Response | tuple[str, int] | str:
    spec = GAMES.get(game_name)
    if spec is None:
        abort(404)
    game = spec.rules
    form = CsrfForm()
    errors: dict[str, list[str]] = {}
    if form.validate_on_submit():
        try:
            setup = new_game_setup(game, request.form)
        except Invalid as error:
            errors = field_errors(error.problems, new_game_label(game))
        else:
            game_id, key = store.create_game(get_db(), game_name, setup)
            remember(game_id, key)
            return redirect(url_for("tables.table", game_id=game_id), 303)
    elif request.method == "POST":
        abort(400)
    values = request.form if request.method == "POST" else MultiDict()
    page = render_template(
        "new_game.html", game=game, options=option_fields(game, values), form=form, errors=errors, values=values
    )
    return (page, 422) if errors else page


# Bounded by size: the characters of the pages kept (about as many bytes), some 8 MB.
_table_pages: VersionedCache[str] = VersionedCache(8_000_000, weigh=len)


@bp.get("/g/<game_id>")
def table(game_id: str) -> str:
    head = head_or_404(game_id)
    scorer = can_edit(head)
    if session.get("_flashes"):
        return with_csrf(_render_table(game_id, scorer, framed=False))
    page_key = (game_id, head.version, str(get_locale()), scorer)
    # Kept for every phone alike: a form on it (the rematch) gets this phone's CSRF token now.
    page = _table_pages.get_or_make(page_key, lambda: _render_table(game_id, scorer))
    if CSRF_MARK not in page:  # the same bytes for every phone: compressed once, kept
        same_body_as("table", *page_key)
    return with_csrf(page)


def _render_table(game_id: str, scorer: bool, framed: bool = True) -> str:
    stored = game_or_404(game_id)
    values = {
        "stored": stored,
        "standings": stored.standings(),
        "spec": GAMES[stored.game],
        "can_edit": scorer,
        "page_version": stored.version,
    }
    if not framed:  # the flashed messages are shown (and taken from the session) in the frame
        return render_template("table.html", **values)
    return table_page(values)


# The table page's frame: all of it but its ``standings`` block and its version, which change with every
# write. Made once per game, language and phone (scorer or watcher), and kept for every version after.
# Bounded by size: the characters of the frames kept, some 4 MB.
_frames: VersionedCache[tuple[str, ...]] = VersionedCache(4_000_000, weigh=lambda parts: sum(map(len, parts)))
# Where the frame leaves room for them (made of characters no rendered text holds; checked).
_STANDINGS_SLOT = "\x00standings\x00"
_VERSION_SLOT = "\x00version\x00"


def table_page(values: dict[str, Any]) -> str:
    """``table.html`` for these values: its ``standings`` block and version rendered, the rest from its frame.

    The frame is the page rendered once with slots in their place, kept per game, language, phone
    (scorer or watcher), script root and what the frame shows of the game (its kind and players), so
    it is never stale: it may use nothing else (``table.html`` and ``share/panel.html`` say so), and a
    test renders pages both ways.
    """
    stored: store.StoredGame = values["stored"]
    if current_app.jinja_env.auto_reload:  # templates may change while the app runs (debug): nothing kept
        return render_template("table.html", **values)
    template = current_app.jinja_env.get_template("table.html")
    key = (stored.id, str(get_locale()), bool(values["can_edit"]), request.script_root, stored.game)
    frame = _frames.get_or_make((*key, stored.setup.players), lambda: _table_frame(template, values))
    if not frame:  # a page that cannot be framed (see _table_frame)
        return render_template("table.html", **values)
    context = dict(values)
    current_app.update_template_context(context)
    try:
        standings = template.environment.concat(  # type: ignore[attr-defined]
            template.blocks["standings"](template.new_context(context))
        )
    except Exception:
        template.environment.handle_exception()
    slots = {_STANDINGS_SLOT: standings, _VERSION_SLOT: str(escape(values["page_version"]))}
    return "".join([slots.get(part, part) for part in frame])


def _table_frame(template: Any, values: dict[str, Any]) -> tuple[str, ...]:
    """The page in parts, text and slots in turn; none (an empty tuple) if a slot is not found once."""
    context = dict(values, page_version=Markup(_VERSION_SLOT))
    current_app.update_template_context(context)
    framing = template.new_context(context)
    framing.blocks["standings"] = [lambda _context: iter((_STANDINGS_SLOT,))]
    try:
        page = template.environment.concat(template.root_render_func(framing))
    except Exception:
        template.environment.handle_exception()
    parts = tuple(re.split(f"({_STANDINGS_SLOT}|{_VERSION_SLOT})", page))
    if parts.count(_STANDINGS_SLOT) != 1 or parts.count(_VERSION_SLOT) != 1:
        return ()
    return parts


@bp.route("/g/<game_id>/round", methods=["GET", "POST"])
def new_round(game_id: str) -> RoundAnswer:
    stored = editable_or_403(game_id)
    number = len(stored.inputs) + 1
    if request.method == "POST":
        posted = request.form.get("number", "")
        return save_round(stored, posted_count(posted, number), editing=False)
    if stored.standings().finished:
        return redirect(url_for("tables.table", game_id=game_id), 303)
    values = GAMES[stored.game].round_form.values(stored.setup, None, stored.standings().next)
    return round_page(stored, number, values)


@bp.route("/g/<game_id>/round/<int:number>", methods=["GET", "POST"])
def edit_round(game_id: str, number: int) -> RoundAnswer:
    stored = editable_or_403(game_id)
    if not 1 <= number <= len(stored.inputs):
        abort(404)
    if request.method == "POST":
        return save_round(stored, number, editing=True)
    values = GAMES[stored.game].round_form.values(
        stored.setup, stored.inputs[number - 1], round_entered(stored, number)
    )
    return round_page(stored, number, values)


@bp.route("/g/<game_id>/undo", methods=["GET", "POST"])
def undo(game_id: str) -> Response | tuple[str, int] | str:
    stored = editable_or_403(game_id)
    if not stored.inputs:
        if request.method == "POST":
            # Another phone (or a second tap) undid the last round already: say so, as below.
            flash(gettext("That round was already undone or is no longer the last one."), "warning")
        return redirect(url_for("tables.table", game_id=game_id), 303)
    number = len(stored.inputs)
    form = CsrfForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        posted = request.form.get("number", "")
        try:
            store.undo_round(
                get_db(), game_id, posted_count(posted, number), book=acting_book_id(), version=posted_version()
            )
        except store.Stale as error:
            return _stale_undo_page(error.current)
        except (store.Conflict, store.NotFound):
            flash(gettext("That round was already undone or is no longer the last one."), "warning")
        else:
            flash(GAMES[stored.game].words(gettext, "undone", number))
        return redirect(url_for("tables.table", game_id=game_id), 303)
    standings = stored.standings()
    return render_template(
        "undo.html", stored=stored, spec=GAMES[stored.game], standings=standings, number=number, form=form
    )


@bp.get("/lang/<code>")
def set_language(code: str) -> Response:
    target = request.args.get("next", "/")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/"):
        target = "/"
    response = redirect(target, 303)
    if code in LANGUAGES:
        response.set_cookie(LANGUAGE_COOKIE, code, max_age=60 * 60 * 24 * 365, samesite="Lax", httponly=True)
    return response


@dataclass(frozen=True)
class _Rows:
    """The grid rows of a game's table page at one version: each round's results and its HTML."""

    results: tuple[RoundResult, ...]
    html: tuple[str, ...]


# Bounded in rounds, like the derived state (the rows' HTML is shared between versions).
_grid_rows: VersionedCache[_Rows] = VersionedCache(store.CACHED_ROUNDS, weigh=lambda rows: len(rows.html) + 1)


def grid_rows(
    stored: store.StoredGame, standings: Standings, can_edit: bool, edit_base: str, correct_label: str
) -> Markup:
    """The rows of the round-by-round grid (``grid.html``), each round's rendered once.

    The rows of the version before, for the same language and the same phone (scorer or watcher),
    are reused for every round whose derived result is the very same object (a round added or the
    last undone keeps the others' results): the page after a write renders one row, not them all.
    """
    row = current_app.jinja_env.get_template("grid.html").module.row  # type: ignore[attr-defined]
    players = stored.setup.players
    results = standings.rounds
    if standings is not stored.standings():  # not the game as stored: rendered, not kept
        return Markup("\n".join(str(row(players, result, can_edit, edit_base, correct_label)) for result in results))
    variant = (str(get_locale()), bool(can_edit), edit_base, str(correct_label))
    same = _grid_rows.get((stored.id, stored.version, *variant))
    if same is not None and same.results is results:
        return Markup("\n".join(same.html))
    previous = same or _grid_rows.get((stored.id, stored.version - 1, *variant))
    shared = _shared_prefix(previous.results, results) if previous is not None else 0
    made = [str(row(players, result, can_edit, edit_base, correct_label)) for result in results[shared:]]
    rows = _Rows(results, (previous.html[:shared] if previous is not None else ()) + tuple(made))
    _grid_rows.get_or_make((stored.id, stored.version, *variant), lambda: rows)
    return Markup("\n".join(rows.html))


def _shared_prefix(old: Sequence[object], new: Sequence[object]) -> int:
    """How many leading items of ``new`` are the very same objects as in ``old``."""
    length = min(len(old), len(new))
    if all(map(operator.is_, old[:length], new[:length])):
        return length
    shared = 0
    while old[shared] is new[shared]:
        shared += 1
    return shared


def round_words(stored: store.StoredGame, which: str, number: int) -> str:
    """The game's sentence for a round (``title``, ``save``, ``undo``…), e.g. "Save hand 3"."""
    return GAMES[stored.game].words(i18n.gettext, which, number)


def game_facts(stored: store.StoredGame) -> Mapping[str, Any]:
    """The numbers of the game's rules that its templates show (e.g. what a hand adds up to)."""
    return GAMES[stored.game].facts(stored.setup)


def round_count(game_name: str, count: int) -> str:
    """How many rounds a game has had, in its own word: "9 hands", "3 deals"."""
    singular, plural = GAMES[game_name].words.count
    return i18n.ngettext(singular, plural, count)


def init_app(app: Flask) -> None:
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.jinja_env.filters["card"] = card_label
    app.jinja_env.globals["describe_event"] = describe_event
    app.jinja_env.globals["grid_rows"] = grid_rows
    app.jinja_env.globals["round_words"] = round_words
    app.jinja_env.globals["round_count"] = round_count
    app.jinja_env.globals["game_facts"] = game_facts
    app.jinja_env.globals["languages"] = LANGUAGES
    app.jinja_env.globals["get_locale"] = get_locale
    app.jinja_env.globals["form_facts"] = form_facts
    app.jinja_env.filters["minus"] = minus
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["elide"] = elide_in_french


def form_facts(stored: store.StoredGame, values: Mapping[str, str], entered: Next | None) -> Mapping[str, Any]:
    """What the round form shows computed in Python from its values (e.g. the hearts left to hand out)."""
    return GAMES[stored.game].round_form.facts(stored.setup, values, entered)


def elide_in_french(text: str, *names: str) -> str:
    """The ``elide`` filter: in French, "de" before these names becomes "d'" where it should."""
    locale = get_locale()
    return elide_de(text, *names) if locale is not None and locale.language == "fr" else text


def _stale_undo_page(current: store.StoredGame) -> Response | tuple[str, int]:
    """An undo from a page older than the game: nothing undone; the last round as stored now (409)."""
    if not current.inputs:
        flash(gettext("That round was already undone or is no longer the last one."), "warning")
        return redirect(url_for("tables.table", game_id=current.id), 303)
    flash(
        gettext(
            "This game was changed on another phone after you opened this page. Nothing was undone: "
            "here is the last round as it is now."
        ),
        "warning",
    )
    number = len(current.inputs)
    page = render_template(
        "undo.html",
        stored=current,
        spec=GAMES[current.game],
        standings=current.standings(),
        number=number,
        form=CsrfForm(),
    )
    return page, 409
