"""The caches sized for a club: a write replaces its game's entries, the bound is in games and in weight,
and a round form kept is the form made anew, with each phone's own tokens."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app, gamestate
from referee.cache import VERSIONS_KEPT, GameCache, VersionedCache, forget_everything
from referee.games.spec import GameSpec
from referee.registry import GAMES
from referee.views import rendering, sheets
from tests.conftest import Api
from tests.samples import creation, play, under_way
from tests.test_hardening import FOUR, ROUND_A


def test_a_new_version_replaces_the_oldest_kept_of_its_game() -> None:
    cache: GameCache[str] = GameCache(1000, weigh=len, games=10)
    for version in range(1, 6):
        cache.put("game", version, "x" * version)
        cache.put("game", version, "watched" + "x" * version, variant="watcher")
    assert VERSIONS_KEPT == 2
    assert [cache.get("game", version) for version in range(1, 6)] == [None, None, None, "xxxx", "xxxxx"]
    assert cache.get("game", 4, "watcher") == "watchedxxxx"
    # A game weighs what its newest version weighs (the one before shares it): 5 + 12 characters.
    assert (len(cache), cache.weight) == (1, 17)


def test_a_version_older_than_those_kept_is_made_but_not_kept() -> None:
    cache: GameCache[str] = GameCache(1000, weigh=len, games=10)
    cache.put("game", 7, "seven")
    cache.put("game", 8, "eight")
    assert cache.get_or_make("game", 6, lambda: "six, read before two writes") == "six, read before two writes"
    assert cache.get("game", 6) is None
    assert (cache.get("game", 7), cache.get("game", 8)) == ("seven", "eight")


def test_the_least_recently_used_game_goes_when_there_are_too_many_games_or_too_much_weight() -> None:
    cache: GameCache[str] = GameCache(100, weigh=len, games=3)
    for game in "abc":
        cache.put(game, 1, "x" * 10)
    assert cache.get("a", 1) == "x" * 10  # now the most recently used
    cache.put("d", 1, "x" * 10)
    assert [game for game in "abcd" if cache.get(game, 1) is not None] == ["a", "c", "d"]
    cache.put("e", 1, "y" * 85)  # 30 + 85 > 100: the least recently used go until it fits
    assert [game for game in "acde" if cache.get(game, 1) is not None] == ["d", "e"]
    assert cache.weight == 95
    cache.put("f", 1, "z" * 101)  # heavier than the whole budget: not kept, nothing pushed out
    assert (len(cache), cache.weight, cache.get("f", 1)) == (2, 95, None)
    cache.clear()
    assert (len(cache), cache.weight) == (0, 0)


def test_a_game_played_round_after_round_keeps_one_game_in_each_cache(client: FlaskClient, api: Api) -> None:
    gamestate.forget()
    rendering._table_pages.clear()
    game_id = api.create("hearts", FOUR, {"hands": 1000}).json["id"]
    for _ in range(30):
        assert api.add(game_id, ROUND_A).status_code == 201
        assert client.get(f"/g/{game_id}").status_code == 200
    page = client.get(f"/g/{game_id}").get_data()
    assert (len(gamestate._states), gamestate._states.weight) == (1, 31)
    assert (len(gamestate._standings), gamestate._standings.weight) == (1, 31)
    assert (len(rendering._table_pages), rendering._table_pages.weight) == (1, len(page))


def tokens(page: str) -> tuple[str, str]:
    """The page's CSRF token and queue token."""
    csrf = re.search(r'<input id="csrf_token" name="csrf_token" type="hidden" value="([^"]+)">', page)
    queue = re.search(r'data-queue-token="([^"]*)"', page)
    assert csrf is not None and queue is not None
    return csrf.group(1), queue.group(1)


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_a_kept_round_form_is_the_form_made_anew_with_each_phones_own_tokens(tmp_path: Path, spec: GameSpec) -> None:
    app = create_app({"DATABASE": str(tmp_path / "csrf.sqlite3"), "SECRET_KEY": "test-secret", "CREATE_LIMIT": "off"})
    api = Api(app.test_client())
    game_id, _state = play(api, spec, under_way(spec))
    phones = [joined(app, game_id, api.keys[game_id]) for _ in range(2)]
    for path in (f"/g/{game_id}/round", f"/g/{game_id}/round/1"):
        rendering._round_forms.clear()
        made, kept, other = (phone.get(path).get_data(as_text=True) for phone in (phones[0], phones[0], phones[1]))
        assert tokens(kept)[1] == tokens(made)[1] != tokens(other)[1]  # each phone's book, its own queue token
        assert all(tokens(page)[1] for page in (made, other))
        assert len(rendering._round_forms) == 1  # made once, for the first phone; kept for both
        assert without_tokens(kept) == without_tokens(made) == without_tokens(other)


def joined(app: Flask, game_id: str, key: str) -> FlaskClient:
    """A phone that opened the game's invitation and joined it (CSRF on: the token from the page)."""
    phone = app.test_client()
    page = phone.get(f"/g/{game_id}/join/{key}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token is not None
    assert phone.post(f"/g/{game_id}/join/{key}", data={"csrf_token": token.group(1)}).status_code == 303
    assert "can now enter" in phone.get(f"/g/{game_id}").get_data(as_text=True)  # the message said, once
    return phone


def without_tokens(page: str) -> str:
    return re.sub(r'(name="csrf_token" type="hidden" value|data-queue-token)="[^"]*"', "", page)


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_a_sheet_made_from_the_rows_kept_is_the_sheet_made_anew(client: FlaskClient, api: Api, spec: GameSpec) -> None:
    sample = under_way(spec)
    body = creation(spec, sample)
    game_id = api.create(body.pop("game"), body.pop("players"), body.pop("options"), **body).json["id"]
    for number, round_input in enumerate(sample.rounds, start=1):
        assert api.add(game_id, round_input).status_code == 201
        kept = client.get(f"/g/{game_id}/sheet").get_data(as_text=True)  # the rows before it reused
        assert f'<th scope="row">{number}</th>' in kept
        sheets._sheets.clear()
        sheets._sheet_rows.clear()
        assert client.get(f"/g/{game_id}/sheet").get_data(as_text=True) == kept, number
    assert api.delete(game_id, len(sample.rounds)).status_code == 200
    undone = client.get(f"/g/{game_id}/sheet").get_data(as_text=True)
    sheets._sheets.clear()
    sheets._sheet_rows.clear()
    assert client.get(f"/g/{game_id}/sheet").get_data(as_text=True) == undone


def test_forget_everything_empties_every_cache_the_app_and_the_rules_made(app: Flask, api: Api) -> None:
    game_id = api.create("hearts", FOUR).json["id"]
    assert api.add(game_id, ROUND_A).status_code == 201
    client = app.test_client()
    assert client.get(f"/g/{game_id}").status_code == 200
    assert client.get(f"/g/{game_id}/sheet").status_code == 200
    made_here = VersionedCache[int](10), GameCache[int](10)
    made_here[0].put("key", 1)
    made_here[1].put(game_id, 1, 1)
    kept = [rendering._table_pages, rendering._grid_rows, sheets._sheets, gamestate._states, *made_here]
    assert all(len(cache) for cache in kept)

    forget_everything()
    assert [len(cache) for cache in kept] == [0] * len(kept)
