"""The deal form of Queenie and its family: stakes (where each chooses), the dealer's choice, the buyer and the
auction's price (where there is a spare hand), the pay cards and who went out, by seat."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import N_, Next, Problem, Setup, invalid
from ..fields import Label, RoundForm, form_number, json_value, seat_name
from .rules import QUEENIE_VALUES

QUEENS = ("S", "H", "D", "C")
MOST_CARDS = 13
BLOCKED = "none"  # "who went out": nobody, the deal was blocked
_LABELS: dict[str, tuple[str, dict[str, Any]]] = {
    "stakes": (N_("Stakes"), {}),
    "buyer": (N_("The buyer of the spare packet"), {}),
    "price": (N_("Price paid"), {}),
    "queens": (N_("Who played each queen"), {}),
    "out": (N_("Who went out"), {}),
    "cards_left": (N_("Cards left in hand"), {}),
    "referee": (N_("Play-along"), {}),
}
_QUEEN_LABELS = {
    "S": N_("Who played the queen of spades"),
    "H": N_("Who played the queen of hearts"),
    "D": N_("Who played the queen of diamonds"),
    "C": N_("Who played the queen of clubs"),
}


@dataclass(frozen=True)
class QueenieRoundForm(RoundForm):
    """Fields: ``stake-<seat>`` (S/H/D/C), ``dealer_choice``, ``buyer``, ``queen-<suit>`` (players by
    seat, empty for nobody), ``out`` (a seat, or ``none``: blocked; required on the page),
    ``cards_left-<seat>`` with the pay-per-card option, and ``referee`` (hidden, JSON: the
    play-along's answers and flags when the deal was refereed card by card)."""

    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        rule = _terms(setup)
        round_input: dict[str, Any] = {}
        if rule["staking"] == "one_card":
            # Only the players still in have stake buttons: a dropped player posts nothing.
            round_input["stakes"] = {
                player: form[f"stake-{seat}"] for seat, player in enumerate(setup.players) if f"stake-{seat}" in form
            }
        if rule["spare"] != "none":
            round_input["dealer_choice"] = form.get("dealer_choice")
            round_input["buyer"] = seat_name(setup, form.get("buyer"))
        if rule["spare"] == "auction":
            round_input["price"] = form_number(form.get("price")) if round_input["buyer"] is not None else None
        round_input["queens"] = {suit: seat_name(setup, form.get(f"queen-{suit}")) for suit in QUEENS}
        round_input["out"] = None if form.get("out") in (BLOCKED, None, "") else seat_name(setup, form.get("out"))
        if setup.options["pay_per_card"] and form.get("out"):
            round_input["cards_left"] = _cards_left(form, setup, round_input["out"])
        if form.get("referee"):
            round_input["referee"] = _record(form["referee"])
        return round_input

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        values: dict[str, str] = {"dealer_choice": "keep", "buyer": ""}
        values.update({f"queen-{suit}": "" for suit in QUEENS})
        if round_input is None:
            # A new deal: every player stakes as last time (nothing chosen before their first deal); keep,
            # no sale, no queen played; who went out is left for the table to say (nobody, blocked, is a
            # choice like any other).
            defaults = entered.facts.get("stakes_default") or {} if entered is not None else {}
            values.update({f"stake-{setup.seat(player)}": queen for player, queen in defaults.items() if queen})
            return values
        values.update(
            {f"stake-{setup.seat(player)}": queen for player, queen in (round_input.get("stakes") or {}).items()}
        )
        values["dealer_choice"] = round_input.get("dealer_choice") or "keep"
        values["buyer"] = _seat(setup, round_input.get("buyer"))
        if round_input.get("price") is not None:
            values["price"] = str(round_input["price"])
        values["out"] = _seat(setup, round_input.get("out")) or BLOCKED
        for suit, player in round_input["queens"].items():
            values[f"queen-{suit}"] = _seat(setup, player)
        for player, cards in (round_input.get("cards_left") or {}).items():
            values[f"cards_left-{setup.seat(player)}"] = str(cards)
        if round_input.get("referee") is not None:
            values["referee"] = json.dumps(round_input["referee"], ensure_ascii=False)
        return values

    def played_along(
        self,
        setup: Setup,
        entered: Next,
        dealer_choice: str,
        buyer: str | None,
        result: Mapping[str, Any],
        record: Mapping[str, Any],
    ) -> dict[str, str]:
        """A new deal's fields filled in from the play-along: the stakes stay as last time for the table
        to check; the packets, the queens, who went out (the cards left with pay-per-card) and the
        play-along's record (a hidden field) come from the deal as it was refereed."""
        values = self.values(setup, None, entered)
        values["dealer_choice"] = dealer_choice
        values["buyer"] = _seat(setup, buyer)
        values["out"] = _seat(setup, result["out"]) or BLOCKED
        for suit, player in result["queens"].items():
            values[f"queen-{suit}"] = _seat(setup, player)
        if setup.options["pay_per_card"] and result["out"] is not None:
            for player, cards in result["cards_left"].items():
                values[f"cards_left-{setup.seat(player)}"] = str(cards)
        values["referee"] = json.dumps(record, ensure_ascii=False)
        return values

    def problems(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> list[Problem]:
        """Who went out must be chosen on the page: a deal left as it was is not a blocked deal."""
        if form.get("out"):
            return []
        return [Problem("out", N_('Say who went out: tap the player, or "nobody: blocked" if nobody could go out.'))]

    def label(self, field: str, setup: Setup, entered: Next | None) -> Label | None:
        """The deal's fields in words for the refusals; a player's own field is their name."""
        if field.startswith("queens.") and field[-1] in QUEENS:
            return _QUEEN_LABELS[field[-1]], {}
        return _LABELS.get(field)

    def limits(self, setup: Setup, entered: Next | None) -> dict[str, tuple[int, int]]:
        if not setup.options["pay_per_card"]:
            return {}
        return {f"cards_left-{seat}": (0, MOST_CARDS) for seat in range(len(setup.players))}


def _terms(setup: Setup) -> dict[str, Any]:
    """The game's options, Queenie's values for those a game stored before the family's options lacks."""
    return {**QUEENIE_VALUES, **setup.options}


def _record(text: str) -> Any:
    """The play-along's record as posted (JSON, read with the API's guards); unreadable text is refused here."""
    try:
        return json_value(text)
    except ValueError:
        message = N_("The play-along record of this deal could not be read. Enter the deal without the play-along.")
        raise invalid("referee", message) from None


def _seat(setup: Setup, player: str | None) -> str:
    return str(setup.seat(player)) if player in setup.players else ""


def _cards_left(form: Mapping[str, str], setup: Setup, out: str | None) -> dict[str, Any] | None:
    """The cards typed per player; blanks left out (the rules name who is missing).

    The player who went out holds nothing, so their blank means 0 (and a field not
    posted at all is left out: the rules take it as 0); on a blocked deal nothing
    typed means no cards to pay for.
    """
    typed: dict[str, Any] = {}
    for seat, player in enumerate(setup.players):
        field = f"cards_left-{seat}"
        if field not in form:
            continue
        count = form_number(form.get(field))
        if count is None and player == out:
            count = 0
        if count is not None:
            typed[player] = count
    if out is None and not typed:
        return None
    return typed
