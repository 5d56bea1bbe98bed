"""Oh Hell (Contract Whist, Nomination Whist, Up and Down the River): its rules, round form and paper."""

from __future__ import annotations

from pathlib import Path

from ..spec import HAND, GameSpec
from . import events, examples, form, paper, records, rules

spec = GameSpec(
    rules=rules,
    round_form=form.OhHellRoundForm(),
    announce_form=form.OhHellAnnounceForm(),
    words=HAND,
    events=events.EVENTS,
    paper=paper.PAPER,
    records=records.RECORDS,
    folder=Path(__file__).parent,
    samples=examples.SAMPLES,
)
