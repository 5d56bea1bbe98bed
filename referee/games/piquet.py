"""Piquet (Rubicon Piquet, and the French game au cent) as in ``shared/rules/piquet.md``.

Two players; the dealer of a deal is younger, the other elder, and the deal
alternates. A deal is entered as the combinations (the cards each player held
after the exchange, or what was announced) and the play (the winner of each
trick, or the totals counted aloud). Everything is scored in the reckoning
order blanche → point → sequences → sets → play → cards, which decides
repique, pique and, au cent, who reached the target first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, product
from typing import Any

from .base import (
    N_,
    Invalid,
    Option,
    Problem,
    RoundResult,
    Setup,
    Standings,
    invalid,
    only_fields,
    per_key,
    rank,
    whole_number,
)
from .cards import SUITS, parse_cards

name = "piquet"
title = N_("Piquet")
min_players = 2
max_players = 2

RANKS = "AKQJT987"  # high to low; A high only, no wrap
DECK = tuple(rank_ + suit for suit in SUITS for rank_ in RANKS)
CARD_VALUES = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 9, "8": 8, "7": 7}
COURTS = frozenset("KQJ")
COUNTING_RANKS = frozenset("AKQJT")
SET_RANKS = "AKQJT"
HAND_SIZE = 12
TRICKS = 12
SUIT_SIZE = len(RANKS)

ROLES = ("elder", "younger")
LETTERS = {"E": "elder", "Y": "younger"}
CLASSES = ("blanche", "point", "sequences", "sets")

SEQUENCE_POINTS = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
SET_POINTS = {3: 3, 4: 14}
BLANCHE_POINTS = 10
THIRTY = 30
REPIQUE_BONUS = 60
PIQUE_BONUS = 30
CARDS_BONUS = 10
CAPOT_BONUS = 40
CARDS_TRICKS = 7
LAST_TRICK_BONUS = 1

RUBICON_DEALS = 6
RUBICON_MOST_DEALS = 8
RUBICON_LINE = 100
RUBICON_BONUS = 100
DOUBLE_LINE = 50

# Cards a player dealt a carte blanche can have drawn at most: elder takes up to
# five from the talon, younger what elder left (elder takes at least one).
MOST_DRAWN = {"elder": 5, "younger": 7}

options = (
    Option(
        "partie",
        "choice",
        "rubicon",
        N_("Partie"),
        N_("How the game is played out."),
        choices=(
            ("rubicon", N_("Rubicon: six deals, a loser under 100 is rubiconed")),
            ("cent", N_("Au cent: the first to reach the target wins")),
        ),
    ),
    Option(
        "target",
        "int",
        100,
        N_("Target"),
        N_("Au cent only: the first player to reach this total wins."),
        minimum=50,
        maximum=1000,
    ),
    Option(
        "counting_cards_only",
        "bool",
        False,
        N_("Only tens and higher score in play"),
        N_("A lead or a capture scores only with an ace, king, queen, jack or ten; the play is entered as totals."),
    ),
    Option(
        "second_blanche",
        "bool",
        False,
        N_("Second carte blanche"),
        N_("A player dealt a carte blanche who still has no king, queen or jack after the exchange scores 10 more."),
    ),
)

_FIELDS = ("hands", "blanche", "declarations", "trick_winners", "play", "tricks", "pique", "first")
_DECLARATION_FIELDS = ("blanche", "second_blanche", "point", "sequences", "sets")


# ---------------------------------------------------------------------------
# Combinations


@dataclass(frozen=True)
class Point:
    """The longest suit: its number of cards and its value."""

    cards: int
    value: int

    @property
    def key(self) -> tuple[int, int]:
        return (self.cards, self.value)

    def as_json(self) -> dict[str, int]:
        return {"cards": self.cards, "value": self.value}


@dataclass(frozen=True)
class Run:
    """A sequence: ``length`` cards of one suit down from ``top``."""

    length: int
    top: str

    @property
    def key(self) -> tuple[int, int]:
        return (self.length, -RANKS.index(self.top))

    @property
    def points(self) -> int:
        return SEQUENCE_POINTS[self.length]

    def as_json(self) -> dict[str, Any]:
        return {"length": self.length, "top": self.top}


@dataclass(frozen=True)
class Group:
    """A set: a quatorze (four) or a trio (three) of one rank."""

    rank: str
    count: int

    @property
    def key(self) -> tuple[int, int]:
        return (self.count, -RANKS.index(self.rank))

    @property
    def points(self) -> int:
        return SET_POINTS[self.count]

    def as_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "count": self.count}


@dataclass(frozen=True)
class Holding:
    """One player's combinations, found in the cards or as announced."""

    blanche: bool
    second_blanche: bool
    point: Point | None
    sequences: tuple[Run, ...]
    sets: tuple[Group, ...]
    cards: tuple[str, ...] | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "blanche": self.blanche,
            "point": self.point.as_json() if self.point else None,
            "sequences": [run.as_json() for run in self.sequences],
            "sets": [group.as_json() for group in self.sets],
        }


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards by suit (S H D C), then from the ace down."""
    return sorted(cards, key=lambda card: (SUITS.index(card[1]), RANKS.index(card[0])))


def find_point(cards: Iterable[str]) -> Point | None:
    """The best suit by length, then by value."""
    held = list(cards)
    best_point: Point | None = None
    for suit in SUITS:
        ranks = [card[0] for card in held if card[1] == suit]
        if not ranks:
            continue
        candidate = Point(len(ranks), sum(CARD_VALUES[rank_] for rank_ in ranks))
        if best_point is None or candidate.key > best_point.key:
            best_point = candidate
    return best_point


def find_sequences(cards: Iterable[str]) -> tuple[Run, ...]:
    """Every maximal run of three or more, best first."""
    held = set(cards)
    runs = []
    for suit in SUITS:
        length = 0
        top = ""
        for rank_ in RANKS + " ":
            if rank_ + suit in held:
                top = top if length else rank_
                length += 1
                continue
            if length >= 3:
                runs.append(Run(length, top))
            length = 0
    return tuple(sorted(runs, key=lambda run: run.key, reverse=True))


def find_sets(cards: Iterable[str]) -> tuple[Group, ...]:
    """Every quatorze and trio of A K Q J T, best first (9s, 8s, 7s never count)."""
    held = list(cards)
    groups = [Group(rank_, count) for rank_ in SET_RANKS if (count := sum(card[0] == rank_ for card in held)) >= 3]
    return tuple(sorted(groups, key=lambda group: group.key, reverse=True))


def holding_from_cards(cards: Sequence[str], blanche: bool) -> Holding:
    still_blank = blanche and not any(card[0] in COURTS for card in cards)
    return Holding(
        blanche=blanche,
        second_blanche=still_blank,
        point=find_point(cards),
        sequences=find_sequences(cards),
        sets=find_sets(cards),
        cards=tuple(sort_cards(cards)),
    )


# ---------------------------------------------------------------------------
# Reckoning the combinations


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


# ---------------------------------------------------------------------------
# The play


@dataclass(frozen=True)
class Event:
    """One scoring chance in the play: a lead, a capture, or the last trick."""

    trick: int
    role: str
    kind: str  # "lead", "capture" or "last"


@dataclass(frozen=True)
class History:
    """One way the 12 tricks can have gone, as trick winners."""

    winners: str
    events: tuple[Event, ...]
    tricks: Mapping[str, int]
    slots: Mapping[str, tuple[int, ...]]  # per role, indices of its leads and captures

    @property
    def last(self) -> str:
        return self.events[-1].role


def history(winners: str) -> History:
    """Play events of 12 trick winners ("E"/"Y"): elder leads trick 1, the winner leads the next."""
    events = []
    leader = "elder"
    for trick, letter in enumerate(winners, start=1):
        winner = LETTERS[letter]
        events.append(Event(trick, leader, "lead"))
        if winner != leader:
            events.append(Event(trick, winner, "capture"))
        leader = winner
    events.append(Event(len(winners), leader, "last"))
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


def _scoring_mask(play: History, points: Mapping[str, int], early: str | None) -> list[bool] | None:
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
        if _scoring_mask(play, points, "elder" if counting else None) is not None:
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
        best_mask = _scoring_mask(play, points, best_case)
        worst_mask = _scoring_mask(play, points, worst_case)
        assert best_mask is not None and worst_mask is not None
        possible = possible or pique_at(play, best_mask, reckoning.scores, candidate) is not None
        certain = certain and pique_at(play, worst_mask, reckoning.scores, candidate) is not None
    return PiqueChance(candidate, possible, certain)


# ---------------------------------------------------------------------------
# Reading the round input


@dataclass(frozen=True)
class PlayEntry:
    """The play as entered: trick winners, or totals (with the table's answers)."""

    winners: str | None
    points: Mapping[str, int]
    tricks: Mapping[str, int]
    pique: bool | None = None
    first: str | None = None


@dataclass(frozen=True)
class Entry:
    form: str  # "hands" or "declarations"
    holdings: Mapping[str, Holding]
    play: PlayEntry


def _role_map(value: Any, field_name: str, check: Any, *, required: bool = True, default: Any = None) -> dict[str, Any]:
    """An object with one checked value per role ("elder", "younger")."""
    return per_key(
        value,
        field_name,
        ROLES,
        check,
        not_an_object=N_("Give a value for elder and for younger."),
        unknown=N_("Unknown field %(value)s."),
        **({} if required else {"default": default}),
    )


def _yes_no(value: Any, field_name: str) -> bool:
    if not isinstance(value, bool):
        raise invalid(field_name, N_("Answer yes or no (true or false)."))
    return value


def parse_hand(text: Any, field_name: str, size: int | None = HAND_SIZE) -> list[str]:
    """Distinct cards of the 32-card pack; exactly ``size`` of them unless None."""
    cards = parse_cards(text, field_name, allowed=DECK)
    if size is not None and len(cards) != size:
        raise invalid(
            field_name,
            N_("A hand has %(size)s cards after the exchange (this one has %(count)s)."),
            size=size,
            count=len(cards),
        )
    return cards


def _check_hands(value: Any) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        raise invalid("hands", N_("Give the cards of elder and of younger."))
    unknown = [key for key in value if key not in ROLES]
    if unknown:
        raise invalid(f"hands.{str(unknown[0])[:20]}", N_("Unknown field %(name)s."), name=str(unknown[0])[:20])
    return _hand_pair(value.get("elder"), value.get("younger"), "hands.")


def _hand_pair(elder: Any, younger: Any, prefix: str) -> dict[str, list[str]]:
    """Both hands: 12 distinct cards of the pack each, none in both."""
    problems: list[Problem] = []
    hands = {}
    for role, text in (("elder", elder), ("younger", younger)):
        try:
            hands[role] = parse_hand(text, prefix + role)
        except Invalid as error:
            problems.extend(error.problems)
    if problems:
        raise Invalid(problems)
    shared = sort_cards(set(hands["elder"]) & set(hands["younger"]))
    if shared:
        raise invalid(prefix + "younger", N_("%(cards)s cannot be in both hands."), cards=" ".join(shared))
    return hands


def _check_blanche(value: Any, field_name: str = "blanche") -> dict[str, bool]:
    blanche = _role_map(value, field_name, _yes_no, required=False, default=False)
    if blanche["elder"] and blanche["younger"]:
        raise invalid(f"{field_name}.younger", N_("Both players cannot have been dealt a carte blanche."))
    return blanche


def _check_blanche_cards(blanche: Mapping[str, bool], hands: Mapping[str, Sequence[str]], field_name: str) -> None:
    """A player dealt a carte blanche can only have drawn so many kings, queens and jacks."""
    problems: list[Problem] = []
    for role in ROLES:
        courts = sum(card[0] in COURTS for card in hands[role])
        if blanche[role] and courts > MOST_DRAWN[role]:
            problems.append(
                Problem(
                    f"{field_name}.{role}",
                    N_(
                        "A player dealt a carte blanche keeps at least %(kept)s of those cards: "
                        "%(courts)s kings, queens and jacks cannot have come from the talon."
                    ),
                    {"kept": HAND_SIZE - MOST_DRAWN[role], "courts": courts},
                )
            )
    if problems:
        raise Invalid(problems)


@cache
def point_values(cards: int) -> frozenset[int]:
    """Every value a point of this many cards can have."""
    return frozenset(sum(chosen) for chosen in combinations(CARD_VALUES.values(), cards))


def _rank_letter(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        return None
    text = value.strip().upper()
    return "T" if text == "10" else text


def _check_point(value: Any, field_name: str) -> Point | None:
    if value is None or value == [] or value == {}:
        return None
    if not isinstance(value, dict):
        raise invalid(field_name, N_("Give the point as its number of cards and its value, or nothing."))
    unknown = [key for key in value if key not in ("cards", "value")]
    if unknown:
        raise invalid(f"{field_name}.{str(unknown[0])[:20]}", N_("Unknown field %(name)s."), name=str(unknown[0])[:20])
    cards = whole_number(value.get("cards"), f"{field_name}.cards", 3, SUIT_SIZE)
    amount = whole_number(value.get("value"), f"{field_name}.value", 0, 100)
    if amount not in point_values(cards):
        low, high = min(point_values(cards)), max(point_values(cards))
        raise invalid(
            f"{field_name}.value",
            N_("A point of %(cards)s cards is worth %(low)s to %(high)s, not %(value)s."),
            cards=cards,
            low=low,
            high=high,
            value=amount,
        )
    return Point(cards, amount)


def _list_of(value: Any, field_name: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise invalid(field_name, N_("Give a list (empty when nothing was announced)."))
    return value


def _fields_of(value: Any, field_name: str, allowed: Sequence[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise invalid(field_name, N_("Give an object with %(fields)s."), fields=", ".join(allowed))
    unknown = [key for key in value if key not in allowed]
    if unknown:
        raise invalid(f"{field_name}.{str(unknown[0])[:20]}", N_("Unknown field %(name)s."), name=str(unknown[0])[:20])
    return value


def _check_run(value: Any, field_name: str) -> Run:
    fields = _fields_of(value, field_name, ("length", "top"))
    length = whole_number(fields.get("length"), f"{field_name}.length", 3, SUIT_SIZE)
    top = _rank_letter(fields.get("top"))
    if top is None or top not in RANKS:
        raise invalid(f"{field_name}.top", N_("Give the top card of the sequence as a rank: A K Q J T 9."))
    if RANKS.index(top) + length > SUIT_SIZE:
        raise invalid(
            field_name,
            N_("A sequence of %(length)s cards cannot start from %(top)s: 7 is the lowest card."),
            length=length,
            top=top,
        )
    return Run(length, top)


def runs_fit(runs: Sequence[Run]) -> bool:
    """Whether the sequences fit in 12 cards of four suits without overlapping."""
    if sum(run.length for run in runs) > HAND_SIZE:
        return False

    def place(index: int, suits: tuple[frozenset[int], ...]) -> bool:
        if index == len(runs):
            return True
        start = RANKS.index(runs[index].top)
        span = frozenset(range(start, start + runs[index].length))
        for suit, used in enumerate(suits):
            if not used & span:
                changed = suits[:suit] + (used | span,) + suits[suit + 1 :]
                if place(index + 1, changed):
                    return True
        return False

    return place(0, (frozenset(),) * len(SUITS))


def _check_sequences(value: Any, field_name: str) -> tuple[Run, ...]:
    items = _list_of(value, field_name)
    problems: list[Problem] = []
    runs = []
    for index, item in enumerate(items):
        try:
            runs.append(_check_run(item, f"{field_name}.{index}"))
        except Invalid as error:
            problems.extend(error.problems)
    if problems:
        raise Invalid(problems)
    if not runs_fit(runs):
        raise invalid(field_name, N_("These sequences cannot all be held in 12 cards of four suits."))
    return tuple(sorted(runs, key=lambda run: run.key, reverse=True))


def _check_group(value: Any, field_name: str) -> Group:
    fields = _fields_of(value, field_name, ("rank", "count"))
    rank_ = _rank_letter(fields.get("rank"))
    if rank_ in ("9", "8", "7"):
        raise invalid(field_name, N_("Nines, eights and sevens never count as a set."))
    if rank_ is None or rank_ not in SET_RANKS:
        raise invalid(field_name, N_("Give the rank of the set: A K Q J or T."))
    count = whole_number(fields.get("count"), f"{field_name}.count", 3, 4)
    return Group(rank_, count)


def _check_sets(value: Any, field_name: str) -> tuple[Group, ...]:
    items = _list_of(value, field_name)
    problems: list[Problem] = []
    groups: list[Group] = []
    for index, item in enumerate(items):
        try:
            group = _check_group(item, f"{field_name}.{index}")
        except Invalid as error:
            problems.extend(error.problems)
            continue
        if any(seen.rank == group.rank for seen in groups):
            problems.append(
                Problem(f"{field_name}.{index}", N_("The set of %(rank)s is given twice."), {"rank": group.rank})
            )
            continue
        groups.append(group)
    if problems:
        raise Invalid(problems)
    if sum(group.count for group in groups) > HAND_SIZE:
        raise invalid(field_name, N_("These sets need more than 12 cards."))
    return tuple(sorted(groups, key=lambda group: group.key, reverse=True))


def _check_declaration(setup: Setup, value: Any, field_name: str) -> Holding:
    fields = _fields_of(value, field_name, _DECLARATION_FIELDS)
    problems: list[Problem] = []
    parts: dict[str, Any] = {}
    checks: tuple[tuple[str, Any], ...] = (
        ("blanche", lambda item, where: False if item is None else _yes_no(item, where)),
        ("second_blanche", lambda item, where: False if item is None else _yes_no(item, where)),
        ("point", _check_point),
        ("sequences", _check_sequences),
        ("sets", _check_sets),
    )
    for key, check in checks:
        try:
            parts[key] = check(fields.get(key), f"{field_name}.{key}")
        except Invalid as error:
            problems.extend(error.problems)
    if problems:
        raise Invalid(problems)
    if parts["second_blanche"]:
        where = f"{field_name}.second_blanche"
        if not setup.options["second_blanche"]:
            raise invalid(where, N_("The second carte blanche is not played in this game."))
        if not parts["blanche"]:
            raise invalid(where, N_("A second carte blanche needs a carte blanche dealt first."))
        if any(run.top in "AKQJ" for run in parts["sequences"]) or any(group.rank in COURTS for group in parts["sets"]):
            raise invalid(where, N_("A second carte blanche means no king, queen or jack after the exchange."))
    return Holding(parts["blanche"], parts["second_blanche"], parts["point"], parts["sequences"], parts["sets"])


def _check_declarations(setup: Setup, value: Any) -> dict[str, Holding]:
    holdings = _role_map(value, "declarations", lambda item, where: _check_declaration(setup, item, where))
    if holdings["elder"].blanche and holdings["younger"].blanche:
        raise invalid("declarations.younger.blanche", N_("Both players cannot have been dealt a carte blanche."))
    elder_sets = {group.rank: group.count for group in holdings["elder"].sets}
    problems = [
        Problem(
            f"declarations.younger.sets.{index}",
            N_("There are only four %(rank)s: elder and younger cannot hold %(count)s."),
            {"rank": group.rank, "count": group.count + elder_sets[group.rank]},
        )
        for index, group in enumerate(holdings["younger"].sets)
        if group.rank in elder_sets
    ]
    if problems:
        raise Invalid(problems)
    return holdings


def declaration_json(holding: Holding, second_blanche_option: bool) -> dict[str, Any]:
    """A declaration in canonical form."""
    data = holding.as_json()
    if second_blanche_option:
        data["second_blanche"] = holding.second_blanche
    return data


_WINNER_SEPARATORS = re.compile(r"[\s,]+")


def _check_trick_winners(value: Any) -> str:
    if not isinstance(value, str):
        raise invalid("trick_winners", N_("Give the winner of each trick as E or Y, trick 1 first."))
    letters = _WINNER_SEPARATORS.sub("", value).upper()
    if any(letter not in LETTERS for letter in letters):
        raise invalid("trick_winners", N_("Use only E (elder) and Y (younger) for the trick winners."))
    if len(letters) != TRICKS:
        raise invalid("trick_winners", N_("Give the winner of all 12 tricks (%(count)s given)."), count=len(letters))
    return letters


def _check_totals(fields: Mapping[str, Any]) -> tuple[dict[str, int], dict[str, int]]:
    problems: list[Problem] = []
    points: dict[str, int] = {}
    tricks: dict[str, int] = {}
    if "tricks" not in fields:
        problems.append(Problem("tricks", N_("Give the number of tricks each player won.")))
    if "play" not in fields:
        problems.append(Problem("play", N_("Give the play points each player counted, with the last trick.")))
    try:
        if "play" in fields:
            points = _role_map(fields["play"], "play", lambda item, where: whole_number(item, where, 0, 2 * TRICKS + 1))
    except Invalid as error:
        problems.extend(error.problems)
    try:
        if "tricks" in fields:
            tricks = _role_map(fields["tricks"], "tricks", lambda item, where: whole_number(item, where, 0, TRICKS))
    except Invalid as error:
        problems.extend(error.problems)
    if tricks and sum(tricks.values()) != TRICKS:
        problems.append(
            Problem(
                "tricks",
                N_("The tricks must add up to 12 (they add up to %(total)s)."),
                {"total": sum(tricks.values())},
            )
        )
    if problems:
        raise Invalid(problems)
    return points, tricks


def _check_play(setup: Setup, fields: Mapping[str, Any]) -> PlayEntry:
    counting = setup.options["counting_cards_only"]
    has_winners = "trick_winners" in fields
    has_totals = "play" in fields or "tricks" in fields
    if has_winners and has_totals:
        raise invalid("trick_winners", N_("Give either the trick winners or the play totals, not both."))
    if has_winners:
        if counting:
            raise invalid(
                "trick_winners",
                N_("Only tens and higher score in play: give each player's play points and tricks instead."),
            )
        for key in ("pique", "first"):
            if key in fields:
                raise invalid(key, N_("The trick winners already settle this."))
        winners = _check_trick_winners(fields["trick_winners"])
        play = history(winners)
        return PlayEntry(winners, standard_points(play), dict(play.tricks))
    if not has_totals:
        if counting:
            raise invalid("play", N_("Give the play points each player counted, with the last trick."))
        raise invalid("trick_winners", N_("Give the winner of each trick, or the play points and tricks."))
    points, tricks = _check_totals(fields)
    pique = fields.get("pique")
    if pique is not None:
        pique = _yes_no(pique, "pique")
    first = fields.get("first")
    if first is not None:
        if setup.options["partie"] != "cent":
            raise invalid("first", N_("Only au cent does it matter who reached the target first."))
        if first not in ROLES:
            raise invalid("first", N_("Answer elder or younger."))
    return PlayEntry(None, points, tricks, pique, first)


def _check_play_fits(setup: Setup, play: PlayEntry, holdings: Mapping[str, Holding]) -> list[History]:
    """The trick histories the play can come from (refusing totals no play gives)."""
    if play.winners is not None:
        return [history(play.winners)]
    counting = setup.options["counting_cards_only"]
    total = sum(play.points.values())
    lowest, highest = (LAST_TRICK_BONUS, 2 * TRICKS + 1) if counting else (TRICKS + 1, 2 * TRICKS + 1)
    if not lowest <= total <= highest:
        raise invalid(
            "play",
            N_("The play points must add up to %(lowest)s to %(highest)s (they add up to %(total)s)."),
            lowest=lowest,
            highest=highest,
            total=total,
        )
    cards = None
    if counting and all(holding.cards is not None for holding in holdings.values()):
        cards = {role: sum(card[0] in COUNTING_RANKS for card in holdings[role].cards or ()) for role in ROLES}
    fitting = fitting_histories(play.points, play.tricks, counting, cards)
    if not fitting:
        raise invalid(
            "play",
            N_(
                "No play of 12 tricks gives elder %(elder)s and younger %(younger)s points "
                "with %(elder_tricks)s and %(younger_tricks)s tricks."
            ),
            elder=play.points["elder"],
            younger=play.points["younger"],
            elder_tricks=play.tricks["elder"],
            younger_tricks=play.tricks["younger"],
        )
    return fitting


def _parse(setup: Setup, raw: Any) -> tuple[dict[str, Any], Entry, list[History]]:
    """The canonical input, what it means, and the trick histories it allows."""
    fields = only_fields(raw, _FIELDS)
    problems: list[Problem] = []
    canonical: dict[str, Any] = {}
    holdings: dict[str, Holding] = {}
    form = "declarations" if "declarations" in fields else "hands"
    try:
        if "hands" in fields and "declarations" in fields:
            raise invalid("declarations", N_("Give either the hands or the declarations, not both."))
        if form == "hands":
            if "hands" not in fields:
                raise invalid("hands", N_("Give both hands after the exchange, or what each player declared."))
            hands = _check_hands(fields["hands"])
            blanche = _check_blanche(fields.get("blanche"))
            _check_blanche_cards(blanche, hands, "blanche")
            holdings = {role: holding_from_cards(hands[role], blanche[role]) for role in ROLES}
            canonical["hands"] = {role: " ".join(sort_cards(hands[role])) for role in ROLES}
            canonical["blanche"] = blanche
        else:
            if "blanche" in fields:
                raise invalid("blanche", N_("With declarations, give carte blanche in each player's declaration."))
            holdings = _check_declarations(setup, fields["declarations"])
            canonical["declarations"] = {
                role: declaration_json(holdings[role], setup.options["second_blanche"]) for role in ROLES
            }
    except Invalid as error:
        problems.extend(error.problems)
        holdings = {}
    play: PlayEntry | None = None
    histories: list[History] = []
    try:
        play = _check_play(setup, fields)
        if not problems:
            histories = _check_play_fits(setup, play, holdings)
    except Invalid as error:
        problems.extend(error.problems)
    if problems:
        raise Invalid(problems)
    assert play is not None
    if play.winners is not None:
        canonical["trick_winners"] = play.winners
    else:
        canonical["play"] = dict(play.points)
        canonical["tricks"] = dict(play.tricks)
        if play.pique is not None:
            canonical["pique"] = play.pique
        if play.first is not None:
            canonical["first"] = play.first
    return canonical, Entry(form, holdings, play), histories


# ---------------------------------------------------------------------------
# Scoring a deal


@dataclass(frozen=True)
class Step:
    """Points scored at one moment. Steps sharing an ``atom`` happen in an order nobody entered."""

    role: str
    points: int
    line: int
    atom: int
    trick: int | None = None  # known with trick winners


@dataclass(frozen=True)
class Deal:
    entry: Entry
    reckoning: Reckoning
    lines: tuple[Line, ...]
    steps: tuple[Step, ...]
    pique: str | None
    pique_trick: int | None
    events: tuple[str, ...]


def _settle_pique(
    setup: Setup, entry: Entry, reckoning: Reckoning, histories: Sequence[History], names: Mapping[str, str]
) -> tuple[str | None, int | None]:
    """Who piqued (and at which trick when known), refusing answers that do not fit."""
    play = entry.play
    counting = setup.options["counting_cards_only"]
    if play.winners is not None:
        single = histories[0]
        candidate = pique_candidate(reckoning)
        if candidate is None:
            return None, None
        mask = _scoring_mask(single, play.points, None)
        assert mask is not None
        index = pique_at(single, mask, reckoning.scores, candidate)
        return (None, None) if index is None else (candidate, single.events[index].trick)
    chance = pique_chance(reckoning, histories, play.points, counting)
    if not chance.possible:
        if play.pique:
            raise invalid("pique", N_("No pique can have happened in this deal."))
        return None, None
    assert chance.candidate is not None
    if chance.certain:
        if play.pique is False:
            raise invalid(
                "pique", N_("With these points, %(name)s certainly made a pique."), name=names[chance.candidate]
            )
        return chance.candidate, None
    if play.pique is None:
        raise invalid(
            "pique",
            N_("Did %(name)s reach 30 before %(other)s scored anything? The play totals do not say: answer yes or no."),
            name=names[chance.candidate],
            other=names[other(chance.candidate)],
        )
    return (chance.candidate if play.pique else None), None


def _play_lines(entry: Entry, histories: Sequence[History]) -> list[Line]:
    play = entry.play
    lines = []
    for role in ROLES:
        detail: dict[str, Any] = {"tricks": play.tricks[role]}
        if play.winners is not None:
            events = [event for event in histories[0].events if event.role == role]
            detail["leads"] = sum(event.kind == "lead" for event in events)
            detail["captures"] = sum(event.kind == "capture" for event in events)
            detail["last_trick"] = any(event.kind == "last" for event in events)
        lines.append(Line("play", role, play.points[role], detail))
    return lines


def _cards_line(tricks: Mapping[str, int]) -> Line:
    for role in ROLES:
        if tricks[role] == TRICKS:
            return Line("capot", role, CAPOT_BONUS, {"tricks": tricks[role]})
        if tricks[role] >= CARDS_TRICKS:
            return Line("cards", role, CARDS_BONUS, {"tricks": tricks[role]})
    return Line("cards", None, 0, {"tricks": dict(tricks)})


def score_deal(setup: Setup, entry: Entry, histories: Sequence[History], names: Mapping[str, str]) -> Deal:
    """Every line of the deal in reckoning order, and when each point was scored."""
    reckoning = reckon(entry.holdings, setup.options["second_blanche"])
    pique, pique_trick = _settle_pique(setup, entry, reckoning, histories, names)
    lines = list(reckoning.lines)
    steps = [
        Step(line.role, line.points, index, index) for index, line in enumerate(lines) if line.role and line.points
    ]
    atom = len(lines)
    play_lines = _play_lines(entry, histories)
    first_play = len(lines)
    lines.extend(play_lines)
    pique_line = len(lines)
    if pique is not None:
        detail = {"trick": pique_trick} if pique_trick is not None else {}
        lines.append(Line("pique", pique, PIQUE_BONUS, detail))
    if entry.play.winners is not None:
        single = histories[0]
        mask = _scoring_mask(single, entry.play.points, None)
        assert mask is not None
        reached = None
        if pique is not None:
            reached = pique_at(single, mask, reckoning.scores, pique)
        for index, event in enumerate(single.events):
            steps.append(Step(event.role, 1, first_play + ROLES.index(event.role), atom, event.trick))
            atom += 1
            if index == reached:
                steps.append(Step(event.role, PIQUE_BONUS, pique_line, atom, event.trick))
                atom += 1
    else:
        for role in ROLES:
            if entry.play.points[role]:
                steps.append(Step(role, entry.play.points[role], first_play + ROLES.index(role), atom))
        if pique is not None:
            steps.append(Step(pique, PIQUE_BONUS, pique_line, atom))
        atom += 1
    cards = _cards_line(entry.play.tricks)
    lines.append(cards)
    if cards.role is not None:
        steps.append(Step(cards.role, cards.points, len(lines) - 1, atom))
    events = _deal_events(reckoning, pique, cards)
    return Deal(entry, reckoning, tuple(lines), tuple(steps), pique, pique_trick, events)


def _deal_events(reckoning: Reckoning, pique: str | None, cards: Line) -> tuple[str, ...]:
    events = [f"{item}:{found}" for item, found in reckoning.verdicts.items() if found is not None]
    if reckoning.repique is not None:
        events.append(f"repique:{reckoning.repique}")
    if pique is not None:
        events.append(f"pique:{pique}")
    events.append(f"{cards.item}:{cards.role or 'equal'}")
    return tuple(events)


@dataclass(frozen=True)
class Finish:
    """Au cent: who reached the target, and how many steps of the deal count."""

    winner: str | None
    counted: int
    line: int | None  # the line of the deal during which the target was reached
    trick: int | None = None


def finish(deal: Deal, before: Mapping[str, int], target: int, first: str | None) -> Finish:
    """Walk the deal's steps until someone reaches the target (the rest does not count).

    Raises :class:`Invalid` on ``first`` when both players reach the target
    within play totals, where the order of the points is not known.
    """
    running = dict(before)
    steps = deal.steps
    index = 0
    while index < len(steps):
        atom = steps[index].atom
        end = index
        while end < len(steps) and steps[end].atom == atom:
            running[steps[end].role] += steps[end].points
            end += 1
        reached = [role for role in ROLES if running[role] >= target]
        if len(reached) == 2:
            if first is None:
                raise invalid(
                    "first",
                    N_("Both players reach %(target)s during the play: who got there first, elder or younger?"),
                    target=target,
                )
            return Finish(first, end, steps[index].line)
        if reached:
            return Finish(reached[0], end, steps[end - 1].line, steps[end - 1].trick)
        index = end
    return Finish(None, len(steps), None)


# ---------------------------------------------------------------------------
# The game


@dataclass(frozen=True)
class State:
    rounds: tuple[RoundResult, ...]
    totals: Mapping[str, int]
    winner: str | None = None  # au cent: the first to reach the target


def check_setup(setup: Setup) -> None:
    """Every option combination is playable with two players."""


def roles_for_deal(setup: Setup, number: int) -> dict[str, str]:
    """Role → name in deal ``number`` (1-based): the dealer is younger, and the deal alternates."""
    dealer = setup.players[(setup.dealer + number - 1) % 2]
    return {"elder": setup.players[(setup.dealer + number) % 2], "younger": dealer}


def initial(setup: Setup) -> State:
    return State(rounds=(), totals={player: 0 for player in setup.players})


def check_round(setup: Setup, state: State, raw: Any) -> dict[str, Any]:
    """The deal in canonical form; refuses what cannot have happened or what is left unsettled."""
    canonical, entry, histories = _parse(setup, raw)
    _outcome(setup, state, entry, histories)
    return canonical


@dataclass(frozen=True)
class Outcome:
    deal: Deal
    finish: Finish
    scores: Mapping[str, int]  # by role, what counts


def _outcome(setup: Setup, state: State, entry: Entry, histories: Sequence[History]) -> Outcome:
    names = roles_for_deal(setup, len(state.rounds) + 1)
    deal = score_deal(setup, entry, histories, names)
    if setup.options["partie"] == "cent":
        before = {role: state.totals[names[role]] for role in ROLES}
        done = finish(deal, before, setup.options["target"], entry.play.first)
    else:
        done = Finish(None, len(deal.steps), None)
    scores = {role: 0 for role in ROLES}
    for step in deal.steps[: done.counted]:
        scores[step.role] += step.points
    return Outcome(deal, done, scores)


def _details(setup: Setup, number: int, outcome: Outcome) -> dict[str, Any]:
    deal = outcome.deal
    names = roles_for_deal(setup, number)
    counted = [0] * len(deal.lines)
    for step in deal.steps[: outcome.finish.counted]:
        counted[step.line] += step.points
    combos = {role: dict(deal.entry.holdings[role].as_json(), score=deal.reckoning.scores[role]) for role in ROLES}
    for role in ROLES:
        cards = deal.entry.holdings[role].cards
        if cards is not None:
            combos[role]["cards"] = list(cards)
    play = deal.entry.play
    target = None
    if outcome.finish.winner is not None:
        stop = outcome.finish.line
        target = {
            "role": outcome.finish.winner,
            "name": names[outcome.finish.winner],
            "item": deal.lines[stop].item if stop is not None else None,
            "trick": outcome.finish.trick,
        }
    return {
        "deal": number,
        "dealer": names["younger"],
        "elder": names["elder"],
        "younger": names["younger"],
        "entry": {"combinations": deal.entry.form, "play": "trick_winners" if play.winners else "totals"},
        "combinations": combos,
        "verdicts": dict(deal.reckoning.verdicts),
        "repique": deal.reckoning.repique,
        "pique": deal.pique,
        "play": {
            "points": dict(play.points),
            "tricks": dict(play.tricks),
            "trick_winners": play.winners,
            "pique_trick": deal.pique_trick,
        },
        "lines": [
            {
                "item": line.item,
                "role": line.role,
                "points": line.points,
                "counted": counted[index],
                "detail": dict(line.detail),
            }
            for index, line in enumerate(deal.lines)
        ],
        "scores": dict(outcome.scores),
        "target": target,
    }


def play(setup: Setup, state: State, round_input: Mapping[str, Any]) -> State:
    number = len(state.rounds) + 1
    _canonical, entry, histories = _parse(setup, dict(round_input))
    outcome = _outcome(setup, state, entry, histories)
    names = roles_for_deal(setup, number)
    scores = {player: 0 for player in setup.players}
    for role in ROLES:
        scores[names[role]] = outcome.scores[role]
    totals = {player: state.totals[player] + scores[player] for player in setup.players}
    events = outcome.deal.events
    if outcome.finish.winner is not None:
        events = events + (f"target:{outcome.finish.winner}",)
    details = _details(setup, number, outcome)
    result = RoundResult(number, dict(round_input), scores, totals, events, details)
    winner = names[outcome.finish.winner] if outcome.finish.winner is not None else state.winner
    return State(rounds=state.rounds + (result,), totals=totals, winner=winner)


def is_over(setup: Setup, state: State) -> bool:
    if setup.options["partie"] == "cent":
        return state.winner is not None
    deals = len(state.rounds)
    tied = len(set(state.totals.values())) == 1
    return deals >= RUBICON_MOST_DEALS or (deals == RUBICON_DEALS and not tied)


def rubicon_result(totals: Mapping[str, int]) -> dict[str, Any]:
    """The end of a Rubicon partie: points won by the winner, or a draw."""
    (winner, high), (_loser, low) = sorted(totals.items(), key=lambda item: -item[1])
    if high == low:
        return {"drawn": True}
    rubiconed = low < RUBICON_LINE
    points_won = high + low + RUBICON_BONUS if rubiconed else high - low + RUBICON_BONUS
    return {"winner": winner, "points_won": points_won, "rubicon": rubiconed}


def next_deal(setup: Setup, number: int) -> dict[str, Any]:
    names = roles_for_deal(setup, number)
    return {
        "round": number,
        "dealer": names["younger"],
        "elder": names["elder"],
        "younger": names["younger"],
        "deal": number,
    }


def standings(setup: Setup, state: State) -> Standings:
    over = is_over(setup, state)
    ranking = rank(state.totals, high_wins=True)
    extra: dict[str, Any] = {}
    winners: tuple[str, ...] = ()
    if over and setup.options["partie"] == "cent":
        assert state.winner is not None
        loser = next(player for player in setup.players if player != state.winner)
        winners = (state.winner,)
        ranking = ((1, state.winner), (2, loser))
        extra["result"] = {"winner": state.winner, "double": state.totals[loser] < DOUBLE_LINE}
    elif over:
        extra["result"] = rubicon_result(state.totals)
        winners = (extra["result"]["winner"],) if "winner" in extra["result"] else tuple(setup.players)
    return Standings(
        rounds=state.rounds,
        totals=state.totals,
        status="finished" if over else "playing",
        winners=winners,
        ranking=ranking,
        next=None if over else next_deal(setup, len(state.rounds) + 1),
        extra=extra,
    )


# ---------------------------------------------------------------------------
# Helpers for the referee page and the phone page


def declarations_from_hands(elder_cards: Any, younger_cards: Any, blanche: Any = None) -> dict[str, Any]:
    """What each player holds and who scores what (``POST /api/v1/piquet/declarations``)."""
    hands = _hand_pair(elder_cards, younger_cards, "")
    checked_blanche = _check_blanche(blanche)
    _check_blanche_cards(checked_blanche, hands, "blanche")
    holdings = {role: holding_from_cards(hands[role], checked_blanche[role]) for role in ROLES}
    reckoning = reckon(holdings)
    answer: dict[str, Any] = {role: dict(holdings[role].as_json(), score=reckoning.scores[role]) for role in ROLES}
    answer["verdicts"] = dict(reckoning.verdicts)
    answer["repique"] = reckoning.repique
    return answer


def describe_hand(text: Any, field_name: str = "cards") -> dict[str, Any]:
    """The combinations in up to 12 cards, for showing them live while a hand is entered."""
    cards = parse_hand(text, field_name, size=None)
    if len(cards) > HAND_SIZE:
        raise invalid(field_name, N_("A hand has at most 12 cards (%(count)s given)."), count=len(cards))
    holding = holding_from_cards(cards, False)
    return {
        "cards": list(holding.cards or ()),
        "count": len(cards),
        "point": holding.point.as_json() if holding.point else None,
        "sequences": [dict(run.as_json(), points=run.points) for run in holding.sequences],
        "sets": [dict(group.as_json(), points=group.points) for group in holding.sets],
        "blank": bool(cards) and not any(card[0] in COURTS for card in cards),
    }
