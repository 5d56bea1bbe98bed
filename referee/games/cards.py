"""Cards as short codes: rank then suit, ``"QS"`` is the queen of spades.

Input accepts ``10`` for ``T`` and the suit symbols; output is always the
two-letter code, which the pages turn into symbol and name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .base import N_, Invalid, Problem

RANKS = "AKQJT98765432"
SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")

_SYMBOL_TO_SUIT = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_SEPARATORS = re.compile(r"[\s,]+")


def card_label(code: str) -> str:
    """A card as rank and suit symbol, e.g. ``Q♠`` (pages write its name beside it)."""
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_SYMBOLS[code[1]]


def parse_card(token: str) -> str | None:
    """The code for one written card, or None if it is not a card."""
    text = token.strip().upper()
    if len(text) < 2:
        return None
    rank, suit = text[:-1], text[-1]
    suit = _SYMBOL_TO_SUIT.get(suit, suit)
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
            problems.append(Problem(field_name, N_("%(card)s is written twice."), {"card": card}))
        else:
            cards.append(card)
    if problems:
        raise Invalid(problems)
    return cards


def deck(ranks: str = RANKS) -> list[str]:
    """Every card of the given ranks in the four suits."""
    return [rank + suit for suit in SUITS for rank in ranks]
