"""Spades' bid step script (referee/games/spades/static/round.js) gives what the Python form gives: each bid as
typed (``typed_bid``) and each side's bids added up as they are said, then its contract (``side_bids``, which
takes the contract from the rules). Every side of one or two players, every bid or none, run in the real page;
then the page itself, tapped, shows the sides' bids without asking the server."""

from __future__ import annotations

from itertools import product

import pytest
from playwright.sync_api import Page, expect

from referee.games.spades.form import side_bids, typed_bid
from referee.games.spades.rules import DEAL
from tests.browser.test_scripts_match_rules import assert_same, run_in_page

pytestmark = pytest.mark.browser

TYPED = ["", " ", "0", "3", " 4 ", "007", "13", "14", "17", "18", "-1", "−2", "+3", "2.5", "x", "1e1", "9999999999"]


@pytest.fixture
def bid_step(page: Page, live_server: str) -> Page:
    """The bid step of a new Spades game of four, which loads Spades' round.js."""
    page.goto(f"{live_server}/new/spades")
    for seat, name in enumerate(["Alice", "Bruno", "Chloé", "Denis"]):
        page.fill(f"#player-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("link", name="Bids, hand 1").click()
    expect(page.locator("[data-spades-bids]")).to_be_visible()
    page.wait_for_load_state("load")  # and its script run: the page may show before its script has come
    return page


def test_the_bids_as_typed_and_each_sides_bids_match_the_form(bid_step: Page) -> None:
    most = sorted({cards for _removed, cards in DEAL.values()})
    typed = [[text, cards] for text in TYPED for cards in most]
    js_typed = run_in_page(bid_step, "([text, most]) => refereeSpades.typedBid(text, most)", typed)
    assert_same(typed, js_typed, [typed_bid(text, cards) for text, cards in typed])

    bids = [None, *range(max(most) + 1)]
    sides = [[bid] for bid in bids] + [list(pair) for pair in product(bids, repeat=2)]
    js_sides = run_in_page(bid_step, "(bids) => refereeSpades.sideBids(bids)", sides)
    assert_same(sides, js_sides, [side_bids(side) for side in sides])
    # The inputs reach every case: nobody bid yet, one partner, a contract, a side of two nils.
    found = [side_bids(side) for side in sides]
    assert {(side["said"], side["complete"]) for side in found} == {(0, False), (1, False), (1, True), (2, True)}
    assert any(side["complete"] and side["contract"] is None for side in found)


def test_tapped_bids_add_up_for_each_side_on_the_page(bid_step: Page) -> None:
    sides = bid_step.locator("[data-side-bids]")
    expect(sides).to_have_text(["", ""])
    bid_step.locator('#row-bid-1 [data-set="3"]').click()  # Bruno bids first
    bid_step.locator('#row-bid-2 [data-set="0"]').click()  # Chloé nil
    expect(sides).to_have_text(["Alice & Chloé: 0 bid so far", "Bruno & Denis: 3 bid so far"])
    expect(bid_step.locator('#row-bid-2 [data-set="0"]')).to_have_attribute("aria-pressed", "true")
    bid_step.fill("#bid-3", "4")
    bid_step.locator('#row-bid-0 [data-set="0"]').click()
    expect(sides).to_have_text(["Alice & Chloé: no contract", "Bruno & Denis: contract 7"])
    bid_step.locator("#row-bid-0").get_by_role("button", name="One trick more for Alice").click()
    expect(sides).to_have_text(["Alice & Chloé: contract 1", "Bruno & Denis: contract 7"])
