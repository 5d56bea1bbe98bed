"""Cards as short codes: rank then suit, ``"QS"`` is the queen of spades.

Input accepts ``10`` for ``T`` and the suit symbols; output is always the
two-letter code, which the pages turn into symbol and name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .base import N_, Invalid, Problem

RANKS = "AKQJT98765432"
SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")

_SYMBOL_TO_SUIT = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_SEPARATORS = re.compile(r"[\s,]+")


# The letters of the court cards as a reader writes them: a French player writes R, D, V (roi, dame, valet).
RANK_LETTERS = {"K": N_("K"), "Q": N_("Q"), "J": N_("J")}
# … and may type them: none is an English rank, so "D♥" (dame de cœur) cannot be read another way.
_FRENCH_RANKS = {"R": "K", "D": "Q", "V": "J"}


def _same(text: str) -> str:
    return text


def card_label(code: str, translate: Callable[[str], str] = _same) -> str:
    """A card as rank and suit symbol in the reader's letters, e.g. ``Q♠`` (``D♠`` in French)."""
    rank = code[0]
    letter = "10" if rank == "T" else translate(RANK_LETTERS[rank]) if rank in RANK_LETTERS else rank
    return letter + SUIT_SYMBOLS[code[1]]


@dataclass(frozen=True)
class Card:
    """A card named in a message (``Problem`` params, a flag): written in the reader's letters when the
    message is rendered (see :func:`referee.games.base.in_words`)."""

    code: str

    def shown(self, translate: Callable[[str], str] = _same) -> str:
        return card_label(self.code, translate)

    def __str__(self) -> str:
        return card_label(self.code)


def parse_card(token: str) -> str | None:
    """The code for one written card, or None if it is not a card."""
    text = token.strip().upper()
    if len(text) < 2:
        return None
    rank, suit = text[:-1], text[-1]
    suit = _SYMBOL_TO_SUIT.get(suit, suit)
    rank = _FRENCH_RANKS.get(rank, rank)
    if rank == "10":
        rank = "T"
    if len(rank) != 1 or rank not in RANKS or suit not in SUITS:
        return None
    return rank + suit


def parse_cards(text: object, field_name: str, allowed: Iterable[str] | None = None) -> list[str]:
    """Every card in a written list, in order, refusing unknown and repeated cards."""
    if not isinstance(text, str):
        raise Invalid([Problem(field_name, N_('Write the cards as text, for example "AS KH 7D".'))])
    allowed_cards = frozenset(allowed) if allowed is not None else None
    cards: list[str] = []
    problems = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        card = parse_card(token)
        if card is None or (allowed_cards is not None and card not in allowed_cards):
            problems.append(Problem(field_name, N_("%(card)s is not a card of this game."), {"card": token[:8]}))
        elif card in cards:
            problems.append(Problem(field_name, N_("%(card)s is written twice."), {"card": Card(card)}))
        else:
            cards.append(card)
    if problems:
        raise Invalid(problems)
    return cards


def deck(ranks: str = RANKS) -> list[str]:
    """Every card of the given ranks in the four suits."""
    return [rank + suit for suit in SUITS for rank in ranks]
