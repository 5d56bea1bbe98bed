"""A tiny game whose round is partly announced before the play, for the generic tests of that mechanism.

Each player calls how many of three tricks they will take (at least one call above 0: the table's
"hook"); after the play each player's tricks are entered, and a call met scores 1. Two rounds.
Installed beside the registered games by the fixture ``announcing``, it names no real game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from flask import Flask

from referee import installed
from referee.games.base import (
    Details,
    Invalid,
    Next,
    Problem,
    RoundResult,
    Setup,
    Standings,
    best,
    only_fields,
    per_player,
    rank,
    whole_number,
)
from referee.registry import GAMES

NAME = "calls"
ROUNDS = 2


def _count(value: Any, where: str) -> int:
    return whole_number(value, where, 0, 3)


class Calls:
    name = NAME
    title = "Calls"
    min_players = 2
    max_players = 4
    options = ()
    announced = ("calls",)

    def check_setup(self, setup: Setup) -> None:
        return None

    def initial(self, setup: Setup) -> tuple[RoundResult, ...]:
        return ()

    def check_round(self, setup: Setup, state: Any, raw: Any) -> dict[str, Any]:
        fields = only_fields(raw, ("calls", "tricks"))
        calls = per_player(setup, fields.get("calls"), "calls", _count)
        _refuse_all_nothing(calls)
        return {"calls": calls, "tricks": per_player(setup, fields.get("tricks"), "tricks", _count)}

    def play(self, setup: Setup, state: Any, round_input: Mapping[str, Any]) -> tuple[RoundResult, ...]:
        totals = state[-1].totals if state else dict.fromkeys(setup.players, 0)
        scores = {name: int(round_input["calls"][name] == round_input["tricks"][name]) for name in setup.players}
        after = {name: totals[name] + scores[name] for name in setup.players}
        number = len(state) + 1
        return (*state, RoundResult(number, round_input, scores, after, (), Details(setup.players[0])))

    def is_over(self, setup: Setup, state: Any) -> bool:
        return len(state) >= ROUNDS

    def standings(self, setup: Setup, state: Any) -> Standings:
        totals = state[-1].totals if state else dict.fromkeys(setup.players, 0)
        over = self.is_over(setup, state)
        return Standings(
            rounds=state,
            totals=totals,
            status="finished" if over else "playing",
            winners=best(totals, high_wins=True) if over else (),
            ranking=rank(totals, high_wins=True),
            next=None if over else Next(len(state) + 1, setup.players[0], {"cards": 3}),
        )

    def announce(self, setup: Setup, state: Any, stored: Mapping[str, Any], raw: Any) -> dict[str, Any]:
        given = only_fields(raw, self.announced).get("calls")
        if not isinstance(given, dict):
            raise Invalid([Problem("calls", "Give the calls as an object.")])
        unknown = [Problem(f"calls.{name}", "Not a player.") for name in given if name not in setup.players]
        if unknown:
            raise Invalid(unknown)
        calls = {**stored.get("calls", {}), **{name: _count(value, f"calls.{name}") for name, value in given.items()}}
        calls = {name: calls[name] for name in setup.players if name in calls}
        if len(calls) == len(setup.players):
            _refuse_all_nothing(calls)
        return {"calls": calls}

    def announced_facts(self, setup: Setup, state: Any, stored: Mapping[str, Any]) -> Mapping[str, Any]:
        calls = dict(stored.get("calls", {}))
        return {"calls": calls, "called": sum(calls.values())}


def _refuse_all_nothing(calls: Mapping[str, int]) -> None:
    if not any(calls.values()):
        raise Invalid([Problem("calls", "Somebody must call a trick.")])


@pytest.fixture
def announcing(app: Flask) -> Iterator[str]:
    """The game :data:`NAME` served beside the registered ones (its pages and forms are Points')."""
    spec = dataclasses.replace(next(iter(GAMES.values())), rules=Calls())
    installed.install({**GAMES, NAME: spec})
    yield NAME
    installed.install(GAMES)
