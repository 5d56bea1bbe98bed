"""Rounds sent in the background by the page's script (X-Referee-Queue), the manifest and the service worker."""

from __future__ import annotations

import re
import struct
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.db import connect
from tests.conftest import Api, dump_database
from tests.hearts_examples import TABLE

QUEUED = {"X-Referee-Queue": "1", "Accept": "application/json"}
STATIC = Path(__file__).resolve().parent.parent / "referee" / "static"


def hand(hearts: list[int], queen: int, number: int = 1, **extra: str) -> dict[str, str]:
    """A Hearts round form as the page posts it: hearts per seat, the queen's seat, the expected hand."""
    fields = {f"hearts-{seat}": str(count) for seat, count in enumerate(hearts)}
    return {**fields, "queen": str(queen), "number": str(number), "save": "1", **extra}


FIRST = hand([2, 4, 0, 7], 1)  # Bruno took the queen: 2, 17, 0, 7
OTHER = hand([2, 4, 0, 7], 0)  # Alice did: 15, 4, 0, 7


@pytest.fixture
def game_id(api: Api, client: FlaskClient) -> str:
    made = api.create("hearts", TABLE)
    assert client.get(f"/g/{made.json['id']}/join/{made.json['key']}").status_code == 303
    return str(made.json["id"])


def round_inputs(app: Flask, game_id: str) -> list[str]:
    db = connect(app.config["DATABASE"])
    try:
        return [
            row["input"] for row in db.query("select input from rounds where game_id = ? order by number", [game_id])
        ]
    finally:
        db.close()


def test_a_round_sent_in_the_background_is_answered_in_json(app: Flask, client: FlaskClient, game_id: str) -> None:
    response = client.post(f"/g/{game_id}/round", data=FIRST, headers=QUEUED)
    assert (response.status_code, response.json) == (200, {"outcome": "stored", "table": f"/g/{game_id}"})
    assert len(round_inputs(app, game_id)) == 1


def test_a_resend_of_a_round_already_stored_is_success_and_stores_nothing(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    assert client.post(f"/g/{game_id}/round", data=FIRST, headers=QUEUED).status_code == 200
    before = dump_database(app)
    again = client.post(f"/g/{game_id}/round", data=FIRST, headers=QUEUED)
    assert (again.status_code, again.json) == (200, {"outcome": "stored", "table": f"/g/{game_id}"})
    assert dump_database(app) == before


def test_another_phones_round_is_a_conflict_showing_both(app: Flask, client: FlaskClient, game_id: str) -> None:
    assert client.post(f"/g/{game_id}/round", data=OTHER, headers=QUEUED).status_code == 200
    before = dump_database(app)
    response = client.post(f"/g/{game_id}/round", data=FIRST, headers=QUEUED)
    assert response.status_code == 409
    answer: dict[str, Any] = response.json
    assert (answer["outcome"], answer["version"], answer["correct"]) == ("conflict", 1, f"/g/{game_id}/round/1")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer["html"])).strip()
    assert text.startswith("Hand 1: another phone already recorded something else. Round 1 is already recorded")
    assert "In the game 15 4 0 7 Yours 2 17 0 7 Keep what is stored Replace it with yours" in text
    assert 'data-queue-action="keep"' in answer["html"] and 'data-queue-action="mine"' in answer["html"]
    assert dump_database(app) == before  # nothing overwritten


def test_replacing_with_mine_is_a_correction_at_the_version_shown(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    client.post(f"/g/{game_id}/round", data=OTHER, headers=QUEUED)
    conflict = client.post(f"/g/{game_id}/round", data=FIRST, headers=QUEUED).json
    mine = {**FIRST, "version": str(conflict["version"])}
    response = client.post(conflict["correct"], data=mine, headers=QUEUED)
    assert (response.status_code, response.json["outcome"]) == (200, "stored")
    assert round_inputs(app, game_id) == [
        '{"hearts": {"Alice": 2, "Bruno": 4, "Chloé": 0, "Denis": 7}, "queen": "Bruno"}'
    ]


def test_replacing_after_yet_another_change_is_refused_again(app: Flask, client: FlaskClient, game_id: str) -> None:
    client.post(f"/g/{game_id}/round", data=OTHER, headers=QUEUED)
    conflict = client.post(f"/g/{game_id}/round", data=FIRST, headers=QUEUED).json
    client.post(f"/g/{game_id}/round", data=hand([0, 5, 6, 2], 0, number=2), headers=QUEUED)  # the other phone goes on
    before = dump_database(app)
    response = client.post(conflict["correct"], data={**FIRST, "version": str(conflict["version"])}, headers=QUEUED)
    assert (response.status_code, response.json["outcome"], response.json["version"]) == (409, "conflict", 2)
    assert dump_database(app) == before


def test_a_round_for_a_later_number_is_a_conflict_without_a_correction(client: FlaskClient, game_id: str) -> None:
    response = client.post(f"/g/{game_id}/round", data=hand([2, 4, 0, 7], 1, number=3), headers=QUEUED)
    assert response.status_code == 409
    assert (response.json["outcome"], response.json["correct"]) == ("conflict", None)
    assert "The next round is round 1." in response.json["html"]
    assert 'data-queue-action="mine"' not in response.json["html"]


def test_a_round_numbered_zero_is_a_conflict_showing_no_round(client: FlaskClient, game_id: str) -> None:
    assert client.post(f"/g/{game_id}/round", data=FIRST, headers=QUEUED).status_code == 200
    response = client.post(f"/g/{game_id}/round", data=hand([0, 5, 6, 2], 0, number=0), headers=QUEUED)
    assert (response.status_code, response.json["outcome"], response.json["correct"]) == (409, "conflict", None)
    assert "In the game" not in response.json["html"]


def test_a_refused_round_answers_the_forms_messages(app: Flask, client: FlaskClient, game_id: str) -> None:
    response = client.post(f"/g/{game_id}/round", data=hand([2, 4, 0, 6], 1), headers=QUEUED)
    assert response.status_code == 422
    assert response.json == {
        "errors": [{"field": "hearts", "message": "The hearts taken must add up to 13 (they add up to 12)."}]
    }
    assert round_inputs(app, game_id) == []


def test_without_the_header_the_form_answers_as_it_always_did(client: FlaskClient, game_id: str) -> None:
    assert client.post(f"/g/{game_id}/round", data=FIRST).status_code == 303
    again = client.post(f"/g/{game_id}/round", data=FIRST, follow_redirects=True)
    assert "Round 1 is already recorded (from another phone or a second tap). Nothing was added." in again.get_data(
        as_text=True
    )


def test_a_background_send_without_the_csrf_token_is_a_json_400(tmp_path: Path) -> None:
    from tests.test_security import make_app

    app = make_app(tmp_path)
    client = app.test_client()
    api = Api(client)
    made = api.create("hearts", TABLE)
    client.get(f"/g/{made.json['id']}/join/{made.json['key']}")
    before = dump_database(app)
    response = client.post(f"/g/{made.json['id']}/round", data=FIRST, headers=QUEUED)
    assert response.status_code == 400
    assert response.json == {
        "errors": [
            {
                "field": "request",
                "message": "This form has expired or did not come from this page. Go back, reload it and try again.",
            }
        ]
    }
    assert dump_database(app) == before


# ---------------------------------------------------------------------------
# the installed app


def png_size(name: str) -> tuple[int, int]:
    header = (STATIC / name).read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


@pytest.mark.parametrize(
    ("code", "description"),
    [
        ("en", "Scores for the card games you play at the table: Hearts, Queenie, Piquet and more."),
        (
            "fr",
            "Les scores des jeux de cartes auxquels vous jouez à table : Dame de Pique, Queenie, Piquet et d'autres.",
        ),
    ],
)
def test_the_manifest_makes_the_app_installable_in_each_language(
    client: FlaskClient, code: str, description: str
) -> None:
    response = client.get(f"/manifest.{code}.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    assert response.headers["Cache-Control"] == "no-cache"
    manifest = response.json
    assert (manifest["name"], manifest["short_name"], manifest["lang"], manifest["description"]) == (
        "referee",
        "referee",
        code,
        description,
    )
    assert (manifest["display"], manifest["start_url"], manifest["scope"], manifest["id"]) == (
        "standalone",
        "/",
        "/",
        "/",
    )
    assert (manifest["theme_color"], manifest["background_color"]) == ("#fbfaf7", "#fbfaf7")
    icons = {(icon["sizes"], icon["purpose"]): icon["src"] for icon in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _purpose), src in icons.items():
        name = src.removeprefix("/static/").split("?")[0]
        assert png_size(name) == tuple(int(side) for side in sizes.split("x"))
        with client.get(src) as icon:
            assert (icon.status_code, icon.mimetype) == (200, "image/png")


def test_an_unknown_language_has_no_manifest(client: FlaskClient) -> None:
    assert client.get("/manifest.de.webmanifest").status_code == 404


@pytest.mark.parametrize("code", ["en", "fr"])
def test_every_page_links_the_manifest_of_its_language_and_the_worker(client: FlaskClient, code: str) -> None:
    client.set_cookie("lang", code)
    page = client.get("/").get_data(as_text=True)
    assert f'<link rel="manifest" href="/manifest.{code}.webmanifest">' in page
    assert f'<html lang="{code}" data-worker="/sw.js">' in page
    assert '<meta name="theme-color" content="#fbfaf7" media="(prefers-color-scheme: light)">' in page
    assert '<meta name="theme-color" content="#121212" media="(prefers-color-scheme: dark)">' in page


def test_the_worker_keeps_every_static_file_at_its_version(app: Flask, client: FlaskClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    worker = response.get_data(as_text=True)
    versions = app.extensions["referee.static_versions"]
    listed = re.search(r"const STATIC_URLS = (\[.*?\]);", worker)
    assert listed is not None
    assert sorted(re.findall(r'"/static/([^"?]+)\?v=([0-9a-f]+)"', listed.group(1))) == sorted(versions.items())
    assert "__RELEASE__" not in worker


def test_a_new_version_of_a_static_file_is_a_new_worker_with_new_caches(app: Flask, client: FlaskClient) -> None:
    def release() -> str:
        found = re.search(r'const RELEASE = "([0-9a-f]{12})";', client.get("/sw.js").get_data(as_text=True))
        assert found is not None
        return found.group(1)

    first = release()
    assert release() == first  # the same app, the same worker: the phone keeps its caches
    app.extensions["referee.static_versions"]["app.js"] = "0123456789ab"
    app.extensions["referee.urls"].clear()
    assert release() != first
