"""Watching and inviting: the watch link carries no key, an invitation grants scoring, a watcher writes nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app
from referee.views.share import qr_data_uri, qr_svg
from tests.conftest import Api, dump_database, held_key
from tests.test_pages import PLAYERS, hand_form, start_hearts

HAND_1 = hand_form(1, [2, 4, 0, 7], 1)


def scorer_key(client: FlaskClient, game_id: str) -> str:
    key = held_key(client, game_id)
    assert key is not None
    return key


@pytest.fixture
def game(client: FlaskClient) -> tuple[str, str]:
    """A Hearts game created from the pages by ``client`` (the scorer): (id, key)."""
    game_id = start_hearts(client).rsplit("/", 1)[1]
    return game_id, scorer_key(client, game_id)


def test_table_page_offers_the_watch_link_and_its_qr_without_the_key(client: FlaskClient, game) -> None:
    game_id, key = game
    for viewer in (client, client.application.test_client()):
        page = viewer.get(f"/g/{game_id}").get_data(as_text=True)
        assert f'<a href="/g/{game_id}" data-show-href>' in page
        assert f'src="/g/{game_id}/watch.svg"' in page
        assert key not in page
    qr = client.get(f"/g/{game_id}/watch.svg")
    assert qr.status_code == 200
    assert qr.mimetype == "image/svg+xml"
    # The code holds exactly the table's address on the host the phone used: no key in it.
    assert qr.get_data(as_text=True) == qr_svg(f"http://localhost/g/{game_id}")
    other_host = client.get(f"/g/{game_id}/watch.svg", base_url="http://192.168.1.20:5000")
    assert other_host.get_data(as_text=True) == qr_svg(f"http://192.168.1.20:5000/g/{game_id}")
    assert client.get("/g/nope/watch.svg").status_code == 404


def test_the_watch_qr_is_drawn_once_per_address(client: FlaskClient, game) -> None:
    game_id, _key = game
    qr_svg.cache_clear()
    for _phone in range(3):
        assert client.get(f"/g/{game_id}/watch.svg").status_code == 200
    assert (qr_svg.cache_info().misses, qr_svg.cache_info().hits) == (1, 2)


def test_only_a_scorer_sees_the_invitation(client: FlaskClient, game) -> None:
    game_id, key = game
    scorer_page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert f'href="/g/{game_id}/invite"' in scorer_page
    watcher = client.application.test_client()
    watcher_page = watcher.get(f"/g/{game_id}").get_data(as_text=True)
    assert "/invite" not in watcher_page
    assert watcher.get(f"/g/{game_id}/invite").status_code == 403

    invite = client.get(f"/g/{game_id}/invite")
    assert invite.status_code == 200
    assert invite.headers["Cache-Control"] == "no-store"
    html = invite.get_data(as_text=True)
    join_url = f"http://localhost/g/{game_id}/join/{key}"
    assert f'href="{join_url}"' in html
    assert f'src="{qr_data_uri(join_url)}"' in html
    assert "gives scoring rights" in html


def test_an_invitation_lets_a_second_phone_score(client: FlaskClient, game) -> None:
    game_id, key = game
    second = client.application.test_client()
    assert second.post(f"/g/{game_id}/round", data=HAND_1).status_code == 403
    asked = second.get(f"/g/{game_id}/join/{key}")
    assert asked.status_code == 200 and asked.headers["Cache-Control"] == "no-store"
    assert "its results then count in your players' records" in asked.get_data(as_text=True)
    assert held_key(second, game_id) is None  # the link alone grants nothing
    joined = second.post(f"/g/{game_id}/join/{key}")
    assert joined.status_code == 303
    assert joined.headers["Location"] == f"/g/{game_id}"
    assert joined.headers["Cache-Control"] == "no-store"
    assert scorer_key(second, game_id) == key
    page = second.get(f"/g/{game_id}").get_data(as_text=True)
    assert "This phone can now enter and correct the hands of this game." in page
    assert f'href="/g/{game_id}/round"' in page
    assert second.post(f"/g/{game_id}/round", data=HAND_1).status_code == 303
    assert "/round/1" in second.get(f"/g/{game_id}").get_data(as_text=True)
    assert game_id in second.get("/").get_data(as_text=True)


def test_a_wrong_invitation_is_refused_and_grants_nothing(app: Flask, client: FlaskClient, game) -> None:
    game_id, key = game
    other = start_hearts(client).rsplit("/", 1)[1]
    before = dump_database(app)
    stranger = app.test_client()
    for wrong in (key[:-1] + ("A" if key[-1] != "A" else "B"), "x", scorer_key(client, other)):
        for response in (stranger.get(f"/g/{game_id}/join/{wrong}"), stranger.post(f"/g/{game_id}/join/{wrong}")):
            assert response.status_code == 403
            page = response.get_data(as_text=True)
            assert "This invitation does not fit this game: its key is not the game&#39;s." in page
    assert stranger.get(f"/g/nope/join/{key}").status_code == 404
    assert stranger.post(f"/g/nope/join/{key}").status_code == 404
    with stranger.session_transaction() as session:
        assert game_id not in session.get("keys", {})
    assert stranger.post(f"/g/{game_id}/round", data=HAND_1).status_code == 403
    assert dump_database(app) == before


def write_routes(app: Flask, prefix: str) -> list[tuple[str, str]]:
    """(method, rule) of every route under ``prefix`` that is not a plain read (GET, HEAD, OPTIONS)."""
    found = []
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(prefix):
            found.extend((method, rule.rule) for method in sorted((rule.methods or set()) - {"GET", "HEAD", "OPTIONS"}))
    return found


def fill(rule: str, game_id: str) -> str:
    url = rule.replace("<game_id>", game_id)
    url = re.sub(r"<int:\w+>", "1", url)
    return re.sub(r"<(?:\w+:)?\w+>", "x", url)


def test_a_watcher_gets_403_on_every_write(app: Flask, client: FlaskClient, game) -> None:
    game_id, key = game
    assert client.post(f"/g/{game_id}/round", data=HAND_1).status_code == 303  # round 1 exists to edit or undo
    before = dump_database(app)
    page_routes = write_routes(app, "/g/<game_id>/")
    assert {rule for _method, rule in page_routes} >= {
        "/g/<game_id>/round",
        "/g/<game_id>/round/<int:number>",
        "/g/<game_id>/undo",
    }
    watcher = app.test_client()
    watcher.get(f"/g/{game_id}")  # watching first changes nothing
    for method, rule in page_routes:
        for data in (HAND_1, {**HAND_1, "number": "1"}, {"number": "1"}, {}):
            response = watcher.open(fill(rule, game_id), method=method, data=data)
            assert response.status_code == 403, (method, rule, data)

    api_routes = write_routes(app, "/api/v1/games/<game_id>")
    assert {(method, rule) for method, rule in api_routes} >= {
        ("POST", "/api/v1/games/<game_id>/rounds"),
        ("PUT", "/api/v1/games/<game_id>/rounds/<int:number>"),
        ("DELETE", "/api/v1/games/<game_id>/rounds/<int:number>"),
    }
    for method, rule in api_routes:
        url = fill(rule, game_id)
        body = {"hearts": {"Alice": 13, "Bruno": 0, "Chloé": 0, "Denis": 0}, "queen": "Alice"}
        assert watcher.open(url, method=method, json=body).status_code == 401, (method, rule)
        wrong = {"Authorization": f"Bearer {key}x"}
        assert watcher.open(url, method=method, json=body, headers=wrong).status_code == 403, (method, rule)
    assert dump_database(app) == before


def test_a_scorer_of_another_game_is_a_watcher_here(app: Flask, client: FlaskClient, game) -> None:
    game_id, _key = game
    other_phone = app.test_client()
    start_hearts(other_phone)  # holds a key, but for its own game
    before = dump_database(app)
    for method, rule in write_routes(app, "/g/<game_id>/"):
        assert other_phone.open(fill(rule, game_id), method=method, data=HAND_1).status_code == 403
    assert dump_database(app) == before


def test_the_version_follows_every_write(app: Flask, client: FlaskClient, api: Api, game) -> None:
    game_id, key = game
    versions = []

    def version() -> int:
        response = app.test_client().get(f"/g/{game_id}/version")
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "no-cache"
        assert response.json == {"version": response.json["version"]}
        assert response.headers["ETag"] == f'"{response.json["version"]}"'
        return response.json["version"]

    versions.append(version())
    client.post(f"/g/{game_id}/round", data=HAND_1)
    versions.append(version())
    client.post(f"/g/{game_id}/round/1", data=hand_form(1, [3, 3, 0, 7], 1))
    versions.append(version())
    client.post(f"/g/{game_id}/undo", data={"number": "1"})
    versions.append(version())
    assert versions == sorted(set(versions)) and len(versions) == 4
    assert app.test_client().get("/g/nope/version").status_code == 404


def test_an_unchanged_version_is_answered_without_a_body(app: Flask, client: FlaskClient, game) -> None:
    game_id, _key = game
    watcher = app.test_client()
    first = watcher.get(f"/g/{game_id}/version")
    unchanged = watcher.get(f"/g/{game_id}/version", headers={"If-None-Match": first.headers["ETag"]})
    assert (unchanged.status_code, unchanged.data) == (304, b"")
    client.post(f"/g/{game_id}/round", data=HAND_1)
    changed = watcher.get(f"/g/{game_id}/version", headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.json == {"version": first.json["version"] + 1}


def test_watchers_pages_refresh_themselves(app: Flask, client: FlaskClient, game) -> None:
    game_id, _key = game
    refresh = '<noscript><meta http-equiv="refresh" content="15"></noscript>'
    watcher_page = app.test_client().get(f"/g/{game_id}").get_data(as_text=True)
    scorer_page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert refresh in watcher_page
    assert refresh not in scorer_page  # a scorer's page is not reloaded under their fingers
    for page in (watcher_page, scorer_page):
        assert re.search(r'<script src="/static/app\.js\+share\.js\?v=[0-9a-f]{12}" defer></script>', page)
        assert f'data-version-url="/g/{game_id}/version"' in page
        assert f'data-page-url="/g/{game_id}"' in page
        assert 'data-poll-seconds="5.0"' in page
        assert re.search(r'<button type="button" class="button wake" data-wake aria-pressed="false" hidden>', page)
        assert f'href="/g/{game_id}/export.csv"' in page and f'href="/g/{game_id}/export.json"' in page
        assert " style=" not in page and "<script>" not in page  # nothing the CSP would block


def test_the_page_carries_the_version_it_shows(client: FlaskClient, game) -> None:
    game_id, _key = game
    assert 'data-version="0"' in client.get(f"/g/{game_id}").get_data(as_text=True)
    client.post(f"/g/{game_id}/round", data=HAND_1)
    assert 'data-version="1"' in client.get(f"/g/{game_id}").get_data(as_text=True)


def test_the_poll_interval_is_configurable(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "poll.sqlite3"),
            "SECRET_KEY": "x",
            "WTF_CSRF_ENABLED": False,
            "WATCH_POLL_SECONDS": 1.5,
        }
    )
    client = app.test_client()
    location = start_hearts(client)
    assert 'data-poll-seconds="1.5"' in client.get(location).get_data(as_text=True)


def test_share_texts_in_french(app: Flask, client: FlaskClient, game) -> None:
    game_id, _key = game
    client.set_cookie("lang", "fr")
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Suivre sur un autre téléphone" in page
    assert "Inviter un second marqueur" in page
    assert PLAYERS[0] in page


def test_an_invitation_link_opened_by_another_site_files_nothing(tmp_path: Path) -> None:
    """A bare GET (a link, a redirect, an image another site shows) filed the game in this phone's book."""
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "join.sqlite3"), "SECRET_KEY": "join"}  # CSRF on
    )
    api, invited = Api(app.test_client()), app.test_client()
    game_id = api.create("hearts", PLAYERS).json["id"]
    key = api.keys[game_id]
    invited.get("/")  # a phone with a book of its own
    before = dump_database(app)
    assert invited.get(f"/g/{game_id}/join/{key}").status_code == 200
    assert invited.post(f"/g/{game_id}/join/{key}").status_code == 400  # no token: not from the page
    assert dump_database(app) == before
    page = invited.get(f"/g/{game_id}/join/{key}").get_data(as_text=True)
    token = re.findall(r'name="csrf_token" type="hidden" value="([^"]+)"', page)[0]
    assert invited.post(f"/g/{game_id}/join/{key}", data={"csrf_token": token}).status_code == 303
    assert scorer_key(invited, game_id) == key
