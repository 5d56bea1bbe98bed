"""JSON API v1 (see shared/API.md): the same rules and storage as the pages."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, request
from flask_babel import gettext
from werkzeug.exceptions import UnsupportedMediaType

from .. import store
from ..db import get_db
from ..delivery import same_body_as
from ..games.base import N_, Invalid, Problem, make_setup, only_fields
from ..limits import creating
from ..registry import GAMES
from .kit import json_object, problems_response, refused
from .rendering import game_json
from .state import game_state

bp = Blueprint("api", __name__, url_prefix="/api/v1")

WRITES_WITH_A_BODY = ("POST", "PUT", "PATCH")


@bp.before_app_request
def json_writes_only() -> None:
    """Every write to the API (any blueprint's) says its body is JSON, else 415.

    Another website can make a visitor's browser send text/plain, a form's types or no body at all
    without asking first (a "simple" request: no preflight); ``application/json`` it cannot.
    """
    writing = request.path.startswith(f"{bp.url_prefix}/") and request.method in WRITES_WITH_A_BODY
    if writing and request.mimetype != "application/json":
        raise UnsupportedMediaType()


bp.register_error_handler(Invalid, refused)


@bp.errorhandler(store.Conflict)
def conflict(error: store.Conflict) -> tuple[Response, int]:
    return problems_response([error.problem], 409)


@bp.errorhandler(store.Stale)
def stale(error: store.Stale) -> Response:
    """A write made against an older version: 409, the current version and the game as it is now."""
    errors = [{"field": error.problem.field, "message": error.problem.render(gettext)}]
    return state_response(error.current, 409, errors=errors, version=error.current.version, state=None)


@bp.errorhandler(store.Delivered)
def delivered(known: store.Delivered) -> Response:
    """A write whose ``Idempotency-Key`` was received before: nothing written; the game as it is now
    and what became of that write (``delivery``: its round's number, its fate)."""
    stored = store.load_game(get_db(), (request.view_args or {})["game_id"])
    return state_response(stored, 200, delivery={"number": known.delivery.number, "fate": known.delivery.fate})


def idempotency_key() -> str | None:
    """The id the client gave this write (``Idempotency-Key``): a resend of it is never stored twice."""
    return store.checked_submission(request.headers.get("Idempotency-Key"))


@bp.errorhandler(store.NotFound)
def not_found(_error: store.NotFound) -> tuple[Response, int]:
    return problems_response([Problem("id", N_("No such game or round."))], 404)


def authorised_game(game_id: str) -> store.GameHead:
    """The game's head row, if the request carries its edit key (401 without one, 403 with a wrong one)."""
    stored = store.load_head(get_db(), game_id)
    header = request.headers.get("Authorization", "")
    scheme, _, key = header.partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        abort(401)
    if not store.key_matches(stored, key.strip()):
        abort(403)
    return stored


def state_response(stored: store.StoredGame, status: int = 200, **extra: Any) -> Response:
    """The game state as JSON, its version as the ETag (what ``If-Match`` sends back).

    With ``state=None`` among ``extra``, the state goes under "state", after the other keys. Without
    ``extra``, the body is made once per (game, version) (:func:`game_json`), and its compression too.
    """
    cached = None if extra else game_json(stored)
    if cached is not None:
        response = current_app.response_class(cached, status=status, mimetype="application/json")
        same_body_as("api", stored.id, stored.version)
    else:
        state = game_state(stored, stored.standings())
        body = {**extra, "state": state} if "state" in extra else {**state, **extra}
        response = jsonify(body)
        response.status_code = status
    response.set_etag(str(stored.version))
    return response


def if_match() -> int | None:
    """The version in an ``If-Match: "<version>"`` header (``*`` or none: no condition)."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    tag = header.strip()
    digits = tag[1:-1]
    if not (tag[:1] == tag[-1:] == '"' and 0 < len(digits) <= 18 and digits.isascii() and digits.isdigit()):
        message = N_('If-Match must be one version of the game in double quotes, as its ETag gives it: "4".')
        raise Invalid([Problem("If-Match", message)])
    return int(digits)


@bp.post("/games")
@creating
def create_game() -> Response:
    body = json_object()
    game_name = body.get("game")
    if not isinstance(game_name, str) or game_name not in GAMES:
        raise Invalid([Problem("game", N_("Choose a game: %(games)s."), {"games": ", ".join(GAMES)})])
    only_fields(body, ("game", "players", "options", "dealer"))
    setup = make_setup(GAMES[game_name].rules, body.get("players"), body.get("options"), body.get("dealer"))
    game_id, key = store.create_game(get_db(), game_name, setup)
    return state_response(store.load_game(get_db(), game_id), 201, key=key)


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
    return state_response(store.load_game(get_db(), game_id))


def _expected_round(body: dict[str, Any]) -> int | None:
    """An optional "round" number in the body: the round the client means to add."""
    expected = body.pop("round", None)
    if expected is None:
        return None
    if isinstance(expected, bool) or not isinstance(expected, int) or expected < 1:
        raise Invalid([Problem("round", N_("The round number must be a whole number from 1."))])
    return expected


@bp.post("/games/<game_id>/rounds")
def add_round(game_id: str) -> Response:
    authorised_game(game_id)
    body = json_object()
    added = store.add_round(get_db(), game_id, body, _expected_round(body), submission=idempotency_key())
    return state_response(added, 201)


@bp.put("/games/<game_id>/rounds/<int:number>")
def replace_round(game_id: str, number: int) -> Response:
    authorised_game(game_id)
    version = if_match()
    corrected = store.replace_round(
        get_db(), game_id, number, json_object(), version=version, submission=idempotency_key()
    )
    return state_response(corrected)


@bp.delete("/games/<game_id>/rounds/<int:number>")
def undo_round(game_id: str, number: int) -> Response:
    authorised_game(game_id)
    return state_response(store.undo_round(get_db(), game_id, number, version=if_match()))


@bp.put("/games/<game_id>/announced")
def announce(game_id: str) -> Response:
    """A part of what the table announces before the next round's play, added to what is stored for it."""
    authorised_game(game_id)
    body = json_object()
    announced = store.announce(get_db(), game_id, body, _expected_round(body), version=if_match())
    return state_response(announced)


@bp.delete("/games/<game_id>/announced")
def clear_announced(game_id: str) -> Response:
    authorised_game(game_id)
    return state_response(store.clear_announced(get_db(), game_id, version=if_match()))


@bp.put("/games/<game_id>/stop")
def stop_game(game_id: str) -> Response:
    """The table agrees to end the game early, after round ``after`` (a game whose rules let a table stop)."""
    authorised_game(game_id)
    version = if_match()
    body = json_object()
    only_fields(body, ("after",))
    return state_response(store.stop_game(get_db(), game_id, body.get("after"), version=version))


@bp.delete("/games/<game_id>/stop")
def resume_game(game_id: str) -> Response:
    """The agreed end taken back: the game goes on."""
    authorised_game(game_id)
    return state_response(store.resume_game(get_db(), game_id, version=if_match()))
