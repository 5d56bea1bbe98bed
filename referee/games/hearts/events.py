"""What a Hearts hand can bring about, as data (see :class:`referee.games.base.Event`)."""

from __future__ import annotations

from collections.abc import Callable

from ..base import N_, PlayerEvent


class Moon(PlayerEvent):
    """``name`` took every heart and the queen of spades, and the moon rule was applied."""

    word = "moon"
    message = N_("%(name)s shot the moon")


class MoonSubtracted(Moon):
    """``name`` shot the moon and the 26 came off their own score (the moon rule "subtract", the
    shooter's choice, or "safety" when adding would have made them lose): the same word in the API."""

    message = N_("%(name)s shot the moon: 26 subtracted from their score")


class Reset(PlayerEvent):
    """``name`` landed exactly on the target and went back to the reset score."""

    word = "reset"
    message = N_("%(name)s landed exactly on the target and goes back")

    def describe(self, translate: Callable[[str], str] = lambda text: text) -> str:
        return "↺ " + super().describe(translate)


EVENTS = (Moon, MoonSubtracted, Reset)
