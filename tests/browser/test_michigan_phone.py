"""Michigan on a phone: five players, five deals entered through the pages in real Chromium, an auction
once, stakes fixed on every boodle (no stake to tap), and Alice ending short of the dealer's double."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import page_width, save_round

pytestmark = pytest.mark.browser

PLAYERS = ["Alice", "Bruno", "Chloé", "Denis", "Émile"]
SEAT = {name: seat for seat, name in enumerate(PLAYERS)}


@dataclass
class Deal:
    """What the table says after a Michigan deal (the stakes are fixed: nothing to tap for them)."""

    boodles: dict[str, str] = field(default_factory=dict)  # suit -> who played that pay card
    out: str | None = None  # None: blocked
    cards_left: dict[str, int] = field(default_factory=dict)
    switch: bool = False
    buyer: str | None = None
    price: int | None = None


DEALS = [
    Deal(
        {"H": "Bruno", "C": "Chloé", "D": "Denis", "S": "Émile"},
        "Bruno",
        {"Alice": 4, "Chloé": 3, "Denis": 1, "Émile": 2},
        buyer="Bruno",
        price=3,
    ),
    Deal({"H": "Alice"}, "Chloé", {"Alice": 5, "Bruno": 2, "Denis": 3, "Émile": 1}, switch=True),
    Deal({"S": "Denis"}),
    Deal({"C": "Émile", "D": "Bruno"}, "Émile", {"Alice": 6, "Bruno": 1, "Chloé": 2, "Denis": 4}, switch=True),
    Deal({"H": "Chloé", "S": "Denis", "D": "Alice"}, "Denis", {"Alice": 1, "Bruno": 2, "Chloé": 5, "Émile": 1}),
]
BALANCES = [
    {"Alice": 21, "Bruno": 39, "Chloé": 29, "Denis": 31, "Émile": 30},
    {"Alice": 18, "Bruno": 29, "Chloé": 36, "Denis": 24, "Émile": 25},
    {"Alice": 14, "Bruno": 25, "Chloé": 28, "Denis": 32, "Émile": 21},
    {"Alice": 4, "Bruno": 38, "Chloé": 22, "Denis": 20, "Émile": 48},
    {"Alice": 5, "Bruno": 32, "Chloé": 31, "Denis": 37, "Émile": 39},
]


def create_game(page: Page, base_url: str) -> None:
    page.goto(base_url)
    page.get_by_role("link", name="Michigan").click()
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player-{seat}", name)
    page.fill("#option-start_chips", "30")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#next-title")).to_contain_text("Deal 1 of 10 · Alice deals")


def enter_deal(page: Page, deal: Deal) -> None:
    page.locator("a.sticky-action").click()
    expect(page.locator("input[name^=stake-]")).to_have_count(0)  # every boodle's stake is fixed
    expect(page.locator("[data-fixed-stakes]")).to_be_visible()
    if deal.switch:
        page.locator("input[name=dealer_choice][value=switch]").click()
    if deal.buyer is not None:
        page.locator(f"input[name=buyer][value='{SEAT[deal.buyer]}']").click()
        page.fill("#price", str(deal.price))
    for suit, player in deal.boodles.items():
        page.locator(f"input[name=queen-{suit}][value='{SEAT[player]}']").click()
    page.locator(f"input[name=out][value='{'none' if deal.out is None else SEAT[deal.out]}']").click()
    for player, cards in deal.cards_left.items():
        page.fill(f"#cards_left-{SEAT[player]}", str(cards))
    save_round(page)
    expect(page.locator(".last-deal")).to_be_visible()


def balances(page: Page) -> dict[str, int]:
    names = page.locator(".totals .name").all_inner_texts()
    chips = page.locator(".totals .points").all_inner_texts()
    return {name: int(value) for name, value in zip(names, chips, strict=True)}


def test_a_michigan_game_of_five_deals_on_a_phone(page: Page, live_server: str, screenshot_dir: Path) -> None:
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    create_game(page, live_server)
    layout = page.locator(".next .layout")
    expect(layout).to_contain_text("J♠")
    expect(layout).to_contain_text("A♥")
    expect(layout).to_contain_text("K♣")
    expect(page.locator(".next .hint").first).to_contain_text(
        "Alice deals and stakes 2 on each pay card; the others 1."
    )
    expect(page.locator("[data-stakes-due]")).to_have_text(
        "Stakes this deal: Alice 8 · Bruno 4 · Chloé 4 · Denis 4 · Émile 4"
    )
    page.screenshot(path=str(screenshot_dir / "michigan-table-before-deal-1.png"), full_page=True)
    page.locator("a.sticky-action").click()
    page.screenshot(path=str(screenshot_dir / "michigan-deal-form.png"), full_page=True)
    page.go_back()
    for number, (deal, after) in enumerate(zip(DEALS, BALANCES, strict=True), start=1):
        enter_deal(page, deal)
        assert balances(page) == after, number
        assert page_width(page) <= 390
        if number == 1:
            expect(page.locator(".last-deal")).to_contain_text("Bruno → Alice 3 (spare hand)")
            page.screenshot(path=str(screenshot_dir / "michigan-after-the-auction.png"), full_page=True)
    expect(page.locator("p.big")).to_have_text("Émile wins!")
    expect(page.locator(".last-deal")).to_contain_text("Alice has fewer than 8 chips")
    page.screenshot(path=str(screenshot_dir / "michigan-finished.png"), full_page=True)
    assert problems == []
