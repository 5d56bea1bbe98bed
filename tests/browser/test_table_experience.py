"""The table experience on a phone in real Chromium: what a new user stumbled on, item by item.

The same items through the Flask test client are in tests/test_table_experience.py.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import APIRequestContext, Browser, Page, expect

from tests.browser.conftest import page_width, save_round
from tests.browser.pdf import needs_poppler, pages_of
from tests.browser.test_hearts_phone import Taps, create_game, totals
from tests.test_piquet_rules import P10_DEALS

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

# Words laid out on two lines: each word's text range, split into its line boxes (a word broken in two has
# boxes on two lines). Hyphens are break points a name may use ("Marie-/Charlotte"): words are split there.
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const words = /[^\\s-]+/g;
      let found;
      while ((found = words.exec(node.data))) {
        const range = document.createRange();
        range.setStart(node, found.index);
        range.setEnd(node, found.index + found[0].length);
        const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
        const lines = new Set(boxes.map((box) => Math.round(box.top)));
        if (lines.size > 1) broken.push(found[0]);
      }
    }
  }
  return broken;
}"""


def start(page: Page, base_url: str, game: str, players: list[str], dealer: int = 0, **options: str) -> None:
    page.goto(f"{base_url}/new/{game}")
    for seat, name in enumerate(players):
        page.fill(f"#player-{seat}", name)
    page.locator(f"input[name=dealer][value='{dealer}']").check()
    for name, value in options.items():
        page.locator(f"input[name=option-{name}][value={value}]").check()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#next-title")).to_be_visible()


def row(seat: int) -> str:
    return f"[data-player-row]:nth-of-type({seat + 1})"


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


# --- 1. The moon, the natural way, and in one tap --------------------------------------------------------------


def test_a_moon_the_natural_way_in_four_taps_plus_save(page: Page, live_server: str, screenshot_dir: Path) -> None:
    create_game(page, live_server)
    taps = Taps(page)
    taps.tap("a.sticky-action")  # "Enter hand 1"
    taps.tap(f"{row(1)} button.chip[data-set='13']")  # 13 for Bruno
    taps.tap(f"{row(1)} input[name=queen]")  # his Q♠
    expect(page.locator("[data-left-count]")).to_have_text("0")
    for seat in (0, 2, 3):  # the others left empty took none, and the form says so
        expect(page.locator(f"#hearts-{seat}")).to_have_attribute("placeholder", "0")
    page.screenshot(path=str(screenshot_dir / "hearts-moon-natural-way.png"), full_page=True)
    assert taps.count <= 4, taps.count
    save_round(page)
    expect(page.locator(".grid tbody tr")).to_have_count(2)  # the hand and its moon line
    assert totals(page) == {"Bruno": 0, "Alice": 26, "Chloé": 26, "Denis": 26}
    expect(page.locator(".grid .events")).to_contain_text("Bruno shot the moon")


def test_the_one_tap_moon_with_javascript(page: Page, live_server: str) -> None:
    create_game(page, live_server)
    page.locator("a.sticky-action").click()
    page.locator(f"{row(0)} button.chip[data-set='4']").click()
    navigations: list[str] = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url))
    page.get_by_role("button", name="Chloé shot the moon: all 13 hearts and the queen of spades").click()
    assert navigations == []  # done in place
    assert [page.locator(f"#hearts-{seat}").input_value() for seat in range(4)] == ["0", "0", "13", "0"]
    expect(page.locator("input[name=queen][value='2']")).to_be_checked()
    expect(page.locator("[data-left-count]")).to_have_text("0")
    save_round(page)
    assert totals(page) == {"Chloé": 0, "Alice": 26, "Bruno": 26, "Denis": 26}


def test_the_moon_choice_is_asked_only_after_a_moon(page: Page, live_server: str) -> None:
    """Hearts' own script hears the shared count picker: the shooter's choice appears with a moon only."""
    start(page, live_server, "hearts", ["Alice", "Bruno", "Chloé", "Denis"], moon="choice")
    page.locator("a.sticky-action").click()
    choice = page.locator("[data-moon-choice]")
    expect(choice).to_be_hidden()
    page.locator(f"{row(1)} button.chip[data-set='13']").click()
    expect(choice).to_be_hidden()  # all the hearts, but nobody took the queen yet
    page.locator("input[name=queen][value='1']").check()
    expect(choice).to_be_visible()
    page.locator(f"{row(1)} button.step").first.click()  # 12: no moon
    expect(choice).to_be_hidden()
    page.get_by_role("button", name="Denis shot the moon: all 13 hearts and the queen of spades").click()
    expect(choice).to_be_visible()


# --- 4. Without JavaScript: each tap comes back to the player, with the hearts left ---------------------------


def test_without_javascript_a_tap_comes_back_to_the_player_with_the_hearts_left(
    browser: Browser, live_server: str
) -> None:
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    create_game(page, live_server)
    page.get_by_role("link", name="Enter hand").click()
    page.locator(f"{row(0)} button.chip[data-set='2']").click()
    page.locator(f"{row(3)} button.chip[data-set='7']").click()
    assert page.url.endswith("#row-hearts-3")
    assert in_view(page, "#row-hearts-3 .chips")  # not the top of the page: Denis's row, where the tap was
    expect(page.locator("[data-left-count]")).to_have_text("4")
    page.locator(f"{row(1)} button.chip[data-set='4']").click()
    expect(page.locator("[data-left-count]")).to_have_text("0")
    expect(page.locator("#hearts-2")).to_have_attribute("placeholder", "0")
    page.locator("input[name=queen][value='1']").check()
    save_round(page)
    assert totals(page) == {"Chloé": 0, "Alice": 2, "Denis": 7, "Bruno": 17}
    # The one-tap moon, through the server.
    page.get_by_role("link", name="Enter hand").click()
    page.get_by_role("button", name="Denis shot the moon: all 13 hearts and the queen of spades").click()
    assert page.url.endswith("#row-hearts-3")
    assert [page.locator(f"#hearts-{seat}").input_value() for seat in range(4)] == ["0", "0", "0", "13"]
    expect(page.locator("input[name=queen][value='3']")).to_be_checked()
    save_round(page)
    assert totals(page) == {"Denis": 7, "Chloé": 26, "Alice": 28, "Bruno": 43}
    context.close()


# --- 5. The error summary takes the phone to the field ------------------------------------------------------------


def test_the_error_summary_links_to_the_field(browser: Browser, live_server: str) -> None:
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    start(page, live_server, "queenie", ["Alice", "Bruno", "Chloé", "Denis"])
    page.get_by_role("link", name="Enter deal 1").click()
    save_round(page)  # the form as it came: who went out is not said (nor the stakes: deal 1 chooses none)
    link = page.locator(".error-summary a").first
    expect(link).to_have_text('Say who went out: tap the player, or "nobody: blocked" if nobody could go out.')
    link.click()
    assert page.url.endswith("#error-out")
    assert in_view(page, "#error-out") and in_view(page, "input[name=out][value=none] + span")
    context.close()


# --- 6. Queenie: the buyer is out of the question once the dealer switched ----------------------------------------


def test_the_buyer_choices_are_disabled_after_a_switch(page: Page, live_server: str) -> None:
    start(page, live_server, "queenie", ["Alice", "Bruno", "Chloé", "Denis"])
    page.get_by_role("link", name="Enter deal 1").click()
    page.locator("input[name=buyer][value='2']").click()
    page.locator("input[name=dealer_choice][value=switch]").click()
    for seat in (1, 2, 3):
        expect(page.locator(f"input[name=buyer][value='{seat}']")).to_be_disabled()
    expect(page.locator("input[name=buyer][value='']")).to_be_checked()
    page.locator("input[name=dealer_choice][value=keep]").click()
    expect(page.locator("input[name=buyer][value='2']")).to_be_enabled()


# --- 7. After a hand: what to do now is in view, its heading clear of the sticky button -----------------------------


def test_after_a_hand_what_to_do_now_is_in_view(page: Page, live_server: str, screenshot_dir: Path) -> None:
    start(page, live_server, "hearts", ["Alice", "Bruno", "Chloé", "Denis", "Émile", "Fanny", "Gaston"])
    page.get_by_role("link", name="Enter hand 1").click()
    page.get_by_role("button", name="Bruno shot the moon: all 13 hearts and the queen of spades").click()
    save_round(page)
    expect(page.locator("#next-title")).to_contain_text("Hand 2")
    heading = page.locator("#next-title").bounding_box()
    button = page.locator("a.sticky-action").bounding_box()
    assert heading is not None and button is not None
    assert heading["y"] + heading["height"] <= button["y"], (heading, button)
    chart = page.locator("#chart-title").bounding_box()
    assert chart is not None and chart["y"] > heading["y"]
    page.screenshot(path=str(screenshot_dir / "hearts-table-after-a-hand-7-players.png"))


# --- 8. No word and no number broken in two; the minus sign ------------------------------------------------------


def test_no_word_or_number_is_broken_beside_a_long_name(page: Page, live_server: str, screenshot_dir: Path) -> None:
    players = ["Chloé", "Marie-Charlotte de Montmorency", "Denis", "Hugo", "Émile"]
    start(page, live_server, "hearts", players, moon="subtract")
    page.get_by_role("link", name="Enter hand 1").click()
    assert page.evaluate(BROKEN_WORDS, "main") == []
    page.locator(f"{row(0)} button.chip[data-set='13']").click()
    page.locator("input[name=queen][value='0']").check()
    save_round(page)
    page.get_by_role("link", name="Enter hand 2").click()
    page.locator(f"{row(1)} button.chip[data-set='13']").click()
    page.locator("input[name=queen][value='1']").check()
    save_round(page)
    expect(page.locator(".grid tbody tr")).to_have_count(4)  # two hands, each with its moon
    assert page.evaluate(BROKEN_WORDS, "main > :not(.share)") == []
    assert page_width(page) <= PHONE["width"]
    # The running total stands under the score on a phone: one cell's figures, read as words.
    cells = [" ".join(cell.split()) for cell in page.locator(".grid tbody tr:not(.events) td").all_inner_texts()]
    assert "−26 −26" in cells and "0 −26" in cells  # the minus sign: never a hyphen, never alone on a line
    assert all("-" not in cell for cell in cells)
    assert page.locator(".totals").inner_text().count("−26") == 2
    page.screenshot(path=str(screenshot_dir / "hearts-table-long-name.png"), full_page=True)


def post_rounds(request: APIRequestContext, base_url: str, game: str, players: list[str], rounds: list[Any]) -> str:
    created = request.post(f"{base_url}/api/v1/games", data={"game": game, "players": players, "dealer": players[-1]})
    game_id, key = created.json()["id"], created.json()["key"]
    for raw in rounds:
        answer = request.post(
            f"{base_url}/api/v1/games/{game_id}/rounds", data=raw, headers={"Authorization": f"Bearer {key}"}
        )
        assert answer.status == 201, answer.text()
    return game_id


def test_the_piquet_breakdown_never_breaks_a_name(page: Page, live_server: str) -> None:
    game_id = post_rounds(page.request, live_server, "piquet", ["Hugo", "Maximilien"], P10_DEALS[:1])
    page.goto(f"{live_server}/g/{game_id}")
    expect(page.locator(".piquet-summary")).to_be_visible()
    assert page.evaluate(BROKEN_WORDS, ".piquet-summary thead, .totals, .grid thead") == []


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_blank_queenie_sheet_never_breaks_a_word(browser: Browser, live_server: str, language: str) -> None:
    context = browser.new_context(viewport={"width": 718, "height": 1000})  # A4's printed width, 190 mm
    context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
    page = context.new_page()
    page.emulate_media(media="print")
    for players in (3, 6):
        page.goto(f"{live_server}/sheets/queenie/blank?players={players}")
        assert page.evaluate(BROKEN_WORDS, "th, td, li, p") == []
        spilling = page.evaluate(
            "[...document.querySelectorAll('th, td')].filter((cell) => cell.scrollWidth > cell.clientWidth + 1)"
            ".map((cell) => cell.textContent.trim())"
        )
        assert spilling == []
    context.close()


# --- 10 and 11. Watchers: told how to score; a tablet across the table --------------------------------------------


def test_a_watch_screen_in_landscape_shows_standings_and_what_next_side_by_side_in_large_type(
    browser: Browser, live_server: str, screenshot_dir: Path
) -> None:
    scorer = browser.new_context(viewport=PHONE)
    page = scorer.new_page()
    create_game(page, live_server)
    address = page.url
    tablet = browser.new_context(viewport={"width": 1280, "height": 800})
    screen = tablet.new_page()
    screen.goto(address)
    totals_box = screen.locator(".totals").bounding_box()
    next_box = screen.locator(".next").bounding_box()
    assert totals_box is not None and next_box is not None
    assert next_box["x"] >= totals_box["x"] + totals_box["width"]  # side by side
    assert next_box["y"] + next_box["height"] <= 800 and totals_box["y"] + totals_box["height"] <= 800
    big = float(
        screen.locator(".total .points").first.evaluate("element => parseFloat(getComputedStyle(element).fontSize)")
    )
    title = float(screen.locator("#next-title").evaluate("element => parseFloat(getComputedStyle(element).fontSize)"))
    assert big >= 56 and title >= 36, (big, title)
    screen.screenshot(path=str(screenshot_dir / "watch-landscape.png"))
    # The scorer's own phone, and a watcher's phone, keep the phone layout.
    assert (
        float(
            page.locator(".total .points").first.evaluate("element => parseFloat(getComputedStyle(element).fontSize)")
        )
        < 40
    )
    scorer.close()
    tablet.close()


# --- 14. Dark mode: the cards already in the other Piquet hand stay readable -----------------------------------------


def test_cards_of_the_other_hand_are_readable_in_dark_mode(browser: Browser, live_server: str) -> None:
    context = browser.new_context(viewport=PHONE, color_scheme="dark")
    page = context.new_page()
    start(page, live_server, "piquet", ["Ann", "Bob"])
    page.get_by_role("link", name="Enter deal 1").click()
    page.locator("input[name=elder-cards][value='AS']").click()
    page.locator("[data-fill=younger]").click()
    taken = page.locator("input[name=younger-cards][value='AS'] + b")  # the card as drawn
    expect(page.locator("input[name=younger-cards][value='AS']")).to_be_disabled()
    style = taken.evaluate(
        "card => ({opacity: getComputedStyle(card).opacity, line: getComputedStyle(card).textDecorationLine})"
    )
    assert float(style["opacity"]) >= 0.55 and style["line"] == "line-through", style
    context.close()


# --- 14. Paper: a long Queenie sheet fits one US Letter page -------------------------------------------------------


@needs_poppler
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_two_turns_of_six_queenie_players_print_on_one_page(
    page: Page, live_server: str, tmp_path: Path, paper: str
) -> None:
    players = ["Alice", "Bruno", "Chloé", "Denis", "Émile", "Fanny"]
    deals = []
    for number in range(12):  # the dealer moves on each deal; every other deal is blocked
        queens = {"S": players[number % 6], "H": None, "D": players[(number + 1) % 6], "C": None}
        out = players[(number + 2) % 6] if number % 3 else None
        stakes = {player: "SHDC"[seat % 4] for seat, player in enumerate(players)}
        deals.append({"stakes": stakes, "dealer_choice": "keep", "buyer": None, "queens": queens, "out": out})
    game_id = post_rounds(page.request, live_server, "queenie", players, deals)
    page.goto(f"{live_server}/g/{game_id}/sheet")
    pdf = tmp_path / f"queenie-six-{paper}.pdf"
    page.pdf(path=str(pdf), format=paper, prefer_css_page_size=False)
    assert pages_of(pdf) == 1
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Running totals, deal by deal" in text
