"""Oh Hell (Contract Whist, Nomination Whist, Up and Down the River) as in ``shared/rules/ohhell.md``.

Each hand every player bids the tricks they will take, then the hand is played and each player who
took exactly their bid scores. The hand sizes run down and up (or as the ``sequence`` option says);
with the dealer's hook the bids may not add up to the tricks of the hand. The bids are said before
the play: this module is also the game's :class:`~referee.games.base.Announcing` part.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

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
    Standings,
    best,
    invalid,
    only_fields,
    per_key,
    rank,
)
from .events import Made, Missed, Overbid, Underbid

name = "ohhell"
title = N_("Oh Hell")
min_players = 3
max_players = 7

PACK = 52
LARGEST_DEFAULT = 10
MADE_BONUS = 10

options: tuple[Option, ...] = (
    Option(
        "max_cards",
        "int",
        None,
        N_("Largest hand"),
        N_(
            "The cards dealt to each player in the largest hand: at most 17 with 3 players, 13 with 4,"
            " 10 with 5, 8 with 6, 7 with 7."
        ),
        minimum=1,
        nullable=True,
        none_label=N_("10 (8 with 6 players, 7 with 7)"),
    ),
    Option(
        "sequence",
        "choice",
        "down_up",
        N_("Hand sizes"),
        N_("The size of every hand, from the largest hand."),
        choices=(
            ("down_up", N_("down to 1 and back up")),
            ("up_down", N_("up from 1 and back down")),
            ("down", N_("down to 1")),
            ("up", N_("up from 1")),
        ),
    ),
    Option(
        "no_trump_max",
        "bool",
        False,
        N_("No trumps in the largest hands"),
        N_("The hands of the largest size are played without trumps, even with cards left to turn up."),
    ),
    Option(
        "hook",
        "bool",
        True,
        N_("The dealer's hook"),
        N_("The dealer, who bids last, may not make the bids add up to the number of tricks."),
    ),
    Option(
        "scoring",
        "choice",
        "exact",
        N_("Scoring"),
        N_("What a player scores for a bid made, and for a bid missed."),
        choices=(
            ("exact", N_("made: 10 + bid; missed: nothing")),
            ("tricks", N_("made: 10 + bid; missed: 1 a trick taken")),
            ("squared", N_("made: 10 + bid²; missed: minus the difference squared")),
            ("penalty", N_("made: 10 + bid; missed: a penalty for each trick over or under")),
        ),
    ),
    Option(
        "penalty_per_trick",
        "int",
        10,
        N_("Penalty per trick"),
        N_("With the penalty scoring: what each trick over or under the bid costs (1 to 50)."),
        minimum=1,
        maximum=50,
    ),
    Option(
        "tie",
        "choice",
        "share",
        N_("Tie for the lead"),
        N_("What happens when the last hand leaves two or more players with the highest total."),
        choices=(("share", N_("they share the victory")), ("play_on", N_("play more hands until one leads"))),
    ),
)

_FIELDS = ("bids", "tricks", "hand_size")
announced = ("bids",)


@dataclass(frozen=True)
class HandDetails(Details):
    """A hand for the pages: its size, whether a card was turned up for trumps, and what the bids added up to."""

    hand_size: int
    trumps: str
    bid_total: int


@dataclass(frozen=True)
class State:
    rounds: tuple[RoundResult[HandDetails], ...]
    totals: Mapping[str, int]


def most_cards(players: int) -> int:
    """The largest hand the pack allows: every player's cards dealt from 52 (a card to turn up or not)."""
    return PACK // players


def largest_hand(setup: Setup) -> int:
    """``max_cards``, or by default 10 with a card left to turn up (8 with 6 players, 7 with 7)."""
    chosen = setup.options["max_cards"]
    if chosen is not None:
        return int(chosen)
    return min(LARGEST_DEFAULT, (PACK - 1) // len(setup.players))


def hand_sizes(largest: int, sequence: str) -> list[int]:
    """The size of every hand of the sequence, before any hand played on to part tied leaders."""
    down = list(range(largest, 0, -1))
    up = list(range(1, largest + 1))
    return {"down_up": down + up[1:], "up_down": up + down[1:], "down": down, "up": up}[sequence]


def hand_size(setup: Setup, number: int) -> int:
    """The cards each player holds in hand ``number`` (1-based); a hand played on has the largest size."""
    sizes = hand_sizes(largest_hand(setup), setup.options["sequence"])
    return sizes[number - 1] if number <= len(sizes) else largest_hand(setup)


def trumps(setup: Setup, size: int) -> str:
    """``"turn_up"``: the card after the deal is turned up for trumps; ``"none"``: no card left, or the option."""
    no_card_left = size * len(setup.players) >= PACK
    largest_without = setup.options["no_trump_max"] and size == largest_hand(setup)
    return "none" if no_card_left or largest_without else "turn_up"


def dealer_seat(setup: Setup, number: int) -> int:
    """The seat of hand ``number``'s dealer: the deal moves one seat left after every hand."""
    return (setup.dealer + number - 1) % len(setup.players)


def bidding_order(setup: Setup, number: int) -> tuple[str, ...]:
    """The players in the order they bid hand ``number``: the dealer's left first, the dealer last."""
    count = len(setup.players)
    first = dealer_seat(setup, number) + 1
    return tuple(setup.players[(first + offset) % count] for offset in range(count))


def next_hand(setup: Setup, number: int) -> Next:
    """What the table does before hand ``number``: who deals and bids first, how many cards, trumps."""
    size = hand_size(setup, number)
    order = bidding_order(setup, number)
    facts = {
        "hands": max(number, len(hand_sizes(largest_hand(setup), setup.options["sequence"]))),
        "first_bidder": order[0],
        "hand_size": size,
        "trumps": trumps(setup, size),
    }
    return Next(round=number, dealer=order[-1], facts=facts)


def check_setup(setup: Setup) -> None:
    """The largest hand fits the pack; a penalty per trick only with the penalty scoring."""
    problems = []
    chosen = setup.options["max_cards"]
    most = most_cards(len(setup.players))
    if chosen is not None and chosen > most:
        problems.append(
            Problem(
                "options.max_cards",
                N_("With %(players)s players a hand has at most %(most)s cards (52 cards)."),
                {"players": len(setup.players), "most": most},
            )
        )
    penalty = next(option for option in options if option.name == "penalty_per_trick")
    if setup.options["scoring"] != "penalty" and setup.options["penalty_per_trick"] != penalty.default:
        problems.append(
            Problem("options.penalty_per_trick", N_("A penalty per trick goes only with the penalty scoring."))
        )
    if problems:
        raise Invalid(problems)


def initial(setup: Setup) -> State:
    return State(rounds=(), totals={player: 0 for player in setup.players})


def _count(message: str, one_card: str, size: int) -> Callable[[Any, str], int]:
    """The check of one player's bid or tricks, from 0 to the hand's size, naming the player if refused."""

    def check(value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= size:
            player = where.partition(".")[2]
            raise invalid(where, one_card if size == 1 else message, name=player, size=size)
        return value

    return check


def _bid_check(size: int) -> Callable[[Any, str], int]:
    return _count(
        N_("%(name)s's bid must be from 0 to %(size)s: this hand has %(size)s cards."),
        N_("%(name)s's bid must be 0 or 1: this hand has 1 card."),
        size,
    )


def _tricks_check(size: int) -> Callable[[Any, str], int]:
    return _count(
        N_("%(name)s's tricks must be from 0 to %(size)s: this hand has %(size)s cards."),
        N_("%(name)s's tricks must be 0 or 1: this hand has 1 card."),
        size,
    )


_NOT_IN_GAME = N_("%(value)s is not in this game.")


def _hook_problem(setup: Setup, number: int, bids: Mapping[str, int]) -> Problem | None:
    """The dealer's hook broken by a complete set of bids adding up to the hand's tricks, if it is."""
    size = hand_size(setup, number)
    if not setup.options["hook"] or sum(bids.values()) != size:
        return None
    dealer = setup.players[dealer_seat(setup, number)]
    return Problem(
        "bids",
        N_("%(dealer)s deals and may not bid %(bid)s: the bids would add up to %(size)s, the number of tricks."),
        {"dealer": dealer, "bid": bids[dealer], "size": size},
    )


def _hand_size_problem(setup: Setup, number: int, given: Any) -> Problem | None:
    size = hand_size(setup, number)
    if isinstance(given, int) and not isinstance(given, bool) and given == size:
        return None
    shown = str(given)[:40]
    if size == 1:
        return Problem(
            "hand_size", N_("Hand %(number)s has 1 card, not %(given)s."), {"number": number, "given": shown}
        )
    return Problem(
        "hand_size",
        N_("Hand %(number)s has %(size)s cards, not %(given)s."),
        {"number": number, "size": size, "given": shown},
    )


def check_round(setup: Setup, state: State, raw: Any) -> dict[str, Any]:
    """The hand in canonical form: every player's bid and tricks, checked against the hand's size and the hook."""
    fields = only_fields(raw, _FIELDS)
    number = len(state.rounds) + 1
    size = hand_size(setup, number)
    problems: list[Problem] = []
    if "hand_size" in fields:
        wrong_size = _hand_size_problem(setup, number, fields["hand_size"])
        if wrong_size is not None:
            raise Invalid([wrong_size])  # a phone that missed a hand: the rest is about another hand
    round_input: dict[str, Any] = {}
    for key, check, not_an_object, missing in (
        ("bids", _bid_check(size), N_("Give a bid for every player."), N_("No bid for %(name)s.")),
        ("tricks", _tricks_check(size), N_("Give the tricks of every player."), N_("No tricks for %(name)s.")),
    ):
        try:
            round_input[key] = per_key(
                fields.get(key),
                key,
                setup.players,
                check,
                not_an_object=not_an_object,
                unknown=_NOT_IN_GAME,
                missing=missing,
            )
        except Invalid as error:
            problems.extend(error.problems)
    if "bids" in round_input:
        hook = _hook_problem(setup, number, round_input["bids"])
        if hook is not None:
            problems.append(hook)
    if "tricks" in round_input:
        taken = sum(round_input["tricks"].values())
        if taken != size:
            problems.append(
                Problem(
                    "tricks",
                    N_("The tricks must add up to %(size)s (they add up to %(total)s)."),
                    {"size": size, "total": taken},
                )
            )
    if problems:
        raise Invalid(problems)
    return round_input


def announce(setup: Setup, state: State, stored: Mapping[str, Any], raw: Any) -> dict[str, Any]:
    """The bids stored so far with those of ``raw`` added (a player's bid given again replaces theirs),
    in seat order; the hook is checked once every player has bid."""
    fields = only_fields(raw, announced)
    given = fields.get("bids")
    if not isinstance(given, dict):
        raise invalid("bids", N_("Give the bids as an object of players and numbers."))
    number = len(state.rounds) + 1
    check = _bid_check(hand_size(setup, number))
    problems = [
        Problem(f"bids.{str(player)[:40]}", _NOT_IN_GAME, {"value": str(player)[:40]})
        for player in given
        if player not in setup.players
    ]
    merged = dict(stored.get("bids", {}))
    for player in setup.players:
        if player in given:
            try:
                merged[player] = check(given[player], f"bids.{player}")
            except Invalid as error:
                problems.extend(error.problems)
    if problems:
        raise Invalid(problems)
    bids = {player: merged[player] for player in setup.players if player in merged}
    if len(bids) == len(setup.players):
        hook = _hook_problem(setup, number, bids)
        if hook is not None:
            raise Invalid([hook])
    return {"bids": bids}


def forbidden_bid(setup: Setup, number: int, bids: Mapping[str, int]) -> int | None:
    """The number the dealer may not bid once every other player has bid: the tricks of the hand less
    their bids, unless those already go over (or the hook is off); None before that."""
    if not setup.options["hook"]:
        return None
    dealer = setup.players[dealer_seat(setup, number)]
    others = [player for player in setup.players if player != dealer]
    if not all(player in bids for player in others):
        return None
    left = hand_size(setup, number) - sum(bids[player] for player in others)
    return left if left >= 0 else None


def announced_facts(setup: Setup, state: State, stored: Mapping[str, Any]) -> dict[str, Any]:
    """The bids stored so far, their total and the dealer's forbidden bid (``next`` in the JSON API)."""
    bids = dict(stored.get("bids", {}))
    number = len(state.rounds) + 1
    return {"bids": bids, "bid_total": sum(bids.values()), "forbidden_bid": forbidden_bid(setup, number, bids)}


def hand_score(setup: Setup, bid: int, tricks: int) -> int:
    """What one player scores for a hand, by the ``scoring`` option: a made bid of 0 is worth 10 in every system."""
    scoring = setup.options["scoring"]
    if tricks == bid:
        return MADE_BONUS + (bid * bid if scoring == "squared" else bid)
    if scoring == "tricks":
        return tricks
    if scoring == "squared":
        return -((bid - tricks) ** 2)
    if scoring == "penalty":
        return -setup.options["penalty_per_trick"] * abs(bid - tricks)
    return 0


def _bid_events(bid_total: int, size: int) -> list[Event]:
    if bid_total > size:
        return [Overbid(bid_total - size)]
    if bid_total < size:
        return [Underbid(size - bid_total)]
    return []


def play(setup: Setup, state: State, round_input: Mapping[str, Any]) -> State:
    number = len(state.rounds) + 1
    size = hand_size(setup, number)
    bids, tricks = round_input["bids"], round_input["tricks"]
    scores = {player: hand_score(setup, bids[player], tricks[player]) for player in setup.players}
    totals = {player: state.totals[player] + scores[player] for player in setup.players}
    made: list[Event] = [Made(player) for player in setup.players if bids[player] == tricks[player]]
    missed: list[Event] = [
        Missed(player, bids[player], tricks[player]) for player in setup.players if bids[player] != tricks[player]
    ]
    bid_total = sum(bids.values())
    details = HandDetails(setup.players[dealer_seat(setup, number)], size, trumps(setup, size), bid_total)
    events = tuple(made + missed + _bid_events(bid_total, size))
    result = RoundResult(number, dict(round_input), scores, totals, events, details)
    return State(rounds=state.rounds + (result,), totals=totals)


def is_over(setup: Setup, state: State) -> bool:
    """Over after the last hand of the sequence, unless the leaders are tied and the table plays on."""
    played = len(state.rounds)
    if played < len(hand_sizes(largest_hand(setup), setup.options["sequence"])):
        return False
    return setup.options["tie"] == "share" or len(best(state.totals, high_wins=True)) == 1


def standings(setup: Setup, state: State) -> Standings:
    over = is_over(setup, state)
    return Standings(
        rounds=state.rounds,
        totals=state.totals,
        status="finished" if over else "playing",
        winners=best(state.totals, high_wins=True) if over else (),
        ranking=rank(state.totals, high_wins=True),
        next=None if over else next_hand(setup, len(state.rounds) + 1),
    )
