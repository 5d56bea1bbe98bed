"""JSON API v1 (see shared/API.md): the same rules and storage as the pages."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, jsonify, request
from flask_babel import gettext
from werkzeug.exceptions import BadRequest

from .. import store
from ..db import get_db
from ..games import GAMES
from ..games.base import N_, Invalid, Problem, make_setup, only_fields
from .state import game_state

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def problems_response(problems: tuple[Problem, ...] | list[Problem], status: int) -> tuple[Response, int]:
    errors = [{"field": problem.field, "message": problem.render(gettext)} for problem in problems]
    return jsonify({"errors": errors}), status


@bp.errorhandler(Invalid)
def refused(error: Invalid) -> tuple[Response, int]:
    return problems_response(error.problems, 422)


@bp.errorhandler(store.Conflict)
def conflict(error: store.Conflict) -> tuple[Response, int]:
    return problems_response([error.problem], 409)


@bp.errorhandler(store.NotFound)
def not_found(_error: store.NotFound) -> tuple[Response, int]:
    return problems_response([Problem("id", N_("No such game or round."))], 404)


def json_body() -> Any:
    """The request body as JSON, whatever the Content-Type; malformed JSON is a 400.

    Nesting too deep for the parser (RecursionError) and lone surrogates such as "\\ud800"
    (not text: SQLite cannot store them) count as malformed too, instead of a 500.
    """
    raw = request.get_data(cache=True)
    try:
        body = json.loads(raw.decode("utf-8-sig"))  # a byte order mark is accepted, as on the upload form
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except (UnicodeError, ValueError, RecursionError) as error:
        raise BadRequest("Malformed JSON.") from error
    return body


def json_object() -> dict[str, Any]:
    body = json_body()
    if not isinstance(body, dict):
        raise Invalid([Problem("body", N_("The body must be a JSON object."))])
    return body


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


@bp.post("/games")
def create_game() -> tuple[Response, int]:
    body = json_object()
    game_name = body.get("game")
    if not isinstance(game_name, str) or game_name not in GAMES:
        raise Invalid([Problem("game", N_("Choose a game: %(games)s."), {"games": ", ".join(GAMES)})])
    only_fields(body, ("game", "players", "options", "dealer"))
    setup = make_setup(GAMES[game_name].rules, body.get("players"), body.get("options"), body.get("dealer"))
    game_id, key = store.create_game(get_db(), game_name, setup)
    stored = store.load_game(get_db(), game_id)
    return jsonify({**game_state(stored, stored.standings()), "key": key}), 201


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
    stored = store.load_game(get_db(), game_id)
    return jsonify(game_state(stored, stored.standings()))


def _expected_round(body: dict[str, Any]) -> int | None:
    """An optional "round" number in the body: the round the client means to add."""
    expected = body.pop("round", None)
    if expected is None:
        return None
    if isinstance(expected, bool) or not isinstance(expected, int) or expected < 1:
        raise Invalid([Problem("round", N_("The round number must be a whole number from 1."))])
    return expected


@bp.post("/games/<game_id>/rounds")
def add_round(game_id: str) -> tuple[Response, int]:
    authorised_game(game_id)
    body = json_object()
    stored = store.add_round(get_db(), game_id, body, _expected_round(body))
    return jsonify(game_state(stored, stored.standings())), 201


@bp.put("/games/<game_id>/rounds/<int:number>")
def replace_round(game_id: str, number: int) -> Response:
    authorised_game(game_id)
    stored = store.replace_round(get_db(), game_id, number, json_object())
    return jsonify(game_state(stored, stored.standings()))


@bp.delete("/games/<game_id>/rounds/<int:number>")
def undo_round(game_id: str, number: int) -> Response:
    authorised_game(game_id)
    stored = store.undo_round(get_db(), game_id, number)
    return jsonify(game_state(stored, stored.standings()))
