"""The one owner of a game's derived state: what each page and write costs in calls to the rules.

Counted, never timed: the rules' ``play`` is one round replayed, ``check_round`` one input checked.
"""

from __future__ import annotations

from collections import Counter

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlite_utils import Database

from referee import gamestate, store
from referee.db import get_db
from referee.games.base import make_setup, replay_checked
from referee.games.spec import GameSpec, Sample
from referee.installed import rules_of
from referee.registry import GAMES
from tests.conftest import Api, count_calls
from tests.samples import SAMPLES, play, under_way
from tests.test_hardening import FOUR, ROUND_A, ROUND_B, correction_form, hearts, scored_game


def ten_hands(client: FlaskClient, api: Api) -> str:
    """A Hearts game of 10 hands (of 12), scored from ``client``."""
    game_id = api.create("hearts", FOUR, {"hands": 12}).json["id"]
    for number in range(10):
        assert api.add(game_id, ROUND_A if number % 2 else ROUND_B).status_code == 201
    assert client.post(f"/g/{game_id}/join/{api.keys[game_id]}").status_code == 303
    assert client.get(f"/g/{game_id}").status_code == 200
    return game_id


@pytest.mark.parametrize("path, number", [("/round", "11"), ("/round/4", "4")], ids=["next hand", "correction"])
def test_a_round_form_and_a_refused_round_replay_nothing(
    client: FlaskClient, api: Api, calls: Counter[str], path: str, number: str
) -> None:
    game_id = ten_hands(client, api)
    calls.clear()
    form = client.get(f"/g/{game_id}{path}")
    assert form.status_code == 200 and f'name="number" value="{number}"' in form.get_data(as_text=True)
    assert (calls["play"], calls["check_round"]) == (0, 0)
    wrong = correction_form({"number": number}, hearts([4, 3, 3, 2], "Bruno"))  # 12 hearts, not 13
    refused = client.post(f"/g/{game_id}{path}", data=wrong)
    assert refused.status_code == 422 and "13" in refused.get_data(as_text=True)
    assert (calls["play"], calls["check_round"]) == (0, 1)


def test_a_correction_checks_and_plays_only_the_rounds_from_it_on(
    client: FlaskClient, api: Api, calls: Counter[str]
) -> None:
    game_id = ten_hands(client, api)
    calls.clear()
    saved = client.post(f"/g/{game_id}/round/4", data=correction_form({"number": "4", "version": "10"}, ROUND_A))
    assert saved.status_code == 303
    # Hand 4 checked and played, hands 5 to 10 checked again and played: the table page after it, nothing.
    assert (calls["check_round"], calls["play"]) == (7, 7)
    assert client.get(f"/g/{game_id}").status_code == 200
    assert (calls["check_round"], calls["play"]) == (7, 7)


def test_a_game_is_replayed_once_per_version_without_checking_its_stored_rounds(
    app: Flask, client: FlaskClient, api: Api, calls: Counter[str]
) -> None:
    game_id = ten_hands(client, api)
    gamestate.forget()  # as in a process just started
    calls.clear()
    for _ in range(2):
        assert client.get(f"/g/{game_id}").status_code == 200
        assert client.get(f"/g/{game_id}/round").status_code == 200
        assert client.get(f"/g/{game_id}/round/3").status_code == 200
    assert (calls["play"], calls["check_round"]) == (10, 0)


def test_the_change_log_replays_nothing_its_rows_keep_what_it_shows(
    app: Flask, client: FlaskClient, api: Api, calls: Counter[str]
) -> None:
    game_id = scored_game(client, api, [ROUND_A, ROUND_B, ROUND_A])
    calls.clear()
    assert api.put(game_id, 1, ROUND_B).status_code == 200
    # The correction checks and plays the rounds from the one it changes, as before; what its audit row
    # keeps costs one standings (of the round corrected, in the version it makes) beside the answer's own.
    assert (calls["check_round"], calls["play"], calls["standings"]) == (3, 3, 2)
    assert api.put(game_id, 3, ROUND_B).status_code == 200
    gamestate.forget()  # as in a process just started
    calls.clear()
    with app.app_context():
        changes = store.change_log(get_db(), game_id).changes
        assert [change.action for change in changes] == ["add", "add", "add", "edit", "edit"]
        assert changes[-1].scores_after == {"Alice": 0, "Bruno": 6, "Chloé": 7, "Denis": 13}
        assert store.change_log(get_db(), game_id).changes is changes  # once per version
    assert sum(calls.values()) == 0


def test_a_round_number_past_the_next_one_is_checked_against_the_game_as_it_stands(app: Flask) -> None:
    """A form may post any number (a hostile one, or from a page long out of date): no replay, no error."""
    with app.app_context():
        setup = make_setup(rules_of("hearts"), FOUR, {"hands": 12})
        game_id, _key = store.create_game(get_db(), "hearts", setup)
        stored = store.add_round(get_db(), game_id, ROUND_A)
        assert gamestate.state_before(stored, 299999999) is gamestate.state(stored)
        assert gamestate.check(stored, 299999999, ROUND_B) == gamestate.check(stored, 2, ROUND_B)
        assert gamestate.state_before(stored, 0) is gamestate.states(stored)[0]


# ---------------------------------------------------------------------------
# Every registered game alike: a read replays nothing, a replay checks nothing, a correction checks what follows.


@pytest.fixture
def rules_calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The calls to every registered game's rules from now on, by name (as ``calls`` counts Hearts')."""
    return count_calls(monkeypatch, *(spec.rules for spec in GAMES.values()))


def scored(client: FlaskClient, api: Api, spec: GameSpec) -> tuple[str, Sample]:
    """The game's first sample still going on, played through the API and scored from ``client``."""
    sample = under_way(spec)
    game_id, _state = play(api, spec, sample)
    assert client.post(f"/g/{game_id}/join/{api.keys[game_id]}").status_code == 303
    assert client.get(f"/g/{game_id}").status_code == 200
    return game_id, sample


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_every_game_reads_its_round_forms_and_refuses_without_replaying(
    client: FlaskClient, api: Api, rules_calls: Counter[str], spec: GameSpec
) -> None:
    game_id, sample = scored(client, api, spec)
    last = len(sample.rounds)
    rules_calls.clear()
    for path, number in ((f"/g/{game_id}/round", last + 1), (f"/g/{game_id}/round/{last}", last)):
        form = client.get(path)
        assert form.status_code == 200 and f'name="number" value="{number}"' in form.get_data(as_text=True), path
        assert (rules_calls["play"], rules_calls["check_round"]) == (0, 0), path
        # An empty form is refused, by the form or by the rules (one check of it, against the state kept).
        refused = client.post(path, data={"number": str(number), "save": "1"})
        assert refused.status_code == 422, path
        assert rules_calls["play"] == 0 and rules_calls["check_round"] <= 1, path
        rules_calls.clear()


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_every_game_is_replayed_once_per_version_without_checking_its_stored_rounds(
    client: FlaskClient, api: Api, rules_calls: Counter[str], spec: GameSpec
) -> None:
    game_id, sample = scored(client, api, spec)
    gamestate.forget()  # as in a process just started
    rules_calls.clear()
    for _ in range(2):
        for path in ("", "/round", f"/round/{len(sample.rounds)}", "/round/1", "/sheet"):
            assert client.get(f"/g/{game_id}{path}").status_code == 200, path
    assert (rules_calls["play"], rules_calls["check_round"]) == (len(sample.rounds), 0)


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_every_game_checks_a_correction_and_the_rounds_after_it_and_nothing_else(
    client: FlaskClient, api: Api, rules_calls: Counter[str], spec: GameSpec
) -> None:
    game_id, sample = scored(client, api, spec)
    rounds = len(sample.rounds)
    number = max(rounds - 1, 1)  # the round before the last where there is one
    rules_calls.clear()
    assert api.put(game_id, number, sample.rounds[number - 1]).status_code == 200
    # The round corrected and each after it checked and played once; the pages after it, nothing.
    later = rounds - number + 1
    assert (rules_calls["check_round"], rules_calls["play"]) == (later, later)
    for path in ("", "/round", f"/round/{rounds}"):
        assert client.get(f"/g/{game_id}{path}").status_code == 200, path
    assert (rules_calls["check_round"], rules_calls["play"]) == (later, later)


@pytest.mark.parametrize(("spec", "sample"), SAMPLES)
def test_every_sample_played_from_its_stored_rounds_is_its_checked_replay(
    db: Database, spec: GameSpec, sample: Sample
) -> None:
    """A game no cache holds is played from its stored rounds without checking them (a cache miss): the
    state after every round, and the standings, are those of the checked replay, exactly (every round's
    scores, totals, events and details): what makes a rules module's fast paths safe."""
    setup = make_setup(spec.rules, list(sample.players), dict(sample.options), sample.dealer)
    _final, checked = replay_checked(spec.rules, setup, list(sample.rounds))
    after_each = [spec.rules.initial(setup)]
    for raw in sample.rounds:
        after_each.append(spec.rules.play(setup, after_each[-1], spec.rules.check_round(setup, after_each[-1], raw)))
    game_id, _key = store.create_game(db, spec.name, setup, checked)
    gamestate.forget()  # as in a process just started
    stored = store.load_game(db, game_id)
    assert tuple(gamestate.states(stored)) == tuple(after_each)
    assert stored.standings().rounds == spec.rules.standings(setup, after_each[-1]).rounds
