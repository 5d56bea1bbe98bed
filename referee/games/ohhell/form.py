"""The Oh Hell round form: every player's bid, then the tricks taken, in bidding order (the dealer last).

Fields ``bid-<seat>`` and ``tricks-<seat>``. The tricks are a count picker out of the hand's size
(the one player left empty takes what is left); the "made it" button of a player, ``made:<seat>``,
copies their bid into their tricks. What the form shows from the values it holds (the bids' running
total, the dealer's forbidden bid) comes from the rules' own :func:`~.rules.forbidden_bid`.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from ..base import N_, Next, Setup
from ..counts import CountPicker
from ..fields import Label, RoundForm, form_number, posted_count
from . import rules

TRICKS = CountPicker("tricks")
MADE_COMMAND = "made"

_LABELS: dict[str, tuple[str, dict[str, Any]]] = {"bids": (N_("Bids"), {}), "tricks": (N_("Tricks"), {})}


def bid_field(seat: int) -> str:
    return f"bid-{seat}"


def _hand(setup: Setup, entered: Next | None) -> tuple[int, int]:
    """The number and size of the hand being entered (the game over: the largest hand, for a form never shown)."""
    if entered is None:
        return 0, rules.largest_hand(setup)
    return entered.round, int(entered.facts["hand_size"])


def bid_facts(setup: Setup, values: Mapping[str, str], entered: Next | None) -> dict[str, Any]:
    """What a form shows from the bids it holds: the hand's size, the seats in bidding order, the bids'
    total, whether all (or all but the dealer) have bid, and the dealer's forbidden bid."""
    number, size = _hand(setup, entered)
    typed = {player: form_number(values.get(bid_field(seat))) for seat, player in enumerate(setup.players)}
    bids = {player: bid for player, bid in typed.items() if isinstance(bid, int) and 0 <= bid <= size}
    order = rules.bidding_order(setup, max(number, 1))
    return {
        "size": size,
        "order": [setup.seat(player) for player in order],
        "bid_total": sum(bids.values()),
        "all_bid": len(bids) == len(setup.players),
        "others_bid": all(player in bids for player in order[:-1]),
        "forbidden_bid": rules.forbidden_bid(setup, max(number, 1), bids),
    }


def _bid_limits(setup: Setup, entered: Next | None) -> dict[str, tuple[int, int]]:
    size = _hand(setup, entered)[1]
    return {bid_field(seat): (0, size) for seat in range(len(setup.players))}


@dataclass(frozen=True)
class OhHellRoundForm(RoundForm):
    """Each player's bid (``bid-<seat>``) and tricks taken (``tricks-<seat>``)."""

    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        _number, size = _hand(setup, entered)
        return {
            "bids": {player: form_number(form.get(bid_field(seat))) for seat, player in enumerate(setup.players)},
            "tricks": TRICKS.counts(form, setup, size),
        }

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        if round_input is None:
            return {}
        values = TRICKS.values(round_input["tricks"], setup)
        values.update({bid_field(seat): str(round_input["bids"][player]) for seat, player in enumerate(setup.players)})
        return values

    def limits(self, setup: Setup, entered: Next | None) -> dict[str, tuple[int, int]]:
        _number, size = _hand(setup, entered)
        return {**TRICKS.limits(setup, size), **_bid_limits(setup, entered)}

    def facts(self, setup: Setup, values: Mapping[str, str], entered: Next | None) -> dict[str, Any]:
        """The bids' facts (:func:`bid_facts`), the tricks left and each blank's placeholder."""
        return {**TRICKS.shown(values, setup, _hand(setup, entered)[1]), **bid_facts(setup, values, entered)}

    def label(self, field: str, setup: Setup, entered: Next | None) -> Label | None:
        """The hand's fields in words for the refusals; a player's own field is their name."""
        return _LABELS.get(field)

    def command(self, values: MutableMapping[str, str], command: str, setup: Setup, entered: Next | None) -> bool:
        """ "Made it", ``made:<seat>``: that player took the tricks they bid."""
        name, _, seat_text = command.partition(":")
        seat = posted_count(seat_text)
        if name != MADE_COMMAND or seat is None or seat >= len(setup.players):
            return False
        values[TRICKS.field(seat)] = values.get(bid_field(seat), "")
        return True


@dataclass(frozen=True)
class OhHellAnnounceForm(RoundForm):
    """The bids said before the play (``bid-<seat>``, as on the round form): a player left blank has not bid yet."""

    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        given = {seat: form.get(bid_field(seat)) or "" for seat in range(len(setup.players))}
        return {"bids": {setup.players[seat]: form_number(text) for seat, text in given.items() if text.strip()}}

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        bids = (round_input or {}).get("bids", {})
        return {bid_field(seat): str(bids[player]) for seat, player in enumerate(setup.players) if player in bids}

    def limits(self, setup: Setup, entered: Next | None) -> dict[str, tuple[int, int]]:
        return _bid_limits(setup, entered)

    def facts(self, setup: Setup, values: Mapping[str, str], entered: Next | None) -> dict[str, Any]:
        return bid_facts(setup, values, entered)

    def label(self, field: str, setup: Setup, entered: Next | None) -> Label | None:
        return _LABELS.get(field)
