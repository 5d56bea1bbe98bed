"""Piquet on a phone: one deal by tapping the cards (P8), one by the announcements (P9), in real Chromium."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import page_width, save_round

pytestmark = pytest.mark.browser

PHONE_WIDTH = 390
P8 = ("AS KS QS JS TS AH 9H 7H AD 8D 7D 8C", "KH QH JH TH 8H KD QD JD TD 9D KC QC")
P8_WINNERS = "EEEEEEEYYYYY"


class Taps:
    """Counts every tap the player makes on the phone (a select is two: open it, pick)."""

    def __init__(self, page: Page):
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.count += 1

    def choose(self, selector: str, value: str) -> None:
        self.page.locator(selector).select_option(value)
        self.count += 2


def create_game(page: Page, base_url: str) -> None:
    """Ann and Bob; Ann deals first, so Bob is elder in deal 1."""
    page.goto(base_url)
    page.get_by_role("link", name="Piquet").click()
    page.fill("#player-0", "Ann")
    page.fill("#player-1", "Bob")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#next-title")).to_contain_text("Deal 1 of 6")


def totals(page: Page) -> dict[str, int]:
    names = page.locator(".totals .name").all_inner_texts()
    points = page.locator(".totals .points").all_inner_texts()
    return {name: int(value) for name, value in zip(names, points, strict=True)}


def summary(page: Page) -> list[str]:
    return [line.strip() for line in page.locator(".piquet-summary tbody th").all_inner_texts()]


def enter_p8_by_cards(page: Page, screenshot_dir: Path) -> int:
    taps = Taps(page)
    taps.tap("text=Enter deal 1")
    expect(page.locator("[data-hand-toggle]")).to_be_visible()
    # Only the hand being filled is shown; tapping elder's twelfth card moves on to younger.
    expect(page.locator("[data-hand=younger]")).to_be_hidden()
    for card in P8[0].split():
        taps.tap(f"input[name=elder-cards][value='{card}']")
    expect(page.locator("[data-hand-toggle] [data-count=elder]")).to_have_text("12/12")
    expect(page.locator("[data-hand=younger]")).to_be_visible()
    expect(page.locator("[data-combos=elder]")).to_contain_text("point of 5 (51)")
    # A card in elder's hand cannot be tapped for younger.
    expect(page.locator("input[name=younger-cards][value='AS']")).to_be_disabled()
    for index, card in enumerate(P8[1].split(), start=1):
        taps.tap(f"input[name=younger-cards][value='{card}']")
        expect(page.locator("[data-hand-toggle] [data-count=younger]")).to_have_text(f"{index}/12")
    # A thirteenth card cannot be tapped; the referee's verdicts come in.
    expect(page.locator("input[name=younger-cards][value='7C']")).to_be_disabled()
    combos = page.locator("[data-combos=younger]")
    expect(combos).to_contain_text("point of 5 (49) — not good")
    expect(combos).to_contain_text("quint to the king — not good")
    expect(page.locator("[data-combos=elder]")).to_contain_text("Combinations: 23")
    page.locator(".piquet-cards").screenshot(path=str(screenshot_dir / "piquet-card-picker-younger.png"))
    page.locator("[data-hand-toggle] [data-fill=elder]").click()  # look at elder again (not part of the entry)
    expect(page.locator("[data-combos=elder]")).to_contain_text("point of 5 (51) — good")
    expect(page.locator("[data-combos=elder]")).to_contain_text("three aces — good")
    assert page_width(page) <= PHONE_WIDTH
    box = page.locator("input[name=elder-cards][value='AS']").bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 40, box
    page.locator(".piquet-cards").screenshot(path=str(screenshot_dir / "piquet-card-picker.png"))
    for trick, letter in enumerate(P8_WINNERS, start=1):
        taps.tap(f"input[name=trick-{trick}][value={letter}]")
    expect(page.locator("[data-play-running]")).to_contain_text("Bob 8 · Ann 6")
    page.screenshot(path=str(screenshot_dir / "piquet-deal-form.png"), full_page=True)
    with taps.page.expect_navigation():
        taps.tap("button[name=save]")
    return taps.count


def enter_p9_by_announcements(page: Page) -> tuple[int, int]:
    """Deal 2: Ann is elder. Cavendish's deal as announced, the play as counted aloud."""
    taps = Taps(page)
    typed = 0
    taps.tap("text=Enter deal 2")
    taps.tap("input[name=combos][value=announced]")
    expect(page.locator(".piquet-cards")).to_be_hidden()
    # Brought in from the file of ways (not in the page until chosen), with the players' names and its styles.
    expect(page.locator("[data-declaration=elder] h3")).to_contain_text("Ann")
    expect(page.locator("[data-declaration=younger] h3")).to_contain_text("Bob")
    expect(page.locator("select[name=elder-seq-0]")).to_have_css("min-height", "48px")
    for field, value in (("elder-point-cards", "5"), ("elder-point-value", "49")):
        page.fill(f"input[name={field}]", value)
        typed += 1
    taps.choose("select[name=elder-seq-0]", "4A")
    expect(page.locator("select[name=elder-seq-2]")).to_be_hidden()
    taps.choose("select[name=younger-set-0]", "4T")
    taps.choose("select[name=younger-set-1]", "3Q")
    taps.tap("input[name=play][value=totals]")
    expect(page.locator(".piquet-tricks")).to_be_hidden()
    expect(page.locator("[data-question=pique]")).to_contain_text("Did Ann reach 30 before Bob scored anything?")
    for field, value in (("elder-play", "9"), ("younger-play", "6"), ("elder-tricks", "7")):
        page.fill(f"input[name={field}]", value)
        typed += 1
    with taps.page.expect_navigation():
        taps.tap("button[name=save]")
    return taps.count, typed


def test_two_deals_on_a_phone(page: Page, live_server: str, screenshot_dir: Path) -> None:
    create_game(page, live_server)
    card_taps = enter_p8_by_cards(page, screenshot_dir)
    # "Enter deal" + 24 cards + 12 trick winners + save.
    assert card_taps == 1 + 24 + 12 + 1
    assert totals(page) == {"Bob": 71, "Ann": 6}
    lines = summary(page)
    assert lines[0].startswith("Point of 5 (51) — good")
    assert lines[1].startswith("Sequence: quint to the ace (15) — good")
    assert lines[5].startswith("Pique!")
    assert lines[6].startswith("The cards")
    expect(page.locator("#next-title")).to_contain_text("Deal 2 of 6 · Bob deals")
    page.locator(".piquet-deal").screenshot(path=str(screenshot_dir / "piquet-summary.png"))

    announcement_taps, numbers = enter_p9_by_announcements(page)
    assert announcement_taps <= 15, announcement_taps
    assert numbers == 5
    assert totals(page) == {"Bob": 94, "Ann": 34}
    lines = summary(page)
    assert lines[0].startswith("Point of 5 (49) — good")
    assert lines[2].startswith("Sets: quatorze of tens (14), three queens (3) — good")
    expect(page.locator("[data-line=deal]")).to_contain_text("28")
    page.screenshot(path=str(screenshot_dir / "piquet-table.png"), full_page=True)
    print(f"taps: by cards {card_taps}, by announcements {announcement_taps} + {numbers} numbers")


def test_the_round_form_loads_only_what_it_names(page: Page, live_server: str) -> None:
    """A fresh round form asks, as it loads, for the files its HTML names (its stylesheet and script, the icons,
    the manifest, the service worker) and nothing more: not the file of ways (asked for when a hand first holds
    a combination, which the announcements' options in it name, or when a way not on the page is chosen), so
    bench/run.py's weight, which counts what the HTML names, is what a first visit costs. The file is asked
    for once."""
    create_game(page, live_server)
    form = page.get_by_role("link", name="Enter deal 1").get_attribute("href")
    assert form is not None
    page.goto("about:blank")  # the table page's polls stopped
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(live_server)))
    page.goto(live_server + form, wait_until="networkidle")
    html = page.content()
    named = {unescape(url) for url in re.findall(r'<(?:link|script)[^>]* (?:href|src)="(/[^"]+)"', html)}
    worker = page.evaluate("document.documentElement.dataset.worker")
    assert asked[0] == form
    assert set(asked[1:]) <= named | {worker}, set(asked[1:]) - named
    assert not [url for url in asked if "/ways" in url]
    ways = [unescape(page.locator("[data-ways]").get_attribute("data-ways") or "")]
    first = ["AS", "AH", "9H", "7H"]  # a point, no sequence or set yet
    for card in first:
        page.locator(f"input[name=elder-cards][value='{card}']").check()
    expect(page.locator("[data-combos=elder]")).to_contain_text("point of 3 (27)")
    assert not [url for url in asked if "/ways" in url]
    for card in [card for card in P8[0].split() if card not in first]:
        page.locator(f"input[name=elder-cards][value='{card}']").check()
    expect(page.locator("[data-combos=elder]")).to_contain_text("quint to the ace")
    expect(page.locator("[data-combos=elder]")).to_contain_text("three aces")
    assert [url for url in asked if "/ways" in url] == ways
    page.locator("input[name=combos][value=announced]").check()
    expect(page.locator("[data-declaration=elder] h3")).to_contain_text("Bob")
    expect(page.locator("select[name=elder-seq-0]")).to_have_css("min-height", "48px")  # its styles linked
    assert [url for url in asked if "/ways" in url] == ways


def test_the_card_picker_without_javascript(browser, live_server: str) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    create_game(page, live_server)
    page.get_by_role("link", name="Enter deal 1").click()
    # Both hands and the ways chosen are on the page; the button under a choice shows the way chosen instead.
    expect(page.locator("[data-hand=elder]")).to_be_visible()
    expect(page.locator("[data-hand=younger]")).to_be_visible()
    expect(page.locator(".piquet-announced")).to_have_count(0)
    page.locator("input[name=combos][value=announced]").check()
    page.get_by_role("button", name="Show the way chosen").first.click()
    expect(page.locator(".piquet-announced")).to_be_visible()
    expect(page.locator("[data-hand=elder]")).to_have_count(0)
    page.locator("input[name=combos][value=cards]").check()
    page.get_by_role("button", name="Show the way chosen").first.click()
    for role, hand in zip(("elder", "younger"), P8, strict=True):
        for card in hand.split():
            page.locator(f"input[name={role}-cards][value='{card}']").check()
    for trick, letter in enumerate(P8_WINNERS, start=1):
        page.locator(f"input[name=trick-{trick}][value={letter}]").check()
    save_round(page)
    assert totals(page) == {"Bob": 71, "Ann": 6}
    context.close()
