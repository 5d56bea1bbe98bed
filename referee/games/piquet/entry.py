"""Checking a Piquet deal as the table enters it: the hands or the announcements, and the play.
The combinations come as the cards each player held after the exchange (with carte blanche
for each player) or as what each player announced; the play as the 12 trick winners or as
the totals counted aloud. Whatever cannot have happened is refused with the field it
concerns; what is accepted comes back in canonical form with the trick histories it allows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, Invalid, Problem, Setup, invalid, only_fields, per_key, whole_number
from ..cards import parse_cards
from .announcements import Claim, clash
from .combinations import (
    COUNTING_RANKS,
    COURTS,
    DECK,
    HAND_SIZE,
    RANKS,
    SET_RANKS,
    SUIT_SIZE,
    Group,
    Holding,
    Point,
    Run,
    holding_from_cards,
    point_values,
    sort_cards,
)
from .play import LAST_TRICK_BONUS, LETTERS, TRICKS, History, fitting_histories, history, standard_points
from .reckoning import ROLES, reckon

FIELDS = ("hands", "blanche", "declarations", "trick_winners", "play", "tricks", "pique", "first")
_DECLARATION_FIELDS = ("blanche", "second_blanche", "point", "sequences", "sets")

# Who is who when no game names the players (the stand-alone referee).
ROLE_WORDS = {"elder": "elder", "younger": "younger"}

# Cards a player dealt a carte blanche can have drawn at most: elder takes up to
# five from the talon, younger what elder left (elder takes at least one).
MOST_DRAWN = {"elder": 5, "younger": 7}


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


def _check_blanche(value: Any, names: Mapping[str, str], field_name: str = "blanche") -> dict[str, bool]:
    blanche = _role_map(value, field_name, _yes_no, required=False, default=False)
    if blanche["elder"] and blanche["younger"]:
        raise _both_blanche(f"{field_name}.younger", names)
    return blanche


def _both_blanche(field_name: str, names: Mapping[str, str]) -> Invalid:
    return invalid(
        field_name,
        N_(
            "%(elder)s and %(younger)s cannot both have been dealt a carte blanche: "
            "all 12 kings, queens and jacks would have been in the talon of 8."
        ),
        elder=names["elder"],
        younger=names["younger"],
    )


BLANCHE_DRAWN = {
    "elder": N_(
        "%(name)s cannot have been dealt a carte blanche: elder takes at most 5 cards from the talon, "
        "and these 12 cards hold %(courts)s kings, queens and jacks."
    ),
    "younger": N_(
        "%(name)s cannot have been dealt a carte blanche: younger takes at most 7 cards from the talon, "
        "and these 12 cards hold %(courts)s kings, queens and jacks."
    ),
}


def _check_blanche_cards(
    blanche: Mapping[str, bool], hands: Mapping[str, Sequence[str]], field_name: str, names: Mapping[str, str]
) -> None:
    """A player dealt a carte blanche can only have drawn so many kings, queens and jacks."""
    problems: list[Problem] = []
    for role in ROLES:
        courts = sum(card[0] in COURTS for card in hands[role])
        if blanche[role] and courts > MOST_DRAWN[role]:
            problems.append(
                Problem(f"{field_name}.{role}", BLANCHE_DRAWN[role], {"name": names[role], "courts": courts})
            )
    if problems:
        raise Invalid(problems)


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


def _check_sequences(value: Any, field_name: str) -> tuple[Run, ...]:
    """The sequences as announced, in their order."""
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
    return tuple(runs)


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
    """The sets as announced, in their order."""
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
    return tuple(groups)


@dataclass(frozen=True)
class Declared:
    """One player's announcements in the order given (the field names count on it)."""

    blanche: bool
    second_blanche: bool
    point: Point | None
    sequences: tuple[Run, ...]
    sets: tuple[Group, ...]

    def holding(self) -> Holding:
        """The announcements to reckon: each class best first."""
        return Holding(
            self.blanche,
            self.second_blanche,
            self.point,
            tuple(sorted(self.sequences, key=lambda run: run.key, reverse=True)),
            tuple(sorted(self.sets, key=lambda group: group.key, reverse=True)),
        )

    def claims(self, role: str) -> list[Claim]:
        """Everything announced, for checking that real hands can hold it all."""
        claims = []
        if self.blanche:
            claims.append(Claim(role, "blanche", MOST_DRAWN[role]))
        if self.second_blanche:
            claims.append(Claim(role, "second_blanche", 0))
        if self.point is not None:
            claims.append(Claim(role, "point", self.point))
        claims.extend(Claim(role, "sequence", run, index) for index, run in enumerate(self.sequences))
        claims.extend(Claim(role, "set", group, index) for index, group in enumerate(self.sets))
        return claims


def _check_declaration(setup: Setup, value: Any, field_name: str) -> Declared:
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
    return Declared(parts["blanche"], parts["second_blanche"], parts["point"], parts["sequences"], parts["sets"])


CLAIMED = {
    "point": N_("%(name)s: a point of %(cards)s cards worth %(value)s"),
    "sequence": N_("%(name)s: a sequence of %(length)s cards to the %(top)s"),
    "quatorze": N_("%(name)s: four %(rank)s"),
    "trio": N_("%(name)s: three %(rank)s"),
    "blanche": N_("%(name)s: a carte blanche dealt, so at most %(most)s kings, queens and jacks after the exchange"),
    "second_blanche": N_("%(name)s: a second carte blanche, so no king, queen or jack after the exchange"),
}


def _claim_problem(claim: Claim, names: Mapping[str, str]) -> Problem:
    """One announcement named in words, on its own field."""
    where = f"declarations.{claim.role}"
    params: dict[str, Any] = {"name": names[claim.role]}
    value = claim.value
    if isinstance(value, Point):
        return Problem(f"{where}.point", CLAIMED["point"], {**params, "cards": value.cards, "value": value.value})
    if isinstance(value, Run):
        return Problem(
            f"{where}.sequences.{claim.index}",
            CLAIMED["sequence"],
            {**params, "length": value.length, "top": value.top},
        )
    if isinstance(value, Group):
        message = CLAIMED["quatorze" if value.count == 4 else "trio"]
        return Problem(f"{where}.sets.{claim.index}", message, {**params, "rank": value.rank})
    if claim.kind == "blanche":
        return Problem(f"{where}.blanche", CLAIMED["blanche"], {**params, "most": value})
    return Problem(f"{where}.second_blanche", CLAIMED["second_blanche"], params)


def _clash_refusal(claims: Sequence[Claim], names: Mapping[str, str]) -> Invalid:
    """Which announcements cannot go together: a heading, then each of them."""
    roles = sorted({claim.role for claim in claims}, key=ROLES.index)
    if len(roles) == 1:
        heading = Problem(
            f"declarations.{roles[0]}",
            N_("%(name)s cannot hold all of these in one hand of 12 cards:"),
            {"name": names[roles[0]]},
        )
    else:
        heading = Problem(
            "declarations",
            N_("%(elder)s and %(younger)s cannot hold all of these in two hands of 12 cards from one pack:"),
            {"elder": names["elder"], "younger": names["younger"]},
        )
    return Invalid([heading, *(_claim_problem(claim, names) for claim in claims)])


def _check_declarations(setup: Setup, value: Any, names: Mapping[str, str]) -> dict[str, Holding]:
    """Both players' announcements, checked one by one, then together against two real hands."""
    declared = _role_map(value, "declarations", lambda item, where: _check_declaration(setup, item, where))
    if declared["elder"].blanche and declared["younger"].blanche:
        raise _both_blanche("declarations.younger.blanche", names)
    elder_sets = {group.rank: group.count for group in declared["elder"].sets}
    problems = [
        Problem(
            f"declarations.younger.sets.{index}",
            N_("There are only four %(rank)s: %(elder)s and %(younger)s cannot hold %(count)s."),
            {
                "rank": group.rank,
                "count": group.count + elder_sets[group.rank],
                "elder": names["elder"],
                "younger": names["younger"],
            },
        )
        for index, group in enumerate(declared["younger"].sets)
        if group.rank in elder_sets
    ]
    if problems:
        raise Invalid(problems)
    conflicting = clash([claim for role in ROLES for claim in declared[role].claims(role)])
    if conflicting:
        raise _clash_refusal(conflicting, names)
    return {role: declared[role].holding() for role in ROLES}


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
    fitting = _fitting(setup, play, holdings)
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


def _fitting(setup: Setup, play: PlayEntry, holdings: Mapping[str, Holding]) -> list[History]:
    """The trick histories play totals can come from (with only tens and higher counting, bounded by
    the counting cards each player held when the hands are known)."""
    counting = setup.options["counting_cards_only"]
    cards = None
    if counting and all(holding.cards is not None for holding in holdings.values()):
        cards = {role: sum(card[0] in COUNTING_RANKS for card in holdings[role].cards or ()) for role in ROLES}
    return fitting_histories(play.points, play.tricks, counting, cards)


def stored_entry(setup: Setup, canonical: Mapping[str, Any]) -> tuple[Entry, list[History]]:
    """What a deal in canonical form means and the trick histories it allows, as :func:`parse_round` gives
    them, without checking it again: a stored deal was checked when written (a replay plays it)."""
    if "hands" in canonical:
        blanche = canonical["blanche"]
        holdings = {role: holding_from_cards(canonical["hands"][role].split(), blanche[role]) for role in ROLES}
    else:
        holdings = {role: _declared(canonical["declarations"][role]) for role in ROLES}
    form = "hands" if "hands" in canonical else "declarations"
    winners = canonical.get("trick_winners")
    if winners is not None:
        played = history(winners)
        return Entry(form, holdings, PlayEntry(winners, standard_points(played), dict(played.tricks))), [played]
    play = PlayEntry(None, canonical["play"], canonical["tricks"], canonical.get("pique"), canonical.get("first"))
    return Entry(form, holdings, play), _fitting(setup, play, holdings)


def _declared(canonical: Mapping[str, Any]) -> Holding:
    """One player's announcements in canonical form (:func:`declaration_json`: each class best first)."""
    point = canonical["point"]
    return Holding(
        canonical["blanche"],
        canonical.get("second_blanche", False),
        None if point is None else Point(point["cards"], point["value"]),
        tuple(Run(run["length"], run["top"]) for run in canonical["sequences"]),
        tuple(Group(group["rank"], group["count"]) for group in canonical["sets"]),
    )


def parse_round(setup: Setup, raw: Any, names: Mapping[str, str]) -> tuple[dict[str, Any], Entry, list[History]]:
    """The canonical input, what it means, and the trick histories it allows (``names`` by role)."""
    fields = only_fields(raw, FIELDS)
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
            blanche = _check_blanche(fields.get("blanche"), names)
            _check_blanche_cards(blanche, hands, "blanche", names)
            holdings = {role: holding_from_cards(hands[role], blanche[role]) for role in ROLES}
            canonical["hands"] = {role: " ".join(sort_cards(hands[role])) for role in ROLES}
            canonical["blanche"] = blanche
        else:
            if "blanche" in fields:
                raise invalid("blanche", N_("With declarations, give carte blanche in each player's declaration."))
            holdings = _check_declarations(setup, fields["declarations"], names)
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


def declarations_from_hands(elder_cards: Any, younger_cards: Any, blanche: Any = None) -> dict[str, Any]:
    """What each player holds and who scores what (``POST /api/v1/piquet/declarations``)."""
    hands = _hand_pair(elder_cards, younger_cards, "")
    checked_blanche = _check_blanche(blanche, ROLE_WORDS)
    _check_blanche_cards(checked_blanche, hands, "blanche", ROLE_WORDS)
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
