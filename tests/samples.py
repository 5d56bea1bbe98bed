"""Every registered game's sample games (``referee/games/<game>/examples.py``), for the generic tests.

The generic tests take their games from here and never name one: a game registered with its
samples is tested everywhere by that alone.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from referee.games.spec import GameSpec, Sample
from referee.registry import GAMES
from tests.conftest import Api

SAMPLES = [
    pytest.param(spec, sample, id=f"{spec.name}-{sample.name}") for spec in GAMES.values() for sample in spec.samples
]
"""(spec, sample) of every sample of every registered game, with ids like ``hearts-finished``."""


def under_way(spec: GameSpec) -> Sample:
    """The game's first sample still going on (it has a round form to open)."""
    return next(sample for sample in spec.samples if not sample.finished)


def creation(spec: GameSpec, sample: Sample) -> dict[str, Any]:
    """The body that creates the sample's game through the JSON API."""
    body: dict[str, Any] = {"game": spec.name, "players": list(sample.players), "options": dict(sample.options)}
    if sample.dealer is not None:
        body["dealer"] = sample.dealer
    return body


def check_outcome(sample: Sample, state: dict[str, Any]) -> None:
    """The game's JSON state after the sample's rounds says what the sample says: finished or not, who won."""
    assert len(state["rounds"]) == len(sample.rounds)
    assert state["status"] == ("finished" if sample.finished else "playing")
    assert state["winners"] == list(sample.winners)


def play(api: Api, spec: GameSpec, sample: Sample) -> tuple[str, dict[str, Any]]:
    """The sample played through the JSON API: the game's id and its state after the last round."""
    body = creation(spec, sample)
    created = api.create(body.pop("game"), body.pop("players"), body.pop("options"), **body)
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    state = created.json
    for number, round_input in enumerate(sample.rounds, start=1):
        added = api.add(game_id, round_input)
        assert added.status_code == 201, (number, added.json)
        state = added.json
    check_outcome(sample, state)
    return game_id, state


RESULT_WORDS = {"side": "{} win!", "one": "{} wins!", "shared": "{} share the victory!"}
RESULT_WORDS_FR = {"side": "{} gagnent !", "one": "{} gagne !", "shared": "{} se partagent la victoire !"}


def result_words(sample: Sample, state: dict[str, Any], words: dict[str, str] = RESULT_WORDS) -> str:
    """What the pages and the sheet say of a finished sample's winners: a partnership (a side of the
    final ``state``) wins as one, players win alone or share the victory."""
    for side in state.get("sides", []):
        if len(side["players"]) > 1 and set(side["players"]) == set(sample.winners):
            return words["side"].format(side["name"])
    if len(sample.winners) == 1:
        return words["one"].format(sample.winners[0])
    return words["shared"].format(" & ".join(sample.winners))


def rounds_played(spec: GameSpec, count: int) -> str:
    """ "3 hands", "1 deal": the game's own word for its rounds, in English."""
    singular, plural = spec.words.count
    return (singular if count == 1 else plural) % {"num": count}


def text_of(html: str) -> str:
    """The words of a page, tags dropped and spaces collapsed."""
    body = re.sub(r"<(script|style|title|desc)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", body))).strip()


def big_words(html: str) -> list[str]:
    """What a page says in big letters: the result of the game (or that it goes on), in words."""
    return [text_of(said) for said in re.findall(r'<p class="big">(.*?)</p>', html, flags=re.S)]


def final_totals(state: dict[str, Any]) -> dict[str, int]:
    """Each side's total by its name in a game played in sides, else each player's."""
    if "sides" in state:
        return {side["name"]: side["total"] for side in state["sides"]}
    return dict(state["totals"])
