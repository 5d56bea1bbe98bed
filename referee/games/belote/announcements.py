"""Announcements (annonces): what a list of cards announces, and which team scores them.

A carré is four cards of one rank; a sequence three or more cards of one suit running in the natural
order A K Q J 10 9 8 7 (a tierce, a cinquante, a cent from five cards up). Each team's single best
announcement is compared with the other's: higher value, then a carré before a sequence, then the
higher top card, then an announcement in trumps. The winning team scores all of its announcements.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..base import N_, Problem
from ..cards import Card
from .cards import ALL_TRUMPS, NO_TRUMPS, RANKS

CARRE = {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100}
CARRE_NO_TRUMPS = {"A": 200, "T": 150, "K": 100, "Q": 100, "J": 100, "9": 100}
CARRE_ORDER = "9JQKTA"  # carrés of equal value rank by the plain-suit order, lowest first
SEQUENCE_ORDER = RANKS[::-1]  # 7 8 9 10 J Q K A, lowest first
SEQUENCES = {3: 20, 4: 50, 5: 100}  # a run of 6 to 8 is one cent
SEQUENCE_KINDS = {3: "tierce", 4: "cinquante", 5: "cent"}
MOST_CARDS = 8  # a hand


@dataclass(frozen=True)
class Announcement:
    """One announcement as the rules read it: who made it, its cards (in the natural order), its kind
    (``carre``, ``cent``, ``cinquante``, ``tierce``), its points, its top rank and, for a sequence, its suit."""

    player: str
    cards: tuple[str, ...]
    kind: str
    points: int
    top: str
    suit: str | None

    def strength(self, trump: str) -> tuple[int, int, int, int]:
        """What decides between two announcements: value, a carré before a sequence, top card, in trumps."""
        if self.suit is None:
            return self.points, 1, CARRE_ORDER.index(self.top), 0
        return self.points, 0, SEQUENCE_ORDER.index(self.top), int(self.suit == trump)


def read(player: str, cards: Sequence[str], trump: str, field: str) -> Announcement:
    """What ``cards`` announce at this trump; :class:`AnnouncementRefused` (naming ``field``) if nothing."""
    ordered = tuple(sorted(cards, key=lambda card: (card[1], RANKS.index(card[0]))))
    if len(ordered) < 3:
        raise AnnouncementRefused(Problem(field, N_("An announcement has at least 3 cards.")))
    ranks = {card[0] for card in ordered}
    if len(ordered) == 4 and len(ranks) == 1:
        rank = ordered[0][0]
        values = CARRE_NO_TRUMPS if trump == NO_TRUMPS else CARRE
        if rank not in values:
            raise AnnouncementRefused(Problem(field, N_("Four 8s or four 7s score nothing.")))
        return Announcement(player, ordered, "carre", values[rank], rank, None)
    suits = {card[1] for card in ordered}
    written = Cards(tuple(cards))
    if len(suits) > 1:
        raise AnnouncementRefused(
            Problem(
                field, N_("%(cards)s is neither four cards of a rank nor a sequence of one suit."), {"cards": written}
            )
        )
    positions = [RANKS.index(card[0]) for card in ordered]
    if positions != list(range(positions[0], positions[0] + len(positions))):
        raise AnnouncementRefused(Problem(field, N_("%(cards)s is not a sequence."), {"cards": written}))
    length = min(len(ordered), 5)
    return Announcement(player, ordered, SEQUENCE_KINDS[length], SEQUENCES[length], ordered[0][0], ordered[0][1])


@dataclass(frozen=True)
class Cards:
    """Cards named in a message, written in the reader's letters when it is rendered (``K♥ D♥ 10♥`` in French)."""

    codes: tuple[str, ...]

    def shown(self, translate: Callable[[str], str] = str) -> str:
        return " ".join(Card(code).shown(translate) for code in self.codes)

    def __str__(self) -> str:
        return self.shown()


class AnnouncementRefused(ValueError):
    """An announcement that is not one, with the problem to show."""

    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


@dataclass(frozen=True)
class Comparison:
    """The announcements' outcome: the winning team (0 or 1; None when none counts) and what each team scores."""

    winner: int | None
    points: tuple[int, int]
    void: bool  # announcements were made and none counts (a tie)


def compare(
    announcements: Sequence[Announcement], team_of: dict[str, int], order: Sequence[str], trump: str, tie: str
) -> Comparison:
    """Which team scores its announcements. ``order`` is the playing order from the first player, which
    decides a tie under ``announce_tie: "first"``."""
    if not announcements:
        return Comparison(None, (0, 0), False)
    # Neither sans nor tout atout has a trump announcement to break ties.
    trumps = trump if trump not in (NO_TRUMPS, ALL_TRUMPS) else ""
    best = max(announcement.strength(trumps) for announcement in announcements)
    leaders = [announcement for announcement in announcements if announcement.strength(trumps) == best]
    teams = {team_of[announcement.player] for announcement in leaders}
    if len(teams) > 1:
        if tie != "first":
            return Comparison(None, (0, 0), True)
        first = min(leaders, key=lambda announcement: order.index(announcement.player))
        teams = {team_of[first.player]}
    (winner,) = teams
    won = sum(announcement.points for announcement in announcements if team_of[announcement.player] == winner)
    return Comparison(winner, (won, 0) if winner == 0 else (0, won), False)
