"""Tarot as tables play it: the sample games every generic test runs (see :class:`~referee.games.spec.Sample`)."""

from __future__ import annotations

from typing import Any

from ..spec import Sample

FOUR = ("Alice", "Bruno", "Chloé", "Denis")
FIVE = (*FOUR, "Émile")


def deal(taker: str, contract: str, points: float, bouts: int, **more: Any) -> dict[str, Any]:
    return {"taker": taker, "contract": contract, "points": points, "bouts": bouts, **more}


def simple(player: str) -> list[dict[str, str]]:
    return [{"player": player, "size": "simple"}]


# The rule file's game at four (TA27): two turns, a passed deal, petit au bout and poignées; Denis wins.
TWO_TURNS = (
    deal("Bruno", "garde", 51, 2),
    {"passed": True},
    deal("Denis", "prise", 48, 1),
    deal("Chloé", "garde_sans", 44, 3, petit_au_bout="attack", poignees=simple("Chloé")),
    deal("Alice", "garde", 50, 1, poignees=simple("Bruno")),
    deal("Bruno", "prise", 36, 2, petit_au_bout="defence"),
    deal("Denis", "garde_contre", 55, 2),
    deal("Alice", "garde", 41, 2),
)

# The rule file's game at five (TA28), the called king: partners, a taker alone, a passed deal; Alice wins.
CALLED_KING = (
    deal("Chloé", "garde", 47, 2, called="KH", partner="Alice"),
    deal("Bruno", "prise", 49.5, 1, partner="Émile", petit_au_bout="defence"),
    {"passed": True},
    deal("Alice", "garde", 58.5, 1, called="KS", partner="Alice", poignees=simple("Alice")),
    deal("Denis", "garde_sans", 40, 2, partner=None),
)

# A deal by the cards (TA18): Chloé's garde, juste fait.
BY_THE_CARDS = {
    "taker": "Chloé",
    "contract": "garde",
    "cards": "2S 3S 4H 5H 6D 7D 21T 14T 8S KS EX 3C 9C VC KH 2H 7T 10H DD 4D 1D 9D CS 5S 12T 16T RC 6C 8C TC",
}

SAMPLES = (
    Sample(name="in-progress", players=FOUR, rounds=(*TWO_TURNS[:4], BY_THE_CARDS)),
    Sample(name="finished", players=FOUR, rounds=TWO_TURNS, winners=("Denis",)),
    Sample(name="five", players=FIVE, options={"turns": 1}, rounds=CALLED_KING, winners=("Alice",)),
)
