"""The phone pages: home, new game, the table, round entry, correction and undo.

Generic over the games: a game contributes its rules module, its round form
(``referee/forms.py``) and a template folder (``templates/<game>/``).
"""

from __future__ import annotations

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
from flask_babel import get_locale, gettext
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from .. import LANGUAGE_COOKIE, LANGUAGES, store
from ..cache import VersionedCache
from ..db import get_db
from ..forms import ROUND_FORMS, CsrfForm, adjust, new_game_input, posted_count
from ..games import GAMES
from ..games.base import Invalid, Problem, make_setup, replay_state
from ..games.cards import SUIT_SYMBOLS

bp = Blueprint("tables", __name__)

KEYS_IN_SESSION = 30


def _keys() -> dict[str, str]:
    return dict(session.get("keys", {}))


def _remember(game_id: str, key: str) -> None:
    keys = _keys()
    keys.pop(game_id, None)
    keys[game_id] = key
    session["keys"] = dict(list(keys.items())[-KEYS_IN_SESSION:])
    session.permanent = True


def _can_edit(stored: store.StoredGame) -> bool:
    return store.key_matches(stored, _keys().get(stored.id))


def _load(game_id: str) -> store.StoredGame:
    try:
        return store.load_game(get_db(), game_id)
    except store.NotFound:
        abort(404)


def _editable(game_id: str) -> store.StoredGame:
    stored = _load(game_id)
    if not _can_edit(stored):
        abort(403)
    return stored


def _errors(problems: tuple[Problem, ...] | list[Problem]) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for problem in problems:
        errors.setdefault(problem.field, []).append(problem.render(gettext))
    return errors


@bp.get("/")
def home() -> str:
    games = store.summaries(get_db(), reversed(list(_keys())))
    return render_template("home.html", games=games, rules=GAMES)


@bp.route("/new/<game_name>", methods=["GET", "POST"])
def new_game(game_name: str) -> Response | tuple[str, int] | str:
    game = GAMES.get(game_name)
    if game is None:
        abort(404)
    form = CsrfForm()
    errors: dict[str, list[str]] = {}
    if form.validate_on_submit():
        players, options, dealer = new_game_input(game, request.form)
        try:
            setup = make_setup(game, players, options, dealer)
        except Invalid as error:
            errors = _errors(error.problems)
        else:
            game_id, key = store.create_game(get_db(), game_name, setup)
            _remember(game_id, key)
            return redirect(url_for("tables.table", game_id=game_id), 303)
    elif request.method == "POST":
        abort(400)
    values = request.form if request.method == "POST" else MultiDict()
    page = render_template("new_game.html", game=game, form=form, errors=errors, values=values)
    return (page, 422) if errors else page


_table_pages: VersionedCache[str] = VersionedCache(256)


@bp.get("/g/<game_id>")
def table(game_id: str) -> str:
    try:
        head = store.load_head(get_db(), game_id)
    except store.NotFound:
        abort(404)
    can_edit = store.key_matches(head, _keys().get(game_id))
    if session.get("_flashes"):
        return _render_table(game_id, can_edit)
    page_key = (game_id, head.version, str(get_locale()), can_edit)
    return _table_pages.get_or_make(page_key, lambda: _render_table(game_id, can_edit))


def _render_table(game_id: str, can_edit: bool) -> str:
    stored = _load(game_id)
    return render_template(
        "table.html", stored=stored, standings=stored.standings(), rules=GAMES[stored.game], can_edit=can_edit
    )


def _round_page(
    stored: store.StoredGame, number: int, values: MultiDict[str, str] | dict[str, str], errors: dict[str, list[str]]
) -> tuple[str, int] | str:
    rules = GAMES[stored.game]
    standings_before = rules.standings(stored.setup, _state_before(stored, number))
    page = render_template(
        "round.html",
        stored=stored,
        standings=standings_before,
        number=number,
        editing=number <= len(stored.inputs),
        values=values,
        errors=errors,
        form=CsrfForm(),
    )
    return (page, 422) if errors else page


def _state_before(stored: store.StoredGame, number: int) -> Any:
    return replay_state(GAMES[stored.game], stored.setup, stored.inputs[: number - 1])


def _handle_round_post(stored: store.StoredGame, number: int, editing: bool) -> Response | tuple[str, int] | str:
    form = CsrfForm()
    if not form.validate_on_submit():
        abort(400)
    round_form = ROUND_FORMS[stored.game]
    values = MultiDict(request.form)
    if "adjust" in request.form:
        adjust(values, request.form["adjust"], round_form.limits(stored.setup))
        return _round_page(stored, number, values, {})
    raw = round_form.to_input(request.form, stored.setup)
    try:
        if editing:
            store.replace_round(get_db(), stored.id, number, raw)
            flash(gettext("Round %(number)s corrected; every score after it was recomputed.", number=number))
        else:
            store.add_round(get_db(), stored.id, raw, number)
    except Invalid as error:
        return _round_page(stored, number, values, _errors(error.problems))
    except store.Conflict as error:
        flash(error.problem.render(gettext), "warning")
    return redirect(url_for("tables.table", game_id=stored.id), 303)


@bp.route("/g/<game_id>/round", methods=["GET", "POST"])
def new_round(game_id: str) -> Response | tuple[str, int] | str:
    stored = _editable(game_id)
    number = len(stored.inputs) + 1
    if request.method == "POST":
        posted = request.form.get("number", "")
        return _handle_round_post(stored, posted_count(posted, number), editing=False)
    if stored.standings().finished:
        return redirect(url_for("tables.table", game_id=game_id), 303)
    values = ROUND_FORMS[stored.game].values(stored.setup, None, stored.standings().next)
    return _round_page(stored, number, values, {})


@bp.route("/g/<game_id>/round/<int:number>", methods=["GET", "POST"])
def edit_round(game_id: str, number: int) -> Response | tuple[str, int] | str:
    stored = _editable(game_id)
    if not 1 <= number <= len(stored.inputs):
        abort(404)
    if request.method == "POST":
        return _handle_round_post(stored, number, editing=True)
    values = ROUND_FORMS[stored.game].values(stored.setup, stored.inputs[number - 1], None)
    return _round_page(stored, number, values, {})


@bp.route("/g/<game_id>/undo", methods=["GET", "POST"])
def undo(game_id: str) -> Response | str:
    stored = _editable(game_id)
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
            flash(gettext("Round %(number)s undone.", number=number))
        return redirect(url_for("tables.table", game_id=game_id), 303)
    standings = stored.standings()
    return render_template("undo.html", stored=stored, standings=standings, number=number, form=form)


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


def card_label(code: str) -> str:
    """A card as rank and suit symbol, e.g. 2♣ (the name is written beside it in templates)."""
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_SYMBOLS[code[1]]


def init_app(app: Flask) -> None:
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.jinja_env.filters["card"] = card_label
    app.jinja_env.globals["languages"] = LANGUAGES
    app.jinja_env.globals["get_locale"] = get_locale
