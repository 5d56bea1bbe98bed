"""What a Tarot deal can bring about, as data (see :class:`referee.games.base.Event`).

The JSON API's words are the rule file's: ``passed``, ``petit_sec:Bruno``, ``made:Alice``,
``failed:Alice``, ``alone:Bruno``, ``petit_au_bout:attack``, ``poignee:Bruno:simple``,
``chelem:attack:announced``, ``chelem:attack``, ``chelem:defence``, ``chelem_failed``, ``misere:Denis:heads``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..base import N_, Event, PlayerEvent
from .deck import points_words


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class _Worded(Event):
    """An event worded by one of its values (a side, a size, a kind): one whole sentence for each."""

    messages: ClassVar[Mapping[str, str]]
    worded_by: ClassVar[str]
    message = ""  # never shown: each value has its own sentence

    def describe(self, translate: Callable[[str], str] = _same) -> str:
        return translate(self.messages[getattr(self, self.worded_by)]) % self.params()


@dataclass(frozen=True)
class Passed(Event):
    """Everybody passed: nobody scores and the deal moves on (or is dealt again)."""

    word = "passed"
    message = N_("Everybody passed")


class PetitSec(PlayerEvent):
    """``name`` held the Petit as the only trump: the deal is void."""

    word = "petit_sec"
    message = N_("Petit sec: %(name)s")


CONTRACT_NAMES = {
    "prise": N_("prise"),
    "pousse": N_("pousse"),
    "garde": N_("garde"),
    "garde_sans": N_("garde sans"),
    "garde_contre": N_("garde contre"),
}


@dataclass(frozen=True)
class _Outcome(Event):
    """The taker ``name``'s contract made or failed by ``margin``, with the attack's ``points`` and ``bouts``:
    "Alice, garde (49 points, 2 bouts): made by 8", "Chloé with Alice, garde (…)" at five."""

    name: str
    contract: str
    points: int | float
    bouts: int
    margin: int
    partner: str | None = None  # at five, the called partner (None: none, or the taker alone)
    strong = True
    message = N_("%(deal)s (%(count)s): %(outcome)s")

    def outcome(self) -> str:
        """What became of the contract, with ``%(margin)s``."""
        raise NotImplementedError

    def subject(self) -> tuple[str, ...]:
        return (self.name,)

    def describe(self, translate: Callable[[str], str] = _same) -> str:
        taker = N_("%(name)s with %(partner)s, %(contract)s") if self.partner else N_("%(name)s, %(contract)s")
        deal = translate(taker) % {
            "name": self.name,
            "partner": self.partner,
            "contract": translate(CONTRACT_NAMES[self.contract]),
        }
        counts = {0: N_("%(points)s points, no bout"), 1: N_("%(points)s points, 1 bout")}
        count = translate(counts.get(self.bouts, N_("%(points)s points, %(bouts)s bouts")))
        count %= {"points": points_words(self.points, translate), "bouts": self.bouts}
        outcome = translate(self.outcome()) % {"margin": self.margin}
        return translate(self.message) % {"deal": deal, "count": count, "outcome": outcome}


@dataclass(frozen=True)
class Made(_Outcome):
    """The taker made the contract (by 0: juste fait)."""

    word = "made"

    def outcome(self) -> str:
        return N_("made by %(margin)s") if self.margin else N_("made exactly (juste fait)")


@dataclass(frozen=True)
class Failed(_Outcome):
    """The taker failed by ``margin``."""

    word = "failed"

    def outcome(self) -> str:
        return N_("failed by %(margin)s")


class Alone(PlayerEvent):
    """At five, the taker ``name`` played alone (called a card of his own, or it was in the chien)."""

    word = "alone"
    message = N_("%(name)s played alone")


@dataclass(frozen=True)
class PetitAuBout(_Worded):
    """The Petit was in the last trick, won by ``side`` (attack or defence)."""

    side: str
    word = "petit_au_bout"
    messages = {"attack": N_("Petit au bout for the attack"), "defence": N_("Petit au bout for the defence")}
    worded_by = "side"


@dataclass(frozen=True)
class Poignee(_Worded):
    """``name`` showed a poignée of ``size`` (simple, double, triple)."""

    name: str
    size: str
    word = "poignee"
    messages = {
        "simple": N_("%(name)s: simple poignée"),
        "double": N_("%(name)s: double poignée"),
        "triple": N_("%(name)s: triple poignée"),
    }
    worded_by = "size"


@dataclass(frozen=True)
class Chelem(_Worded):
    """``side`` took every trick (not announced)."""

    side: str
    word = "chelem"
    messages = {"attack": N_("Chelem by the attack, not announced"), "defence": N_("Chelem by the defence")}
    worded_by = "side"
    strong = True


@dataclass(frozen=True)
class AnnouncedChelem(Event):
    """The attack announced a chelem and took every trick."""

    word = "chelem"
    message = N_("Chelem announced and made")
    strong = True

    def subject(self) -> tuple[str, ...]:
        return ("attack", "announced")


@dataclass(frozen=True)
class ChelemFailed(Event):
    """The attack announced a chelem and did not take every trick."""

    word = "chelem_failed"
    message = N_("Chelem announced, not made")


@dataclass(frozen=True)
class Misere(_Worded):
    """``name`` declared a misère of ``kind`` (trumps: no trump; heads: no king, queen, knight or jack)."""

    name: str
    kind: str
    word = "misere"
    messages = {"trumps": N_("%(name)s: misère of trumps"), "heads": N_("%(name)s: misère of heads")}
    worded_by = "kind"


EVENTS = (Passed, PetitSec, Made, Failed, Alone, PetitAuBout, Poignee, Chelem, AnnouncedChelem, ChelemFailed, Misere)
