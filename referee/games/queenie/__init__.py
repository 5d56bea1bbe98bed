"""Queenie, the chip game of the four queens: its rules, deal form, paper and play-along."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..spec import DEAL, GameSpec
from . import events, examples, form, paper, records, rules

if TYPE_CHECKING:
    from collections.abc import Sequence

    from flask import Blueprint
    from markupsafe import Markup

    from ..base import RoundResult


def _playalong() -> Blueprint:
    from .playalong import bp

    return bp


def _last_deal(players: Sequence[str], last: RoundResult) -> Markup:
    from .panels import last_deal

    return last_deal(players, last)


spec = GameSpec(
    rules=rules,
    round_form=form.QueenieRoundForm(),
    words=DEAL,
    events=events.EVENTS,
    paper=paper.PAPER,
    chart=paper.CHART,
    facts=lambda setup: {"chips_in_play": rules.chips_in_play(setup)},
    routes=_playalong,
    records=records.RECORDS,
    panels={"last_deal": _last_deal},
    folder=Path(__file__).parent,
    samples=examples.SAMPLES,
)
