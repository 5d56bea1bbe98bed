"""The phone pages: home, new game, the table, round entry, correction and undo.

Generic over the games: every game-specific part comes from its spec in the registry
(:mod:`referee.games`) and its template folder (``templates/<game>/``).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from .. import gamestate, store
from ..db import get_db
from ..extensions import LANGUAGE_COOKIE, LANGUAGES
from ..forms import CsrfForm, field_errors, new_game_label, new_game_setup, option_fields, seating
from ..games.base import Invalid, stoppable
from ..games.fields import posted_count
from ..limits import creating
from ..registry import GAMES
from . import rendering, templating
from .access import (
    acting_book_id,
    can_edit,
    current_book,
    editable_or_403,
    head_or_404,
    made_and_remembered,
    session_keys,
)
from .rounds import (
    RoundAnswer,
    announce_form_of,
    announce_page,
    new_round_values,
    opened_round_page,
    posted_version,
    save_announcement,
    save_round,
    stored_round_values,
)

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
    if request.method == "POST" and not form.validate_on_submit():
        abort(400)
    if request.method == "POST" and "adjust" not in request.form:  # a ± pressed: the form again, sign changed
        try:
            setup = new_game_setup(game, request.form)
        except Invalid as error:
            errors = field_errors(error.problems, new_game_label(game))
        else:
            game_id = made_and_remembered(lambda: store.create_game(get_db(), game_name, setup))
            return redirect(url_for("tables.table", game_id=game_id), 303)
    values = request.form if request.method == "POST" else MultiDict()
    page = render_template(
        "new_game.html",
        game=game,
        options=option_fields(game, values),
        seating=seating(game, values),
        form=form,
        errors=errors,
        values=values,
    )
    return (page, 422) if errors else page


@bp.get("/g/<game_id>")
def table(game_id: str) -> str | bytes:
    head = head_or_404(game_id)
    return rendering.table_page(head, can_edit(head), templating.standings_encoded)


@bp.route("/g/<game_id>/round", methods=["GET", "POST"])
def new_round(game_id: str) -> RoundAnswer:
    stored = editable_or_403(game_id)
    number = len(stored.inputs) + 1
    if request.method == "POST":
        # The round the form was made for: without it, a resend or a second tap would be the next round.
        expected = posted_count(request.form.get("number"))
        if expected is None:
            abort(400)
        return save_round(stored, expected, editing=False)
    if stored.standings().finished:
        return redirect(url_for("tables.table", game_id=game_id), 303)
    return opened_round_page(stored, number, lambda: new_round_values(stored))


@bp.route("/g/<game_id>/announce", methods=["GET", "POST"])
def announce(game_id: str) -> Response | tuple[str, int] | str:
    """The part of the next round said before its play, for a game that has one (404 otherwise)."""
    stored = editable_or_403(game_id)
    announce_form_of(stored)
    if request.method == "POST":
        return save_announcement(stored)
    if stored.standings().finished:
        return redirect(url_for("tables.table", game_id=game_id), 303)
    return announce_page(stored)


@bp.route("/g/<game_id>/round/<int:number>", methods=["GET", "POST"])
def edit_round(game_id: str, number: int) -> RoundAnswer:
    stored = editable_or_403(game_id)
    if not 1 <= number <= len(stored.inputs):
        abort(404)
    if request.method == "POST":
        posted = request.form.get("number")
        if posted is not None and posted_count(posted) != number:
            abort(400)  # a form for another round, or a number no form writes: nothing is stored
        return save_round(stored, number, editing=True)
    return opened_round_page(stored, number, lambda: stored_round_values(stored, number))


@bp.route("/g/<game_id>/undo", methods=["GET", "POST"])
def undo(game_id: str) -> Response | tuple[str, int] | str:
    stored = editable_or_403(game_id)
    if not stored.inputs:
        if request.method == "POST":
            # Another phone (or a second tap) undid the last round already: say so, as below.
            flash(GAMES[stored.game].words(gettext, "gone", 0), "warning")
        return redirect(url_for("tables.table", game_id=game_id), 303)
    number = len(stored.inputs)
    form = CsrfForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        posted = posted_count(request.form.get("number"))
        if posted is None:
            abort(400)  # the round the page was for: without it, a second tap would undo the round before
        try:
            store.undo_round(get_db(), game_id, posted, book=acting_book_id(), version=posted_version())
        except store.Stale as error:
            return _stale_undo_page(error.current)
        except (store.Conflict, store.NotFound):
            flash(GAMES[stored.game].words(gettext, "gone", posted), "warning")
        else:
            flash(GAMES[stored.game].words(gettext, "undone", number))
        return redirect(url_for("tables.table", game_id=game_id), 303)
    standings = stored.standings()
    return render_template(
        "undo.html", stored=stored, spec=GAMES[stored.game], standings=standings, number=number, form=form
    )


@bp.route("/g/<game_id>/stop", methods=["GET", "POST"])
def stop(game_id: str) -> Response | tuple[str, int] | str:
    """End the game early, at an agreed time, for a game whose rules let a table stop (404 otherwise): now,
    or after the current turn of the deal, each naming who wins; or take an agreed end back."""
    stored = editable_or_403(game_id)
    if stoppable(GAMES[stored.game].rules) is None:
        abort(404)
    form = CsrfForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        return _save_stop(stored)
    if not stored.stop_after and not gamestate.stop_choices(stored):
        return redirect(url_for("tables.table", game_id=game_id), 303)
    return _stop_page(stored)


def _save_stop(stored: store.StoredGame) -> Response | tuple[str, int] | str:
    """The table's agreed end stored (or taken back), then the table; a stale or refused one shows the page again."""
    try:
        if "resume" in request.form:
            saved = store.resume_game(get_db(), stored.id, book=acting_book_id(), version=posted_version())
            if saved.version == stored.version:
                flash(gettext("No end was agreed: nothing was changed."))
            else:
                flash(gettext("The agreed end is taken back: the game goes on."))
        else:
            after = posted_count(request.form.get("after"))
            saved = store.stop_game(get_db(), stored.id, after, book=acting_book_id(), version=posted_version())
            if saved.version == stored.version:  # the same end agreed again (a second tap, another phone's)
                flash(gettext("The table had already agreed to this end: nothing was changed."))
    except store.Stale as error:
        flash(
            gettext(
                "This game was changed on another phone after you opened this page. Nothing was changed: "
                "here is the game as it is now."
            ),
            "warning",
        )
        return _stop_page(error.current), 409
    except (Invalid, store.Conflict) as error:
        problems = error.problems if isinstance(error, Invalid) else (error.problem,)
        for problem in problems:
            flash(problem.render(gettext), "warning")
        return _stop_page(store.load_game(get_db(), stored.id)), 422
    return redirect(url_for("tables.table", game_id=stored.id), 303)


def _stop_page(stored: store.StoredGame) -> str:
    return render_template(
        "stop.html",
        stored=stored,
        spec=GAMES[stored.game],
        standings=stored.standings(),
        choices=gamestate.stop_choices(stored),
        form=CsrfForm(),
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


def _stale_undo_page(current: store.StoredGame) -> Response | tuple[str, int]:
    """An undo from a page older than the game: nothing undone; the last round as stored now (409)."""
    if not current.inputs:
        flash(GAMES[current.game].words(gettext, "gone", 0), "warning")
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
