"""Queenie, a "Stops" game of the Newmarket family, as in ``shared/rules/queenie.md``.

The table enters, after each deal, who staked on which queen, what the dealer
did with the spare packet, who played each queen and who went out. Every chip
movement, balance and the chips left on the table are derived from that.

Settled here where the rules leave a choice:

- A turn of the deal is complete when every player still in the game has dealt
  ``rounds`` times. Without drop-outs that is ``rounds`` x players deals; with
  drop-outs the players still in keep dealing in turn until each has dealt
  ``rounds`` times (their counts never differ by more than one).
- ``leftover: "split"`` gathers the queens' stacks into the pot at the end and
  gives every player still in an equal share; the remainder stays in the pot,
  unclaimed.
- With ``pay_per_card``, a player who did not go out holds at least one card
  and at most the hand they played with less the queens they played; the
  player who went out may be left out of ``cards_left`` (they hold 0); on a
  blocked deal nobody pays for cards, so ``cards_left`` must then be empty.
  Each pays from what they have once the queens and the pot are collected.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
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
    player_name,
    rank,
    whole_number,
)
from .events import Bankrupt, Blocked, Dropped, QueenPlayed, Sold, Split, WentOut

name = "queenie"
title = N_("Queenie")
min_players = 3
max_players = 6

DECK = 52
QUEENS = ("S", "H", "D", "C")
POT = "pot"
STAKE = 2  # one chip on a queen, one in the pot
SALE_PRICE = 1
MIN_PLAYERS_LEFT = 3

options: tuple[Option, ...] = (
    Option(
        "start_chips",
        "int",
        20,
        N_("Chips each"),
        N_("How many chips every player starts with."),
        minimum=2,
        maximum=1000,
    ),
    Option(
        "rounds",
        "int",
        2,
        N_("Turns of the deal"),
        N_("The game ends once every player has dealt this many times."),
        minimum=1,
        maximum=50,
        nullable=True,
        none_label=N_("no limit"),
    ),
    Option(
        "bankrupt",
        "choice",
        "end",
        N_("A player short of chips"),
        N_("What happens when a player ends a deal with fewer than 2 chips."),
        choices=(
            ("end", N_("the game ends")),
            ("drop", N_("that player sits out; the game ends when fewer than 3 remain")),
        ),
    ),
    Option(
        "leftover",
        "choice",
        "leave",
        N_("Chips left on the table"),
        N_("What happens at the end to the chips still on the queens and in the pot."),
        choices=(
            ("leave", N_("they stay unclaimed")),
            ("split", N_("they are shared equally among the players still in")),
        ),
    ),
    Option(
        "pay_per_card",
        "bool",
        False,
        N_("Pay per card"),
        N_("House rule: when someone goes out, every other player pays them 1 chip per card left in hand."),
    ),
)

_FIELDS = ("stakes", "dealer_choice", "buyer", "queens", "out", "cards_left", "referee")
# The play-along's record (``queenie_play``), kept with the deal; the chips never depend on it.
FLAG_KINDS = ("not_lowest", "said_none", "dead_played", "too_many")
_MOST_ANSWERS = 600
_MOST_FLAGS = 200
_DROPPED = N_("%(name)s has dropped out of the game.")


@dataclass(frozen=True)
class DealDetails(Details):
    """A deal for the pages: the hands and packets dealt and the dealer's choice, the chips on the
    table (each queen's stack and the pot, keyed as in :class:`State`) before, once staked and after,
    every chip that moved (``{"kind", "from", "to", "chips"}``), who went bankrupt, who deals next
    (``None`` once the game is over)."""

    hand_sizes: dict[str, int]
    dealer_packets: list[int]
    dealer_choice: str
    table_before: dict[str, int]
    table_staked: dict[str, int]
    table_after: dict[str, int]
    movements: list[dict[str, Any]]
    bankrupt: list[str]
    next_dealer: str | None


@dataclass(frozen=True)
class State:
    """The game after some deals. ``table`` holds the four queens' stacks and the pot."""

    rounds: tuple[RoundResult[DealDetails], ...]
    chips: Mapping[str, int]
    table: Mapping[str, int]
    active: tuple[str, ...]
    dealer: str
    dealt: Mapping[str, int]
    last_stakes: Mapping[str, str]
    over: bool


# --- seats and hands ---------------------------------------------------------


def packet_sizes(players: int) -> tuple[tuple[int, ...], int]:
    """The other hands clockwise from the dealer's left, and the size of each dealer packet.

    52 = q x (players + 1) + r: the first r packets in dealing order get one card more,
    the dealer's two packets come last.
    """
    size, extra = divmod(DECK, players + 1)
    packets = tuple(size + 1 if index < extra else size for index in range(players + 1))
    return packets[:-2], packets[-1]


def clockwise_after(setup: Setup, active: tuple[str, ...], start: str) -> list[str]:
    """The active players clockwise beginning on ``start``'s left (``start`` last if active)."""
    count = len(setup.players)
    first = setup.seat(start)
    seats = (setup.players[(first + step) % count] for step in range(1, count + 1))
    return [player for player in seats if player in active]


def hand_sizes(setup: Setup, active: tuple[str, ...], dealer: str) -> dict[str, int]:
    """Cards dealt to each active player in dealing order; the dealer's entry is one packet."""
    others, packet = packet_sizes(len(active))
    order = clockwise_after(setup, active, dealer)
    return {player: (others[index] if player != dealer else packet) for index, player in enumerate(order)}


def empty_table() -> dict[str, int]:
    return {**{suit: 0 for suit in QUEENS}, POT: 0}


# --- the game surface --------------------------------------------------------


def check_setup(setup: Setup) -> None:
    """Every option is checked on its own and fits any number of players: nothing to refuse."""


def initial(setup: Setup) -> State:
    start = setup.options["start_chips"]
    return State(
        rounds=(),
        chips={player: start for player in setup.players},
        table=empty_table(),
        active=tuple(setup.players),
        dealer=setup.players[setup.dealer],
        dealt={player: 0 for player in setup.players},
        last_stakes={},
        over=False,
    )


def check_round(setup: Setup, state: State, raw: Any) -> dict[str, Any]:
    """The deal in canonical form, every problem found reported at its field."""
    fields = only_fields(raw, _FIELDS)
    problems: list[Problem] = []
    checked: dict[str, Any] = {}

    def attempt(key: str, check: Callable[[], Any]) -> None:
        try:
            checked[key] = check()
        except Invalid as error:
            problems.extend(error.problems)

    attempt("stakes", lambda: _check_stakes(setup, state, fields.get("stakes")))
    attempt("dealer_choice", lambda: _check_dealer_choice(fields.get("dealer_choice")))
    attempt("buyer", lambda: _check_buyer(setup, state, fields.get("buyer"), checked.get("dealer_choice")))
    attempt("queens", lambda: _check_queens(setup, state, fields.get("queens")))
    attempt("out", lambda: _active_player(setup, state, fields.get("out"), "out", allow_none=True))
    if setup.options["pay_per_card"]:
        if not problems:
            attempt("cards_left", lambda: _check_cards_left(setup, state, fields.get("cards_left"), checked))
    elif fields.get("cards_left") is not None:
        problems.append(Problem("cards_left", N_("Cards left only count with the pay-per-card option.")))
    if fields.get("referee") is not None:
        attempt("referee", lambda: _check_referee(setup, fields["referee"]))
    if problems:
        raise Invalid(problems)
    round_input = {key: checked[key] for key in _FIELDS if key in checked}
    _deal(setup, state, round_input)  # refuses a deal that would break the chip invariants
    return round_input


def play(setup: Setup, state: State, round_input: Mapping[str, Any]) -> State:
    return _deal(setup, state, round_input)


def is_over(setup: Setup, state: State) -> bool:
    return state.over


def standings(setup: Setup, state: State) -> Standings:
    over = state.over
    return Standings(
        rounds=state.rounds,
        totals=dict(state.chips),
        status="finished" if over else "playing",
        winners=best(state.chips, high_wins=True) if over else (),
        ranking=rank(state.chips, high_wins=True),
        next=None if over else next_deal(setup, state),
        extra={
            "table": dict(state.table),
            "unclaimed": sum(state.table.values()) if over else None,
            "active": list(state.active),
            "dropped": [player for player in setup.players if player not in state.active],
        },
    )


def stopped(setup: Setup, state: State) -> State:
    """The game ended by the table after the deals so far (an agreed time). As at any end, whoever
    holds the most chips wins, and with ``leftover: "split"`` the chips on the table are shared
    among the players still in, shown with the last deal as when a deal ends the game."""
    if state.over or not state.rounds:
        return replace(state, over=True)
    last = state.rounds[-1]
    ledger = _Ledger(state.chips, state.table)
    split = setup.options["leftover"] == "split" and _split(ledger, state.active)
    details = replace(
        last.details,
        table_after=dict(ledger.table),
        movements=[*last.details.movements, *ledger.moves],
        next_dealer=None,
    )
    shared = {player: ledger.chips[player] - state.chips[player] for player in setup.players}
    ended = replace(
        last,
        scores={player: last.scores[player] + shared[player] for player in setup.players},
        totals=dict(ledger.chips),
        events=last.events + ((Split(),) if split else ()),
        details=details,
    )
    return replace(state, rounds=(*state.rounds[:-1], ended), chips=ledger.chips, table=ledger.table, over=True)


def turn_left(setup: Setup, state: State) -> int:
    """The deals that finish the current turn of the deal: until every player still in has dealt as
    often as the one who dealt most (their counts never differ by more than one)."""
    most = max(state.dealt[player] for player in state.active)
    return sum(most - state.dealt[player] for player in state.active)


def next_deal(setup: Setup, state: State) -> Next:
    """What the table needs before the next deal."""
    dealer = state.dealer
    _others, packet = packet_sizes(len(state.active))
    rounds = setup.options["rounds"]
    deal_of = None
    if rounds is not None:
        deal_of = len(state.rounds) + sum(max(0, rounds - state.dealt[player]) for player in state.active)
    facts = {
        "table": dict(state.table),
        "hand_sizes": hand_sizes(setup, state.active, dealer),
        "dealer_packets": [packet, packet],
        "deal_of": deal_of,
        # Each active player's stake of the last deal they played; none before their first: the table taps
        # the queen each chose (a queen chosen for everyone would be one more thing to correct).
        "stakes_default": {player: state.last_stakes.get(player) for player in state.active},
        "can_buy": [
            player for player in state.active if player != dealer and state.chips[player] - STAKE >= SALE_PRICE
        ],
    }
    return Next(round=len(state.rounds) + 1, dealer=dealer, facts=facts)


# --- checking one deal ---------------------------------------------------------


def _active_player(setup: Setup, state: State, value: Any, field_name: str, *, allow_none: bool = False) -> str | None:
    """A player still in the game (or None when allowed; an empty string counts as none)."""
    if allow_none and (value is None or value == ""):
        return None
    player = player_name(setup, value, field_name)
    if player is None or player not in state.active:
        raise invalid(field_name, _DROPPED, name=player)
    return player


def _per_active(
    setup: Setup,
    state: State,
    value: Any,
    field_name: str,
    shape_message: str,
    missing_message: str,
    check: Callable[[str, Any, str], Any],
) -> dict[str, Any]:
    """Exactly one checked entry per active player, in seat order."""
    if not isinstance(value, dict):
        raise invalid(field_name, shape_message)
    dropped = [key for key in value if key in setup.players and key not in state.active]
    problems = [Problem(f"{field_name}.{key}", _DROPPED, {"name": key}) for key in dropped]
    try:
        checked = per_key(
            {key: item for key, item in value.items() if key not in dropped},
            field_name,
            state.active,
            lambda item, where: check(where[len(field_name) + 1 :], item, where),
            not_an_object=shape_message,
            unknown=N_("%(value)s is not a player in this game."),
            missing=missing_message,
        )
    except Invalid as error:
        raise Invalid(problems + list(error.problems)) from error
    if problems:
        raise Invalid(problems)
    return checked


def _check_stakes(setup: Setup, state: State, value: Any) -> dict[str, str]:
    return _per_active(
        setup,
        state,
        value,
        "stakes",
        N_("Give the queen every player staked on: S, H, D or C."),
        N_("Missing a stake for %(name)s."),
        _queen_choice,
    )


def _queen_choice(_player: str, value: Any, where: str) -> str:
    if isinstance(value, str) and value in QUEENS:
        return value
    raise invalid(where, N_("Choose a queen: S, H, D or C."))


def _check_dealer_choice(value: Any) -> str:
    if value in ("keep", "switch"):
        return str(value)
    raise invalid("dealer_choice", N_("Say whether the dealer kept the first packet or switched."))


def _check_buyer(setup: Setup, state: State, value: Any, choice: str | None) -> str | None:
    if value is None or value == "":
        return None
    if choice == "switch":
        raise invalid(
            "buyer",
            N_("The buyer of the spare packet must be nobody: the dealer switched packets, so nothing was sold."),
        )
    buyer = _active_player(setup, state, value, "buyer")
    if buyer == state.dealer:
        raise invalid("buyer", N_("%(name)s deals and cannot buy the spare packet."), name=buyer)
    if buyer is not None and state.chips[buyer] - STAKE < SALE_PRICE:
        raise invalid(
            "buyer", N_("%(name)s has no chip left after staking and cannot buy the spare packet."), name=buyer
        )
    return buyer


def _check_queens(setup: Setup, state: State, value: Any) -> dict[str, str | None]:
    return per_key(
        value,
        "queens",
        QUEENS,
        lambda item, where: _active_player(setup, state, item, where, allow_none=True),
        not_an_object=N_("Say for each queen (S, H, D, C) who played it, or null."),
        unknown=N_("Unknown queen %(value)s: the queens are S, H, D and C."),
        missing=N_("Say who played this queen, or null if nobody did."),
    )


def _held(setup: Setup, state: State, buyer: str | None, queens: Mapping[str, str | None]) -> dict[str, int]:
    """The most cards each active player can still hold: their hand less the queens they played."""
    sizes = hand_sizes(setup, state.active, state.dealer)
    _others, packet = packet_sizes(len(state.active))
    if buyer is not None:
        sizes[buyer] = packet
    for player in queens.values():
        if player is not None:
            sizes[player] -= 1
    return sizes


def _check_cards_left(setup: Setup, state: State, value: Any, checked: Mapping[str, Any]) -> dict[str, int] | None:
    out = checked["out"]
    if out is None:
        if value is None or value == {}:
            return None
        raise invalid("cards_left", N_("Nobody went out, so nobody pays for the cards left."))
    if value is None:
        raise invalid("cards_left", N_("%(name)s went out: give the cards left in every other hand."), name=out)
    if isinstance(value, dict) and out not in value:
        value = {**value, out: 0}  # the player who went out may be left out: they hold nothing
    held = _held(setup, state, checked["buyer"], checked["queens"])

    def count(player: str, item: Any, where: str) -> int:
        if isinstance(item, bool) or not isinstance(item, int):
            whole_number(item, where, 0, DECK)  # refused in the usual words: not a whole number
        cards = int(item)
        if player == out:
            if cards != 0:
                raise invalid(where, N_("%(name)s went out and has no card left."), name=player)
            return cards
        if cards == 0:
            raise invalid(where, N_("Only %(out)s went out: %(name)s still holds a card."), out=out, name=player)
        if cards < 1:
            raise invalid(where, N_("%(name)s: this cannot be less than 1."), name=player)
        if cards > held[player]:
            raise invalid(
                where,
                N_("%(name)s: this cannot be more than %(maximum)s, the cards dealt less the queens played."),
                name=player,
                maximum=held[player],
            )
        return cards

    return _per_active(
        setup,
        state,
        value,
        "cards_left",
        N_("Give the number of cards left in every hand."),
        N_("Missing the cards left for %(name)s."),
        count,
    )


def _check_referee(setup: Setup, value: Any) -> dict[str, Any]:
    """The play-along's answers and flags, as the play-along page records them (never scored)."""
    refused = invalid("referee", N_("The play-along record of this deal is not in the expected form."))
    if not isinstance(value, dict) or set(value) - {"answers", "flags"}:
        raise refused
    answers = value.get("answers", [])
    flags = value.get("flags", [])
    if not _fits_answers(answers) or not isinstance(flags, list) or len(flags) > _MOST_FLAGS:
        raise refused
    checked_flags = [_checked_flag(setup, flag) for flag in flags]
    if None in checked_flags:
        raise refused
    return {"answers": list(answers), "flags": checked_flags}


def _fits_answers(answers: Any) -> bool:
    """The play-along's answers: a short list of tokens (a seat, a card, ``-``), each short, or None."""
    return (
        isinstance(answers, list)
        and len(answers) <= _MOST_ANSWERS
        and all(item is None or (isinstance(item, str) and 0 < len(item) <= 30) for item in answers)
    )


_CARDS = frozenset(rank + suit for suit in QUEENS for rank in "A23456789TJQK")


def _checked_flag(setup: Setup, flag: Any) -> dict[str, Any] | None:
    """One flag of the play-along (a card played against the rules) in canonical form, or None if malformed."""
    if not isinstance(flag, dict) or set(flag) - {"kind", "player", "card", "other"}:
        return None
    other = flag.get("other")
    if (
        flag.get("kind") not in FLAG_KINDS
        or flag.get("player") not in setup.players
        or flag.get("card") not in _CARDS
        or (other is not None and other not in _CARDS)
    ):
        return None
    return {"kind": flag["kind"], "player": flag["player"], "card": flag["card"], "other": other}


# --- settling one deal ---------------------------------------------------------


class _Ledger:
    """Chips in hands and on the table during one deal, with every movement in order."""

    def __init__(self, chips: Mapping[str, int], table: Mapping[str, int]):
        self.chips = dict(chips)
        self.table = dict(table)
        self.moves: list[dict[str, Any]] = []

    def to_table(self, kind: str, player: str, spot: str, chips: int) -> None:
        self.chips[player] -= chips
        self.table[spot] += chips
        self.moves.append({"kind": kind, "from": player, "to": spot, "chips": chips})

    def from_table(self, kind: str, spot: str, player: str) -> int:
        chips = self.table[spot]
        self.table[spot] = 0
        self.chips[player] += chips
        self.moves.append({"kind": kind, "from": spot, "to": player, "chips": chips})
        return chips

    def between(self, kind: str, payer: str, payee: str, chips: int, **extra: Any) -> None:
        self.chips[payer] -= chips
        self.chips[payee] += chips
        self.moves.append({"kind": kind, "from": payer, "to": payee, "chips": chips, **extra})


def _deal(setup: Setup, state: State, round_input: Mapping[str, Any]) -> State:
    """The state after one checked deal (refused if it would break an invariant)."""
    number = len(state.rounds) + 1
    dealer = state.dealer
    order = clockwise_after(setup, state.active, dealer)
    ledger = _Ledger(state.chips, state.table)
    events: list[Event] = []
    for player in order:
        ledger.to_table("stake", player, round_input["stakes"][player], 1)
        ledger.to_table("stake", player, POT, 1)
    staked = dict(ledger.table)
    events += _play(setup, state, ledger, round_input)
    short = [player for player in state.active if ledger.chips[player] < STAKE]
    events += [Bankrupt(player) for player in short]
    active = state.active
    if setup.options["bankrupt"] == "drop":
        active = tuple(player for player in active if player not in short)
        events += [Dropped(player) for player in short]
    dealt = {**state.dealt, dealer: state.dealt[dealer] + 1}
    over = _ends(setup, active, dealt, short)
    if over and setup.options["leftover"] == "split" and _split(ledger, active):
        events.append(Split())
    _check_chips(setup, ledger.chips, ledger.table)
    next_dealer = clockwise_after(setup, active, dealer)[:1]
    details = DealDetails(
        dealer=dealer,
        hand_sizes=hand_sizes(setup, state.active, dealer),
        dealer_packets=[packet_sizes(len(state.active))[1]] * 2,
        dealer_choice=round_input["dealer_choice"],
        table_before=dict(state.table),
        table_staked=staked,
        table_after=dict(ledger.table),
        movements=ledger.moves,
        bankrupt=short,
        next_dealer=None if over or not next_dealer else next_dealer[0],
    )
    scores = {player: ledger.chips[player] - state.chips[player] for player in setup.players}
    result = RoundResult(number, _copy_input(round_input), scores, dict(ledger.chips), tuple(events), details)
    return State(
        rounds=state.rounds + (result,),
        chips=ledger.chips,
        table=ledger.table,
        active=active,
        dealer=next_dealer[0] if next_dealer else dealer,
        dealt=dealt,
        last_stakes={**state.last_stakes, **round_input["stakes"]},
        over=over,
    )


def _play(setup: Setup, state: State, ledger: _Ledger, round_input: Mapping[str, Any]) -> list[Event]:
    """The chips that move with the play: the spare hand's sale, the queens taken, the pot to whoever went out."""
    events: list[Event] = []
    buyer = round_input["buyer"]
    if buyer is not None:
        ledger.between("sale", buyer, state.dealer, SALE_PRICE)
        events.append(Sold(buyer))
    for suit in QUEENS:
        player = round_input["queens"][suit]
        if player is not None:
            ledger.from_table("queen", suit, player)
            events.append(QueenPlayed(suit, player))
    out = round_input["out"]
    if out is None:
        events.append(Blocked())
        return events
    ledger.from_table("pot", POT, out)
    events.append(WentOut(out))
    if round_input.get("cards_left") is not None:
        _pay_per_card(setup, state, ledger, out, round_input["cards_left"])
    return events


def _pay_per_card(setup: Setup, state: State, ledger: _Ledger, out: str, cards_left: Mapping[str, int]) -> None:
    """Every other player pays 1 chip per card left, at most what they have."""
    for player in clockwise_after(setup, state.active, out)[:-1]:  # everyone but ``out``, from their left
        cards = cards_left[player]
        ledger.between("card", player, out, min(cards, ledger.chips[player]), cards=cards)


def _ends(setup: Setup, active: tuple[str, ...], dealt: Mapping[str, int], short: list[str]) -> bool:
    if setup.options["bankrupt"] == "end" and short:
        return True
    if len(active) < MIN_PLAYERS_LEFT:
        return True
    rounds = setup.options["rounds"]
    return rounds is not None and all(dealt[player] >= rounds for player in active)


def _split(ledger: _Ledger, active: tuple[str, ...]) -> bool:
    """Share the table equally among the active players; the remainder stays in the pot."""
    share = sum(ledger.table.values()) // len(active) if active else 0
    if share == 0:
        return False
    for suit in QUEENS:
        if ledger.table[suit]:
            chips = ledger.table[suit]
            ledger.table[suit] = 0
            ledger.table[POT] += chips
            ledger.moves.append({"kind": "gather", "from": suit, "to": POT, "chips": chips})
    for player in active:
        ledger.table[POT] -= share
        ledger.chips[player] += share
        ledger.moves.append({"kind": "split", "from": POT, "to": player, "chips": share})
    return True


def chips_in_play(setup: Setup) -> int:
    """Every chip of the game: the players' starting chips; no deal makes or loses one."""
    return int(setup.options["start_chips"]) * len(setup.players)


def _check_chips(setup: Setup, chips: Mapping[str, int], table: Mapping[str, int]) -> None:
    """Refuse a deal that leaves anything negative or does not keep every chip in play."""
    for player, held in chips.items():
        if held < 0:
            raise invalid("input", N_("This deal would leave %(name)s with %(chips)s chips."), name=player, chips=held)
    for spot, held in table.items():
        if held < 0:
            raise invalid("input", N_("This deal would leave %(chips)s chips on %(spot)s."), spot=spot, chips=held)
    expected = chips_in_play(setup)
    counted = sum(chips.values()) + sum(table.values())
    if counted != expected:
        raise invalid(
            "input",
            N_("This deal would leave %(counted)s chips in play instead of %(expected)s."),
            counted=counted,
            expected=expected,
        )


def _copy_input(round_input: Mapping[str, Any]) -> dict[str, Any]:
    return {key: dict(value) if isinstance(value, Mapping) else value for key, value in round_input.items()}
