"""A book on a phone, in real Chromium: finish a game, rematch in one tap, look at the players' records."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import page_width
from tests.browser.test_hearts_phone import PLAYERS, enter_hand

pytestmark = pytest.mark.browser


def test_finish_rematch_in_one_tap_and_see_the_players(page: Page, live_server: str, screenshot_dir: Path) -> None:
    # A game of one hand, started from the phone: the phone gets its book.
    page.goto(live_server)
    page.get_by_role("link", name="Hearts").click()
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player-{seat}", name)
    page.fill("[name=option-hands]", "1")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#next-title")).to_contain_text("Hand 1")
    first_game = page.url
    enter_hand(page, [2, 4, 0, 7], 1)
    expect(page.locator(".winner")).to_contain_text("Chloé wins!")

    # The rematch: one tap on a big button.
    rematch = page.get_by_role("button", name="Rematch")
    box = rematch.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    page.screenshot(path=str(screenshot_dir / "book-finished-with-rematch.png"), full_page=True)
    rematch.click()
    expect(page.locator(".flash")).to_contain_text("Rematch: same players, same options")
    expect(page.locator("#next-title")).to_contain_text("Hand 1")
    assert page.url != first_game
    state = page.request.get(page.url.replace("/g/", "/api/v1/games/")).json()
    assert state["players"] == PLAYERS and state["dealer"] == "Bruno" and state["rounds"] == []
    assert state["options"]["hands"] == 1

    # The players' page, from the home page: every player, the chart, Chloé's win.
    page.goto(live_server)
    page.get_by_role("link", name="Players' records").click()
    expect(page.get_by_role("heading", name="Players' records")).to_be_visible()
    expect(page.locator("svg.bar-chart")).to_be_visible()
    assert page.locator("svg.bar-chart g.bar").count() == 4
    headings = page.locator(".player-record h2").all_inner_texts()
    assert headings[0] == "Chloé" and sorted(headings) == sorted(PLAYERS)
    chloe = page.locator(".player-record").first
    expect(chloe.locator(".record-total")).to_have_text("1 won of 1 played")  # the rematch: not played yet
    expect(chloe).to_contain_text("average per hand")
    assert page_width(page) <= 390
    page.screenshot(path=str(screenshot_dir / "book-players.png"), full_page=True)

    # The book lists both games; each row is a big enough target.
    page.goto(f"{live_server}/book")
    rows = page.locator("ul.games a.button.row")
    expect(rows).to_have_count(2)
    for index in range(2):
        row = rows.nth(index).bounding_box()
        assert row is not None and row["height"] >= 44
    expect(rows.nth(1)).to_contain_text(re.compile(r"Winner: Chloé"))
    assert page_width(page) <= 390
