"""Spades on a phone (390×844) in real Chromium: the new-game form's square table, then the rule file's whole
game (SP17, nine hands to 511) tapped in, each hand's bids first on the announce step (each side's bids added up
as they are tapped, Denis's blind nil ticked) and its tricks after, while a second phone, opened from the watch
link, sees each hand's bids appear."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.conftest import page_width, save_round
from tests.browser.test_watch import watch_link
from tests.spades_examples import AC, BD, SP17, TABLE

pytestmark = pytest.mark.browser


@pytest.fixture
def live_server_config() -> dict[str, Any]:
    """The watching phone asks for news every second."""
    return {"WATCH_POLL_SECONDS": 1}


def side_totals(page: Page) -> dict[str, int]:
    """The table page's totals block: one total per side."""
    names = page.locator(".totals [data-side] .name").all_inner_texts()
    points = page.locator(".totals [data-side] .points").all_inner_texts()
    return {name: int(value.replace("−", "-")) for name, value in zip(names, points, strict=True)}


def bid_words(bids: list[int], blind: tuple[str, ...]) -> str:
    """The bids as every phone shows them during the play, in seat order."""
    said = [
        f"{player} {'blind nil' if player in blind else 'nil' if bid == 0 else bid}"
        for player, bid in zip(TABLE, bids, strict=True)
    ]
    return "Bids: " + " · ".join(said)


def contract_words(bids: list[int]) -> list[str]:
    """Each side's contract as the bid step adds it up (nil counting 0; SP17 has no side of two nils)."""
    return [f"{AC}: contract {bids[0] + bids[2]}", f"{BD}: contract {bids[1] + bids[3]}"]


def create_game(page: Page, base_url: str, screenshot: Path) -> None:
    page.goto(base_url)
    page.get_by_role("link", name="Spades").click()
    expect(page.locator(".seating [data-sides]")).to_contain_text("Side A: seats 1 & 3")
    for seat, name in enumerate(TABLE):
        page.fill(f"#player-{seat}", name)
    # The square table: seat 1 at the bottom, 2 on the left, 3 at the top, 4 on the right; partners face each other.
    page.wait_for_load_state("load")  # laid out by the page's stylesheet, which may still be on its way
    boxes = [page.locator(f"#player-{seat}").bounding_box() for seat in range(4)]
    assert all(box is not None for box in boxes)
    bottom, left, top, right = ((box["x"], box["y"]) for box in boxes if box is not None)
    assert top[1] < left[1] == right[1] < bottom[1] and left[0] < top[0] == bottom[0] < right[0]
    assert page_width(page) <= 390
    page.screenshot(path=str(screenshot))
    page.get_by_role("button", name="Start the game").click()


@pytest.mark.parametrize("hands", [2, pytest.param(len(SP17), marks=pytest.mark.slow)], ids=["two-hands", "whole-game"])
def test_sp17_a_whole_game_to_500_bids_first_then_tricks_with_a_phone_watching(
    page: Page, live_server: str, new_context: Callable[..., BrowserContext], screenshot_dir: Path, hands: int
) -> None:
    """The first two hands in ``make test`` (the bids step and its screens); the whole game in ``make test-slow``."""
    create_game(page, live_server, screenshot_dir / "spades-new-game.png")
    watcher = new_context().new_page()
    watcher.goto(watch_link(page))
    for number, (dealer, bids, tricks, blind, _scores, totals, _bags, _events) in enumerate(SP17[:hands], start=1):
        first = (TABLE.index(dealer) + 1) % len(TABLE)
        order = [(first + offset) % len(TABLE) for offset in range(len(TABLE))]
        expect(page.locator("#next-title")).to_contain_text(f"Hand {number} · {dealer} deals")
        page.get_by_role("link", name=f"Bids, hand {number}").click()
        for seat in order:
            if TABLE[seat] in blind:
                page.locator(f"#row-bid-{seat}").get_by_label("blind nil, said before looking at the cards").check()
            page.locator(f'#row-bid-{seat} [data-set="{bids[seat]}"]').click()
        expect(page.locator("[data-side-bids]")).to_have_text(contract_words(bids))
        if number == 1:
            page.screenshot(path=str(screenshot_dir / "spades-bids-step.png"), full_page=True)
        with page.expect_navigation():
            page.get_by_role("button", name="Save", exact=True).click()
        expect(watcher.locator("[data-bids]")).to_have_text(bid_words(bids, blind), timeout=5000)
        if number == 1:
            # Both steps at hand in the bar at the bottom: the bids' button beside the primary one, not under it.
            secondary = page.get_by_role("link", name="Bids, hand 1").bounding_box()
            primary = page.get_by_role("link", name="Enter hand 1").bounding_box()
            assert secondary is not None and primary is not None
            assert secondary["x"] + secondary["width"] <= primary["x"] and secondary["y"] + secondary["height"] <= 844
            page.screenshot(path=str(screenshot_dir / "spades-table-with-bids.png"))
        page.get_by_role("link", name=f"Enter hand {number}").click()
        for seat in order:
            expect(page.locator(f"#bid-{seat}")).to_have_value(str(bids[seat]))
            page.locator(f'#row-tricks-{seat} [data-set="{tricks[seat]}"]').click()
        save_round(page)
        assert side_totals(page) == dict(sorted({AC: totals[0], BD: totals[1]}.items(), key=lambda side: -side[1]))
    if hands < len(SP17):
        return
    expect(page.locator(".winner")).to_contain_text("Alice & Chloé win!")
    expect(watcher.locator(".winner")).to_contain_text("Alice & Chloé win!", timeout=5000)
    watcher.screenshot(path=str(screenshot_dir / "spades-sp17-watcher.png"), full_page=True)
