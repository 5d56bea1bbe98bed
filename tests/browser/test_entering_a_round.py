"""Entering a round on a phone (issue 24, second pass), in real Chromium at 390×844: the moon choice where the
moon was tapped, a ± for every signed field, Piquet's pique question up front, Queenie's first stakes, and
the Queenie table in French. The same items through the Flask test client: tests/test_words_and_refusals.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import page_width, save_round
from tests.browser.test_table_experience import start

pytestmark = pytest.mark.browser

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]


def totals(page: Page) -> dict[str, int]:
    """The totals as the table shows them, a negative one with its minus sign (−26)."""
    names = page.locator(".totals .name").all_inner_texts()
    points = page.locator(".totals .points").all_inner_texts()
    return {name: int(value.replace("−", "-")) for name, value in zip(names, points, strict=True)}


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


# Item 6: the shooter's choice appears in the shooter's row, not at the bottom of the form.
def test_the_moon_choice_appears_in_the_shooters_row(page: Page, live_server: str, screenshot_dir: Path) -> None:
    start(page, live_server, "hearts", FOUR, moon="choice")
    page.locator("a.sticky-action").click()
    page.get_by_role("button", name="Chloé shot the moon: all 13 hearts and the queen of spades").click()
    choice = page.locator("#row-hearts-2 [data-moon-choice]")
    expect(choice).to_be_visible()
    expect(page.locator("[data-moon-choice]")).to_have_count(1)
    # Right under Chloé's "shot the moon", above Denis's row, and on the screen with it.
    moon, asked, next_row = (
        box(page, "#row-hearts-2 button.moon"),
        box(page, "#row-hearts-2 [data-moon-choice]"),
        box(page, "#row-hearts-3"),
    )
    assert moon["y"] + moon["height"] <= asked["y"] < next_row["y"]
    assert asked["y"] + asked["height"] - moon["y"] <= 844
    assert page_width(page) <= 390
    choice.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "hearts-moon-choice-in-the-row.png"))
    choice.get_by_text("the shooter scores −26").click()
    save_round(page)
    assert totals(page) == {"Chloé": -26, "Alice": 0, "Bruno": 0, "Denis": 0}
    expect(page.locator(".grid .events")).to_contain_text("Chloé shot the moon: 26 subtracted from their score")


def test_the_moon_choice_follows_the_moon_back_to_the_end(page: Page, live_server: str) -> None:
    start(page, live_server, "hearts", FOUR, moon="choice")
    page.locator("a.sticky-action").click()
    page.get_by_role("button", name="Bruno shot the moon: all 13 hearts and the queen of spades").click()
    expect(page.locator("#row-hearts-1 [data-moon-choice]")).to_be_visible()
    page.get_by_role("button", name="Denis shot the moon: all 13 hearts and the queen of spades").click()
    expect(page.locator("#row-hearts-3 [data-moon-choice]")).to_be_visible()
    page.locator("#row-hearts-3 button.step").first.click()  # 12 hearts: no moon
    expect(page.locator("[data-moon-home] [data-moon-choice]")).to_be_hidden()


# Item 8: a signed field has a ±, for a numeric keypad with no minus key.
def test_minus_26_with_the_plus_minus_on_a_numeric_keypad_field(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/new/points")
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#player-{seat}", name)
    field = page.locator("#option-round_total")
    assert field.get_attribute("inputmode") == "numeric" and field.get_attribute("pattern") is None
    page.get_by_role("button", name="Change the sign of Points in every round").click()
    field.press_sequentially("26")
    expect(field).to_have_value("-26")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#next-title")).to_be_visible()
    game_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    assert page.request.get(f"{live_server}/api/v1/games/{game_id}").json()["options"]["round_total"] == -26


def test_paper_points_take_a_minus_from_the_plus_minus(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/new/hearts")
    for seat, name in enumerate(FOUR):
        page.fill(f"#player-{seat}", name)
    page.locator("input[name=option-jack_of_diamonds]").check()
    page.get_by_role("button", name="Start the game").click()
    page.locator("a.sticky-action").click()
    page.locator("input[name=mode][value=points]").check()
    page.get_by_role("button", name="Change the sign of the points of Alice").click()
    page.locator("#points-0").press_sequentially("10")
    expect(page.locator("#points-0")).to_have_value("-10")
    for seat, points in ((1, "13"), (2, "13"), (3, "0")):
        page.fill(f"#points-{seat}", points)
    assert page_width(page) <= 390
    save_round(page)
    assert totals(page) == {"Alice": -10, "Denis": 0, "Bruno": 13, "Chloé": 13}


# Item 7: with the play as totals, Piquet asks about the pique before any save.
def test_the_pique_question_is_there_with_the_totals(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/new/piquet")
    page.fill("#player-0", "Ann")
    page.fill("#player-1", "Bob")
    page.get_by_role("button", name="Start the game").click()
    page.locator("a.sticky-action").click()
    question = page.locator("[data-question=pique]")
    expect(question).to_be_hidden()  # the play by tricks settles it
    page.locator("label.pick:has(input[name=play][value=totals])").click()
    expect(question).to_be_visible()
    expect(question.locator(".label")).to_have_text("Did Bob reach 30 before Ann scored anything?")
    expect(question.locator("input[name=pique]:checked")).to_have_count(0)


# Items 9 and 4: Queenie's deal 1 chooses no stake; the table in French, court cards in French letters.
def test_queenie_in_french(page: Page, live_server: str, screenshot_dir: Path) -> None:
    page.goto(f"{live_server}/lang/fr?next=/new/queenie")
    for seat, name in enumerate(FOUR):
        page.fill(f"#player-{seat}", name)
    page.get_by_role("button", name="Commencer la partie").click()
    page.locator("a.sticky-action").click()
    expect(page.locator("input[name^=stake-]:checked")).to_have_count(0)
    for seat, suit in enumerate("HSHD"):
        page.locator(f"label.pick:has(input[name=stake-{seat}][value={suit}])").click()
    page.locator("label.pick:has(input[name=queen-S][value='3'])").click()
    page.locator("label.pick:has(input[name=out][value='3'])").click()
    save_round(page)
    assert page_width(page) <= 390
    layout = page.locator(".layout").first
    expect(layout).to_contain_text("D♠")
    assert "Q♠" not in page.locator("main").inner_text()
    # Each tile of the layout holds its words, « pot commun » included.
    overflowing = layout.locator(".spot").evaluate_all(
        "(spots) => spots.filter((spot) => spot.scrollWidth > spot.clientWidth).length"
    )
    assert overflowing == 0
    # In a sentence the card is said once, in its French letter (its name is for a screen reader only).
    expect(page.locator(".last-deal .card > [aria-hidden]").first).to_have_text("D♠")
    expect(page.locator(".last-deal .card-name")).to_have_count(0)
    expect(page.locator(".last-deal .card .visually-hidden").first).to_have_text(" dame de pique")
    page.screenshot(path=str(screenshot_dir / "queenie-table-french.png"), full_page=True)
    layout.screenshot(path=str(screenshot_dir / "queenie-layout-french.png"))
