"""The deal form's script counts a pile of tricks as the Python rules do (referee/games/belote/cards.py
pile_points), on generated piles: every trump suit, with and without the last trick."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from referee.games.belote.cards import PACK, pile_points
from tests.browser.test_scripts_match_rules import assert_same, run_in_page

pytestmark = pytest.mark.browser

SEED = 20261129


def test_the_pile_points_shown_live_are_the_rules(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/new/belote")
    for seat, name in enumerate(("Alice", "Bruno", "Chloé", "Denis")):
        page.fill(f"#player-{seat}", name)
    with page.expect_navigation():
        page.locator("button[type=submit].primary").click()
    page.locator("a[data-next-round]").click()
    expect(page.locator("[data-belote-play]")).to_be_visible()
    draw = random.Random(SEED)
    inputs = [
        [draw.sample(PACK, 4 * draw.randint(0, 8)), draw.choice("SHDC"), draw.random() < 0.5] for _ in range(1000)
    ]
    js = run_in_page(page, "([cards, trump, last]) => window.belotePilePoints(cards, trump, last)", inputs)
    assert_same(inputs, js, [pile_points(cards, trump, last) for cards, trump, last in inputs])
