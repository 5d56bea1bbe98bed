"""What an Oh Hell hand brings about, as data (see :class:`referee.games.base.Event`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..base import N_, Event, PlayerEvent


class Made(PlayerEvent):
    """``name`` took exactly the tricks they bid."""

    word = "made"
    message = N_("%(name)s made their bid")


@dataclass(frozen=True)
class Missed(Event):
    """``name`` bid ``bid`` and took ``tricks``, more or fewer: the bid is missed. The JSON API names the
    player only (``missed:Bruno``): the numbers are the round's input."""

    name: str
    bid: int
    tricks: int
    word = "missed"
    message = N_("%(name)s missed (bid %(bid)s, took %(tricks)s)")

    def subject(self) -> tuple[str, ...]:
        return (self.name,)


@dataclass(frozen=True)
class Overbid(Event):
    """The bids of the hand added up to ``by`` more than its tricks: someone must fall short."""

    by: int
    word = "overbid"
    message = N_("Overbid by %(by)s")


@dataclass(frozen=True)
class Underbid(Event):
    """The bids of the hand added up to ``by`` fewer than its tricks: someone must take more."""

    by: int
    word = "underbid"
    message = N_("Underbid by %(by)s")


EVENTS = (Made, Missed, Overbid, Underbid)
