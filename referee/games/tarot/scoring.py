"""The value of one played Tarot deal, and who gets what (``shared/rules/tarot.md``, "Scoring a deal").

Points are half points throughout (the pack holds 182), so a count such as 43.5 stays a whole number;
the margin is rounded up to whole points, so the half point goes to the side that won the deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

NEEDED = {0: 56, 1: 51, 2: 41, 3: 36}  # points the attack needs, by its bouts
BASE = 25
PETIT_AU_BOUT = 10  # times the contract's multiplier
MULTIPLIERS = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
POUSSE_MULTIPLIERS = {"prise": 1, "pousse": 2, "garde": 4, "garde_sans": 8, "garde_contre": 16}
POIGNEE_VALUES = {
    "20-30-40": {"simple": 20, "double": 30, "triple": 40},
    "20-40-60": {"simple": 20, "double": 40, "triple": 60},
}
CHELEM_ANNOUNCED_MADE = 400
CHELEM_MADE = 200
CHELEM_FAILED = 200  # an announcement not made
CHELEM_DEFENCE = 200
MISERE_WINNING_SIDE = 20
MISERE_PERSONAL = 10  # from every other player in the deal
ROUNDINGS = {"exact": 1, "nearest_5": 5, "nearest_10": 10}


@dataclass(frozen=True)
class Reckoning:
    """A deal's arithmetic, as the pages show it: points needed, the margin, each part of the value ``V``."""

    needed: int
    made: bool
    margin: int  # rounded: up to whole points, then to the rounding option's step
    multiplier: int
    base: int
    petit_au_bout: int
    poignees: int
    chelem: int
    misere: int  # with misère "winning_side"
    value: int  # V: what each defender pays the attack (< 0: receives from it)


def multiplier(options: Mapping[str, Any], contract: str) -> int:
    return (POUSSE_MULTIPLIERS if options["pousse"] else MULTIPLIERS)[contract]


def rounded_margin(half_points: int, needed: int, step: int) -> int:
    """The margin in whole points, a half point rounded up; then to the nearest ``step``, halves up."""
    whole = (abs(half_points - 2 * needed) + 1) // 2
    return (whole + step // 2) // step * step if step > 1 else whole


def chelem_value(options: Mapping[str, Any], chelem: Mapping[str, Any]) -> int:
    """Announced and made +400; made unannounced +200; announced and not made −200; the defence's −200
    (the unannounced ones only with the ``unannounced_chelem`` option)."""
    announced, made = chelem["announced"], chelem["made"]
    unannounced = options["unannounced_chelem"]
    value = 0
    if made == "attack":
        return CHELEM_ANNOUNCED_MADE if announced else CHELEM_MADE if unannounced else 0
    if announced:
        value -= CHELEM_FAILED
    if made == "defence" and unannounced:
        value -= CHELEM_DEFENCE
    return value


def reckon(options: Mapping[str, Any], deal: Mapping[str, Any], half_points: int, bouts: int) -> Reckoning:
    """The deal's value from the attack's half points and bouts and the rest of its (checked) input."""
    needed = NEEDED[bouts]
    made = half_points >= 2 * needed
    sign = 1 if made else -1
    times = multiplier(options, deal["contract"])
    margin = rounded_margin(half_points, needed, ROUNDINGS[options["rounding"]])
    base = sign * (BASE + margin) * times
    petit = {"attack": 1, "defence": -1, None: 0}[deal["petit_au_bout"]] * PETIT_AU_BOUT * times
    values = POIGNEE_VALUES[options["poignee_values"]]
    poignees = sign * sum(values[poignee["size"]] for poignee in deal["poignees"])
    chelem = chelem_value(options, deal["chelem"])
    misere = sign * MISERE_WINNING_SIDE * len(deal.get("miseres", ())) if options["misere"] == "winning_side" else 0
    value = base + petit + poignees + chelem + misere
    return Reckoning(needed, made, margin, times, base, petit, poignees, chelem, misere, value)


def shares(
    players: Sequence[str], playing: Sequence[str], taker: str, partner: str | None, value: int
) -> dict[str, int]:
    """Each player's score: every defender −V, the partner +V, the taker the rest (the deal sums to 0);
    a player sitting the deal out 0."""
    attack = {taker} | ({partner} if partner else set())
    defenders = [player for player in playing if player not in attack]
    scores = {player: 0 for player in players}
    for player in defenders:
        scores[player] = -value
    if partner and partner != taker:
        scores[partner] = value
    scores[taker] = value * len(defenders) - (value if partner and partner != taker else 0)
    return scores


def personal_miseres(
    players: Sequence[str], playing: Sequence[str], miseres: Sequence[Mapping[str, Any]]
) -> dict[str, int]:
    """With misère "personal": each misère earns its player 10 from every other player in the deal."""
    scores = {player: 0 for player in players}
    for misere in miseres:
        for player in playing:
            scores[player] += MISERE_PERSONAL * (len(playing) - 1) if player == misere["player"] else -MISERE_PERSONAL
    return scores
