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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import jsonify, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from .. import gamestate, store
from ..games.base import Invalid, RoundResult

HEADER = "X-Referee-Queue"

# What a round form sent in the background gets: JSON, and its status.
Answer = tuple[Response, int]


def sent_in_background() -> bool:
    return request.headers.get(HEADER) == "1"


def stored_answer(game_id: str) -> Answer:
    return jsonify(outcome="stored", table=url_for("tables.table", game_id=game_id)), 200


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
