"""Hearts on a phone: example H11 played through the pages in real Chromium."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import page_width, save_round
from tests.browser.pdf import needs_poppler, pages_of, text_of
from tests.hearts_examples import H11_BY_SEAT

pytestmark = pytest.mark.browser

PLAYERS = ["Alice", "Bruno", "Chloé", "Denis"]
PASSES = ["to the left", "to the right", "across", "no passing"]


class Taps:
    """Counts every tap the player makes on the phone."""

    def __init__(self, page: Page):
        self.page = page
        self.count = 0

    def tap(self, selector: str, nth: int = 0) -> None:
        self.page.locator(selector).nth(nth).click()
        self.count += 1


def create_game(page: Page, base_url: str) -> None:
    page.goto(base_url)
    page.get_by_role("link", name="Hearts").click()
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#next-title")).to_contain_text("Hand 1")


def enter_hand(page: Page, hearts: list[int], queen: int) -> int:
    """Open the form of the next hand from the table page, fill it in and save it: the taps it took."""
    page.get_by_role("link", name="Enter hand").click()
    return tap_hand(page, hearts, queen)


def tap_hand(page: Page, hearts: list[int], queen: int, *, leaves: bool = True) -> int:
    """Tap the hearts of every player but the one who took most (they get the rest), the queen, save.

    ``leaves``: the save leads to another page (the table); not when the hand stays on the phone.
    """
    taps = Taps(page)
    rest = hearts.index(max(hearts))
    for seat, count in enumerate(hearts):
        if seat != rest:
            taps.tap(f"[data-player-row]:nth-of-type({seat + 1}) button.chip[data-set='{count}']")
    expect(page.locator("[data-left-count]")).to_have_text(str(hearts[rest]))
    taps.tap(f"input[name=queen][value='{queen}']")
    if leaves:
        with page.expect_navigation():
            taps.tap("button[name=save]")
    else:
        taps.tap("button[name=save]")
    return taps.count


def totals(page: Page) -> dict[str, int]:
    names = page.locator(".totals .name").all_inner_texts()
    points = page.locator(".totals .points").all_inner_texts()
    return {name: int(value) for name, value in zip(names, points, strict=True)}


def test_h11_on_a_phone_with_javascript(page: Page, live_server: str, screenshot_dir: Path) -> None:
    create_game(page, live_server)
    taps_per_hand = []
    for number, (hearts, queen) in enumerate(H11_BY_SEAT, start=1):
        expect(page.locator("#next-title")).to_contain_text(f"Hand {number}")
        expect(page.locator(".next .pass")).to_contain_text(PASSES[(number - 1) % 4])
        taps_per_hand.append(enter_hand(page, hearts, queen))
    expect(page.locator(".winner")).to_contain_text("Bruno wins!")
    assert totals(page) == {"Bruno": 46, "Alice": 69, "Chloé": 69, "Denis": 102}
    assert page.get_by_role("link", name="Enter hand").count() == 0
    # Tapping the hand in (the "Enter hand" button included) never takes more than 6 taps.
    assert max(taps_per_hand) + 1 <= 6, taps_per_hand
    page.screenshot(path=str(screenshot_dir / "hearts-h11-finished.png"), full_page=True)


def test_round_form_fits_the_phone_and_has_big_targets(page: Page, live_server: str, screenshot_dir: Path) -> None:
    create_game(page, live_server)
    page.get_by_role("link", name="Enter hand").click()
    expect(page.locator("button[name=save]")).to_be_visible()
    assert page_width(page) <= 390
    for selector in ("button.chip", "button.step", "button[name=save]", "label.tap"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["height"] >= 44, selector
    page.locator("[data-player-row]:nth-of-type(1) button.chip[data-set='13']").click()
    page.locator("input[name=queen][value='0']").check()
    expect(page.locator("[data-left-count]")).to_have_text("0")
    page.screenshot(path=str(screenshot_dir / "hearts-round-form.png"), full_page=True)


def test_a_game_without_javascript(browser, live_server: str) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    create_game(page, live_server)
    page.get_by_role("link", name="Enter hand").click()
    # Without JavaScript the chips and steppers go through the server.
    page.locator("[data-player-row]:nth-of-type(1) button.chip[data-set='2']").click()
    page.locator("[data-player-row]:nth-of-type(2) button.step").nth(1).click()
    expect(page.locator("#hearts-0")).to_have_value("2")
    expect(page.locator("#hearts-1")).to_have_value("1")
    page.fill("#hearts-1", "4")
    page.fill("#hearts-2", "0")
    page.locator("input[name=queen][value='1']").check()
    save_round(page)
    assert totals(page) == {"Chloé": 0, "Alice": 2, "Denis": 7, "Bruno": 17}
    context.close()


@needs_poppler
def test_a_long_game_runs_on_with_the_header_repeated(page: Page, live_server: str, tmp_path: Path) -> None:
    players = ["Alice", "Bruno", "Chloé", "Denis", "Émile", "Fanny", "Gaston"]
    created = page.request.post(
        f"{live_server}/api/v1/games", data={"game": "hearts", "players": players, "options": {"hands": 80}}
    )
    game_id, key = created.json()["id"], created.json()["key"]
    for number in range(80):
        taken = dict.fromkeys(players, 0)
        taken[players[number % 7]] = 13 - number % 4
        taken[players[(number + 3) % 7]] = number % 4
        answer = page.request.post(
            f"{live_server}/api/v1/games/{game_id}/rounds",
            data={"hearts": taken, "queen": players[(number + 1) % 7]},
            headers={"Authorization": f"Bearer {key}"},
        )
        assert answer.status == 201, answer.text()
    page.goto(f"{live_server}/g/{game_id}/sheet")
    pdf = tmp_path / "long.pdf"
    page.pdf(path=str(pdf), format="A4", prefer_css_page_size=False)
    assert pages_of(pdf) >= 2
    second = text_of(pdf).split("\f")[1]
    top = " ".join([" ".join(line.split()) for line in second.splitlines() if line.strip()][:4])
    assert all(word in top for word in ["Hand", "Dealer", "Pass", "hand", "total", *players]), top
    assert re.search(r"^\s*80 ", second, flags=re.M)  # the last hand, on the second page
