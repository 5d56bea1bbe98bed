"""The Queenie play-along on a phone: trace A of issue 6 refereed tap by tap in real Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import page_width

pytestmark = pytest.mark.browser

PLAYERS = ["Alice", "Bruno", "Chloé", "Denis"]
SEAT = {name: str(seat) for seat, name in enumerate(PLAYERS)}
# Trace A with Alice, Bruno, Chloé, Denis for A, B, C, D; "-" is nobody (dead) or none.
TRACE_A = [
    "Denis", "Alice", "Alice", "-", "8S", "Chloé", "Alice", "-", "3H", "-", "KS", "7D", "Denis", "Chloé",
    "Denis", "Alice", "Chloé", "Denis", "4S", "Chloé", "Denis", "Denis", "-", "JH", "Alice",
]  # fmt: skip


class Taps:
    """Counts every tap the player makes on the phone."""

    def __init__(self, page: Page):
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.count += 1

    def answer(self, value: str) -> None:
        self.tap(f"button[name=n][value='{SEAT.get(value, value)}']")


def create_game(page: Page, base_url: str) -> None:
    page.goto(base_url)
    page.get_by_role("link", name="Queenie").click()
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#next-title")).to_contain_text("Deal 1 of 8")


def balances(page: Page) -> dict[str, int]:
    names = page.locator(".totals .name").all_inner_texts()
    chips = page.locator(".totals .points").all_inner_texts()
    return {name: int(value) for name, value in zip(names, chips, strict=True)}


def assert_fits_with_big_targets(page: Page, selector: str) -> None:
    assert page_width(page) <= 390
    boxes = [element.bounding_box() for element in page.locator(selector).all()]
    assert boxes, selector
    for box in boxes:
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, (selector, box)


def test_trace_a_refereed_tap_by_tap_fills_the_deal_form(page: Page, live_server: str, screenshot_dir: Path) -> None:
    problems: list[str] = []  # script errors and CSP refusals show up here
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    create_game(page, live_server)
    taps = Taps(page)
    taps.tap("a.sticky-action")  # Enter deal 1
    taps.tap("text=Referee the deal card by card")
    expect(page.locator("#question")).to_have_text("What did Alice do with the two packets?")
    taps.tap(f"button[name=p][value='{SEAT['Chloé']}']")
    expect(page.locator("#question")).to_have_text("Who has the ace of diamonds?")
    assert_fits_with_big_targets(page, ".along-answers .answer")
    before = taps.count
    for step, value in enumerate(TRACE_A, start=1):
        taps.answer(value)
        if step == 4:
            expect(page.locator("#question")).to_have_text("Alice, your lowest black card?")
            assert_fits_with_big_targets(page, ".pick-card")
        if step == 17:
            expect(page.locator(".along-queen[data-queen=D]")).to_have_class("along-queen taken")
            expect(page.locator(".along-queen[data-queen=D] .taker")).to_have_text("Chloé")
        if step == 18:
            expect(page.locator(".along-recent")).to_contain_text("The K♦ is a king: the run stops.")
            page.screenshot(path=str(screenshot_dir / "queenie-playalong-picker.png"), full_page=True)
        if step == 22:
            expect(page.locator(".along-recent")).to_contain_text("The 8♠ is already played: the run stops.")
            expect(page.locator("#question")).to_have_text("Denis, your lowest red card?")
        if step == 23:
            expect(page.locator("#question")).to_have_text("Alice, your lowest red card?")
    answers = taps.count - before
    assert answers == len(TRACE_A) == 25  # one tap per answer
    expect(page.locator("#question")).to_have_text("Alice is out!")
    expect(page.locator(".along-queen.taken")).to_have_count(2)
    expect(page.locator(".along-hands")).to_contain_text("Alice 0 · Bruno 11 · Chloé 6 · Denis 3")
    expect(page.locator("[data-flags]")).to_have_count(0)
    page.screenshot(path=str(screenshot_dir / "queenie-playalong-out.png"), full_page=True)

    # One undo and the same tap again: the answer comes back exactly.
    page.locator("[data-undo]").click()
    expect(page.locator("#question")).to_have_text("Who has the queen of hearts?")
    page.locator(f"button[name=n][value='{SEAT['Alice']}']").click()
    expect(page.locator("#question")).to_have_text("Alice is out!")

    taps.tap("a[data-fill]")
    expect(page.locator("[data-playalong-summary]")).to_contain_text("Alice went out")
    expect(page.locator("input[name=dealer_choice][value=keep]")).to_be_checked()
    expect(page.locator(f"input[name=buyer][value='{SEAT['Chloé']}']")).to_be_checked()
    expect(page.locator("input[name=queen-S][value='']")).to_be_checked()
    expect(page.locator(f"input[name=queen-H][value='{SEAT['Alice']}']")).to_be_checked()
    expect(page.locator(f"input[name=queen-D][value='{SEAT['Chloé']}']")).to_be_checked()
    expect(page.locator("input[name=queen-C][value='']")).to_be_checked()
    expect(page.locator(f"input[name=out][value='{SEAT['Alice']}']")).to_be_checked()
    page.screenshot(path=str(screenshot_dir / "queenie-playalong-deal-form.png"))
    # Deal 1: no stake is chosen for anyone yet; the table taps each, then saves.
    expect(page.locator("input[name^=stake-]:checked")).to_have_count(0)
    for player, suit in (("Alice", "H"), ("Bruno", "S"), ("Chloé", "H"), ("Denis", "D")):
        taps.tap(f"input[name=stake-{SEAT[player]}][value={suit}]")
    with taps.page.expect_navigation():
        taps.tap("button[name=save]")
    expect(page.locator(".last-deal")).to_be_visible()
    assert balances(page) == {"Alice": 25, "Bruno": 18, "Chloé": 18, "Denis": 18}
    expect(page.locator(".last-deal")).to_contain_text("pot → Alice 4")
    # Enter deal, referee link, packets, 25 answers, fill in, 4 stakes (none chosen before deal 1), save.
    assert taps.count == 34, taps.count
    assert [problem for problem in problems if "favicon" not in problem] == []


def test_the_play_along_works_without_javascript(browser: Browser, live_server: str, screenshot_dir: Path) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    create_game(page, live_server)
    page.locator("a.sticky-action").click()
    page.locator("text=Referee the deal card by card").click()
    page.locator("button[name=p][value=keep]").click()
    for value in ("Denis", "Alice", "Alice", "-"):
        page.locator(f"button[name=n][value='{SEAT.get(value, value)}']").click()
    expect(page.locator("#question")).to_have_text("Alice, your lowest black card?")
    page.locator("button[name=n][value='KS']").click()  # not her lowest: she holds the 8♠
    page.locator("button[name=n][value='3H']").click()
    page.locator("button[name=n][value='-']").click()
    page.locator("button[name=n][value='8S']").click()
    expect(page.locator("[data-flags]")).to_contain_text(
        "Alice switched colour with the K♠, then played the 8♠: it was not their lowest."
    )
    page.screenshot(path=str(screenshot_dir / "queenie-playalong-flag.png"), full_page=True)
    context.close()
