"""Oh Hell on a phone (390×844) in real Chromium: OH6 tapped in, the bids first (the running total, the dealer's
forbidden bid greyed out as the others bid, "underbid by 1"), then the tricks with "made it"; the hook refused
and put right on the same form."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.conftest import page_width, save_round
from tests.browser.test_watch import watch_link
from tests.ohhell_examples import OH15, TABLE, by_seat

pytestmark = pytest.mark.browser


def totals(page: Page) -> dict[str, int]:
    names = page.locator(".totals .name").all_inner_texts()
    points = page.locator(".totals .points").all_inner_texts()
    return {name: int(value.replace("−", "-")) for name, value in zip(names, points, strict=True)}


def bid(page: Page, seat: int, count: int) -> None:
    page.locator(f'#row-bid-{seat} [data-set="{count}"]').click()


def create_game(page: Page, base_url: str, dealer: int, **options: str) -> None:
    """A game of TABLE created on the new-game form (the options typed in, the sequence ticked by its label)."""
    page.goto(base_url)
    page.get_by_role("link", name="Oh Hell").click()
    for seat, name in enumerate(TABLE):
        page.fill(f"#player-{seat}", name)
    page.locator(f'input[name=dealer][value="{dealer}"]').check()
    for name, value in options.items():
        if name == "sequence":
            page.get_by_label(value, exact=True).check()
        else:
            page.fill(f"#option-{name}", value)
    page.get_by_role("button", name="Start the game").click()


def test_oh6_on_a_phone_bids_then_tricks(page: Page, live_server: str, tmp_path: Path) -> None:
    create_game(page, live_server, 3, max_cards="5", sequence="down to 1")
    expect(page.locator("#next-title")).to_contain_text("Hand 1 of 5 · Denis deals")
    page.get_by_role("link", name="Enter hand 1").click()
    assert page_width(page) <= 390
    for selector in ("#row-bid-0 .chip", "#row-tricks-0 .chip", "button[data-made]", "button[name=save]"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["height"] >= 44, selector
    total = page.locator("[data-bid-sum]")
    forbidden = page.locator('#row-bid-3 [data-set="2"]')
    bid(page, 0, 2)
    bid(page, 1, 0)
    expect(total).to_have_text("2")
    expect(forbidden).to_be_enabled()
    bid(page, 2, 1)
    expect(total).to_have_text("3")
    expect(forbidden).to_be_disabled()
    expect(page.locator("[data-forbidden]")).to_have_text("Denis may not bid 2")
    # Typed in, the forbidden bid goes to the server, which refuses it at the bids.
    page.fill("#bid-3", "2")
    page.locator("#tricks-0").fill("2")
    for seat, tricks in ((1, 1), (2, 1), (3, 1)):
        page.fill(f"#tricks-{seat}", str(tricks))
    save_round(page)
    expect(page.locator(".error-summary")).to_contain_text(
        "Denis deals and may not bid 2: the bids would add up to 5, the number of tricks."
    )
    bid(page, 3, 1)
    expect(total).to_have_text("4")
    expect(page.locator("[data-bid-balance]")).to_have_text("underbid by 1")
    page.fill("#tricks-0", "")
    page.locator('button[data-made="0"]').click()
    expect(page.locator("#tricks-0")).to_have_value("2")
    page.screenshot(path=str(tmp_path / "ohhell-round-form.png"), full_page=True)
    save_round(page)
    assert totals(page) == {"Alice": 12, "Chloé": 11, "Denis": 11, "Bruno": 0}
    expect(page.locator("#next-title")).to_contain_text("Hand 2 of 5 · Alice deals")


@pytest.fixture
def live_server_config() -> dict[str, Any]:
    """Watching phones ask for news every second."""
    return {"WATCH_POLL_SECONDS": 1}


@pytest.mark.slow
def test_oh15_a_whole_game_bids_first_then_tricks_with_a_phone_watching(
    page: Page, live_server: str, new_context: Callable[..., BrowserContext], tmp_path: Path
) -> None:
    create_game(page, live_server, 0)
    watcher = new_context().new_page()
    watcher.goto(watch_link(page))
    for number, (hand, totals_after) in enumerate(zip(OH15.hands, OH15.totals(), strict=True), start=1):
        dealer = TABLE.index(hand.dealer or "")
        order = [(dealer + offset) % len(TABLE) for offset in range(1, len(TABLE) + 1)]
        expect(page.locator("#next-title")).to_contain_text(f"Hand {number} of 19 · {hand.dealer} deals")
        page.get_by_role("link", name=f"Bids, hand {number}").click()
        for seat in order[:-1]:
            page.locator(f'#row-bid-{seat} [data-set="{hand.bids[seat]}"]').click()
        expect(page.locator(f'#row-bid-{dealer} [data-set="{hand.forbidden}"]')).to_be_disabled()
        page.locator(f'#row-bid-{dealer} [data-set="{hand.bids[dealer]}"]').click()
        with page.expect_navigation():
            page.locator("button[name=save]").click()
        said = " · ".join(f"{TABLE[seat]} {hand.bids[seat]}" for seat in order)
        expect(watcher.locator("[data-bids-said]")).to_contain_text(said, timeout=5000)
        page.get_by_role("link", name=f"Enter hand {number}").click()
        for seat in order:
            expect(page.locator(f"#bid-{seat}")).to_have_value(str(hand.bids[seat]))
            page.locator(f'#row-tricks-{seat} [data-set="{hand.tricks[seat]}"]').click()
        if number == 1:
            page.screenshot(path=str(tmp_path / "ohhell-hand-1-form.png"), full_page=True)
        save_round(page)
        assert totals(page) == by_seat(TABLE, totals_after)
    expect(page.locator(".winner")).to_contain_text("Denis wins!")
    expect(watcher.locator(".winner")).to_contain_text("Denis wins!", timeout=5000)
    watcher.screenshot(path=str(tmp_path / "ohhell-oh15-watcher.png"), full_page=True)
