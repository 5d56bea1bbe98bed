"""Tarot's 78 cards as short codes, their points and bouts, and the written pile read into codes.

Codes: a trump is its number then ``T`` (``1T`` the Petit to ``21T``), the Excuse ``EX``, a suit card its
rank then suit as everywhere in the API (``KS``, ``NH`` the knight of hearts, ``TD``, ``1C``). Input also
takes the French letters read off the cards (R, D, C, V for king, queen, knight, jack), ``10`` and ``A``,
and the suit symbols. Points are kept in half points (a bout or a king 9, the pack 182), so that sums
stay whole numbers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..base import N_, Invalid, Problem
from ..cards import SUIT_SYMBOLS, SUITS

TRUMP = "T"
EXCUSE = "EX"
PETIT = "1T"
TWENTY_ONE = "21T"
BOUTS = frozenset({PETIT, TWENTY_ONE, EXCUSE})
SUIT_RANKS = "KQNJT987654321"  # high to low: king, queen, knight (cavalier), jack
COURT_HALF_POINTS = {"K": 9, "Q": 7, "N": 5, "J": 3}
BOUT_HALF_POINTS = 9
LOW_HALF_POINTS = 1
PACK_HALF_POINTS = 182

TRUMPS = tuple(f"{number}{TRUMP}" for number in range(1, 22))
SUIT_CARDS = tuple(rank + suit for suit in SUITS for rank in SUIT_RANKS)
DECK = (*SUIT_CARDS, *TRUMPS, EXCUSE)

# Ranks as a scorer may type them: the French letters printed on the cards (roi, dame, cavalier, valet).
_TYPED_RANKS = {"R": "K", "D": "Q", "C": "N", "V": "J", "10": "T", "A": "1"}
_SYMBOL_TO_SUIT = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_TRUMP = re.compile(r"^([0-9]{1,2})T$")
_SEPARATORS = re.compile(r"[\s,]+")

# A rank in the reader's letters: a French reader writes R, D, C, V.
RANK_LETTERS = {"K": N_("K"), "Q": N_("Q"), "N": N_("Kn"), "J": N_("J")}


def half_points(card: str) -> int:
    """A card's value in half points: a bout or a king 9, a queen 7, a knight 5, a jack 3, any other 1."""
    if card in BOUTS:
        return BOUT_HALF_POINTS
    if card.endswith(TRUMP) and _TRUMP.match(card):
        return LOW_HALF_POINTS
    return COURT_HALF_POINTS.get(card[0], LOW_HALF_POINTS)


def parse_card(token: str) -> str | None:
    """The code of one written card, or None if it is not a Tarot card."""
    text = token.strip().upper()
    if text == EXCUSE:
        return EXCUSE
    trump = _TRUMP.match(text)
    if trump:
        number = int(trump.group(1))
        return f"{number}{TRUMP}" if 1 <= number <= 21 and not trump.group(1).startswith("0") else None
    if len(text) < 2:
        return None
    rank, suit = text[:-1], _SYMBOL_TO_SUIT.get(text[-1], text[-1])
    rank = _TYPED_RANKS.get(rank, rank)
    code = rank + suit
    return code if len(rank) == 1 and rank in SUIT_RANKS and suit in SUITS else None


def parse_pile(text: object, field_name: str) -> list[str]:
    """Every card of a written pile in the deck's order, refusing unknown and repeated cards."""
    if not isinstance(text, str):
        raise Invalid([Problem(field_name, N_('Write the cards as text, for example "21T EX KS 7H".'))])
    cards: set[str] = set()
    problems = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        card = parse_card(token)
        if card is None:
            problems.append(Problem(field_name, N_("%(card)s is not a Tarot card."), {"card": token[:8]}))
        elif card in cards:
            problems.append(Problem(field_name, N_("%(card)s is listed twice."), {"card": TarotCard(card)}))
        else:
            cards.add(card)
    if problems:
        raise Invalid(problems)
    return [card for card in DECK if card in cards]


def _same(text: str) -> str:
    return text


def card_label(code: str, translate: Callable[[str], str] = _same) -> str:
    """A card in the reader's letters: ``21`` for a trump, the Excuse by name, ``K♠`` (``R♠`` in French)."""
    if code == EXCUSE:
        return translate(N_("Excuse"))
    if code.endswith(TRUMP) and _TRUMP.match(code):
        return translate(N_("trump %(number)s")) % {"number": code[:-1]}
    rank = code[0]
    letter = "10" if rank == "T" else translate(RANK_LETTERS[rank]) if rank in RANK_LETTERS else rank
    return letter + SUIT_SYMBOLS[code[1]]


@dataclass(frozen=True)
class TarotCard:
    """A card named in a message, written in the reader's letters when the message is rendered."""

    code: str

    def shown(self, translate: Callable[[str], str] = _same) -> str:
        return card_label(self.code, translate)

    def __str__(self) -> str:
        return card_label(self.code)


def counted(cards: list[str]) -> tuple[int, int]:
    """A pile's points in half points, and its bouts."""
    return sum(half_points(card) for card in cards), sum(1 for card in cards if card in BOUTS)


def points_words(points: int | float, translate: Callable[[str], str] = _same) -> str:
    """Points as the reader writes them: 43, or 43.5 (43,5 in French)."""
    if points == int(points):
        return str(int(points))
    return translate(N_("%(whole)s.5")) % {"whole": int(points)}


@dataclass(frozen=True)
class Points:
    """Points named in a message, written as the reader writes them when the message is rendered."""

    half_points: int

    def shown(self, translate: Callable[[str], str] = _same) -> str:
        return points_words(self.half_points / 2, translate)

    def __str__(self) -> str:
        return self.shown()
