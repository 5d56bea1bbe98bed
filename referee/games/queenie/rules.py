"""Queenie and its family of "Stops" games, as in ``shared/rules/queenie.md`` and ``stops.md``.

Queenie, Newmarket, Michigan and Saratoga are four games on one chip ledger: each is a
:class:`StopsGame` (Queenie's is this module itself, for the pages and tests that know it so)
whose options differ only in their defaults and range of players. The table enters, after each
deal, who staked on which pay card (when each chooses), what the dealer did with the spare hand,
who played each pay card and who went out. Every chip movement, balance and the chips left on the
table are derived from that and the options: a game stores every option's effective value when
it is made, and a Queenie game stored before the family's options reads Queenie's values for them.

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
- ``dealer_stake`` and ``sale_price`` left out take the value that fits the other options
  (``"single"`` under ``one_card``; 1 with a sale, null otherwise). A game whose own default is
  ``"double"`` (Michigan) or null (Michigan, Saratoga) cannot tell that value given from one left
  out, so there it too takes the fitting value; elsewhere it is refused where it does not fit.
- ``buyer: ""`` is nobody under a sale, as Queenie's API has always taken it (a contract kept), and
  refused at an auction, where a price goes with the buyer.
- Under ``bankrupt: "drop"`` the players short of the ordinary stake sit out first; then, clockwise
  from the dealer's left, each player short of the dealer's stake sits out until one can deal.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
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

DECK = 52
QUEENS = ("S", "H", "D", "C")  # the pay cards' suits; the input's ``queens`` keeps the name in every game
POT = "pot"
MIN_PLAYERS_LEFT = 3
LAYOUTS = {"queens": "QQQQ", "boodles": "JAQK"}  # each pay card's rank, in the order of QUEENS

QUEENIE_VALUES: Mapping[str, Any] = {
    "start_chips": 20,
    "rounds": 2,
    "bankrupt": "end",
    "leftover": "leave",
    "pay_per_card": False,
    "layout": "queens",
    "staking": "one_card",
    "card_stake": 1,
    "dealer_stake": "single",
    "kitty_stake": 1,
    "spare": "sale",
    "sale_price": 1,
    "spare_deal": "packets",
    "card_order": "ace_low",
    "opening": "lowest_diamond",
    "after_stop": "other_colour",
}
"""Queenie's value of every option: also what a Queenie game stored before the family's options reads."""

_OPTIONS: tuple[Option, ...] = (
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
        N_("What happens when a player ends a deal without the chips they must stake next deal."),
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
    Option(
        "layout",
        "choice",
        "queens",
        N_("Pay cards"),
        N_("The four cards of the layout that stakes go on."),
        choices=(("queens", N_("the four queens")), ("boodles", N_("J♠ A♥ Q♦ K♣ (the boodles)"))),
    ),
    Option(
        "staking",
        "choice",
        "one_card",
        N_("Stakes"),
        N_("Where each player's stake goes before a deal."),
        choices=(
            ("one_card", N_("on the pay card of their choice")),
            ("every_card", N_("on every pay card")),
        ),
    ),
    Option(
        "card_stake",
        "int",
        1,
        N_("Chips per pay-card stake"),
        N_("How many chips a player puts on a pay card."),
        minimum=1,
        maximum=10,
    ),
    Option(
        "dealer_stake",
        "choice",
        "single",
        N_("The dealer's stake"),
        N_("With stakes on every pay card, the dealer may stake double."),
        choices=(("single", N_("as everyone")), ("double", N_("double on each pay card"))),
    ),
    Option(
        "kitty_stake",
        "int",
        1,
        N_("Chips in the pot"),
        N_("How many chips each player puts in the pot each deal; 0: no pot."),
        minimum=0,
        maximum=40,
    ),
    Option(
        "spare",
        "choice",
        "sale",
        N_("The spare hand"),
        N_("What may happen to the spare hand once the dealer has kept their own."),
        choices=(
            ("sale", N_("sold at a fixed price")),
            ("auction", N_("auctioned to the highest bidder")),
            ("none", N_("not used: it stays dead")),
        ),
    ),
    Option(
        "sale_price",
        "int",
        1,
        N_("Price of the spare hand"),
        N_("The fixed price of the spare hand, paid to the dealer."),
        minimum=1,
        maximum=10,
        nullable=True,
        none_label=N_("no fixed price"),
    ),
    Option(
        "spare_deal",
        "choice",
        "packets",
        N_("Dealing the spare hand"),
        N_("Where the spare hand comes in the deal, hence how many cards each player gets."),
        choices=(
            ("packets", N_("the dealer deals themself two packets")),
            ("last", N_("dealt last, after the dealer")),
            ("first", N_("dealt first, before the dealer's left")),
            ("equal", N_("every player the same; the spare hand the rest")),
        ),
    ),
    Option(
        "card_order",
        "choice",
        "ace_low",
        N_("Card order"),
        N_("Where runs stop (the referee's help only)."),
        choices=(("ace_low", N_("ace low: runs stop at the king")), ("ace_high", N_("ace high: runs stop at the ace"))),
    ),
    Option(
        "opening",
        "choice",
        "lowest_diamond",
        N_("Who opens"),
        N_("Who plays the first card of a deal (the referee's help only)."),
        choices=(
            ("lowest_diamond", N_("the holder of the lowest diamond")),
            ("eldest_lowest", N_("the dealer's left, with their lowest card of a suit")),
        ),
    ),
    Option(
        "after_stop",
        "choice",
        "other_colour",
        N_("After a stop"),
        N_("What the player of the card that stopped a run leads (the referee's help only)."),
        choices=(
            ("other_colour", N_("their lowest card of the other colour")),
            ("other_suit", N_("their lowest card of another suit")),
            ("any_suit", N_("their lowest card of any suit")),
        ),
    ),
)


def family_options(defaults: Mapping[str, Any]) -> tuple[Option, ...]:
    """Every option of the family, with one game's defaults."""
    return tuple(dataclasses.replace(option, default=defaults[option.name]) for option in _OPTIONS)


name = "queenie"
title = N_("Queenie")
min_players = 3
max_players = 6
options = family_options(QUEENIE_VALUES)


@dataclass(frozen=True)
class Terms:
    """What a game's options make of one deal's chips: the stakes each role owes, the spare hand, the hands."""

    staking: str
    card_stake: int
    dealer_stake: str
    kitty_stake: int
    spare: str
    sale_price: int | None
    spare_deal: str
    pay_per_card: bool
    layout: str

    def unit(self, dealer: bool) -> int:
        """Chips on each pay card a player stakes on."""
        return self.card_stake * (2 if dealer and self.dealer_stake == "double" else 1)

    def stake(self, dealer: bool) -> int:
        """Every chip a player puts on the table before a deal: the pay cards' stakes and the pot's."""
        cards = self.card_stake if self.staking == "one_card" else len(QUEENS) * self.unit(dealer)
        return cards + self.kitty_stake

    @property
    def most_owed(self) -> int:
        return max(self.stake(dealer=True), self.stake(dealer=False))

    @property
    def least_price(self) -> int:
        """The least a buyer pays for the spare hand: the fixed price, or 1 at an auction."""
        return self.sale_price if self.spare == "sale" and self.sale_price is not None else 1


_TERMS = tuple(field.name for field in dataclasses.fields(Terms))


_TERM_VALUES = operator.itemgetter(*_TERMS)


def terms(setup: Setup) -> Terms:
    return terms_of(setup.options)


def terms_of(options: Mapping[str, Any]) -> Terms:
    try:
        values = _TERM_VALUES(options)
    except KeyError:  # a Queenie game stored before the family's options: Queenie's values
        values = tuple(options.get(name, QUEENIE_VALUES[name]) for name in _TERMS)
    return _terms(*values)


@functools.lru_cache(maxsize=1024)  # every deal asks (a replay, every deal of the game): made once per game's options
def _terms(*values: Any) -> Terms:
    return Terms(*values)


_FIELDS = ("stakes", "dealer_choice", "buyer", "price", "queens", "out", "cards_left", "referee")
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
    spare_size: int
    dealer_choice: str | None
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


@functools.cache
def packet_sizes(players: int) -> tuple[tuple[int, ...], int]:
    """The other hands clockwise from the dealer's left, and the size of each dealer packet.

    52 = q x (players + 1) + r: the first r packets in dealing order get one card more,
    the dealer's two packets come last.
    """
    size, extra = divmod(DECK, players + 1)
    packets = tuple(size + 1 if index < extra else size for index in range(players + 1))
    return packets[:-2], packets[-1]


@functools.cache  # a few table sizes and options: made once each (a replay asks for every deal)
def deal_plan(players: int, spare_deal: str) -> tuple[tuple[int, ...], int]:
    """The hands in dealing order (from the dealer's left, the dealer last) and the spare hand's size.

    ``packets`` and ``last`` deal the spare hand after the dealer (as the dealer's second packet, or
    as a hand of its own), ``first`` before the dealer's left; ``equal`` gives every player the same
    and the spare hand the rest.
    """
    if spare_deal == "equal":
        size = DECK // (players + 1)
        return (size,) * players, DECK - size * players
    others, packet = packet_sizes(players)
    packets = (*others, packet, packet)
    if spare_deal == "first":
        return packets[1:], packets[0]
    return packets[:-1], packets[-1]


def clockwise_after(setup: Setup, active: tuple[str, ...], start: str) -> tuple[str, ...]:
    """The active players clockwise beginning on ``start``'s left (``start`` last if active)."""
    return _clockwise(tuple(setup.players), active, start)


@functools.lru_cache(maxsize=4096)  # every deal asks (a replay, every deal of the game): a few per table
def _clockwise(players: tuple[str, ...], active: tuple[str, ...], start: str) -> tuple[str, ...]:
    first = players.index(start) + 1
    return tuple(player for player in (*players[first:], *players[:first]) if player in active)


def hand_sizes(setup: Setup, active: tuple[str, ...], dealer: str, spare_deal: str = "packets") -> dict[str, int]:
    """Cards dealt to each active player in dealing order; with ``packets`` the dealer's entry is one packet."""
    hands, _spare = deal_plan(len(active), spare_deal)
    return dict(zip(clockwise_after(setup, active, dealer), hands, strict=True))


def spare_size(setup: Setup, active: tuple[str, ...]) -> int:
    return deal_plan(len(active), terms(setup).spare_deal)[1]


def stakes_due(setup: Setup, active: tuple[str, ...], dealer: str) -> dict[str, int]:
    """The chips each active player puts on the table before the deal, the dealer first."""
    owed = terms(setup)
    order = [dealer, *clockwise_after(setup, active, dealer)[:-1]]
    return {player: owed.stake(dealer=player == dealer) for player in order}


def empty_table() -> dict[str, int]:
    return {**{suit: 0 for suit in QUEENS}, POT: 0}


# --- the game surface --------------------------------------------------------


def settle_options(players: Sequence[str], chosen: Mapping[str, Any]) -> dict[str, Any]:
    return settle(QUEENIE_VALUES, chosen)


def settle(defaults: Mapping[str, Any], chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The options as a game keeps them: ``dealer_stake`` and ``sale_price`` at the game's default where
    that default does not fit the other options take the value that does (see the module's notes)."""
    settled = dict(chosen)
    if settled["staking"] == "one_card" and settled["dealer_stake"] == defaults["dealer_stake"]:
        settled["dealer_stake"] = "single"
    if settled["sale_price"] == defaults["sale_price"]:
        settled["sale_price"] = (defaults["sale_price"] or 1) if settled["spare"] == "sale" else None
    return settled


def check_setup(setup: Setup) -> None:
    """Refuse the options that do not go together, and a start every player cannot stake from."""
    chosen = setup.options
    problems = []
    if chosen["dealer_stake"] == "double" and chosen["staking"] == "one_card":
        problems.append(
            Problem("options.dealer_stake", N_("The dealer doubles only when everyone stakes on every pay card."))
        )
    if chosen["spare"] == "sale" and chosen["sale_price"] is None:
        problems.append(Problem("options.sale_price", N_("A sale needs its price.")))
    if chosen["spare"] != "sale" and chosen["sale_price"] is not None:
        problems.append(Problem("options.sale_price", N_("A fixed price needs spare: sale.")))
    if not problems and chosen["start_chips"] < terms(setup).most_owed:
        problems.append(
            Problem(
                "options.start_chips",
                N_("Every player must be able to pay the dealer's stake of %(chips)s chips."),
                {"chips": terms(setup).most_owed},
            )
        )
    if problems:
        raise Invalid(problems)


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

    owed = terms(setup)
    if owed.staking == "one_card":
        attempt("stakes", lambda: _check_stakes(setup, state, fields.get("stakes")))
    elif fields.get("stakes") is not None:
        problems.append(Problem("stakes", N_("Stakes are fixed in this game: leave them out.")))
    if owed.spare == "none":
        no_spare = N_("There is no spare hand in this game.")
        problems += [
            Problem(key, no_spare) for key in ("dealer_choice", "buyer", "price") if fields.get(key) is not None
        ]
        checked.update(dealer_choice=None, buyer=None)
    else:
        attempt("dealer_choice", lambda: _check_dealer_choice(fields.get("dealer_choice")))
        attempt("buyer", lambda: _check_buyer(setup, state, fields.get("buyer"), checked.get("dealer_choice")))
        if owed.spare == "auction":
            if "buyer" in checked:
                attempt("price", lambda: _check_price(setup, state, fields.get("price"), checked["buyer"]))
        elif fields.get("price") is not None:
            problems.append(
                Problem(
                    "price",
                    N_("The spare hand sells at a fixed price (%(price)s chip): leave the price out."),
                    {"price": owed.sale_price},
                )
            )
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
    _deal(setup, state, round_input, checking=True)  # refuses a deal that would break the chip invariants
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
    """What the table needs before the next deal: Queenie's facts, and those the family's options add."""
    owed = terms(setup)
    dealer = state.dealer
    spare = spare_size(setup, state.active)
    rounds = setup.options["rounds"]
    deal_of = None
    if rounds is not None:
        deal_of = len(state.rounds) + sum(max(0, rounds - state.dealt[player]) for player in state.active)
    facts: dict[str, Any] = {
        "table": dict(state.table),
        "hand_sizes": hand_sizes(setup, state.active, dealer, owed.spare_deal),
    }
    if owed.spare_deal == "packets":
        facts["dealer_packets"] = [spare, spare]
    facts["deal_of"] = deal_of
    if owed.staking == "one_card":
        # Each active player's stake of the last deal they played; none before their first: the table taps
        # the queen each chose (a queen chosen for everyone would be one more thing to correct).
        facts["stakes_default"] = {player: state.last_stakes.get(player) for player in state.active}
    if owed.spare != "none":
        facts["can_buy"] = _can_buy(setup, state)
    facts["stakes_due"] = stakes_due(setup, state.active, dealer)
    facts["spare_size"] = spare
    return Next(round=len(state.rounds) + 1, dealer=dealer, facts=facts)


def _after_staking(setup: Setup, state: State, player: str) -> int:
    return state.chips[player] - terms(setup).stake(dealer=player == state.dealer)


def _can_buy(setup: Setup, state: State) -> list[str]:
    """The players other than the dealer who can pay the least price once they have staked."""
    price = terms(setup).least_price
    return [
        player for player in state.active if player != state.dealer and _after_staking(setup, state, player) >= price
    ]


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
    if value is None:
        return None
    if value == "" and terms(setup).spare == "auction":
        raise invalid("buyer", N_("Nobody bought the spare hand: give no buyer (null), not an empty name."))
    if value == "":
        return None  # Queenie's API has always taken "" for nobody: a sale keeps it
    if choice == "switch":
        raise invalid(
            "buyer",
            N_("The buyer of the spare packet must be nobody: the dealer switched packets, so nothing was sold."),
        )
    buyer = _active_player(setup, state, value, "buyer")
    if buyer == state.dealer:
        raise invalid("buyer", N_("%(name)s deals and cannot buy the spare packet."), name=buyer)
    left = _after_staking(setup, state, buyer) if buyer is not None else 0
    price = terms(setup).least_price
    if buyer is not None and left < price:
        if left <= 0:
            raise invalid(
                "buyer", N_("%(name)s has no chip left after staking and cannot buy the spare packet."), name=buyer
            )
        raise invalid("buyer", _CANNOT_PAY, name=buyer, chips=left, price=price)
    return buyer


_CANNOT_PAY = N_("%(name)s has only %(chips)s chips after staking and cannot pay %(price)s.")


def _check_price(setup: Setup, state: State, value: Any, buyer: str | None) -> int | None:
    """What the buyer of an auctioned spare hand paid: a whole number of chips from 1, that they hold."""
    if buyer is None:
        if value is None:
            return None
        raise invalid("price", N_("Nobody bought the spare hand: leave the price out."))
    if value is None:
        raise invalid("price", N_("Say what %(name)s paid for the spare hand."), name=buyer)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise invalid("price", N_("The price is a whole number of chips, at least 1."))
    left = _after_staking(setup, state, buyer)
    if value > left:
        raise invalid("price", _CANNOT_PAY, name=buyer, chips=left, price=value)
    return value


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


def _held(setup: Setup, state: State, checked: Mapping[str, Any]) -> dict[str, int]:
    """The most cards each active player can still hold: their hand less the pay cards they played
    (the spare hand's size for the dealer who switched to it or the player who bought it)."""
    spare_deal = terms(setup).spare_deal
    sizes = hand_sizes(setup, state.active, state.dealer, spare_deal)
    spare = spare_size(setup, state.active)
    if checked["dealer_choice"] == "switch":
        sizes[state.dealer] = spare
    if checked["buyer"] is not None:
        sizes[checked["buyer"]] = spare
    for player in checked["queens"].values():
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
    held = _held(setup, state, checked)
    too_many = (
        N_("%(name)s: this cannot be more than %(maximum)s, the cards dealt less the queens played.")
        if terms(setup).layout == "queens"
        else N_("%(name)s: this cannot be more than %(maximum)s, the cards dealt less the pay cards played.")
    )

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
            raise invalid(where, too_many, name=player, maximum=held[player])
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

    def stake(self, player: str, spots: Iterable[tuple[str, int]]) -> None:
        """``player`` puts chips on the table: on each spot, so many."""
        held, table, moves = self.chips, self.table, self.moves
        for spot, chips in spots:
            held[player] -= chips
            table[spot] += chips
            moves.append({"kind": "stake", "from": player, "to": spot, "chips": chips})

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


def _deal(setup: Setup, state: State, round_input: Mapping[str, Any], *, checking: bool = False) -> State:
    """The state after one deal (``checking``: refused if it would break an invariant; a stored deal was
    checked when written, and a replay plays every one)."""
    dealer = state.dealer
    order = clockwise_after(setup, state.active, dealer)
    ledger = _Ledger(state.chips, state.table)
    owed = terms(setup)  # once a deal: every step below is given it (a replay makes every deal)
    _stake(owed, ledger, order, dealer, round_input)
    staked = dict(ledger.table)
    events = _play(setup, owed, state, ledger, round_input)
    short, next_dealer = _short(setup, owed, state.active, order, ledger.chips)
    if short:
        events += [Bankrupt(player, stake) for player, stake in short.items()]
    active = state.active
    if short and setup.options["bankrupt"] == "drop":
        active = tuple(player for player in active if player not in short)
        events += [Dropped(player) for player in short]
    dealt = {**state.dealt, dealer: state.dealt[dealer] + 1}
    over = _ends(setup, active, dealt, short)
    if over and setup.options["leftover"] == "split" and _split(ledger, active):
        events.append(Split())
    if checking:
        _check_chips(setup, ledger.chips, ledger.table)
    hands, spare = deal_plan(len(state.active), owed.spare_deal)
    # The chips and the table after the deal are the new state's: nothing changes them once made (the
    # next deal's ledger starts from copies), so its details and totals share them.
    details = DealDetails(
        dealer=dealer,
        hand_sizes=dict(zip(order, hands, strict=True)),  # hand_sizes(), from the order already known
        dealer_packets=[spare, spare] if owed.spare_deal == "packets" else [],
        spare_size=spare,
        dealer_choice=round_input["dealer_choice"],
        table_before=dict(state.table),
        table_staked=staked,
        table_after=ledger.table,
        movements=ledger.moves,
        bankrupt=list(short),
        next_dealer=None if over else next_dealer,
    )
    before = state.chips
    scores = {player: chips - before[player] for player, chips in ledger.chips.items()}
    result = RoundResult(len(state.rounds) + 1, _copy_input(round_input), scores, ledger.chips, tuple(events), details)
    stakes = round_input.get("stakes")
    return State(
        rounds=(*state.rounds, result),
        chips=ledger.chips,
        table=ledger.table,
        active=active,
        dealer=next_dealer or dealer,
        dealt=dealt,
        last_stakes={**state.last_stakes, **stakes} if stakes else state.last_stakes,
        over=over,
    )


def _stake(owed: Terms, ledger: _Ledger, order: Sequence[str], dealer: str, round_input: Mapping[str, Any]) -> None:
    """Each player's stakes, in ``order``: on the pay card of their choice or on every one, then in the pot."""
    chosen = round_input["stakes"] if owed.staking == "one_card" else None
    pot = ((POT, owed.kitty_stake),) if owed.kitty_stake else ()
    for player in order:
        if chosen is not None:
            cards: tuple[tuple[str, int], ...] = ((chosen[player], owed.card_stake),)
        else:
            unit = owed.unit(player == dealer)
            cards = tuple((suit, unit) for suit in QUEENS)
        ledger.stake(player, cards + pot)


def _short(
    setup: Setup, owed: Terms, active: tuple[str, ...], order: Sequence[str], chips: Mapping[str, int]
) -> tuple[dict[str, int], str | None]:
    """Who cannot pay the stake of their role next deal (in seat order, with that stake), and who deals next.

    The next dealer is the first active player on the dealer's left. With ``bankrupt: "drop"``,
    those short of the ordinary stake sit out, and each player in turn short of the dealer's stake
    passes the deal on and sits out too (see the module's notes). ``order``: the active players
    clockwise from the dealer's left (:func:`clockwise_after`), the dealer last.
    """
    ordinary, dealing = owed.stake(dealer=False), owed.stake(dealer=True)
    if setup.options["bankrupt"] != "drop":
        dealing_next = order[0]
        if min(chips[player] for player in active) >= max(ordinary, dealing):
            return {}, dealing_next  # nobody short: every deal but the last
        due = {player: dealing if player == dealing_next else ordinary for player in active}
        return {player: due[player] for player in active if chips[player] < due[player]}, dealing_next
    short = {player: ordinary for player in active if chips[player] < ordinary}
    following: str | None = None
    for player in order:
        if player in short:
            continue
        if chips[player] >= dealing:
            following = player
            break
        short[player] = dealing
    return {player: short[player] for player in active if player in short}, following


def _play(setup: Setup, owed: Terms, state: State, ledger: _Ledger, round_input: Mapping[str, Any]) -> list[Event]:
    """The chips that move with the play: the spare hand's sale, the pay cards taken, the pot to whoever went out."""
    rank = LAYOUTS[owed.layout]
    events: list[Event] = []
    buyer = round_input["buyer"]
    if buyer is not None:
        ledger.between("sale", buyer, state.dealer, round_input.get("price") or owed.least_price)
        events.append(Sold(buyer))
    for index, suit in enumerate(QUEENS):
        player = round_input["queens"][suit]
        if player is not None:
            ledger.from_table("queen", suit, player)
            events.append(QueenPlayed(suit, player, rank[index]))
    out = round_input["out"]
    if out is None:
        events.append(Blocked())
        return events
    if owed.kitty_stake or ledger.table[POT]:
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


def _ends(setup: Setup, active: tuple[str, ...], dealt: Mapping[str, int], short: Mapping[str, int]) -> bool:
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


def pay_cards(layout: str) -> dict[str, str]:
    """Each suit's pay card on the layout, as a card code: ``{"S": "QS", …}`` or ``{"S": "JS", "H": "AH", …}``."""
    return {suit: rank + suit for rank, suit in zip(LAYOUTS[layout], QUEENS, strict=True)}


def facts(setup: Setup) -> Mapping[str, Any]:
    """What the family's templates show of a game's rules: every option's effective value (Queenie's for a
    game stored before the family's options), the pay cards, the chips in play and the play-along's reach.

    Made once per table size and options (the same mapping for every game of them: read, never changed): the
    page after each deal shows some of them."""
    try:
        return _facts(len(setup.players), tuple(setup.options.items()))
    except TypeError:  # an option's value that cannot be a key: made each time
        return _made_facts(len(setup.players), setup.options)


@functools.lru_cache(maxsize=1024)
def _facts(players: int, options: tuple[tuple[str, Any], ...]) -> Mapping[str, Any]:
    return _made_facts(players, dict(options))


def _made_facts(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    values = {**QUEENIE_VALUES, **options}
    staked = terms_of(options)
    return {
        "chips_in_play": _chips_in_play(options, players),
        "terms": values,
        "pay_cards": pay_cards(values["layout"]),
        "stake": {"dealer": staked.stake(dealer=True), "others": staked.stake(dealer=False)},
        "played_along": all(values[name] == QUEENIE_VALUES[name] for name in PLAY_ALONG_OPTIONS),
    }


PLAY_ALONG_OPTIONS = ("layout", "spare", "spare_deal", "card_order", "opening", "after_stop")
"""The options the play-along follows only at Queenie's values: with another, it is not offered (it says so)."""


def chips_in_play(setup: Setup) -> int:
    """Every chip of the game: the players' starting chips; no deal makes or loses one."""
    return _chips_in_play(setup.options, len(setup.players))


def _chips_in_play(options: Mapping[str, Any], players: int) -> int:
    return int(options["start_chips"]) * players


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
    # A stored input's objects are dicts, its other values names or None: the Mapping check is the slower one.
    return {
        key: dict(value) if type(value) is dict or (value is not None and isinstance(value, Mapping)) else value
        for key, value in round_input.items()
    }


# --- the family ---------------------------------------------------------------


class StopsGame:
    """One game of Queenie's family (Newmarket, Michigan, Saratoga): its name, players and option defaults,
    on the rules of this module (a :class:`~referee.games.base.Game`). The rules are this module's functions
    as they are when the game is made, held by the game as Queenie's are by the module."""

    def __init__(self, name: str, title: str, max_players: int, defaults: Mapping[str, Any]):
        self.name = name
        self.title = title
        self.min_players = min_players
        self.max_players = max_players
        self.defaults = defaults
        self.options = family_options(defaults)
        self.check_setup: Callable[[Setup], None] = check_setup
        self.initial: Callable[[Setup], State] = initial
        self.check_round: Callable[[Setup, State, Any], dict[str, Any]] = check_round
        self.play: Callable[[Setup, State, Mapping[str, Any]], State] = play
        self.is_over: Callable[[Setup, State], bool] = is_over
        self.standings: Callable[[Setup, State], Standings] = standings
        self.stopped: Callable[[Setup, State], State] = stopped
        self.turn_left: Callable[[Setup, State], int] = turn_left

    def __repr__(self) -> str:
        return f"StopsGame({self.name!r})"

    def settle_options(self, players: Sequence[str], chosen: Mapping[str, Any]) -> dict[str, Any]:
        return settle(self.defaults, chosen)


_BOODLES = {"layout": "boodles", "card_order": "ace_high"}
NEWMARKET = StopsGame("newmarket", N_("Newmarket"), 8, {**QUEENIE_VALUES, **_BOODLES, "spare_deal": "last"})
_AMERICAN = {
    **QUEENIE_VALUES,
    **_BOODLES,
    "staking": "every_card",
    "kitty_stake": 0,
    "sale_price": None,
    "pay_per_card": True,
    "opening": "eldest_lowest",
    "after_stop": "other_suit",
    "start_chips": 100,
}
MICHIGAN = StopsGame(
    "michigan",
    N_("Michigan"),
    8,
    {**_AMERICAN, "dealer_stake": "double", "spare": "auction", "spare_deal": "first"},
)
SARATOGA = StopsGame("saratoga", N_("Saratoga"), 8, {**_AMERICAN, "spare": "none", "spare_deal": "equal"})
FAMILY = (name, NEWMARKET.name, MICHIGAN.name, SARATOGA.name)
