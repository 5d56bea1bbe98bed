"""French Tarot at three, four or five players: its rules, deal form, announce step and paper."""

from __future__ import annotations

from pathlib import Path

from ..spec import DEAL, Chart, GameSpec
from . import events, examples, form, paper, records, rules

spec = GameSpec(
    rules=rules,
    round_form=form.TarotRoundForm(),
    announce_form=form.TarotAnnounceForm(),
    words=DEAL,
    events=events.EVENTS,
    paper=paper.PAPER,
    chart=Chart(line=paper.target_line),
    records=records.RECORDS,
    folder=Path(__file__).parent,
    samples=examples.SAMPLES,
)
