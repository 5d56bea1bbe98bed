"""A second phone watches a game live in real Chromium, and cannot change it; a third is invited to score."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.browser.conftest import page_width
from tests.browser.test_hearts_phone import create_game, enter_hand, totals

pytestmark = pytest.mark.browser

# Every test asks for ``live_server`` before any page or context, so the server outlives the phones
# that keep asking it for news; waits are Playwright's retrying ``expect``s, never the page's clock.


@pytest.fixture
def live_server_config() -> dict[str, Any]:
    """Watching phones ask for news every second."""
    return {"WATCH_POLL_SECONDS": 1}


@pytest.fixture
def other_phone(new_context: Callable[..., BrowserContext]) -> BrowserContext:
    """A second phone (pytest-playwright's ``new_context`` closes it at teardown, whatever the test did)."""
    return new_context()


def expect_image_loaded(image: Locator) -> None:
    """A loaded image (a locator wait: the page's Content-Security-Policy forbids wait_for_function's eval)."""
    expect(image).to_have_js_property("complete", True)
    assert image.evaluate("img => img.naturalWidth") > 0


def watch_link(page: Page) -> str:
    """The address the sharing panel gives to watchers (what the QR code holds)."""
    page.locator("#share-watch summary").click()
    link = page.locator("a[data-show-href]")
    expect(link).to_be_visible()
    return link.evaluate("link => link.href")


def test_a_watcher_sees_the_new_round_without_reloading(
    live_server: str, page: Page, other_phone: BrowserContext, screenshot_dir: Path
) -> None:
    create_game(page, live_server)
    address = watch_link(page)
    assert address.startswith(live_server + "/g/") and address.count("/") == 4  # just /g/<id>: no key
    expect(page.locator("a[data-show-href]")).to_have_text(address)
    page.screenshot(path=str(screenshot_dir / "share-panel-scorer.png"), full_page=True)

    watcher = other_phone.new_page()
    watcher.goto(address)
    assert totals(watcher) == {"Alice": 0, "Bruno": 0, "Chloé": 0, "Denis": 0}
    expect(watcher.get_by_role("link", name="Enter hand")).to_have_count(0)
    expect(watcher.get_by_role("link", name="Invite a second scorer…")).to_have_count(0)
    watcher.locator("#share-watch summary").click()  # open on the watcher: it stays open across updates
    watcher.evaluate("window.stillTheSamePage = 'yes'")
    navigations = []
    watcher.on("framenavigated", lambda frame: navigations.append(frame.url))

    enter_hand(page, [2, 4, 0, 7], 1)
    expect(page.locator(".totals")).to_contain_text("17")

    expect(watcher.locator(".totals")).to_contain_text("17", timeout=5000)
    assert totals(watcher) == {"Chloé": 0, "Alice": 2, "Denis": 7, "Bruno": 17}
    expect(watcher.locator(".grid tbody tr")).to_have_count(1)
    expect(watcher.locator("#next-title")).to_contain_text("Hand 2")
    assert watcher.evaluate("window.stillTheSamePage") == "yes"
    assert navigations == []
    expect(watcher.locator("#share-watch")).to_have_attribute("open", "")

    enter_hand(page, [0, 5, 6, 2], 0)
    expect(watcher.locator(".grid tbody tr")).to_have_count(2, timeout=5000)
    assert totals(watcher) == {"Alice": 15, "Chloé": 6, "Denis": 9, "Bruno": 22}
    assert watcher.evaluate("window.stillTheSamePage") == "yes"
    watcher.screenshot(path=str(screenshot_dir / "share-watcher-after-update.png"), full_page=True)


def test_a_watcher_cannot_write_even_with_a_form_token(
    live_server: str, page: Page, other_phone: BrowserContext
) -> None:
    create_game(page, live_server)
    address = watch_link(page)
    game_id = address.rsplit("/", 1)[1]
    enter_hand(page, [2, 4, 0, 7], 1)
    expect(page.locator(".grid tbody tr")).to_have_count(1)

    watcher = other_phone.new_page()
    watcher.goto(f"{live_server}/new/hearts")  # any form gives this phone a valid CSRF token
    token = watcher.locator("input[name=csrf_token]").input_value()
    hand = {"csrf_token": token, "number": "2", "queen": "0", "hearts-0": "13", "hearts-1": "0", "hearts-2": "0"}
    writes = [
        (f"/g/{game_id}/round", hand),
        (f"/g/{game_id}/round/1", {**hand, "number": "1"}),
        (f"/g/{game_id}/undo", {"csrf_token": token, "number": "1"}),
    ]
    for path, form in writes:
        response = other_phone.request.post(live_server + path, form={**form, "hearts-3": "0"})
        assert response.status == 403, path
    for path in (f"/g/{game_id}/round", f"/g/{game_id}/round/1", f"/g/{game_id}/undo"):
        page_response = watcher.goto(live_server + path)
        assert page_response is not None and page_response.status == 403
        expect(watcher.locator("h1")).to_contain_text("This phone can watch this game, but not change it.")
        expect(watcher.locator("main")).to_contain_text('ask the scorer to open "Invite a second scorer…"')
        expect(watcher.get_by_role("link", name="Back to the game")).to_have_attribute("href", f"/g/{game_id}")
    watcher.goto(address)
    assert totals(watcher) == {"Chloé": 0, "Alice": 2, "Denis": 7, "Bruno": 17}


def test_an_invited_phone_can_score(
    live_server: str, page: Page, other_phone: BrowserContext, screenshot_dir: Path
) -> None:
    create_game(page, live_server)
    page.get_by_role("link", name="Invite a second scorer…").click()
    expect(page.locator("h1")).to_have_text("Invite a second scorer")
    expect(page.locator(".warning")).to_contain_text("gives scoring rights")
    qr = page.locator("img.qr")
    expect_image_loaded(qr)
    box = qr.bounding_box()
    assert box is not None and box["width"] >= 200 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.screenshot(path=str(screenshot_dir / "share-invite.png"), full_page=True)
    join = page.locator(".share-link a").get_attribute("href")
    assert join is not None and "/join/" in join
    page.get_by_role("link", name="Back to the game").click()
    expect(page.locator(".grid tbody tr")).to_have_count(0)

    second = other_phone.new_page()
    second.goto(join)
    expect(second.locator("h1")).to_have_text("Score this game on this phone?")
    second.get_by_role("button", name="Score this game on this phone").click()
    expect(second.locator(".flash")).to_contain_text("This phone can now enter and correct the hands")
    assert "/join/" not in second.url
    enter_hand(second, [2, 4, 0, 7], 1)
    expect(second.locator(".grid tbody tr")).to_have_count(1)
    assert totals(second) == {"Chloé": 0, "Alice": 2, "Denis": 7, "Bruno": 17}
    # The first scorer's phone follows the second scorer's round by itself.
    expect(page.locator(".grid tbody tr")).to_have_count(1, timeout=5000)
    assert totals(page) == {"Chloé": 0, "Alice": 2, "Denis": 7, "Bruno": 17}


def test_the_watch_qr_code_and_the_keep_awake_button(live_server: str, page: Page, screenshot_dir: Path) -> None:
    create_game(page, live_server)
    enter_hand(page, [2, 4, 0, 7], 1)
    page.locator("#share-watch summary").click()
    qr = page.locator("#share-watch img.qr")
    expect(qr).to_be_visible()
    expect_image_loaded(qr)
    supported = page.evaluate("'wakeLock' in navigator && window.isSecureContext")
    wake = page.locator("[data-wake]")
    if supported:
        expect(wake).to_be_visible()
        box = wake.bounding_box()
        assert box is not None and box["height"] >= 44
    else:
        expect(wake).to_be_hidden()
    assert page_width(page) <= 390
    page.screenshot(path=str(screenshot_dir / "share-table-full.png"), full_page=True)
    page.locator("#share-title").evaluate("heading => heading.scrollIntoView()")
    page.screenshot(path=str(screenshot_dir / "share-panel.png"))


def test_keep_awake_is_hidden_where_the_browser_cannot(
    live_server: str, new_context: Callable[..., BrowserContext]
) -> None:
    # Over plain http on a LAN address the page is not a secure context; simulate that by removing the API.
    context = new_context()
    context.add_init_script("delete Navigator.prototype.wakeLock")
    page = context.new_page()
    create_game(page, live_server)
    expect(page.locator("[data-wake]")).to_be_hidden()


def test_without_javascript_a_watcher_page_reloads_itself(
    live_server: str, page: Page, new_context: Callable[..., BrowserContext]
) -> None:
    create_game(page, live_server)
    address = watch_link(page)
    context = new_context(java_script_enabled=False)
    watcher = context.new_page()
    watcher.goto(address)
    refresh = watcher.locator('noscript meta[http-equiv="refresh"]')
    expect(refresh).to_have_count(1)
    assert refresh.get_attribute("content") == "15"
    expect(watcher.locator("[data-wake]")).to_be_hidden()
