"""Belote classique and Coinche as two games sharing these rules (``shared/rules/belote.md``).

:data:`BELOTE` and :data:`COINCHE` are the two games' rules (:class:`referee.games.base.Game` and
:class:`~referee.games.base.Announcing`): the taker and the trumps, and in Coinche the contract and the
coinche, are said before the play; the card play, the belote and the announcements are entered after it.
Four players in two teams of partners sitting opposite: each player's ``scores`` and ``totals`` show
their team's (``sides``). The end of the game: a target, or a number of deals, with the options that
settle a tie.
"""

from __future__ import annotations

from collections.abc import Mapping
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
    Side,
    Standings,
    only_fields,
    rank,
)
from . import options as game_options
from .entry import check_coinche, check_contract, check_deal, check_not_passed, check_taker, check_trump
from .events import Award, Passed
from .scoring import Scored, play_of, score_classique, score_coinche
from .table import TEAMS, cut_seat, first_seat, seat_after, team_name, team_of_seat, team_players

__all__ = ["BELOTE", "COINCHE", "BeloteRules", "DealDetails", "State"]


@dataclass(frozen=True)
class DealDetails(Details):
    """A deal for the pages: who took, the trumps, the contract and coinche (Coinche), the outcome
    (``made``, ``dedans``, ``failed``, ``litige``, ``passed``), the contract totals (takers', defenders')
    and the litige points waiting after it."""

    taker: str | None = None
    trump: str | None = None
    contract: int | str | None = None
    coinche: str | None = None
    outcome: str = "passed"
    contract_totals: tuple[int, int] = (0, 0)
    held: int = 0


@dataclass(frozen=True)
class State:
    """The game after some deals: each team's total, the litige points waiting, the seat that deals next,
    the deals played (passed ones aside), the belote of the last deal that does not count towards the
    target (``belote_finish``) and the team that won it (None: a litige or a passed deal)."""

    rounds: tuple[RoundResult[DealDetails], ...]
    totals: tuple[int, int]
    held: int
    dealer: int
    played: int
    uncounted: tuple[int, int] = (0, 0)
    last_winner: int | None = None


@dataclass(eq=False)
class BeloteRules:
    """One of the two games: ``coinche`` says which. (Not frozen, as a rules module is not: a test may
    wrap its functions to count the calls.)"""

    name: str
    title: str
    coinche: bool
    options: tuple[Option, ...]
    announced: tuple[str, ...]
    min_players: int = 4
    max_players: int = 4

    # --- setup and state --------------------------------------------------------------------------------

    def check_setup(self, setup: Setup) -> None:
        """Every option is checked on its own; none depends on another."""

    def initial(self, setup: Setup) -> State:
        return State(rounds=(), totals=(0, 0), held=0, dealer=setup.dealer, played=0)

    # --- entering a deal --------------------------------------------------------------------------------

    def check_round(self, setup: Setup, state: State, raw: Any) -> dict[str, Any]:
        return check_deal(setup, raw, self.coinche)

    def announce(self, setup: Setup, state: State, stored: Mapping[str, Any], raw: Any) -> dict[str, Any]:
        """What was said so far: each part given replaces the stored one (null takes it back). A passed
        deal (nobody took) replaces everything; anything else said replaces a passed deal."""
        fields = only_fields(raw, self.announced)
        if fields.get("passed") is True:
            return {"passed": True}
        problems: list[Problem] = []
        merged = {key: value for key, value in stored.items() if key != "passed"}
        checks = {
            "passed": check_not_passed,
            "taker": lambda value: check_taker(setup, value),
            "trump": lambda value: check_trump(setup, value, self.coinche),
            "contract": check_contract,
            "coinche": check_coinche,
        }
        for key, value in fields.items():
            if value is None:
                merged.pop(key, None)
                continue
            try:
                merged[key] = checks[key](value)
            except Invalid as error:
                problems.extend(error.problems)
        if problems:
            raise Invalid(problems)
        return {key: merged[key] for key in self.announced if merged.get(key) is not None}

    def announced_facts(self, setup: Setup, state: State, stored: Mapping[str, Any]) -> dict[str, Any]:
        """What was said before the play, and the team that took (null until a taker is said)."""
        taker = stored.get("taker")
        facts = {key: stored.get(key) for key in self.announced}
        facts["passed"] = bool(stored.get("passed"))
        takers = None if taker is None else team_name(setup, team_of_seat(setup.seat(taker)))
        return {**facts, "takers": takers}

    # --- playing a deal ---------------------------------------------------------------------------------

    def play(self, setup: Setup, state: State, deal: Mapping[str, Any]) -> State:
        number = len(state.rounds) + 1
        dealer = setup.players[state.dealer]
        if deal.get("passed"):
            scored = None
            scores, held, uncounted, winner = (0, 0), state.held, (0, 0), None
            events: tuple[Event, ...] = (Passed(),)
            details = DealDetails(dealer, held=held)
        else:
            play = play_of(setup, deal, state.dealer)
            scored = score_coinche(setup, deal, play) if self.coinche else score_classique(setup, deal, play)
            scores, events = scored.scores, scored.events
            held, winner = state.held + scored.held, scored.winner
            if winner is not None and state.held:
                scores = tuple(score + (state.held if team == winner else 0) for team, score in enumerate(scores))  # type: ignore[assignment]
                events += (Award(play.role(winner), team_name(setup, winner), state.held),)
                held = 0
            uncounted = _uncounted(setup, scored, scores)
            details = DealDetails(
                dealer,
                taker=deal["taker"],
                trump=deal["trump"],
                contract=deal.get("contract"),
                coinche=deal.get("coinche"),
                outcome=scored.outcome,
                contract_totals=scored.totals,
                held=held,
            )
        totals = (state.totals[0] + scores[0], state.totals[1] + scores[1])
        sides = tuple(
            Side(team_name(setup, team), team_players(setup, team), scores[team], totals[team]) for team in TEAMS
        )
        result = RoundResult(
            number,
            dict(deal),
            _by_player(setup, scores),
            _by_player(setup, totals),
            events,
            details,
            sides,
        )
        same_dealer = scored is None and setup.options["passed_deal"] == "same"
        return State(
            rounds=state.rounds + (result,),
            totals=totals,
            held=held,
            dealer=state.dealer if same_dealer else seat_after(setup, state.dealer),
            played=state.played + (0 if scored is None else 1),
            uncounted=uncounted,
            last_winner=winner,
        )

    # --- the end ----------------------------------------------------------------------------------------

    def winning_teams(self, setup: Setup, state: State) -> tuple[int, ...]:
        """The teams that won, once the game is over; none while it goes on."""
        if not state.rounds:
            return ()
        options = setup.options
        if options["deals"] is not None:
            return _higher(setup, state) if state.played >= options["deals"] else ()
        counted = [state.totals[team] - state.uncounted[team] for team in TEAMS]
        reached = tuple(team for team in TEAMS if counted[team] >= options["target"])
        if len(reached) < 2:
            return reached
        return TEAMS if options["both_reach"] == "draw" else _higher(setup, state)

    def is_over(self, setup: Setup, state: State) -> bool:
        return bool(self.winning_teams(setup, state))

    def next_deal(self, setup: Setup, state: State) -> Next:
        """Who deals, who cuts and who is first (and the litige points waiting, in Belote)."""
        facts: dict[str, Any] = {
            "first": setup.players[first_seat(setup, state.dealer)],
            "cut": setup.players[cut_seat(setup, state.dealer)],
        }
        if not self.coinche:
            facts["held"] = state.held
        return Next(round=len(state.rounds) + 1, dealer=setup.players[state.dealer], facts=facts)

    def standings(self, setup: Setup, state: State) -> Standings:
        won = self.winning_teams(setup, state)
        last = state.rounds[-1].sides if state.rounds else ()
        sides = tuple(
            Side(team_name(setup, team), team_players(setup, team), last[team].score if last else 0, state.totals[team])
            for team in TEAMS
        )
        totals = _by_player(setup, state.totals)
        winners = tuple(player for seat, player in enumerate(setup.players) if team_of_seat(seat) in won)
        return Standings(
            rounds=state.rounds,
            totals=totals,
            status="finished" if won else "playing",
            winners=winners,
            ranking=_ranking(setup, totals, won),
            next=None if won else self.next_deal(setup, state),
            sides=sides,
        )


def _by_player(setup: Setup, by_team: tuple[int, ...]) -> dict[str, int]:
    """Each player shows their team's figure."""
    return {player: by_team[team_of_seat(seat)] for seat, player in enumerate(setup.players)}


def _uncounted(setup: Setup, scored: Scored, scores: tuple[int, ...]) -> tuple[int, int]:
    """With ``belote_finish`` off: the belote of a team that scored nothing else in the deal."""
    if setup.options["belote_finish"]:
        return (0, 0)
    return tuple(  # type: ignore[return-value]
        scored.belote[team] if scored.belote[team] and scores[team] == scored.belote[team] else 0 for team in TEAMS
    )


def _higher(setup: Setup, state: State) -> tuple[int, ...]:
    """The team on the higher total; equal totals follow option ``tie``."""
    first, second = state.totals
    if first != second:
        return (0,) if first > second else (1,)
    tie = setup.options["tie"]
    if tie == "share":
        return TEAMS
    if tie == "last_deal" and state.last_winner is not None:
        return (state.last_winner,)
    return ()


def _ranking(setup: Setup, totals: Mapping[str, int], won: tuple[int, ...]) -> tuple[tuple[int, str], ...]:
    """Best first: by total, except that a team that won with the lower total (the other passing the target
    only with a belote that does not count) comes first."""
    if len(won) != 1:
        return rank(totals, high_wins=True)
    winners = [player for seat, player in enumerate(setup.players) if team_of_seat(seat) in won]
    losers = [player for player in setup.players if player not in winners]
    return tuple([(1, player) for player in winners] + [(3, player) for player in losers])


BELOTE = BeloteRules(
    name="belote",
    title=N_("Belote"),
    coinche=False,
    options=game_options.BELOTE,
    announced=("passed", "taker", "trump"),
)
COINCHE = BeloteRules(
    name="coinche",
    title=N_("Coinche"),
    coinche=True,
    options=game_options.COINCHE,
    announced=("passed", "taker", "trump", "contract", "coinche"),
)
