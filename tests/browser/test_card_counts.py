"""The deal forms' scripts count the cards ticked in the card picker as the Python rules do, on generated piles:
Belote's card points (referee/games/belote/cards.py pile_points: every trump suit, with and without the last
trick) and Tarot's points and bouts (referee/games/tarot/deck.py counted: piles of the whole pack)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from referee.games.belote.cards import PACK, pile_points
from referee.games.tarot.deck import DECK, counted
from tests.browser.test_scripts_match_rules import assert_same, run_in_page

pytestmark = pytest.mark.browser

SEED = 20261129


def first_deal_form(page: Page, base: str, game: str) -> None:
    """A new game of four made on the phone, and its first deal form opened."""
    page.goto(f"{base}/new/{game}")
    for seat, name in enumerate(("Alice", "Bruno", "Chloé", "Denis")):
        page.fill(f"#player-{seat}", name)
    with page.expect_navigation():
        page.locator("button[type=submit].primary").click()
    page.goto(f"{page.url}/round")


def test_the_pile_points_shown_live_are_the_rules(page: Page, live_server: str) -> None:
    first_deal_form(page, live_server, "belote")
    expect(page.locator("[data-belote-play]")).to_be_visible()
    draw = random.Random(SEED)
    inputs = [
        [draw.sample(PACK, 4 * draw.randint(0, 8)), draw.choice("SHDC"), draw.random() < 0.5] for _ in range(1000)
    ]
    js = run_in_page(page, "([cards, trump, last]) => window.belotePilePoints(cards, trump, last)", inputs)
    assert_same(inputs, js, [pile_points(cards, trump, last) for cards, trump, last in inputs])


def test_the_tarot_pile_counted_live_is_the_rules(page: Page, live_server: str) -> None:
    first_deal_form(page, live_server, "tarot")
    expect(page.locator("[data-pile-count]")).to_be_attached()
    draw = random.Random(SEED)
    piles = [draw.sample(DECK, draw.randint(0, len(DECK))) for _ in range(1000)]
    js = run_in_page(
        page, "(pile) => { const { half, bouts } = window.refereeTarot.counted(pile); return [half, bouts]; }", piles
    )
    assert_same(piles, js, [list(counted(pile)) for pile in piles])
