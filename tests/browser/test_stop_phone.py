"""Ending a Queenie game early on a phone (issue 24, item 10): one deal, "End the game early…", the confirm
page naming who wins, then the table shows the result like any finished game."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import page_width
from tests.browser.test_queenie_phone import DEAL_1, create_game, enter_deal

pytestmark = pytest.mark.browser


def test_a_short_queenie_game_ended_early_shows_its_winner(page: Page, live_server: str, screenshot_dir: Path) -> None:
    create_game(page, live_server)
    enter_deal(page, DEAL_1)
    end = page.get_by_role("link", name="End the game early…")
    expect(end).not_to_have_class("button")  # a plain link, not a button to tap by mistake
    end.click()
    now = page.get_by_role("button", name="End now, after deal 1")
    expect(now.locator("xpath=following-sibling::p[1]")).to_have_text("Denis wins, with 23 chips.")
    expect(page.get_by_role("button", name="End after this turn of the deal, after deal 4")).to_be_visible()
    assert page_width(page) <= 390
    page.screenshot(path=str(screenshot_dir / "queenie-end-the-game.png"), full_page=True)
    with page.expect_navigation():
        now.click()
    expect(page.locator(".game-title .badge")).to_have_text("finished")
    expect(page.locator(".stop-agreed")).to_have_text("As the table agreed, the game ended early, after deal 1.")
    expect(page.locator(".winner")).to_contain_text("Denis")
    expect(page.get_by_role("link", name="Enter deal 2")).to_have_count(0)
    assert page_width(page) <= 390
    page.screenshot(path=str(screenshot_dir / "queenie-ended-early.png"), full_page=True)
