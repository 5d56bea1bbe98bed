"""One deal scored: what the cards did (:class:`Play`), then the classique's or the coinche's table.

Teams are 0 (the 1st and 3rd players) and 1; scores are by team. The belote classique's litige only
says how much waits; the rules' state carries it to the next deal (:mod:`.rules`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import Event, Setup
from .announcements import Comparison, compare
from .cards import CARD_POINTS, pile_points, rounded
from .entry import CAPOT, read_announcements
from .events import Announcements, Belote, Capot, Coinched, Dedans, Failed, Litige, Made, Surcoinched, Verdict
from .table import ROLES, playing_order, team_name, team_of

BELOTE_POINTS = 20
COINCHE_FACTOR = 2


def other(team: int) -> int:
    return 1 - team


@dataclass(frozen=True)
class Play:
    """What the cards of a deal did, by team: card points (the capot's points after a capot), the winning
    announcements (a capot takes them all), the belote points; who took and who made a capot."""

    takers: int
    cards: tuple[int, int]
    capot: int | None
    comparison: Comparison
    announcements: tuple[int, int]
    belote: tuple[int, int]
    belote_players: tuple[str, ...]

    @property
    def defenders(self) -> int:
        return other(self.takers)

    def role(self, team: int) -> str:
        return ROLES[0] if team == self.takers else ROLES[1]


def play_of(setup: Setup, deal: Mapping[str, Any], dealer: int) -> Play:
    """A canonical deal's card play, announcements and belote, by team."""
    takers = team_of(setup, deal["taker"])
    taker_points = _taker_points(deal)
    capot = None
    if deal["capot"]:
        capot = takers if taker_points == CARD_POINTS else other(takers)
    cards = (taker_points, CARD_POINTS - taker_points) if takers == 0 else (CARD_POINTS - taker_points, taker_points)
    if capot is not None:
        cards = tuple(setup.options["capot_points"] if team == capot else 0 for team in (0, 1))  # type: ignore[assignment]
    team_by_player = {player: team_of(setup, player) for player in setup.players}
    comparison = compare(
        read_announcements(deal),
        team_by_player,
        playing_order(setup, dealer),
        deal["trump"],
        setup.options["announce_tie"],
    )
    won = comparison.points
    if capot is not None and comparison.winner is not None:
        won = tuple(sum(won) if team == capot else 0 for team in (0, 1))  # type: ignore[assignment]
    holders = deal["belote"] if isinstance(deal["belote"], list) else [deal["belote"]] if deal["belote"] else []
    belote = tuple(BELOTE_POINTS * sum(team_of(setup, name) == team for name in holders) for team in (0, 1))
    return Play(takers, cards, capot, comparison, won, belote, tuple(holders))  # type: ignore[arg-type]


def _taker_points(deal: Mapping[str, Any]) -> int:
    if "points" in deal:
        return int(deal["points"]["takers"])
    ((role, text),) = ((role, text) for role, text in deal["cards"].items() if role in ROLES)
    pile = text.split()
    points = pile_points(pile, deal["trump"], deal["cards"]["last_trick"] == role)
    return points if role == ROLES[0] else CARD_POINTS - points


@dataclass(frozen=True)
class Scored:
    """A deal's outcome: each team's score, the contract totals (takers', defenders'), the outcome
    (``made``, ``dedans``, ``failed``, ``litige``), the points it puts in suspense, the belote points each
    team scored (for ``belote_finish``), the team that won the deal (None: a litige) and its events."""

    scores: tuple[int, int]
    totals: tuple[int, int]
    outcome: str
    held: int
    belote: tuple[int, int]
    winner: int | None
    events: tuple[Event, ...]


def contract_totals(setup: Setup, play: Play) -> tuple[int, int]:
    """The takers' and the defenders' totals that decide the contract (option ``contract_points``)."""
    counted = setup.options["contract_points"]

    def total(team: int) -> int:
        points = play.cards[team]
        if counted != "cards_only":
            points += play.announcements[team]
        if counted == "all":
            points += play.belote[team]
        return points

    return total(play.takers), total(play.defenders)


def _by_team(play: Play, takers: int, defenders: int) -> tuple[int, int]:
    return (takers, defenders) if play.takers == 0 else (defenders, takers)


def _verdict(
    kind: type[Verdict], setup: Setup, deal: Mapping[str, Any], play: Play, totals: tuple[int, int], **more: Any
) -> Verdict:
    """The deal's outcome as an event of ``kind``, told with who took at what and the totals that decided it."""
    return kind(
        team_name(setup, play.takers), deal["taker"], deal["trump"], deal.get("contract"), totals[0], totals[1], **more
    )


def _common_events(setup: Setup, play: Play) -> list[Event]:
    events: list[Event] = []
    if play.capot is not None:
        events.append(Capot(play.role(play.capot), team_name(setup, play.capot)))
    comparison = play.comparison
    if comparison.void:
        events.append(Announcements("void"))
    elif comparison.winner is not None:
        scorer = play.capot if play.capot is not None else comparison.winner
        events.append(Announcements(play.role(scorer), team_name(setup, scorer), sum(play.announcements)))
    events += [Belote(name) for name in play.belote_players]
    return events


def score_classique(setup: Setup, deal: Mapping[str, Any], play: Play) -> Scored:
    """Belote classique: made, dedans or litige (option ``litige``)."""
    options = setup.options
    r = options["rounding"]
    t, d = play.takers, play.defenders
    totals = contract_totals(setup, play)
    if play.capot == d or totals[0] < totals[1]:
        outcome = "dedans"
    elif totals[0] > totals[1]:
        outcome = "made"
    else:
        outcome = {"suspend": "litige", "dedans": "dedans", "made": "made"}[options["litige"]]
    kept = options["belote_when_losing"] == "kept"
    held = 0
    if outcome == "made":
        taker_score = rounded(play.cards[t], r) + play.announcements[t] + play.belote[t]
        defender_score = rounded(play.cards[d], r) + play.announcements[d] + play.belote[d]
        belote = (play.belote[t], play.belote[d])
        winner: int | None = t
        verdict = _verdict(Made, setup, deal, play, totals)
    elif outcome == "dedans":
        base = options["capot_points"] if play.capot == d else CARD_POINTS
        taken_belote = 0 if kept else play.belote[t]
        taker_score = play.belote[t] if kept else 0
        defender_score = rounded(base, r) + sum(play.announcements) + play.belote[d] + taken_belote
        belote = (taker_score, play.belote[d] + taken_belote)
        winner = d
        verdict = _verdict(Dedans, setup, deal, play, totals)
    else:
        held = rounded(play.cards[t], r) + play.announcements[t]
        taker_score = play.belote[t]
        defender_score = rounded(play.cards[d], r) + play.announcements[d] + play.belote[d]
        belote = (play.belote[t], play.belote[d])
        winner = None
        verdict = _verdict(Litige, setup, deal, play, totals, points=held)
    return Scored(
        scores=_by_team(play, taker_score, defender_score),
        totals=totals,
        outcome=outcome,
        held=held,
        belote=_by_team(play, *belote),
        winner=winner,
        events=(verdict, *_common_events(setup, play)),
    )


def contract_value(deal: Mapping[str, Any]) -> int:
    """K: the contract's value, a capot's 250."""
    return 250 if deal["contract"] == CAPOT else int(deal["contract"])


def multiplier(setup: Setup, deal: Mapping[str, Any]) -> int:
    """m: 1, 2 coinched, 4 (or 3, option ``surcoinche``) surcoinched."""
    return {None: 1, "coinche": COINCHE_FACTOR, "surcoinche": setup.options["surcoinche"]}[deal["coinche"]]


def coinche_made(setup: Setup, deal: Mapping[str, Any], play: Play, totals: tuple[int, int]) -> bool:
    """A capot contract is made by all eight tricks; any other by the contract reached (and, with
    ``beat_defenders``, more than the defenders), never after a capot by the defenders."""
    if deal["contract"] == CAPOT:
        return play.capot == play.takers
    beaten = totals[0] > totals[1] or not setup.options["beat_defenders"]
    return play.capot != play.defenders and totals[0] >= contract_value(deal) and beaten


def _coinche_points(setup: Setup, deal: Mapping[str, Any], play: Play, made: bool) -> tuple[int, int, tuple[int, int]]:
    """The winners' score, the losers' and the belote points each scored (winners, losers)."""
    options = setup.options
    r = options["rounding"]
    contract, m = contract_value(deal), multiplier(setup, deal)
    winner, loser = (play.takers, play.defenders) if made else (play.defenders, play.takers)
    if options["made_scoring"] == "contract_only":
        return contract * m, 0, (0, 0)
    if made and m == 1:
        t, d = play.takers, play.defenders
        takers = rounded(play.cards[t], r) + play.announcements[t] + play.belote[t] + contract
        return (
            takers,
            rounded(play.cards[d], r) + play.announcements[d] + play.belote[d],
            (play.belote[t], play.belote[d]),
        )
    all_eight = play.capot == winner or (deal["contract"] == CAPOT and options["failed_capot_base"] == "capot")
    base = rounded(options["capot_points"] if all_eight else CARD_POINTS, r)
    kept = options["belote_when_losing"] == "kept"
    won_belote = play.belote[winner] + (0 if kept else play.belote[loser])
    multiplied = won_belote if options["belote_multiplied"] else 0
    if options["coinche_scoring"] == "all":
        winners = (base + sum(play.announcements) + contract + multiplied) * m
    else:
        winners = base + sum(play.announcements) + (contract + multiplied) * m
    losers = play.belote[loser] if kept else 0
    return winners + won_belote - multiplied, losers, (won_belote, losers)


def score_coinche(setup: Setup, deal: Mapping[str, Any], play: Play) -> Scored:
    """Coinche: the contract made or failed, scored by option ``made_scoring`` (and the coinche's)."""
    totals = contract_totals(setup, play)
    made = coinche_made(setup, deal, play, totals)
    winner = play.takers if made else play.defenders
    winners, losers, belote = _coinche_points(setup, deal, play, made)
    events: list[Event] = [_verdict(Made if made else Failed, setup, deal, play, totals)]
    if deal["coinche"] is not None:
        events.append(Coinched())
    if deal["coinche"] == "surcoinche":
        events.append(Surcoinched())
    return Scored(
        scores=(winners, losers) if winner == 0 else (losers, winners),
        totals=totals,
        outcome="made" if made else "failed",
        held=0,
        belote=belote if winner == 0 else (belote[1], belote[0]),
        winner=winner,
        events=(*events, *_common_events(setup, play)),
    )
