"""What a deal of Queenie or its family can bring about, as data (see :class:`referee.games.base.Event`)."""

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
    """``name`` played the pay card of ``suit`` (a queen, or of ``rank`` on another layout) and collected
    its stack. The API's word keeps Queenie's shape in every game: ``queen:<suit>:<name>``."""

    suit: str
    name: str
    rank: str = "Q"
    word = "queen"
    message = N_("%(name)s played the %(card)s")

    def subject(self) -> tuple[str, ...]:
        return self.suit, self.name

    def describe(self, translate: Callable[[str], str] = lambda text: text) -> str:
        return translate(self.message) % {"name": self.name, "card": card_label(self.rank + self.suit, translate)}


class Blocked(Event):
    word = "blocked"
    message = N_("blocked: nobody went out")


class WentOut(PlayerEvent):
    word = "out"
    message = N_("%(name)s went out")


@dataclass(frozen=True)
class Bankrupt(PlayerEvent):
    """``name`` has fewer chips than the ``stake`` they owe next deal (the dealer's, or everyone else's)."""

    stake: int
    word = "bankrupt"
    message = N_("%(name)s has fewer than %(stake)s chips")

    def subject(self) -> tuple[str, ...]:
        return (self.name,)


class Dropped(PlayerEvent):
    word = "dropped"
    message = N_("%(name)s sits out from now on")


class Split(Event):
    """At the end, the chips left on the table were shared among the players still in."""

    word = "split"
    message = N_("the chips left on the table were shared")


EVENTS = (Sold, QueenPlayed, Blocked, WentOut, Bankrupt, Dropped, Split)
