"""The Belote and Coinche deal form, and its announce step (the taker and the trumps, the contract and coinche).

Fields, named alike in both forms so that the deal form opens with what was announced:

- ``passed`` (ticked: ``on``): nobody took; nothing else is read.
- ``taker`` (a seat), ``trump`` (``S H D C``, or ``SA``/``TA``), and in Coinche ``contract`` (a number, or
  ``contract-capot`` ticked) and ``coinche`` (empty, ``coinche``, ``surcoinche``).
- ``way``: ``points`` (``points-takers`` or ``points-defenders``) or ``cards`` (``pile``: whose tricks,
  ``cards``: one checkbox per card, ``last_trick``: who took the last trick).
- ``capot`` (ticked), ``belote`` (a seat, empty for none; at tout atout ``belote-<i>``, one per suit), and
  ``ann-player-<i>`` / ``ann-cards-<i>``, an announcement per row.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import N_, Next, Setup
from ..fields import Label, RoundForm, form_number, seat_name
from .cards import ALL_TRUMPS, CARD_POINTS, pile_points
from .entry import CAPOT, MOST_BELOTES
from .table import ROLES

TICKED = "on"
ANNOUNCEMENT_ROWS = 4
POINTS, CARDS = "points", "cards"
_LABELS: dict[str, Label] = {
    "taker": (N_("Taker"), {}),
    "trump": (N_("Trumps"), {}),
    "contract": (N_("Contract"), {}),
    "coinche": (N_("Coinche"), {}),
    "points": (N_("Card points"), {}),
    "points.takers": (N_("Takers' card points"), {}),
    "points.defenders": (N_("Defenders' card points"), {}),
    "cards": (N_("Cards in the tricks"), {}),
    "cards.takers": (N_("Cards in the takers' tricks"), {}),
    "cards.defenders": (N_("Cards in the defenders' tricks"), {}),
    "cards.last_trick": (N_("Last trick"), {}),
    "capot": (N_("Capot"), {}),
    "belote": (N_("Belote-rebelote"), {}),
    "announcements": (N_("Announcements"), {}),
    "passed": (N_("Passed deal"), {}),
}


def _cards(form: Mapping[str, str], name: str) -> str:
    """The ticked cards, as the text the rules read (a stored deal's values hold the text itself)."""
    getlist = getattr(form, "getlist", None)
    return " ".join(getlist(name)) if getlist is not None else form.get(name) or ""


def _announced(form: Mapping[str, str], setup: Setup, coinche: bool) -> dict[str, Any]:
    """The taker, the trumps, and in Coinche the contract and the coinche, as posted."""
    said: dict[str, Any] = {"taker": seat_name(setup, form.get("taker")), "trump": form.get("trump") or None}
    if coinche:
        capot = form.get("contract-capot") == TICKED
        said["contract"] = CAPOT if capot else form_number(form.get("contract"))
        said["coinche"] = form.get("coinche") or None
    return said


def _announced_values(setup: Setup, deal: Mapping[str, Any]) -> dict[str, str]:
    if deal.get("passed"):
        return {"passed": TICKED}
    values = {}
    if deal.get("taker") in setup.players:
        values["taker"] = str(setup.seat(deal["taker"]))
    for key in ("trump", "contract", "coinche"):
        if deal.get(key) is not None:
            values[key] = str(deal[key])
    if deal.get("contract") == CAPOT:
        values["contract-capot"] = TICKED
        del values["contract"]
    return values


def _belote(form: Mapping[str, str], setup: Setup, trump: Any) -> Any:
    if trump == ALL_TRUMPS:
        return [seat_name(setup, form.get(f"belote-{row}")) for row in range(MOST_BELOTES) if form.get(f"belote-{row}")]
    return seat_name(setup, form.get("belote"))


def _announcements(form: Mapping[str, str], setup: Setup) -> list[dict[str, Any]]:
    rows = []
    for row in range(ANNOUNCEMENT_ROWS):
        player, cards = form.get(f"ann-player-{row}"), (form.get(f"ann-cards-{row}") or "").strip()
        if player or cards:
            rows.append({"player": seat_name(setup, player), "cards": cards})
    return rows


@dataclass(frozen=True)
class BeloteRoundForm(RoundForm):
    """A deal: passed, or the announced part, the card play, the capot, the belote and the announcements."""

    coinche: bool

    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        if form.get("passed") == TICKED:
            return {"passed": True}
        deal = _announced(form, setup, self.coinche)
        if form.get("way") == CARDS:
            pile = form.get("pile") if form.get("pile") in ROLES else ROLES[0]
            deal["cards"] = {pile: _cards(form, "cards"), "last_trick": form.get("last_trick") or None}
        else:
            deal["points"] = {
                role: form_number(form.get(f"points-{role}"))
                for role in ROLES
                if form_number(form.get(f"points-{role}")) is not None
            }
            deal["capot"] = form.get("capot") == TICKED
        deal["belote"] = _belote(form, setup, deal["trump"])
        deal["announcements"] = _announcements(form, setup)
        return deal

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        if round_input is None:
            return {"way": POINTS}
        values = _announced_values(setup, round_input)
        if round_input.get("passed"):
            return {**values, "way": POINTS}
        if "cards" in round_input:
            pile = next(role for role in ROLES if role in round_input["cards"])
            values.update(way=CARDS, pile=pile, cards=round_input["cards"][pile])
            values["last_trick"] = round_input["cards"]["last_trick"]
        else:
            values.update({"way": POINTS, "points-takers": str(round_input["points"]["takers"])})
        if round_input.get("capot"):
            values["capot"] = TICKED
        belote = round_input.get("belote")
        if isinstance(belote, list):
            values.update({f"belote-{row}": str(setup.seat(name)) for row, name in enumerate(belote)})
        elif belote:
            values["belote"] = str(setup.seat(belote))
        for row, item in enumerate(round_input.get("announcements", ())):
            values[f"ann-player-{row}"] = str(setup.seat(item["player"]))
            values[f"ann-cards-{row}"] = item["cards"]
        return values

    def facts(self, setup: Setup, values: Mapping[str, str], entered: Next | None) -> dict[str, Any]:
        """The card points of the pile ticked so far (with the dix de der if its team took the last trick)."""
        trump = values.get("trump")
        pile = _cards(values, "cards").split()
        if trump not in ("S", "H", "D", "C"):
            return {"pile_points": None, "tricks": len(pile) // 4}
        last = values.get("last_trick") == (values.get("pile") or ROLES[0])
        points = pile_points((card for card in pile if len(card) == 2), trump, last)
        return {"pile_points": points, "other_points": CARD_POINTS - points, "tricks": len(pile) // 4}

    def label(self, field: str, setup: Setup, entered: Next | None) -> Label | None:
        if field.startswith("announcements."):
            return _LABELS["announcements"]
        return _LABELS.get(field)


@dataclass(frozen=True)
class BeloteAnnounceForm(RoundForm):
    """What is said before the play: the taker and the trumps (and the contract and the coinche)."""

    coinche: bool

    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        if form.get("passed") == TICKED:
            return {"passed": True}
        said = _announced(form, setup, self.coinche)
        # The coinche is said (or taken back) as the rest: none is a value of its own.
        return {key: value for key, value in said.items() if value is not None or key == "coinche"}

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        return _announced_values(setup, round_input or {})

    def label(self, field: str, setup: Setup, entered: Next | None) -> Label | None:
        return _LABELS.get(field)
