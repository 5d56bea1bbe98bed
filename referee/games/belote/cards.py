"""Belote's 32 cards: what each is worth at trumps and in another suit, a team's pile counted, and rounding.

Pure Python. Cards are the two-letter codes of :mod:`referee.games.cards` (``"JS"`` is the jack of spades).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import SUITS, deck

RANKS = "AKQJT987"  # the natural order, the ace at the top: sequences run in it
PACK = tuple(deck(RANKS))
TRICKS = 8
CARD_POINTS = 162  # the cards' 152 and the dix de der
LAST_TRICK = 10  # the dix de der
NO_TRUMPS, ALL_TRUMPS = "SA", "TA"  # sans atout, tout atout (coinche, with its option)

TRUMP_VALUES = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_VALUES = {"J": 2, "9": 0, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}


def is_suit(trump: str) -> bool:
    """Whether the trumps are one suit (not sans or tout atout)."""
    return trump in SUITS


def card_value(card: str, trump: str) -> int:
    return (TRUMP_VALUES if card[1] == trump else PLAIN_VALUES)[card[0]]


def pile_points(cards: Iterable[str], trump: str, last_trick: bool) -> int:
    """The card points of a team's tricks: its cards at the values of the trump suit, and the dix de der."""
    return sum(card_value(card, trump) for card in cards) + (LAST_TRICK if last_trick else 0)


def rounded(points: int, rounding: str) -> int:
    """A team's card points as its score counts them (option ``rounding``): exact, or to the nearest ten
    with a final 5 going up (``up5``) or down (``up6``)."""
    if rounding == "none":
        return points
    units = points % 10
    up = units >= (5 if rounding == "up5" else 6)
    return points - units + (10 if up else 0)
