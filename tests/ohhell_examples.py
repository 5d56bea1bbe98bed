"""Oh Hell worked examples OH1–OH15 of shared/rules/ohhell.md, written once for the rules and API tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

TABLE = ("Alice", "Bruno", "Chloé", "Denis")
THREE = ("Ann", "Ben", "Cat")
UNSET = object()
DEFAULT_OPTIONS = {
    "max_cards": None,
    "sequence": "down_up",
    "no_trump_max": False,
    "hook": True,
    "scoring": "exact",
    "penalty_per_trick": 10,
    "tie": "share",
}  # a hand whose forbidden bid the example does not state


def by_seat(players: tuple[str, ...], values: tuple[Any, ...]) -> dict[str, Any]:
    return dict(zip(players, values, strict=True))


def hand_input(players: tuple[str, ...], bids: tuple[int, ...], tricks: tuple[int, ...]) -> dict[str, Any]:
    """A hand entered in one step: every player's bid and tricks, in seat order."""
    return {"bids": by_seat(players, bids), "tricks": by_seat(players, tricks)}


@dataclass(frozen=True)
class Hand:
    """One hand as the example gives it, lists in seat order; ``forbidden`` is the dealer's forbidden
    bid once the others have bid (None: no restriction), when the example says it."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    forbidden: Any = UNSET
    dealer: str | None = None
    size: int | None = None
    totals: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Example:
    name: str
    hands: tuple[Hand, ...]
    options: dict[str, Any] = field(default_factory=dict)
    dealer: str | None = "Denis"
    players: tuple[str, ...] = TABLE
    winners: tuple[str, ...] = ()  # once the hands end the game; none while it goes on

    def inputs(self) -> list[dict[str, Any]]:
        return [hand_input(self.players, hand.bids, hand.tricks) for hand in self.hands]

    def totals(self) -> list[tuple[int, ...]]:
        """The running totals after each hand (the example's own where it gives them, checked against the scores)."""
        running = [0] * len(self.players)
        result = []
        for hand in self.hands:
            running = [total + score for total, score in zip(running, hand.scores, strict=True)]
            assert hand.totals is None or tuple(running) == hand.totals, hand
            result.append(tuple(running))
        return result


OH1_BIDS, OH1_TRICKS = (3, 2, 4, 2), (3, 3, 2, 2)
OH5 = {"max_cards": 3, "sequence": "down"}
OH6 = {"max_cards": 5, "sequence": "down"}

SCORING = [
    Example("OH1", (Hand(OH1_BIDS, OH1_TRICKS, (13, 0, 0, 12), forbidden=1, dealer="Denis", size=10),)),
    Example("OH2", (Hand(OH1_BIDS, OH1_TRICKS, (13, 3, 2, 12)),), {"scoring": "tricks"}),
    Example("OH3", (Hand(OH1_BIDS, OH1_TRICKS, (19, -1, -4, 14)),), {"scoring": "squared"}),
    Example("OH4", (Hand(OH1_BIDS, OH1_TRICKS, (13, -10, -20, 12)),), {"scoring": "penalty"}),
    Example("OH4-1", (Hand(OH1_BIDS, OH1_TRICKS, (13, -1, -2, 12)),), {"scoring": "penalty", "penalty_per_trick": 1}),
    *(
        Example(
            f"OH5-{scoring}",
            (Hand((0, 1, 0, 1), (0, 2, 0, 1), scores, forbidden=2, dealer="Denis", size=3),),
            {**OH5, "scoring": scoring},
        )
        for scoring, scores in (
            ("exact", (10, 0, 10, 11)),
            ("tricks", (10, 2, 10, 11)),
            ("squared", (10, -1, 10, 11)),
            ("penalty", (10, -10, 10, 11)),
        )
    ),
    Example("OH6", (Hand((2, 0, 1, 1), (2, 1, 1, 1), (12, 0, 11, 11), forbidden=2, size=5),), OH6),
    Example("OH7", (Hand((3, 1, 2, 0), (3, 1, 1, 0), (13, 11, 0, 10), forbidden=None, size=5),), OH6),
    Example("OH8", (Hand((2, 0, 1, 2), (2, 0, 1, 2), (12, 10, 11, 12), forbidden=None),), {**OH6, "hook": False}),
    Example(
        "OH9",
        (Hand((0, 0, 0, 0), (0, 0, 1, 0), (10, 10, 0, 10), forbidden=1, size=1),),
        {"max_cards": 1},
        winners=("Alice", "Bruno", "Denis"),
    ),
]

OH6_REFUSED = hand_input(TABLE, (2, 0, 1, 2), (2, 1, 1, 1))
OH6_HOOK = ("bids", "Denis deals and may not bid 2: the bids would add up to 5, the number of tricks.")

# OH9: the others' bids [Alice, Bruno, Chloé] and what Denis may then not bid in a hand of 1 card.
OH9_FORBIDDEN = [((0, 0, 0), 1), ((1, 0, 0), 0), ((1, 1, 0), None)]

OH13_HANDS = (
    Hand((0, 1, 0), (0, 1, 1), (10, 11, 0), forbidden=1, dealer="Ann", size=2, totals=(10, 11, 0)),
    Hand((1, 0, 1), (1, 0, 0), (11, 10, 0), forbidden=None, dealer="Ben", size=1, totals=(21, 21, 0)),
)
OH13 = Example(
    "OH13",
    (
        *OH13_HANDS,
        Hand((1, 1, 1), (1, 0, 1), (11, 0, 11), forbidden=0, dealer="Cat", size=2, totals=(32, 21, 11)),
    ),
    {"max_cards": 2, "sequence": "down", "tie": "play_on"},
    dealer="Ann",
    players=THREE,
    winners=("Ann",),
)
OH14 = Example(
    "OH14", OH13_HANDS, {"max_cards": 2, "sequence": "down"}, dealer="Ann", players=THREE, winners=("Ann", "Ben")
)

_OH15_ROWS = [
    # dealer, size, bids, forbidden, tricks, scores, totals
    ("Alice", 10, (3, 2, 4, 2), 2, (3, 2, 3, 2), (13, 12, 0, 12), (13, 12, 0, 12)),
    ("Bruno", 9, (2, 1, 3, 2), 2, (2, 2, 3, 2), (12, 0, 13, 12), (25, 12, 13, 24)),
    ("Chloé", 8, (1, 3, 1, 2), 2, (1, 3, 2, 2), (11, 13, 0, 12), (36, 25, 13, 36)),
    ("Denis", 7, (2, 2, 1, 1), 2, (2, 1, 1, 3), (12, 0, 11, 0), (48, 25, 24, 36)),
    ("Alice", 6, (0, 2, 2, 1), 1, (1, 2, 2, 1), (0, 12, 12, 11), (48, 37, 36, 47)),
    ("Bruno", 5, (1, 0, 2, 1), 1, (1, 0, 3, 1), (11, 10, 0, 11), (59, 47, 36, 58)),
    ("Chloé", 4, (1, 1, 0, 1), 1, (1, 2, 0, 1), (11, 0, 10, 11), (70, 47, 46, 69)),
    ("Denis", 3, (1, 0, 1, 0), 1, (1, 0, 1, 1), (11, 10, 11, 0), (81, 57, 57, 69)),
    ("Alice", 2, (1, 1, 0, 1), 0, (1, 0, 0, 1), (11, 0, 10, 11), (92, 57, 67, 80)),
    ("Bruno", 1, (0, 1, 1, 0), 0, (0, 0, 1, 0), (10, 0, 11, 10), (102, 57, 78, 90)),
    ("Chloé", 2, (0, 1, 1, 1), 0, (0, 1, 0, 1), (10, 11, 0, 11), (112, 68, 78, 101)),
    ("Denis", 3, (1, 1, 1, 1), 0, (1, 1, 0, 1), (11, 11, 0, 11), (123, 79, 78, 112)),
    ("Alice", 4, (2, 1, 0, 2), 1, (1, 1, 0, 2), (0, 11, 10, 12), (123, 90, 88, 124)),
    ("Bruno", 5, (1, 2, 1, 2), 1, (1, 1, 1, 2), (11, 0, 11, 12), (134, 90, 99, 136)),
    ("Chloé", 6, (2, 1, 2, 2), 1, (2, 1, 1, 2), (12, 11, 0, 12), (146, 101, 99, 148)),
    ("Denis", 7, (2, 2, 2, 0), 1, (3, 2, 2, 0), (0, 12, 12, 10), (146, 113, 111, 158)),
    ("Alice", 8, (3, 2, 2, 2), 2, (3, 2, 1, 2), (13, 12, 0, 12), (159, 125, 111, 170)),
    ("Bruno", 9, (2, 3, 2, 1), 4, (2, 3, 3, 1), (12, 13, 0, 11), (171, 138, 111, 181)),
    ("Chloé", 10, (3, 2, 1, 3), 2, (3, 3, 1, 3), (13, 0, 11, 13), (184, 138, 122, 194)),
]
OH15 = Example(
    "OH15",
    tuple(
        Hand(bids, tricks, scores, forbidden=forbidden, dealer=dealer, size=size, totals=totals)
        for dealer, size, bids, forbidden, tricks, scores, totals in _OH15_ROWS
    ),
    dealer="Alice",
    winners=("Denis",),
)

EXAMPLES = [*SCORING, OH13, OH14, OH15]

# OH10: default options, Denis deals, hand 1 of 10 cards; each refused round and its (field, message) pairs.
OH10_BIDS, OH10_TRICKS = OH1_BIDS, OH1_TRICKS
OH10: list[tuple[str, dict[str, Any], list[tuple[str, str]]]] = [
    (
        "tricks add up to 9",
        hand_input(TABLE, OH1_BIDS, (3, 3, 2, 1)),
        [("tricks", "The tricks must add up to 10 (they add up to 9).")],
    ),
    *(
        (
            f"a bid of {value!r}",
            {"bids": {**by_seat(TABLE, OH1_BIDS), "Bruno": value}, "tricks": by_seat(TABLE, OH1_TRICKS)},
            [("bids.Bruno", "Bruno's bid must be from 0 to 10: this hand has 10 cards.")],
        )
        for value in (11, -1, 2.5, "two", True, None)
    ),
    (
        "no bid for Chloé",
        {"bids": {"Alice": 3, "Bruno": 2, "Denis": 2}, "tricks": by_seat(TABLE, OH1_TRICKS)},
        [("bids.Chloé", "No bid for Chloé.")],
    ),
    (
        "a bid for Zoé",
        {"bids": {**by_seat(TABLE, OH1_BIDS), "Zoé": 1}, "tricks": by_seat(TABLE, OH1_TRICKS)},
        [("bids.Zoé", "Zoé is not in this game.")],
    ),
    (
        "no tricks for Alice",
        {"bids": by_seat(TABLE, OH1_BIDS), "tricks": {"Bruno": 5, "Chloé": 3, "Denis": 2}},
        [("tricks.Alice", "No tricks for Alice.")],
    ),
    (
        "eleven tricks for Chloé",
        {"bids": by_seat(TABLE, OH1_BIDS), "tricks": {**by_seat(TABLE, OH1_TRICKS), "Chloé": 11}},
        [
            ("tricks.Chloé", "Chloé's tricks must be from 0 to 10: this hand has 10 cards."),
        ],
    ),
    (
        "hand size 9",
        {**hand_input(TABLE, OH1_BIDS, OH1_TRICKS), "hand_size": 9},
        [("hand_size", "Hand 1 has 10 cards, not 9.")],
    ),
    (
        "no bids at all",
        {"tricks": by_seat(TABLE, OH1_TRICKS)},
        [("bids", "Give a bid for every player.")],
    ),
    (
        "an unknown field",
        {**hand_input(TABLE, OH1_BIDS, OH1_TRICKS), "trumps": "S"},
        [("trumps", "Unknown field trumps.")],
    ),
]

# OH11: hand sizes and, for the default game, the dealers.
OH11_DEFAULT_SIZES = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
OH11_SEQUENCES: list[tuple[tuple[str, ...], dict[str, Any], list[int]]] = [
    (TABLE, {}, OH11_DEFAULT_SIZES),
    (TABLE, {"sequence": "up_down", "max_cards": 5}, [1, 2, 3, 4, 5, 4, 3, 2, 1]),
    (("A", "B", "C", "D", "E", "F", "G"), {"sequence": "down"}, [7, 6, 5, 4, 3, 2, 1]),
    (THREE, {"sequence": "up", "max_cards": 17}, list(range(1, 18))),
    (("A", "B", "C", "D", "E", "F"), {}, [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]),
    (("A", "B", "C", "D", "E"), {}, OH11_DEFAULT_SIZES),
]

# OH12: the largest hand each table size accepts, and the first it refuses.
OH12_LIMITS = [(3, 17), (4, 13), (5, 10), (6, 8), (7, 7)]
