"""Oh Hell on a phone (390×844) in real Chromium: OH6 tapped in, the bids first (the running total, the dealer's
forbidden bid greyed out as the others bid, "underbid by 1"), then the tricks with "made it"; the hook refused
and put right on the same form."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import page_width, save_round
from tests.ohhell_examples import TABLE

pytestmark = pytest.mark.browser


def totals(page: Page) -> dict[str, int]:
    names = page.locator(".totals .name").all_inner_texts()
    points = page.locator(".totals .points").all_inner_texts()
    return {name: int(value.replace("−", "-")) for name, value in zip(names, points, strict=True)}


def bid(page: Page, seat: int, count: int) -> None:
    page.locator(f'#row-bid-{seat} [data-set="{count}"]').click()


def test_oh6_on_a_phone_bids_then_tricks(page: Page, live_server: str, tmp_path: Path) -> None:
    page.goto(live_server)
    page.get_by_role("link", name="Oh Hell").click()
    for seat, name in enumerate(TABLE):
        page.fill(f"#player-{seat}", name)
    page.locator('input[name=dealer][value="3"]').check()
    page.fill("#option-max_cards", "5")
    page.get_by_label("down to 1", exact=True).check()
    page.get_by_role("button", name="Start the game").click()
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
