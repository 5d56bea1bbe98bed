"""A dropped connection loses nothing, and referee installs: real Chromium, phone-sized, taken offline and back.

"Offline" is what a phone at the table meets: the browser is offline (``set_offline``: its
``online`` and ``offline`` events), every request it still makes fails (a route: the offline
emulation does not reach a service worker's requests in Chromium), and the server is out of reach
(stopped; started again on the same port when the connection returns). What "another phone" records
meanwhile goes into the database through the store, as the server would write it.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, Route, expect

from referee import create_app, store
from referee.db import connect
from tests.browser.conftest import PHONE, save_round, scripts_ran, serving
from tests.browser.test_hearts_phone import enter_hand, tap_hand, totals
from tests.browser.test_playalong_phone import PLAYERS as PLAY_ALONG_PLAYERS
from tests.browser.test_playalong_phone import create_game as play_along_create
from tests.browser.test_queenie_phone import DEAL_1, create_game, enter_deal
from tests.hearts_examples import H11, H11_BY_SEAT, H11_INPUTS, TABLE

pytestmark = pytest.mark.browser


@pytest.fixture
def live_server_config() -> dict[str, Any]:
    """Watching phones ask for news every second."""
    return {"WATCH_POLL_SECONDS": 1}


class Server:
    """The live server, which can be taken out of reach and brought back at the same address."""

    def __init__(self, app: Flask):
        self.app = app
        self.port = 0
        self._serving: AbstractContextManager[str] | None = None

    def up(self) -> str:
        self._serving = serving(self.app, self.port)
        address = self._serving.__enter__()
        self.port = int(address.rsplit(":", 1)[1])
        return address

    def down(self) -> None:
        assert self._serving is not None
        self._serving.__exit__(None, None, None)
        self._serving = None

    def stored_inputs(self, game_id: str) -> list[Any]:
        """The rounds of the game as the database holds them, whether the server is up or not."""
        db = connect(self.app.config["DATABASE"])
        try:
            rows = db.execute("select input from rounds where game_id = ? order by number", [game_id]).fetchall()
        finally:
            db.close()
        return [json.loads(text) for (text,) in rows]

    def audit(self, game_id: str) -> list[tuple[str, int]]:
        """The game's changes as the database keeps them: (action, round number), oldest first."""
        db = connect(self.app.config["DATABASE"])
        try:
            rows = db.execute("select action, number from audit where game_id = ? order by id", [game_id]).fetchall()
        finally:
            db.close()
        return [tuple(row) for row in rows]

    def another_phone_undoes(self, game_id: str, number: int) -> None:
        db = connect(self.app.config["DATABASE"])
        try:
            store.undo_round(db, game_id, number)
        finally:
            db.close()

    def another_phone_adds(self, game_id: str, round_input: Any) -> None:
        """A round recorded by another phone while this one cannot reach the server."""
        db = connect(self.app.config["DATABASE"])
        try:
            store.add_round(db, game_id, round_input)
        finally:
            db.close()


@pytest.fixture
def server(tmp_path: Path, live_server_config: dict[str, Any]) -> Iterator[Server]:
    config = {"DATABASE": str(tmp_path / "browser.sqlite3"), "SECRET_KEY": "browser-tests", **live_server_config}
    running = Server(create_app(config))
    running.up()
    yield running
    if running._serving is not None:
        running.down()


@pytest.fixture
def live_server(server: Server) -> str:
    """This module's live server is the one that can be taken out of reach."""
    return f"http://127.0.0.1:{server.port}"


def api(base: str, method: str, path: str, body: Any = None, key: str | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(
        base + path, method=method, data=None if body is None else json.dumps(body).encode()
    )
    request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def joined_game(page: Page, base: str) -> tuple[str, str]:
    """A Hearts game made by another phone, joined on this one with its invitation link."""
    status, made = api(base, "POST", "/api/v1/games", {"game": "hearts", "players": TABLE})
    assert status == 201
    page.goto(f"{base}/g/{made['id']}/join/{made['key']}")
    page.get_by_role("button", name="Score this game on this phone").click()
    expect(page.locator("#next-title")).to_contain_text("Hand 1")
    return made["id"], made["key"]


def worker_in_charge(page: Page) -> None:
    """Wait until the service worker is active and controls this page (it then keeps the pages seen).

    The worker claims the pages open when it activates, but not one still loading then: the table
    opened by the invitation's confirmation, while the confirmation page's worker was installing,
    may stay without one. Once the worker is activated, such a page is loaded again, and is controlled.
    """
    controlled = page.evaluate(
        """async () => {
            const worker = (await navigator.serviceWorker.ready).active;
            await new Promise((done) => {
                const activated = () => worker.state === "activated" && done();
                worker.addEventListener("statechange", activated);
                activated();
            });
            return navigator.serviceWorker.controller !== null;
        }"""
    )
    if not controlled:
        page.reload()
        assert page.evaluate("navigator.serviceWorker.controller !== null")


def kept(page: Page, path: str) -> None:
    """Wait until the service worker has kept the page at ``path`` (it keeps it just after showing it)."""
    found = page.evaluate(
        """async (path) => {
            const url = new URL(path, location.href).href;
            for (let turn = 0; turn < 100; turn += 1) {
                for (const name of await caches.keys()) {
                    if (name.startsWith("referee-pages-") && await (await caches.open(name)).match(url)) return true;
                }
                await new Promise((done) => setTimeout(done, 50));
            }
            return false;
        }""",
        path,
    )
    assert found, path


class Connection:
    """The connection between a phone and the server, cut and restored."""

    def __init__(self, context: BrowserContext, server: Server):
        self.context = context
        self.server = server

    @staticmethod
    def _cut(route: Route) -> None:
        route.abort("internetdisconnected")

    def drop(self) -> None:
        self.context.route("**/*", self._cut)
        self.context.set_offline(True)
        self.server.down()

    def restore(self) -> None:
        self.server.up()
        self.context.unroute("**/*", self._cut)
        self.context.set_offline(False)  # last: the pages' "online" event then finds the way open


def played_online(page: Page, base: str, hands: int) -> tuple[str, str]:
    """A joined game with its first ``hands`` hands entered online, the worker keeping the pages."""
    game_id, key = joined_game(page, base)
    worker_in_charge(page)
    page.reload()
    for number, (hearts, queen) in enumerate(H11_BY_SEAT[:hands], start=2):
        enter_hand(page, hearts, queen)
        expect(page.locator("#next-title")).to_contain_text(f"Hand {number}")
    kept(page, f"/g/{game_id}/round")
    kept(page, f"/g/{game_id}")
    return game_id, key


def first_hand_kept_offline(page: Page, context: BrowserContext, server: Server, base: str) -> tuple[str, Connection]:
    """A joined game whose hand 1 (H11's: Bruno took the queen) was saved without a connection."""
    game_id, _key = joined_game(page, base)
    worker_in_charge(page)
    page.get_by_role("link", name="Enter hand 1").click()
    expect(page.locator("h1")).to_have_text("Hand 1")  # the form loaded before the connection drops
    scripts_ran(page)
    connection = Connection(context, server)
    connection.drop()
    tap_hand(page, *H11_BY_SEAT[0], leaves=False)
    expect(page.locator("[data-queue-panel]")).to_contain_text("Hand 1: not sent yet")
    return game_id, connection


def test_two_hands_entered_offline_are_stored_in_order_when_the_connection_returns(
    live_server: str, server: Server, page: Page, context: BrowserContext, screenshot_dir: Path
) -> None:
    game_id, _key = played_online(page, live_server, hands=1)
    connection = Connection(context, server)
    connection.drop()

    # The form kept from hand 1, made the form of hand 2: the table said hand 2 comes next.
    page.get_by_role("link", name="Enter hand 2").click()
    expect(page.locator("h1")).to_have_text("Hand 2")
    expect(page.locator("[data-offline-line]")).to_contain_text("Offline, as of ")
    tap_hand(page, *H11_BY_SEAT[1], leaves=False)
    panel = page.locator("[data-queue-panel]")
    expect(panel).to_contain_text(
        "No connection: Hand 2 is kept on this phone. It is sent by itself when the connection returns."
    )
    page.screenshot(path=str(screenshot_dir / "offline-hand-kept.png"), full_page=True)
    panel.get_by_role("button", name="Enter hand 3").click()
    expect(page.locator("h1")).to_have_text("Hand 3")
    expect(page.get_by_role("button", name="Save hand 3")).to_be_visible()
    tap_hand(page, *H11_BY_SEAT[2], leaves=False)
    expect(panel.locator("h2")).to_have_text("Kept on this phone: 2")

    page.reload()  # still offline: the kept form again, for the hand after those waiting
    expect(page.locator("h1")).to_have_text("Hand 4")
    expect(panel.locator("li")).to_have_text(["Hand 2: not sent yet", "Hand 3: not sent yet"])
    page.get_by_role("link", name="Back to the table").click()
    expect(page.locator("[data-offline-line]")).to_be_visible()
    expect(panel.locator("li")).to_have_text(["Hand 2: not sent yet", "Hand 3: not sent yet"])
    expect(page.get_by_role("link", name="Enter hand 4")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "offline-table-waiting.png"), full_page=True)
    assert server.stored_inputs(game_id) == H11_INPUTS[:1]

    connection.restore()  # sent by themselves, in order; the page then shows the game as stored
    expect(page.locator("#next-title")).to_contain_text("Hand 4")
    expect(panel).to_have_count(0)
    expect(page.locator("[data-offline-line]")).to_be_hidden()
    assert totals(page) == dict(zip(TABLE, H11[2][5], strict=True))
    assert server.stored_inputs(game_id) == H11_INPUTS[:3]
    page.screenshot(path=str(screenshot_dir / "offline-sent.png"), full_page=True)


def test_a_hand_whose_answer_was_lost_is_stored_once(live_server: str, server: Server, page: Page) -> None:
    game_id, _key = joined_game(page, live_server)
    # The routes below, for the saves only: set once the worker is in charge and the form has loaded
    # (a worker taking charge of the page meanwhile, or the form's own request, could pass them by).
    worker_in_charge(page)
    page.get_by_role("link", name="Enter hand 1").click()
    expect(page.locator("h1")).to_have_text("Hand 1")

    sends = []

    def lose_the_answers(route: Route) -> None:
        if not sends:
            route.fetch()  # the server stores the hand...
        sends.append(route.request.post_data)
        route.abort("connectionreset")  # ...and the phone never hears back, nor of the resends after

    page.route("**/g/*/round", lose_the_answers)
    tap_hand(page, *H11_BY_SEAT[0], leaves=False)
    panel = page.locator("[data-queue-panel]")
    expect(panel).to_contain_text("Hand 1: not sent yet")
    assert server.stored_inputs(game_id) == H11_INPUTS[:1]
    assert len(sends) >= 1 and len(set(sends)) == 1  # the very same form each time

    page.unroute("**/g/*/round", lose_the_answers)
    panel.get_by_role("button", name="Send now").click()  # the server has this very hand: that is success
    expect(page.locator("#next-title")).to_contain_text("Hand 2")
    assert server.stored_inputs(game_id) == H11_INPUTS[:1]
    assert totals(page) == dict(zip(TABLE, H11[0][5], strict=True))


def test_a_conflict_with_another_phone_is_shown_and_settled_by_a_tap(
    live_server: str, server: Server, page: Page, context: BrowserContext, screenshot_dir: Path
) -> None:
    game_id, connection = first_hand_kept_offline(page, context, server, live_server)  # 2, 17, 0, 7
    expect(page.locator("h1")).to_have_text("Hand 1")  # the form still holds it
    theirs = {"hearts": dict(zip(TABLE, [2, 4, 0, 7], strict=True)), "queen": "Alice"}
    server.another_phone_adds(game_id, theirs)

    connection.restore()
    conflict = page.locator("[data-queue-panel] .conflict")
    expect(conflict).to_contain_text("Hand 1: another phone already recorded something else.")
    expect(conflict.locator("tbody tr")).to_have_text(["In the game 15 4 0 7", "Yours 2 17 0 7"], use_inner_text=True)
    # Wider than the phone with more players: the rows' names stay while the players' columns scroll.
    assert conflict.locator("th[scope=row]").evaluate_all(
        "(cells) => cells.map((cell) => getComputedStyle(cell).position)"
    ) == ["sticky", "sticky"]
    page.screenshot(path=str(screenshot_dir / "offline-conflict.png"), full_page=True)
    assert server.stored_inputs(game_id) == [theirs]  # nothing overwritten before the tap

    conflict.get_by_role("button", name="Replace it with yours").click()
    expect(page.locator("#next-title")).to_contain_text("Hand 2")
    assert server.stored_inputs(game_id) == H11_INPUTS[:1]
    assert totals(page) == dict(zip(TABLE, H11[0][5], strict=True))


def test_a_watcher_says_since_when_it_is_offline_and_catches_up_by_itself(
    live_server: str, server: Server, page: Page, new_context: Callable[..., BrowserContext]
) -> None:
    status, made = api(live_server, "POST", "/api/v1/games", {"game": "hearts", "players": TABLE})
    assert status == 201
    watcher_phone = new_context()
    watcher = watcher_phone.new_page()
    watcher.goto(f"{live_server}/g/{made['id']}")
    assert totals(watcher) == dict.fromkeys(TABLE, 0)
    connection = Connection(watcher_phone, server)
    connection.drop()
    line = watcher.locator("[data-offline-line]")
    expect(line).to_have_text(re.compile(r"^Offline, as of \d\d:\d\d$"))
    server.another_phone_adds(made["id"], H11_INPUTS[0])

    connection.restore()
    expect(watcher.locator("#next-title")).to_contain_text("Hand 2")
    expect(line).to_be_hidden()
    assert totals(watcher) == dict(zip(TABLE, H11[0][5], strict=True))


def test_with_a_connection_a_page_is_never_the_kept_copy(live_server: str, page: Page) -> None:
    game_id, key = played_online(page, live_server, hands=1)  # the table after hand 1 is kept
    assert api(live_server, "POST", f"/api/v1/games/{game_id}/rounds", H11_INPUTS[1], key)[0] == 201
    page.reload()
    expect(page.locator("#next-title")).to_contain_text("Hand 3")
    expect(page.locator("[data-offline-line]")).to_be_hidden()
    assert totals(page) == dict(zip(TABLE, H11[1][5], strict=True))


def test_the_app_is_installable(
    live_server: str, browser_type: BrowserType, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> None:
    """Chromium's own installability check; in a profile of its own (not installable in a private window)."""
    phone = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args, viewport=PHONE)
    try:
        page = phone.new_page()
        joined_game(page, live_server)
        worker_in_charge(page)
        devtools = phone.new_cdp_session(page)
        assert devtools.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        manifest = devtools.send("Page.getAppManifest")
        assert (manifest["url"], manifest["errors"]) == (f"{live_server}/manifest.en.webmanifest", [])
    finally:
        phone.close()


def test_a_new_release_of_the_app_replaces_what_the_phone_kept(tmp_path: Path, page: Page) -> None:
    app = create_app({"DATABASE": str(tmp_path / "release.sqlite3"), "SECRET_KEY": "browser-tests"})
    with serving(app) as base:
        page.goto(base + "/")
        worker_in_charge(page)
        page.reload()
        kept(page, "/")
        names = "async () => (await caches.keys()).sort()"
        first = page.evaluate(names)
        assert len(first) == 2 and all(name.startswith(("referee-static-", "referee-pages-")) for name in first)

        app.extensions["referee.static_versions"]["app.js"] = "0123456789ab"  # app.js changed: a new release
        app.extensions["referee.urls"].clear()
        page.evaluate(
            """async () => {
                const registration = await navigator.serviceWorker.getRegistration();
                const replaced = new Promise((done) => {
                    navigator.serviceWorker.addEventListener("controllerchange", done);
                });
                await registration.update();
                await replaced;
            }"""
        )
        # The new worker empties the old caches as it takes over (its "activate"): wait for it.
        second = page.evaluate(
            """async (old) => {
                for (let turn = 0; turn < 100; turn += 1) {
                    const names = (await caches.keys()).sort();
                    if (!names.some((name) => old.includes(name))) return names;
                    await new Promise((done) => setTimeout(done, 50));
                }
                return (await caches.keys()).sort();
            }""",
            first,
        )
        assert not set(first) & set(second)
        assert [name.rsplit("-", 1)[0] for name in second] == ["referee-static"]
        kept_files = page.evaluate(
            """async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)""",
            next(name for name in second if name.startswith("referee-static-")),
        )
        assert f"{base}/static/app.js?v=0123456789ab" in kept_files


def test_without_a_connection_a_form_that_depends_on_the_deal_before_is_not_guessed(
    live_server: str, server: Server, page: Page, context: BrowserContext, screenshot_dir: Path
) -> None:
    """Queenie's form shows who deals and who may buy: the kept form of deal 1 cannot serve for deal 2."""
    create_game(page, live_server)
    worker_in_charge(page)
    page.reload()
    enter_deal(page, DEAL_1)
    kept(page, page.url + "/round")
    connection = Connection(context, server)
    connection.drop()
    page.get_by_role("link", name="Enter deal 2").click()
    expect(page.locator("main .flash.warning")).to_have_text(
        "No connection: this phone cannot make the form of Deal 2 yet (who deals and who leads depend on the"
        " rounds before it). Note it on paper meanwhile; the form comes back with the connection."
    )
    expect(page.locator("form[data-queue]")).to_be_hidden()
    page.screenshot(path=str(screenshot_dir / "offline-queenie-next-deal.png"), full_page=True)

    connection.restore()  # the server makes the form of deal 2
    expect(page.locator("form[data-queue]")).to_be_visible()
    expect(page.locator("main .flash.warning")).to_have_count(0)
    expect(page.get_by_role("button", name="Save deal 2")).to_be_visible()


@pytest.mark.parametrize("opened_from", ["its form", "the table"])
def test_a_round_refused_on_its_resend_opens_again_as_it_was_typed(
    live_server: str, server: Server, page: Page, context: BrowserContext, screenshot_dir: Path, opened_from: str
) -> None:
    game_id, connection = first_hand_kept_offline(page, context, server, live_server)

    refusal = {"errors": [{"field": "hearts", "message": "The hearts taken must add up to 13 (they add up to 12)."}]}
    refused: list[str] = []

    def refuse_the_resend(route: Route) -> None:
        # Only the queue's POST: the form the page loads again when the connection returns (a GET of the
        # same URL) goes on to the server, else it could take the refusal and the resend be stored.
        if route.request.method == "POST" and not refused:
            refused.append(route.request.url)
            route.fulfill(status=422, json=refusal)
        else:
            route.fallback()

    # The context's routes, not the page's: they also see what the service worker itself sends.
    context.route("**/g/*/round", refuse_the_resend)
    connection.restore()  # the server refuses it (say its rules changed): it stays here, said so
    panel = page.locator("[data-queue-panel]")
    expect(panel).to_contain_text("Hand 1 could not be saved:")
    expect(panel).to_contain_text("The hearts taken must add up to 13 (they add up to 12).")
    page.screenshot(path=str(screenshot_dir / "offline-refused.png"), full_page=True)
    assert server.stored_inputs(game_id) == []
    if opened_from == "the table":
        page.get_by_role("link", name="Back to the table").click()
        expect(panel).to_contain_text("The hearts taken must add up to 13 (they add up to 12).")

    panel.get_by_role("button", name="Open it to fix it").click()
    expect(page.locator("h1")).to_have_text("Hand 1")
    expect(page.locator("[data-queue-panel]")).to_have_count(0)  # it is back in the form, not kept twice
    hearts = [page.locator(f"input[name=hearts-{seat}]").input_value() for seat in range(4)]
    assert hearts == ["2", "4", "0", ""]  # as tapped: the one who took most was left to the rest
    expect(page.locator("input[name=queen][value='1']")).to_be_checked()
    save_round(page)
    expect(page.locator("#next-title")).to_contain_text("Hand 2")
    assert server.stored_inputs(game_id) == H11_INPUTS[:1]


def test_a_correction_made_offline_is_sent_when_the_connection_returns(
    live_server: str, server: Server, page: Page, context: BrowserContext
) -> None:
    game_id, _key = played_online(page, live_server, hands=2)
    page.locator("a.edit").first.click()  # hand 1's ✎
    expect(page.locator("h1")).to_have_text("Correct hand 1")
    connection = Connection(context, server)
    connection.drop()
    page.locator("[data-player-row]:nth-of-type(1) button.chip[data-set='4']").click()
    page.locator("[data-player-row]:nth-of-type(2) button.chip[data-set='2']").click()
    page.locator("button[name=save]").click()  # Alice 4 hearts, Bruno 2 and the queen: hand 1 was 2 and 4
    panel = page.locator("[data-queue-panel]")
    expect(panel.locator("li")).to_have_text(["Correct hand 1: not sent yet"])
    assert server.stored_inputs(game_id) == H11_INPUTS[:2]

    connection.restore()
    expect(page.locator("#next-title")).to_contain_text("Hand 3")
    expect(page.locator(".flash")).to_contain_text("Hand 1 corrected")
    corrected = {"hearts": dict(zip(TABLE, [4, 2, 0, 7], strict=True)), "queen": "Bruno"}
    assert server.stored_inputs(game_id) == [corrected, H11_INPUTS[1]]


def test_a_hand_whose_answer_was_lost_and_another_phone_undid_is_not_stored_again(
    live_server: str, server: Server, page: Page
) -> None:
    game_id, _key = joined_game(page, live_server)
    # The routes below, for the saves only: set once the worker is in charge and the form has loaded
    # (a worker taking charge of the page meanwhile, or the form's own request, could pass them by).
    worker_in_charge(page)
    page.get_by_role("link", name="Enter hand 1").click()
    expect(page.locator("h1")).to_have_text("Hand 1")

    def lose_the_answer(route: Route) -> None:
        route.fetch()  # the server stores the hand...
        route.abort("connectionreset")  # ...and the phone never hears back

    page.route("**/g/*/round", lambda route: route.abort("internetdisconnected"))  # nor of a resend, for now
    page.route("**/g/*/round", lose_the_answer, times=1)  # the last route added is asked first
    tap_hand(page, *H11_BY_SEAT[0], leaves=False)
    panel = page.locator("[data-queue-panel]")
    expect(panel).to_contain_text("Hand 1: not sent yet")
    server.another_phone_undoes(game_id, 1)

    page.unroute("**/g/*/round")
    panel.get_by_role("button", name="Send now").click()  # the server knows this hand: undone since, it stays so
    expect(page.locator(".flash")).to_contain_text(
        "This was received before (Hand 1); another phone has undone it since. Nothing was stored again."
    )
    expect(page.locator("#next-title")).to_contain_text("Hand 1")
    expect(panel).to_have_count(0)
    assert server.stored_inputs(game_id) == []
    assert server.audit(game_id) == [("add", 1), ("undo", 1)]


def test_a_hand_saved_again_offline_replaces_the_one_waiting(
    live_server: str, server: Server, page: Page, context: BrowserContext
) -> None:
    game_id, connection = first_hand_kept_offline(page, context, server, live_server)
    hearts, _queen = H11_BY_SEAT[0]
    tap_hand(page, hearts, 0, leaves=False)  # a second look: Alice took the queen, not Bruno
    panel = page.locator("[data-queue-panel]")
    expect(panel.locator("li")).to_have_text(["Hand 1: not sent yet"])  # one hand 1 waiting, the new one

    connection.restore()
    expect(page.locator("#next-title")).to_contain_text("Hand 2")
    assert server.stored_inputs(game_id) == [{**H11_INPUTS[0], "queen": "Alice"}]
    assert server.audit(game_id) == [("add", 1)]


def test_a_hand_kept_through_a_browser_restart_is_stored(
    live_server: str,
    server: Server,
    page: Page,
    context: BrowserContext,
    browser: Browser,
    browser_context_args: dict[str, Any],
) -> None:
    game_id, _connection = first_hand_kept_offline(page, context, server, live_server)
    # The browser closes and opens again: what it keeps on disk stays (the book's cookie, the rounds
    # kept); the session cookie, which holds the CSRF secret, does not.
    kept_state = context.storage_state()
    context.close()
    server.up()  # the connection is back
    cookies = [cookie for cookie in kept_state["cookies"] if cookie["name"] != "session"]
    assert len(cookies) < len(kept_state["cookies"])
    restarted = browser.new_context(**browser_context_args, storage_state={**kept_state, "cookies": cookies})
    phone = restarted.new_page()
    phone.goto(f"{live_server}/g/{game_id}")
    expect(phone.locator("#next-title")).to_contain_text("Hand 2")  # sent by itself, and taken
    assert server.stored_inputs(game_id) == H11_INPUTS[:1]
    assert phone.locator("[data-queue-panel]").count() == 0
    restarted.close()


def test_the_play_along_without_a_connection_offers_back_and_try_again(
    live_server: str, server: Server, page: Page, context: BrowserContext, screenshot_dir: Path
) -> None:
    play_along_create(page, live_server)
    worker_in_charge(page)
    page.locator("a.sticky-action").click()  # Enter deal 1
    page.get_by_text("Referee the deal card by card").click()
    question = page.locator("#question")
    expect(question).to_have_text("What did Alice do with the two packets?")
    asked_at = page.url
    kept(page, asked_at)
    connection = Connection(context, server)
    connection.drop()

    chloe = f"button[name=p][value='{PLAY_ALONG_PLAYERS.index('Chloé')}']"
    page.locator(chloe).click()  # the answer's page was never seen here
    expect(page.locator("h1")).to_have_text("No connection")
    page.screenshot(path=str(screenshot_dir / "offline-playalong.png"), full_page=True)
    connection.restore()
    page.get_by_role("link", name="Try again").click()  # the answer goes through now
    expect(question).to_have_text("Who has the ace of diamonds?")

    page.go_back()
    expect(question).to_have_text("What did Alice do with the two packets?")
    connection.drop()
    page.locator("button[name=p][value=switch]").click()
    expect(page.locator("h1")).to_have_text("No connection")
    page.get_by_role("link", name="Back").click()  # the question it was asked from, kept on the phone
    expect(question).to_have_text("What did Alice do with the two packets?")
    expect(page.locator("[data-offline-line]")).to_contain_text("Offline, as of ")


def test_a_hand_saved_three_times_offline_waits_once_and_the_table_says_its_instructions_wait(
    live_server: str, server: Server, page: Page, context: BrowserContext, screenshot_dir: Path
) -> None:
    game_id, _key = played_online(page, live_server, hands=1)
    connection = Connection(context, server)
    connection.drop()
    page.get_by_role("link", name="Enter hand 2").click()
    tap_hand(page, *H11_BY_SEAT[1], leaves=False)
    panel = page.locator("[data-queue-panel]")
    for _tap in range(2):  # no answer: tapped again, and again
        expect(panel.locator("li")).to_have_text(["Hand 2: not sent yet"])
        page.get_by_role("button", name="Save hand 2").click()
    expect(panel.locator("li")).to_have_text(["Hand 2: not sent yet"])

    # Back at the table, offline: hand 2's instructions (who dealt it, the pass) would mislead for hand 3.
    page.get_by_role("link", name="Back to the table").click()
    expect(panel.locator("li")).to_have_text(["Hand 2: not sent yet"])
    expect(page.get_by_role("link", name="Enter hand 3")).to_be_visible()
    note = page.locator("[data-stale-note]")
    expect(note).to_have_text(
        "Waiting for the connection: what to do for Hand 3 shows once the rounds kept on this phone are stored."
        " The instructions greyed below are out of date."
    )
    expect(page.locator("section.next")).to_have_class(re.compile(r"\bstale\b"))
    expect(page.locator("#next-title")).to_contain_text("Hand 2")  # as kept, greyed
    page.screenshot(path=str(screenshot_dir / "offline-table-instructions-wait.png"), full_page=True)

    connection.restore()
    expect(page.locator("#next-title")).to_contain_text("Hand 3")
    expect(note).to_have_count(0)
    expect(page.locator("section.next")).not_to_have_class(re.compile(r"\bstale\b"))
    assert server.stored_inputs(game_id) == H11_INPUTS[:2]
    assert server.audit(game_id) == [("add", 1), ("add", 2)]


def test_a_pages_one_script_is_made_by_the_worker_from_the_files_it_keeps_without_a_connection(
    live_server: str, server: Server, page: Page, context: BrowserContext
) -> None:
    """The worker keeps every static file when it installs; a page's one script (the files it needs joined,
    referee/delivery.py) that this phone never loaded is made from them: it needs no connection."""
    joined_game(page, live_server)
    worker_in_charge(page)
    form = server.app.test_client().get("/new/points").get_data(as_text=True)  # a page this phone never opened
    found = re.search(r'<script src="(/static/[^"]+\+[^"]+)"', form)
    assert found is not None
    served = server.app.test_client().get(found.group(1).replace("&amp;", "&")).get_data(as_text=True)
    Connection(context, server).drop()
    made = page.evaluate(
        "async (url) => { const got = await fetch(url); return [got.status, await got.text()]; }", found.group(1)
    )
    assert made == [200, served]


def test_a_piquet_way_not_chosen_comes_from_what_the_worker_keeps_without_a_connection(
    live_server: str, server: Server, page: Page, context: BrowserContext
) -> None:
    """Piquet's round form carries the ways of entering chosen; another, chosen without a connection, comes
    from the file of ways the worker kept when it installed (piquet/round.js asks for it when it is chosen)."""
    status, made = api(live_server, "POST", "/api/v1/games", {"game": "piquet", "players": ["Ann", "Bob"]})
    assert status == 201
    page.goto(f"{live_server}/g/{made['id']}/join/{made['key']}")
    page.get_by_role("button", name="Score this game on this phone").click()
    expect(page.locator("#next-title")).to_contain_text("Deal 1")
    worker_in_charge(page)
    page.goto(f"{live_server}/g/{made['id']}/round")
    kept(page, f"/g/{made['id']}/round")
    Connection(context, server).drop()
    page.reload()  # the copy the worker kept
    expect(page.locator("[data-offline-line]")).to_be_visible()
    expect(page.locator(".piquet-announced")).to_have_count(0)
    page.locator("input[name=combos][value=announced]").check()
    expect(page.locator(".piquet-announced")).to_be_visible()
    expect(page.locator(".piquet-cards")).to_be_hidden()
    expect(page.locator("[data-declaration=elder] h3")).to_contain_text(re.compile("Ann|Bob"))
    page.locator("input[name=play][value=totals]").check()
    expect(page.locator("[data-question=pique]")).to_be_visible()
