"""What a deal of Belote or Coinche can bring about, as data (see :class:`referee.games.base.Event`).

The JSON API names the teams by their role in the deal (``capot:takers``, ``award:defenders``); the pages
name them (« capot d'Alice & Chloé »). So an event's fields hold the team's name for the pages, and its
:meth:`subject` only what the API shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..base import N_, Event, PlayerEvent

# Who took at what, as the table says it: whole sentences, one per trump (French says « à pique »).
TAKING = {
    "S": N_("%(name)s takes at ♠ spades"),
    "H": N_("%(name)s takes at ♥ hearts"),
    "D": N_("%(name)s takes at ♦ diamonds"),
    "C": N_("%(name)s takes at ♣ clubs"),
    "SA": N_("%(name)s takes at sans atout"),
    "TA": N_("%(name)s takes at tout atout"),
}


@dataclass(frozen=True)
class Verdict(Event):
    """What a deal came to, told with who took at what (``taker``, ``trump``, in Coinche the ``contract``) and
    the totals that decided it; ``side`` is the takers' team. The API shows the word alone."""

    side: str
    taker: str
    trump: str
    contract: int | str | None
    takers_total: int
    defenders_total: int

    def subject(self) -> tuple[str, ...]:
        return ()

    def describe(self, translate: Callable[[str], str] = lambda text: text) -> str:
        taking = translate(TAKING[self.trump]) % {"name": self.taker}
        if self.contract is not None:
            contract = translate(N_("contract %(contract)s")) % {"contract": self.contract}
            taking = translate(N_("%(taking)s; %(contract)s")) % {"taking": taking, "contract": contract}
        outcome = translate(self.message) % self.params()
        return translate(N_("%(taking)s — %(outcome)s")) % {"taking": taking, "outcome": outcome}


class Made(Verdict):
    """The takers made their contract (belote: more than the defenders)."""

    word = "made"
    message = N_("made, %(takers_total)s to %(defenders_total)s")


class Dedans(Verdict):
    """Belote: the takers have fewer points than the defenders."""

    word = "dedans"
    message = N_("dedans, %(takers_total)s to %(defenders_total)s")
    strong = True


class Failed(Verdict):
    """Coinche: the takers failed their contract (chute)."""

    word = "failed"
    message = N_("failed, %(takers_total)s to %(defenders_total)s")
    strong = True


@dataclass(frozen=True)
class Litige(Verdict):
    """Belote: equal totals; the takers' ``points`` wait for the winner of the next deal."""

    points: int = 0
    word = "litige"
    message = N_("litige: %(points)s held")


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
