"""Regression tests for what a hostile client or an unlucky deployment found (issue "Hardening")."""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskClient

from referee import create_app
from tests.conftest import Api

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]


def test_a_query_string_never_enters_the_cached_table_page(api: Api, client: FlaskClient) -> None:
    game_id = api.create("hearts", FOUR).json["id"]
    first = client.get(f"/g/{game_id}?zq1visitor=1&x=%3Cscript%3E").get_data(as_text=True)
    assert "zq1visitor" not in first and "%3Cscript" not in first
    watcher = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "zq1visitor" not in watcher
    assert f"next=/g/{game_id}" in watcher


def test_the_api_accepts_a_byte_order_mark_as_the_upload_form_does(client: FlaskClient) -> None:
    body = '\ufeff{"game": "hearts", "players": ["A", "B", "C"]}'.encode()
    response = client.post("/api/v1/games", data=body, content_type="application/json")
    assert response.status_code == 201
    assert response.json["players"] == ["A", "B", "C"]


def test_behind_a_proxy_the_session_cookie_is_secure_and_links_use_https(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "referee.sqlite3"),
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": False,
            "SESSION_COOKIE_SECURE": True,
            "TRUSTED_PROXIES": 1,
        }
    )
    client = app.test_client()
    created = client.post("/new/hearts", data={"player-0": "A", "player-1": "B", "player-2": "C"})
    assert created.status_code == 303
    cookie = created.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie
    game_id = created.headers["Location"].rsplit("/", 1)[1]
    proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example"}
    invite = client.get(f"/g/{game_id}/invite", headers=proxied).get_data(as_text=True)
    assert f"https://cards.example/g/{game_id}/join/" in invite
