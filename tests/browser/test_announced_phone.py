"""OH6 on two phones in real Chromium: the bids saved before the play, a second phone watching them appear,
the dealer's hook greyed out and refused, then the tricks after the play completing the hand."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.conftest import page_width, save_round
from tests.browser.test_hearts_phone import totals

pytestmark = pytest.mark.browser

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
HOOK = "Denis deals and may not bid 2: the bids would add up to 5, the number of tricks."


@pytest.fixture
def live_server_config() -> dict[str, Any]:
    """The watching phone asks for news every second."""
    return {"WATCH_POLL_SECONDS": 1}


def bid_chip(page: Page, seat: int, bid: int):
    return page.locator(f"#row-bid-{seat} button.chip[data-set='{bid}']")


def save_bids(page: Page) -> None:
    with page.expect_navigation():
        page.get_by_role("button", name="Save", exact=True).click()


def test_oh6_bids_first_then_tricks_while_a_second_phone_watches(
    live_server: str, page: Page, new_context: Callable[..., BrowserContext], screenshot_dir: Path
) -> None:
    page.goto(f"{live_server}/new/ohhell")
    for seat, name in enumerate(FOUR):
        page.fill(f"#player-{seat}", name)
    page.check("input[name=dealer][value='3']")
    page.fill("#option-max_cards", "5")
    page.check("input[name=option-sequence][value=down]")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#next-title")).to_contain_text("Hand 1 of 5")
    watcher = new_context().new_page()
    watcher.goto(page.url)
    expect(watcher.locator("[data-announced] *")).to_have_count(0)

    page.get_by_role("link", name="Bids, hand 1").click()
    for seat, bid in enumerate([2, 0, 1]):
        bid_chip(page, seat, bid).click()
    save_bids(page)
    expect(watcher.locator("[data-announced]")).to_contain_text("Alice 2 · Bruno 0 · Chloé 1 · Denis …")  # no reload
    expect(watcher.locator("[data-announced]")).to_contain_text("Denis may not bid 2")
    watcher.screenshot(path=str(screenshot_dir / "ohhell-bids-watched.png"), full_page=True)

    page.get_by_role("link", name="Bids, hand 1").click()
    expect(bid_chip(page, 3, 2)).to_be_disabled()  # the hook: Denis may not make the bids add up to 5
    assert page_width(page) <= 390
    page.screenshot(path=str(screenshot_dir / "ohhell-bids-step.png"), full_page=True)
    page.fill("#bid-3", "2")  # typed, past the greyed-out chip: the server refuses it too
    save_bids(page)
    expect(page.locator(".error-summary")).to_contain_text(HOOK)
    page.fill("#bid-3", "1")
    save_bids(page)
    expect(watcher.locator("[data-announced]")).to_contain_text("underbid by 1")
    page.screenshot(path=str(screenshot_dir / "ohhell-bids-scorer.png"), full_page=True)

    page.get_by_role("link", name="Enter hand 1").click()
    expect(page.locator("#bid-3")).to_have_value("1")  # the round form opens with the bids said
    for seat, tricks in enumerate([2, 1, 1]):
        page.locator(f"#row-tricks-{seat} button.chip[data-set='{tricks}']").click()
    save_round(page)
    assert totals(page) == {"Alice": 12, "Bruno": 0, "Chloé": 11, "Denis": 11}
    expect(watcher.locator(".totals")).to_contain_text("12")
    expect(watcher.locator("[data-announced] *")).to_have_count(0)
