"""Queenie and its family (Newmarket, Michigan, Saratoga): one chip ledger, deal form, paper and play-along.

The four games share this package as they share the rules of ``shared/rules/stops.md``: each is its own
game (its own name, players and option defaults, its records kept apart), and Queenie's spec brings the
web face, static files and words they share. The others use Queenie's template folder.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from ..spec import DEAL, GameSpec, Sample
from . import events, examples, form, paper, records, rules

spec = GameSpec(
    rules=rules,
    round_form=form.QueenieRoundForm(),
    words=DEAL,
    events=events.EVENTS,
    paper=paper.PAPER,
    chart=paper.CHART,
    facts=rules.facts,
    web=f"{__name__}.web",  # the play-along's pages and the table page's last deal
    records=records.RECORDS,
    folder=Path(__file__).parent,
    samples=examples.SAMPLES,
)


def _family(game: rules.StopsGame, samples: tuple[Sample, ...], aliases: tuple[str, ...] = ()) -> GameSpec:
    """One of Queenie's family: Queenie's spec on that game's rules, sharing Queenie's templates, web face,
    static files and words (registered with Queenie's spec, once)."""
    return dataclasses.replace(
        spec,
        rules=game,
        paper=paper.paper_of(game.defaults),
        records=records.FAMILY_RECORDS,
        samples=samples,
        web=None,
        folder=None,
        templates=rules.name,
        aliases=aliases,
    )


newmarket = _family(rules.NEWMARKET, examples.NEWMARKET_SAMPLES)
michigan = _family(rules.MICHIGAN, examples.MICHIGAN_SAMPLES, ("Boodle", "Stops", "Chicago"))
saratoga = _family(rules.SARATOGA, examples.SARATOGA_SAMPLES)
