"""Sharing a game: watching it live from other phones, inviting a second scorer, export and import.

Nothing here changes a game. The only writes are the import (a new game, with a new key) and
the invitation, confirmed by a tap, which checks the game's key before keeping it in this phone's book.
"""

from __future__ import annotations

import functools
import io
from datetime import UTC, datetime

import segno
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext
from werkzeug.wrappers import Response as BaseResponse

from .. import exports, store
from ..db import get_db
from ..extensions import csrf
from ..forms import CsrfForm, field_errors
from ..games.base import Invalid
from ..limits import bodies_up_to, creating, may_create
from ..registry import GAMES
from .access import editable_or_403, game_or_404, head_or_404, key_for, made_and_remembered, remember
from .api import state_response
from .kit import json_body, problems_response

bp = Blueprint("share", __name__)

# How often a watching phone asks whether the game changed (app config WATCH_POLL_SECONDS).
WATCH_POLL_SECONDS = 5


def _no_store(response: BaseResponse) -> BaseResponse:
    response.headers["Cache-Control"] = "no-store"
    return response


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@functools.lru_cache(maxsize=4096)  # each table's watch link, by the host phones use: made once, not per phone
def qr_svg(text: str) -> str:
    """A QR code as a standalone SVG document that scales (viewBox), black on white with its quiet zone."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(
        buffer, kind="svg", scale=1, border=4, dark="#000", light="#fff", omitsize=True, xmldecl=False
    )
    return buffer.getvalue().decode("utf-8")


def qr_data_uri(text: str) -> str:
    return segno.make(text, error="m").svg_data_uri(scale=1, border=4, dark="#000", light="#fff", omitsize=True)


@bp.get("/g/<game_id>/version")
def version(game_id: str) -> BaseResponse:
    """The game's version, bumped on every write: a watching page reloads its scores when it changes.

    Most polls find it unchanged: the version is also the ETag, and a watcher asking again with it
    (its browser revalidates, ``Cache-Control: no-cache``) is answered 304 without a body.
    """
    current = head_or_404(game_id).version
    response = jsonify({"version": current})
    response.set_etag(str(current))
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


@bp.get("/g/<game_id>/tv")
def tv(game_id: str) -> str:
    """The game in big type for a television or a tablet at the table, following it by itself (watch only)."""
    stored = game_or_404(game_id)
    return render_template(
        "tv.html",
        stored=stored,
        standings=stored.standings(),
        spec=GAMES[stored.game],
        can_edit=False,
        page_version=stored.version,
    )


@bp.get("/g/<game_id>/watch.svg")
def watch_qr(game_id: str) -> Response:
    """The QR code of the watch link (the table page, without any key).

    Served apart from the table page because the link carries the host the phone used, and the
    table page is cached whatever the host.
    """
    head_or_404(game_id)
    response = make_response(qr_svg(url_for("tables.table", game_id=game_id, _external=True)))
    response.mimetype = "image/svg+xml"
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response


@bp.get("/g/<game_id>/invite")
def invite(game_id: str) -> BaseResponse:
    """The invitation for a second scorer: a link and QR code carrying the edit key (scorers only)."""
    stored = editable_or_403(game_id)
    join_url = url_for("share.join", game_id=game_id, key=key_for(stored), _external=True)
    page = render_template("share/invite.html", stored=stored, join_url=join_url, qr=qr_data_uri(join_url))
    return _no_store(make_response(page))


@bp.route("/g/<game_id>/join/<key>", methods=["GET", "POST"])
@may_create
def join(game_id: str, key: str) -> BaseResponse:
    """Open an invitation: asked first (GET: what it grants), then this phone scores the game too (POST).

    A wrong key is a 403. Opening the link alone files nothing: another site could make a browser open it.
    """
    if not store.key_matches(head_or_404(game_id), key):
        abort(403)
    stored = game_or_404(game_id)
    form = CsrfForm()
    if request.method == "GET":
        return _no_store(make_response(render_template("share/join.html", stored=stored, form=form)))
    if not form.validate_on_submit():
        abort(400)
    remember(game_id, key)
    flash(GAMES[stored.game].words(gettext, "joined", 0))
    return _no_store(redirect(url_for("tables.table", game_id=game_id), 303))


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = make_response(body)
    response.content_type = f"{mimetype}; charset=utf-8"
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/g/<game_id>/export.json")
def export_json(game_id: str) -> Response:
    stored = game_or_404(game_id)
    return _download(exports.export_json(stored, _now()), "application/json", exports.download_name(stored, "json"))


@bp.get("/g/<game_id>/export.csv")
def export_csv(game_id: str) -> Response:
    stored = game_or_404(game_id)
    text = exports.csv_text(
        stored,
        stored.standings(),
        round_header=gettext(GAMES[stored.game].words.header),
        total_header=lambda name: gettext("%(name)s total", name=name),
        events_header=gettext("Events"),
        event_label=lambda event: event.describe(gettext),
    )
    return _download(text, "text/csv", exports.download_name(stored, "csv"))


@bp.route("/import", methods=["GET", "POST"])
@creating
@bodies_up_to(exports.IMPORT_BYTES)
def import_page() -> BaseResponse | tuple[str, int] | str:
    """Upload a JSON export: it becomes a new game, scored from this phone."""
    form = CsrfForm()
    errors: dict[str, list[str]] = {}
    if form.validate_on_submit():
        upload = request.files.get("file")
        try:
            imported = exports.parse_export(exports.parse_json_file(upload.read() if upload else b""))
        except Invalid as error:
            errors = field_errors(error.problems)
        else:
            game_id = made_and_remembered(lambda: store.import_game(get_db(), *imported))
            flash(gettext("Game imported as a new game, with its own edit key. The original is unchanged."))
            return redirect(url_for("tables.table", game_id=game_id), 303)
    elif request.method == "POST":
        abort(400)
    page = render_template("share/import.html", form=form, errors=errors)
    return (page, 422) if errors else page


@bp.post("/api/v1/games/import")
@csrf.exempt
@creating
@bodies_up_to(exports.IMPORT_BYTES)
def api_import() -> Response | tuple[Response, int]:
    """The JSON API's import: an export in, a new game's state and key out (201)."""
    try:
        imported = exports.parse_export(json_body())
    except Invalid as error:
        return problems_response(error.problems, 422)
    game_id, key = store.import_game(get_db(), *imported)
    return state_response(store.load_game(get_db(), game_id), 201, key=key)


@bp.app_context_processor
def share_settings() -> dict[str, object]:
    return {"watch_poll_seconds": _poll_seconds()}


def _poll_seconds() -> float:
    return float(current_app.config.get("WATCH_POLL_SECONDS", WATCH_POLL_SECONDS))
