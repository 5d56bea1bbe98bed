"""What a Piquet deal can bring about, as data (see :class:`referee.games.base.Event`).

Every event is about a role: ``elder``, ``younger`` or ``equal`` (nobody scored it). The API
keeps the role (``repique:elder``); people read the player's name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..base import N_, Event


@dataclass(frozen=True)
class RoleEvent(Event):
    role: str
    name: str | None = None
    equal_message: ClassVar[str | None] = None

    def subject(self) -> tuple[str, ...]:
        return (self.role,)

    def params(self) -> dict[str, Any]:
        return {"role": self.name or self.role}

    def describe(self, translate: Callable[[str], str] = lambda text: text) -> str:
        if self.role == "equal" and self.equal_message is not None:
            return translate(self.equal_message)
        return super().describe(translate)


class Blanche(RoleEvent):
    word = "blanche"
    message = N_("carte blanche: %(role)s")


class PointWon(RoleEvent):
    word = "point"
    message = N_("point: %(role)s")
    equal_message = N_("point equal")


class SequencesWon(RoleEvent):
    word = "sequences"
    message = N_("sequences: %(role)s")
    equal_message = N_("sequences equal")


class SetsWon(RoleEvent):
    word = "sets"
    message = N_("sets: %(role)s")


class Repique(RoleEvent):
    word = "repique"
    message = N_("repique: %(role)s")
    strong = True


class Pique(RoleEvent):
    word = "pique"
    message = N_("pique: %(role)s")
    strong = True


class Capot(RoleEvent):
    word = "capot"
    message = N_("capot: %(role)s")
    strong = True


class CardsWon(RoleEvent):
    """The cards (most tricks), or divided when ``role`` is ``equal``."""

    word = "cards"
    message = N_("cards: %(role)s")
    equal_message = N_("cards divided")


class TargetReached(RoleEvent):
    word = "target"
    message = N_("target reached: %(role)s")
    strong = True


EVENTS = (Blanche, PointWon, SequencesWon, SetsWon, Repique, Pique, Capot, CardsWon, TargetReached)
BY_WORD: dict[str, type[RoleEvent]] = {event.word: event for event in EVENTS}
