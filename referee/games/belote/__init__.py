"""Belote and Coinche, two games sharing one package: its rules, deal form, paper and records.

``belote`` (belote classique: trumps taken from a turned card) and ``coinche`` (trumps and a contract
bid at auction) are registered as two games (:data:`specs`), as tables name them; they share the cards,
announcements, belote, capot, rounding, teams and end of game (``shared/rules/belote.md``).
"""

from __future__ import annotations

from pathlib import Path

from ..spec import DEAL, Chart, GameSpec
from . import events, examples, form, paper, records, rules


def _spec(game: rules.BeloteRules, samples: tuple[examples.Sample, ...]) -> GameSpec:
    return GameSpec(
        rules=game,
        round_form=form.BeloteRoundForm(coinche=game.coinche),
        announce_form=form.BeloteAnnounceForm(coinche=game.coinche),
        words=DEAL,
        events=events.EVENTS,
        paper=paper.COINCHE_PAPER if game.coinche else paper.PAPER,
        chart=Chart(line=paper.target_line),
        records=records.RECORDS,
        folder=Path(__file__).parent,
        samples=samples,
        # Both games' pages come from templates/belote/, which tells them apart by ``stored.game``.
        templates=rules.BELOTE.name if game.coinche else None,
    )


belote = _spec(rules.BELOTE, examples.BELOTE_SAMPLES)
coinche = _spec(rules.COINCHE, examples.COINCHE_SAMPLES)
specs = (belote, coinche)
