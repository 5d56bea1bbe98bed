"""What a deal of Belote or Coinche can bring about, as data (see :class:`referee.games.base.Event`).

The JSON API names the teams by their role in the deal (``capot:takers``, ``award:defenders``); the pages
name them (« capot d'Alice & Chloé »). So an event's fields hold the team's name for the pages, and its
:meth:`subject` only what the API shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..base import N_, Event, PlayerEvent


@dataclass(frozen=True)
class Made(Event):
    """The takers (``side``) made their contract (belote: more than the defenders)."""

    side: str
    word = "made"
    message = N_("%(side)s made it")

    def subject(self) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True)
class Dedans(Event):
    """Belote: the takers (``side``) have fewer points than the defenders."""

    side: str
    word = "dedans"
    message = N_("%(side)s dedans")
    strong = True

    def subject(self) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True)
class Failed(Event):
    """Coinche: the takers (``side``) failed their contract (chute)."""

    side: str
    word = "failed"
    message = N_("%(side)s failed")
    strong = True

    def subject(self) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True)
class Litige(Event):
    """Belote: equal totals; the takers' ``points`` wait for the winner of the next deal."""

    points: int
    word = "litige"
    message = N_("litige: %(points)s held")

    def subject(self) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True)
class Award(Event):
    """The ``points`` held since a litige go to ``side``, the deal's takers or defenders (``role``)."""

    role: str
    side: str
    points: int
    word = "award"
    message = N_("%(side)s win the %(points)s held")

    def subject(self) -> tuple[str, ...]:
        return (self.role,)


@dataclass(frozen=True)
class Capot(Event):
    """``side``, the deal's takers or defenders (``role``), took all eight tricks."""

    role: str
    side: str
    word = "capot"
    message = N_("capot by %(side)s")
    strong = True

    def subject(self) -> tuple[str, ...]:
        return (self.role,)


class Belote(PlayerEvent):
    """``name`` held the king and queen of trumps and said belote and rebelote."""

    word = "belote"
    message = N_("belote-rebelote: %(name)s")


@dataclass(frozen=True)
class Announcements(Event):
    """``side``, the takers or the defenders (``role``), scored its announcements: ``points``. The role
    ``void`` (no side, no points) says that the two teams' best announcements were equal: none counts."""

    role: str
    side: str = ""
    points: int = 0
    word = "announcements"
    message = N_("announcements: %(points)s to %(side)s")
    void = N_("equal announcements: none counts")

    def subject(self) -> tuple[str, ...]:
        return (self.role,)

    def describe(self, translate: Callable[[str], str] = lambda text: text) -> str:
        return translate(self.void) if self.role == VOID else super().describe(translate)


VOID = "void"


@dataclass(frozen=True)
class Coinched(Event):
    """Coinche: a defender coinched the contract."""

    word = "coinche"
    message = N_("coinched")


@dataclass(frozen=True)
class Surcoinched(Event):
    """Coinche: the takers answered the coinche with a surcoinche."""

    word = "surcoinche"
    message = N_("surcoinched")


@dataclass(frozen=True)
class Passed(Event):
    """Nobody took: the deal scores nothing."""

    word = "passed"
    message = N_("passed: nobody took")


EVENTS = (
    Made,
    Dedans,
    Failed,
    Litige,
    Award,
    Capot,
    Belote,
    Announcements,
    Coinched,
    Surcoinched,
    Passed,
)
