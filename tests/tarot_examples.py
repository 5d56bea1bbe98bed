"""Tarot worked examples of ``shared/rules/tarot.md`` (TA1 to TA29), used by the rules and API tests.

Each deal is (id, players, options, deals before it, the deal, its scores in seat order): the deals
before it put the right player at the deal (TA27's passed deal 2 for TA17) when the example needs one.
"""

from __future__ import annotations

from typing import Any

import pytest

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
THREE = ["Ana", "Ben", "Cat"]
FIVE = ["Alice", "Bruno", "Chloé", "Denis", "Émile"]

# Every option as the state shows it in a game of four made with none.
DEFAULT_OPTIONS = {
    "rotation": "counter-clockwise",
    "five_players": None,
    "all_pass": "fft",
    "rounding": "exact",
    "pousse": False,
    "poignee_values": "20-30-40",
    "unannounced_chelem": True,
    "misere": "off",
    "turns": 2,
    "deals": None,
    "target": None,
    "tie": "share",
}

# TA18's pile: the écart and six tricks of Chloé's garde.
TA18_CARDS = "2S 3S 4H 5H 6D 7D 21T 14T 8S KS EX 3C 9C VC KH 2H 7T 10H DD 4D 1D 9D CS 5S 12T 16T RC 6C 8C TC"


def deal(taker: str, contract: str, points: float, bouts: int, **more: Any) -> dict[str, Any]:
    """A played deal's input: the taker, the contract, the attack's points and bouts, then the rest."""
    return {"taker": taker, "contract": contract, "points": points, "bouts": bouts, **more}


def simple(player: str) -> list[dict[str, str]]:
    return [{"player": player, "size": "simple"}]


PASSED = {"passed": True}
CHELEM_ATTACK_ANNOUNCED = {"announced": True, "made": "attack"}

# One deal each: id, players, options, the deal, the scores in seat order.
DEALS = [
    pytest.param(FOUR, {}, deal("Alice", "garde", 49, 2), [198, -66, -66, -66], id="TA1"),
    pytest.param(FOUR, {}, deal("Bruno", "prise", 47, 1), [29, -87, 29, 29], id="TA2"),
    pytest.param(FOUR, {}, deal("Chloé", "garde", 52, 2, petit_au_bout="defence"), [-52, -52, 156, -52], id="TA3"),
    pytest.param(FOUR, {}, deal("Denis", "garde_sans", 48, 1, petit_au_bout="attack"), [72, 72, 72, -216], id="TA4"),
    pytest.param(FOUR, {}, deal("Alice", "garde", 40, 3, poignees=simple("Bruno")), [234, -78, -78, -78], id="TA5"),
    pytest.param(
        FOUR,
        {},
        deal("Bruno", "garde_contre", 38, 2, poignees=[{"player": "Bruno", "size": "double"}]),
        [198, -594, 198, 198],
        id="TA6",
    ),
    pytest.param(
        FOUR,
        {},
        deal("Chloé", "garde_sans", 91, 3, petit_au_bout="attack", chelem=CHELEM_ATTACK_ANNOUNCED),
        [-760, -760, 2280, -760],
        id="TA7",
    ),
    pytest.param(
        FOUR, {}, deal("Denis", "garde", 70, 2, chelem={"announced": True, "made": None}), [92, 92, 92, -276], id="TA8"
    ),
    pytest.param(
        FOUR,
        {},
        deal("Alice", "garde", 86.5, 2, chelem={"announced": False, "made": "attack"}),
        [1026, -342, -342, -342],
        id="TA9",
    ),
    pytest.param(
        FOUR,
        {},
        deal("Alice", "garde", 87, 2, chelem={"announced": False, "made": "attack"}),
        [1026, -342, -342, -342],
        id="TA9-87",
    ),
    pytest.param(
        FOUR,
        {},
        deal("Bruno", "prise", 3, 0, chelem={"announced": False, "made": "defence"}),
        [278, -834, 278, 278],
        id="TA10",
    ),
    pytest.param(THREE, {}, deal("Ana", "garde", 40.5, 2), [-104, 52, 52], id="TA11-40.5"),
    pytest.param(THREE, {}, deal("Ana", "garde", 41.5, 2), [104, -52, -52], id="TA11-41.5"),
    pytest.param(THREE, {}, deal("Ben", "prise", 58.5, 1, poignees=simple("Ben")), [-53, 106, -53], id="TA12"),
    pytest.param(
        FIVE, {}, deal("Alice", "garde", 45.5, 2, called="KH", partner="Chloé"), [120, -60, 60, -60, -60], id="TA13"
    ),
    pytest.param(
        FIVE, {}, deal("Bruno", "garde_sans", 60, 3, partner="Bruno"), [-196, 784, -196, -196, -196], id="TA14"
    ),
    pytest.param(
        FIVE,
        {},
        deal("Chloé", "prise", 44, 1, partner=None, petit_au_bout="defence"),
        [42, 42, -168, 42, 42],
        id="TA15",
    ),
    pytest.param(
        FIVE,
        {},
        deal("Denis", "garde", 50.5, 1, partner="Émile", petit_au_bout="attack", poignees=simple("Émile")),
        [52, 52, 52, -104, -52],
        id="TA16",
    ),
    pytest.param(
        FOUR, {}, {"taker": "Chloé", "contract": "garde", "cards": TA18_CARDS}, [-50, -50, 150, -50], id="TA18"
    ),
    pytest.param(FOUR, {}, deal("Chloé", "garde", 41, 2), [-50, -50, 150, -50], id="TA18-points"),
    pytest.param(FOUR, {"rounding": "exact"}, deal("Alice", "garde", 48, 2), [192, -64, -64, -64], id="TA20-exact"),
    pytest.param(FOUR, {"rounding": "nearest_5"}, deal("Alice", "garde", 48, 2), [180, -60, -60, -60], id="TA20-5"),
    pytest.param(FOUR, {"rounding": "nearest_10"}, deal("Alice", "garde", 48, 2), [210, -70, -70, -70], id="TA20-10"),
    pytest.param(
        FOUR, {"rounding": "exact"}, deal("Bruno", "garde", 38, 2), [56, -168, 56, 56], id="TA20-failed-exact"
    ),
    pytest.param(
        FOUR, {"rounding": "nearest_5"}, deal("Bruno", "garde", 38, 2), [60, -180, 60, 60], id="TA20-failed-5"
    ),
    pytest.param(
        FOUR, {"rounding": "nearest_10"}, deal("Bruno", "garde", 38, 2), [50, -150, 50, 50], id="TA20-failed-10"
    ),
    pytest.param(
        THREE, {"rounding": "nearest_10"}, deal("Ana", "garde", 45.5, 2), [140, -70, -70], id="rounding-order"
    ),
    pytest.param(FOUR, {"pousse": True}, deal("Bruno", "pousse", 55, 1), [-58, 174, -58, -58], id="TA21-pousse"),
    pytest.param(
        FOUR,
        {"pousse": True},
        deal("Alice", "garde", 49, 2, petit_au_bout="attack"),
        [516, -172, -172, -172],
        id="TA21-garde",
    ),
    pytest.param(
        FOUR,
        {"poignee_values": "20-40-60"},
        deal("Bruno", "garde_contre", 38, 2, poignees=[{"player": "Bruno", "size": "double"}]),
        [208, -624, 208, 208],
        id="TA22-TA6",
    ),
    pytest.param(
        FOUR,
        {"poignee_values": "20-40-60"},
        deal("Alice", "garde", 49, 2, poignees=[{"player": "Alice", "size": "triple"}]),
        [378, -126, -126, -126],
        id="TA22-triple",
    ),
    pytest.param(
        FOUR,
        {"unannounced_chelem": False},
        deal("Alice", "garde", 86.5, 2, chelem={"announced": False, "made": "attack"}),
        [426, -142, -142, -142],
        id="TA23-TA9",
    ),
    pytest.param(
        FOUR,
        {"unannounced_chelem": False},
        deal("Bruno", "prise", 3, 0, chelem={"announced": False, "made": "defence"}),
        [78, -234, 78, 78],
        id="TA23-TA10",
    ),
    pytest.param(
        FOUR,
        {"unannounced_chelem": False},
        deal("Denis", "garde", 70, 2, chelem={"announced": True, "made": None}),
        [92, 92, 92, -276],
        id="TA23-TA8",
    ),
    pytest.param(
        FOUR,
        {"misere": "personal"},
        deal("Alice", "garde", 49, 2, miseres=[{"player": "Denis", "kind": "heads"}]),
        [188, -76, -76, -36],
        id="TA24-TA1-personal",
    ),
    pytest.param(
        FOUR,
        {"misere": "winning_side"},
        deal("Alice", "garde", 49, 2, miseres=[{"player": "Denis", "kind": "heads"}]),
        [258, -86, -86, -86],
        id="TA24-TA1-winning-side",
    ),
    pytest.param(
        FOUR,
        {"misere": "personal"},
        deal("Bruno", "prise", 47, 1, miseres=[{"player": "Alice", "kind": "trumps"}]),
        [59, -97, 19, 19],
        id="TA24-TA2-personal",
    ),
    pytest.param(
        FOUR,
        {"misere": "winning_side"},
        deal("Bruno", "prise", 47, 1, miseres=[{"player": "Alice", "kind": "trumps"}]),
        [49, -147, 49, 49],
        id="TA24-TA2-winning-side",
    ),
]

# TA25: Émile deals and sits out.
TA25 = (deal("Alice", "garde", 49, 2), [198, -66, -66, -66, 0])

# The events of some of those deals, as the JSON API words them.
EVENTS = {
    "TA1": ("made:Alice",),
    "TA3": ("made:Chloé", "petit_au_bout:defence"),
    "TA5": ("made:Alice", "poignee:Bruno:simple"),
    "TA7": ("made:Chloé", "petit_au_bout:attack", "chelem:attack:announced"),
    "TA8": ("made:Denis", "chelem_failed"),
    "TA9": ("made:Alice", "chelem:attack"),
    "TA10": ("failed:Bruno", "chelem:defence"),
    "TA14": ("made:Bruno", "alone:Bruno"),
    "TA15": ("failed:Chloé", "alone:Chloé", "petit_au_bout:defence"),
    "TA24-TA1-personal": ("made:Alice", "misere:Denis:heads"),
}

# TA19: Alice's garde with 2 bouts and 49 points, changed as follows (four players unless stated): players,
# the first dealer (None: the first player), options, the change, the field refused.
BASE = deal("Alice", "garde", 49, 2)
REFUSALS = [
    pytest.param(FOUR, None, {}, {"points": 91.5}, "points", id="points-over-91"),
    pytest.param(FOUR, None, {}, {"points": 43.25}, "points", id="quarter-points"),
    pytest.param(FOUR, None, {}, {"bouts": 4}, "bouts", id="four-bouts"),
    pytest.param(FOUR, None, {}, {"bouts": 0, "points": 80}, "points", id="no-bout-80"),
    pytest.param(FOUR, None, {}, {"bouts": 3, "points": 12}, "points", id="three-bouts-12"),
    pytest.param(FOUR, None, {}, {"bouts": 0, "petit_au_bout": "attack"}, "petit_au_bout", id="petit-without-bout"),
    pytest.param(
        FOUR,
        None,
        {},
        {"poignees": [{"player": "Alice", "size": "double"}, {"player": "Bruno", "size": "simple"}]},
        "poignees",
        id="poignees-23",
    ),
    pytest.param(
        THREE,
        None,
        {},
        {"taker": "Ana", "poignees": [{"player": "Ana", "size": "simple"}, {"player": "Ben", "size": "simple"}]},
        "poignees",
        id="poignees-26",
    ),
    pytest.param(FOUR, None, {}, {"partner": "Bruno"}, "partner", id="partner-at-four"),
    pytest.param(FIVE, None, {}, {}, "partner", id="no-partner-at-five"),
    pytest.param(FIVE, None, {}, {"partner": "Bruno", "called": "7H"}, "called", id="called-seven"),
    pytest.param(FOUR, None, {}, {"contract": "pousse"}, "contract", id="pousse-without-option"),
    pytest.param(
        FOUR, None, {}, {"points": 60, "chelem": {"announced": False, "made": "attack"}}, "chelem", id="chelem-60"
    ),
    pytest.param(FOUR, None, {}, {"cards": TA18_CARDS}, "points", id="points-and-cards"),
    pytest.param(
        FOUR, None, {}, {"miseres": [{"player": "Denis", "kind": "heads"}]}, "miseres", id="misere-without-option"
    ),
    pytest.param(FIVE, "Émile", {"five_players": "dealer_sits_out"}, {"taker": "Émile"}, "taker", id="taker-sits-out"),
]

# TA27: four players, default options; each deal and the scores [A, B, C, D].
TA27 = [
    (deal("Bruno", "garde", 51, 2), [-70, 210, -70, -70]),
    (PASSED, [0, 0, 0, 0]),
    (deal("Denis", "prise", 48, 1), [28, 28, 28, -84]),
    (deal("Chloé", "garde_sans", 44, 3, petit_au_bout="attack", poignees=simple("Chloé")), [-192, -192, 576, -192]),
    (deal("Alice", "garde", 50, 1, poignees=simple("Bruno")), [-216, 72, 72, 72]),
    (deal("Bruno", "prise", 36, 2, petit_au_bout="defence"), [40, -120, 40, 40]),
    (deal("Denis", "garde_contre", 55, 2), [-234, -234, -234, 702]),
    (deal("Alice", "garde", 41, 2), [150, -50, -50, -50]),
]
TA27_TOTALS = [
    [-70, 210, -70, -70],
    [-70, 210, -70, -70],
    [-42, 238, -42, -154],
    [-234, 46, 534, -346],
    [-450, 118, 606, -274],
    [-410, -2, 646, -234],
    [-644, -236, 412, 468],
    [-494, -286, 362, 418],
]
TA27_DEALERS = ["Alice", "Denis", "Chloé", "Bruno", "Alice", "Denis", "Chloé", "Bruno"]
TA27_FIRST = ["Denis", "Chloé", "Bruno", "Alice", "Denis", "Chloé", "Bruno", "Alice"]

# TA28: five players, called king, one turn.
TA28 = [
    (deal("Chloé", "garde", 47, 2, partner="Alice"), [62, -62, 124, -62, -62]),
    (deal("Bruno", "prise", 49.5, 1, partner="Émile", petit_au_bout="defence"), [37, -74, 37, 37, -37]),
    (PASSED, [0, 0, 0, 0, 0]),
    (deal("Alice", "garde", 58.5, 1, partner="Alice", poignees=simple("Alice")), [344, -86, -86, -86, -86]),
    (deal("Denis", "garde_sans", 40, 2, partner=None), [104, 104, 104, -416, 104]),
]
TA28_TOTALS = [
    [62, -62, 124, -62, -62],
    [99, -136, 161, -25, -99],
    [99, -136, 161, -25, -99],
    [443, -222, 75, -111, -185],
    [547, -118, 179, -527, -81],
]
TA28_DEALERS = ["Alice", "Émile", "Denis", "Chloé", "Bruno"]

# TA29: three players, one turn.
TA29 = [
    (deal("Ben", "garde", 44.5, 2), [-58, 116, -58]),
    (deal("Ana", "prise", 50.5, 1), [-52, 26, 26]),
    (deal("Cat", "garde", 61, 1, petit_au_bout="attack", poignees=simple("Cat")), [-110, -110, 220]),
]
TA29_TOTALS = [[-58, 116, -58], [-110, 142, -32], [-220, 32, 188]]
TA29_DEALERS = ["Ana", "Cat", "Ben"]

# TA26: the first dealer and the dealers of the first deals, by players and rotation.
TA26 = [
    pytest.param(THREE, {}, "Cat", ["Ana", "Cat", "Ben", "Ana"], id="three"),
    pytest.param(FOUR, {}, "Denis", ["Alice", "Denis", "Chloé", "Bruno", "Alice"], id="four"),
    pytest.param(FIVE, {}, "Émile", ["Alice", "Émile", "Denis", "Chloé", "Bruno", "Alice"], id="five"),
    pytest.param(
        FOUR, {"rotation": "clockwise"}, "Bruno", ["Alice", "Bruno", "Chloé", "Denis", "Alice"], id="clockwise"
    ),
]


def changed(base: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """``base`` with ``change``'s fields set."""
    return {**base, **change}
