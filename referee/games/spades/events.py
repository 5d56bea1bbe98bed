"""What a Spades hand can bring about, as data (see :class:`referee.games.base.Event`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..base import N_, Event, PlayerEvent


class NilMade(PlayerEvent):
    """``name`` bid nil and took no trick."""

    word = "nil"
    message = N_("%(name)s made nil")


class NilFailed(PlayerEvent):
    """``name`` bid nil and took a trick or more."""

    word = "nil_failed"
    message = N_("%(name)s's nil failed")


class BlindNilMade(PlayerEvent):
    """``name`` bid nil before looking at the cards and took no trick."""

    word = "blind_nil"
    message = N_("%(name)s made blind nil")
    strong = True


class BlindNilFailed(PlayerEvent):
    """``name`` bid nil before looking at the cards and took a trick or more."""

    word = "blind_nil_failed"
    message = N_("%(name)s's blind nil failed")


@dataclass(frozen=True)
class Set(Event):
    """``side`` took fewer tricks than its contract."""

    side: str
    word = "set"
    message = N_("%(side)s went set")


@dataclass(frozen=True)
class BagPenalty(Event):
    """``side``'s bags reached the limit and cost it ``points``."""

    side: str
    points: int
    word = "bag_penalty"
    message = N_("Bag penalty for %(side)s: −%(points)s")


EVENTS = (NilMade, NilFailed, BlindNilMade, BlindNilFailed, Set, BagPenalty)
