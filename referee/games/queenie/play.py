"""Queenie play-along: the referee follows a deal card by card (``shared/rules/queenie.md``, Play).

A pure state machine over the questions the table answers aloud. It never sees
the hands: it knows the seats and how many cards each player holds after the
dealer's keep, switch or sale, and it asks

- "who has the A♦?", then the 2♦, the 3♦… while nobody has it (the card is dead),
  and past the K♦ the A♥, the 2♥… (every diamond dead: the lowest live heart opens);
- after every card of a run, "who has the next card?": a player, or nobody (dead);
- after a stop, the player who played last for their lowest card of the other
  colour (both suits of that colour together); "none" passes the duty to their left.

It stops a run by itself on a king, on a card already played and on a card
declared dead; it ends the deal when a player's count reaches zero (they went
out) or when the duty to play a colour has gone all the way round (blocked).
It records who played each queen.

It raises flags, which never move chips (the table may settle a penalty as a
chip adjustment): a player who switched colour with a card that was not their
lowest (seen when they later play a lower card of that colour), a player who
said they had none of a colour and later plays one, and a player playing more
cards than they were dealt. A card declared dead is in the dead hand: it is
refused as anyone's lowest card (the table undoes back to it if it was wrong).
The ``dead_played`` flag stays for the records of deals refereed before.

Settled here where the rules are silent:

- Should every heart be declared dead as well as every diamond (no real deal
  can: the dead hand holds 13 cards at most), the player on the dealer's left
  owes their lowest black card, as after a stop.
- Of two lowest cards of the same rank (one in each suit of the colour), either
  may be played: neither is flagged when the other comes later.
- A player who said they had no card of a colour is not asked for it again
  (nothing enters a hand during a deal): the duty passes them by.
- When the count says a player went out but the table says they still hold a
  card, the deal goes on; every card they play beyond those dealt is flagged.

An answer is a ``str`` or ``None``: a player's name or ``None`` (nobody) to
"who has", a card code or ``None`` (none) for the lowest card, and once the
count says a player went out, that player's name to say they still hold a card.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, Invalid, Setup, in_words, invalid
from ..cards import RED_SUITS, Card
from .rules import hand_sizes, packet_sizes

ORDER = "A23456789TJQK"
SUITS_OF = {"red": "HD", "black": "SC"}
OPENING_SUIT = "D"
OPENING_THEN = "H"  # every diamond dead: the lowest live heart opens
ALL_CARDS = frozenset(rank + suit for suit in "SHDC" for rank in ORDER)

Answer = str | None

FLAG_MESSAGES = {
    "not_lowest": N_("%(name)s switched colour with the %(other)s, then played the %(card)s: it was not their lowest."),
    "said_none_red": N_("%(name)s said they had no red card, then played the %(card)s."),
    "said_none_black": N_("%(name)s said they had no black card, then played the %(card)s."),
    "dead_played": N_("The %(card)s was declared dead, then %(name)s played it."),
    "too_many": N_("%(name)s played the %(card)s: more cards than they were dealt."),
}


def rank_of(card: str) -> int:
    return ORDER.index(card[0])


def colour_of(card: str) -> str:
    return "red" if card[1] in RED_SUITS else "black"


def other_colour(colour: str) -> str:
    return "black" if colour == "red" else "red"


def higher(card: str) -> str | None:
    """The next card up in the same suit (None above the king)."""
    index = rank_of(card)
    return ORDER[index + 1] + card[1] if index + 1 < len(ORDER) else None


@dataclass(frozen=True)
class Question:
    """What the table is asked next.

    ``open``: who has ``card`` (a diamond, a heart once every diamond is dead)
    to open the deal; ``next``: who has ``card``, the next of the run;
    ``lowest``: ``player``'s lowest card of ``colour``, the duty having started
    with ``first``.
    """

    kind: str
    card: str | None = None
    player: str | None = None
    colour: str | None = None
    first: str | None = None


@dataclass(frozen=True)
class Event:
    """One thing that happened, for the page.

    ``play`` (``how``: open, run or switch), ``dead`` (nobody has the opening
    card), ``stop`` (``how``: king, played or dead; ``card`` the card that
    stopped it), ``none`` (no card of ``colour``), ``skip`` (said none of
    ``colour`` before), ``out``, ``blocked`` and ``more`` (still holds a card).
    """

    kind: str
    player: str | None = None
    card: str | None = None
    how: str | None = None
    colour: str | None = None


@dataclass(frozen=True)
class Flag:
    """Something the table should look at; it never moves chips by itself.

    ``card`` is the card whose play raised it; ``other`` the card the player
    switched colour with (``not_lowest`` only).
    """

    kind: str
    player: str
    card: str
    other: str | None = None

    @property
    def message(self) -> str:
        if self.kind == "said_none":
            return FLAG_MESSAGES[f"said_none_{colour_of(self.card)}"]
        return FLAG_MESSAGES[self.kind]

    @property
    def params(self) -> dict[str, Any]:
        return {"name": self.player, "card": Card(self.card), "other": Card(self.other) if self.other else ""}

    def render(self, translate: Any = lambda text: text) -> str:
        return str(translate(self.message)) % {key: in_words(value, translate) for key, value in self.params.items()}

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "card": self.card, "other": self.other}


@dataclass(frozen=True)
class Deal:
    """The deal after some answers. ``seats`` run clockwise: a player's left is the next seat."""

    seats: tuple[str, ...]
    dealt: Mapping[str, int]
    question: Question | None = Question("open", card="A" + OPENING_SUIT)
    answers: tuple[Answer, ...] = ()
    played: tuple[tuple[str, str], ...] = ()  # (card, player) in the order played
    dead: frozenset[str] = frozenset()
    said_none: frozenset[tuple[str, str]] = frozenset()  # (player, colour)
    switches: tuple[tuple[str, str], ...] = ()  # (player, card) switched with, not yet proved not lowest
    extra: Mapping[str, int] = dataclasses.field(default_factory=dict)
    out: str | None = None
    blocked: bool = False
    flags: tuple[Flag, ...] = ()
    events: tuple[Event, ...] = ()
    recent: tuple[Event, ...] = ()  # the events of the last answer

    @property
    def over(self) -> bool:
        return self.question is None

    @property
    def played_cards(self) -> dict[str, str]:
        return dict(self.played)

    def held(self, player: str) -> int:
        """Cards still in ``player``'s hand by the count."""
        return self.dealt[player] + self.extra.get(player, 0) - sum(1 for _card, who in self.played if who == player)

    def left_of(self, player: str) -> str:
        return self.seats[(self.seats.index(player) + 1) % len(self.seats)]

    @property
    def queens(self) -> dict[str, str | None]:
        played = self.played_cards
        return {suit: played.get("Q" + suit) for suit in "SHDC"}

    def result(self) -> dict[str, Any]:
        """What the deal form needs: the queens, who went out, the cards left in every hand."""
        return {
            "queens": self.queens,
            "out": self.out,
            "blocked": self.blocked,
            "cards_left": {player: self.held(player) for player in self.seats},
        }

    def record(self) -> dict[str, Any]:
        """What is kept with the deal: every answer and every flag."""
        return {"answers": list(self.answers), "flags": [flag.as_json() for flag in self.flags]}


# --- starting ----------------------------------------------------------------


def start(seats: Sequence[str], dealt: Mapping[str, int]) -> Deal:
    """A deal about to be played: ``seats`` clockwise, ``dealt`` the cards in each hand."""
    if len(set(seats)) != len(seats) or set(seats) != set(dealt):
        raise ValueError("every seat needs a hand size")
    return Deal(seats=tuple(seats), dealt=dict(dealt))


def start_deal(setup: Setup, active: Sequence[str], dealer: str, buyer: str | None) -> Deal:
    """The next deal of a game: the seats from the dealer's left, the hands after a sale to ``buyer``."""
    sizes = hand_sizes(setup, tuple(active), dealer)
    if buyer is not None:
        sizes[buyer] = packet_sizes(len(active))[1]
    return start(list(sizes), sizes)


def replay(deal: Deal, answers: Iterable[Answer]) -> Deal:
    """The deal after every answer in order (raises :class:`Invalid` at the first one refused)."""
    for value in answers:
        deal = answer(deal, value)
    return deal


def replay_valid(deal: Deal, answers: Iterable[Answer]) -> tuple[Deal, Invalid | None]:
    """The deal after the answers up to the first refused one, and why it was refused."""
    for value in answers:
        try:
            deal = answer(deal, value)
        except Invalid as error:
            return deal, error
    return deal, None


# --- one answer ----------------------------------------------------------------


def answer(deal: Deal, value: Answer) -> Deal:
    """The deal after the table answers the current question."""
    question = deal.question
    recorded = dataclasses.replace(deal, answers=deal.answers + (value,))
    if question is None:
        after = _go_on(recorded, value)
    elif question.kind == "lowest":
        after = _lowest(recorded, question, value)
    else:
        after = _who_has(recorded, question, value)
    return dataclasses.replace(after, recent=after.events[len(deal.events) :])


def choices(deal: Deal) -> list[Answer]:
    """Every answer the current question accepts."""
    question = deal.question
    if question is None:
        return [deal.out] if deal.out is not None else []
    if question.kind == "lowest":
        gone = deal.played_cards.keys() | deal.dead
        return [card for card in _cards_of(question.colour or "red") if card not in gone] + [None]
    return [*deal.seats, None]


def _cards_of(colour: str) -> list[str]:
    return [rank + suit for suit in SUITS_OF[colour] for rank in ORDER]


def _with_event(deal: Deal, event: Event, **changes: Any) -> Deal:
    return dataclasses.replace(deal, events=deal.events + (event,), **changes)


def _who_has(deal: Deal, question: Question, value: Answer) -> Deal:
    card = question.card or ""
    if value is None:
        if question.kind == "open":
            deal = _with_event(deal, Event("dead", card=card), dead=deal.dead | {card})
            following = _next_opening(card)
            if following is not None:
                return dataclasses.replace(deal, question=Question("open", card=following))
            return _duty(deal, deal.seats[0], "black")  # every red card dead: no real deal gets here
        deal = dataclasses.replace(deal, dead=deal.dead | {card})
        return _stop(deal, card, "dead")
    if value not in deal.seats:
        raise invalid("answer", N_("%(value)s is not playing this deal."), value=str(value)[:40])
    return _play(deal, value, card, "open" if question.kind == "open" else "run")


def _next_opening(card: str) -> str | None:
    """The card asked for after ``card`` was found dead at the opening: the next diamond, then the hearts."""
    following = higher(card)
    if following is None and card[1] == OPENING_SUIT:
        return "A" + OPENING_THEN
    return following


def _lowest(deal: Deal, question: Question, value: Answer) -> Deal:
    player = question.player or ""
    colour = question.colour or "red"
    if value is None:
        deal = _with_event(
            deal, Event("none", player=player, colour=colour), said_none=deal.said_none | {(player, colour)}
        )
        return _duty(deal, question.first or player, colour, after=player)
    if value not in ALL_CARDS:
        raise invalid("answer", N_("%(value)s is not a card."), value=str(value)[:40])
    if colour_of(value) != colour:
        raise invalid("answer", N_("The %(card)s is not of the colour asked for."), card=Card(value))
    if value in deal.played_cards:
        raise invalid("answer", N_("The %(card)s has already been played."), card=Card(value))
    if value in deal.dead:
        message = N_("The %(card)s was declared dead: it is nobody's lowest card. If someone has it, undo back to it.")
        raise invalid("answer", message, card=Card(value))
    return _play(deal, player, value, "switch")


def _go_on(deal: Deal, value: Answer) -> Deal:
    """After the count sent a player out, the table says they still hold a card."""
    if deal.out is None or value != deal.out:
        raise invalid("answer", N_("The deal is over."))
    player = deal.out
    deal = _with_event(
        deal, Event("more", player=player), out=None, extra={**deal.extra, player: deal.extra.get(player, 0) + 1}
    )
    return _after(deal)


def _play(deal: Deal, player: str, card: str, how: str) -> Deal:
    colour = colour_of(card)
    flags = list(deal.flags)
    said_none = deal.said_none
    if (player, colour) in said_none:
        flags.append(Flag("said_none", player, card))
        said_none = said_none - {(player, colour)}
    dead = deal.dead
    if card in dead:
        flags.append(Flag("dead_played", player, card))
        dead = dead - {card}
    switches = []
    for who, switched in deal.switches:
        if who == player and colour_of(switched) == colour and rank_of(card) < rank_of(switched):
            flags.append(Flag("not_lowest", player, card, other=switched))
        else:
            switches.append((who, switched))
    if how == "switch":
        switches.append((player, card))
    if sum(1 for _card, who in deal.played if who == player) >= deal.dealt[player]:
        flags.append(Flag("too_many", player, card))
    deal = _with_event(
        deal,
        Event("play", player=player, card=card, how=how),
        played=deal.played + ((card, player),),
        said_none=said_none,
        dead=dead,
        switches=tuple(switches),
        flags=tuple(flags),
    )
    if deal.held(player) <= 0:
        return _with_event(deal, Event("out", player=player), question=None, out=player)
    return _after(deal)


def _after(deal: Deal) -> Deal:
    """The question after the last card played: the next of the run, or the duty after a stop."""
    card, _player = deal.played[-1]
    following = higher(card)
    if following is None:
        return _stop(deal, card, "king")
    if following in deal.played_cards:
        return _stop(deal, following, "played")
    if following in deal.dead:
        return _stop(deal, following, "dead")
    return dataclasses.replace(deal, question=Question("next", card=following))


def _stop(deal: Deal, card: str, how: str) -> Deal:
    """The run stops on ``card``: whoever played last owes their lowest card of the other colour."""
    last, player = deal.played[-1]
    deal = _with_event(deal, Event("stop", player=player, card=card, how=how))
    return _duty(deal, player, other_colour(colour_of(last)))


def _duty(deal: Deal, first: str, colour: str, after: str | None = None) -> Deal:
    """Ask for the lowest ``colour`` card from ``first`` round to the left (past ``after``), or block."""
    index = deal.seats.index(first)
    order = [deal.seats[(index + step) % len(deal.seats)] for step in range(len(deal.seats))]
    if after is not None:
        order = order[order.index(after) + 1 :]
    for player in order:
        if (player, colour) in deal.said_none:
            deal = _with_event(deal, Event("skip", player=player, colour=colour))
            continue
        return dataclasses.replace(deal, question=Question("lowest", player=player, colour=colour, first=first))
    return _with_event(deal, Event("blocked", colour=colour), question=None, blocked=True)
