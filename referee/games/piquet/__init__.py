"""Piquet (Rubicon or au cent): its rules, deal form, paper and the stand-alone referee route."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..spec import DEAL, GameSpec
from . import events, examples, form, paper, records, rules

if TYPE_CHECKING:
    from flask import Blueprint


def _referee_route() -> Blueprint:
    from .web import bp

    return bp


spec = GameSpec(
    rules=rules,
    round_form=form.PiquetRoundForm(),
    words=DEAL,
    events=events.EVENTS,
    paper=paper.PAPER,
    chart=paper.CHART,
    routes=_referee_route,
    records=records.RECORDS,
    folder=Path(__file__).parent,
    samples=examples.SAMPLES,
)
