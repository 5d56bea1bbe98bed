"""What a Queenie deal can bring about, as data (see :class:`referee.games.base.Event`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..base import N_, Event, PlayerEvent
from ..cards import card_label


class Sold(PlayerEvent):
    word = "sold"
    message = N_("%(name)s bought the spare packet")


@dataclass(frozen=True)
class QueenPlayed(Event):
    """``name`` played the queen of ``suit`` and collected her stack."""

    suit: str
    name: str
    word = "queen"
    message = N_("%(name)s played the %(card)s")

    def describe(self, translate: Callable[[str], str] = lambda text: text) -> str:
        return translate(self.message) % {"name": self.name, "card": card_label("Q" + self.suit, translate)}


class Blocked(Event):
    word = "blocked"
    message = N_("blocked: nobody went out")


class WentOut(PlayerEvent):
    word = "out"
    message = N_("%(name)s went out")


class Bankrupt(PlayerEvent):
    """``name`` has fewer chips than a stake needs."""

    word = "bankrupt"
    message = N_("%(name)s has fewer than 2 chips")


class Dropped(PlayerEvent):
    word = "dropped"
    message = N_("%(name)s sits out from now on")


class Split(Event):
    """At the end, the chips left on the table were shared among the players still in."""

    word = "split"
    message = N_("the chips left on the table were shared")


EVENTS = (Sold, QueenPlayed, Blocked, WentOut, Bankrupt, Dropped, Split)
