"""Queenie and its family as tables play them: the sample games every generic test runs
(see :class:`~referee.games.spec.Sample`)."""

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


def stops_deal(
    queens: dict[str, str],
    out: str | None,
    cards_left: dict[str, int] | None = None,
    choice: str | None = "keep",
    buyer: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A deal of a family game staking on every pay card (no ``stakes``): who played which pay card, who
    went out and the cards left; the dealer's choice and buyer (``price`` at an auction) in ``extra``."""
    spare = {} if choice is None else {"dealer_choice": choice, "buyer": buyer}
    per_card = {} if cards_left is None else {"cards_left": cards_left}
    return {**spare, "queens": {suit: queens.get(suit) for suit in "SHDC"}, "out": out, **per_card, **extra}


A, B, C, D = TABLE
# stops.md's ST17: a whole Michigan game of eight deals, Alice dealing first (deals 1 and 2 are ST4 and ST5).
MICHIGAN_GAME = (
    stops_deal({"H": B, "C": D, "S": C}, C, {A: 3, B: 5, D: 2}, choice="switch"),
    stops_deal({"H": D, "D": A}, D, {A: 4, B: 1, C: 6}, buyer=D, price=3),
    stops_deal({"S": B}, None),
    stops_deal({"H": A, "C": C, "D": D, "S": A}, A, {B: 7, C: 2, D: 5}, buyer=A, price=1),
    stops_deal({"H": D, "C": B, "D": B}, B, {C: 4, D: 6, A: 9}, choice="switch"),
    stops_deal({"H": A, "C": C, "S": C}, C, {D: 3, A: 8, B: 1}, buyer=C, price=2),
    stops_deal({"C": A, "D": D, "S": D}, D, {A: 2, B: 6, C: 7}, choice="switch"),
    stops_deal({"H": B, "S": A}, B, {C: 5, D: 3, A: 4}),
)
# stops.md's ST7 to ST9: Saratoga, three players, one turn of the deal (no spare hand).
SARATOGA_GAME = (
    stops_deal({"S": B, "H": B, "D": C}, C, {A: 6, B: 2}, choice=None),
    stops_deal({"C": A}, A, {B: 12, C: 1}, choice=None),
    stops_deal({"D": B}, None, choice=None),
)
# stops.md's ST2 and ST3 (Newmarket, four players, Bruno dealing first), then Denis and Alice deal.
NEWMARKET_GAME = (
    deal({A: "D", B: "D", C: "S", D: "H"}, {"C": C}, None) | {"dealer_choice": "switch"},
    deal({A: "H", B: "D", C: "D", D: "C"}, {"D": A, "S": D, "H": B}, D),
    deal({A: "C", B: "C", C: "S", D: "C"}, {"C": B, "S": A}, C, buyer=A),
    deal({A: "H", B: "S", C: "H", D: "D"}, {"H": D}, D),
)

MICHIGAN_SAMPLES = (
    Sample(name="finished", players=TABLE, dealer=A, rounds=MICHIGAN_GAME, winners=(B,)),
    # Five players: an auction, then a blocked deal after the dealer switched.
    Sample(
        name="in-progress",
        players=FIVE,
        dealer=B,
        rounds=(
            stops_deal({"H": D, "S": A}, "Émile", {A: 3, B: 2, C: 4, D: 1}, buyer=C, price=2),
            stops_deal({"D": "Émile"}, None, choice="switch"),
        ),
    ),
    Sample(name="two-deals", players=TABLE, dealer=A, rounds=MICHIGAN_GAME[:2]),
)
SARATOGA_SAMPLES = (
    Sample(name="finished", players=TABLE[:3], dealer=A, options={"rounds": 1}, rounds=SARATOGA_GAME, winners=(A,)),
    Sample(name="in-progress", players=TABLE[:3], dealer=A, rounds=SARATOGA_GAME),
)
NEWMARKET_SAMPLES = (
    Sample(name="finished", players=TABLE, dealer=B, options={"rounds": 1}, rounds=NEWMARKET_GAME, winners=(D,)),
    Sample(name="in-progress", players=TABLE, dealer=B, rounds=NEWMARKET_GAME[:2]),
)
