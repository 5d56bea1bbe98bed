"""Tarot on a phone (390×844) in real Chromium, in French: the rule file's whole game at four (TA27, two turns),
each deal's taker and contract said first on the announce step (every phone sees « Alice prend une garde »), the
points typed on the keypad with the bouts, petit au bout and poignées tapped; the passed deal; the last deal
entered by ticking the attack's cards, their points and bouts counted as they are ticked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from referee.games.tarot import deck
from tests.browser.conftest import page_width, save_round
from tests.tarot_examples import FOUR, TA18_CARDS, TA27, TA27_DEALERS, TA27_TOTALS

pytestmark = pytest.mark.browser

CONTRACTS = {"prise": "prise", "garde": "garde", "garde_sans": "garde sans", "garde_contre": "garde contre"}
SIDES = {"attack": "l’attaque", "defence": "la défense"}


def totals(page: Page) -> dict[str, int]:
    names = page.locator(".totals .name").all_inner_texts()
    points = page.locator(".totals .points").all_inner_texts()
    return {name: int(value.replace("−", "-")) for name, value in zip(names, points, strict=True)}


def tap(page: Page, group: str, label: str) -> None:
    """Tap the choice ``label`` of the radio group named ``group``."""
    page.get_by_role("radiogroup", name=group, exact=True).locator("label.pick", has_text=label).first.click()


def announce(page: Page, number: int, raw: dict[str, Any]) -> None:
    page.get_by_role("link", name=f"Le preneur, donne {number}").click()
    tap(page, "Preneur", raw["taker"])
    tap(page, "Contrat", CONTRACTS[raw["contract"]])
    with page.expect_navigation():
        page.get_by_role("button", name="Enregistrer", exact=True).click()
    said = f"{raw['taker']} prend une {CONTRACTS[raw['contract']]}"
    expect(page.locator("[data-taker-said]")).to_have_text(said)


def enter_points(page: Page, raw: dict[str, Any]) -> None:
    field = page.locator("input[name=points]")
    expect(field).to_have_attribute("inputmode", "decimal")
    field.fill(str(raw["points"]).replace(".", ","))
    tap(page, "Bouts de l’attaque", f"{raw['bouts']} bout")
    if raw.get("petit_au_bout"):
        tap(page, "Petit au bout", SIDES[raw["petit_au_bout"]])
    for poignee in raw.get("poignees", []):
        tap(page, f"Poignée de {poignee['player']}", poignee["size"])


def enter_cards(page: Page, screenshot: Path) -> None:
    tap(page, "Ce qui a été compté", "les cartes de l’attaque")
    expect(page.locator("input[name=points]")).to_be_hidden()
    for card in TA18_CARDS.split():
        page.locator(f"input[name=cards][value='{canonical(card)}']").check()
    expect(page.locator("[data-pile-count]")).to_have_text("30 cartes\u202f: 41 points, 2 bouts (41 à faire)")
    # The page counts as the rules do (referee/games/tarot/deck.py), the whole pack too: 91 points, 3 bouts.
    whole = page.evaluate("(deck) => window.refereeTarot.counted(deck)", list(deck.DECK))
    assert (whole["half"], whole["bouts"]) == deck.counted(list(deck.DECK)) == (182, 3)
    page.screenshot(path=str(screenshot), full_page=True)


def canonical(card: str) -> str:
    """TA18's cards as the picker names them (the French letters typed into the API become K, Q, N, J)."""
    letters = {"R": "K", "D": "Q", "C": "N", "V": "J", "10": "T"}
    return card if card.endswith("T") and card[:-1].isdigit() else letters.get(card[:-1], card[:-1]) + card[-1]


@pytest.mark.parametrize("deals", [2, pytest.param(len(TA27), marks=pytest.mark.slow)], ids=["two-deals", "whole-game"])
def test_ta27_a_whole_game_at_four_in_french(page: Page, live_server: str, screenshot_dir: Path, deals: int) -> None:
    """A played deal and a passed one in ``make test``; the whole game, its last deal by the cards, in
    ``make test-slow``."""
    page.goto(f"{live_server}/lang/fr?next=/new/tarot")
    for seat, name in enumerate(FOUR):
        page.fill(f"#player-{seat}", name)
    with page.expect_navigation():
        page.get_by_role("button", name="Commencer la partie").click()
    for number, ((raw, _scores), dealer, after) in enumerate(
        zip(TA27[:deals], TA27_DEALERS[:deals], TA27_TOTALS[:deals], strict=True), start=1
    ):
        expect(page.locator("#next-title")).to_contain_text(f"Donne {number} sur 8 · {dealer} donne")
        if raw.get("passed"):
            page.get_by_role("link", name=f"Saisir la donne {number}").click()
            tap(page, "Jouée ou passée", "Tout le monde a passé")
            expect(page.locator("input[name=points]")).to_be_hidden()
        else:
            announce(page, number, raw)
            page.get_by_role("link", name=f"Saisir la donne {number}").click()
            if number == len(TA27):
                enter_cards(page, screenshot_dir / "tarot-pile.png")
            else:
                enter_points(page, raw)
        if number == 4:
            page.screenshot(path=str(screenshot_dir / "tarot-deal-form.png"), full_page=True)
        assert page_width(page) <= 390
        save_round(page)
        assert totals(page) == dict(sorted(zip(FOUR, after, strict=True), key=lambda pair: -pair[1]))
    if deals < len(TA27):
        return
    expect(page.locator(".winner")).to_contain_text("Denis gagne")
    expect(page.locator(".rounds")).to_contain_text("Chloé, garde sans (44 points, 3 bouts) : fait de 8")
    page.screenshot(path=str(screenshot_dir / "tarot-ta27-table.png"), full_page=True)
