"""The phone pages: home, new game, the table, round entry, correction and undo.

Generic over the games: every game-specific part comes from its spec in the registry
(:mod:`referee.games`) and its template folder (``templates/<game>/``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    abort,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import get_locale, gettext, ngettext
from markupsafe import Markup, escape
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from .. import LANGUAGE_COOKIE, LANGUAGES, store
from ..cache import VersionedCache
from ..db import get_db
from ..forms import CsrfForm, field_errors, new_game_input, option_fields
from ..games import GAMES
from ..games.base import Event, Invalid, make_setup, replay_state
from ..games.cards import card_label
from ..games.fields import adjust, posted_count
from .access import can_edit, editable_or_403, game_or_404, head_or_404, keys, remember

bp = Blueprint("tables", __name__)


@bp.get("/")
def home() -> str:
    games = store.summaries(get_db(), reversed(list(keys())))
    return render_template("home.html", games=games, specs=GAMES)


@bp.route("/new/<game_name>", methods=["GET", "POST"])
def new_game(game_name: str) -> Response | tuple[str, int] | str:
    spec = GAMES.get(game_name)
    if spec is None:
        abort(404)
    game = spec.rules
    form = CsrfForm()
    errors: dict[str, list[str]] = {}
    if form.validate_on_submit():
        players, options, dealer = new_game_input(game, request.form)
        try:
            setup = make_setup(game, players, options, dealer)
        except Invalid as error:
            errors = field_errors(error.problems)
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


_table_pages: VersionedCache[str] = VersionedCache(256)


@bp.get("/g/<game_id>")
def table(game_id: str) -> str:
    head = head_or_404(game_id)
    scorer = can_edit(head)
    if session.get("_flashes"):
        return _render_table(game_id, scorer)
    page_key = (game_id, head.version, str(get_locale()), scorer)
    return _table_pages.get_or_make(page_key, lambda: _render_table(game_id, scorer))


def _render_table(game_id: str, scorer: bool) -> str:
    stored = game_or_404(game_id)
    return render_template(
        "table.html", stored=stored, standings=stored.standings(), spec=GAMES[stored.game], can_edit=scorer
    )


def _round_page(
    stored: store.StoredGame, number: int, values: MultiDict[str, str] | dict[str, str], errors: dict[str, list[str]]
) -> tuple[str, int] | str:
    spec = GAMES[stored.game]
    standings_before = spec.rules.standings(stored.setup, _state_before(stored, number))
    page = render_template(
        "round.html",
        stored=stored,
        spec=spec,
        standings=standings_before,
        number=number,
        editing=number <= len(stored.inputs),
        values=values,
        errors=errors,
        form=CsrfForm(),
    )
    return (page, 422) if errors else page


def _state_before(stored: store.StoredGame, number: int) -> Any:
    return replay_state(GAMES[stored.game].rules, stored.setup, stored.inputs[: number - 1])


def save_round_post(stored: store.StoredGame, number: int, editing: bool) -> Response | tuple[str, int] | str:
    form = CsrfForm()
    if not form.validate_on_submit():
        abort(400)
    spec = GAMES[stored.game]
    round_form = spec.round_form
    values = MultiDict(request.form)
    if "adjust" in request.form:
        adjust(values, request.form["adjust"], round_form.limits(stored.setup))
        return _round_page(stored, number, values, {})
    raw = round_form.to_input(request.form, stored.setup)
    try:
        if editing:
            store.replace_round(get_db(), stored.id, number, raw)
            flash(spec.words(gettext, "corrected", number))
        else:
            store.add_round(get_db(), stored.id, raw, number)
    except Invalid as error:
        return _round_page(stored, number, values, field_errors(error.problems))
    except store.Conflict as error:
        flash(error.problem.render(gettext), "warning")
    return redirect(url_for("tables.table", game_id=stored.id), 303)


@bp.route("/g/<game_id>/round", methods=["GET", "POST"])
def new_round(game_id: str) -> Response | tuple[str, int] | str:
    stored = editable_or_403(game_id)
    number = len(stored.inputs) + 1
    if request.method == "POST":
        posted = request.form.get("number", "")
        return save_round_post(stored, posted_count(posted, number), editing=False)
    if stored.standings().finished:
        return redirect(url_for("tables.table", game_id=game_id), 303)
    values = GAMES[stored.game].round_form.values(stored.setup, None, stored.standings().next)
    return _round_page(stored, number, values, {})


@bp.route("/g/<game_id>/round/<int:number>", methods=["GET", "POST"])
def edit_round(game_id: str, number: int) -> Response | tuple[str, int] | str:
    stored = editable_or_403(game_id)
    if not 1 <= number <= len(stored.inputs):
        abort(404)
    if request.method == "POST":
        return save_round_post(stored, number, editing=True)
    values = GAMES[stored.game].round_form.values(stored.setup, stored.inputs[number - 1], None)
    return _round_page(stored, number, values, {})


@bp.route("/g/<game_id>/undo", methods=["GET", "POST"])
def undo(game_id: str) -> Response | str:
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
            store.undo_round(get_db(), game_id, posted_count(posted, number))
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


def describe_event(event: Event) -> Markup:
    """An event in the reader's words; the ones that change a game's course in bold."""
    words = escape(event.describe(gettext))
    return Markup("<strong>%s</strong>") % words if event.strong else words


def round_words(stored: store.StoredGame, which: str, number: int) -> str:
    """The game's sentence for a round (``title``, ``save``, ``undo``…), e.g. "Save hand 3"."""
    return GAMES[stored.game].words(gettext, which, number)


def game_facts(stored: store.StoredGame) -> Mapping[str, Any]:
    """The numbers of the game's rules that its templates show (e.g. what a hand adds up to)."""
    return GAMES[stored.game].facts(stored.setup)


def round_count(game_name: str, count: int) -> str:
    """How many rounds a game has had, in its own word: "9 hands", "3 deals"."""
    singular, plural = GAMES[game_name].words.count
    return ngettext(singular, plural, count)


def init_app(app: Flask) -> None:
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.jinja_env.filters["card"] = card_label
    app.jinja_env.globals["describe_event"] = describe_event
    app.jinja_env.globals["round_words"] = round_words
    app.jinja_env.globals["round_count"] = round_count
    app.jinja_env.globals["game_facts"] = game_facts
    app.jinja_env.globals["languages"] = LANGUAGES
    app.jinja_env.globals["get_locale"] = get_locale
