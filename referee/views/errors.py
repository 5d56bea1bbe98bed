"""Errors answer JSON to API clients and a page to browsers; never a bare 500."""

from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

from ..games.base import N_

MESSAGES = {
    400: N_("The request could not be understood (malformed data)."),
    401: N_("This needs the game's edit key."),
    403: N_("This key does not let you change this game. You can still watch it."),
    404: N_("There is no such page or game."),
    405: N_("That action is not possible here."),
    409: N_("That does not fit the game as it stands."),
    413: N_("That request is too large."),
    422: N_("The input was refused."),
    500: N_("Something went wrong on our side. Nothing was changed."),
}


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def handle_http_error(error: HTTPException) -> tuple[Response | str, int]:
    status = error.code or 500
    message = gettext(MESSAGES.get(status, MESSAGES[500]))
    if _wants_json():
        return jsonify({"errors": [{"field": "request", "message": message}]}), status
    return render_template("error.html", status=status, message=message), status


def handle_csrf_error(_error: CSRFError) -> tuple[str, int]:
    message = gettext("This form has expired or did not come from this page. Go back, reload it and try again.")
    return render_template("error.html", status=400, message=message), 400


def handle_unexpected(error: Exception) -> tuple[Response | str, int]:
    if isinstance(error, HTTPException):
        return handle_http_error(error)
    current_app.logger.exception("Unexpected error on %s %s", request.method, request.path)
    return handle_http_error(InternalServerError(original_exception=error))


def init_app(app: Flask) -> None:
    app.register_error_handler(CSRFError, handle_csrf_error)
    app.register_error_handler(HTTPException, handle_http_error)
    app.register_error_handler(Exception, handle_unexpected)
