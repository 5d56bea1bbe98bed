"""French Tarot as in ``shared/rules/tarot.md`` (the FFT's rules, with the tables' common options).

A deal is entered as what happened: the taker and the contract (said before the play: :data:`announced`),
at five the called card and the partner, then the attack's points and bouts (or the defence's points, or
the attack's whole pile), petit au bout, poignées, chelem and misères; or a passed deal. Its value ``V``
(:mod:`.scoring`) is paid by each defender to the attack. The deal passes to the right by default;
the game lasts a number of turns of deals, of played deals, or until a total reaches a target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    rank,
)
from . import entry, table
from .events import (
    Alone,
    AnnouncedChelem,
    Chelem,
    ChelemFailed,
    Failed,
    Made,
    Misere,
    Passed,
    PetitAuBout,
    PetitSec,
    Poignee,
)
from .scoring import Reckoning, personal_miseres, reckon, shares

name = "tarot"
title = N_("Tarot")
min_players = 3
max_players = 5

announced = ("taker", "contract", "called")

options: tuple[Option, ...] = (
    Option(
        "rotation",
        "choice",
        "counter-clockwise",
        N_("Direction of play"),
        N_("The deal, the bidding and the play pass to the right (the French way) or to the left."),
        choices=(
            ("counter-clockwise", N_("to the right (counter-clockwise)")),
            ("clockwise", N_("to the left (clockwise)")),
        ),
    ),
    Option(
        "five_players",
        "choice",
        None,
        N_("At five players"),
        N_("The taker calls a king for a secret partner, or the dealer sits each deal out and four play."),
        choices=(("called_king", N_("the called king")), ("dealer_sits_out", N_("the dealer sits out"))),
        nullable=True,
        none_label=N_("the called king at five players"),
    ),
    Option(
        "all_pass",
        "choice",
        "fft",
        N_("When everybody passes"),
        N_("Who deals after a deal where nobody took."),
        choices=(
            ("fft", N_("the next dealer (the same one when the dealer sits out)")),
            ("next_dealer", N_("always the next dealer")),
            ("same_dealer", N_("the same dealer again")),
        ),
    ),
    Option(
        "rounding",
        "choice",
        "exact",
        N_("Rounding"),
        N_("The margin by which a contract is made or failed, as it is or rounded."),
        choices=(
            ("exact", N_("exact (half points up)")),
            ("nearest_5", N_("to the nearest 5")),
            ("nearest_10", N_("to the nearest 10")),
        ),
    ),
    Option(
        "pousse",
        "bool",
        False,
        N_("Pousse"),
        N_("The older ladder of five contracts: prise 1, pousse 2, garde 4, garde sans 8, garde contre 16."),
    ),
    Option(
        "poignee_values",
        "choice",
        "20-30-40",
        N_("Poignées"),
        N_("What a simple, double and triple poignée are worth."),
        choices=(("20-30-40", N_("20, 30, 40")), ("20-40-60", N_("20, 40, 60"))),
    ),
    Option(
        "unannounced_chelem",
        "bool",
        True,
        N_("Chelem not announced"),
        N_("A chelem nobody announced still scores: 200 to the attack, or 200 to each defender."),
    ),
    Option(
        "misere",
        "choice",
        "off",
        N_("Misère"),
        N_("A player dealt no trump, or no king, queen, knight or jack, may declare it."),
        choices=(
            ("off", N_("not played")),
            ("personal", N_("10 from every other player")),
            ("winning_side", N_("20 to the side that wins the deal")),
        ),
    ),
    Option(
        "turns",
        "int",
        2,
        N_("Turns"),
        N_("The game ends when every player has dealt this many times (1 to 50)."),
        minimum=1,
        maximum=50,
        nullable=True,
        none_label=N_("no limit"),
    ),
    Option(
        "deals",
        "int",
        None,
        N_("Deals"),
        N_("The game ends after this many deals played (1 to 1000; passed deals do not count)."),
        minimum=1,
        maximum=1000,
        nullable=True,
        none_label=N_("no limit"),
    ),
    Option(
        "target",
        "int",
        None,
        N_("Target"),
        N_("The game ends when a player's total reaches this (100 to 100000)."),
        minimum=100,
        maximum=100000,
        nullable=True,
        none_label=N_("none"),
    ),
    Option(
        "tie",
        "choice",
        "share",
        N_("Tie for the lead"),
        N_("What happens when the game ends with two or more players on the highest total."),
        choices=(("share", N_("they share the victory")), ("play_on", N_("play one more deal at a time"))),
    ),
)


def settle_options(players: Sequence[str], chosen: Mapping[str, Any]) -> dict[str, Any]:
    """At five players, the called king unless the dealer sits out; at three or four, no such option."""
    settled = dict(chosen)
    if settled["five_players"] is None and len(players) == 5:
        settled["five_players"] = "called_king"
    return settled


def check_setup(setup: Setup) -> None:
    """The five-player option only at five; some end to the game."""
    problems: list[Problem] = []
    if setup.options["five_players"] is not None and len(setup.players) != 5:
        problems.append(
            Problem(
                "options.five_players",
                N_("This option is for five players (this game has %(count)s)."),
                {"count": len(setup.players)},
            )
        )
    if all(setup.options[length] is None for length in ("turns", "deals", "target")):
        problems.append(Problem("options.turns", N_("Choose how the game ends: turns, deals or a target.")))
    if problems:
        raise Invalid(problems)


@dataclass(frozen=True)
class DealDetails(Details):
    """A deal for the pages: who took what, the points and bouts, and the reckoning (None: passed)."""

    taker: str | None
    contract: str | None
    partner: str | None  # at five with the called king; the taker himself when alone
    called: str | None
    points: int | float | None  # the attack's
    bouts: int | None
    reckoning: Reckoning | None
    sitting_out: str | None


@dataclass(frozen=True)
class State:
    rounds: tuple[RoundResult[DealDetails], ...]
    totals: Mapping[str, int]
    dealer: int  # the seat who deals next
    moved: int  # how many times the deal has passed on (a turn is one pass per player)
    played: int  # deals played (passed deals aside)
    end_met: bool  # the game's end was met after some deal (it stays met while tied leaders play on)


def initial(setup: Setup) -> State:
    return State(
        rounds=(), totals={player: 0 for player in setup.players}, dealer=setup.dealer, moved=0, played=0, end_met=False
    )


def check_round(setup: Setup, state: State, raw: Any) -> dict[str, Any]:
    """The deal in canonical form, or :class:`Invalid` naming each field refused."""
    fields = entry.given(raw)
    if "passed" in fields:
        return entry.check_passed(setup, state.dealer, fields)
    return entry.check_played(setup, state.dealer, fields)


def announce(setup: Setup, state: State, stored: Mapping[str, Any], raw: Any) -> dict[str, Any]:
    """The taker, the contract and (at five) the called card said so far, ``raw``'s added (null takes
    one back), each checked as in a deal."""
    if not isinstance(raw, dict):
        raise invalid("input", N_("A round must be an object of fields."))
    unknown = [key for key in raw if key not in announced]
    if unknown:
        raise Invalid(
            [Problem(str(key)[:40], N_("Unknown field %(name)s."), {"name": str(key)[:40]}) for key in unknown]
        )
    merged = {key: value for key, value in {**stored, **raw}.items() if value is not None}
    checks = {
        "taker": lambda value: entry.check_taker(setup, state.dealer, value),
        "contract": lambda value: entry.check_contract(setup, value),
        "called": lambda value: entry.check_called(setup, value),
    }
    said: dict[str, Any] = {}
    problems: list[Problem] = []
    for key in announced:
        if key in merged:
            try:
                said[key] = checks[key](merged[key])
            except Invalid as error:
                problems.extend(error.problems)
    if problems:
        raise Invalid(problems)
    return said


def announced_facts(setup: Setup, state: State, stored: Mapping[str, Any]) -> dict[str, Any]:
    """The taker, contract and called card announced for the next deal (null: not yet)."""
    return {key: stored.get(key) for key in announced}


def _dealer_after(setup: Setup, state: State, deal: Mapping[str, Any]) -> int:
    """Who deals next: the next seat, but after everybody passed the option may keep the same dealer."""
    if deal.get("passed") and "petit_sec" not in deal:
        keep = setup.options["all_pass"] == "same_dealer" or (
            setup.options["all_pass"] == "fft" and table.sits_out(setup)
        )
        if keep:
            return state.dealer
    return table.neighbour(setup, state.dealer)


def _played(setup: Setup, dealer: int, deal: Mapping[str, Any]) -> tuple[dict[str, int], list[Event], DealDetails]:
    players, playing = setup.players, table.playing(setup, dealer)
    taker, partner = deal["taker"], deal.get("partner")
    points, bouts = entry.counted_points(deal)
    reckoning = reckon(setup.options, deal, points, bouts)
    scores = shares(players, playing, taker, partner, reckoning.value)
    outcome = Made if reckoning.made else Failed
    partnered = partner if partner != taker else None
    events: list[Event] = [outcome(taker, deal["contract"], entry.number(points), bouts, reckoning.margin, partnered)]
    if table.called_king(setup) and partner in (None, taker):
        events.append(Alone(taker))
    if deal["petit_au_bout"]:
        events.append(PetitAuBout(deal["petit_au_bout"]))
    events += [Poignee(poignee["player"], poignee["size"]) for poignee in deal["poignees"]]
    chelem = deal["chelem"]
    if chelem["made"] == "attack":
        events.append(AnnouncedChelem() if chelem["announced"] else Chelem("attack"))
    else:
        events += [ChelemFailed()] if chelem["announced"] else []
        events += [Chelem("defence")] if chelem["made"] == "defence" else []
    miseres = deal.get("miseres", ())
    events += [Misere(misere["player"], misere["kind"]) for misere in miseres]
    if setup.options["misere"] == "personal":
        extra = personal_miseres(players, playing, miseres)
        scores = {player: scores[player] + extra[player] for player in players}
    details = DealDetails(
        dealer=players[dealer],
        taker=taker,
        contract=deal["contract"],
        partner=partner,
        called=deal.get("called"),
        points=entry.number(points),
        bouts=bouts,
        reckoning=reckoning,
        sitting_out=table.sitting_out(setup, dealer),
    )
    return scores, events, details


def play(setup: Setup, state: State, round_input: Mapping[str, Any]) -> State:
    number = len(state.rounds) + 1
    players = setup.players
    if round_input.get("passed"):
        scores = {player: 0 for player in players}
        events: list[Event] = [Passed()]
        if "petit_sec" in round_input:
            events.append(PetitSec(round_input["petit_sec"]))
        details = DealDetails(
            players[state.dealer], None, None, None, None, None, None, None, table.sitting_out(setup, state.dealer)
        )
    else:
        scores, events, details = _played(setup, state.dealer, round_input)
    totals = {player: state.totals[player] + scores[player] for player in players}
    result = RoundResult(number, dict(round_input), scores, totals, tuple(events), details)
    dealer = _dealer_after(setup, state, round_input)
    moved = state.moved + (dealer != state.dealer)
    played = state.played + (not round_input.get("passed"))
    return State(
        rounds=state.rounds + (result,),
        totals=totals,
        dealer=dealer,
        moved=moved,
        played=played,
        end_met=state.end_met or _end_met(setup, moved, played, totals),
    )


def _end_met(setup: Setup, moved: int, played: int, totals: Mapping[str, int]) -> bool:
    """Every player has dealt the turns, the deals are played, or a total reached the target."""
    chosen = setup.options
    turns_done = chosen["turns"] is not None and moved >= chosen["turns"] * len(setup.players)
    deals_done = chosen["deals"] is not None and played >= chosen["deals"]
    reached = chosen["target"] is not None and max(totals.values()) >= chosen["target"]
    return turns_done or deals_done or reached


def is_over(setup: Setup, state: State) -> bool:
    """Over once the end has been met, unless the leaders are tied and the table plays on: then after the
    first deal that leaves one player alone in the lead, whoever is still at the target."""
    return state.end_met and (setup.options["tie"] == "share" or len(best(state.totals, True)) == 1)


def length(setup: Setup, state: State) -> int | None:
    """How many deals the game lasts, when that is known: turns at a table where every deal passes the
    deal on, and one more for each deal played on while the leaders are tied; else None."""
    chosen = setup.options
    keeps_dealer = chosen["all_pass"] == "same_dealer" or (chosen["all_pass"] == "fft" and table.sits_out(setup))
    if chosen["turns"] is None or keeps_dealer:
        return None
    return max(chosen["turns"] * len(setup.players), len(state.rounds) + 1)


def next_deal(setup: Setup, state: State) -> Next:
    """Who deals and who speaks first, the cards, the chien, the poignées' sizes, the game's length."""
    deal = table.deal_of(setup)
    facts: dict[str, Any] = {
        "first": table.first(setup, state.dealer),
        "cards_each": deal.cards_each,
        "chien": deal.chien,
        "poignee": dict(deal.poignees),
        "deals": length(setup, state),
    }
    if table.sits_out(setup):
        facts["sitting_out"] = table.sitting_out(setup, state.dealer)
    return Next(round=len(state.rounds) + 1, dealer=setup.players[state.dealer], facts=facts)


def standings(setup: Setup, state: State) -> Standings:
    over = is_over(setup, state)
    return Standings(
        rounds=state.rounds,
        totals=dict(state.totals),
        status="finished" if over else "playing",
        winners=best(state.totals, high_wins=True) if over else (),
        ranking=rank(state.totals, high_wins=True),
        next=None if over else next_deal(setup, state),
    )
