"""The Queenie play-along on the phone: the referee follows the next deal card by card.

Stateless: every tap is a GET carrying the deal number (``d``), the dealer's packets
(``p``: ``keep``, ``switch`` or the buyer's seat), the answers so far (``a``) and the new
answer (``n``). Each request replays :mod:`referee.games.queenie.play` from them, so an undo
is a link with one answer less (the back button works as well) and nothing is stored
until the table saves the filled-in deal form, which goes through the ordinary deal
handler: the chips move exactly as for a deal entered by hand.

Answer tokens: a player is their seat number, a card its code (``7D``), nobody or none ``-``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from ....views.kit import RoundAnswer, StoredGame, editable_or_403, round_page, save_round
from ...base import Next, Setup, Standings
from ...cards import SUIT_SYMBOLS, card_label
from ...fields import posted_count
from .. import play as qp
from ..form import QueenieRoundForm
from ..rules import FAMILY, facts

bp = Blueprint("playalong", __name__)

NOBODY = "-"


def _token(setup: Setup, value: qp.Answer) -> str:
    if value is None:
        return NOBODY
    return str(setup.seat(value)) if value in setup.players else value


def _value(setup: Setup, token: str) -> qp.Answer:
    """A token back to an answer; anything unknown is passed on for the machine to refuse."""
    if token == NOBODY:
        return None
    seat = posted_count(token)
    if seat is not None and seat < len(setup.players):
        return setup.players[seat]
    return token


@dataclass(frozen=True)
class Along:
    """The play-along of the next deal as the request gives it."""

    stored: StoredGame
    standings: Standings
    number: int
    packets: str  # "" while the dealer's packets are still to be told
    dealer_choice: str
    buyer: str | None
    deal: qp.Deal | None
    tokens: tuple[str, ...]

    @property
    def next(self) -> Next:
        assert self.standings.next is not None  # a finished game has no play-along (redirected)
        return self.standings.next

    def url(self, endpoint: str = "playalong.play", tokens: Sequence[str] | None = None) -> str:
        answers = self.tokens if tokens is None else tokens
        if not self.packets:
            return url_for(endpoint, game_id=self.stored.id, d=self.number)
        return url_for(endpoint, game_id=self.stored.id, d=self.number, p=self.packets, a=" ".join(answers))


def _packets(setup: Setup, following: Next, packets: str) -> tuple[str, str | None] | None:
    """The dealer's choice and the buyer, or None when ``packets`` says neither."""
    if packets in ("keep", "switch"):
        return packets, None
    seat = posted_count(packets)
    if seat is not None and seat < len(setup.players):
        buyer = setup.players[seat]
        if buyer in following.facts["can_buy"]:
            return "keep", buyer
    return None


def _along(game_id: str) -> Along | Response:
    stored = editable_or_403(game_id)
    if stored.game not in FAMILY or not facts(stored.setup)["played_along"]:
        abort(404)  # another game, or one of the family played with options the play-along does not follow
    standings = stored.standings()
    if standings.next is None:
        return redirect(url_for("tables.table", game_id=game_id), 303)
    following = standings.next
    number = following.round
    args = request.args
    packets = args.get("p", "")
    tokens = args.get("a", "").split()
    if args.get("n"):
        tokens.append(args["n"])
    if args.get("d", str(number)) != str(number):
        flash(gettext("A deal was saved meanwhile: the play-along starts again for this deal."), "warning")
        packets, tokens = "", []
    told = _packets(stored.setup, following, packets)
    if told is None:
        return Along(stored, standings, number, "", "keep", None, None, ())
    dealer_choice, buyer = told
    start = qp.start_deal(stored.setup, standings.extra["active"], following.dealer, buyer)
    deal, refused = qp.replay_valid(start, [_value(stored.setup, token) for token in tokens])
    if refused is not None:
        why = " ".join(problem.render(gettext) for problem in refused.problems)
        flash(f"{gettext('That answer does not fit the deal: it was left out.')} {why}", "warning")
    kept = tuple(_token(stored.setup, value) for value in deal.answers)
    return Along(stored, standings, number, packets, dealer_choice, buyer, deal, kept)


def _seat_order(along: Along) -> list[str]:
    seated = along.deal.seats if along.deal else ()
    return [player for player in along.stored.setup.players if player in seated]


def _rows(deal: qp.Deal) -> list[dict[str, Any]]:
    """The four suits, each a row of thirteen cells: played (by whom), declared dead, or still out."""
    played = deal.played_cards
    rows = []
    for suit in "SHDC":
        cells = []
        for rank in qp.ORDER:
            code = rank + suit
            status = "played" if code in played else "dead" if code in deal.dead else ""
            label = card_label(code, gettext)[:-1]
            cells.append({"card": code, "rank": label, "status": status, "player": played.get(code)})
        rows.append(
            {
                "suit": suit,
                "symbol": SUIT_SYMBOLS[suit],
                "cells": cells,
                "count": sum(1 for cell in cells if cell["status"] == "played"),
            }
        )
    return rows


def _picker(deal: qp.Deal) -> list[dict[str, Any]]:
    """For a lowest-card question: the two suits of the colour, every card with whether it can be chosen."""
    question = deal.question
    if question is None or question.kind != "lowest":
        return []
    played = deal.played_cards
    return [
        {
            "suit": suit,
            "cells": [
                {"card": rank + suit, "played": rank + suit in played, "dead": rank + suit in deal.dead}
                for rank in qp.ORDER
            ],
        }
        for suit in qp.SUITS_OF[question.colour or "red"]
    ]


@bp.get("/g/<game_id>/playalong")
def play(game_id: str) -> Response | str:
    along = _along(game_id)
    if isinstance(along, Response):
        return along
    deal = along.deal
    undo = None
    if deal is not None:
        undo = along.url(tokens=along.tokens[:-1]) if along.tokens else url_for("playalong.play", game_id=game_id)
    return render_template(
        "queenie/playalong.html",
        along=along,
        stored=along.stored,
        next=along.next,
        deal=deal,
        seats=_seat_order(along),
        rows=_rows(deal) if deal else [],
        picker=_picker(deal) if deal else [],
        undo=undo,
        seat_of=along.stored.setup.players.index,
    )


@bp.route("/g/<game_id>/playalong/deal", methods=["GET", "POST"])
def deal_form(game_id: str) -> RoundAnswer:
    """The deal form filled in from the play-along; saving it is the ordinary deal handler."""
    if request.method == "POST":
        stored = editable_or_403(game_id)
        expected = posted_count(request.form.get("number"))
        if expected is None:  # as the deal form's own handler: never taken for the next deal
            abort(400)
        return save_round(stored, expected, editing=False)
    along = _along(game_id)
    if isinstance(along, Response):
        return along
    deal = along.deal
    if deal is None or not deal.over:
        return redirect(along.url(), 303)
    setup = along.stored.setup
    result = deal.result()
    values = QueenieRoundForm().played_along(setup, along.next, along.dealer_choice, along.buyer, result, deal.record())
    return round_page(
        along.stored, along.number, values, playalong={"deal": deal, "result": result, "back": along.url()}
    )
