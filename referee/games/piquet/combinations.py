"""Piquet's cards and combinations: the pack, the point, sequences and sets, found in a hand. A
combination is always whole: the point is every card of a suit, a sequence a maximal run of
three or more cards of one suit (A high only, no wrap), a set every ace, king, queen, jack
or ten a player holds of one rank when there are three or four. :class:`Holding` is one
player's combinations, found in the cards after the exchange or taken as announced.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from ..cards import SUITS

RANKS = "AKQJT987"  # high to low; A high only, no wrap
DECK = tuple(rank_ + suit for suit in SUITS for rank_ in RANKS)
CARD_VALUES = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 9, "8": 8, "7": 7}
COURTS = frozenset("KQJ")
COUNTING_RANKS = frozenset("AKQJT")
SET_RANKS = "AKQJT"
HAND_SIZE = 12
SUIT_SIZE = len(RANKS)

SEQUENCE_POINTS = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
SET_POINTS = {3: 3, 4: 14}


@dataclass(frozen=True)
class Point:
    """The longest suit: its number of cards and its value."""

    cards: int
    value: int

    @property
    def key(self) -> tuple[int, int]:
        return (self.cards, self.value)

    def as_json(self) -> dict[str, int]:
        return {"cards": self.cards, "value": self.value}


@dataclass(frozen=True)
class Run:
    """A sequence: ``length`` cards of one suit down from ``top``."""

    length: int
    top: str

    @property
    def key(self) -> tuple[int, int]:
        return (self.length, -RANKS.index(self.top))

    @property
    def points(self) -> int:
        return SEQUENCE_POINTS[self.length]

    def as_json(self) -> dict[str, Any]:
        return {"length": self.length, "top": self.top}


@dataclass(frozen=True)
class Group:
    """A set: a quatorze (four) or a trio (three) of one rank."""

    rank: str
    count: int

    @property
    def key(self) -> tuple[int, int]:
        return (self.count, -RANKS.index(self.rank))

    @property
    def points(self) -> int:
        return SET_POINTS[self.count]

    def as_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "count": self.count}


@dataclass(frozen=True)
class Holding:
    """One player's combinations, found in the cards or as announced."""

    blanche: bool
    second_blanche: bool
    point: Point | None
    sequences: tuple[Run, ...]
    sets: tuple[Group, ...]
    cards: tuple[str, ...] | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "blanche": self.blanche,
            "point": self.point.as_json() if self.point else None,
            "sequences": [run.as_json() for run in self.sequences],
            "sets": [group.as_json() for group in self.sets],
        }


# A card's place in the pack as it is sorted: by suit (S H D C), then from the ace down (DECK's order).
_PLACE = {card: place for place, card in enumerate(DECK)}


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards by suit (S H D C), then from the ace down."""
    return sorted(cards, key=_PLACE.__getitem__)


# Each rank's bit in a suit's ranks held (:func:`_ranks_by_suit`), the ace's the lowest.
_RANK_BITS = {rank_: 1 << index for index, rank_ in enumerate(RANKS)}


def _ranks_by_suit(cards: Iterable[str]) -> tuple[int, ...]:
    """The ranks held in each suit (S H D C), as bits: a replay finds every hand's point and sequences."""
    held = dict.fromkeys(SUITS, 0)
    for card in cards:
        held[card[1]] |= _RANK_BITS[card[0]]
    return tuple(held.values())


@cache  # one per set of ranks of a suit: 256 at most
def _suit_point(ranks: int) -> Point:
    """The point of one suit's ranks held (some)."""
    held = [rank_ for rank_, bit in _RANK_BITS.items() if ranks & bit]
    return Point(len(held), sum(CARD_VALUES[rank_] for rank_ in held))


@cache  # one per set of ranks of a suit: 256 at most
def _suit_runs(ranks: int) -> tuple[Run, ...]:
    """The maximal runs of three or more in one suit's ranks held, from the top."""
    runs = []
    length = 0
    top = ""
    for rank_, bit in (*_RANK_BITS.items(), ("", 0)):
        if ranks & bit:
            top = top if length else rank_
            length += 1
            continue
        if length >= 3:
            runs.append(Run(length, top))
        length = 0
    return tuple(runs)


def find_point(cards: Iterable[str]) -> Point | None:
    """The best suit by length, then by value."""
    return _best_point(_ranks_by_suit(cards))


def _best_point(suits: Sequence[int]) -> Point | None:
    best_point: Point | None = None
    for ranks in suits:
        if not ranks:
            continue
        candidate = _suit_point(ranks)
        if best_point is None or candidate.key > best_point.key:
            best_point = candidate
    return best_point


def find_sequences(cards: Iterable[str]) -> tuple[Run, ...]:
    """Every maximal run of three or more, best first."""
    return _best_runs(_ranks_by_suit(cards))


def _best_runs(suits: Sequence[int]) -> tuple[Run, ...]:
    runs = [run for ranks in suits for run in _suit_runs(ranks)]
    return tuple(sorted(runs, key=lambda run: run.key, reverse=True))


def find_sets(cards: Iterable[str]) -> tuple[Group, ...]:
    """Every quatorze and trio of A K Q J T, best first (9s, 8s, 7s never count)."""
    counts = Counter(card[0] for card in cards)
    groups = [Group(rank_, counts[rank_]) for rank_ in SET_RANKS if counts[rank_] >= 3]
    return tuple(sorted(groups, key=lambda group: group.key, reverse=True))


def holding_from_cards(cards: Sequence[str], blanche: bool) -> Holding:
    still_blank = blanche and not any(card[0] in COURTS for card in cards)
    suits = _ranks_by_suit(cards)
    return Holding(
        blanche=blanche,
        second_blanche=still_blank,
        point=_best_point(suits),
        sequences=_best_runs(suits),
        sets=find_sets(cards),
        cards=tuple(sort_cards(cards)),
    )


@cache
def point_values(cards: int) -> frozenset[int]:
    """Every value a point of this many cards can have."""
    return frozenset(sum(chosen) for chosen in combinations(CARD_VALUES.values(), cards))
