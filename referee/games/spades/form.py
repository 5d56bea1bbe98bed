"""The Spades round form: every player's bid (0 is nil, with a blind nil tick where the side may bid it),
then the tricks taken, players in bidding order (the dealer last); and the announce step, the bids alone.

Fields ``bid-<seat>``, ``blind-<seat>`` (ticked: ``on``) and ``tricks-<seat>``, named alike in both
forms so that the round form opens filled in with the bids announced. The tricks are a count picker
out of the hand's tricks (the one player left empty takes what is left).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, Next, Setup
from ..counts import CountPicker
from ..fields import Label, RoundForm, form_number
from . import rules

TRICKS = CountPicker("tricks")
TICKED = "on"

_LABELS: dict[str, tuple[str, dict[str, Any]]] = {
    "bids": (N_("Bids"), {}),
    "blind_nil": (N_("Blind nil"), {}),
    "tricks": (N_("Tricks taken"), {}),
}


def bid_field(seat: int) -> str:
    return f"bid-{seat}"


def blind_field(seat: int) -> str:
    return f"blind-{seat}"


def _blind(form: Mapping[str, str], setup: Setup) -> list[str]:
    return [player for seat, player in enumerate(setup.players) if form.get(blind_field(seat)) == TICKED]


def _bid_values(setup: Setup, announced: Mapping[str, Any]) -> dict[str, str]:
    """The fields showing the bids of a hand or an announcement (those made so far) and its blind nils."""
    values = {}
    for seat, player in enumerate(setup.players):
        if player in announced.get("bids", {}):
            values[bid_field(seat)] = str(announced["bids"][player])
        if player in announced.get("blind_nil", ()):
            values[blind_field(seat)] = TICKED
    return values


def typed_bid(text: str | None, most: int) -> int | None:
    """A bid as typed, if it is one of this hand (0 to ``most``); else None (blank, or for the rules to refuse)."""
    bid = form_number(text)
    return bid if isinstance(bid, int) and 0 <= bid <= most else None


def side_bids(bids: Sequence[int | None]) -> dict[str, Any]:
    """A side's bids as they are said, its players' in seat order (None: not yet): how many have bid, their
    bids so far added up (nil counting 0) and, once all have bid, the contract the rules make of them (None:
    all bid nil). The page's script (static/round.js sideBids) does the same as the bids are tapped in."""
    said = [bid for bid in bids if bid is not None]
    complete = len(said) == len(bids)
    by_seat = {str(seat): bid for seat, bid in enumerate(said)}
    contract = rules.contract(rules.Team("", tuple(by_seat)), by_seat) if complete else None
    return {"said": len(said), "bid": sum(said), "contract": contract, "complete": complete}


def _bid_facts(setup: Setup, values: Mapping[str, str], entered: Next | None) -> dict[str, Any]:
    """The hand's tricks, the seats in bidding order, who may tick blind nil, and each side's bids so far
    (:func:`side_bids`) with its seats."""
    number = entered.round if entered is not None else 1
    most = rules.tricks_per_hand(setup)
    typed = [typed_bid(values.get(bid_field(seat)), most) for seat in range(len(setup.players))]
    blind = entered.facts["blind_nil"] if entered is not None else []
    sides = []
    for team in rules.teams(setup):
        seats = [setup.seat(player) for player in team.players]
        sides.append({"name": team.name, "seats": seats, **side_bids([typed[seat] for seat in seats])})
    return {
        "tricks": most,
        "order": [setup.seat(player) for player in rules.bidding_order(setup, number)],
        "blind_allowed": [setup.seat(player) for player in blind],
        "sides": sides,
    }


def _bid_limits(setup: Setup) -> dict[str, tuple[int, int]]:
    return {bid_field(seat): (0, rules.tricks_per_hand(setup)) for seat in range(len(setup.players))}


@dataclass(frozen=True)
class SpadesRoundForm(RoundForm):
    """Each player's bid (``bid-<seat>``), blind nil tick (``blind-<seat>``) and tricks (``tricks-<seat>``)."""

    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        return {
            "bids": {player: form_number(form.get(bid_field(seat))) for seat, player in enumerate(setup.players)},
            "blind_nil": _blind(form, setup),
            "tricks": TRICKS.counts(form, setup, rules.tricks_per_hand(setup)),
        }

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        if round_input is None:
            return {}
        return {**TRICKS.values(round_input["tricks"], setup), **_bid_values(setup, round_input)}

    def limits(self, setup: Setup, entered: Next | None) -> dict[str, tuple[int, int]]:
        return {**TRICKS.limits(setup, rules.tricks_per_hand(setup)), **_bid_limits(setup)}

    def facts(self, setup: Setup, values: Mapping[str, str], entered: Next | None) -> dict[str, Any]:
        """The bids' facts, the tricks left and each blank's placeholder."""
        return {**TRICKS.shown(values, setup, rules.tricks_per_hand(setup)), **_bid_facts(setup, values, entered)}

    def label(self, field: str, setup: Setup, entered: Next | None) -> Label | None:
        """The hand's fields in words for the refusals; a player's own field is their name."""
        return _LABELS.get(field)


@dataclass(frozen=True)
class SpadesAnnounceForm(RoundForm):
    """The bids said before the play: the bids typed (a player left blank is left out) and the blind nils."""

    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        bids = {player: form_number(form.get(bid_field(seat))) for seat, player in enumerate(setup.players)}
        return {
            "bids": {player: bid for player, bid in bids.items() if bid is not None},
            "blind_nil": _blind(form, setup),
        }

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        return _bid_values(setup, round_input or {})

    def limits(self, setup: Setup, entered: Next | None) -> dict[str, tuple[int, int]]:
        return _bid_limits(setup)

    def facts(self, setup: Setup, values: Mapping[str, str], entered: Next | None) -> dict[str, Any]:
        return _bid_facts(setup, values, entered)

    def label(self, field: str, setup: Setup, entered: Next | None) -> Label | None:
        return _LABELS.get(field)
