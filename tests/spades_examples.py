"""Spades worked examples of shared/rules/spades.md, used by the rules and API tests.

A "before" state of the rule file (AC 250, BD 140; AC 8 bags) is reached by real hands:
:func:`hands_to` finds them. Under the default scoring a side's total and its bag count agree in
their last digit (bags are the only points not a multiple of ten, and a penalty takes ten bags with
100 points), so a state such as "BD 451, no bags" is reached in the rules' tests by building the
rules' state directly (:func:`state_at`), and through the API by the nearest state real hands reach.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any

import pytest

from referee.games.base import Setup
from referee.games.spades import rules as spades

TABLE = ["Alice", "Bruno", "Chloé", "Denis"]
AC, BD = "Alice & Chloé", "Bruno & Denis"


# Every option as the state shows it in a game of four made with none.
DEFAULT_OPTIONS = {
    "partnerships": True,
    "target": 500,
    "lose_at": -200,
    "nil": True,
    "nil_value": 100,
    "blind_nil": True,
    "blind_nil_deficit": 100,
    "failed_nil": "bags",
    "bag_limit": 10,
    "bag_penalty": 100,
    "set_scoring": "minus",
    "tie": "play_on",
}


def hand(bids: list[int], tricks: list[int], blind: tuple[str, ...] = (), players: list[str] = TABLE) -> dict[str, Any]:
    """A hand's input: bids and tricks in seat order, the blind nil bidders."""
    return {
        "bids": dict(zip(players, bids, strict=True)),
        "blind_nil": list(blind),
        "tricks": dict(zip(players, tricks, strict=True)),
    }


def state_at(setup: Setup, totals: tuple[int, int], bags: tuple[int, int] = (0, 0)) -> spades.State:
    """The rules' state before a hand with these side totals and bags [AC, BD]."""
    return spades.State(rounds=(), totals={AC: totals[0], BD: totals[1]}, bags={AC: bags[0], BD: bags[1]})


# SP1..SP16 played from the start or from a "before" state: id, options, before (totals, bags) or None,
# bids, tricks, blind nil bidders, hand scores [AC, BD], bags after [AC, BD].
HANDS = [
    pytest.param({}, None, [4, 2, 3, 3], [4, 3, 4, 2], (), [71, 50], [1, 0], id="SP1"),
    pytest.param({}, None, [4, 2, 3, 3], [3, 4, 3, 3], (), [-70, 52], [0, 2], id="SP2"),
    pytest.param({}, None, [3, 0, 4, 4], [3, 0, 4, 6], (), [70, 142], [0, 2], id="SP3"),
    pytest.param({"nil_value": 50}, None, [3, 0, 4, 4], [3, 0, 4, 6], (), [70, 92], [0, 2], id="SP3b"),
    pytest.param({"failed_nil": "bags"}, None, [3, 0, 4, 5], [3, 2, 4, 4], (), [70, -148], [0, 2], id="SP4"),
    pytest.param({"failed_nil": "count"}, None, [3, 0, 4, 5], [3, 2, 4, 4], (), [70, -49], [0, 1], id="SP4b"),
    pytest.param({"failed_nil": "none"}, None, [3, 0, 4, 5], [3, 2, 4, 4], (), [70, -150], [0, 0], id="SP4c"),
    pytest.param({}, ((250, 140), (0, 0)), [4, 5, 3, 0], [4, 6, 3, 0], ("Denis",), [70, 251], [0, 1], id="SP5"),
    pytest.param({}, ((250, 140), (0, 0)), [4, 5, 3, 0], [4, 5, 3, 1], ("Denis",), [70, -149], [0, 1], id="SP5b"),
    pytest.param({}, ((0, 0), (8, 0)), [3, 3, 2, 4], [4, 3, 4, 2], (), [-47, -70], [1, 0], id="SP6"),
    pytest.param({"bag_penalty": 50}, ((0, 0), (8, 0)), [3, 3, 2, 4], [4, 3, 4, 2], (), [3, -70], [1, 0], id="SP6b"),
    pytest.param({}, ((0, 0), (0, 9)), [5, 1, 5, 1], [0, 7, 0, 6], (), [-100, -169], [0, 0], id="SP7"),
    pytest.param({}, ((480, 470), (0, 0)), [3, 3, 3, 3], [3, 4, 3, 3], (), [60, 61], [0, 1], id="SP8"),
    pytest.param({"target": 300}, ((250, 260), (0, 0)), [3, 3, 3, 3], [3, 4, 3, 3], (), [60, 61], [0, 1], id="SP8b"),
    pytest.param({}, ((450, 451), (0, 0)), [3, 3, 3, 3], [3, 3, 4, 3], (), [61, 60], [1, 0], id="SP9"),
    pytest.param({}, ((120, -150), (0, 0)), [3, 4, 3, 3], [4, 3, 3, 3], (), [61, -70], [1, 0], id="SP10"),
    pytest.param({"set_scoring": "zero"}, None, [4, 2, 3, 3], [3, 4, 3, 3], (), [0, 52], [0, 2], id="SP11"),
    pytest.param({}, None, [0, 3, 0, 4], [0, 6, 1, 6], (), [1, 75], [1, 5], id="SP12"),
    pytest.param({"bag_limit": None}, ((0, 0), (9, 0)), [3, 3, 2, 4], [4, 3, 4, 2], (), [53, -70], [12, 0], id="SP13"),
]

# How each of those ends: (status, winners) after the hand.
ENDINGS = {
    "SP8": ("finished", TABLE[0::2]),
    "SP8b": ("finished", TABLE[1::2]),
    "SP9": ("playing", []),
    "SP10": ("finished", TABLE[0::2]),
}

# SP17: dealer, bids, tricks, blind nil bidders, hand scores [AC, BD], totals, bags, events.
SP17 = [
    ("Alice", [3, 4, 3, 2], [3, 4, 4, 2], (), [61, 60], [61, 60], [1, 0], ()),
    ("Bruno", [4, 3, 2, 3], [4, 2, 3, 4], (), [61, 60], [122, 120], [2, 0], ()),
    ("Chloé", [0, 4, 5, 3], [0, 4, 6, 3], (), [151, 70], [273, 190], [3, 0], ("nil:Alice",)),
    ("Denis", [2, 5, 2, 4], [3, 4, 2, 4], (), [41, -90], [314, 100], [4, 0], ("set:Bruno & Denis",)),
    ("Alice", [3, 3, 3, 2], [4, 3, 3, 3], (), [61, 51], [375, 151], [5, 1], ()),
    ("Bruno", [2, 0, 3, 4], [3, 1, 3, 6], (), [51, -57], [426, 94], [6, 4], ("nil_failed:Bruno",)),
    ("Chloé", [3, 6, 3, 0], [3, 7, 3, 0], ("Denis",), [60, 261], [486, 355], [6, 5], ("blind_nil:Denis",)),
    (
        "Denis",
        [3, 2, 2, 3],
        [5, 2, 4, 2],
        (),
        [-46, -50],
        [440, 305],
        [0, 5],
        ("bag_penalty:Alice & Chloé:100", "set:Bruno & Denis"),
    ),
    ("Alice", [4, 3, 3, 2], [4, 3, 4, 2], (), [71, 50], [511, 355], [1, 5], ()),
]
SP17_INPUTS = [hand(bids, tricks, blind) for _dealer, bids, tricks, blind, *_rest in SP17]


# --- real hands to a "before" state -----------------------------------------------------------------------


def _pair(total: int) -> list[int]:
    """A side's bid or tricks split between its two players (the first takes the odd one)."""
    return [total - total // 2, total // 2]


def _hand_of(ac: tuple[int, int], bd: tuple[int, int]) -> dict[str, Any]:
    """The hand where AC bid ac[0] and took ac[1], BD likewise (bids of 1 or more each: no nil)."""
    (ac_bid, ac_took), (bd_bid, bd_took) = ac, bd
    alice, chloe = _pair(ac_bid)
    bruno, denis = _pair(bd_bid)
    alice_took, chloe_took = _pair(ac_took)
    bruno_took, denis_took = _pair(bd_took)
    return hand([alice, bruno, chloe, denis], [alice_took, bruno_took, chloe_took, denis_took])


def _side_moves(took: int) -> list[tuple[int, int]]:
    """What a side that took ``took`` tricks can score without a bag, in tens, with its bid: its contract
    made exactly, or set."""
    made = [(took, took)] if took >= 2 else []
    return made + [(-bid, bid) for bid in range(max(2, took + 1), 14)]


@cache
def _moves() -> tuple[tuple[int, int, int, int, int], ...]:
    """Every bagless hand as (AC tens, BD tens, AC bid, AC tricks, BD bid)."""
    found = {}
    for ac_took in range(14):
        for ac_tens, ac_bid in _side_moves(ac_took):
            for bd_tens, bd_bid in _side_moves(13 - ac_took):
                found.setdefault((ac_tens, bd_tens), (ac_tens, bd_tens, ac_bid, ac_took, bd_bid))
    return tuple(found.values())


@cache
def _paths(low: tuple[int, int], high: tuple[int, int]) -> dict[tuple[int, int], tuple[int, int] | None]:
    """Breadth first from (0, 0), in tens, each side's count staying strictly between its ``low`` and
    ``high``: each pair reached and the one before it."""
    before: dict[tuple[int, int], tuple[int, int] | None] = {(0, 0): None}
    queue = deque([(0, 0)])
    steps = {(ac_tens, bd_tens) for ac_tens, bd_tens, *_bids in _moves()}
    while queue:
        ac, bd = here = queue.popleft()
        for ac_tens, bd_tens in steps:
            there = (ac + ac_tens, bd + bd_tens)
            if low[0] < there[0] < high[0] and low[1] < there[1] < high[1] and there not in before:
                before[there] = here
                queue.append(there)
    return before


def hands_to(totals: tuple[int, int], bags: tuple[int, int], target: int = 500, lose_at: int = -200) -> list[Any]:
    """Real hands, under the default scoring, from a new game to these side totals and bags [AC, BD]
    without ending it: a first hand with the bags as overtricks (if any), then hands without a bag."""
    inputs = []
    start = (0, 0)
    if bags != (0, 0):
        ac_bid = 2 if bags[0] + bags[1] <= 9 else 1
        bd_bid = 13 - bags[0] - bags[1] - ac_bid
        inputs.append(_hand_of((ac_bid, ac_bid + bags[0]), (bd_bid, bd_bid + bags[1])))
        start = (10 * ac_bid + bags[0], 10 * bd_bid + bags[1])
    wanted = (totals[0] - start[0], totals[1] - start[1])
    assert wanted[0] % 10 == 0 and wanted[1] % 10 == 0, "a total agrees with its bags in its last digit"
    # Strictly between lose_at and the target, in tens from the start: above the floor, below the ceiling.
    low = tuple((lose_at - side) // 10 for side in start)
    high = tuple(-((side - target) // 10) for side in start)
    step: tuple[int, int] | None = (wanted[0] // 10, wanted[1] // 10)
    paths = _paths((low[0], low[1]), (high[0], high[1]))
    route = []
    while step is not None and step != (0, 0):
        route.append(step)
        step = paths[step]
    moves = {(ac, bd): (ac_bid, ac_took, bd_bid) for ac, bd, ac_bid, ac_took, bd_bid in _moves()}
    previous = (0, 0)
    for here in reversed(route):
        ac_bid, ac_took, bd_bid = moves[(here[0] - previous[0], here[1] - previous[1])]
        inputs.append(_hand_of((ac_bid, ac_took), (bd_bid, 13 - ac_took)))
        previous = here
    return inputs
