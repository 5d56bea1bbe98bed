"""The deal form's script counts the attack's pile as the Python rules do (referee/games/tarot/deck.py counted),
on generated piles of the whole pack: the points in half points and the bouts the card picker's line shows."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from referee.games.tarot.deck import DECK, counted
from tests.browser.test_scripts_match_rules import assert_same, run_in_page

pytestmark = pytest.mark.browser

SEED = 20261129


def test_the_pile_counted_live_is_the_rules(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/new/tarot")
    for seat, name in enumerate(("Alice", "Bruno", "Chloé", "Denis")):
        page.fill(f"#player-{seat}", name)
    with page.expect_navigation():
        page.locator("button[type=submit].primary").click()
    page.goto(page.url + "/round")
    expect(page.locator("[data-pile-count]")).to_be_attached()
    draw = random.Random(SEED)
    piles = [draw.sample(DECK, draw.randint(0, len(DECK))) for _ in range(1000)]
    js = run_in_page(
        page, "(pile) => { const { half, bouts } = window.refereeTarot.counted(pile); return [half, bouts]; }", piles
    )
    assert_same(piles, js, [list(counted(pile)) for pile in piles])
