"""Queenie on a phone: three deals, one of them blocked, played through the pages in real Chromium."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import page_width, save_round

pytestmark = pytest.mark.browser

PLAYERS = ["Alice", "Bruno", "Chloé", "Denis"]
SEAT = {name: seat for seat, name in enumerate(PLAYERS)}


class Taps:
    """Counts every tap the player makes on the phone."""

    def __init__(self, page: Page):
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.count += 1


@dataclass
class Deal:
    """What the table says after a deal; anything not named stays as the form pre-selects it."""

    stakes: dict[str, str] = field(default_factory=dict)  # only the stakes that changed
    buyer: str | None = None
    queens: dict[str, str] = field(default_factory=dict)
    out: str | None = None  # None: "nobody: blocked", a choice the table makes like any other
    switch: bool = False


# Q1, then a blocked deal in which only Alice plays her Q♥, then Chloé's deal takes the carried chips.
DEAL_1 = Deal(
    stakes={"Alice": "H", "Bruno": "S", "Chloé": "H", "Denis": "D"},  # deal 1: no stake is chosen beforehand
    buyer="Chloé",
    queens={"S": "Denis", "H": "Bruno", "C": "Alice"},
    out="Denis",
)
DEAL_2 = Deal(queens={"H": "Alice"})
DEAL_3 = Deal(buyer="Alice", queens={"S": "Bruno", "D": "Denis"}, out="Alice")


def create_game(page: Page, base_url: str) -> None:
    page.goto(base_url)
    page.get_by_role("link", name="Queenie").click()
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#next-title")).to_contain_text("Deal 1 of 8")


def enter_deal(page: Page, deal: Deal) -> int:
    """Tap the deal in from the table page, the "Enter deal" button and the save included."""
    taps = Taps(page)
    taps.tap("a.sticky-action")
    expect(page.locator("input[name=dealer_choice][value=keep]")).to_be_checked()
    for player, suit in deal.stakes.items():
        taps.tap(f"input[name=stake-{SEAT[player]}][value={suit}]")
    if deal.switch:
        taps.tap("input[name=dealer_choice][value=switch]")
    if deal.buyer is not None:
        taps.tap(f"input[name=buyer][value='{SEAT[deal.buyer]}']")
    for suit, player in deal.queens.items():
        taps.tap(f"input[name=queen-{suit}][value='{SEAT[player]}']")
    taps.tap(f"input[name=out][value='{'none' if deal.out is None else SEAT[deal.out]}']")
    with taps.page.expect_navigation():
        taps.tap("button[name=save]")
    expect(page.locator(".last-deal")).to_be_visible()
    return taps.count


def balances(page: Page) -> dict[str, int]:
    names = page.locator(".totals .name").all_inner_texts()
    chips = page.locator(".totals .points").all_inner_texts()
    return {name: int(value) for name, value in zip(names, chips, strict=True)}


def on_the_table(page: Page) -> dict[str, int]:
    spots = page.locator(".next .layout .spot")
    return {spot.get_attribute("data-spot") or "": int(spot.locator(".count").inner_text()) for spot in spots.all()}


def test_three_deals_with_a_blocked_one_carry_the_chips_over(
    page: Page, live_server: str, screenshot_dir: Path
) -> None:
    problems: list[str] = []  # script errors and CSP refusals show up here
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "console",
        lambda message: (
            problems.append(f"{message.text} {message.location.get('url')}") if message.type == "error" else None
        ),
    )
    create_game(page, live_server)
    enter_deal(page, DEAL_1)
    assert balances(page) == {"Denis": 23, "Bruno": 20, "Alice": 19, "Chloé": 17}
    expect(page.locator(".last-deal")).to_contain_text("Chloé → Alice 1 (spare hand)")
    expect(page.locator(".last-deal")).to_contain_text("pot → Denis 4")
    assert on_the_table(page) == {"S": 0, "H": 0, "D": 1, "C": 0, "pot": 0}
    expect(page.locator("#next-title")).to_contain_text("Deal 2 of 8 · Bruno deals")

    # Deal 2 is blocked: the stakes stay as last time, Alice plays the Q♥, nobody goes out.
    page.locator("a.sticky-action").click()
    for seat, suit in enumerate("HSHD"):
        expect(page.locator(f"input[name=stake-{seat}][value={suit}]")).to_be_checked()
    expect(page.locator("input[name=out]:checked")).to_have_count(0)  # who went out is for the table to say
    page.go_back()
    enter_deal(page, DEAL_2)
    expect(page.locator(".last-deal")).to_contain_text("the deal was blocked and the pot stays on the table")
    expect(page.locator(".last-deal")).to_contain_text("Q♥ queen of hearts → Alice 2")
    assert on_the_table(page) == {"S": 1, "H": 0, "D": 2, "C": 0, "pot": 4}
    expect(page.locator("[data-chip-check]")).to_have_text("Chips: 80 = 73 in hands + 7 on the table")
    assert balances(page) == {"Denis": 21, "Alice": 19, "Bruno": 18, "Chloé": 15}
    expect(page.locator("#next-title")).to_contain_text("Deal 3 of 8 · Chloé deals")

    # Deal 3 takes what was carried: Q♠ 1 + 1, Q♦ 2 + 1 and the pot 4 + 4.
    taps = enter_deal(page, DEAL_3)
    last = page.locator(".last-deal")
    for movement in ("Alice → Chloé 1 (spare hand)", "Q♠ queen of spades → Bruno 2", "pot → Alice 8"):
        expect(last).to_contain_text(movement)
    expect(last).to_contain_text("Q♦ queen of diamonds → Denis 3")
    expect(last).to_contain_text("Stays on the table: Q♥ queen of hearts 2")
    assert balances(page) == {"Alice": 24, "Denis": 22, "Bruno": 18, "Chloé": 14}
    assert on_the_table(page) == {"S": 0, "H": 2, "D": 0, "C": 0, "pot": 0}
    expect(page.locator("[data-chip-check]")).to_have_text("Chips: 80 = 78 in hands + 2 on the table")
    # A deal with the stakes pre-filled: "Enter deal", buyer, two queens, who went out, save.
    assert taps == 6, taps
    assert page_width(page) <= 390
    page.screenshot(path=str(screenshot_dir / "queenie-table-after-deal-3.png"), full_page=True)
    # The app has no favicon yet (not a Queenie matter): every other error counts.
    assert [problem for problem in problems if not problem.endswith("/favicon.ico")] == []


def test_a_busy_deal_takes_at_most_ten_taps(page: Page, live_server: str) -> None:
    create_game(page, live_server)
    enter_deal(page, DEAL_1)
    # Every queen played, the spare packet sold and someone out, stakes as last time.
    busy = Deal(buyer="Denis", queens={"S": "Alice", "H": "Chloé", "D": "Denis", "C": "Bruno"}, out="Chloé")
    taps = enter_deal(page, busy)
    assert taps == 8, taps
    assert taps <= 10
    # Stakes H S H D on top of Q♦ 1: Q♠ 1, Q♥ 2, Q♦ 2, Q♣ 0 and a pot of 4, all taken.
    assert balances(page) == {"Chloé": 21, "Denis": 22, "Bruno": 19, "Alice": 18}
    assert on_the_table(page) == {"S": 0, "H": 0, "D": 0, "C": 0, "pot": 0}
    expect(page.locator("[data-chip-check]")).to_have_text("Chips: 80 = 80 in hands + 0 on the table")


def test_deal_form_fits_the_phone_with_big_targets(page: Page, live_server: str, screenshot_dir: Path) -> None:
    create_game(page, live_server)
    page.locator("a.sticky-action").click()
    assert page_width(page) <= 390
    for selector in (".queen-pick > span", ".pick > span", "button[name=save]"):
        for box in (element.bounding_box() for element in page.locator(selector).all()):
            assert box is not None and box["height"] >= 44 and box["width"] >= 44, selector
    # The radio covers its whole button, so a tap anywhere on it chooses.
    pick = page.locator("label.pick:has(input[name=stake-0][value=H])")
    label_box = pick.bounding_box()
    input_box = page.locator("input[name=stake-0][value=H]").bounding_box()
    assert label_box is not None and input_box is not None
    assert input_box["width"] >= label_box["width"] - 1 and input_box["height"] >= label_box["height"] - 1
    page.locator("input[name=stake-0][value=H]").click()
    expect(page.locator("input[name=stake-0][value=H]")).to_be_checked()
    expect(page.locator("input[name=stake-0][value=S]")).not_to_be_checked()
    page.locator("input[name=buyer][value='2']").click()
    page.locator("input[name=queen-H][value='0']").click()
    page.locator("input[name=out][value='0']").click()
    page.screenshot(path=str(screenshot_dir / "queenie-deal-form.png"), full_page=True)


def test_a_deal_without_javascript(browser, live_server: str) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    create_game(page, live_server)
    enter_deal(page, DEAL_1)
    assert balances(page) == {"Denis": 23, "Bruno": 20, "Alice": 19, "Chloé": 17}
    # A refusal comes back with the taps kept and the message at the buyer.
    page.locator("a.sticky-action").click()
    page.locator("input[name=dealer_choice][value=switch]").click()
    page.locator("input[name=buyer][value='0']").click()
    save_round(page)
    expect(page.locator("fieldset.buyer .field-error")).to_have_text(
        "The buyer of the spare packet must be nobody: the dealer switched packets, so nothing was sold."
    )
    expect(page.locator("input[name=dealer_choice][value=switch]")).to_be_checked()
    context.close()
