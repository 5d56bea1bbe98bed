"""The Tarot deal form, and the announce step (the taker, the contract and, at five, the called card).

Fields (a player is posted as a seat number):

- ``deal``: ``played`` or ``passed``; ``petit_sec``: who had the petit sec (a passed deal).
- ``taker``, ``contract``, ``called`` (a card code, at five with the called king), ``partner`` (a seat,
  ``alone`` for a card of the taker's own, ``chien`` when it was in the chien).
- ``route``: ``points``, ``defence_points`` or ``cards``; ``points`` (typed: ``43,5`` or ``43.5``) and
  ``bouts``; or ``cards``, one checkbox per card of the attack's pile.
- ``petit_au_bout`` (``attack``, ``defence`` or empty), ``poignee-<seat>`` (a size or empty),
  ``chelem_announced`` (ticked: ``on``), ``chelem_made`` (a side or empty), ``misere-<seat>-<kind>`` (ticked).

The announce step's fields are named as the deal form's, so that the form opens with what was announced.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import N_, Next, Setup
from ..fields import Label, RoundForm, seat_name
from . import deck, entry, table
from .scoring import NEEDED

TICKED = "on"
ALONE, IN_CHIEN = "alone", "chien"
_NUMBER = re.compile(r"^[0-9]{1,3}(?:[.,][0-9]{1,2})?$")

_LABELS: dict[str, tuple[str, dict[str, Any]]] = {
    "passed": (N_("Passed deal"), {}),
    "petit_sec": (N_("Petit sec"), {}),
    "taker": (N_("Taker"), {}),
    "contract": (N_("Contract"), {}),
    "called": (N_("Called card"), {}),
    "partner": (N_("Partner"), {}),
    "points": (N_("Points of the attack"), {}),
    "defence_points": (N_("Points of the defence"), {}),
    "bouts": (N_("Bouts of the attack"), {}),
    "cards": (N_("Cards of the attack"), {}),
    "petit_au_bout": (N_("Petit au bout"), {}),
    "poignees": (N_("Poignées"), {}),
    "chelem": (N_("Chelem"), {}),
    "miseres": (N_("Misères"), {}),
}


def poignee_field(seat: int) -> str:
    return f"poignee-{seat}"


def misere_field(seat: int, kind: str) -> str:
    return f"misere-{seat}-{kind}"


def typed_points(text: str | None) -> int | float | str | None:
    """Points as typed on a phone (``43,5``) as a number; blank as None; anything else as typed."""
    if text is None or not text.strip():
        return None
    cleaned = text.strip()
    if not _NUMBER.match(cleaned):
        return cleaned
    value = float(cleaned.replace(",", "."))
    return int(value) if value == int(value) else value


def _picked(form: Mapping[str, str]) -> str:
    """The ticked cards of the attack's pile, as the text the rules read."""
    getlist = getattr(form, "getlist", None)
    return " ".join(getlist("cards") if getlist is not None else (form.get("cards") or "").split())


def _seat(setup: Setup, player: str | None) -> str:
    return "" if player is None else str(setup.seat(player))


def _announced_input(form: Mapping[str, str], setup: Setup) -> dict[str, Any]:
    """The taker, contract and called card posted (those left blank left out)."""
    said = {
        "taker": seat_name(setup, form.get("taker")),
        "contract": form.get("contract") or None,
        "called": form.get("called") or None,
    }
    return {key: value for key, value in said.items() if value is not None}


def _announced_values(setup: Setup, said: Mapping[str, Any]) -> dict[str, str]:
    values = {"taker": _seat(setup, said.get("taker")), "contract": said.get("contract") or ""}
    if said.get("called"):
        values["called"] = said["called"]
    return {key: value for key, value in values.items() if value}


def _partner_input(form: Mapping[str, str], setup: Setup, taker: str | None) -> dict[str, Any]:
    if not table.called_king(setup):
        return {}
    posted = form.get("partner") or ""
    if posted == ALONE:
        return {"partner": taker}
    if posted == IN_CHIEN:
        return {"partner": None}
    return {"partner": seat_name(setup, posted)} if posted else {}


def _partner_value(setup: Setup, deal: Mapping[str, Any]) -> str:
    if "partner" not in deal:
        return ""
    partner = deal["partner"]
    if partner is None:
        return IN_CHIEN
    return ALONE if partner == deal["taker"] else _seat(setup, partner)


def _counted_input(form: Mapping[str, str]) -> dict[str, Any]:
    route = form.get("route") or "points"
    if route == "cards":
        return {"cards": _picked(form)}
    key = "defence_points" if route == "defence_points" else "points"
    bouts = form.get("bouts")
    return {
        key: typed_points(form.get("points")),
        "bouts": int(bouts) if bouts in ("0", "1", "2", "3") else bouts or None,
    }


def _counted_values(deal: Mapping[str, Any]) -> dict[str, str]:
    if "cards" in deal:
        return {"route": "cards", "cards": deal["cards"]}
    route = "defence_points" if "defence_points" in deal else "points"
    return {"route": route, "points": str(deal[route]).replace(".", ","), "bouts": str(deal["bouts"])}


def _bonuses_input(form: Mapping[str, str], setup: Setup) -> dict[str, Any]:
    players = list(enumerate(setup.players))
    found: dict[str, Any] = {
        "petit_au_bout": form.get("petit_au_bout") or None,
        "poignees": [
            {"player": player, "size": form[poignee_field(seat)]}
            for seat, player in players
            if form.get(poignee_field(seat))
        ],
        "chelem": {"announced": form.get("chelem_announced") == TICKED, "made": form.get("chelem_made") or None},
    }
    if setup.options["misere"] != "off":
        found["miseres"] = [
            {"player": player, "kind": kind}
            for seat, player in players
            for kind in entry.KINDS
            if form.get(misere_field(seat, kind)) == TICKED
        ]
    return found


def _bonuses_values(setup: Setup, deal: Mapping[str, Any]) -> dict[str, str]:
    values = {"petit_au_bout": deal["petit_au_bout"] or "", "chelem_made": deal["chelem"]["made"] or ""}
    if deal["chelem"]["announced"]:
        values["chelem_announced"] = TICKED
    for poignee in deal["poignees"]:
        values[poignee_field(setup.seat(poignee["player"]))] = poignee["size"]
    for misere in deal.get("miseres", ()):
        values[misere_field(setup.seat(misere["player"]), misere["kind"])] = TICKED
    return {key: value for key, value in values.items() if value}


def form_facts(setup: Setup, entered: Next | None) -> dict[str, Any]:
    """What both forms show: the players of the deal (seat, name) from the first to speak, the contracts,
    the cards that may be called, the poignées' sizes."""
    playing = table.playing(setup, setup.seat(entered.dealer)) if entered is not None else setup.players
    first = entered.facts["first"] if entered is not None else setup.players[0]
    order = [*playing[playing.index(first) :], *playing[: playing.index(first)]]
    return {
        "order": [(setup.seat(player), player) for player in order],
        "contracts": entry.contracts(setup),
        "called_king": table.called_king(setup),
        "callable": [rank + suit for rank in entry.CALLABLE_RANKS for suit in "SHDC"],
        "poignee": table.deal_of(setup).poignees,
        "deck": deck.DECK,
    }


@dataclass(frozen=True)
class TarotRoundForm(RoundForm):
    """A played deal (taker, contract, partner, points and bouts or cards, bonuses) or a passed deal."""

    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        if form.get("deal") == "passed":
            # A passed deal names no taker: the stored announcement (if any) is left aside.
            return {"passed": True, "taker": None, "petit_sec": seat_name(setup, form.get("petit_sec"))}
        said = _announced_input(form, setup)
        return {
            **said,
            **_partner_input(form, setup, said.get("taker")),
            **_counted_input(form),
            **_bonuses_input(form, setup),
        }

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        if round_input is None:
            return {}
        if round_input.get("passed"):
            return {"deal": "passed", "petit_sec": _seat(setup, round_input.get("petit_sec"))}
        partner = _partner_value(setup, round_input)
        return {
            "deal": "played",
            **_announced_values(setup, round_input),
            **({"partner": partner} if partner else {}),
            **_counted_values(round_input),
            **_bonuses_values(setup, round_input),
        }

    def facts(self, setup: Setup, values: Mapping[str, str], entered: Next | None) -> dict[str, Any]:
        facts = form_facts(setup, entered)
        picked = _picked(values).split()
        points, bouts = deck.counted([card for card in picked if deck.parse_card(card) == card])
        return {
            **facts,
            "picked": picked,
            "picked_points": entry.number(points),
            "picked_bouts": bouts,
            "picked_needed": NEEDED[bouts],
        }

    def label(self, field: str, setup: Setup, entered: Next | None) -> Label | None:
        return _LABELS.get(field.split(".")[0])


@dataclass(frozen=True)
class TarotAnnounceForm(RoundForm):
    """What is said before the play: the taker, the contract and, at five, the called card."""

    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        return _announced_input(form, setup)

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        return _announced_values(setup, round_input or {})

    def facts(self, setup: Setup, values: Mapping[str, str], entered: Next | None) -> dict[str, Any]:
        return form_facts(setup, entered)

    def label(self, field: str, setup: Setup, entered: Next | None) -> Label | None:
        return _LABELS.get(field.split(".")[0])
