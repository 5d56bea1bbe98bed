"""Scoring Piquet deals into the partie: Rubicon's six deals, or au cent's race to the target.
Each deal's lines and the moments its points are scored (:class:`Step`) follow the reckoning
order blanche → point → sequences → sets → play → cards, which decides the pique and, au
cent, who reached the target first (the rest of that deal does not count). The deal
alternates: the dealer is younger. These are the game functions the app folds over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, Details, Next, RoundResult, Setup, Standings, invalid, rank
from .entry import Entry, parse_round, stored_entry
from .events import BY_WORD, RoleEvent, TargetReached
from .play import (
    PIQUE_BONUS,
    History,
    cards_line,
    pique_at,
    pique_candidate,
    pique_chance,
    scoring_mask,
)
from .reckoning import ROLES, Line, Reckoning, other, reckon

RUBICON_DEALS = 6
RUBICON_MOST_DEALS = 8
RUBICON_LINE = 100
RUBICON_BONUS = 100
DOUBLE_LINE = 50
DEFAULT_TARGET = 100


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
    events: tuple[RoleEvent, ...]


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
        mask = scoring_mask(single, play.points, None)
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
        mask = scoring_mask(single, entry.play.points, None)
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
    cards = cards_line(entry.play.tricks)
    lines.append(cards)
    if cards.role is not None:
        steps.append(Step(cards.role, cards.points, len(lines) - 1, atom))
    events = _deal_events(reckoning, pique, cards, names)
    return Deal(entry, reckoning, tuple(lines), tuple(steps), pique, pique_trick, events)


def _deal_events(
    reckoning: Reckoning, pique: str | None, cards: Line, names: Mapping[str, str]
) -> tuple[RoleEvent, ...]:
    def event(word: str, role: str) -> RoleEvent:
        return BY_WORD[word](role, names.get(role))

    events = [event(item, found) for item, found in reckoning.verdicts.items() if found is not None]
    if reckoning.repique is not None:
        events.append(event("repique", reckoning.repique))
    if pique is not None:
        events.append(event("pique", pique))
    events.append(event(cards.item, cards.role or "equal"))
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
    steps = deal.steps
    gains = dict.fromkeys(ROLES, 0)
    for step in steps:
        gains[step.role] += step.points
    if all(before[role] + gains[role] < target for role in ROLES):
        return Finish(None, len(steps), None)  # nobody reaches it in this deal: every step counts
    running = dict(before)
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


@dataclass(frozen=True)
class DealDetails(Details):
    """A deal for the pages: its number, who was elder and younger (the dealer), how it was entered,
    each role's combinations and the verdicts, who repiqued and piqued, the play, every scored line
    (``{"item", "role", "points", "counted", "detail"}``, ``counted`` being what counts au cent), the
    scores by role, and au cent who reached the target where (``{"role", "name", "item", "trick"}``)."""

    deal: int
    elder: str
    younger: str
    entry: dict[str, str]
    combinations: dict[str, dict[str, Any]]
    verdicts: dict[str, str | None]
    repique: str | None
    pique: str | None
    play: dict[str, Any]
    lines: list[dict[str, Any]]
    scores: dict[str, int]
    target: dict[str, Any] | None


@dataclass(frozen=True)
class State:
    """The partie so far: every deal scored, the totals by name, and au cent who reached the target."""

    rounds: tuple[RoundResult[DealDetails], ...]
    totals: Mapping[str, int]
    winner: str | None = None  # au cent: the first to reach the target


def settle_options(players: Sequence[str], chosen: Mapping[str, Any]) -> dict[str, Any]:
    """Au cent, a target left out is :data:`DEFAULT_TARGET`; a Rubicon partie keeps none (it means nothing there)."""
    settled = dict(chosen)
    if settled["partie"] == "cent" and settled["target"] is None:
        settled["target"] = DEFAULT_TARGET
    return settled


def check_setup(setup: Setup) -> None:
    """The target means something only au cent: a Rubicon partie refuses one, even of the default's value."""
    if setup.options["partie"] != "cent" and setup.options["target"] is not None:
        raise invalid(
            "options.target",
            N_("A target is only played au cent: a Rubicon partie is six deals, so leave the target out."),
        )


def roles_for_deal(setup: Setup, number: int) -> dict[str, str]:
    """Role → name in deal ``number`` (1-based): the dealer is younger, and the deal alternates."""
    dealer = setup.players[(setup.dealer + number - 1) % 2]
    return {"elder": setup.players[(setup.dealer + number) % 2], "younger": dealer}


def initial(setup: Setup) -> State:
    return State(rounds=(), totals={player: 0 for player in setup.players})


def check_round(setup: Setup, state: State, raw: Any) -> dict[str, Any]:
    """The deal in canonical form; refuses what cannot have happened or what is left unsettled."""
    names = roles_for_deal(setup, len(state.rounds) + 1)
    canonical, entry, histories = parse_round(setup, raw, names)
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


def _details(setup: Setup, number: int, outcome: Outcome) -> DealDetails:
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
    return DealDetails(
        deal=number,
        dealer=names["younger"],
        elder=names["elder"],
        younger=names["younger"],
        entry={"combinations": deal.entry.form, "play": "trick_winners" if play.winners else "totals"},
        combinations=combos,
        verdicts=dict(deal.reckoning.verdicts),
        repique=deal.reckoning.repique,
        pique=deal.pique,
        play={
            "points": dict(play.points),
            "tricks": dict(play.tricks),
            "trick_winners": play.winners,
            "pique_trick": deal.pique_trick,
        },
        lines=[
            {
                "item": line.item,
                "role": line.role,
                "points": line.points,
                "counted": counted[index],
                "detail": dict(line.detail),
            }
            for index, line in enumerate(deal.lines)
        ],
        scores=dict(outcome.scores),
        target=target,
    )


def play(setup: Setup, state: State, round_input: Mapping[str, Any]) -> State:
    number = len(state.rounds) + 1
    names = roles_for_deal(setup, number)
    entry, histories = stored_entry(setup, round_input)
    outcome = _outcome(setup, state, entry, histories)
    scores = {player: 0 for player in setup.players}
    for role in ROLES:
        scores[names[role]] = outcome.scores[role]
    totals = {player: state.totals[player] + scores[player] for player in setup.players}
    events = outcome.deal.events
    if outcome.finish.winner is not None:
        events = events + (TargetReached(outcome.finish.winner, names[outcome.finish.winner]),)
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


def next_deal(setup: Setup, number: int) -> Next:
    names = roles_for_deal(setup, number)
    return Next(
        round=number,
        dealer=names["younger"],
        facts={"elder": names["elder"], "younger": names["younger"], "deal": number},
    )


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
