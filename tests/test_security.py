"""Security: CSRF on every form, keys on every API write, names escaped everywhere, headers,
unguessable ids and keys compared in constant time, no default secret key, a body size limit.

Routes are discovered from ``app.url_map``, so pages and forms added later are covered too.
"""

from __future__ import annotations

import base64
import contextlib
import hmac
import http.client
import json
import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule

import referee
from referee import create_app, db, exports, store
from tests.conftest import Api, dump_database
from tests.test_hostile import forms_of, refusal_page_says_why
from tests.test_serving import Referee

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
# Names a table might type to be funny; each at most 30 characters, as a name may be.
HOSTILE_NAMES = ["<script>alert(1)</script>", '"><img src=x onerror=alert(2)>', "<b>Bold</b> & Co", "O'Hara"]
RAW_MARKUP = ["<script>alert(1)", "<img src=x", "<b>Bold</b>"]
ESCAPED = ["&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;b&gt;Bold&lt;/b&gt; &amp; Co"]
MARKUP_TYPES = ("text/html", "image/svg+xml", "application/xhtml+xml", "text/xml", "application/xml")


def make_app(tmp_path: Path, **config: Any) -> Flask:
    return create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "security.sqlite3"), "SECRET_KEY": "security-tests", **config}
    )


def write_rules(app: Flask, api: bool) -> list[tuple[Rule, str]]:
    found = [
        (rule, method)
        for rule in app.url_map.iter_rules()
        for method in ("POST", "PUT", "DELETE")
        if method in (rule.methods or ()) and rule.rule.startswith("/api/") == api
    ]
    return sorted(found, key=lambda item: (item[0].rule, item[1]))


def get_rules(app: Flask) -> list[Rule]:
    rules = [rule for rule in app.url_map.iter_rules() if "GET" in (rule.methods or ()) and rule.endpoint != "static"]
    return sorted(rules, key=lambda rule: rule.rule)


def build(app: Flask, rule: Rule, method: str, game_id: str, key: str, kind: str = "hearts") -> str:
    values: dict[str, Any] = {}
    for name in rule.arguments:
        values[name] = {
            "game_id": game_id,
            "number": 1,
            "game_name": kind,
            "game": kind,
            "key": key,
            "code": "en",
            "filename": "style.css",
        }.get(name, "x")
    return app.url_map.bind("localhost").build(rule.endpoint, values, method=method)


def remember(client: FlaskClient, keys: dict[str, str]) -> None:
    with client.session_transaction() as session:
        session["keys"] = dict(keys)


def hearts_game(api: Api, players: list[str] = FOUR) -> str:
    created = api.create("hearts", players)
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    hearts = dict(zip(players, [2, 4, 0, 7], strict=True))
    for _ in range(2):
        assert api.add(game_id, {"hearts": hearts, "queen": players[1]}).status_code == 201
    return game_id


# ---------------------------------------------------------------------------
# CSRF


@pytest.fixture
def csrf_app(tmp_path: Path) -> Flask:
    return make_app(tmp_path)  # CSRF on, as in production


def test_every_form_post_needs_the_csrf_token(csrf_app: Flask) -> None:
    client = csrf_app.test_client()
    api = Api(client)
    game_id = hearts_game(api)
    remember(client, api.keys)
    rules = write_rules(csrf_app, api=False)
    assert {rule.endpoint for rule, _ in rules} >= {"tables.new_game", "tables.new_round", "tables.undo"}
    for rule, method in rules:
        path = build(csrf_app, rule, method, game_id, api.keys[game_id])
        for token in (None, "forged-token", ""):
            before = dump_database(csrf_app)
            data = {"number": "1", "hearts-0": "13", "queen": "0", "player-0": "A", "player-1": "B", "player-2": "C"}
            if token is not None:
                data["csrf_token"] = token
            response = client.open(path, method=method, data=data)
            assert response.status_code == 400, (path, token, response.status_code)
            assert dump_database(csrf_app) == before, path
            assert refusal_page_says_why(response.get_data(as_text=True)), path


def test_the_same_posts_pass_with_the_token_from_the_page(csrf_app: Flask) -> None:
    """The control: it is the token that made the difference above."""
    client = csrf_app.test_client()
    api = Api(client)
    game_id = hearts_game(api)
    remember(client, api.keys)
    checked = 0
    for rule, method in write_rules(csrf_app, api=False):
        if "GET" not in (rule.methods or ()):
            continue
        path = build(csrf_app, rule, method, game_id, api.keys[game_id])
        page = client.get(path)
        forms = [form for form in forms_of(page.get_data(as_text=True)) if form.method == "post"]
        if page.status_code != 200 or not forms or "csrf_token" not in forms[0].fields:
            continue
        token = forms[0].fields["csrf_token"].defaults[0]
        response = client.open(path, method=method, data={"csrf_token": token, "number": "1"})
        assert response.status_code != 400, (path, response.get_data(as_text=True)[:500])
        checked += 1
    assert checked >= 3


def test_the_api_needs_no_csrf_token_but_a_key(csrf_app: Flask) -> None:
    api = Api(csrf_app.test_client())
    game_id = hearts_game(api)  # POSTs with CSRF on: the API is exempt
    assert len(api.get(game_id).json["rounds"]) == 2


# What another website can send without asking (a "simple" request: no preflight): a form's types,
# text/plain, or no body at all.
SIMPLE_CONTENT_TYPES = [None, "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded"]


def test_the_api_refuses_what_another_site_can_send_without_asking(csrf_app: Flask) -> None:
    """A cross-site ``fetch(..., {mode: "no-cors"})`` posts text/plain with no preflight: 415, nothing made."""
    client = csrf_app.test_client()
    api = Api(client)
    game_id = hearts_game(api)
    body = json.dumps({"game": "hearts", "players": FOUR, "hearts": {"Alice": 13}, "id": game_id, "key": "x"})
    rules = [(rule, method) for rule, method in write_rules(csrf_app, api=True) if method != "DELETE"]
    assert {rule.endpoint for rule, _ in rules} >= {"api.create_game", "share.api_import", "books.api_create_book"}
    for rule, method in rules:
        path = build(csrf_app, rule, method, game_id, api.keys[game_id])
        for content_type in SIMPLE_CONTENT_TYPES:
            before = dump_database(csrf_app)
            headers = {"Origin": "https://elsewhere.example", **api.auth(game_id)}
            response = client.open(path, method=method, data=body, content_type=content_type, headers=headers)
            assert response.status_code == 415, (path, content_type, response.status_code)
            message = "Send the body as JSON, with the header Content-Type: application/json."
            assert response.json == {"errors": [{"field": "request", "message": message}]}
            assert dump_database(csrf_app) == before, path
    # The control: the same body as JSON, with its type, is taken.
    game = json.dumps({"game": "hearts", "players": FOUR})
    created = client.post("/api/v1/games", data=game, content_type="application/json; charset=utf-8")
    assert created.status_code == 201


# ---------------------------------------------------------------------------
# The API's keys


def test_every_api_write_on_a_game_needs_its_key(app: Flask, client: FlaskClient, api: Api) -> None:
    game_id = hearts_game(api)
    other = hearts_game(api)
    rules = [(rule, method) for rule, method in write_rules(app, api=True) if "game_id" in rule.arguments]
    assert {rule.endpoint for rule, _ in rules} >= {"api.add_round", "api.replace_round", "api.undo_round"}
    body = {"hearts": {"Alice": 2, "Bruno": 4, "Chloé": 0, "Denis": 7}, "queen": "Bruno"}
    cases = [
        ({}, 401),
        ({"Authorization": ""}, 401),
        ({"Authorization": "Bearer "}, 401),
        ({"Authorization": f"Basic {api.keys[game_id]}"}, 401),
        ({"Authorization": "Bearer not-the-key"}, 403),
        ({"Authorization": f"Bearer {api.keys[other]}"}, 403),  # another game's key
        ({"Authorization": f"Bearer {api.keys[game_id][:-1]}"}, 403),
    ]
    for rule, method in rules:
        path = build(app, rule, method, game_id, "x")
        for headers, status in cases:
            before = dump_database(app)
            response = client.open(path, method=method, json=body, headers=headers)
            assert response.status_code == status, (method, path, headers, response.status_code)
            assert dump_database(app) == before
            (error,) = response.json["errors"]
            assert error["message"]
    # The right key works on each (the control).
    assert api.put(game_id, 1, body).status_code == 200
    assert api.delete(game_id, 2).status_code == 200


# ---------------------------------------------------------------------------
# Names with HTML in them


def hostile_games(api: Api) -> dict[str, str]:
    """A game of each kind whose players are named with markup, with a round or two played."""
    names = HOSTILE_NAMES
    games = {"hearts": hearts_game(api, names)}
    created = api.create("queenie", names, dealer=names[0])
    assert created.status_code == 201, created.json
    queenie = created.json["id"]
    deal = {
        "stakes": {name: "C" for name in names},
        "dealer_choice": "keep",
        "buyer": None,
        "queens": {"S": None, "H": None, "D": None, "C": names[2]},
        "out": None,
    }
    assert api.add(queenie, deal).status_code == 201
    games["queenie"] = queenie
    created = api.create("piquet", names[:2])
    assert created.status_code == 201, created.json
    piquet = created.json["id"]
    hands = {"elder": "AS KS QS JS TS AH 9H 7H AD 8D 7D 8C", "younger": "KH QH JH TH 8H KD QD JD TD 9D KC QC"}
    assert api.add(piquet, {"hands": hands, "trick_winners": "EEEEEEEYYYYY"}).status_code == 201
    games["piquet"] = piquet
    return games


def test_names_with_html_are_escaped_on_every_page(app: Flask, client: FlaskClient, api: Api) -> None:
    games = hostile_games(api)
    remember(client, api.keys)
    seen: dict[str, int] = {}
    for kind, game_id in games.items():
        for rule in get_rules(app):
            path = build(app, rule, "GET", game_id, api.keys[game_id], kind)
            response = client.get(path)
            if response.status_code in (301, 302, 303):
                response = client.get(response.headers["Location"])
            text = response.get_data(as_text=True) if response.mimetype.startswith(("text/", "image/svg")) else ""
            if response.mimetype in MARKUP_TYPES:
                for raw in RAW_MARKUP:
                    assert raw not in text, (path, raw)
                if any(escaped in text for escaped in ESCAPED):
                    seen[rule.endpoint] = seen.get(rule.endpoint, 0) + 1
            else:
                # Anything else that carries a name is not markup, and says so firmly.
                assert response.headers["X-Content-Type-Options"] == "nosniff"
                assert not response.mimetype.startswith("text/html")
    # The names really are on the pages that show them (escaped, not dropped).
    for endpoint in ("tables.home", "tables.table", "tables.new_round", "tables.edit_round", "tables.undo"):
        assert seen.get(endpoint), (endpoint, seen)


def test_names_with_html_are_plain_strings_in_the_api(api: Api) -> None:
    games = hostile_games(api)
    for game_id in games.values():
        response = api.get(game_id)
        assert response.mimetype == "application/json"
        assert set(response.json["players"]) <= set(HOSTILE_NAMES)


def test_a_name_is_escaped_when_refused_too(client: FlaskClient) -> None:
    """A refused new game shows the typed names back in the form: escaped."""
    data = {"player-0": HOSTILE_NAMES[0], "player-1": HOSTILE_NAMES[0], "player-2": HOSTILE_NAMES[1]}
    response = client.post("/new/hearts", data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "<script>alert(1)" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


# ---------------------------------------------------------------------------
# Headers


def csp_directives(header: str) -> dict[str, list[str]]:
    directives: dict[str, list[str]] = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            directives[words[0].lower()] = [word.lower() for word in words[1:]]
    return directives


def check_headers(response: Any, where: str) -> None:
    csp = response.headers.get("Content-Security-Policy")
    assert csp, where
    directives = csp_directives(csp)
    scripts = directives.get("script-src", directives.get("default-src"))
    assert scripts is not None, (where, csp)
    assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts, (where, csp)
    assert "*" not in scripts and "data:" not in scripts, (where, csp)
    assert directives.get("frame-ancestors") == ["'none'"], (where, csp)
    assert directives.get("object-src") == ["'none'"], (where, csp)
    assert response.headers.get("X-Content-Type-Options") == "nosniff", where
    assert response.headers.get("Referrer-Policy") == "same-origin", where


def no_inline_script(html: str, where: str) -> None:
    """Nothing the CSP would block: every script has a src, no on* handlers, no javascript: URLs."""
    for tag in re.findall(r"<script\b[^>]*>", html, re.I):
        assert re.search(r"\ssrc=", tag), (where, tag)
    assert not re.search(r"<[a-z][^>]*\son[a-z]+\s*=", html, re.I), where
    assert "javascript:" not in html.lower(), where


def test_every_response_carries_the_security_headers(app: Flask, client: FlaskClient, api: Api) -> None:
    game_id = hearts_game(api)
    remember(client, api.keys)
    pages = 0
    for rule in get_rules(app):
        path = build(app, rule, "GET", game_id, api.keys[game_id])
        response = client.get(path)
        check_headers(response, path)
        if response.mimetype == "text/html":
            no_inline_script(response.get_data(as_text=True), path)
            pages += 1
    assert pages >= 5
    # Static files, errors, the API and refusals too.
    for static in ("/static/style.css", "/static/app.js"):
        with client.get(static) as response:
            check_headers(response, static)
    for response in (
        client.get("/no/such/page"),
        client.get("/g/no-such-game"),
        api.get(game_id),
        client.post("/api/v1/games", data="{", content_type="application/json"),
        client.post("/api/v1/games", json={"game": "chess"}),
        client.post(f"/api/v1/games/{game_id}/rounds", json={}),
    ):
        check_headers(response, response.request.path)


def test_the_pages_load_nothing_from_other_sites(app: Flask, client: FlaskClient, api: Api) -> None:
    game_id = hearts_game(api)
    remember(client, api.keys)
    for rule in get_rules(app):
        response = client.get(build(app, rule, "GET", game_id, api.keys[game_id]))
        if response.mimetype not in ("text/html", "text/css", "application/javascript", "text/javascript"):
            continue
        text = response.get_data(as_text=True)
        loads = re.findall(r"""(?:src|href|action)\s*=\s*["']?\s*((?:https?:)?//[^"'\s>]+)""", text, re.I)
        loads += re.findall(r"""url\(\s*["']?((?:https?:)?//[^)"']+)""", text, re.I)
        loads += re.findall(r"""@import\s+["']((?:https?:)?//[^"']+)""", text, re.I)
        # Links a person follows are fine; nothing is loaded from elsewhere (a link href to localhost is this site).
        assert all("//localhost" in url for url in loads), (rule.rule, loads)


# ---------------------------------------------------------------------------
# Ids and keys


def urlsafe_bits(token: str) -> int:
    assert re.fullmatch(r"[A-Za-z0-9_-]+", token), token
    return len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8


def test_game_ids_and_edit_keys_come_from_secrets_with_128_bits_or_more(
    app: Flask, api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[tuple[int | None, str]] = []
    real = secrets.token_urlsafe

    def spy(nbytes: int | None = None) -> str:
        token = real(nbytes)
        made.append((nbytes, token))
        return token

    monkeypatch.setattr(secrets, "token_urlsafe", spy)
    created = [api.create("hearts", FOUR).json for _ in range(50)]
    ids = [state["id"] for state in created]
    keys = [state["key"] for state in created]
    # Every id and key handed out is one that secrets made, from at least 16 random bytes.
    tokens = {token: nbytes for nbytes, token in made}
    for value in ids + keys:
        assert value in tokens, value
        assert tokens[value] is not None and tokens[value] >= 16
        assert urlsafe_bits(value) >= 128
    assert len(set(ids)) == len(ids) and len(set(keys)) == len(keys)
    # The key itself is never stored: only a hash of it.
    dumped = json.dumps(dump_database(app))
    assert not any(key in dumped for key in keys)


def test_keys_are_compared_in_constant_time(client: FlaskClient, api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, Any]] = []
    real = hmac.compare_digest

    def spy(left: Any, right: Any) -> bool:
        calls.append((left, right))
        return real(left, right)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    game_id = hearts_game(api)
    assert calls, "the API's key check did not go through hmac.compare_digest"
    calls.clear()
    assert api.add(game_id, {"points": {name: 0 for name in FOUR}}, key="wrong").status_code == 403
    assert calls
    calls.clear()
    remember(client, {game_id: api.keys[game_id]})
    assert client.get(f"/g/{game_id}/round").status_code == 200
    assert calls, "the pages' key check did not go through hmac.compare_digest"
    # And nothing in store compares a key with == (the only comparison is the digest one).
    for module in Path(store.__file__).parent.glob("*.py"):
        source = module.read_text(encoding="utf-8")
        assert "key_hash ==" not in source and "== stored.key_hash" not in source


# ---------------------------------------------------------------------------
# The secret key


def test_no_secret_key_means_no_app(tmp_path: Path) -> None:
    for config in ({}, {"SECRET_KEY": ""}, {"SECRET_KEY": None}):
        with pytest.raises(RuntimeError, match="SECRET_KEY"):
            create_app({"DATABASE": str(tmp_path / "x.sqlite3"), **config})


def test_the_instance_gets_a_random_secret_key_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """create_app() as served: the first run writes a random key to the instance folder, later runs reuse it."""
    made: list[Flask] = []

    def flask_in(folder: Path) -> Any:
        def factory(*args: Any, **kwargs: Any) -> Flask:
            made.append(Flask(*args, instance_path=str(folder), **kwargs))
            return made[-1]

        return factory

    monkeypatch.delenv("REFEREE_SECRET_KEY", raising=False)
    keys = []
    for folder in (tmp_path / "one", tmp_path / "two", tmp_path / "one"):
        monkeypatch.setattr(referee, "Flask", flask_in(folder))
        app = create_app()
        keys.append(app.config["SECRET_KEY"])
        assert app.config["DATABASE"] == str(folder / "referee.sqlite3")
        config = folder / "config.py"
        assert config.stat().st_mode & 0o777 == 0o600
    assert keys[0] == keys[2] != keys[1]
    for key in keys:
        assert re.fullmatch(r"[0-9a-f]{64}", key)  # 256 bits from secrets.token_hex
        assert key not in ("dev", "secret", "changeme", "test-secret")


# ---------------------------------------------------------------------------
# Request size


IMPORTS = {"share.api_import", "share.import_page"}


def body_limit(app: Flask, endpoint: str) -> int:
    """64 KiB, or for an import what its 1000 rounds may take: no other route takes more."""
    limit = exports.IMPORT_BYTES if endpoint in IMPORTS else app.config["MAX_CONTENT_LENGTH"]
    assert limit and limit <= 8 * 1024 * 1024
    return int(limit)


def test_only_the_imports_take_more_than_64_kib(app: Flask) -> None:
    larger = {name for name, view in app.view_functions.items() if getattr(view, "max_content_length", None)}
    assert larger == IMPORTS
    assert app.config["MAX_CONTENT_LENGTH"] == 64 * 1024


def test_an_oversized_api_body_is_a_413_in_json(app: Flask, client: FlaskClient, api: Api) -> None:
    game_id = hearts_game(api)
    rules = [(rule.endpoint, method, build(app, rule, method, game_id, "x")) for rule, method in write_rules(app, True)]
    for endpoint, method, path in [
        ("api.create_game", "POST", "/api/v1/games"),
        ("api.add_round", "POST", f"/api/v1/games/{game_id}/rounds"),
        ("api.replace_round", "PUT", f"/api/v1/games/{game_id}/rounds/1"),
        *rules,
    ]:
        huge = json.dumps({"game": "hearts", "players": ["x" * (body_limit(app, endpoint) + 10)]})
        before = dump_database(app)
        response = client.open(
            path, method=method, data=huge, content_type="application/json", headers=api.auth(game_id)
        )
        assert response.status_code == 413, (path, response.status_code)
        assert response.json["errors"][0]["message"] == "That request is too large."
        assert dump_database(app) == before


def test_an_oversized_form_is_a_413_page(app: Flask, client: FlaskClient, api: Api) -> None:
    game_id = hearts_game(api)
    remember(client, api.keys)
    for rule, method in write_rules(app, api=False):
        path = build(app, rule, method, game_id, api.keys[game_id])
        before = dump_database(app)
        too_much = "x" * (body_limit(app, rule.endpoint) + 10)
        response = client.open(path, method=method, data={"player-0": too_much, "number": "1"})
        assert response.status_code == 413, (path, response.status_code)
        assert response.mimetype == "text/html"
        assert "That request is too large." in response.get_data(as_text=True)
        assert dump_database(app) == before


@pytest.fixture
def live(tmp_path: Path) -> Iterator[int]:
    server = Referee(tmp_path, "--threads", "2", WTF_CSRF_ENABLED="false")
    try:
        yield server.port
    finally:
        server.stop()


def test_an_oversized_body_through_referee_serve_is_a_413_even_when_chunked(live: int) -> None:
    """The real server: a declared length over the limit, and a chunked body with no length at all (granian
    streams the body and says it ends, so werkzeug's MAX_CONTENT_LENGTH counts what it reads)."""
    body = json.dumps({"game": "hearts", "players": ["x" * 200_000]}).encode()

    def chunks() -> Iterator[bytes]:
        for start in range(0, len(body), 8192):
            yield body[start : start + 8192]

    for sent in [body, chunks()]:
        status, answer = posted_to(live, sent)
        assert status == 413
        assert json.loads(answer)["errors"][0]["message"] == "That request is too large."
    # The server is still there, and answers the next one normally.
    assert posted_to(live, json.dumps({"game": "hearts", "players": FOUR}).encode())[0] == 201


def posted_to(port: int, body: bytes | Iterator[bytes]) -> tuple[int, bytes]:
    """The status and body of the answer to a JSON body posted as it is, or chunked when it comes in parts."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    # A body over the limit is refused once its length or its first byte past the limit is read, and the
    # connection closed: when that comes before this side has sent the rest, sending fails, and the answer
    # is there to read all the same.
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):
        connection.request(
            "POST",
            "/api/v1/games",
            body=body,
            headers={"Content-Type": "application/json"},
            encode_chunked=not isinstance(body, bytes),
        )
    try:
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_a_host_werkzeug_cannot_read_is_a_400_through_referee_serve(tmp_path: Path) -> None:
    """A label over 63 characters: werkzeug's BadHost, then no link could be built for the error page.

    Sent first to a fresh server: its first request makes Piquet's ways files, which build links (a 500,
    before every hook but the refusal came after it)."""
    server = Referee(tmp_path, "--threads", "2")
    try:
        for path in ["/sw.js", "/static/style.css", "/no-such-page", "/"]:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            connection.putrequest("GET", path, skip_host=True)
            connection.putheader("Host", "a" * 64 + ".example")
            connection.endheaders()
            response = connection.getresponse()
            assert response.status == 400, path
            assert "The request could not be understood" in response.read().decode()
            connection.close()
    finally:
        server.stop()


# ---------------------------------------------------------------------------
# What the server writes down, and what a cached page may hold


def test_no_key_is_written_to_the_log_when_a_request_fails(
    app: Flask, client: FlaskClient, api: Api, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A busy database, or a bug, on a route whose path carries a key: the log names the route."""
    game_id = hearts_game(api)
    key = api.keys[game_id]
    book = client.post("/api/v1/books", json={}).json
    paths = [f"/g/{game_id}/join/{key}", f"/book/open/{book['id']}/{book['key']}"]
    for error in (db.Unavailable("busy"), RuntimeError("a bug")):

        def fail(*_args: Any, error: Exception = error, **_kwargs: Any) -> None:
            raise error

        monkeypatch.setattr(store, "load_head", fail)
        monkeypatch.setattr(store, "open_book", fail)
        for path in paths:
            caplog.clear()
            with caplog.at_level("INFO"):
                status = client.get(path).status_code
            assert status in (500, 503), path
            assert caplog.records, path  # it was logged…
            assert key not in caplog.text and book["key"] not in caplog.text  # …without the key
            assert "/<key>" in caplog.text


def test_a_player_named_as_the_csrf_placeholder_is_shown_as_named(tmp_path: Path) -> None:
    """The cached table page's CSRF placeholder was replaced everywhere, a player's name included."""
    app = make_app(tmp_path)
    client = app.test_client()
    page = client.get("/new/hearts").get_data(as_text=True)
    token = forms_of(page)[-1].fields["csrf_token"].defaults[0]
    name = "csrf-token-of-the-request"
    players = {"csrf_token": token, "player-0": name, "player-1": "Bruno", "player-2": "Chloé"}
    created = client.post("/new/hearts", data=players)
    assert created.status_code == 303
    for phone in (client, app.test_client()):  # the scorer, and a watcher
        table = phone.get(created.headers["Location"]).get_data(as_text=True)
        assert name in table


def test_a_page_that_follows_accept_language_says_so(client: FlaskClient, api: Api) -> None:
    game_id = hearts_game(api)
    for path in (f"/g/{game_id}", "/", f"/api/v1/games/{game_id}", "/no/such/page"):
        english = client.get(path, headers={"Accept-Language": "en"})
        french = client.get(path, headers={"Accept-Language": "fr"})
        assert "Accept-Language" in french.vary and "Accept-Language" in english.vary, path


# ---------------------------------------------------------------------------
# Names that look like another, or like nothing


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("a\u200db", "This name holds an invisible joiner between letters (U+200D ZERO WIDTH JOINER)"),
        ("An\u200cna", "This name holds an invisible joiner between letters (U+200C ZERO WIDTH NON-JOINER)"),
        ("\u200dAnn", "This name holds an invisible joiner between letters (U+200D ZERO WIDTH JOINER)"),
        ("\u3164", "This name holds a character that looks blank (U+3164 HANGUL FILLER)"),
        ("Ann\u3164", "This name holds a character that looks blank (U+3164 HANGUL FILLER)"),
        ("\u2800", "This name holds a character that looks blank (U+2800 BRAILLE PATTERN BLANK)"),
        ("\u115f\u1160", "This name holds a character that looks blank (U+115F HANGUL CHOSEONG FILLER)"),
        ("Bo\u034fb", "This name holds a character that looks blank (U+034F COMBINING GRAPHEME JOINER)"),
    ],
)
def test_a_name_that_looks_like_another_or_like_nothing_is_refused(api: Api, name: str, message: str) -> None:
    """Names "a\u200db" and "ab" were two players that look the same; a Hangul filler was a name."""
    response = api.create("hearts", ["ab", name, "Chloé"])
    assert response.status_code == 422
    assert response.json["errors"] == [{"field": "players.1", "message": f"{message}: type it again without it."}]


def test_joiners_inside_an_emoji_are_kept(api: Api) -> None:
    for family in ("👩\u200d👧", "👨🏽\u200d🦰", "❤️\u200d🔥"):
        assert api.create("hearts", ["Alice", family, "Chloé"]).json["players"][1] == family
