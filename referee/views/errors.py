"""Errors answer JSON to API clients and a page to browsers; never a bare 500."""

from __future__ import annotations

import sqlite3

from flask import Flask, Response, current_app, jsonify, render_template, request, url_for
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import BadHost, HTTPException, InternalServerError

from .. import limits
from ..db import Unavailable, fault
from ..games.base import N_
from .background import sent_in_background

MESSAGES = {
    400: N_("The request could not be understood (malformed data)."),
    401: N_("This needs the game's edit key."),
    403: N_("This key does not let you change this game. You can still watch it."),
    404: N_("There is no such page or game."),
    405: N_("That action is not possible here."),
    409: N_("That does not fit the game as it stands."),
    413: N_("That request is too large."),
    415: N_("Send the body as JSON, with the header Content-Type: application/json."),
    422: N_("The input was refused."),
    429: N_("Too many games were created or imported from here in a short time. Please wait a few minutes."),
    500: N_("Something went wrong on our side. Nothing was changed."),
    503: N_("The scores cannot be saved right now. Nothing was saved: please try again in a moment."),
}

# A database fault (db.Unavailable, or an SQLite error of the same kind): a 503 saying why, never a 500.
DATABASE_FAULTS = {
    "busy": N_("The game is busy saving another change. Nothing was saved: please try again in a few seconds."),
    "readonly": N_("The scores cannot be saved: the database is read-only. Nothing was saved. You can still watch."),
    "full": N_("The scores cannot be saved: the server's disk is full. Nothing was saved. You can still watch."),
    "broken": N_("The database cannot be reached right now. Nothing was saved: please try again later."),
}
RETRY_AFTER = {"busy": 3}  # seconds; the other faults need the server fixed: a minute


def _route() -> str:
    """The request as a log line may name it: its route (``/g/<game_id>/join/<key>``), never its path,
    which can carry a key."""
    rule = request.url_rule.rule if request.url_rule is not None else "(no route)"
    return f"{request.method} {rule}"


def _wants_json() -> bool:
    return request.path.startswith("/api/") or sent_in_background()


def _answer(status: int, message: str, headers: dict[str, str]) -> tuple[Response | str, int, dict[str, str]]:
    if isinstance(request.routing_exception, BadHost):
        # A Host no link can be built with (a label over 63 characters): no page, which links everywhere.
        return current_app.response_class(message, mimetype="text/plain"), status, headers
    if _wants_json():
        return jsonify({"errors": [{"field": "request", "message": message}]}), status, headers
    return render_template("error.html", status=status, message=message), status, headers


def handle_http_error(error: HTTPException) -> tuple[Response | str, int, dict[str, str]]:
    status = error.code or 500
    message = gettext(MESSAGES.get(status, MESSAGES[500]))
    headers = {name: value for name, value in error.get_headers() if name == "Retry-After"}
    if status == 429:
        headers["Retry-After"] = str(limits.retry_after())
    if status == 403 and not _wants_json():
        watching = _watch_only_page()
        if watching is not None:
            return watching, status, headers
    return _answer(status, message, headers)


def handle_database_fault(error: Exception) -> tuple[Response | str, int, dict[str, str]]:
    reason = fault(error)
    if reason is None:
        return handle_unexpected(error)
    current_app.logger.warning("Database unavailable (%s) on %s: %s", reason, _route(), error)
    return _answer(503, gettext(DATABASE_FAULTS[reason]), {"Retry-After": str(RETRY_AFTER.get(reason, 60))})


def handle_csrf_error(_error: CSRFError) -> tuple[Response | str, int, dict[str, str]]:
    message = gettext("This form has expired or did not come from this page. Go back, reload it and try again.")
    return _answer(400, message, {})


def handle_unexpected(error: Exception) -> tuple[Response | str, int, dict[str, str]]:
    if isinstance(error, HTTPException):
        return handle_http_error(error)
    current_app.logger.exception("Unexpected error on %s", _route())
    return handle_http_error(InternalServerError(original_exception=error))


def init_app(app: Flask) -> None:
    app.register_error_handler(CSRFError, handle_csrf_error)
    app.register_error_handler(HTTPException, handle_http_error)
    app.register_error_handler(Unavailable, handle_database_fault)
    app.register_error_handler(sqlite3.Error, handle_database_fault)
    app.register_error_handler(Exception, handle_unexpected)
    # First of every hook: the others may build links, which a Host werkzeug cannot read leaves them
    # unable to (a 500 where the answer is this 400).
    app.before_request_funcs.setdefault(None, []).insert(0, _refuse_unreadable_host)


def _refuse_unreadable_host() -> None:
    if isinstance(request.routing_exception, BadHost):
        raise request.routing_exception


def _watch_only_page() -> str | None:
    """A phone without the game's key on one of its pages: it can watch, here is how to score too.

    None when the request is not about a game (the usual page then)."""
    game_id = (request.view_args or {}).get("game_id")
    if not isinstance(game_id, str):
        return None
    if request.endpoint == "share.join":
        message = gettext("This invitation does not fit this game: its key is not the game's.")
    else:
        message = gettext("This phone can watch this game, but not change it.")
    return render_template(
        "error.html",
        status=403,
        message=message,
        detail=gettext(
            'To keep the score on this phone too, ask the scorer to open "Invite a second scorer…" at the'
            " bottom of the game's page on their phone, and scan the code with this phone."
        ),
        back=url_for("tables.table", game_id=game_id),
        back_label=gettext("Back to the game"),
    )
