"""Whether both players' announcements can come from two real hands, and if not, which clash.
Announced combinations are whole: the point is every card of its suit (count and value),
each sequence a maximal run, each set every card of its rank the player holds. A player may
sink any combination, and the point need not be the longest suit. What is announced must
come from one hand of 12 distinct cards, the two hands may not share a card, and a carte
blanche caps the kings, queens and jacks after the exchange (elder draws at most 5, younger
at most 7; a second carte blanche means none). :func:`clash` answers with announcements that
cannot go together, each of them needed for the clash, or nothing when two hands hold them
all.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..cards import SUITS
from .combinations import CARD_VALUES, COURTS, HAND_SIZE, RANKS, SUIT_SIZE, Group, Point, Run
from .reckoning import ROLES

SUITS_COUNT = 4
FULL_SUIT = (1 << SUIT_SIZE) - 1
COURT_BITS = sum(1 << (suit * SUIT_SIZE + RANKS.index(rank_)) for suit in range(SUITS_COUNT) for rank_ in COURTS)


@dataclass(frozen=True)
class Claim:
    """One announcement of one player, as the check sees it.

    ``kind`` is ``"point"``, ``"sequence"``, ``"set"``, ``"blanche"`` (a carte blanche
    dealt: at most ``most`` kings, queens and jacks after the exchange) or
    ``"second_blanche"`` (none at all). ``index`` is its place in the announced list.
    """

    role: str
    kind: str
    value: Point | Run | Group | int
    index: int = 0


# The cards decided so far: elder's and younger's cards held, then elder's and younger's cards
# not held. A card is one bit, ``suit * 8 + rank index`` (ranks from the ace down).
Cells = tuple[int, int, int, int]
# The sequences placed so far: (0 elder or 1 younger, suit, sequence), so one is not placed twice.
Placed = frozenset[tuple[int, int, Run]]


def _count(bits: int) -> int:
    return bits.bit_count()


@lru_cache(maxsize=64)
def _point_masks(cards: int, value: int) -> tuple[int, ...]:
    """Every set of ranks (as 8 bits) making a point of this many cards and this value."""
    values = [CARD_VALUES[rank_] for rank_ in RANKS]
    return tuple(
        sum(1 << index for index in chosen)
        for chosen in combinations(range(SUIT_SIZE), cards)
        if sum(values[index] for index in chosen) == value
    )


def _run_masks(run: Run) -> tuple[int, int]:
    """The ranks of a whole run, and the ranks just outside it (which it cannot include)."""
    start = RANKS.index(run.top)
    held = ((1 << run.length) - 1) << start
    outside = 0
    if start > 0:
        outside |= 1 << (start - 1)
    if start + run.length < SUIT_SIZE:
        outside |= 1 << (start + run.length)
    return held, outside


def _suits_to_try(state: Cells) -> Iterator[int]:
    """Every suit already touched, and one untouched suit (all untouched suits are alike)."""
    every = state[0] | state[1] | state[2] | state[3]
    untouched = False
    for suit in range(SUITS_COUNT):
        if (every >> (suit * SUIT_SIZE)) & FULL_SUIT:
            yield suit
        elif not untouched:
            untouched = True
            yield suit


def _with(state: Cells, side: int, held: int, not_held: int) -> Cells | None:
    """The state with ``side`` (0 elder, 1 younger) holding ``held`` and not ``not_held``, if that fits."""
    have = list(state[:2])
    lack = list(state[2:])
    have[side] |= held
    lack[side] |= not_held
    if have[0] & have[1] or have[side] & lack[side] or _count(have[side]) > HAND_SIZE:
        return None
    return (have[0], have[1], lack[0], lack[1])


@dataclass(frozen=True)
class _Task:
    """One point, sequence or set to place, for elder (side 0) or younger (side 1)."""

    side: int
    value: Point | Run | Group


def _place(task: _Task, state: Cells, placed: Placed) -> Iterator[tuple[Cells, Placed]]:
    """Every way one announcement can be held, given the cards decided so far."""
    side = task.side
    other = 1 - side
    if isinstance(task.value, Run):
        held, outside = _run_masks(task.value)
        for suit in _suits_to_try(state):
            key = (side, suit, task.value)
            if key in placed:
                continue
            shift = suit * SUIT_SIZE
            changed = _with(state, side, held << shift, outside << shift)
            if changed is not None:
                yield changed, placed | {key}
    elif isinstance(task.value, Point):
        for suit in _suits_to_try(state):
            shift = suit * SUIT_SIZE
            have = (state[side] >> shift) & FULL_SUIT
            lack = (state[2 + side] >> shift) & FULL_SUIT
            taken = (state[other] >> shift) & FULL_SUIT
            for mask in _point_masks(task.value.cards, task.value.value):
                if have & ~mask or mask & (lack | taken):
                    continue
                changed = _with(state, side, mask << shift, (FULL_SUIT & ~mask) << shift)
                if changed is not None:
                    yield changed, placed
    else:
        assert isinstance(task.value, Group)
        rank_index = RANKS.index(task.value.rank)
        cells = [1 << (suit * SUIT_SIZE + rank_index) for suit in range(SUITS_COUNT)]
        blocked = state[2 + side] | state[other]
        forced = [cell for cell in cells if cell & state[side]]
        free = [cell for cell in cells if not cell & (state[side] | blocked)]
        wanted = task.value.count - len(forced)
        if not 0 <= wanted <= len(free):
            return
        for chosen in combinations(free, wanted):
            held = sum(chosen)
            changed = _with(state, side, held, sum(free) & ~held)
            if changed is not None:
                yield changed, placed


def _bits(mask: int) -> list[int]:
    """The single-bit cells of a mask, lowest first."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low)
        mask ^= low
    return cells


def _filled(state: Cells, most_courts: tuple[int | None, int | None]) -> tuple[int, int] | None:
    """Both hands made up to 12 cards without changing what was announced, if they can be."""
    everything = (1 << (SUITS_COUNT * SUIT_SIZE)) - 1
    free = everything & ~(state[0] | state[1])
    can = [free & ~state[2], free & ~state[3]]
    need = [HAND_SIZE - _count(state[0]), HAND_SIZE - _count(state[1])]
    room: list[int] = []
    for side in (0, 1):
        most = most_courts[side]
        courts = _count(state[side] & COURT_BITS)
        if most is not None and courts > most:
            return None
        room.append(HAND_SIZE if most is None else most - courts)
    both = can[0] & can[1]
    only = [can[0] & ~both, can[1] & ~both]
    shared_courts = _bits(both & COURT_BITS)
    shared_plain = _bits(both & ~COURT_BITS)
    for to_elder in range(len(shared_courts) + 1):
        court_pool = [
            _bits(only[0] & COURT_BITS) + shared_courts[:to_elder],
            _bits(only[1] & COURT_BITS) + shared_courts[to_elder:],
        ]
        hands = [state[0], state[1]]
        short = []
        for side in (0, 1):
            taken = court_pool[side][: min(room[side], need[side])] + _bits(only[side] & ~COURT_BITS)
            taken = taken[: need[side]]
            hands[side] |= sum(taken)
            short.append(need[side] - len(taken))
        # Plain cards either player may take go where they are lacking.
        if short[0] + short[1] <= len(shared_plain):
            hands[0] |= sum(shared_plain[: short[0]])
            hands[1] |= sum(shared_plain[short[0] : short[0] + short[1]])
            return hands[0], hands[1]
    return None


def _order(task: _Task) -> tuple[int, int]:
    """Sequences first (longest first), then points, then sets: the most telling first."""
    if isinstance(task.value, Run):
        return (0, -task.value.length)
    if isinstance(task.value, Point):
        return (1, 0)
    return (2, 0)


@lru_cache(maxsize=4096)
def _solve(tasks: tuple[_Task, ...], most_courts: tuple[int | None, int | None]) -> tuple[int, int] | None:
    """Two hands (as 32-bit cell masks) holding every task, or None."""
    ordered = sorted(tasks, key=_order)

    def search(index: int, state: Cells, placed: Placed) -> tuple[int, int] | None:
        if index == len(ordered):
            return _filled(state, most_courts)
        for changed, now in _place(ordered[index], state, placed):
            found = search(index + 1, changed, now)
            if found is not None:
                return found
        return None

    return search(0, (0, 0, 0, 0), frozenset())


def hands_for(claims: Sequence[Claim]) -> tuple[list[str], list[str]] | None:
    """Two disjoint 12-card hands of the piquet pack holding every claim at once, or None."""
    most: list[int | None] = [None, None]
    tasks = []
    for claim in claims:
        side = ROLES.index(claim.role)
        if isinstance(claim.value, int):
            limit = most[side]
            most[side] = claim.value if limit is None else min(limit, claim.value)
        else:
            tasks.append(_Task(side, claim.value))
    found = _solve(tuple(tasks), (most[0], most[1]))
    if found is None:
        return None
    return _cards(found[0]), _cards(found[1])


def _cards(mask: int) -> list[str]:
    return [
        RANKS[index % SUIT_SIZE] + SUITS[index // SUIT_SIZE]
        for index in range(SUITS_COUNT * SUIT_SIZE)
        if mask >> index & 1
    ]


def fits(claims: Sequence[Claim]) -> bool:
    """Whether two disjoint 12-card hands of the piquet pack hold every claim at once."""
    return hands_for(claims) is not None


def clash(claims: Sequence[Claim]) -> tuple[Claim, ...]:
    """Claims that cannot all be held, none of them needless (without any one the rest fit), or ()."""
    if fits(claims):
        return ()
    kept = list(claims)
    for claim in list(claims):
        trial = [other for other in kept if other is not claim]
        if not fits(trial):
            kept = trial
    return tuple(kept)
