"""What goes on the wire: compression, versioned static files cached for good, and answers made once.

The API's answer and the table page's rows are made once per game version and then reused by the
next version (a round added or the last one undone): every answer here is compared with one made
from a fresh replay of the stored rounds, with no cache.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import brotli
import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient

from bench.games import FOUR, TWO, hearts_round, piquet_round, queenie_round
from referee import delivery, store
from referee.cache import forget_everything
from referee.db import connect
from referee.games.base import Setup, replay
from referee.registry import GAMES
from referee.views import rendering, state
from tests.conftest import Api

KINDS: dict[str, tuple[list[str], dict[str, Any], Callable[[int], dict[str, Any]]]] = {
    "hearts": (FOUR, {"hands": 30}, hearts_round),
    "queenie": (FOUR, {"rounds": None, "start_chips": 100}, queenie_round),
    "piquet": (TWO, {"partie": "cent", "target": 1000}, piquet_round),
}


def fresh_answer(app: Flask, game_id: str) -> bytes:
    """The API's answer made the slow way: the rows read anew, every round replayed, jsonify."""
    db = connect(app.config["DATABASE"])
    try:
        row = db.execute(
            "select id, game, options, dealer, created, updated, key_hash, version, announced from games where id = ?",
            [game_id],
        ).fetchone()
        players = tuple(
            name for (name,) in db.execute("select name from players where game_id = ? order by seat", [game_id])
        )
        inputs = tuple(
            json.loads(text)
            for (text,) in db.execute("select input from rounds where game_id = ? order by number", [game_id])
        )
    finally:
        db.close()
    game_id, game, options, dealer, created, updated, key_hash, version, announced = row
    setup = Setup(players, dealer, json.loads(options))
    stored = store.StoredGame(
        game_id, game, setup, inputs, created, updated, key_hash, version, store.games.announced_of(announced)
    )
    with app.app_context():
        return app.json.response(state.game_state(stored, replay(GAMES[game].rules, setup, inputs))).get_data()


def without_tokens(page: str) -> str:
    return re.sub(r'name="csrf_token" (type="hidden" )?value="[^"]*"', "", page)


@pytest.mark.parametrize("kind", KINDS)
def test_cached_answers_equal_fresh_replays_after_add_correct_and_undo(app: Flask, api: Api, kind: str) -> None:
    players, options, make_round = KINDS[kind]
    created = api.create(kind, players, options)
    assert created.status_code == 201
    game_id = created.json["id"]
    answers = []
    for number in range(1, 7):
        added = api.add(game_id, make_round(number))
        assert added.status_code == 201, added.json
        answers.append(added)
    answers.append(api.put(game_id, 3, make_round(4)))  # a correction in the middle: every later round follows
    answers.append(api.delete(game_id, 6))  # the last undone: the version before it is reused
    answers.append(api.add(game_id, make_round(6)))
    answers.append(api.delete(game_id, 6))
    for answer in answers:
        assert answer.status_code in (200, 201), answer.json
        assert answer.headers["Content-Type"] == "application/json"
    # Each write's answer is the game as it was then; the last one is the game as it is now.
    got = api.get(game_id)
    assert got.get_data() == answers[-1].get_data() == fresh_answer(app, game_id)
    assert got.headers["ETag"] == answers[-1].headers["ETag"]
    forget_everything()
    assert api.get(game_id).get_data() == fresh_answer(app, game_id)


@pytest.mark.parametrize("kind", KINDS)
def test_answers_after_a_game_no_cache_held_are_fresh_replays_undone_round_by_round(
    app: Flask, api: Api, kind: str
) -> None:
    """A game no cache holds writes its rounds' JSON in runs (rendering._RUN): each answer after it, a round
    undone inside a run, then the next, down to none and back, is the fresh replay of its version."""
    players, options, make_round = KINDS[kind]
    game_id = api.create(kind, players, options).json["id"]
    played = rendering._RUN + 3
    for number in range(1, played + 1):
        assert api.add(game_id, make_round(number)).status_code == 201
    forget_everything()
    assert api.add(game_id, make_round(played + 1)).get_data() == fresh_answer(app, game_id)
    for number in range(played + 1, rendering._RUN - 2, -1):
        undone = api.delete(game_id, number)
        assert undone.status_code == 200, undone.json
        assert undone.get_data() == fresh_answer(app, game_id), number
    forget_everything()
    for number in range(rendering._RUN - 2, 0, -1):
        assert api.delete(game_id, number).get_data() == fresh_answer(app, game_id), number
    assert api.add(game_id, make_round(1)).get_data() == fresh_answer(app, game_id)


@pytest.mark.parametrize("kind", KINDS)
def test_each_answer_to_a_write_is_the_fresh_replay_of_that_version(app: Flask, api: Api, kind: str) -> None:
    players, options, make_round = KINDS[kind]
    game_id = api.create(kind, players, options).json["id"]
    writes: list[Callable[[], Any]] = [
        lambda: api.add(game_id, make_round(1)),
        lambda: api.add(game_id, make_round(2)),
        lambda: api.add(game_id, make_round(3)),
        lambda: api.put(game_id, 2, make_round(3)),
        lambda: api.delete(game_id, 3),
        lambda: api.delete(game_id, 2),
        lambda: api.add(game_id, make_round(2)),
    ]
    for write in writes:
        answer = write()
        assert answer.status_code in (200, 201), answer.json
        assert answer.get_data() == fresh_answer(app, game_id)


@pytest.mark.parametrize("kind", KINDS)
def test_the_table_page_after_writes_is_the_page_rendered_from_nothing(
    client: FlaskClient, api: Api, kind: str
) -> None:
    players, options, make_round = KINDS[kind]
    game_id = api.create(kind, players, options).json["id"]
    watcher = client.application.test_client()
    for number in range(1, 6):
        assert api.add(game_id, make_round(number)).status_code == 201
        watcher.get(f"/g/{game_id}")  # each version's rows kept, for the next one to reuse
    assert api.delete(game_id, 5).status_code == 200
    assert api.put(game_id, 2, make_round(3)).status_code == 200
    assert api.add(game_id, make_round(5)).status_code == 201
    page = watcher.get(f"/g/{game_id}").get_data(as_text=True)
    forget_everything()
    assert without_tokens(watcher.get(f"/g/{game_id}").get_data(as_text=True)) == without_tokens(page)


# ---------------------------------------------------------------------------
# compression


@pytest.fixture
def hearts_game(api: Api) -> str:
    game_id = api.create("hearts", FOUR, {"hands": 30}).json["id"]
    for number in range(1, 6):
        assert api.add(game_id, hearts_round(number)).status_code == 201
    return game_id


@pytest.mark.parametrize(
    ("accept", "encoding", "decode"),
    [
        ("gzip", "gzip", gzip.decompress),
        ("br", "br", brotli.decompress),
        ("gzip, deflate, br", "br", brotli.decompress),
    ],
)
def test_pages_and_answers_are_compressed_when_the_phone_accepts_it(
    client: FlaskClient, hearts_game: str, accept: str, encoding: str, decode: Callable[[bytes], bytes]
) -> None:
    for path in (f"/g/{hearts_game}", f"/api/v1/games/{hearts_game}", "/"):
        plain = client.get(path)
        assert "Content-Encoding" not in plain.headers
        assert "Accept-Encoding" in plain.headers["Vary"]
        for _ in range(2):  # the second time from the kept compressed bytes, for the cached page and answer
            packed = client.get(path, headers={"Accept-Encoding": accept})
            assert packed.status_code == 200
            assert packed.headers["Content-Encoding"] == encoding
            assert "Accept-Encoding" in packed.headers["Vary"]
            assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data)
            assert without_tokens(decode(packed.data).decode("utf-8")) == without_tokens(plain.get_data(as_text=True))


def test_a_kept_compressed_page_is_never_served_for_another_version(
    client: FlaskClient, api: Api, hearts_game: str
) -> None:
    path = f"/g/{hearts_game}"
    before = gzip.decompress(client.get(path, headers={"Accept-Encoding": "gzip"}).data)
    assert api.add(hearts_game, hearts_round(6)).status_code == 201
    after = gzip.decompress(client.get(path, headers={"Accept-Encoding": "gzip"}).data)
    assert before != after
    assert after == client.get(path).data


def test_a_games_compressed_pages_are_kept_as_its_pages_are_its_newest_versions_whatever_else_is_kept() -> None:
    bodies = delivery.CompressedBodies()
    bodies.set("br;table|game|4|en|False", b"page 4")
    bodies.set("br;static|style.css|abc", b"style")
    for number in range(1000):  # some 3 MB of other tables' pages: more than the static files' room
        bodies.set(f"br;table|table-{number}|1|en|True", bytes(3000))
    assert bodies.get("br;table|game|4|en|False") == b"page 4"
    assert bodies.get("gzip;table|game|4|en|False") is None  # another coding, another body
    for version in (5, 6):
        bodies.set(f"br;table|game|{version}|en|False", b"page %d" % version)
    assert bodies.get("br;table|game|6|en|False") == b"page 6"
    assert bodies.get("br;table|game|4|en|False") is None  # the game's newest versions only
    assert bodies.get("br;static|style.css|abc") == b"style"
    bodies.set("br;", b"no identity")
    assert bodies.get("br;") is None


def test_small_answers_and_their_cache_headers_stay_as_they_were(
    client: FlaskClient, api: Api, hearts_game: str
) -> None:
    compressed = {"Accept-Encoding": "gzip, br"}
    poll = client.get(f"/g/{hearts_game}/version", headers=compressed)
    assert poll.headers["Cache-Control"] == "no-cache"  # revalidated: unchanged, a 304 without a body
    assert "Content-Encoding" not in poll.headers  # under 500 bytes: not worth it
    for export in ("export.json", "export.csv"):
        response = client.get(f"/g/{hearts_game}/{export}", headers=compressed)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "no-cache"
        assert "attachment" in response.headers["Content-Disposition"]
    watch = client.get(f"/g/{hearts_game}/watch.svg", headers=compressed)
    assert watch.headers["Cache-Control"] == "private, max-age=86400"
    page = client.get(f"/g/{hearts_game}", headers=compressed)
    assert "immutable" not in page.headers.get("Cache-Control", "")


# ---------------------------------------------------------------------------
# static files


def static_urls(page: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', page)


def test_static_urls_carry_the_files_content_hash(app: Flask, client: FlaskClient, hearts_game: str) -> None:
    urls = static_urls(client.get(f"/g/{hearts_game}").get_data(as_text=True))
    parts = {part for url in urls for part in url.split("?")[0].removeprefix("/static/").split("+")}
    assert parts >= {"style.css", "app.js"}
    for url in urls:
        path, _, query = url.partition("?")
        name = path.removeprefix("/static/")
        with app.test_request_context():
            assert query == f"v={delivery.static_version(name)}"
        import hashlib

        with client.get(url) as response:  # the hash of the bytes served (minified), not of the file
            assert query == f"v={hashlib.sha256(response.data).hexdigest()[:12]}"


def test_a_versioned_static_file_is_cached_for_good(app: Flask, client: FlaskClient, hearts_game: str) -> None:
    for url in static_urls(client.get(f"/g/{hearts_game}").get_data(as_text=True)):
        with client.get(url) as response:
            assert response.status_code == 200
            assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        with client.get(url, headers={"Accept-Encoding": "br"}) as packed:
            if not url.split("?")[0].endswith(".png"):  # text is compressed; a PNG is compressed already
                assert packed.headers["Content-Encoding"] == "br"
                assert brotli.decompress(packed.data) == response.data
            assert packed.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        with client.get(url, headers={"Accept-Encoding": "gzip"}) as other:
            # Flask-Compress's gzip, made on a request, leaves the smallest files alone.
            if not url.split("?")[0].endswith(".png") and len(response.data) >= app.config["COMPRESS_MIN_SIZE"]:
                assert other.headers["Content-Encoding"] == "gzip"
                assert gzip.decompress(other.data) == response.data


@pytest.mark.parametrize("query", ["", "?v=0123456789ab", "?v="])
def test_a_static_file_at_another_version_is_revalidated(client: FlaskClient, query: str) -> None:
    with client.get(f"/static/style.css{query}") as response:
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "no-cache"
        assert "immutable" not in response.headers["Cache-Control"]


def css_text(text: str) -> str:
    """A stylesheet with no comment and no optional space or last semicolon: two that read alike are equal."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\s*([{};:,>+~()!])\s*", r"\1", text)
    return text.replace(";}", "}").strip()


def static_files(app: Flask, suffix: str) -> dict[str, Path]:
    """The static files of that kind, the app's and the games', by their name under /static/."""
    paths: dict[str, Path] = app.extensions["referee.static_paths"]
    return {name: path for name, path in paths.items() if name.endswith(suffix)}


def test_stylesheets_are_served_minified_with_every_rule(app: Flask, client: FlaskClient) -> None:
    sheets = static_files(app, ".css")
    assert {"style.css", "print.css", "hearts/round.css", "piquet/blank.css"} <= set(sheets)
    for name, path in sheets.items():
        source = path.read_text(encoding="utf-8")
        with client.get(f"/static/{name}") as response:
            assert response.status_code == 200 and response.mimetype == "text/css"
            served = response.get_data(as_text=True)
        assert len(served) < len(source), name
        assert "/*" not in served and "\n  " not in served
        # The same rules, selectors and declarations, in the same order: only spaces and comments went.
        assert css_text(served) == css_text(source)
        assert served.count("{") == css_text(source).count("{") > 0  # every rule, none merged or dropped


def test_scripts_are_served_minified_with_their_code_intact(app: Flask, client: FlaskClient) -> None:
    """Comments, spaces and the names local to a function go; every string, the text around each ``${}`` of a
    template literal, every function declared at the top of a file (form.js's showWays) and every name the
    pages and the tests reach through ``window`` (refereePiquet, refereeQueue…) stay as written.

    (The browser tests run these minified scripts in Chromium: tests/browser/.)
    """
    quoted = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
    template = re.compile(r"`([^`]*)`")
    scripts = static_files(app, ".js")
    assert {"app.js", "form.js", "piquet/round.js", "points/round.js"} <= set(scripts)
    for name, path in scripts.items():
        source = path.read_text(encoding="utf-8")
        with client.get(f"/static/{name}") as response:
            assert response.status_code == 200
            served = response.get_data(as_text=True)
        assert len(served) < len(source) * 0.8, name
        assert not re.search(r"^\s*//", served, flags=re.M) and "\n  " not in served, name
        code = re.sub(r"^\s*//[^\n]*", "", source, flags=re.M)
        around = [part for text in template.findall(code) for part in re.split(r"\$\{[^}]*\}", text)]
        texts = quoted.findall(template.sub("``", code)) + around
        # A string's escapes may be written out ("\\u2212" as "−"): either way it says the same.
        assert [text for text in texts if text not in served and json.loads(f'"{text}"') not in served] == [], name
        assert set(re.findall(r"(?m)^function (\w+)", source)) <= set(re.findall(r"\bfunction (\w+)", served)), name
        assert set(re.findall(r"\bwindow\.(\w+)", source)) == set(re.findall(r"\bwindow\.(\w+)", served)), name
        assert served.startswith('"use strict";'), name


def test_a_static_file_is_revalidated_by_the_hash_of_its_bytes(app: Flask, client: FlaskClient) -> None:
    with app.test_request_context():
        version = delivery.static_version("app.js")
    with client.get("/static/app.js") as response:
        assert response.headers["ETag"] == f'"{version}"'
    with client.get("/static/app.js", headers={"If-None-Match": f'"{version}"'}) as again:
        assert again.status_code == 304 and not again.data
    with client.get("/static/app.js", headers={"Accept-Encoding": "br"}) as packed:
        # Compressed once at start with brotli's best, another representation under another tag.
        assert packed.headers["Content-Encoding"] == "br" and "Accept-Encoding" in packed.headers["Vary"]
        assert packed.headers["ETag"] == f'"{version}:br"'
        assert brotli.decompress(packed.data) == client.get("/static/app.js").data
        assert len(packed.data) == len(brotli.compress(brotli.decompress(packed.data), quality=11))
    with client.get("/static/app.js", headers={"Accept-Encoding": "br", "If-None-Match": f'"{version}:br"'}) as again:
        assert again.status_code == 304


def test_a_page_loads_one_stylesheet_and_one_script_each_the_files_it_needs_in_order(
    app: Flask, client: FlaskClient
) -> None:
    page = client.get("/new/hearts").get_data(as_text=True)
    sheets = re.findall(r'<link rel="stylesheet" href="/static/([^"?]+)\?v=', page)
    scripts = re.findall(r'<script src="/static/([^"?]+)\?v=', page)
    assert sheets == ["style.css+form.css+fields.css+new_game.css"]
    assert scripts == ["app.js+widgets.js"]
    bodies: dict[str, delivery.StaticBody] = app.extensions["referee.static_bodies"]
    for bundle, join in ((sheets[0], b"\n"), (scripts[0], b";\n")):
        with client.get(f"/static/{bundle}") as response:
            assert response.status_code == 200
            assert response.data == join.join(bodies[name].data for name in bundle.split("+"))
    with client.get(f"/static/{scripts[0]}") as response:
        assert response.mimetype == "text/javascript"


def test_a_bundle_no_page_names_is_answered_but_neither_kept_nor_compressed_at_brotlis_best(
    app: Flask, client: FlaskClient
) -> None:
    """A client making up mixes of the app's files gets them, at the cost of a page each, not of brotli's best."""
    kept: dict[str, delivery.StaticBody] = app.extensions["referee.static_bundles"]
    bodies: dict[str, delivery.StaticBody] = app.extensions["referee.static_bodies"]
    made_up = "picks.css+counts.css+style.css"  # no page loads these, in this order
    joined = b"\n".join(bodies[name].data for name in made_up.split("+"))
    for _ in range(2):
        with client.get(f"/static/{made_up}", headers={"Accept-Encoding": "br"}) as response:
            assert response.status_code == 200 and response.headers["Content-Encoding"] == "br"
            assert brotli.decompress(response.data) == joined
            assert len(response.data) > len(brotli.compress(joined, quality=11))
    assert made_up not in kept
    page = client.get("/new/hearts").get_data(as_text=True)
    (named,) = re.findall(r'<link rel="stylesheet" href="/static/([^"?]+)\?v=', page)
    with client.get(f"/static/{named}", headers={"Accept-Encoding": "br"}) as response:
        assert response.data == kept[named].brotli  # a page's bundle: kept, at brotli's best


@pytest.mark.parametrize(
    "bundle",
    [
        "style.css+app.js",  # a stylesheet with a script
        "style.css+nothing.css",
        "style.css+style.css",
        "style.css+icon.svg",
        "+".join(["style.css", "form.css", "picks.css", "counts.css", "table.css", "tv.css", "watch.css"] * 2),
    ],
)
def test_a_bundle_of_files_that_do_not_go_together_is_not_found(client: FlaskClient, bundle: str) -> None:
    with client.get(f"/static/{bundle}") as response:
        assert response.status_code == 404


def test_in_debug_mode_static_files_are_served_as_they_are_on_disk(app: Flask, client: FlaskClient) -> None:
    app.debug = True
    try:
        with client.get("/static/style.css") as response:
            assert response.data == (Path(app.static_folder or "") / "style.css").read_bytes()
        with client.get("/static/piquet/round.js") as response:
            assert response.data == (GAMES["piquet"].folder / "static" / "round.js").read_bytes()
        with client.get("/static/cards.js+piquet/round.js") as response:
            on_disk = (Path(app.static_folder or "") / "cards.js", GAMES["piquet"].folder / "static" / "round.js")
            assert response.data == b";\n".join(path.read_bytes() for path in on_disk)
    finally:
        app.debug = False


def test_a_games_own_static_files_are_served_under_its_name_versioned_and_cached_for_good(
    app: Flask, client: FlaskClient
) -> None:
    with app.test_request_context():
        url = url_for("static", filename="hearts/round.css")
        version = delivery.static_version("hearts/round.css")
    assert version is not None and url == f"/static/hearts/round.css?v={version}"
    with client.get(url) as response:
        assert response.status_code == 200 and response.mimetype == "text/css"
        assert response.headers["Cache-Control"] == delivery.IMMUTABLE
        assert "[data-game=hearts] .takers{" in response.get_data(as_text=True)  # minified
    for missing in (
        "/static/hearts/nothing.css",
        "/static/hearts/",
        "/static/hearts/../__init__.py",
        "/static/nope/a.js",
    ):
        with client.get(missing) as response:
            assert response.status_code == 404, missing


def test_a_game_folder_hidden_by_a_folder_of_the_apps_static_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "app" / "hearts").mkdir(parents=True)
    (tmp_path / "game").mkdir()
    with pytest.raises(ValueError, match="hide the static files of the game 'hearts'"):
        delivery._static_files(tmp_path / "app", {"hearts": tmp_path / "game"})


def test_a_page_with_a_phones_own_token_is_compressed_for_each_phone(app: Flask, api: Api) -> None:
    game_id = api.create("hearts", FOUR, {"hands": 2}).json["id"]
    for number in (1, 2):
        assert api.add(game_id, hearts_round(number)).status_code == 201
    pages = []
    for _phone in range(2):
        phone = app.test_client()  # a phone of its own, a scorer: its own session, its own CSRF token
        assert phone.post(f"/g/{game_id}/join/{api.keys[game_id]}").status_code == 303
        phone.get(f"/g/{game_id}")  # the page that shows the flashed "this phone can now score"
        plain = phone.get(f"/g/{game_id}").get_data(as_text=True)
        packed = phone.get(f"/g/{game_id}", headers={"Accept-Encoding": "gzip"})
        page = gzip.decompress(packed.data).decode("utf-8")
        assert csrf_tokens(page) == csrf_tokens(plain)
        pages.append(page)
    tokens = [csrf_tokens(page) for page in pages]
    assert tokens[0] and tokens[1] and tokens[0] != tokens[1]  # the finished game's rematch form, each its own


def csrf_tokens(page: str) -> list[str]:
    """The CSRF tokens of a page's forms, without their signature: a token is signed with the second it
    was made in, so the same phone's token reads differently a second later."""
    return [token.split(".")[0] for token in re.findall(r'name="csrf_token" value="([^"]+)"', page)]


def test_the_apis_etag_stays_the_version_when_compressed(api: Api, hearts_game: str) -> None:
    plain = api.get(hearts_game)
    packed = api.client.get(f"/api/v1/games/{hearts_game}", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert packed.headers["ETag"] == plain.headers["ETag"] == '"5"'
    corrected = api.client.put(
        f"/api/v1/games/{hearts_game}/rounds/5",
        json=hearts_round(5),
        headers={**api.auth(hearts_game), "If-Match": packed.headers["ETag"], "Accept-Encoding": "br"},
    )
    assert corrected.status_code == 200
    assert corrected.headers["ETag"] == '"6"'


@pytest.mark.parametrize(("code", "send_now"), [("en", "Send now"), ("fr", "Envoyer maintenant")])
def test_the_offline_words_are_a_static_file_of_the_pages_language_loaded_with_offline_js(
    app: Flask, api: Api, client: FlaskClient, hearts_game: str, code: str, send_now: str
) -> None:
    assert client.post(f"/g/{hearts_game}/join/{api.keys[hearts_game]}").status_code == 303  # a scorer's phone
    client.get(f"/lang/{code}")
    page = client.get(f"/g/{hearts_game}/round").get_data(as_text=True)
    assert send_now not in page  # the words come with the script, when it is needed
    script = re.search(r'data-script="(/static/[^"]+)"', page)
    assert script is not None
    assert script.group(1).startswith(f"/static/offline-words.{code}.js+offline.js?v=")
    with client.get(script.group(1)) as response:
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        text = response.get_data(as_text=True)
    made, _ = json.JSONDecoder().raw_decode(text.removeprefix("window.refereeQueueWords="))
    words: dict[str, str] = made
    assert words["send"] == send_now
    assert set(words) == {"waiting", "heading", "send", "stale", "kept", "later", "refused", "open", "discard"}
    assert f'"/static/offline-words.{code}.js?v=' in client.get("/sw.js").get_data(as_text=True)
    app.debug = True  # served as the app made it: it is on no disk
    try:
        with client.get(f"/static/offline-words.{code}.js") as alone:
            assert text.startswith(alone.get_data(as_text=True) + ";\n")
    finally:
        app.debug = False


def test_files_the_app_makes_are_added_at_once(app: Flask, client: FlaskClient) -> None:
    """A request on another thread reading the static files (the worker's list, a page naming one) while the
    app adds the files it makes (Piquet's ways, at its first request) finds all of them or none."""
    client.get("/")
    versions = app.extensions["referee.static_versions"]
    bodies = app.extensions["referee.static_bodies"]
    listed = dict(versions)
    delivery.add_made_files(app, {"made-a.js": b"window.a=1;", "made-b.js": b"window.b=2;"})
    assert versions == listed and "made-a.js" not in bodies  # the maps being read are left as they were
    assert {"made-a.js", "made-b.js"} <= set(app.extensions["referee.static_versions"])
    with client.get("/static/made-a.js+made-b.js") as joined:
        assert joined.get_data(as_text=True) == "window.a=1;;\nwindow.b=2;"
