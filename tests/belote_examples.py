"""Belote and Coinche worked examples of shared/rules/belote.md (BE1–BE20, CO1–CO21), used by the rules and
API tests. Seats Alice, Bruno, Chloé, Denis (clockwise): teams AC (Alice & Chloé) and BD (Bruno & Denis);
scores are [AC, BD]. A deal is entered in one step, as the API takes it."""

from __future__ import annotations

from typing import Any

import pytest

TABLE = ["Alice", "Bruno", "Chloé", "Denis"]
AC, BD = "Alice & Chloé", "Bruno & Denis"


def deal(taker: str, trump: str, takers: int | None = None, **more: Any) -> dict[str, Any]:
    """A deal: the taker and the trumps, the takers' card points (if given), then any other field."""
    entered: dict[str, Any] = {"taker": taker, "trump": trump}
    if takers is not None:
        entered["points"] = {"takers": takers}
    return {**entered, **more}


def announced(*pairs: tuple[str, str]) -> list[dict[str, str]]:
    return [{"player": player, "cards": cards} for player, cards in pairs]


def coinche(taker: str, contract: int | str, trump: str, takers: int | None = None, **more: Any) -> dict[str, Any]:
    """A Coinche deal: the taker, the contract and the trumps, the takers' card points, then any other field."""
    return deal(taker, trump, takers, contract=contract, **more)


PASSED = {"passed": True}
ALL_CARDS = " ".join(rank + suit for suit in "SHDC" for rank in "AKQJT987")

BE10_ANNOUNCEMENTS = announced(("Alice", "KH QH JH"), ("Bruno", "QD JD TD 9D"), ("Denis", "9C 8C 7C"))
BE12_ANNOUNCEMENTS = announced(("Alice", "QS JS TS"), ("Denis", "QC JC TC"), ("Bruno", "9D 8D 7D"))
BE14_CARDS = {"defenders": "JH 9H AS TS KD QD 8S 7S 9C 7C 8D 7D", "last_trick": "defenders"}

# One deal each, from the start: id, options, first dealer, deal, contract totals [takers, defenders], events,
# scores [AC, BD].
BELOTE_DEALS = [
    pytest.param({}, None, deal("Denis", "H", 104), [104, 58], ["made"], [58, 104], id="BE1"),
    pytest.param(
        {}, None, deal("Alice", "S", 90, belote="Bruno"), [90, 92], ["dedans", "belote:Bruno"], [0, 182], id="BE2"
    ),
    pytest.param(
        {"contract_points": "cards_only"},
        None,
        deal("Alice", "S", 90, belote="Bruno"),
        [90, 72],
        ["made", "belote:Bruno"],
        [90, 92],
        id="BE3",
    ),
    pytest.param(
        {}, None, deal("Bruno", "D", 70, belote="Bruno"), [90, 92], ["dedans", "belote:Bruno"], [162, 20], id="BE4"
    ),
    pytest.param(
        {"belote_when_losing": "to_winners"},
        None,
        deal("Bruno", "D", 70, belote="Bruno"),
        [90, 92],
        ["dedans", "belote:Bruno"],
        [182, 0],
        id="BE4b",
    ),
    pytest.param({"litige": "dedans"}, None, deal("Chloé", "C", 81), [81, 81], ["dedans"], [0, 162], id="BE6-dedans"),
    pytest.param({"litige": "made"}, None, deal("Chloé", "C", 81), [81, 81], ["made"], [81, 81], id="BE6-made"),
    pytest.param(
        {}, None, deal("Denis", "H", 71, belote="Bruno"), [91, 91], ["litige", "belote:Bruno"], [91, 20], id="BE7"
    ),
    pytest.param(
        {},
        None,
        deal("Alice", "H", 162, capot=True, belote="Chloé"),
        [272, 0],
        ["made", "capot:takers", "belote:Chloé"],
        [272, 0],
        id="BE8",
    ),
    pytest.param(
        {"capot_points": 250},
        None,
        deal("Alice", "H", 162, capot=True, belote="Chloé"),
        [270, 0],
        ["made", "capot:takers", "belote:Chloé"],
        [270, 0],
        id="BE8-250",
    ),
    pytest.param(
        {},
        None,
        deal("Bruno", "C", 0, capot=True, belote="Bruno"),
        [20, 252],
        ["dedans", "capot:defenders", "belote:Bruno"],
        [252, 20],
        id="BE9",
    ),
    pytest.param(
        {},
        None,
        deal("Alice", "S", 95, announcements=BE10_ANNOUNCEMENTS),
        [95, 137],
        ["dedans", "announcements:defenders"],
        [0, 232],
        id="BE10",
    ),
    pytest.param(
        {},
        "Chloé",
        deal("Bruno", "H", 88, announcements=announced(("Alice", "TS 9S 8S"), ("Denis", "TH 9H 8H"))),
        [108, 74],
        ["made", "announcements:takers"],
        [74, 108],
        id="BE11",
    ),
    pytest.param(
        {},
        "Chloé",
        deal("Bruno", "H", 88, announcements=BE12_ANNOUNCEMENTS),
        [88, 74],
        ["made", "announcements:void"],
        [74, 88],
        id="BE12",
    ),
    pytest.param(
        {"announce_tie": "first"},
        "Chloé",
        deal("Bruno", "H", 88, announcements=BE12_ANNOUNCEMENTS),
        [88, 94],
        ["dedans", "announcements:defenders"],
        [182, 0],
        id="BE12b",
    ),
    pytest.param(
        {},
        "Denis",
        deal("Chloé", "D", 101, announcements=announced(("Chloé", "KS KH KD KC"), ("Bruno", "QC JC TC 9C 8C"))),
        [201, 61],
        ["made", "announcements:takers"],
        [201, 61],
        id="BE13",
    ),
    pytest.param({}, "Chloé", deal("Bruno", "H", cards=BE14_CARDS), [90, 72], ["made"], [72, 90], id="BE14"),
    pytest.param(
        {},
        "Chloé",
        deal("Bruno", "H", cards={"takers": ALL_CARDS, "last_trick": "takers"}),
        [252, 0],
        ["made", "capot:takers"],
        [0, 252],
        id="BE14b",
    ),
    pytest.param({}, None, deal("Alice", "C", 85), [85, 77], ["made"], [85, 77], id="BE15"),
    pytest.param({"rounding": "up5"}, None, deal("Alice", "C", 85), [85, 77], ["made"], [90, 80], id="BE15-up5"),
    pytest.param({"rounding": "up6"}, None, deal("Alice", "C", 85), [85, 77], ["made"], [80, 80], id="BE15-up6"),
    pytest.param({"rounding": "up5"}, None, deal("Alice", "C", 76), [76, 86], ["dedans"], [0, 160], id="BE15b"),
]

# Several deals, then what the game is: id, options, deals, each deal's scores [AC, BD], totals [AC, BD], held,
# status, winners.
BELOTE_GAMES = [
    pytest.param(
        {},
        [deal("Chloé", "C", 81), deal("Bruno", "S", points={"defenders": 67})],
        [[0, 81], [67, 176]],
        [67, 257],
        0,
        "playing",
        [],
        id="BE5",
    ),
    pytest.param(
        {"target": 150},
        [deal("Chloé", "H", 90), deal("Bruno", "S", 100)],
        [[90, 72], [62, 100]],
        [152, 172],
        0,
        "finished",
        ["Bruno", "Denis"],
        id="BE16",
    ),
    pytest.param(
        {"target": 150, "both_reach": "draw"},
        [deal("Chloé", "H", 90), deal("Bruno", "S", 100)],
        [[90, 72], [62, 100]],
        [152, 172],
        0,
        "finished",
        TABLE,
        id="BE16-draw",
    ),
    pytest.param(
        {"target": 150},
        [deal("Chloé", "H", 90), deal("Bruno", "S", 90)],
        [[90, 72], [72, 90]],
        [162, 162],
        0,
        "playing",
        [],
        id="BE17-tie",
    ),
    pytest.param(
        {"target": 150},
        [deal("Chloé", "H", 90), deal("Bruno", "S", 90), deal("Alice", "C", 100)],
        [[90, 72], [72, 90], [100, 62]],
        [262, 224],
        0,
        "finished",
        ["Alice", "Chloé"],
        id="BE17",
    ),
    pytest.param(
        {"target": 150, "tie": "share"},
        [deal("Chloé", "H", 90), deal("Bruno", "S", 90)],
        [[90, 72], [72, 90]],
        [162, 162],
        0,
        "finished",
        TABLE,
        id="BE17-share",
    ),
    pytest.param(
        {"target": 170},
        [deal("Denis", "H", 155), deal("Bruno", "S", 70, belote="Bruno")],
        [[7, 155], [162, 20]],
        [169, 175],
        0,
        "finished",
        ["Bruno", "Denis"],
        id="BE18",
    ),
    pytest.param(
        {"target": 170, "belote_finish": False},
        [deal("Denis", "H", 155), deal("Bruno", "S", 70, belote="Bruno")],
        [[7, 155], [162, 20]],
        [169, 175],
        0,
        "playing",
        [],
        id="BE18-belote_finish",
    ),
]

# BE19: refused, each naming the field (a deal from the start, Alice dealing).
BELOTE_REFUSED = [
    pytest.param(deal("Alice", "S", 161), "points.takers", id="161"),
    pytest.param(deal("Alice", "S", points={"takers": 100, "defenders": 60}), "points", id="adding-to-160"),
    pytest.param(deal("Alice", "S", 252, capot=True), "points.takers", id="252"),
    pytest.param(deal("Alice", "S", 150, capot=True), "capot", id="capot-150"),
    pytest.param(
        deal("Alice", "S", cards={"takers": "AS KS QS JS TS 9S 8S 7S AH KH QH JH TH", "last_trick": "takers"}),
        "cards.takers",
        id="13-cards",
    ),
    pytest.param(
        deal("Alice", "S", cards={"takers": ALL_CARDS, "last_trick": "defenders"}), "cards.last_trick", id="32-cards"
    ),
    pytest.param(
        deal("Alice", "S", 90, announcements=announced(("Bruno", "8S 8H 8D 8C"))),
        "announcements.0.cards",
        id="four-8s",
    ),
    pytest.param(
        deal("Alice", "S", 90, announcements=announced(("Bruno", "KH QH TH"))),
        "announcements.0.cards",
        id="not-a-sequence",
    ),
    pytest.param(
        deal("Alice", "S", 90, announcements=announced(("Bruno", "KH QH JH"), ("Denis", "KH KS KD KC"))),
        "announcements",
        id="KH-twice",
    ),
    pytest.param(deal("Alice", "S", 90, belote="Zoé"), "belote", id="Zoé"),
    pytest.param(deal("Alice", "S", 90, contract=100), "contract", id="contract"),
    pytest.param({"passed": True, "taker": "Alice"}, "passed", id="passed-with-taker"),
]

# BE20: deal by deal, (dealer, first, deal, scores [AC, BD], totals [AC, BD]).
BE20 = [
    ("Alice", "Denis", deal("Denis", "H", 97, belote="Denis"), [65, 117], [65, 117]),
    ("Denis", "Chloé", deal("Chloé", "S", 112, announcements=announced(("Chloé", "KD QD JD"))), [132, 50], [197, 167]),
    ("Chloé", "Bruno", PASSED, [0, 0], [197, 167]),
    ("Bruno", "Alice", deal("Alice", "C", 74), [0, 162], [197, 329]),
    ("Alice", "Denis", deal("Bruno", "D", 81), [81, 0], [278, 329]),
    ("Denis", "Chloé", deal("Chloé", "H", 121), [202, 41], [480, 370]),
    ("Chloé", "Bruno", deal("Bruno", "S", 68, belote="Bruno"), [162, 20], [642, 390]),
    (
        "Bruno",
        "Alice",
        deal("Denis", "C", 162, capot=True, announcements=announced(("Denis", "AH KH QH JH"))),
        [0, 302],
        [642, 692],
    ),
    ("Alice", "Denis", deal("Alice", "D", 102, belote="Alice"), [122, 60], [764, 752]),
    ("Denis", "Chloé", deal("Chloé", "H", 131), [131, 31], [895, 783]),
    ("Chloé", "Bruno", deal("Bruno", "C", points={"defenders": 104}), [162, 0], [1057, 783]),
]

# Coinche, one deal each: id, options, deal, contract totals [takers, defenders], events, scores [AC, BD].
CO14_ANNOUNCEMENTS = announced(("Bruno", "9H 9S 9D 9C"), ("Alice", "AD KD QD JD"))
CO15_ANNOUNCEMENTS = announced(("Bruno", "QH JH TH 9H"), ("Alice", "AD KD QD"))
CO16_ANNOUNCEMENTS = announced(("Chloé", "AH KH QH JH TH"), ("Denis", "KS QS JS"))
COINCHE_DEALS = [
    pytest.param({}, coinche("Bruno", 100, "S", 104), [104, 58], ["made"], [60, 200], id="CO1"),
    pytest.param({"rounding": "none"}, coinche("Bruno", 100, "S", 104), [104, 58], ["made"], [58, 204], id="CO1-none"),
    pytest.param({}, coinche("Alice", 120, "H", 113), [113, 49], ["failed"], [0, 280], id="CO2"),
    pytest.param(
        {}, coinche("Denis", 90, "D", 62, belote="Denis"), [82, 100], ["failed", "belote:Denis"], [250, 20], id="CO3"
    ),
    pytest.param(
        {"belote_when_losing": "to_winners"},
        coinche("Denis", 90, "D", 62, belote="Denis"),
        [82, 100],
        ["failed", "belote:Denis"],
        [270, 0],
        id="CO3-to_winners",
    ),
    pytest.param(
        {}, coinche("Denis", 90, "D", 72, belote="Denis"), [92, 90], ["made", "belote:Denis"], [90, 180], id="CO4"
    ),
    pytest.param(
        {"contract_points": "no_belote"},
        coinche("Denis", 90, "D", 72, belote="Denis"),
        [72, 90],
        ["failed", "belote:Denis"],
        [250, 20],
        id="CO4-no_belote",
    ),
    pytest.param(
        {}, coinche("Denis", 90, "C", 97, coinche="coinche"), [97, 65], ["made", "coinche"], [0, 500], id="CO5"
    ),
    pytest.param(
        {"coinche_scoring": "contract"},
        coinche("Denis", 90, "C", 97, coinche="coinche"),
        [97, 65],
        ["made", "coinche"],
        [0, 340],
        id="CO5-contract",
    ),
    pytest.param(
        {}, coinche("Chloé", 110, "H", 98, coinche="coinche"), [98, 64], ["failed", "coinche"], [0, 540], id="CO6"
    ),
    pytest.param(
        {"coinche_scoring": "contract"},
        coinche("Chloé", 110, "H", 98, coinche="coinche"),
        [98, 64],
        ["failed", "coinche"],
        [0, 380],
        id="CO6-contract",
    ),
    pytest.param(
        {},
        coinche("Alice", 80, "S", 120, coinche="surcoinche", belote="Chloé"),
        [140, 42],
        ["made", "coinche", "surcoinche", "belote:Chloé"],
        [980, 0],
        id="CO7",
    ),
    pytest.param(
        {"belote_multiplied": True},
        coinche("Alice", 80, "S", 120, coinche="surcoinche", belote="Chloé"),
        [140, 42],
        ["made", "coinche", "surcoinche", "belote:Chloé"],
        [1040, 0],
        id="CO7-multiplied",
    ),
    pytest.param(
        {},
        coinche("Bruno", 130, "D", 125, coinche="surcoinche", belote="Alice"),
        [125, 57],
        ["failed", "coinche", "surcoinche", "belote:Alice"],
        [1180, 0],
        id="CO8",
    ),
    pytest.param(
        {"surcoinche": 3},
        coinche("Bruno", 130, "D", 125, coinche="surcoinche", belote="Alice"),
        [125, 57],
        ["failed", "coinche", "surcoinche", "belote:Alice"],
        [890, 0],
        id="CO8-3",
    ),
    pytest.param(
        {},
        coinche("Chloé", "capot", "C", 162, capot=True, belote="Alice"),
        [272, 0],
        ["made", "capot:takers", "belote:Alice"],
        [520, 0],
        id="CO9",
    ),
    pytest.param({}, coinche("Chloé", "capot", "C", 150), [150, 12], ["failed"], [0, 500], id="CO10"),
    pytest.param(
        {"failed_capot_base": "normal"},
        coinche("Chloé", "capot", "C", 150),
        [150, 12],
        ["failed"],
        [0, 410],
        id="CO10-normal",
    ),
    pytest.param(
        {}, coinche("Denis", 120, "H", 162, capot=True), [252, 0], ["made", "capot:takers"], [0, 370], id="CO11"
    ),
    pytest.param(
        {},
        coinche("Denis", 120, "H", 162, capot=True, coinche="coinche"),
        [252, 0],
        ["made", "coinche", "capot:takers"],
        [0, 740],
        id="CO11-coinched",
    ),
    pytest.param(
        {},
        coinche("Bruno", 100, "D", 85, announcements=announced(("Denis", "AS KS QS"))),
        [105, 77],
        ["made", "announcements:takers"],
        [80, 210],
        id="CO12",
    ),
    pytest.param(
        {}, coinche("Alice", 80, "H", 82, belote="Denis"), [82, 100], ["failed", "belote:Denis"], [0, 260], id="CO13"
    ),
    pytest.param(
        {"beat_defenders": False},
        coinche("Alice", 80, "H", 82, belote="Denis"),
        [82, 100],
        ["made", "belote:Denis"],
        [160, 100],
        id="CO13-beat_defenders",
    ),
    pytest.param(
        {},
        coinche("Alice", 100, "S", 130, announcements=CO14_ANNOUNCEMENTS),
        [130, 182],
        ["failed", "announcements:defenders"],
        [0, 410],
        id="CO14",
    ),
    pytest.param(
        {},
        coinche("Alice", 100, "S", 130, coinche="coinche", announcements=CO14_ANNOUNCEMENTS),
        [130, 182],
        ["failed", "coinche", "announcements:defenders"],
        [0, 820],
        id="CO14-coinched",
    ),
    pytest.param(
        {},
        coinche("Alice", 100, "S", 120, announcements=CO15_ANNOUNCEMENTS),
        [120, 92],
        ["made", "announcements:defenders"],
        [220, 90],
        id="CO15",
    ),
    pytest.param(
        {},
        coinche("Alice", 100, "S", 120, coinche="coinche", announcements=CO15_ANNOUNCEMENTS),
        [120, 92],
        ["made", "coinche", "announcements:defenders"],
        [620, 0],
        id="CO15-coinched",
    ),
    pytest.param(
        {"coinche_scoring": "contract"},
        coinche("Alice", 100, "S", 120, coinche="coinche", announcements=CO15_ANNOUNCEMENTS),
        [120, 92],
        ["made", "coinche", "announcements:defenders"],
        [410, 0],
        id="CO15-contract",
    ),
    pytest.param(
        {},
        coinche("Bruno", 110, "C", 162, capot=True, announcements=CO16_ANNOUNCEMENTS),
        [352, 0],
        ["made", "capot:takers", "announcements:takers"],
        [0, 460],
        id="CO16",
    ),
    pytest.param(
        {"made_scoring": "contract_only"}, coinche("Bruno", 100, "S", 104), [104, 58], ["made"], [0, 100], id="CO17"
    ),
    pytest.param(
        {"made_scoring": "contract_only"},
        coinche("Chloé", 110, "H", 98, coinche="coinche"),
        [98, 64],
        ["failed", "coinche"],
        [0, 220],
        id="CO17-failed",
    ),
    pytest.param(
        {"sans_tout_atout": True},
        coinche("Bruno", 120, "TA", 110, belote=["Bruno", "Denis"]),
        [150, 52],
        ["made", "belote:Bruno", "belote:Denis"],
        [50, 270],
        id="CO18",
    ),
    pytest.param(
        {"sans_tout_atout": True},
        coinche("Alice", 100, "SA", 90, announcements=announced(("Alice", "AS AH AD AC"), ("Bruno", "JS JH JD JC"))),
        [290, 72],
        ["made", "announcements:takers"],
        [390, 70],
        id="CO18b",
    ),
]

# CO20: refused, each naming the field.
COINCHE_REFUSED = [
    pytest.param({}, coinche("Bruno", 85, "S", 100), "contract", id="85"),
    pytest.param({}, coinche("Bruno", 70, "S", 100), "contract", id="70"),
    pytest.param({}, coinche("Bruno", 100, "S", 100, coinche="double"), "coinche", id="double"),
    pytest.param({}, deal("Bruno", "S", 100), "contract", id="no-contract"),
    pytest.param({}, coinche("Bruno", 100, "SA", 100), "trump", id="SA-without-the-option"),
    pytest.param({"sans_tout_atout": True}, coinche("Bruno", 100, "SA", 100, belote="Alice"), "belote", id="belote-SA"),
    pytest.param({"sans_tout_atout": True}, coinche("Bruno", 100, "TA", cards=BE14_CARDS), "cards", id="cards-TA"),
    pytest.param({}, coinche("Bruno", 100, "S", 100, belote=["Alice", "Bruno"]), "belote", id="two-belotes-at-S"),
]

# CO19: two deals and the game is over.
CO19 = [coinche("Chloé", 90, "H", 90), coinche("Bruno", 80, "S", 90)]

# CO21: deal by deal, (dealer, first, deal, scores [AC, BD], totals [AC, BD]).
CO21 = [
    ("Alice", "Denis", coinche("Denis", 100, "S", 112, belote="Bruno"), [50, 230], [50, 230]),
    ("Denis", "Chloé", coinche("Chloé", 80, "H", 95), [180, 70], [230, 300]),
    ("Chloé", "Bruno", PASSED, [0, 0], [230, 300]),
    ("Bruno", "Alice", coinche("Alice", 120, "D", 108, coinche="coinche"), [0, 560], [230, 860]),
    ("Alice", "Denis", coinche("Bruno", 90, "C", 91), [70, 180], [300, 1040]),
    ("Denis", "Chloé", coinche("Chloé", "capot", "S", 162, capot=True, belote="Alice"), [520, 0], [820, 1040]),
    ("Chloé", "Bruno", coinche("Denis", 110, "H", 102, coinche="surcoinche"), [1080, 0], [1900, 1040]),
    (
        "Bruno",
        "Alice",
        coinche("Alice", 80, "C", 84, announcements=announced(("Chloé", "JD TD 9D"))),
        [180, 80],
        [2080, 1120],
    ),
]
