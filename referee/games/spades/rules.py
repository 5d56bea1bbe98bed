"""Spades as in ``shared/rules/spades.md``: bids with nil and blind nil, contracts, bags, fixed sides.

Four players play in two partnerships, partners opposite (seats 1 and 3 against 2 and 4); two or
three players, and four without partners, each play as a side of one. A side's figures (its hand
score, total and bags) are the rules' own; each player's ``scores`` and ``totals`` show their side's.
The bids are said before the play (:data:`announced`), the tricks counted after it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..base import (
    N_,
    Details,
    Event,
    Invalid,
    Next,
    Option,
    Problem,
    RoundResult,
    Setup,
    Side,
    Standings,
    invalid,
    only_fields,
    rank,
)
from .events import BagPenalty, BlindNilFailed, BlindNilMade, NilFailed, NilMade, Set

name = "spades"
title = N_("Spades")
min_players = 2
max_players = 4

TRICK_POINTS = 10  # a contract made scores ten a trick bid
NIL_VALUE = 100
BAG_PENALTY = 100
BLIND_NIL_DEFICIT = 100
BLIND_FACTOR = 2  # a blind nil counts double
# The options left empty when a game is made take these where they apply (settle_options).
FILLED_IN = {"nil_value": NIL_VALUE, "blind_nil_deficit": BLIND_NIL_DEFICIT, "bag_penalty": BAG_PENALTY}

# players -> (cards taken out of the pack before dealing, cards each: also the tricks of a hand)
DEAL: dict[int, tuple[tuple[str, ...], int]] = {2: ((), 13), 3: (("2C",), 17), 4: ((), 13)}

announced = ("bids", "blind_nil")
_FIELDS = ("bids", "blind_nil", "tricks")

_YES_NO = ((True, N_("yes")), (False, N_("no")))

options: tuple[Option, ...] = (
    Option(
        "partnerships",
        "choice",
        None,
        N_("Partnerships"),
        N_("With four players: two sides, partners opposite (seats 1 and 3 against 2 and 4), or each for themselves."),
        choices=((True, N_("partners opposite")), (False, N_("each for themselves (cutthroat)"))),
        nullable=True,
        none_label=N_("partners opposite with four players"),
    ),
    Option(
        "target",
        "int",
        500,
        N_("Target"),
        N_("The game ends after the hand in which a side reaches this total (100 to 1000)."),
        minimum=100,
        maximum=1000,
    ),
    Option(
        "lose_at",
        "int",
        -200,
        N_("Losing total"),
        N_("The game also ends when a side sinks to this total (−1000 to −50); the highest total wins."),
        minimum=-1000,
        maximum=-50,
        nullable=True,
        none_label=N_("none: a side may sink as low as it goes"),
    ),
    Option("nil", "bool", True, N_("Nil"), N_("A bid of 0, a promise to take no trick at all.")),
    Option(
        "nil_value",
        "int",
        None,
        N_("Nil is worth"),
        N_("What a nil made wins and a nil failed loses (10 to 500; 100 when left empty); a blind nil counts double."),
        minimum=10,
        maximum=500,
        nullable=True,
        none_label=N_("100"),
    ),
    Option(
        "blind_nil",
        "choice",
        None,
        N_("Blind nil"),
        N_("A nil bid before looking at the cards, by a player whose side is far enough behind."),
        choices=_YES_NO,
        nullable=True,
        none_label=N_("as nil"),
    ),
    Option(
        "blind_nil_deficit",
        "int",
        None,
        N_("Blind nil from"),
        N_(
            "How far behind a side must be for its players to bid blind nil (0 to 1000; 0: any time;"
            " 100 when left empty)."
        ),
        minimum=0,
        maximum=1000,
        nullable=True,
        none_label=N_("100"),
    ),
    Option(
        "failed_nil",
        "choice",
        "bags",
        N_("A failed nil's tricks"),
        N_("What the tricks of a nil bidder who took some do for their side."),
        choices=(
            ("bags", N_("bags: a point and a bag each")),
            ("count", N_("they count towards the partner's contract")),
            ("none", N_("nothing")),
        ),
    ),
    Option(
        "bag_limit",
        "int",
        10,
        N_("Bag limit"),
        N_("A side whose bags reach this count loses the bag penalty and keeps the rest (5 to 20)."),
        minimum=5,
        maximum=20,
        nullable=True,
        none_label=N_("none: bags are never penalised"),
    ),
    Option(
        "bag_penalty",
        "int",
        None,
        N_("Bag penalty"),
        N_("What each bag limit reached costs (10 to 500; 100 when left empty)."),
        minimum=10,
        maximum=500,
        nullable=True,
        none_label=N_("100"),
    ),
    Option(
        "set_scoring",
        "choice",
        "minus",
        N_("A side set"),
        N_("What a side that takes fewer tricks than its contract scores for it."),
        choices=(("minus", N_("minus ten a trick bid")), ("zero", N_("nothing"))),
    ),
    Option(
        "tie",
        "choice",
        "play_on",
        N_("Tie for the lead"),
        N_("What happens when the game ends with two or more sides on the highest total."),
        choices=(("play_on", N_("play another hand, and look again")), ("share", N_("they share the victory"))),
    ),
)


def settle_options(players: Sequence[str], chosen: Mapping[str, Any]) -> dict[str, Any]:
    """Every option's effective value: those left empty take their default where they apply and stay
    None where they do not (partnerships with two or three players, blind nil's deficit without it…)."""
    settled = dict(chosen)

    def default(option: str, applies: bool, value: Any) -> None:
        if settled[option] is None and applies:
            settled[option] = value

    default("partnerships", len(players) == 4, True)
    default("nil_value", settled["nil"], FILLED_IN["nil_value"])
    default("blind_nil", True, settled["nil"])
    default("blind_nil_deficit", settled["blind_nil"], FILLED_IN["blind_nil_deficit"])
    default("bag_penalty", settled["bag_limit"] is not None, FILLED_IN["bag_penalty"])
    return settled


def check_setup(setup: Setup) -> None:
    """Refuse the options that mean nothing with the others or with the number of players."""
    chosen = setup.options
    problems = []
    if chosen["partnerships"] is not None and len(setup.players) != 4:
        problems.append(
            Problem(
                "options.partnerships",
                N_("Partnerships need four players: with %(count)s, each plays alone."),
                {"count": len(setup.players)},
            )
        )
    if not chosen["nil"] and chosen["nil_value"] is not None:
        problems.append(Problem("options.nil_value", N_("A value for nil goes only with nil played.")))
    if not chosen["nil"] and chosen["blind_nil"]:
        problems.append(Problem("options.blind_nil", N_("Blind nil goes only with nil played.")))
    if not chosen["blind_nil"] and chosen["blind_nil_deficit"] is not None:
        problems.append(
            Problem("options.blind_nil_deficit", N_("How far behind blind nil needs goes only with blind nil played."))
        )
    if chosen["bag_limit"] is None and chosen["bag_penalty"] is not None:
        problems.append(Problem("options.bag_penalty", N_("A bag penalty goes only with a bag limit.")))
    if problems:
        raise Invalid(problems)


@dataclass(frozen=True)
class Team:
    """A side as the rules see it: its name ("Alice & Chloé", or a lone player's name) and players."""

    name: str
    players: tuple[str, ...]


def teams(setup: Setup) -> tuple[Team, ...]:
    """The sides in seat order: partners opposite with four players in partnerships, else one each."""
    return _table_of(setup)[0]


def _table_of(setup: Setup) -> tuple[tuple[Team, ...], dict[str, str]]:
    return _table(tuple(setup.players), bool(setup.options["partnerships"]))


@functools.lru_cache(maxsize=4096)  # every hand asks (a replay, every hand of the game): made once per table
def _table(players: tuple[str, ...], partnerships: bool) -> tuple[tuple[Team, ...], dict[str, str]]:
    """The sides (:func:`teams`), and each player's side by name (not to be changed: it is shared)."""
    if partnerships:
        sides = tuple(
            Team(f"{players[seat]} & {players[seat + 2]}", (players[seat], players[seat + 2])) for seat in (0, 1)
        )
    else:
        sides = tuple(Team(player, (player,)) for player in players)
    return sides, {player: team.name for team in sides for player in team.players}


def team_of(setup: Setup, player: str) -> Team:
    return next(team for team in teams(setup) if player in team.players)


def tricks_per_hand(setup: Setup) -> int:
    return DEAL[len(setup.players)][1]


def dealer_seat(setup: Setup, number: int) -> int:
    """The seat that deals hand ``number`` (1-based): the deal moves one seat left every hand."""
    return (setup.dealer + number - 1) % len(setup.players)


def bidding_order(setup: Setup, number: int) -> tuple[str, ...]:
    """Who bids hand ``number``, in order: the dealer's left first, the dealer last."""
    players = setup.players
    first = dealer_seat(setup, number) + 1
    return tuple(players[(first + step) % len(players)] for step in range(len(players)))


@dataclass(frozen=True)
class HandDetails(Details):
    """A hand for the pages: each side's contract by name (None: both partners bid nil)."""

    contracts: Mapping[str, int | None]


@dataclass(frozen=True)
class State:
    rounds: tuple[RoundResult[HandDetails], ...]
    totals: Mapping[str, int]  # by side name
    bags: Mapping[str, int]  # by side name, the running count after the penalties


def initial(setup: Setup) -> State:
    names = [team.name for team in teams(setup)]
    return State(rounds=(), totals={name: 0 for name in names}, bags={name: 0 for name in names})


# --- checking a hand ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Count:
    """How one per-player field is refused: bids or tricks."""

    key: str
    not_an_object: str
    missing: str
    not_whole: str
    out_of_range: str


_BIDS = _Count(
    "bids",
    N_("Give a bid for every player."),
    N_("No bid for %(name)s."),
    N_("%(name)s's bid must be a whole number."),
    N_("%(name)s's bid must be from 0 to %(most)s."),
)
_TRICKS = _Count(
    "tricks",
    N_("Give the tricks of every player."),
    N_("No tricks for %(name)s."),
    N_("%(name)s's tricks must be a whole number."),
    N_("%(name)s's tricks must be from 0 to %(most)s."),
)
_NOT_IN_GAME = N_("%(name)s is not in this game.")


def _whole_numbers(setup: Setup, count: _Count, value: Any, complete: bool) -> tuple[dict[str, int], list[Problem]]:
    """The players' numbers of one field as given (every player's when ``complete``), and its faults of
    names and whole numbers."""
    if not isinstance(value, dict):
        return {}, [Problem(count.key, count.not_an_object)]
    problems = [
        Problem(f"{count.key}.{str(key)[:40]}", _NOT_IN_GAME, {"name": str(key)[:40]})
        for key in value
        if key not in setup.players
    ]
    numbers = {}
    for player in setup.players:
        where = f"{count.key}.{player}"
        if player not in value:
            if complete:
                problems.append(Problem(where, count.missing, {"name": player}))
        elif isinstance(value[player], bool) or not isinstance(value[player], int):
            problems.append(Problem(where, count.not_whole, {"name": player}))
        else:
            numbers[player] = value[player]
    return numbers, problems


def _blind_list(setup: Setup, value: Any) -> tuple[list[str], list[Problem]]:
    """The blind nil bidders as given, and the faults of the list: not a list, a stranger, a name twice."""
    if value is None:
        return [], []
    if not isinstance(value, list):
        return [], [Problem("blind_nil", N_("Blind nil is a list of players."))]
    problems = []
    listed: list[str] = []
    for item in value:
        if item not in setup.players:
            problems.append(Problem("blind_nil", _NOT_IN_GAME, {"name": str(item)[:40]}))
        elif item in listed:
            problems.append(Problem("blind_nil", N_("%(name)s is listed twice."), {"name": item}))
        else:
            listed.append(item)
    return listed, problems


def _range_problems(setup: Setup, count: _Count, numbers: Mapping[str, int]) -> list[Problem]:
    most = tricks_per_hand(setup)
    problems = [
        Problem(f"{count.key}.{player}", count.out_of_range, {"name": player, "most": most})
        for player, number in numbers.items()
        if not 0 <= number <= most
    ]
    if count is _BIDS and not setup.options["nil"]:
        faulty = {problem.field for problem in problems}
        problems += [
            Problem(
                f"bids.{player}", N_("Nil is not played in this game: %(name)s must bid at least 1."), {"name": player}
            )
            for player, number in numbers.items()
            if number == 0 and f"bids.{player}" not in faulty
        ]
    return problems


def behind(state: State, team: Team) -> int:
    """How far a side is behind the other (with more than two, behind the leader); below 0: ahead."""
    return max(total for side, total in state.totals.items() if side != team.name) - state.totals[team.name]


def may_bid_blind(setup: Setup, state: State, team: Team) -> bool:
    needed = setup.options["blind_nil_deficit"]
    return bool(setup.options["blind_nil"]) and (needed == 0 or behind(state, team) >= needed)


def _blind_problems(setup: Setup, state: State, bids: Mapping[str, int], listed: Sequence[str]) -> list[Problem]:
    """A blind nil that is not a bid of 0 (or not played at all), then one its side may not bid."""
    if listed and not setup.options["blind_nil"]:
        return [Problem("blind_nil", N_("Blind nil is not played in this game."))]
    problems = []
    for player in listed:
        if player not in bids:
            problems.append(Problem("blind_nil", N_("No bid for %(name)s."), {"name": player}))
        elif bids[player] != 0:
            message = N_("%(name)s bid %(bid)s: a blind nil is a bid of 0.")
            problems.append(Problem("blind_nil", message, {"name": player, "bid": bids[player]}))
    if problems:
        return problems
    refused = []
    for player in listed:
        team = team_of(setup, player)
        if not may_bid_blind(setup, state, team) and team not in refused:
            refused.append(team)
    return [_not_far_enough_behind(setup, state, team) for team in refused]


def _not_far_enough_behind(setup: Setup, state: State, team: Team) -> Problem:
    distance = behind(state, team)
    params = {"side": team.name, "needed": setup.options["blind_nil_deficit"]}
    partners = len(team.players) > 1
    if distance >= 0:
        if partners:
            message = N_("%(side)s are %(behind)s behind: blind nil needs %(needed)s.")
        else:
            message = N_("%(side)s is %(behind)s behind: blind nil needs %(needed)s.")
        return Problem("blind_nil", message, {**params, "behind": distance})
    if partners:
        message = N_("%(side)s are %(ahead)s ahead: blind nil needs %(needed)s behind.")
    else:
        message = N_("%(side)s is %(ahead)s ahead: blind nil needs %(needed)s behind.")
    return Problem("blind_nil", message, {**params, "ahead": -distance})


def _checked(
    setup: Setup, state: State, fields: Mapping[str, Any], counts: Sequence[_Count], complete: bool
) -> tuple[dict[str, dict[str, int]], list[str]]:
    """The numbers of ``counts`` and the blind nil list, checked in the rule file's order: names and whole
    numbers, ranges, a blind nil that is not a bid of 0, blind nil's eligibility. The first step that
    finds a fault raises them all."""
    numbers: dict[str, dict[str, int]] = {}
    shape: list[Problem] = []
    for count in counts:
        numbers[count.key], faults = _whole_numbers(setup, count, fields.get(count.key), complete)
        shape += faults
    listed, faults = _blind_list(setup, fields.get("blind_nil"))
    shape += faults
    steps: list[Callable[[], list[Problem]]] = [
        lambda: shape,
        lambda: [problem for count in counts for problem in _range_problems(setup, count, numbers[count.key])],
        lambda: _blind_problems(setup, state, numbers["bids"], listed),
    ]
    for step in steps:
        faults = step()
        if faults:
            raise Invalid(faults)
    return numbers, listed


def check_round(setup: Setup, state: State, raw: Any) -> dict[str, Any]:
    """The hand in canonical form: every player's bid and tricks, and the blind nil bidders in seat order."""
    fields = only_fields(raw, _FIELDS)
    numbers, listed = _checked(setup, state, fields, (_BIDS, _TRICKS), complete=True)
    taken = sum(numbers["tricks"].values())
    expected = tricks_per_hand(setup)
    if taken != expected:
        raise invalid(
            "tricks",
            N_("The tricks must add up to %(expected)s (they add up to %(total)s)."),
            expected=expected,
            total=taken,
        )
    blind = [player for player in setup.players if player in listed]
    return {"bids": numbers["bids"], "blind_nil": blind, "tricks": numbers["tricks"]}


def announce(setup: Setup, state: State, stored: Mapping[str, Any], raw: Any) -> dict[str, Any]:
    """The bids stored so far with those of ``raw`` added (a player's bid given again replaces theirs),
    and the blind nil bidders (a list given replaces the stored one), checked as a hand's bids are."""
    fields = only_fields(raw, announced)
    given, problems = _whole_numbers(setup, _BIDS, fields.get("bids", {}), complete=False)
    if problems:
        raise Invalid(problems)
    bids = {**stored.get("bids", {}), **given}
    merged = {"bids": bids, "blind_nil": fields.get("blind_nil", stored.get("blind_nil", []))}
    checked, listed = _checked(setup, state, merged, (_BIDS,), complete=False)
    return {
        "bids": {player: checked["bids"][player] for player in setup.players if player in checked["bids"]},
        "blind_nil": [player for player in setup.players if player in listed],
    }


def contract(team: Team, bids: Mapping[str, int]) -> int | None:
    """A side's contract: its players' bids that are not nil, added up; None when all bid nil."""
    counted = [bids[player] for player in team.players if bids[player] > 0]
    return sum(counted) if counted else None


def announced_facts(setup: Setup, state: State, stored: Mapping[str, Any]) -> dict[str, Any]:
    """The bids so far, and the contract of each side whose players have all bid (null: no contract)."""
    bids = dict(stored.get("bids", {}))
    contracts = {
        team.name: contract(team, bids) for team in teams(setup) if all(player in bids for player in team.players)
    }
    return {"bids": bids, "contracts": contracts}


# --- scoring a hand ----------------------------------------------------------------------------------


class _SideHand(NamedTuple):  # a tuple: made twice a hand, every hand of a replay
    score: int
    bags: int  # the running count after the hand and its penalty
    events: list[Event]
    contract: int | None


def _side_hand(setup: Setup, team: Team, round_input: Mapping[str, Any], bags_before: int) -> _SideHand:
    """One side's hand: its nils, its contract, a failed nil's tricks, then the bag penalty."""
    chosen = setup.options
    bids, tricks, blind = round_input["bids"], round_input["tricks"], round_input["blind_nil"]
    score, bags = 0, 0
    events: list[Event] = []
    nil_bidders = [player for player in team.players if bids[player] == 0]
    for player in nil_bidders:
        value = chosen["nil_value"] * (BLIND_FACTOR if player in blind else 1)
        made = tricks[player] == 0
        score += value if made else -value
        kinds = (BlindNilMade, BlindNilFailed) if player in blind else (NilMade, NilFailed)
        events.append(kinds[0](player) if made else kinds[1](player))
    failed_tricks = sum(tricks[player] for player in nil_bidders)
    promised = contract(team, bids)
    failed_nil = "bags" if chosen["failed_nil"] == "count" and promised is None else chosen["failed_nil"]
    if promised is not None:
        taken = sum(tricks[player] for player in team.players if bids[player] > 0)
        taken += failed_tricks if failed_nil == "count" else 0
        if taken >= promised:
            score += TRICK_POINTS * promised + taken - promised
            bags += taken - promised
        else:
            score -= TRICK_POINTS * promised if chosen["set_scoring"] == "minus" else 0
            events.append(Set(team.name))
    if failed_nil == "bags":
        score += failed_tricks
        bags += failed_tricks
    count = bags_before + bags
    limit = chosen["bag_limit"]
    if limit is not None and count >= limit:
        penalty = chosen["bag_penalty"] * (count // limit)
        score -= penalty
        count %= limit
        events.append(BagPenalty(team.name, penalty))
    return _SideHand(score, count, events, promised)


def play(setup: Setup, state: State, round_input: Mapping[str, Any]) -> State:
    number = len(state.rounds) + 1
    sides: list[Side] = []
    events: list[Event] = []
    side_scores: dict[str, int] = {}
    side_totals: dict[str, int] = {}
    contracts: dict[str, int | None] = {}
    playing, side_of = _table_of(setup)
    for team in playing:
        hand = _side_hand(setup, team, round_input, state.bags[team.name])
        side_scores[team.name] = hand.score
        contracts[team.name] = hand.contract
        side_totals[team.name] = total = state.totals[team.name] + hand.score
        sides.append(Side(team.name, team.players, hand.score, total, {"bags": hand.bags}))
        events += hand.events
    scores = _by_player(setup, side_of, side_scores)
    totals = _by_player(setup, side_of, side_totals)
    details = HandDetails(setup.players[dealer_seat(setup, number)], contracts)
    result = RoundResult(number, dict(round_input), scores, totals, tuple(events), details, tuple(sides))
    return State(
        rounds=(*state.rounds, result),
        totals=side_totals,
        bags={side.name: side.counts["bags"] for side in sides},
    )


def _by_player(setup: Setup, side_of: Mapping[str, str], by_side: Mapping[str, int]) -> dict[str, int]:
    """Each player shows their side's figure (``side_of``: each player's side by name)."""
    return {player: by_side[side_of[player]] for player in setup.players}


# --- the end, and what the table does next -----------------------------------------------------------


def leaders(state: State) -> list[str]:
    """The sides on the highest total."""
    highest = max(state.totals.values())
    return [side for side, total in state.totals.items() if total == highest]


def _end_met(setup: Setup, state: State) -> bool:
    """A side has reached the target, or sunk to the losing total."""
    if not state.rounds:
        return False
    lose_at = setup.options["lose_at"]
    reached = any(total >= setup.options["target"] for total in state.totals.values())
    sunk = lose_at is not None and any(total <= lose_at for total in state.totals.values())
    return reached or sunk


def is_over(setup: Setup, state: State) -> bool:
    """Over once the end is met, unless the highest total is tied and the table plays another hand."""
    return _end_met(setup, state) and (setup.options["tie"] == "share" or len(leaders(state)) == 1)


def bags_to_penalty(setup: Setup, bags: int) -> int | None:
    limit = setup.options["bag_limit"]
    return None if limit is None else limit - bags


def next_hand(setup: Setup, state: State) -> Next:
    """What the table does before the next hand: who deals and bids first, the cards, the sides' standing
    and who may bid blind nil."""
    number = len(state.rounds) + 1
    removed, cards_each = DEAL[len(setup.players)]
    sides = [
        {
            "name": team.name,
            "players": list(team.players),
            "total": state.totals[team.name],
            "bags": state.bags[team.name],
            "bags_to_penalty": bags_to_penalty(setup, state.bags[team.name]),
        }
        for team in teams(setup)
    ]
    blind = [player for team in teams(setup) if may_bid_blind(setup, state, team) for player in team.players]
    facts = {
        "first_bidder": bidding_order(setup, number)[0],
        "cards_each": cards_each,
        "removed": list(removed),
        "sides": sides,
        "blind_nil": [player for player in setup.players if player in blind],
    }
    return Next(round=number, dealer=setup.players[dealer_seat(setup, number)], facts=facts)


def standings(setup: Setup, state: State) -> Standings:
    over = is_over(setup, state)
    last = {side.name: side.score for side in state.rounds[-1].sides} if state.rounds else {}
    sides = tuple(
        Side(team.name, team.players, last.get(team.name, 0), state.totals[team.name], {"bags": state.bags[team.name]})
        for team in teams(setup)
    )
    totals = _by_player(setup, _table_of(setup)[1], state.totals)
    winning = leaders(state) if over else []
    return Standings(
        rounds=state.rounds,
        totals=totals,
        status="finished" if over else "playing",
        winners=tuple(player for player in setup.players if team_of(setup, player).name in winning),
        ranking=rank(totals, high_wins=True),
        next=None if over else next_hand(setup, state),
        sides=sides,
    )
