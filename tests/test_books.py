"""Books (« carnets ») through the pages: every game kept without limit, a book on several phones, the
keys of older sessions moved to a book, players' records replayed from the rules, the rematch, the change log."""

from __future__ import annotations

import html
import io
import re
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app, db, gamestate, store
from referee.records import same_player
from referee.registry import GAMES
from referee.store import history
from referee.views.access import BOOK_COOKIE
from tests.conftest import Api, dump_database, held_key
from tests.samples import play
from tests.test_pages import PLAYERS, hand_form, new_game_form, start_hearts
from tests.test_piquet_rules import P8_WINNERS, RUBICONED_DEALS, P

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """As the shared fixture, without a limit on how fast one address creates games (a test makes 200)."""
    yield create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "books.sqlite3"),
            "SECRET_KEY": "books-tests",
            "WTF_CSRF_ENABLED": False,
            "CREATE_LIMIT": None,
        }
    )


def book_cookie(client: FlaskClient) -> tuple[str, str]:
    cookie = client.get_cookie(BOOK_COOKIE)
    assert cookie is not None, "this phone has no book"
    book_id, _, key = cookie.value.partition(".")
    return book_id, key


def game_links(html: str) -> list[str]:
    return re.findall(r'href="/g/([A-Za-z0-9_-]{22})"', html)


def listed(client: FlaskClient, query: str = "") -> list[str]:
    """Every game id the book's pages list, following "Older games" to the last page."""
    found: list[str] = []
    url: str | None = f"/book{query}"
    while url is not None:
        response = client.get(url)
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        found += game_links(html)
        older = re.search(r'rel="next" href="([^"]+)"', html)
        url = older.group(1).replace("&amp;", "&") if older else None
    return found


# ---------------------------------------------------------------------------
# A book keeps every game, without limit


def test_two_hundred_games_from_one_phone_are_all_listed_and_editable(client: FlaskClient) -> None:
    made = [start_hearts(client).rsplit("/", 1)[1] for _ in range(200)]
    assert len(set(made)) == 200
    book_id, key = book_cookie(client)
    # The phone holds its book's id and key only: no game key rides in its cookies.
    cookie = client.get_cookie(BOOK_COOKIE)
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"
    assert len(cookie.value) < 80
    with client.session_transaction() as session:
        assert "keys" not in session
    # All 200 listed, each once, newest first (a page at a time).
    shown = listed(client)
    assert sorted(shown) == sorted(made)
    assert "200 games" in client.get("/").get_data(as_text=True)
    # All 200 editable, the very first one too (the session of old kept only the last 30).
    for game_id in made:
        assert client.get(f"/g/{game_id}/round").status_code == 200, game_id
    time.sleep(1.1)  # times are kept to the second: play the first game a second after the last was made
    first = client.post(f"/g/{made[0]}/round", data=hand_form(1, [2, 4, 0, 7], 1))
    assert first.status_code == 303
    assert f'href="/g/{made[0]}/round/1"' in client.get(f"/g/{made[0]}").get_data(as_text=True)
    # The most recently played is now listed first.
    assert listed(client)[0] == made[0]
    assert (book_id, key) == book_cookie(client)


def test_the_cookie_is_secure_when_the_session_cookie_is(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "secure.sqlite3"),
            "SECRET_KEY": "books-tests",
            "WTF_CSRF_ENABLED": False,
            "SESSION_COOKIE_SECURE": True,
        }
    )
    response = app.test_client().post("/new/hearts", data=new_game_form(PLAYERS))
    (header,) = [value for value in response.headers.getlist("Set-Cookie") if value.startswith(f"{BOOK_COOKIE}=")]
    assert "Secure" in header and "HttpOnly" in header and "SameSite=Lax" in header
    assert "Max-Age=315360000" in header  # ten years


def test_the_book_filters_by_game(client: FlaskClient) -> None:
    hearts = {start_hearts(client).rsplit("/", 1)[1] for _ in range(3)}
    response = client.post("/new/points", data=new_game_form(["Ann", "Bob"]))
    assert response.status_code == 303
    points = response.headers["Location"].rsplit("/", 1)[1]
    assert set(listed(client)) == hearts | {points}
    assert set(listed(client, "?game=hearts")) == hearts
    assert listed(client, "?game=points") == [points]
    page = client.get("/book").get_data(as_text=True)
    assert 'href="/book?game=hearts"' in page and "Hearts (3)" in page and "Points (1)" in page
    assert client.get("/book?game=chess").status_code == 404
    assert client.get("/book?page=2").status_code == 404
    assert client.get("/book?page=x").status_code == 404


def test_a_phone_without_a_book_is_told_how_it_gets_one(app: Flask, client: FlaskClient) -> None:
    before = dump_database(app)
    for path in ("/", "/book", "/book/players"):
        assert client.get(path).status_code == 200
    assert "This phone has no book yet." in client.get("/book").get_data(as_text=True)
    assert client.get("/book/share").status_code == 303
    assert client.get_cookie(BOOK_COOKIE) is None
    assert dump_database(app) == before  # looking made no book


def one_off(key: str) -> str:
    """The key with its last character changed: never the key itself."""
    return key[:-1] + ("y" if key.endswith("x") else "x")


def test_a_forged_or_stale_book_cookie_is_no_book(app: Flask, client: FlaskClient) -> None:
    start_hearts(client)
    book_id, key = book_cookie(client)
    stranger = app.test_client()
    for value in (f"{book_id}.{one_off(key)}", f"nope.{key}", "garbage", f"{book_id}.{'x' * 500}"):
        stranger.set_cookie(BOOK_COOKIE, value)
        assert "This phone has no book yet." in stranger.get("/book").get_data(as_text=True)
        assert stranger.get("/book/share").status_code == 303


# ---------------------------------------------------------------------------
# A book on several phones


def open_link(client: FlaskClient) -> str:
    page = client.get("/book/share")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    html = page.get_data(as_text=True)
    assert "can enter, correct and undo rounds of every game in this book" in html
    assert 'src="data:image/svg+xml' in html
    (link,) = set(re.findall(r'href="(http://localhost/book/open/[^"]+)"', html))
    return link.removeprefix("http://localhost")


def test_a_book_opened_on_a_second_phone_edits_the_same_games(app: Flask, client: FlaskClient) -> None:
    games = [start_hearts(client).rsplit("/", 1)[1] for _ in range(3)]
    link = open_link(client)
    book_id, key = book_cookie(client)
    assert link == f"/book/open/{book_id}/{key}"

    second = app.test_client()
    own = start_hearts(second, ["Eve", "Fay", "Gus"]).rsplit("/", 1)[1]  # the second phone's own game
    assert second.post(f"/g/{games[0]}/round", data=hand_form(1, [2, 4, 0, 7], 1)).status_code == 403
    asked = second.get(link)
    assert asked.status_code == 200 and asked.headers["Cache-Control"] == "no-store"
    assert "this phone's game goes into it too" in asked.get_data(as_text=True)  # if the person ticks it
    assert second.get_cookie(BOOK_COOKIE).value != f"{book_id}.{key}"  # asking changed nothing
    opened = second.post(link, data={"share": "yes"})
    assert opened.status_code == 303 and opened.headers["Location"] == "/book"
    assert book_cookie(second) == (book_id, key)
    assert "This phone now shares this book" in second.get("/book").get_data(as_text=True)

    # The second phone scores the same games; the first sees its rounds, and scores its game too.
    for game_id in games:
        assert second.get(f"/g/{game_id}/round").status_code == 200
    assert second.post(f"/g/{games[0]}/round", data=hand_form(1, [2, 4, 0, 7], 1)).status_code == 303
    assert f'href="/g/{games[0]}/round/1"' in client.get(f"/g/{games[0]}").get_data(as_text=True)
    assert client.get(f"/g/{own}/round").status_code == 200  # nothing of the second phone's was left behind
    assert sorted(listed(client)) == sorted(listed(second)) == sorted([*games, own])
    # A game started on either phone is in the one book.
    newer = start_hearts(second).rsplit("/", 1)[1]
    assert newer in listed(client)
    assert held_key(client, newer) == held_key(second, newer)

    # Opening it again says so; a wrong key or an unknown book opens nothing.
    again = second.get(link)
    assert again.status_code == 303
    assert "This phone already uses this book." in second.get("/book").get_data(as_text=True)
    stranger = app.test_client()
    before = dump_database(app)
    assert stranger.get(f"/book/open/{book_id}/{one_off(key)}").status_code == 403
    assert stranger.post(f"/book/open/{book_id}/wrong").status_code == 403
    assert stranger.get(f"/book/open/nope/{key}").status_code == 404
    assert stranger.get_cookie(BOOK_COOKIE) is None
    assert dump_database(app) == before


def test_opening_a_friends_book_gives_the_friend_nothing_of_this_phone(app: Flask, client: FlaskClient) -> None:
    """One tap on a book link copied every key of this phone into the sender's book, and its games to come."""
    sender = app.test_client()
    theirs = start_hearts(sender, ["Eve", "Fay", "Gus"]).rsplit("/", 1)[1]
    link = open_link(sender)
    mine = [start_hearts(client).rsplit("/", 1)[1] for _ in range(2)]
    own_book = book_cookie(client)
    asked = client.get(link).get_data(as_text=True)
    assert "This phone's own games stay in its book and are not given to the other one." in asked
    assert 'name="share" value="yes">' in asked  # the choice to share is there, and not ticked
    opened = client.post(link)  # the default: no "share"
    assert opened.status_code == 303
    assert book_cookie(client) == own_book  # this phone keeps its own book…
    assert sorted(listed(client)) == sorted([*mine, theirs])  # …and gains the opened book's game
    assert client.get(f"/g/{theirs}/round").status_code == 200
    later = start_hearts(client).rsplit("/", 1)[1]
    # Nothing of this phone's reached the sender, then or later.
    assert listed(sender) == [theirs]
    for game_id in [*mine, later]:
        assert held_key(sender, game_id) is None
        assert sender.get(f"/g/{game_id}/round").status_code == 403


def test_a_book_shared_with_a_new_key_opens_no_more_with_the_old(app: Flask, client: FlaskClient) -> None:
    """A book link was a credential for good: nothing rotated or revoked it."""
    games = [start_hearts(client).rsplit("/", 1)[1] for _ in range(2)]
    link = open_link(client)
    second = app.test_client()
    assert second.post(link, data={"share": "yes"}).status_code == 303
    old_id, old_key = book_cookie(client)
    stopped = client.post("/book/key")
    assert stopped.status_code == 303 and stopped.headers["Location"] == "/book/share"
    book_id, key = book_cookie(client)
    assert book_id == old_id and key != old_key
    assert "open it no more" in client.get("/book").get_data(as_text=True)
    # This phone keeps every game; the old link and the phone that shared the book open nothing.
    assert sorted(listed(client)) == sorted(games)
    assert all(held_key(client, game_id) is not None for game_id in games)
    assert client.get(f"/g/{games[0]}/round").status_code == 200
    assert app.test_client().get(link).status_code == 403
    assert second.get(f"/g/{games[0]}/round").status_code == 403
    assert listed(second) == []
    assert open_link(client) == f"/book/open/{book_id}/{key}"


def test_a_watcher_sees_nothing_of_the_book(app: Flask, client: FlaskClient) -> None:
    game_id = start_hearts(client, hands="1").rsplit("/", 1)[1]
    assert client.post(f"/g/{game_id}/round", data=hand_form(1, [2, 4, 0, 7], 1)).status_code == 303
    book_id, key = book_cookie(client)
    watcher = app.test_client()
    for viewer in (watcher, client):
        for path in (f"/g/{game_id}", f"/g/{game_id}/changes", f"/g/{game_id}/sheet"):
            html = viewer.get(path).get_data(as_text=True)
            assert book_id not in html and key not in html, path
    changes = watcher.get(f"/api/v1/games/{game_id}/changes").get_data(as_text=True)
    assert book_id not in changes and key not in changes
    table = watcher.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Rematch" not in table and "/book" not in table
    assert watcher.post(f"/g/{game_id}/rematch").status_code == 403
    assert watcher.get_cookie(BOOK_COOKIE) is None


# ---------------------------------------------------------------------------
# Keys in an older session


def test_keys_in_an_older_session_move_to_a_book_on_the_next_visit(app: Flask, client: FlaskClient, api: Api) -> None:
    games = [api.create("hearts", FOUR).json["id"] for _ in range(3)]
    other = api.create("hearts", FOUR).json["id"]
    with client.session_transaction() as session:
        session["keys"] = {
            **{game_id: api.keys[game_id] for game_id in games},
            other: api.keys[games[0]],  # a key of another game: grants nothing, so it is not kept
            "no-such-game": "x",
        }
    # Until the visit, the session's keys still count (a form posted straight away).
    assert client.post(f"/g/{games[0]}/round", data=hand_form(1, [2, 4, 0, 7], 1)).status_code == 303
    assert client.get_cookie(BOOK_COOKIE) is None
    home = client.get("/")
    assert home.status_code == 200
    with client.session_transaction() as session:
        assert "keys" not in session
    for game_id in games:
        assert held_key(client, game_id) == api.keys[game_id]
        assert client.get(f"/g/{game_id}/round").status_code == 200
    assert held_key(client, other) is None
    assert client.get(f"/g/{other}/round").status_code == 403
    assert sorted(listed(client)) == sorted(games)
    # The API never makes a book of a session.
    fresh = app.test_client()
    with fresh.session_transaction() as session:
        session["keys"] = {games[1]: api.keys[games[1]]}
    assert fresh.get(f"/api/v1/games/{games[1]}").status_code == 200
    assert fresh.get_cookie(BOOK_COOKIE) is None


# ---------------------------------------------------------------------------
# Players' records


def add(api: Api, game_id: str, round_input: dict[str, Any]) -> dict[str, Any]:
    response = api.add(game_id, round_input)
    assert response.status_code == 201, response.json
    return response.json


def hearts_hand(players: list[str], hearts: list[int], queen: int) -> dict[str, Any]:
    return {"hearts": dict(zip(players, hearts, strict=True)), "queen": players[queen]}


def build_book(api: Api) -> tuple[str, str, dict[str, str]]:
    """A book holding six games, built through the API; its id, key and the games by name."""
    games: dict[str, str] = {}
    # Hearts 1, two hands: Alice shoots the moon, then a paper row names Bruno for the queen. Alice wins.
    games["hearts1"] = api.create("hearts", FOUR, {"hands": 2}).json["id"]
    add(api, games["hearts1"], hearts_hand(FOUR, [13, 0, 0, 0], 0))
    state = add(api, games["hearts1"], {"points": {"Alice": 2, "Bruno": 17, "Chloé": 0, "Denis": 7}})
    assert state["totals"] == {"Alice": 2, "Bruno": 43, "Chloé": 26, "Denis": 33} and state["winners"] == ["Alice"]
    # Hearts 2, under way: the same Alice, Bruno and Chloé however typed (case, spaces, NFD accents), and Eve.
    typed = ["alice", " Bruno ", "Chloe\u0301", "Eve"]
    created = api.create("hearts", typed).json
    games["hearts2"] = created["id"]
    add(api, games["hearts2"], hearts_hand(created["players"], [3, 4, 6, 0], 3))
    # Queenie, one deal: Alice plays the queen of spades, Bruno goes out.
    games["queenie"] = api.create("queenie", FOUR).json["id"]
    deal = {
        "stakes": {"Alice": "S", "Bruno": "H", "Chloé": "D", "Denis": "C"},
        "dealer_choice": "keep",
        "buyer": None,
        "queens": {"S": "Alice", "H": None, "D": None, "C": None},
        "out": "Bruno",
    }
    assert add(api, games["queenie"], deal)["totals"] == {"Alice": 19, "Bruno": 22, "Chloé": 18, "Denis": 18}
    # Piquet 1: a Rubicon partie Ann wins and Bob, under 100, is rubiconed.
    games["piquet1"] = api.create("piquet", ["Ann", "Bob"], dealer="Bob").json["id"]
    for raw in RUBICONED_DEALS:
        state = add(api, games["piquet1"], raw)
    assert state["result"] == {"winner": "Ann", "points_won": 306, "rubicon": True}
    # Piquet 2, under way: Bob (elder) repiques and Ann takes every trick (capot); then Ann (elder) piques.
    games["piquet2"] = api.create("piquet", ["Ann", "Bob"]).json["id"]
    elder, younger = P["P7"]
    state = add(api, games["piquet2"], {"hands": {"elder": elder, "younger": younger}, "trick_winners": "Y" * 12})
    assert state["rounds"][0]["events"][-2:] == ["repique:elder", "capot:younger"]
    elder, younger = P["P8"]
    state = add(api, games["piquet2"], {"hands": {"elder": elder, "younger": younger}, "trick_winners": P8_WINNERS})
    assert "pique:elder" in state["rounds"][1]["events"] and state["next"]["elder"] == "Bob"
    # Points, two rounds: Bruno wins 13 to 7.
    games["points"] = api.create("points", ["Alice", "Bruno"], {"rounds": 2, "target": None}).json["id"]
    add(api, games["points"], {"points": {"Alice": 10, "Bruno": 5}})
    assert add(api, games["points"], {"points": {"Alice": -3, "Bruno": 8}})["winners"] == ["Bruno"]

    book = api.client.post("/api/v1/books", json={}).json
    for game_id in games.values():
        filed = api.client.post(
            f"/api/v1/books/{book['id']}/games",
            json={"id": game_id, "key": api.keys[game_id]},
            headers={"Authorization": f"Bearer {book['key']}"},
        )
        assert filed.status_code == 201, filed.json
    return book["id"], book["key"], games


def hearts(played: int, won: int, moons: int, queens: int, average: float | None) -> dict[str, Any]:
    return {"played": played, "won": won, "moons": moons, "queens": queens, "average": average}


def queenie(net: int, queens: int, out: int) -> dict[str, Any]:
    return {"played": 1, "won": 0, "net": net, "queens": queens, "out": out}


def piquet(won: int, parties: int, repiques: int, piques: int, capots: int, rubicons: int) -> dict[str, Any]:
    return {
        "played": 2,
        "won": won,
        "parties": parties,
        "repiques": repiques,
        "piques": piques,
        "capots": capots,
        "rubicons": rubicons,
    }


def points(won: int, average: float) -> dict[str, Any]:
    return {"played": 1, "won": won, "average": average}


EXPECTED = {
    "alice": {
        "played": 4,
        "won": 1,
        "by_game": {
            "hearts": hearts(2, 1, 1, 1, 1.67),  # (0 + 2 + 3) / 3 hands
            "points": points(0, 3.5),
            "queenie": queenie(-1, 1, 0),
        },
    },
    "bruno": {
        "played": 4,
        "won": 1,
        "by_game": {
            "hearts": hearts(2, 0, 0, 1, 15.67),  # (26 + 17 + 4) / 3
            "points": points(1, 6.5),
            "queenie": queenie(2, 0, 1),
        },
    },
    "chloé": {
        "played": 3,
        "won": 0,
        "by_game": {"hearts": hearts(2, 0, 0, 0, 10.67), "queenie": queenie(-2, 0, 0)},  # (26 + 0 + 6) / 3
    },
    "denis": {
        "played": 2,
        "won": 0,
        "by_game": {"hearts": hearts(1, 0, 0, 0, 16.5), "queenie": queenie(-2, 0, 0)},
    },
    "eve": {"played": 1, "won": 0, "by_game": {"hearts": hearts(1, 0, 0, 1, 13.0)}},
    "ann": {"played": 2, "won": 1, "by_game": {"piquet": piquet(1, 1, 0, 1, 1, 0)}},
    "bob": {"played": 2, "won": 0, "by_game": {"piquet": piquet(0, 0, 1, 0, 0, 1)}},
}


def records_of(client: FlaskClient, book_id: str, key: str) -> dict[str, Any]:
    response = client.get(f"/api/v1/books/{book_id}", headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 200, response.json
    return {same_player(name): record for name, record in response.json["players"].items()}


def records_page(client: FlaskClient, book_id: str, key: str) -> str:
    phone = client.application.test_client()
    phone.set_cookie(BOOK_COOKIE, f"{book_id}.{key}")
    response = phone.get("/book/players")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def shown_records(html: str) -> dict[str, dict[str, str]]:
    """Each player's section of the page: heading name -> {row label: value}."""
    shown = {}
    for name, body in re.findall(r'<h2 id="player-\d+">([^<]*)</h2>(.*?)</section>', html, re.S):
        rows: dict[str, str] = {}
        group = ""
        for head, label, value in re.findall(
            r'<th scope="rowgroup" colspan="2">([^<]*)</th>|<th scope="row">([^<]*)</th><td>([^<]*)</td>', body
        ):
            if head:
                group = head.split(":")[0]
                rows[group] = head
            else:
                rows[f"{group} {label}"] = value
        summary = re.search(r'<p class="record-total">([^<]*)</p>', body)
        assert summary is not None
        rows["all"] = summary.group(1)
        shown[same_player(name)] = rows
    return shown


def test_players_records_are_exact(client: FlaskClient, api: Api) -> None:
    book_id, key, _games = build_book(api)
    assert records_of(client, book_id, key) == EXPECTED
    page = records_page(client, book_id, key)
    shown = shown_records(page)
    assert set(shown) == set(EXPECTED)
    assert shown["alice"] == {
        "all": "1 won of 4 played",
        "Hearts": "Hearts: 1 won of 2 played",
        "Hearts moons shot": "1",
        "Hearts queens of spades taken": "1",
        "Hearts average per hand": "1.67",
        "Queenie": "Queenie: 0 won of 1 played",
        "Queenie net chips": "−1",  # the minus sign, as every page writes it
        "Queenie queens collected": "1",
        "Queenie times gone out": "0",
        "Points": "Points: 0 won of 1 played",
        "Points average per round": "3.5",
    }
    assert shown["eve"]["Hearts average per hand"] == "13"
    assert shown["bob"] == {
        "all": "0 won of 2 played",
        "Piquet": "Piquet: 0 won of 2 played",
        "Piquet parties won": "0",
        "Piquet repiques": "1",
        "Piquet piques": "0",
        "Piquet capots": "0",
        "Piquet rubicons suffered": "1",
    }
    assert shown["ann"]["Piquet piques"] == "1" and shown["ann"]["Piquet capots"] == "1"
    # The chart: one bar per player, the games won out of the games played, best record first.
    chart = re.search(r'<svg[^>]*class="bar-chart".*?</svg>', page, re.S)
    assert chart is not None
    bars = re.findall(r'<g class="bar" data-player="([^"]*)"><title>[^<]*: (\d+) / (\d+)</title>', chart.group(0))
    assert [(same_player(name), int(won), int(played)) for name, won, played in bars] == [
        ("alice", 1, 4),
        ("bruno", 1, 4),
        ("ann", 1, 2),
        ("chloé", 0, 3),
        ("bob", 0, 2),
        ("denis", 0, 2),
        ("eve", 0, 1),
    ]


def test_queenies_family_counts_pay_cards_not_queens_in_the_records(client: FlaskClient, api: Api) -> None:
    michigan = GAMES["michigan"]
    sample = next(sample for sample in michigan.samples if sample.finished)
    game_id, state = play(api, michigan, sample)
    book = api.client.post("/api/v1/books", json={}).json
    api.client.post(
        f"/api/v1/books/{book['id']}/games",
        json={"id": game_id, "key": api.keys[game_id]},
        headers={"Authorization": f"Bearer {book['key']}"},
    )
    shown = shown_records(records_page(client, book["id"], book["key"]))
    collected = {player: rows["Michigan pay cards collected"] for player, rows in shown.items()}
    played = Counter(
        event.split(":")[2] for result in state["rounds"] for event in result["events"] if event.startswith("queen:")
    )
    assert collected == {same_player(player): str(played[player]) for player in sample.players}
    assert not any("queens" in label for rows in shown.values() for label in rows)


def test_records_follow_a_correction_and_an_undo(client: FlaskClient, api: Api) -> None:
    book_id, key, games = build_book(api)
    # Hand 1 of the first Hearts game was no moon after all: Denis took the queen.
    corrected = api.put(games["hearts1"], 1, hearts_hand(FOUR, [3, 4, 6, 0], 3))
    assert corrected.status_code == 200
    assert corrected.json["totals"] == {"Alice": 5, "Bruno": 21, "Chloé": 6, "Denis": 20}
    # The second round of Points is undone (the game is under way again), and Ann's pique too.
    assert api.delete(games["points"], 2).status_code == 200
    assert api.delete(games["piquet2"], 2).status_code == 200
    expected = {name: {**record, "by_game": dict(record["by_game"])} for name, record in EXPECTED.items()}
    expected["alice"]["by_game"]["hearts"] = hearts(2, 1, 0, 0, 2.67)  # (3 + 2 + 3) / 3
    expected["alice"]["by_game"]["points"] = points(0, 10.0)
    expected["bruno"]["won"] = 0
    expected["bruno"]["by_game"]["hearts"] = hearts(2, 0, 0, 1, 8.33)  # (4 + 17 + 4) / 3
    expected["bruno"]["by_game"]["points"] = points(0, 5.0)
    expected["chloé"]["by_game"]["hearts"] = hearts(2, 0, 0, 0, 4.0)  # (6 + 0 + 6) / 3
    expected["denis"]["by_game"]["hearts"] = hearts(1, 0, 0, 1, 10.0)  # (13 + 7) / 2
    expected["ann"]["by_game"]["piquet"] = piquet(1, 1, 0, 0, 1, 0)
    assert records_of(client, book_id, key) == expected
    shown = shown_records(records_page(client, book_id, key))
    assert shown["alice"]["Hearts average per hand"] == "2.67"
    assert shown["alice"]["Hearts moons shot"] == "0"
    assert shown["bruno"]["all"] == "0 won of 4 played"
    assert shown["ann"]["Piquet piques"] == "0"


def test_a_books_records_are_summed_once_per_version_of_the_book(
    client: FlaskClient, api: Api, calls: Counter[str]
) -> None:
    """Counted in calls to Hearts' rules: a request after the first replays nothing, even with every
    game's state and standings forgotten; a write to one game sums that game again, and no other."""
    book_id, key, games = build_book(api)
    records, page = records_of(client, book_id, key), records_page(client, book_id, key)
    gamestate.forget()
    calls.clear()
    assert records_of(client, book_id, key) == records
    assert records_page(client, book_id, key) == page
    assert sum(calls.values()) == 0
    assert api.put(games["hearts1"], 1, hearts_hand(FOUR, [3, 4, 6, 0], 3)).status_code == 200
    gamestate.forget()
    calls.clear()
    corrected = records_of(client, book_id, key)
    assert corrected["alice"]["by_game"]["hearts"]["moons"] == records["alice"]["by_game"]["hearts"]["moons"] - 1
    assert calls["play"] == 2  # the two hands of that game; the book's other Hearts game is kept
    # A game filed in the book is a new version of the book too.
    newcomer = api.create("points", ["Alice", "Zoé"], {"rounds": 1, "target": None}).json["id"]
    add(api, newcomer, {"points": {"Alice": 1, "Zoé": 2}})
    auth = {"Authorization": f"Bearer {key}"}
    filing = {"id": newcomer, "key": api.keys[newcomer]}
    filed = client.post(f"/api/v1/books/{book_id}/games", json=filing, headers=auth)
    assert filed.status_code == 201
    assert records_of(client, book_id, key)["zoé"]["won"] == 1
    assert records_of(client, book_id, key)["alice"]["played"] == corrected["alice"]["played"] + 1


def test_a_paper_row_that_does_not_say_who_took_the_queen_counts_her_for_nobody(api: Api) -> None:
    """13 and 13: one player took the queen, the other 13 hearts, and the row cannot say which."""
    game_id = api.create("hearts", ["A", "B", "C"]).json["id"]
    add(api, game_id, {"points": {"A": 13, "B": 13, "C": 0}})
    add(api, game_id, {"points": {"A": 0, "B": 16, "C": 10}})
    book = api.client.post("/api/v1/books", json={}).json
    auth = {"Authorization": f"Bearer {book['key']}"}
    api.client.post(f"/api/v1/books/{book['id']}/games", json={"id": game_id, "key": api.keys[game_id]}, headers=auth)
    players = api.client.get(f"/api/v1/books/{book['id']}", headers=auth).json["players"]
    assert {name: record["by_game"]["hearts"]["queens"] for name, record in players.items()} == {
        "A": 0,
        "B": 1,
        "C": 0,
    }


# ---------------------------------------------------------------------------
# The rematch


def test_rematch_in_one_tap_same_players_same_options_next_dealer(app: Flask, client: FlaskClient) -> None:
    table = start_hearts(client, hands="1", moon="subtract", target="50")
    game_id = table.rsplit("/", 1)[1]
    page = client.get(table).get_data(as_text=True)
    assert "/rematch" not in page  # not before the end
    assert client.post(f"/g/{game_id}/rematch").status_code == 303
    assert "Only a finished game can have a rematch." in client.get(table).get_data(as_text=True)
    assert client.post(f"{table}/round", data=hand_form(1, [2, 4, 0, 7], 1)).status_code == 303
    page = client.get(table).get_data(as_text=True)
    form = re.search(r'<form method="post" action="/g/[^/]+/rematch" class="rematch">.*?</form>', page, re.S)
    assert form is not None and form.group(0).count("<button") == 1  # one tap

    tapped = client.post(f"/g/{game_id}/rematch")
    assert tapped.status_code == 303
    rematch_id = tapped.headers["Location"].rsplit("/", 1)[1]
    assert rematch_id != game_id
    state = client.get(f"/api/v1/games/{rematch_id}").json
    old = client.get(f"/api/v1/games/{game_id}").json
    assert state["players"] == PLAYERS and state["options"] == old["options"]
    assert old["dealer"] == "Alice" and state["dealer"] == "Bruno"
    assert state["rounds"] == [] and state["status"] == "playing"
    assert client.get(f"/g/{rematch_id}/round").status_code == 200  # in this phone's book
    assert rematch_id in listed(client)
    # A second tap (or another scorer) gets the same rematch, not another game.
    before = dump_database(app)
    again = client.post(f"/g/{game_id}/rematch")
    assert again.headers["Location"] == f"/g/{rematch_id}"
    assert dump_database(app) == before
    assert "already made" in client.get(again.headers["Location"]).get_data(as_text=True)
    # A second scorer of the finished game who taps it gets the rematch into their own book.
    key = held_key(client, game_id)
    second = app.test_client()
    assert second.post(f"/g/{game_id}/join/{key}").status_code == 303
    assert second.post(f"/g/{game_id}/rematch").headers["Location"] == f"/g/{rematch_id}"
    assert second.get(f"/g/{rematch_id}/round").status_code == 200


def test_the_rematch_form_carries_each_phones_own_csrf_token(tmp_path: Path) -> None:
    """The table page is kept for every phone alike; its rematch form gets this phone's token as it is served."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "csrf.sqlite3"), "SECRET_KEY": "csrf-tests"})
    api = Api(app.test_client())
    game_id = api.create("points", ["Ann", "Bob"], {"rounds": 1, "target": None}).json["id"]
    assert api.add(game_id, {"points": {"Ann": 1, "Bob": 2}}).status_code == 201
    tokens = []
    for _ in range(2):
        phone = app.test_client()
        join = f"/g/{game_id}/join/{api.keys[game_id]}"
        (asked,) = re.findall(
            r'name="csrf_token" type="hidden" value="([^"]+)"', phone.get(join).get_data(as_text=True)
        )
        assert phone.post(join, data={"csrf_token": asked}).status_code == 303
        page = phone.get(f"/g/{game_id}").get_data(as_text=True)
        (token,) = re.findall(
            r'<form method="post" action="/g/[^"]+/rematch".*?name="csrf_token" value="([^"]+)"', page, re.S
        )
        assert "csrf-token-of-the-request" not in page
        tokens.append((phone, token))
        assert phone.post(f"/g/{game_id}/rematch").status_code == 400  # without the token
    assert tokens[0][1] != tokens[1][1]
    for phone, token in tokens:
        assert phone.post(f"/g/{game_id}/rematch", data={"csrf_token": token}).status_code == 303


# ---------------------------------------------------------------------------
# A write refused on the way: a phone's new book goes with what it was made for, or not at all

REFUSED = "The game is busy saving another change. Nothing was saved: please try again in a few seconds."


def busy(*_args: Any) -> bool:
    """Filing a game's key in a book, refused as on a busy database: after the book (and the game) were written."""
    raise db.Unavailable("busy")


def assert_refused_whole(app: Flask, phone: FlaskClient, response: Any, before: dict[str, Any]) -> None:
    assert response.status_code == 503
    assert REFUSED in " ".join(response.get_data(as_text=True).split())
    assert phone.get_cookie(BOOK_COOKIE) is None
    assert dump_database(app) == before  # "nothing was saved": no game, no empty book


def test_a_new_game_refused_on_the_way_leaves_neither_the_game_nor_a_book(app: Flask, client: FlaskClient) -> None:
    before = dump_database(app)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(store, "file_game", busy)
        refused = client.post("/new/hearts", data=new_game_form(PLAYERS))
        assert_refused_whole(app, client, refused, before)
        made = Api(app.test_client()).create("points", ["Ann", "Bob"], {"rounds": 1, "target": None}).json["id"]
        exported = app.test_client().get(f"/g/{made}/export.json").data
        before = dump_database(app)
        refused = client.post("/import", data={"file": (io.BytesIO(exported), "game.json")})
        assert_refused_whole(app, client, refused, before)
    table = start_hearts(client)  # tapped again: the game, and the book holding it
    assert client.get(f"{table}/round").status_code == 200
    assert listed(client) == [table.rsplit("/", 1)[1]]


def test_a_join_refused_on_the_way_leaves_no_empty_book(app: Flask, client: FlaskClient) -> None:
    game_id = start_hearts(client).rsplit("/", 1)[1]
    join = f"/g/{game_id}/join/{held_key(client, game_id)}"
    second = app.test_client()
    before = dump_database(app)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(store, "file_game", busy)
        assert_refused_whole(app, second, second.post(join), before)
    assert second.post(join).status_code == 303
    assert second.get(f"/g/{game_id}/round").status_code == 200


# ---------------------------------------------------------------------------
# The change log


def test_the_change_log_says_what_changed_and_which_book(app: Flask, client: FlaskClient) -> None:
    table = start_hearts(client)
    game_id = table.rsplit("/", 1)[1]
    assert client.post(f"{table}/round", data=hand_form(1, [2, 4, 0, 7], 1)).status_code == 303
    assert client.post(f"{table}/round", data=hand_form(2, [13, 0, 0, 0], 0)).status_code == 303  # a moon
    assert client.post(f"{table}/round/1", data=hand_form(1, [3, 3, 0, 7], 3)).status_code == 303
    # A second phone with its own book undoes hand 2.
    second = app.test_client()
    assert second.post(f"/g/{game_id}/join/{held_key(client, game_id)}").status_code == 303
    assert second.post(f"{table}/undo", data={"number": "2"}).status_code == 303

    changes = app.test_client().get(f"/api/v1/games/{game_id}/changes")
    assert changes.status_code == 200
    log = changes.json["changes"]
    assert [(change["action"], change["round"], change["book"]) for change in log] == [
        ("add", 1, "A"),
        ("add", 2, "A"),
        ("edit", 1, "A"),
        ("undo", 2, "B"),
    ]
    assert log[0]["before"] is None
    assert log[0]["after"] == {
        "input": {"hearts": {"Alice": 2, "Bruno": 4, "Chloé": 0, "Denis": 7}, "queen": "Bruno"},
        "scores": {"Alice": 2, "Bruno": 17, "Chloé": 0, "Denis": 7},
        "events": [],
    }
    assert log[1]["after"]["scores"] == {"Alice": 0, "Bruno": 26, "Chloé": 26, "Denis": 26}
    assert log[1]["after"]["events"] == ["moon:Alice"]
    assert log[2]["before"]["scores"] == {"Alice": 2, "Bruno": 17, "Chloé": 0, "Denis": 7}
    assert log[2]["after"]["scores"] == {"Alice": 3, "Bruno": 3, "Chloé": 0, "Denis": 20}
    assert log[3]["before"]["scores"] == {"Alice": 0, "Bruno": 26, "Chloé": 26, "Denis": 26}
    assert log[3]["after"] is None
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", change["at"]) for change in log)

    # The page, for anyone with the link: newest first, in words, before -> after.
    watcher = app.test_client()
    page = watcher.get(f"/g/{game_id}/changes").get_data(as_text=True)
    headings = re.findall(r'<h2 id="change-\d+">([^<]*)</h2>', page)
    assert headings == ["Hand 2: undone", "Hand 1: corrected", "Hand 2: entered", "Hand 1: entered"]
    assert "by book A" in page and "by book B" in page and "this phone" not in page
    corrected = page.split('id="change-2"')[1].split("</section>")[0]
    assert re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", corrected)).count("→") == 4
    assert "<td>17</td>" in corrected and "<strong>3</strong>" in corrected and "<strong>20</strong>" in corrected
    assert "Alice shot the moon" in page
    # Its own book is "this phone's book" to the phone that made the change.
    assert "by this phone&#39;s book" in client.get(f"/g/{game_id}/changes").get_data(as_text=True)
    assert f'href="/g/{game_id}/changes"' in watcher.get(table).get_data(as_text=True)
    assert watcher.get("/g/nope/changes").status_code == 404


def test_the_change_log_page_shows_a_page_at_a_time_and_each_book_keeps_its_letter(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history, "CHANGES_PER_PAGE", 2)
    table = start_hearts(client)
    game_id = table.rsplit("/", 1)[1]
    assert client.post(f"{table}/round", data=hand_form(1, [2, 4, 0, 7], 1)).status_code == 303
    second = app.test_client()
    assert second.post(f"/g/{game_id}/join/{held_key(client, game_id)}").status_code == 303
    assert second.post(f"{table}/round", data=hand_form(2, [13, 0, 0, 0], 0)).status_code == 303
    assert client.post(f"{table}/round", data=hand_form(3, [2, 4, 0, 7], 1)).status_code == 303
    watcher = app.test_client()

    def shown(path: str) -> tuple[list[str], list[str], list[tuple[str, str]]]:
        page = watcher.get(path).get_data(as_text=True)
        headings = re.findall(r'<h2 id="change-\d+">([^<]*)</h2>', page)
        links = re.findall(r'<a class="button" rel="(\w+)" href="([^"]+)">', page)
        return headings, re.findall(r"by book \w", page), [(rel, html.unescape(href)) for rel, href in links]

    latest = f"/g/{game_id}/changes"
    assert shown(latest) == (
        ["Hand 3: entered", "Hand 2: entered"],
        ["by book A", "by book B"],
        [("next", f"{latest}?before=2")],
    )
    assert shown(f"{latest}?before=2") == (["Hand 1: entered"], ["by book A"], [("first", latest)])
    for before in ("0", "abc", "9" * 5000):
        assert watcher.get(latest, query_string={"before": before}).status_code == 404


def test_changes_made_through_the_api_or_before_books_name_no_book(api: Api) -> None:
    game_id = api.create("points", ["Ann", "Bob"]).json["id"]
    add(api, game_id, {"points": {"Ann": 1, "Bob": 2}})
    log = api.client.get(f"/api/v1/games/{game_id}/changes").json["changes"]
    assert [change["book"] for change in log] == [None]
    page = api.client.get(f"/g/{game_id}/changes").get_data(as_text=True)
    assert "book not recorded" in page


def test_book_pages_in_french(client: FlaskClient) -> None:
    game_id = start_hearts(client, hands="1").rsplit("/", 1)[1]
    assert client.post(f"/g/{game_id}/round", data=hand_form(1, [2, 4, 0, 7], 1)).status_code == 303
    client.get("/lang/fr")
    assert "Votre carnet" in client.get("/book").get_data(as_text=True)
    players = client.get("/book/players").get_data(as_text=True)
    assert "Fiches des joueurs" in players and "moyenne par manche" in players
    assert "Revanche" in client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Journal des modifications" in client.get(f"/g/{game_id}/changes").get_data(as_text=True)
    assert "Ouvrir ce carnet sur un autre téléphone" in client.get("/book/share").get_data(as_text=True)
