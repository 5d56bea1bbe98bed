"""Points on a phone (390×844) in real Chromium: worked example T1 typed in with a sum and the ± button, the
running total of a round, Points' round.js held to the Python parser, and the ± button without JavaScript."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.games.points.form import flip_sign, parse_sum
from tests.browser.conftest import page_width, save_round, scripts_ran
from tests.points_examples import T1

pytestmark = pytest.mark.browser

TYPED = [
    "12",
    "-12",
    "\u221212",
    "+7",
    "0",
    "-0",
    "12+11-3",
    " 12 + 11 \u2212 3 ",
    "1-2-3",
    "999999999",
    "1+" * 19 + "1",
    "1+" * 20 + "1",
    "",
    "-",
    "+",
    "12+",
    "12+-3",
    "--3",
    "2.5",
    "1,5",
    "1e3",
    "ten",
    "\u00b2",
    "\uff11\uff12",
    "\u0661\u0662",
    "1234567890",
    "(1+2)",
    "2*3",
    "12\u00a0+1",
]


def create_game(page: Page, base_url: str, players: list[str], **options: str) -> None:
    page.goto(base_url)
    page.get_by_role("link", name="Points").click()
    for seat, name in enumerate(players):
        page.fill(f"#player-{seat}", name)
    for name, value in options.items():
        page.fill(f"#option-{name}", value)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#next-title")).to_contain_text("Round 1")


def totals(page: Page) -> dict[str, int]:
    names = page.locator(".totals .name").all_inner_texts()
    points = page.locator(".totals .points").all_inner_texts()
    return {name: int(value.replace("−", "-")) for name, value in zip(names, points, strict=True)}


def test_t1_on_a_phone_with_a_sum_and_the_sign_button(page: Page, live_server: str, tmp_path: Path) -> None:
    players = list(T1.players)
    create_game(page, live_server, players, target="60")
    expect(page.locator("#next-title")).to_contain_text("Round 1 · Ann deals")
    page.get_by_role("link", name="Enter round 1").click()
    expect(page.locator("h1")).to_contain_text("Round 1")
    scripts_ran(page)
    assert page_width(page) <= 390
    for selector in ("button[data-sign]", "input[data-points-field]", "button[name=save]"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["height"] >= 44, selector
    assert page.locator("#points-0").get_attribute("inputmode") == "numeric"
    # Round 1: Ann 25 typed as a sum, Ben 12, Cat −8 with the ± button then the digit.
    page.fill("#points-0", "20+5")
    page.fill("#points-1", "12")
    page.get_by_role("button", name="Change the sign of the points of Cat").click()
    expect(page.locator("#points-2")).to_have_value("-")
    page.keyboard.type("8")
    expect(page.locator("#points-2")).to_have_value("-8")
    page.screenshot(path=str(tmp_path / "points-round-form.png"), full_page=True)
    save_round(page)
    assert totals(page) == T1.by_seat(T1.steps[0].totals or ())
    expect(page.locator("#next-title")).to_contain_text("Round 2 · Ben deals")
    # Round 2: a wrong sign put right with ± before saving.
    page.get_by_role("link", name="Enter round 2").click()
    expect(page.locator("h1")).to_contain_text("Round 2")
    scripts_ran(page)
    page.fill("#points-0", "30")
    page.fill("#points-1", "-50")
    page.get_by_role("button", name="Change the sign of the points of Ben").click()
    expect(page.locator("#points-1")).to_have_value("50")
    page.fill("#points-2", "4")
    save_round(page)
    expect(page.locator(".winner")).to_contain_text("Ben wins!")
    assert totals(page) == T1.by_seat(T1.steps[1].totals or ())
    assert page.get_by_role("link", name="Enter round").count() == 0
    assert page_width(page) <= 390
    shot = tmp_path / "points-t1-finished.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 0


def test_the_running_total_and_points_js_agree_with_the_python_parser(page: Page, live_server: str) -> None:
    create_game(page, live_server, ["Alice", "Bruno", "Chloé", "Denis"], round_total="162")
    page.get_by_role("link", name="Enter round 1").click()
    counter = page.locator("[data-points-counter]")
    expect(counter).to_have_text("added up: 0 of 162")
    page.fill("#points-0", "80+10")
    expect(counter).to_have_text("added up: 90 of 162")
    page.fill("#points-1", "70")
    page.fill("#points-2", "0")
    page.fill("#points-3", "2")
    expect(counter).to_have_text("added up: 162 of 162")
    page.get_by_role("button", name="Change the sign of the points of Denis").click()
    expect(counter).to_have_text("added up: 158 of 162")
    # The script's parser and sign flip are form.py's, string for string.
    parsed = page.evaluate("(texts) => texts.map((text) => window.refereePoints.parseSum(text))", TYPED)
    assert parsed == [parse_sum(text) for text in TYPED]
    flipped = page.evaluate("(texts) => texts.map((text) => window.refereePoints.flipSign(text))", TYPED)
    assert flipped == [flip_sign(text) for text in TYPED]
    # ...and the total shown while typing is the one the server shows.
    for seat, text in enumerate(["12+11-3", "\u221240", "ten", "100"]):
        page.fill(f"#points-{seat}", text)
    shown = counter.inner_text()
    page.get_by_role("button", name="Change the sign of the points of Denis").click()
    page.get_by_role("button", name="Change the sign of the points of Denis").click()
    assert shown == "added up: 80 of 162"
    save_round(page)
    expect(page.locator(".error-summary")).to_be_visible()
    expect(page.locator("[data-points-counter]")).to_have_text(shown)


def test_the_sign_button_without_javascript(browser: Browser, live_server: str) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    create_game(page, live_server, ["Ann", "Bob"])
    page.get_by_role("link", name="Enter round 1").click()
    page.fill("#points-0", "7+3")
    page.fill("#points-1", "4")
    page.get_by_role("button", name="Change the sign of the points of Bob").click()
    expect(page.locator("#points-1")).to_have_value("-4")
    expect(page.locator("#points-0")).to_have_value("7+3")
    save_round(page)
    assert totals(page) == {"Ann": 10, "Bob": -4}
    context.close()


def test_twelve_players_with_long_names_fit_the_phone(page: Page, live_server: str, tmp_path: Path) -> None:
    players = [f"{letter * 3} Marie-Antoinette de Montréal"[:30] for letter in "ABCDEFGHIJKL"]
    create_game(page, live_server, players, round_total="0")
    expect(page.locator("#next-title")).to_contain_text(f"Round 1 · {players[0]} deals")
    page.get_by_role("link", name="Enter round 1").click()
    assert page.locator("input[data-points-field]").count() == 12
    page.fill("#points-11", "-1234+99999")
    assert page_width(page) <= 390
    for seat in (0, 11):
        field = page.locator(f"#points-{seat}").bounding_box()
        sign = page.locator(f"button[data-sign='points-{seat}']").bounding_box()
        assert field is not None and sign is not None
        assert field["x"] + field["width"] <= 390 and sign["width"] >= 44
    expect(page.locator("[data-points-counter]")).to_have_text("added up: 98765 of 0")
    page.screenshot(path=str(tmp_path / "points-twelve.png"), full_page=True)
