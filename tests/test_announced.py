"""What the table announces before a round's play, stored ahead of the round, for any game that declares it.

Run on a tiny announcing game (``tests/announcing_game.py``); Oh Hell's worked examples go through
the same routes in ``tests/test_announced_ohhell.py``.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlite_utils import Database

from referee import store
from referee.db import get_db
from referee.games.base import Invalid, announced_keys, make_setup
from referee.games.spec import GameSpec, Sample
from referee.installed import rules_of
from referee.registry import GAMES
from tests.announcing_game import announcing  # noqa: F401 (a fixture)
from tests.conftest import Api, dump_database, rows
from tests.samples import creation, play
from tests.test_every_game import html_of, scorer

PLAYERS = ["Ann", "Ben", "Cat"]


@pytest.fixture
def game(db: Database, announcing: str) -> tuple[str, str]:  # noqa: F811
    """A new game of :data:`PLAYERS`: its id and key."""
    return store.create_game(db, announcing, make_setup(rules_of(announcing), PLAYERS, {}))


def announced_column(db: Database) -> Any:
    [row] = rows(db, "games")
    return None if row["announced"] is None else json.loads(row["announced"])


def test_parts_are_merged_and_stored_with_a_new_version(db: Database, game: tuple[str, str]) -> None:
    game_id, _key = game
    first = store.announce(db, game_id, {"calls": {"Ben": 1}})
    assert (first.version, first.announced) == (1, {"calls": {"Ben": 1}})
    second = store.announce(db, game_id, {"calls": {"Ann": 0, "Ben": 2}})
    assert (second.version, second.announced) == (2, {"calls": {"Ann": 0, "Ben": 2}})
    assert announced_column(db) == {"calls": {"Ann": 0, "Ben": 2}}
    assert store.load_game(db, game_id).standings().next.as_json() == {
        "round": 1,
        "dealer": "Ann",
        "cards": 3,
        "calls": {"Ann": 0, "Ben": 2},
        "called": 2,
    }


def test_a_part_that_changes_nothing_writes_nothing(db: Database, game: tuple[str, str]) -> None:
    game_id, _key = game
    store.announce(db, game_id, {"calls": {"Ben": 1}})
    assert store.announce(db, game_id, {"calls": {"Ben": 1}}).version == 1
    assert store.load_game(db, game_id).version == 1


def test_the_game_refuses_a_part_and_nothing_is_written(app, db: Database, game: tuple[str, str]) -> None:
    game_id, _key = game
    store.announce(db, game_id, {"calls": {"Ann": 0, "Ben": 0}})
    before = dump_database(app)
    with pytest.raises(Invalid) as refused:
        store.announce(db, game_id, {"calls": {"Cat": 0}})
    assert [(problem.field, problem.message) for problem in refused.value.problems] == [
        ("calls", "Somebody must call a trick.")
    ]
    assert dump_database(app) == before


def test_a_round_without_the_announced_part_takes_it_and_clears_it(db: Database, game: tuple[str, str]) -> None:
    game_id, _key = game
    store.announce(db, game_id, {"calls": {"Ann": 1, "Ben": 0, "Cat": 2}})
    added = store.add_round(db, game_id, {"tricks": {"Ann": 1, "Ben": 0, "Cat": 2}})
    assert added.inputs == ({"calls": {"Ann": 1, "Ben": 0, "Cat": 2}, "tricks": {"Ann": 1, "Ben": 0, "Cat": 2}},)
    assert added.announced == {} and announced_column(db) is None
    assert added.standings().next.facts == {"cards": 3, "calls": {}, "called": 0}


def test_an_incomplete_announcement_refuses_the_round_naming_the_player(db: Database, game: tuple[str, str]) -> None:
    game_id, _key = game
    store.announce(db, game_id, {"calls": {"Ann": 1, "Ben": 0}})
    with pytest.raises(Invalid) as refused:
        store.add_round(db, game_id, {"tricks": {"Ann": 1, "Ben": 0, "Cat": 2}})
    assert [problem.field for problem in refused.value.problems] == ["calls.Cat"]
    assert announced_column(db) == {"calls": {"Ann": 1, "Ben": 0}}


@pytest.mark.parametrize("change", ["correct", "undo", "add in one step"])
def test_every_write_to_the_rounds_clears_the_announcement(db: Database, game: tuple[str, str], change: str) -> None:
    game_id, _key = game
    one = {"calls": {"Ann": 1, "Ben": 1, "Cat": 1}, "tricks": {"Ann": 1, "Ben": 1, "Cat": 1}}
    store.add_round(db, game_id, one)
    store.announce(db, game_id, {"calls": {"Ann": 3}})
    if change == "correct":
        after = store.replace_round(db, game_id, 1, {**one, "tricks": {"Ann": 3, "Ben": 0, "Cat": 0}})
        assert after.inputs[0]["calls"] == one["calls"]  # a correction never uses what is stored
    elif change == "undo":
        after = store.undo_round(db, game_id, 1)
    else:
        after = store.add_round(db, game_id, {**one, "calls": {"Ann": 0, "Ben": 2, "Cat": 1}})
        assert after.inputs[1]["calls"] == {"Ann": 0, "Ben": 2, "Cat": 1}  # the given part, not the stored one
    assert after.announced == {} and announced_column(db) is None
    assert store.load_game(db, game_id).announced == {}


def test_the_announcement_is_for_the_next_round_only(db: Database, game: tuple[str, str]) -> None:
    game_id, _key = game
    with pytest.raises(store.Conflict):
        store.announce(db, game_id, {"calls": {"Ann": 1}}, 2)
    assert store.announce(db, game_id, {"calls": {"Ann": 1}}, 1).announced == {"calls": {"Ann": 1}}


def test_clearing_forgets_it_once(db: Database, game: tuple[str, str]) -> None:
    game_id, _key = game
    store.announce(db, game_id, {"calls": {"Ann": 1}})
    assert store.clear_announced(db, game_id).version == 2
    assert store.clear_announced(db, game_id).version == 2
    assert announced_column(db) is None


def test_a_finished_game_takes_no_announcement(db: Database, game: tuple[str, str]) -> None:
    game_id, _key = game
    one = {"calls": {"Ann": 1, "Ben": 1, "Cat": 1}, "tricks": {"Ann": 1, "Ben": 1, "Cat": 1}}
    for _ in range(2):
        store.add_round(db, game_id, one)
    with pytest.raises(store.Conflict):
        store.announce(db, game_id, {"calls": {"Ann": 1}})


def test_a_game_without_an_announced_part_refuses_it(db: Database) -> None:
    game_id, _key = store.create_game(db, "hearts", make_setup(rules_of("hearts"), ["A", "B", "C", "D"], {}))
    with pytest.raises(Invalid) as refused:
        store.announce(db, game_id, {"hearts": {}})
    assert [problem.field for problem in refused.value.problems] == ["announced"]


# ---------------------------------------------------------------------------
# Through the API


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_the_route_answers_the_state_with_what_is_announced(client: FlaskClient, game: tuple[str, str]) -> None:
    game_id, key = game
    path = f"/api/v1/games/{game_id}/announced"
    answer = client.put(path, json={"calls": {"Cat": 2}}, headers=auth(key))
    assert answer.status_code == 200 and answer.headers["ETag"] == '"1"'
    assert answer.json["next"]["calls"] == {"Cat": 2} and answer.json["next"]["called"] == 2
    assert client.get(f"/api/v1/games/{game_id}").json["next"]["calls"] == {"Cat": 2}
    refused = client.put(path, json={"calls": {"Zed": 2}}, headers=auth(key))
    assert refused.status_code == 422 and refused.json["errors"][0]["field"] == "calls.Zed"
    assert client.put(path, data="{}", headers=auth(key), content_type="text/plain").status_code == 415
    assert client.put(path, json={"calls": {"Cat": 1}}).status_code == 401
    assert client.put(path, json={"calls": {"Cat": 1}}, headers=auth("wrong")).status_code == 403
    assert client.delete(path).status_code == 401
    cleared = client.delete(path, headers=auth(key))
    assert cleared.status_code == 200 and cleared.json["next"]["calls"] == {}
    assert client.get(f"/api/v1/games/{game_id}/announced").status_code == 405


def test_the_route_takes_if_match_and_the_expected_round(client: FlaskClient, game: tuple[str, str]) -> None:
    game_id, key = game
    path = f"/api/v1/games/{game_id}/announced"
    stale = client.put(path, json={"calls": {"Ann": 1}}, headers={**auth(key), "If-Match": '"3"'})
    assert stale.status_code == 409 and stale.json["version"] == 0
    wrong_round = client.put(path, json={"calls": {"Ann": 1}, "round": 2}, headers=auth(key))
    assert wrong_round.status_code == 409 and wrong_round.json["errors"][0]["field"] == "round"
    assert client.put(path, json={"calls": {"Ann": 1}, "round": 1}, headers=auth(key)).status_code == 200


# ---------------------------------------------------------------------------
# Every registered game with an announced part, from its samples: each round announced first (through the
# API, then through the announce step's page) and completed by the rest is the round entered in one step.

ANNOUNCING_SAMPLES = [
    pytest.param(spec, sample, id=f"{spec.name}-{sample.name}")
    for spec in GAMES.values()
    if announced_keys(spec.rules)
    for sample in spec.samples
    if sample.rounds
]


def split(spec: GameSpec, round_input: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A round's input as its announced part and the rest."""
    keys = announced_keys(spec.rules)
    announced = {key: value for key, value in round_input.items() if key in keys}
    return announced, {key: value for key, value in round_input.items() if key not in keys}


@pytest.mark.parametrize(("spec", "sample"), ANNOUNCING_SAMPLES)
def test_every_round_of_a_sample_announced_first_is_the_round_entered_at_once(
    api: Api, spec: GameSpec, sample: Sample
) -> None:
    one_step, _state = play(api, spec, sample)
    body = creation(spec, sample)
    game_id = api.create(body.pop("game"), body.pop("players"), body.pop("options"), **body).json["id"]
    path = f"/api/v1/games/{game_id}/announced"
    version = 0
    for number, round_input in enumerate(sample.rounds, start=1):
        announced, rest = split(spec, dict(round_input))
        if announced:  # a round may announce nothing (a deal where everybody passed)
            before = api.get(game_id).json
            stored = api.client.put(path, json={**announced, "round": number}, headers=api.auth(game_id))
            assert stored.status_code == 200, (number, stored.json)
            version += 1
            assert stored.headers["ETag"] == f'"{version}"'  # a new version for it
            assert stored.json["next"] != before["next"]  # every phone is shown what was announced
        version += 1
        added = api.add(game_id, rest)
        assert added.status_code == 201, (number, added.json)
    assert api.get(game_id).json["rounds"] == api.get(one_step).json["rounds"]


@pytest.mark.parametrize(("spec", "sample"), ANNOUNCING_SAMPLES)
def test_the_announce_step_fills_in_the_round_form(
    app: Flask, api: Api, client: FlaskClient, spec: GameSpec, sample: Sample
) -> None:
    unplayed = dataclasses.replace(sample, rounds=(), winners=())
    game_id, _state = scorer(api, client, spec, unplayed)
    announce_form = spec.announce_form
    assert announce_form is not None
    stored = store_of(app, game_id)
    announced, rest = split(spec, dict(sample.rounds[0]))
    values = announce_form.values(stored.setup, announced, stored.standings().next)
    assert client.get(f"/g/{game_id}/announce").status_code == 200
    saved = client.post(f"/g/{game_id}/announce", data={**values, "number": "1", "save": "1"})
    assert saved.status_code == 303, saved.get_data(as_text=True)
    assert store_of(app, game_id).announced == announced
    round_form = html_of(client, f"/g/{game_id}/round")
    for field, value in values.items():
        assert re.search(rf'name="{re.escape(field)}"[^>]*value="{re.escape(value)}"', round_form), field
    watched = html_of(app.test_client(), f"/g/{game_id}")
    assert "data-announced" in watched and f"/g/{game_id}/announce" not in watched
    assert api.add(game_id, rest).status_code == 201
    assert store_of(app, game_id).announced == {}


def store_of(app: Flask, game_id: str) -> store.StoredGame:
    with app.app_context():
        return store.load_game(get_db(), game_id)
