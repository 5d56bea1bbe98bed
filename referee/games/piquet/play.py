"""The play of a Piquet deal: trick histories, play points, pique, the cards and capot. Elder
leads the first trick and the winner of a trick leads the next. The leader scores 1 for each
card led, the second player 1 for each trick they win, and the winner of the last trick 1
more. From the 12 trick winners everything follows exactly; from the totals counted aloud,
only the histories that give them are known, and a pique may stay undecided.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from .reckoning import ROLES, THIRTY, Line, Reckoning, other

TRICKS = 12
LETTERS = {"E": "elder", "Y": "younger"}

PIQUE_BONUS = 30
CARDS_BONUS = 10
CAPOT_BONUS = 40
CARDS_TRICKS = 7
LAST_TRICK_BONUS = 1


@dataclass(frozen=True)
class TrickEvent:
    """One scoring chance in the play: a lead, a capture, or the last trick."""

    trick: int
    role: str
    kind: str  # "lead", "capture" or "last"


@dataclass(frozen=True)
class History:
    """One way the 12 tricks can have gone, as trick winners."""

    winners: str
    events: tuple[TrickEvent, ...]
    tricks: Mapping[str, int]
    slots: Mapping[str, tuple[int, ...]]  # per role, indices of its leads and captures

    @property
    def last(self) -> str:
        return self.events[-1].role


# Memoized: 4,096 plays of 12 tricks in all, and a replay of deals entered by the cards asks for each deal's.
@lru_cache(maxsize=2**TRICKS)
def history(winners: str) -> History:
    """Play events of 12 trick winners ("E"/"Y"): elder leads trick 1, the winner leads the next."""
    events = []
    leader = "elder"
    for trick, letter in enumerate(winners, start=1):
        winner = LETTERS[letter]
        events.append(TrickEvent(trick, leader, "lead"))
        if winner != leader:
            events.append(TrickEvent(trick, winner, "capture"))
        leader = winner
    events.append(TrickEvent(len(winners), leader, "last"))
    tricks = {role: sum(LETTERS[letter] == role for letter in winners) for role in ROLES}
    slots = {
        role: tuple(index for index, event in enumerate(events) if event.role == role and event.kind != "last")
        for role in ROLES
    }
    return History(winners, tuple(events), tricks, slots)


@lru_cache(maxsize=1)
def histories_by_tricks() -> dict[int, tuple[History, ...]]:
    """Every possible play (4096), by the number of tricks elder won."""
    grouped: dict[int, list[History]] = {count: [] for count in range(TRICKS + 1)}
    for letters in product("EY", repeat=TRICKS):
        play = history("".join(letters))
        grouped[play.tricks["elder"]].append(play)
    return {count: tuple(plays) for count, plays in grouped.items()}


def standard_points(play: History) -> dict[str, int]:
    """Play points when every lead and capture scores: 13 + captures in all."""
    return {role: sum(event.role == role for event in play.events) for role in ROLES}


def scoring_mask(play: History, points: Mapping[str, int], early: str | None) -> list[bool] | None:
    """Which events scored, or None if the points cannot come from this history.

    With ``early`` None every lead and capture scores (standard play). Otherwise
    only some do (counting cards only): the mask puts the ``early`` role's
    points as early, and the other's as late, as the history allows.
    """
    mask = [event.kind == "last" for event in play.events]
    for role in ROLES:
        slots = play.slots[role]
        count = points[role] - (LAST_TRICK_BONUS if play.last == role else 0)
        if early is None:
            if count != len(slots):
                return None
            chosen = slots
        else:
            if not 0 <= count <= len(slots):
                return None
            chosen = slots[:count] if role == early else slots[len(slots) - count :]
        for index in chosen:
            mask[index] = True
    return mask


def pique_at(play: History, mask: Sequence[bool], combos: Mapping[str, int], candidate: str) -> int | None:
    """The event at which the candidate reaches 30 before the opponent scored, or None."""
    total = combos[candidate]
    for index, event in enumerate(play.events):
        if not mask[index]:
            continue
        if event.role != candidate:
            return None
        total += 1
        if total >= THIRTY:
            return index
    return None


def pique_candidate(reckoning: Reckoning) -> str | None:
    """The only player who can pique: the opponent scored nothing in combinations, no repique."""
    if reckoning.repique is not None:
        return None
    return next(
        (role for role in ROLES if reckoning.scores[role] > 0 and reckoning.scores[other(role)] == 0),
        None,
    )


@dataclass(frozen=True)
class PiqueChance:
    candidate: str | None
    possible: bool
    certain: bool


def fitting_histories(
    points: Mapping[str, int], tricks: Mapping[str, int], counting: bool, counting_cards: Mapping[str, int] | None
) -> list[History]:
    """Every trick history the play totals can come from.

    Memoized: a replay checks every stored deal again on each write, and this scan of up to
    924 histories is most of the cost of a deal entered as totals.
    """
    return list(
        _fitting_histories(
            tuple(points[role] for role in ROLES),
            tricks["elder"],
            counting,
            None if counting_cards is None else tuple(counting_cards[role] for role in ROLES),
        )
    )


@lru_cache(maxsize=4096)
def _fitting_histories(
    points_by_role: tuple[int, ...], elder_tricks: int, counting: bool, cards_by_role: tuple[int, ...] | None
) -> tuple[History, ...]:
    points = dict(zip(ROLES, points_by_role, strict=True))
    counting_cards = None if cards_by_role is None else dict(zip(ROLES, cards_by_role, strict=True))
    fitting = []
    for play in histories_by_tricks()[elder_tricks]:
        if counting and counting_cards is not None:
            base = {role: points[role] - (LAST_TRICK_BONUS if play.last == role else 0) for role in ROLES}
            if any(base[role] > counting_cards[role] for role in ROLES):
                continue
        if scoring_mask(play, points, "elder" if counting else None) is not None:
            fitting.append(play)
    return tuple(fitting)


def pique_chance(
    reckoning: Reckoning, histories: Sequence[History], points: Mapping[str, int], counting: bool
) -> PiqueChance:
    """Whether the totals allow, or force, a pique."""
    candidate = pique_candidate(reckoning)
    if candidate is None or not histories:
        return PiqueChance(candidate, False, False)
    # Best case for the candidate: their points early, the opponent's late; worst case the reverse.
    best_case = candidate if counting else None
    worst_case = other(candidate) if counting else None
    possible = False
    certain = True
    for play in histories:
        best_mask = scoring_mask(play, points, best_case)
        worst_mask = scoring_mask(play, points, worst_case)
        assert best_mask is not None and worst_mask is not None
        possible = possible or pique_at(play, best_mask, reckoning.scores, candidate) is not None
        certain = certain and pique_at(play, worst_mask, reckoning.scores, candidate) is not None
    return PiqueChance(candidate, possible, certain)


def cards_line(tricks: Mapping[str, int]) -> Line:
    """The cards (7 tricks or more) or capot (all 12), or the cards divided at 6-6."""
    for role in ROLES:
        if tricks[role] == TRICKS:
            return Line("capot", role, CAPOT_BONUS, {"tricks": tricks[role]})
        if tricks[role] >= CARDS_TRICKS:
            return Line("cards", role, CARDS_BONUS, {"tricks": tricks[role]})
    return Line("cards", None, 0, {"tricks": dict(tricks)})
