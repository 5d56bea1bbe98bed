"""Rounds sent in the background by the page's script (X-Referee-Queue), the manifest and the service worker."""

from __future__ import annotations

import re
import struct
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from referee import store
from referee.db import connect
from referee.views.access import BOOK_COOKIE
from tests.conftest import Api, dump_database
from tests.hearts_examples import TABLE
from tests.test_security import make_app

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
    assert client.post(f"/g/{made.json['id']}/join/{made.json['key']}").status_code == 303
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
    assert text.startswith("Hand 1: another phone already recorded something else. Hand 1 is already recorded")
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
    assert "The next hand is hand 1." in response.json["html"]
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
    assert "Hand 1 is already recorded (from another phone or a second tap). Nothing was added." in again.get_data(
        as_text=True
    )


def test_a_background_send_without_the_csrf_token_is_a_json_400(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    client = app.test_client()
    api = Api(client)
    made = api.create("hearts", TABLE)
    client.post(f"/g/{made.json['id']}/join/{made.json['key']}")
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
# each round the phone sends has its own id (issue 22, findings 4 to 7)


def sent(round_form: dict[str, str], submission: str, *replaces: str) -> MultiDict[str, str]:
    """A round form as the queue sends it: with the id the phone made for it, and the ids it replaces."""
    return MultiDict(
        [*round_form.items(), ("submission", submission), *(("replaces", earlier) for earlier in replaces)]
    )


def audit_rows(app: Flask, game_id: str) -> list[tuple[str, int, str | None]]:
    db = connect(app.config["DATABASE"])
    try:
        rows = db.execute("select action, number, submission from audit where game_id = ? order by id", [game_id])
        return [tuple(row) for row in rows.fetchall()]
    finally:
        db.close()


def another_phone(app: Flask, game_id: str, write: str) -> None:
    """Another phone undoes round 1, or corrects it (Alice took the queen), through the store."""
    db = connect(app.config["DATABASE"])
    try:
        if write == "undo":
            store.undo_round(db, game_id, 1)
        else:
            store.replace_round(
                db, game_id, 1, {"hearts": dict(zip(TABLE, [2, 4, 0, 7], strict=True)), "queen": "Alice"}
            )
    finally:
        db.close()


def test_a_resend_of_a_round_since_undone_by_another_phone_is_not_stored_again(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    # Phone A saves hand 1 and the server stores it, but A's answer is lost; phone B undoes hand 1.
    assert client.post(f"/g/{game_id}/round", data=sent(FIRST, "a1"), headers=QUEUED).status_code == 200
    another_phone(app, game_id, "undo")
    before = dump_database(app)
    again = client.post(f"/g/{game_id}/round", data=sent(FIRST, "a1"), headers=QUEUED)
    message = "This was received before (Hand 1); another phone has undone it since. Nothing was stored again."
    assert (again.status_code, again.json) == (
        200,
        {
            "outcome": "stored",
            "table": f"/g/{game_id}",
            "delivery": {"number": 1, "fate": "undone", "message": message},
        },
    )
    assert dump_database(app) == before
    assert audit_rows(app, game_id) == [("add", 1, "a1"), ("undo", 1, None)]
    assert message in client.get(f"/g/{game_id}").get_data(as_text=True)  # and said on the next page


def test_a_resend_of_a_round_since_corrected_says_so_and_keeps_the_correction(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    client.post(f"/g/{game_id}/round", data=sent(FIRST, "a1"), headers=QUEUED)
    another_phone(app, game_id, "edit")
    again = client.post(f"/g/{game_id}/round", data=sent(FIRST, "a1"), headers=QUEUED)
    assert again.json["delivery"] == {
        "number": 1,
        "fate": "replaced",
        "message": "This was received before (Hand 1); a correction has replaced it since. Nothing was stored again.",
    }
    assert round_inputs(app, game_id) == [
        '{"hearts": {"Alice": 2, "Bruno": 4, "Chloé": 0, "Denis": 7}, "queen": "Alice"}'
    ]


def test_a_resend_of_a_stored_round_says_under_which_number(app: Flask, client: FlaskClient, game_id: str) -> None:
    client.post(f"/g/{game_id}/round", data=sent(FIRST, "a1"), headers=QUEUED)
    before = dump_database(app)
    again = client.post(f"/g/{game_id}/round", data=sent(FIRST, "a1"), headers=QUEUED)
    assert again.json["delivery"] == {
        "number": 1,
        "fate": "stored",
        "message": "This was received before: stored as Hand 1.",
    }
    assert dump_database(app) == before


def test_a_later_version_of_a_round_from_the_same_phone_corrects_the_one_received(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    # Offline, hand 1 is saved, then edited and saved again: the phone sends the second version in
    # place of the first, naming it. The first did arrive (its answer was lost).
    client.post(f"/g/{game_id}/round", data=sent(FIRST, "a1"), headers=QUEUED)
    second = client.post(f"/g/{game_id}/round", data=sent(OTHER, "a2", "a1"), headers=QUEUED)
    assert (second.status_code, second.json) == (200, {"outcome": "stored", "table": f"/g/{game_id}"})
    assert round_inputs(app, game_id) == [
        '{"hearts": {"Alice": 2, "Bruno": 4, "Chloé": 0, "Denis": 7}, "queen": "Alice"}'
    ]
    assert audit_rows(app, game_id) == [("add", 1, "a1"), ("edit", 1, "a2")]


def test_a_later_version_of_a_round_never_received_is_added(app: Flask, client: FlaskClient, game_id: str) -> None:
    second = client.post(f"/g/{game_id}/round", data=sent(OTHER, "a2", "a1"), headers=QUEUED)
    assert second.status_code == 200
    assert audit_rows(app, game_id) == [("add", 1, "a2")]


def test_a_later_version_of_a_round_another_phone_undid_is_not_stored(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    client.post(f"/g/{game_id}/round", data=sent(FIRST, "a1"), headers=QUEUED)
    another_phone(app, game_id, "undo")
    second = client.post(f"/g/{game_id}/round", data=sent(OTHER, "a2", "a1"), headers=QUEUED)
    assert (second.status_code, second.json["delivery"]["fate"]) == (200, "undone")
    assert round_inputs(app, game_id) == []


@pytest.mark.parametrize("submission", ["", "a" * 65, "two words", "é"])
def test_a_submission_id_is_a_short_word(app: Flask, client: FlaskClient, game_id: str, submission: str) -> None:
    response = client.post(f"/g/{game_id}/round", data=sent(FIRST, submission), headers=QUEUED)
    if submission == "":  # none: as a form sent without the page's script
        assert response.status_code == 200
        return
    assert (response.status_code, response.json["errors"][0]["field"]) == (422, "submission")
    assert round_inputs(app, game_id) == []


@pytest.mark.parametrize("number", ["abc", "-1", "1.0", "\u0663", " 1", None])
def test_a_round_form_with_a_bad_or_missing_number_is_refused(
    app: Flask, client: FlaskClient, game_id: str, number: str | None
) -> None:
    form = {name: value for name, value in FIRST.items() if name != "number"}
    if number is not None:
        form["number"] = number
    before = dump_database(app)
    for _ in range(2):  # a second post without it would have been the next round
        assert client.post(f"/g/{game_id}/round", data=form).status_code == 400
        assert client.post(f"/g/{game_id}/round", data=form, headers=QUEUED).status_code == 400
    assert dump_database(app) == before


def test_the_api_takes_the_same_id_as_idempotency_key(app: Flask, client: FlaskClient, api: Api) -> None:
    game_id = api.create("hearts", TABLE).json["id"]
    body = {"hearts": dict(zip(TABLE, [2, 4, 0, 7], strict=True)), "queen": "Bruno"}
    headers = {**api.auth(game_id), "Idempotency-Key": "k1"}
    assert client.post(f"/api/v1/games/{game_id}/rounds", json=body, headers=headers).status_code == 201
    assert api.client.delete(f"/api/v1/games/{game_id}/rounds/1", headers=api.auth(game_id)).status_code == 200
    again = client.post(f"/api/v1/games/{game_id}/rounds", json=body, headers=headers)
    assert (again.status_code, again.json["delivery"], again.json["rounds"]) == (
        200,
        {"number": 1, "fate": "undone"},
        [],
    )
    assert audit_rows(app, game_id) == [("add", 1, "k1"), ("undo", 1, None)]
    bad = client.post(f"/api/v1/games/{game_id}/rounds", json=body, headers={**headers, "Idempotency-Key": "no way"})
    assert (bad.status_code, bad.json["errors"][0]["field"]) == (422, "submission")
    assert client.post(f"/api/v1/games/{game_id}/rounds", json=body, headers=api.auth(game_id)).status_code == 201


@pytest.fixture
def csrf_app(tmp_path: Path) -> Flask:
    return make_app(tmp_path)  # CSRF on, as in production


def phone_after_a_restart(app: Flask) -> tuple[FlaskClient, str, str, str]:
    """A game, a phone whose book holds it, that phone's round form (its CSRF token and queue token),
    then the same phone after a browser restart: its book's cookie kept, its session cookie gone."""
    made = Api(app.test_client()).create("hearts", TABLE).json
    db = connect(app.config["DATABASE"])
    try:
        book = store.create_book(db)
        store.file_game(db, book, made["id"], made["key"])
    finally:
        db.close()
    before = app.test_client()
    before.set_cookie(BOOK_COOKIE, f"{book.id}.{book.key}")
    page = before.get(f"/g/{made['id']}/round").get_data(as_text=True)
    csrf_token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    queue_token = re.search(r'data-queue-token="([0-9a-f]{64})"', page)
    assert csrf_token is not None and queue_token is not None
    after = app.test_client()
    after.set_cookie(BOOK_COOKIE, f"{book.id}.{book.key}")
    return after, made["id"], csrf_token.group(1), queue_token.group(1)


def test_a_round_kept_through_a_browser_restart_is_taken_with_the_phones_token(csrf_app: Flask) -> None:
    phone, game_id, csrf_token, queue_token = phone_after_a_restart(csrf_app)
    body = sent({**FIRST, "csrf_token": csrf_token}, "a1")  # as it was kept on the phone
    expired = phone.post(f"/g/{game_id}/round", data=body, headers=QUEUED)
    assert expired.status_code == 400  # the form's token alone: its secret left with the session
    response = phone.post(f"/g/{game_id}/round", data=body, headers={**QUEUED, "X-Referee-Queue-Token": queue_token})
    assert (response.status_code, response.json["outcome"]) == (200, "stored")
    assert audit_rows(csrf_app, game_id) == [("add", 1, "a1")]


def test_the_queue_token_is_no_way_around_csrf_for_anyone_else(csrf_app: Flask) -> None:
    phone, game_id, _csrf_token, queue_token = phone_after_a_restart(csrf_app)
    other, _other_game, _, other_token = phone_after_a_restart(csrf_app)
    before = dump_database(csrf_app)
    refused = [
        phone.post(f"/g/{game_id}/round", data=FIRST, headers={"X-Referee-Queue-Token": queue_token}),  # a plain form
        phone.post(f"/g/{game_id}/round", data=FIRST, headers={**QUEUED, "X-Referee-Queue-Token": other_token}),
        phone.post(f"/g/{game_id}/round", data=FIRST, headers={**QUEUED, "X-Referee-Queue-Token": "0" * 64}),
        csrf_app.test_client().post(  # a phone without that book
            f"/g/{game_id}/round", data=FIRST, headers={**QUEUED, "X-Referee-Queue-Token": queue_token}
        ),
    ]
    assert [response.status_code for response in refused] == [400, 400, 400, 400]
    assert dump_database(csrf_app) == before


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
            "Les scores des jeux de cartes auxquels vous jouez à table\u202f: "
            "Dame de Pique, Queenie, Piquet et d'autres.",
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
