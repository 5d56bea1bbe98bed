"""Reckoning Piquet's combinations: who holds the better of each class, and the repique. The
classes are reckoned in order (carte blanche, point, sequences, sets). Of each class the
better holding is good and its holder scores all of that class; equal best holdings score
nothing. A player who reaches 30 from combinations alone before the opponent has scored
anything that deal repiques (+60).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .combinations import Group, Holding, Run

ROLES = ("elder", "younger")
CLASSES = ("blanche", "point", "sequences", "sets")

BLANCHE_POINTS = 10
THIRTY = 30
REPIQUE_BONUS = 60


@dataclass(frozen=True)
class Line:
    """One line of the deal summary. ``role`` is None when nobody scores (an equal point)."""

    item: str
    role: str | None
    points: int
    detail: Mapping[str, Any]


@dataclass(frozen=True)
class Reckoning:
    lines: tuple[Line, ...]  # blanche, point, sequences, sets, with repique where it happened
    verdicts: Mapping[str, str | None]
    scores: Mapping[str, int]  # from combinations, without the repique bonus
    repique: str | None


def other(role: str) -> str:
    return "younger" if role == "elder" else "elder"


def verdict(elder_key: Any, younger_key: Any) -> str | None:
    """Who holds the better of a class: a role, "equal", or None when nobody holds one."""
    if elder_key is None and younger_key is None:
        return None
    if younger_key is None or (elder_key is not None and elder_key > younger_key):
        return "elder"
    if elder_key is None or younger_key > elder_key:
        return "younger"
    return "equal"


def _blanche_lines(holdings: Mapping[str, Holding], second_blanche: bool) -> tuple[str | None, list[Line]]:
    lines = []
    for role in ROLES:
        holding = holdings[role]
        if holding.blanche:
            twice = second_blanche and holding.second_blanche
            points = BLANCHE_POINTS * (2 if twice else 1)
            lines.append(Line("blanche", role, points, {"second": twice}))
    holders = [line.role for line in lines]
    found = None if not holders else holders[0] if len(holders) == 1 else "equal"
    return found, lines


def _point_lines(holdings: Mapping[str, Holding]) -> tuple[str | None, list[Line]]:
    points = {role: holdings[role].point for role in ROLES}
    found = verdict(*(point.key if point else None for point in points.values()))
    if found is None:
        return None, []
    shown = points["elder"] if found == "equal" else points[found]
    assert shown is not None
    if found == "equal":
        return found, [Line("point", None, 0, shown.as_json())]
    return found, [Line("point", found, shown.cards, shown.as_json())]


def _combination_lines(item: str, held: Mapping[str, Sequence[Run] | Sequence[Group]]) -> tuple[str | None, list[Line]]:
    """Sequences or sets: the best one decides; its holder scores all of theirs."""
    found = verdict(*(held[role][0].key if held[role] else None for role in ROLES))
    if found is None:
        return None, []
    if found == "equal":
        return found, [Line(item, None, 0, {item: [held["elder"][0].as_json()]})]
    listed = [dict(combination.as_json(), points=combination.points) for combination in held[found]]
    return found, [Line(item, found, sum(combination.points for combination in held[found]), {item: listed})]


def reckon(holdings: Mapping[str, Holding], second_blanche: bool = False) -> Reckoning:
    """Walk the combinations in order, finding the repique on the way."""
    lines: list[Line] = []
    verdicts: dict[str, str | None] = {}
    scores = {role: 0 for role in ROLES}
    repique = None
    for item in CLASSES:
        if item == "blanche":
            found, class_lines = _blanche_lines(holdings, second_blanche)
        elif item == "point":
            found, class_lines = _point_lines(holdings)
        elif item == "sequences":
            found, class_lines = _combination_lines(item, {role: holdings[role].sequences for role in ROLES})
        else:
            found, class_lines = _combination_lines(item, {role: holdings[role].sets for role in ROLES})
        verdicts[item] = found
        for line in class_lines:
            lines.append(line)
            if line.role is not None:
                scores[line.role] += line.points
        if repique is None:
            repique = next((role for role in ROLES if scores[role] >= THIRTY and scores[other(role)] == 0), None)
            if repique is not None:
                lines.append(Line("repique", repique, REPIQUE_BONUS, {"after": item}))
    return Reckoning(tuple(lines), verdicts, scores, repique)
