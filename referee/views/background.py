"""A round form sent in the background (``static/form.js``, ``offline.js``): the same POST, answered in JSON.

The page's script keeps a round on the phone until the server has it, and may send it again after
a dropped connection. Its request carries ``X-Referee-Queue: 1``, and the answer says what became of
the round instead of redirecting:

- ``{"outcome": "stored", "table": url}``: it is in the game, whether this send stored it or an
  earlier one whose answer was lost (the round stored under that number is this very input);
- ``{"outcome": "conflict", "html": ..., "version": v, "correct": url | null}`` (409): the game
  holds something else there (another phone's round, or fewer rounds than that number). ``html``
  shows both, with the scorer's choices: keep what is stored, or correct it with this input at
  ``correct`` with ``version``; nothing is overwritten before that tap;
- any other 4xx: ``{"errors": [{"field", "message"}]}``, the round refused as the form would show it.

Each round the phone sends carries the id the phone made for it (``submission``, its idempotency key,
kept with the round's history: :mod:`referee.store.deliveries`). A resend of a known id stores nothing
and is answered ``{"outcome": "stored", "table": url, "delivery": {"number", "fate", "message"}}``:
what became of it (``stored`` as that round, since ``undone``, since ``replaced`` by a correction;
the last two are also flashed on the next page). A round the phone edited while it was still in its
queue names the ids of its earlier versions (``replaces``): the one the game received, if any, is
corrected with it instead of a second round being added.

The queue's writes authenticate without the session cookie, which a browser restart forgets: the
phone's book (a long-lived cookie) makes its edit rights, and the token the round form's page gives
(:func:`queue_token`, bound to that book, sent in ``X-Referee-Queue-Token``) stands for the form's CSRF
token. A page of another site cannot read the token, nor send that header without the server's leave.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from typing import Any

from flask import Flask, current_app, flash, g, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from .. import gamestate, store
from ..db import get_db
from ..extensions import csrf
from ..games.base import Invalid, RoundResult
from ..installed import spec_of
from .access import current_book

HEADER = "X-Referee-Queue"
TOKEN_HEADER = "X-Referee-Queue-Token"

# What a round form sent in the background gets: JSON, and its status.
Answer = tuple[Response, int]


def sent_in_background() -> bool:
    return request.headers.get(HEADER) == "1"


def stored_answer(game_id: str, **extra: Any) -> Answer:
    return jsonify(outcome="stored", table=url_for("tables.table", game_id=game_id), **extra), 200


def refused_answer(errors: Mapping[str, list[str]]) -> Answer:
    listed = [{"field": field, "message": message} for field, messages in errors.items() for message in messages]
    return jsonify(errors=listed), 422


def conflict_answer(current: store.StoredGame, number: int, raw: Any, message: str) -> Answer:
    """The round ``number`` the phone sent does not fit the game as ``current`` holds it, unless it is the
    very round stored under that number (an earlier send arrived; its answer was lost): then it is stored."""
    in_game: RoundResult | None = None
    mine: RoundResult | None = None
    mine_problem = ""
    if 1 <= number <= len(current.inputs):
        try:
            mine, kept = gamestate.round_if(current, number, raw)
        except Invalid as error:
            mine_problem = "; ".join(problem.render(gettext) for problem in error.problems)
        else:
            if kept == current.inputs[number - 1]:
                return stored_answer(current.id)
        in_game = current.standings().rounds[number - 1]
    html = render_template(
        "offline/conflict.html",
        stored=current,
        number=number,
        message=message,
        in_game=in_game,
        mine=mine,
        mine_problem=mine_problem,
    )
    correct = url_for("tables.edit_round", game_id=current.id, number=number) if mine is not None else None
    return jsonify(outcome="conflict", html=html, version=current.version, correct=correct), 409


def submission() -> str | None:
    """The id the phone gave the round it sent (none from a form sent without the page's script)."""
    return store.checked_submission(request.form.get("submission"))


def earlier_version(stored: store.StoredGame) -> store.Delivery | None:
    """Of the round's earlier versions this phone replaced in its queue, the one the game received."""
    for earlier in request.form.getlist("replaces"):
        known = store.delivery_of(get_db(), stored.id, store.checked_submission(earlier) or "")
        if known is not None:
            return known
    return None


def delivered_answer(stored: store.StoredGame, delivery: store.Delivery) -> Answer | Response:
    """A resend of a round the game received before: what became of it (nothing stored this time)."""
    name = spec_of(stored.game).words(gettext, "title", delivery.number)
    if delivery.fate == "undone":
        message = gettext(
            "This was received before (%(round)s); another phone has undone it since. Nothing was stored again.",
            round=name,
        )
    elif delivery.fate == "replaced":
        message = gettext(
            "This was received before (%(round)s); a correction has replaced it since. Nothing was stored again.",
            round=name,
        )
    else:
        message = gettext("This was received before: stored as %(round)s.", round=name)
    if delivery.fate != "stored":
        flash(message, "warning")
    if not sent_in_background():
        return redirect(url_for("tables.table", game_id=stored.id), 303)
    return stored_answer(stored.id, delivery={"number": delivery.number, "fate": delivery.fate, "message": message})


def queue_token() -> str:
    """This phone's token for the writes its queue sends: bound to its book, not to the session cookie
    (none for a phone without a book: its queue sends the form's CSRF token, as before)."""
    book = current_book()
    if book is None:
        return ""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(secret, f"queue:{book.id}".encode(), hashlib.sha256).hexdigest()


def _from_this_phones_queue() -> bool:
    sent = request.headers.get(TOKEN_HEADER, "")
    if not sent or not sent_in_background():
        return False
    token = queue_token()
    return bool(token) and hmac.compare_digest(sent, token)


def protect_forms() -> None:
    """Every form's CSRF check (Flask-WTF's), but for a write from this phone's queue with its token:
    that token does the CSRF token's work, and the form's check takes it as done (``g.csrf_valid``)."""
    if not current_app.config["WTF_CSRF_ENABLED"]:
        return
    if request.method in current_app.config["WTF_CSRF_METHODS"] and _from_this_phones_queue():
        g.csrf_valid = True
        return
    csrf.protect(apply_exemptions=True)


def init_app(app: Flask) -> None:
    """Flask-WTF's own check is replaced by :func:`protect_forms`; the pages get :func:`queue_token`."""
    app.config["WTF_CSRF_CHECK_DEFAULT"] = False
    app.before_request(protect_forms)
    app.jinja_env.globals["queue_token"] = queue_token
