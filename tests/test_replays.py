"""Kept replays (referee.store.replays): a game no cache holds is played on from the state a write kept,
never from one its rounds or the rules' code no longer make. Counted, never timed."""

from __future__ import annotations

import os
import pickle
from collections import Counter
from typing import Any

import pytest
from flask.testing import FlaskClient
from sqlite_utils import Database

from referee import gamestate, store
from referee.cache import forget_everything
from referee.games.base import Later, held_details, make_setup, replay_checked
from referee.games.spec import GameSpec, Sample
from referee.installed import rules_of
from referee.registry import GAMES
from tests.conftest import Api, count_calls, rows
from tests.samples import SAMPLES, play, under_way
from tests.test_hardening import FOUR, ROUND_A, ROUND_B, hearts


@pytest.fixture(autouse=True)
def shelve_every_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write that played a round keeps its state: the samples are shorter than SHELVE_AFTER."""
    monkeypatch.setattr(gamestate, "SHELVE_AFTER", 1)


def kept(db: Database, game_id: str) -> dict[str, Any] | None:
    """The game's replays row, without its pickled state."""
    found = [{key: value for key, value in row.items() if key != "state"} for row in rows(db, "replays")]
    return next((row for row in found if row["game_id"] == game_id), None)


def replayed(game: str, stored: store.StoredGame) -> list[Any]:
    """The state after each stored round, played from the start by the rules."""
    rules = rules_of(game)
    after_each = [rules.initial(stored.setup)]
    for round_input in stored.inputs:
        after_each.append(rules.play(stored.setup, after_each[-1], round_input))
    return after_each


def ten_hands(db: Database) -> str:
    """A Hearts game of 10 hands (of 12), kept on the shelf after its 10th: written to with no cache holding it."""
    setup = make_setup(rules_of("hearts"), FOUR, {"hands": 12})
    inputs = [ROUND_A if number % 2 else ROUND_B for number in range(9)]
    game_id, _key = store.create_game(db, "hearts", setup, replay_checked(rules_of("hearts"), setup, inputs)[1])
    gamestate.forget()
    store.add_round(db, game_id, ROUND_B)
    row = kept(db, game_id)
    assert row is not None and (row["code"], row["rounds"]) == (gamestate.code_digest("hearts"), 9)
    return game_id


def played_from_the_start(db: Database, game_id: str, calls: Counter[str]) -> None:
    """The game read with no cache holding it plays every stored round from the start, to its replay's state."""
    gamestate.forget()
    calls.clear()
    stored = store.load_game(db, game_id)
    last = gamestate.state(stored)
    assert calls["play"] == len(stored.inputs)
    assert last == replayed("hearts", stored)[-1]


@pytest.mark.parametrize(("spec", "sample"), [sample for sample in SAMPLES if len(sample.values[1].rounds) > 1])
def test_every_sample_played_on_from_its_kept_replay_is_its_replay_from_the_start(
    db: Database, monkeypatch: pytest.MonkeyPatch, spec: GameSpec, sample: Sample
) -> None:
    """Every game's state pickles and reads back whole: every round's scores, totals, events and details."""
    setup = make_setup(spec.rules, list(sample.players), dict(sample.options), sample.dealer)
    checked = replay_checked(spec.rules, setup, list(sample.rounds))[1]
    game_id, _key = store.create_game(db, spec.name, setup, checked[:-1])
    gamestate.forget()  # as in a process just started: the write plays the stored rounds, then keeps their state
    store.add_round(db, game_id, checked[-1])
    assert kept(db, game_id)["rounds"] == len(checked) - 1  # type: ignore[index]
    gamestate.forget()
    calls = count_calls(monkeypatch, spec.rules)
    stored = store.load_game(db, game_id)
    last = gamestate.state(stored)
    assert calls["play"] == 1  # the last round only: the others are read back
    assert last == replayed(spec.name, stored)[-1]
    made = spec.rules.standings(setup, replayed(spec.name, stored)[-1])
    assert (stored.standings().rounds, stored.standings().totals) == (made.rounds, made.totals)
    # The states before the kept round (a correction's, its form's) are played from the start when asked for.
    assert list(gamestate.states(stored)) == replayed(spec.name, stored)


def test_a_correction_of_an_early_round_is_never_answered_from_the_state_kept_before_it(
    db: Database, calls: Counter[str]
) -> None:
    game_id = ten_hands(db)
    before = store.load_game(db, game_id).standings().totals
    corrected = store.replace_round(db, game_id, 2, ROUND_B)  # kept after round 9: round 2 changes them all
    gamestate.forget()
    calls.clear()
    stored = store.load_game(db, game_id)
    assert stored.standings().totals == corrected.standings().totals != before
    assert calls["play"] == 10  # every round, from the start
    made = rules_of("hearts").standings(stored.setup, replayed("hearts", stored)[-1])
    assert stored.standings().totals == made.totals


def test_an_undone_round_is_never_answered_from_the_state_kept_after_it(db: Database, calls: Counter[str]) -> None:
    game_id = ten_hands(db)
    gamestate.forget()
    store.add_round(db, game_id, ROUND_A)  # kept after round 10
    store.undo_round(db, game_id, 11)
    store.undo_round(db, game_id, 10)
    store.add_round(db, game_id, ROUND_A)  # round 10 again, another hand than the one kept
    played_from_the_start(db, game_id, calls)


def test_the_state_kept_by_other_rules_code_is_never_read(
    db: Database, calls: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = ten_hands(db)
    monkeypatch.setattr(gamestate, "code_digest", lambda game: "another version of the rules")
    played_from_the_start(db, game_id, calls)


def test_a_kept_state_naming_anything_but_the_games_classes_is_not_read(db: Database, calls: Counter[str]) -> None:
    game_id = ten_hands(db)
    db.execute("update replays set state = ? where game_id = ?", [pickle.dumps(os.getcwd), game_id])
    played_from_the_start(db, game_id, calls)


def test_only_a_write_keeps_a_replay(client: FlaskClient, api: Api, db: Database, calls: Counter[str]) -> None:
    game_id = api.create("hearts", FOUR, {"hands": 12}).json["id"]
    for number in range(4):
        assert api.add(game_id, hearts([4, 3, 3, 3], FOUR[number])).status_code == 201
    forget_everything()
    calls.clear()
    assert client.get(f"/api/v1/games/{game_id}").status_code == 200  # a read plays the rounds, and keeps nothing
    assert kept(db, game_id) is None and calls["play"] == 4
    forget_everything()
    assert api.add(game_id, ROUND_B).status_code == 201
    assert kept(db, game_id)["rounds"] == 4  # type: ignore[index]
    forget_everything()
    calls.clear()
    answer = client.get(f"/api/v1/games/{game_id}").json
    assert calls["play"] == 1
    stored = store.load_game(db, game_id)
    assert answer["totals"] == rules_of("hearts").standings(stored.setup, replayed("hearts", stored)[-1]).totals
    # Each player's 3 hearts a hand (Alice 4) and the queen once (13), then ROUND_B: Bruno 6, Chloé 7, Denis 13.
    assert answer["totals"] == {"Alice": 29, "Bruno": 31, "Chloé": 32, "Denis": 38}


def test_a_game_every_write_found_cached_is_kept_every_shelve_every_rounds(
    api: Api, db: Database, calls: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(gamestate, "SHELVE_EVERY", 4)
    game_id = api.create("hearts", FOUR, {"hands": 12}).json["id"]
    for number in range(1, 7):
        assert api.add(game_id, hearts([4, 3, 3, 3], FOUR[number % 4])).status_code == 201
        assert (kept(db, game_id) or {}).get("rounds") == (4 if number >= 4 else None)
    forget_everything()
    calls.clear()
    stored = store.load_game(db, game_id)
    last = gamestate.state(stored)
    assert calls["play"] == 2  # rounds 5 and 6, past the state kept after the 4th
    assert last == replayed("hearts", stored)[-1]


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_every_game_shows_the_same_pages_from_its_kept_replay(
    client: FlaskClient, api: Api, db: Database, spec: GameSpec
) -> None:
    """The details a kept replay holds still to be made (what the pages show of each round) are the replay's."""
    sample = under_way(spec)
    game_id, _state = play(api, spec, sample)
    assert client.post(f"/g/{game_id}/join/{api.keys[game_id]}").status_code == 303
    assert client.get(f"/g/{game_id}").status_code == 200  # its message said
    forget_everything()
    assert api.put(game_id, len(sample.rounds), sample.rounds[-1]).status_code == 200  # a write: kept
    assert kept(db, game_id) is not None
    forget_everything()
    stored = store.load_game(db, game_id)
    first = gamestate.states(stored)[-1]
    assert isinstance(held_details(stored.standings().rounds[0]), Later)  # not read yet
    pages = [client.get(f"/g/{game_id}{path}").get_data(as_text=True) for path in ("", "/sheet")]
    db.execute("delete from replays")
    forget_everything()
    assert [client.get(f"/g/{game_id}{path}").get_data(as_text=True) for path in ("", "/sheet")] == pages
    assert first == gamestate.state(store.load_game(db, game_id))
