"""The web kit: the part of the web layer a game's own web face (its routes, its panels) may use.

Load a game or 404, may edit or 403; the round page, and a round posted from a form saved as
the generic form saves it; a JSON body read, and problems answered in JSON; an event in the
reader's words; the static files the app makes (delivery). It imports no game and not the
registry (a game's web module imports the kit, and the registry imports the games): a game's
spec is looked up in the app when a request needs it (:mod:`referee.installed`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import Response, jsonify, request
from flask_babel import gettext
from markupsafe import Markup, escape
from werkzeug.exceptions import BadRequest

from .. import delivery, i18n
from ..extensions import csrf
from ..games.base import N_, Event, Invalid, Problem
from ..games.fields import json_value
from ..store import StoredGame
from .access import can_edit, editable_or_403, game_or_404
from .rendering import round_kept
from .rounds import RoundAnswer, round_page, save_round

__all__ = [
    "RoundAnswer",
    "StoredGame",
    "can_edit",
    "csrf",
    "delivery",
    "describe_event",
    "editable_or_403",
    "game_or_404",
    "i18n",
    "json_body",
    "json_object",
    "problems_response",
    "refused",
    "round_kept",
    "round_page",
    "save_round",
]


def json_body() -> Any:
    """The request body as JSON (the API takes application/json only: api.json_writes_only); malformed JSON: 400.

    Nesting too deep for the parser (RecursionError) and lone surrogates such as "\\ud800"
    (not text: SQLite cannot store them) count as malformed too, instead of a 500.
    """
    try:
        # A byte order mark is accepted, as on the upload form.
        return json_value(request.get_data(cache=True))
    except ValueError as error:
        raise BadRequest("Malformed JSON.") from error


def json_object() -> dict[str, Any]:
    body = json_body()
    if not isinstance(body, dict):
        raise Invalid([Problem("body", N_("The body must be a JSON object."))])
    return body


def problems_response(problems: Sequence[Problem], status: int) -> tuple[Response, int]:
    errors = [{"field": problem.field, "message": problem.render(gettext)} for problem in problems]
    return jsonify({"errors": errors}), status


def refused(error: Invalid) -> tuple[Response, int]:
    """:class:`Invalid` answered in JSON (422): each problem at its field (an error handler)."""
    return problems_response(error.problems, 422)


def describe_event(event: Event) -> Markup:
    """An event in the reader's words; the ones that change a game's course in bold (made once per locale)."""
    words = i18n.catalogue()
    try:
        return words.made(("event", event), lambda: _described(event, words.gettext))
    except TypeError:  # an event with an unhashable field: described every time
        return _described(event, words.gettext)


def _described(event: Event, translate: Callable[[str], str]) -> Markup:
    words = escape(event.describe(translate))
    return Markup("<strong>%s</strong>") % words if event.strong else words
