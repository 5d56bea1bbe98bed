"""Queenie as tables play it: the sample games every generic test runs (see :class:`~referee.games.spec.Sample`)."""

from __future__ import annotations

from typing import Any

from ..spec import Sample

TABLE = ("Alice", "Bruno", "Chloé", "Denis")
FIVE = (*TABLE, "Émile")
THREE = ("Ann", "Ben", "Cat")


def deal(stakes: dict[str, str], queens: dict[str, str], out: str | None, buyer: str | None = None, **extra: Any):
    """A deal kept by its dealer: where each player staked, who played which queen, who went out."""
    return {
        "stakes": stakes,
        "dealer_choice": "keep",
        "buyer": buyer,
        "queens": {suit: queens.get(suit) for suit in "SHDC"},
        "out": out,
        **extra,
    }


SALE = deal(
    {"Alice": "H", "Bruno": "S", "Chloé": "H", "Denis": "D"},
    {"S": "Denis", "H": "Bruno", "C": "Alice"},
    "Denis",
    buyer="Chloé",
)
SWEEP = deal(dict.fromkeys(TABLE, "H"), {"H": "Bruno"}, "Bruno")
BLOCKED = deal({"Alice": "C", "Bruno": "C", "Chloé": "D", "Denis": "S"}, {"C": "Chloé"}, None)

SAMPLES = (
    # Two turns of the deal (eight deals): a sale, blocked deals, Bruno sweeping the hearts; chips are left over.
    Sample(
        name="finished",
        players=TABLE,
        dealer="Alice",
        rounds=(SALE, SWEEP, BLOCKED, SWEEP, SWEEP, BLOCKED, SWEEP, SWEEP),
        winners=("Bruno",),
    ),
    # Five players on 30 chips for three turns, paying per card left, leftovers shared: two deals in.
    Sample(
        name="in-progress",
        players=FIVE,
        dealer="Bruno",
        options={"start_chips": 30, "rounds": 3, "pay_per_card": True, "leftover": "split"},
        rounds=(
            deal(
                {"Alice": "S", "Bruno": "D", "Chloé": "S", "Denis": "H", "Émile": "D"},
                {"S": "Émile", "D": "Chloé", "C": "Alice"},
                "Émile",
                cards_left={"Alice": 2, "Bruno": 5, "Chloé": 1, "Denis": 3},
            ),
            deal(
                {"Alice": "C", "Bruno": "C", "Chloé": "D", "Denis": "S", "Émile": "H"},
                {"C": "Chloé", "H": "Denis"},
                None,
            ),
        ),
    ),
    # Three players, one turn of the deal: Ann and Ben end on 19 chips each.
    Sample(
        name="tie",
        players=THREE,
        options={"rounds": 1},
        rounds=(
            deal({"Ann": "S", "Ben": "H", "Cat": "D"}, {"S": "Ann", "H": "Ben"}, "Cat"),
            deal({"Ann": "H", "Ben": "S", "Cat": "D"}, {"S": "Ann", "H": "Ben"}, "Ann"),
            deal(dict.fromkeys(THREE, "S"), {}, "Ben"),
        ),
        winners=("Ann", "Ben"),
    ),
)
