"""Belote and Coinche as tables play them: the sample games every generic test runs (see
:class:`~referee.games.spec.Sample`). The whole games are the rule file's BE20 and CO21."""

from __future__ import annotations

from typing import Any

from ..spec import Sample

TABLE = ("Alice", "Bruno", "Chloé", "Denis")


def deal(taker: str, trump: str, takers: int | None = None, **more: Any) -> dict[str, Any]:
    """A deal's input: the taker and the trumps, the takers' card points, then any other field."""
    entered: dict[str, Any] = {"taker": taker, "trump": trump}
    if takers is not None:
        entered["points"] = {"takers": takers}
    return {**entered, **more}


PASSED = {"passed": True}

# BE20: Alice & Chloé pass 1000 on deal 11, after a passed deal, a dedans, a litige paid out and a capot.
BELOTE_GAME = (
    deal("Denis", "H", 97, belote="Denis"),
    deal("Chloé", "S", 112, announcements=[{"player": "Chloé", "cards": "KD QD JD"}]),
    PASSED,
    deal("Alice", "C", 74),
    deal("Bruno", "D", 81),
    deal("Chloé", "H", 121),
    deal("Bruno", "S", 68, belote="Bruno"),
    deal("Denis", "C", 162, capot=True, announcements=[{"player": "Denis", "cards": "AH KH QH JH"}]),
    deal("Alice", "D", 102, belote="Alice"),
    deal("Chloé", "H", 131),
    deal("Bruno", "C", points={"defenders": 104}),
)

# CO21: Alice & Chloé pass 2000 on deal 8, after a coinche, a surcoinche and a capot bid and made.
COINCHE_GAME = (
    deal("Denis", "S", 112, contract=100, belote="Bruno"),
    deal("Chloé", "H", 95, contract=80),
    PASSED,
    deal("Alice", "D", 108, contract=120, coinche="coinche"),
    deal("Bruno", "C", 91, contract=90),
    deal("Chloé", "S", 162, contract="capot", capot=True, belote="Alice"),
    deal("Denis", "H", 102, contract=110, coinche="surcoinche"),
    deal("Alice", "C", 84, contract=80, announcements=[{"player": "Chloé", "cards": "JD TD 9D"}]),
)

BELOTE_SAMPLES = (
    # Five deals in: a passed deal, a dedans, and 81 points waiting after a litige.
    Sample(name="in-progress", players=TABLE, rounds=BELOTE_GAME[:5]),
    Sample(name="finished", players=TABLE, rounds=BELOTE_GAME, winners=("Alice", "Chloé")),
    # A deal by the cards (the rule file's BE14), Chloé dealing.
    Sample(
        name="by-cards",
        players=TABLE,
        dealer="Chloé",
        rounds=(
            deal(
                "Bruno",
                "H",
                cards={"defenders": "JH 9H AS TS KD QD 8S 7S 9C 7C 8D 7D", "last_trick": "defenders"},
            ),
        ),
    ),
)
COINCHE_SAMPLES = (
    Sample(name="in-progress", players=TABLE, rounds=COINCHE_GAME[:4]),
    Sample(name="finished", players=TABLE, rounds=COINCHE_GAME, winners=("Alice", "Chloé")),
)
