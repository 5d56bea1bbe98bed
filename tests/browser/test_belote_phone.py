"""Belote on a phone (390×844) in real Chromium, in French: the rule file's whole game BE20 (eleven deals to
1057, a passed deal, a litige paid out, a capot) tapped in, each deal's taker and trumps said first on the
announce step and shown on the table during the play, its card play after; on deal 1 the card picker counts
the tricks' points as the cards are tapped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.belote_examples import AC, BD, BE14_CARDS, BE20, TABLE
from tests.browser.conftest import page_width, save_round

pytestmark = pytest.mark.browser

SUITS = {"S": "♠ pique", "H": "♥ cœur", "D": "♦ carreau", "C": "♣ trèfle"}


def side_totals(page: Page) -> dict[str, int]:
    names = page.locator(".totals [data-side] .name").all_inner_texts()
    points = page.locator(".totals [data-side] .points").all_inner_texts()
    return {name: int(value) for name, value in zip(names, points, strict=True)}


def pick(page: Page, name: str, value: str) -> None:
    page.locator(f'input[name="{name}"][value="{value}"]').check()


def create_game(page: Page, base_url: str) -> None:
    page.context.add_cookies([{"name": "lang", "value": "fr", "url": base_url}])
    page.goto(f"{base_url}/new/belote")
    for seat, name in enumerate(TABLE):
        page.fill(f"#player-{seat}", name)
    assert page_width(page) <= 390
    with page.expect_navigation():
        page.locator("button[type=submit].primary").click()


def announce(page: Page, entered: dict[str, Any]) -> None:
    """The announce step: a passed deal, or who took at what."""
    page.locator('a[href$="/announce"]').click()
    if entered.get("passed"):
        page.locator('input[name="passed"]').check()
    else:
        pick(page, "taker", str(TABLE.index(entered["taker"])))
        pick(page, "trump", entered["trump"])
    with page.expect_navigation():
        page.locator("button[name=save]").click()


def card_play(page: Page, entered: dict[str, Any]) -> None:
    """The deal form, opened with what was announced: the card points, the capot, the belote, the announcements."""
    if entered.get("passed"):
        expect(page.locator('input[name="passed"]')).to_be_checked()
        return
    expect(page.locator(f'input[name="taker"][value="{TABLE.index(entered["taker"])}"]')).to_be_checked()
    for role, points in entered["points"].items():
        page.fill(f'input[name="points-{role}"]', str(points))
    if entered.get("capot"):
        page.locator('input[name="capot"]').check()
    if entered.get("belote"):
        page.locator('select[name="belote"]').select_option(str(TABLE.index(entered["belote"])))
    for row, said in enumerate(entered.get("announcements", [])):
        page.locator(f'select[name="ann-player-{row}"]').select_option(str(TABLE.index(said["player"])))
        page.fill(f'input[name="ann-cards-{row}"]', said["cards"])


def tap_the_cards(page: Page, screenshot: Path) -> None:
    """Deal 1 (Denis takes ♥): the rule file's BE14 pile tapped in as the defenders' tricks, counted as it grows."""
    pick(page, "way", "cards")
    expect(page.locator(".belote-points")).to_be_hidden()
    pick(page, "pile", "defenders")
    live = page.locator("[data-pile-points]")
    for card in BE14_CARDS["defenders"].split():
        page.locator(f'.card-grid input[value="{card}"]').check()
    expect(live).to_have_text("3 plis\u202f: 62 points de cartes\u202f; l'autre équipe 100")
    pick(page, "last_trick", "defenders")
    expect(live).to_have_text("3 plis\u202f: 72 points de cartes\u202f; l'autre équipe 90")
    assert page_width(page) <= 390
    page.screenshot(path=str(screenshot), full_page=True)
    for card in BE14_CARDS["defenders"].split():
        page.locator(f'.card-grid input[value="{card}"]').uncheck()
    pick(page, "way", "points")
    expect(page.locator(".belote-cards")).to_be_hidden()


@pytest.mark.parametrize(
    "deals", [3, pytest.param(len(BE20), marks=pytest.mark.slow)], ids=["three-deals", "whole-game"]
)
def test_be20_a_whole_game_to_1000_in_french(page: Page, live_server: str, screenshot_dir: Path, deals: int) -> None:
    """The first three deals in ``make test`` (the cards tapped, a belote, an announcement, a passed deal); the
    whole game, a litige held and paid out, in ``make test-slow``."""
    create_game(page, live_server)
    for number, (dealer, first, entered, _scores, totals) in enumerate(BE20[:deals], start=1):
        expect(page.locator("#next-title")).to_contain_text(f"Donne {number} · {dealer} donne")
        expect(page.locator(".next .facts")).to_contain_text(f"{first} parle et entame en premier.")
        announce(page, entered)
        said = "Donne passée" if entered.get("passed") else f"{entered['taker']} prend à {SUITS[entered['trump']]}"
        expect(page.locator("[data-taking]")).to_contain_text(said)
        if number == 1:
            page.screenshot(path=str(screenshot_dir / "belote-taking-shown.png"))
        page.locator("a[data-next-round]").click()
        if number == 1:
            tap_the_cards(page, screenshot_dir / "belote-card-picker.png")
        card_play(page, entered)
        save_round(page)
        assert side_totals(page) == dict(sorted({AC: totals[0], BD: totals[1]}.items(), key=lambda side: -side[1]))
        between = page.locator(".grid td.between")
        if number == 5:
            expect(page.locator("[data-held]")).to_contain_text("litige\u202f: 81 en suspens")
            # The grid holds them between the teams' columns, the phone not a pixel wider.
            expect(between.nth(4)).to_have_text("81")
            assert page_width(page) <= 390
            between.nth(4).scroll_into_view_if_needed()
            page.screenshot(path=str(screenshot_dir / "belote-litige-held.png"))
        if number == 6:
            expect(between.nth(5)).to_have_text("←\u00a081")  # paid out to Alice & Chloé, the left-hand team
    if deals < len(BE20):
        return
    expect(page.locator(".winner")).to_contain_text("Alice & Chloé")
    expect(page.locator(".grid")).to_contain_text("Denis prend à ♣ trèfle — fait, 302 à 0")
    assert page_width(page) <= 390
    page.screenshot(path=str(screenshot_dir / "belote-be20-finished.png"), full_page=True)


def test_co18_the_belote_fields_follow_the_trumps_at_tout_atout(page: Page, live_server: str) -> None:
    """Coinche with sans atout and tout atout: tout atout shows four belote fields, sans atout none, a suit one;
    CO18 (Bruno 120 at tout atout, two belotes) entered with them."""
    page.context.add_cookies([{"name": "lang", "value": "fr", "url": live_server}])
    page.goto(f"{live_server}/new/coinche")
    for seat, name in enumerate(TABLE):
        page.fill(f"#player-{seat}", name)
    page.locator('input[name="option-sans_tout_atout"]').check()
    with page.expect_navigation():
        page.locator("button[type=submit].primary").click()
    page.locator("a[data-next-round]").click()
    each_suit = page.locator('select[name^="belote-"]')
    one = page.locator('select[name="belote"]')
    expect(one).to_be_visible()
    expect(each_suit).to_have_count(4)
    for select in each_suit.all():
        expect(select).to_be_hidden()
    pick(page, "trump", "TA")
    for select in each_suit.all():
        expect(select).to_be_visible()
    expect(one).to_be_hidden()
    pick(page, "trump", "SA")
    expect(page.locator(".belote-belote")).to_be_hidden()
    pick(page, "trump", "S")
    expect(one).to_be_visible()
    expect(each_suit.first).to_be_hidden()
    pick(page, "trump", "TA")
    pick(page, "taker", "1")
    page.fill('input[name="contract"]', "120")
    page.fill('input[name="points-takers"]', "110")
    each_suit.nth(0).select_option("1")
    each_suit.nth(1).select_option("3")
    assert page_width(page) <= 390
    save_round(page)
    assert side_totals(page) == {BD: 270, AC: 50}
