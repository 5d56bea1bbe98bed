"""Paper in real Chromium: each game's finished sheet printed to PDF at A4 and at US Letter.

The PDF is read back with poppler's ``pdftotext`` and ``pdfinfo``; one page of
each is turned into a PNG under ``test-screenshots/`` for a person to look at.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import APIRequestContext, Browser, Page

from tests.test_sheets import GAMES, WINNER

pytestmark = pytest.mark.browser

needs_poppler = pytest.mark.skipif(
    not (shutil.which("pdftotext") and shutil.which("pdfinfo") and shutil.which("pdftoppm")),
    reason="poppler-utils (pdftotext, pdfinfo, pdftoppm) is not installed",
)


def build(request: APIRequestContext, base_url: str, game: str) -> tuple[str, dict[str, Any]]:
    """A finished game of ``game`` through the JSON API: its id and final state."""
    players, dealer, inputs = GAMES[game]
    created = request.post(f"{base_url}/api/v1/games", data={"game": game, "players": players, "dealer": dealer})
    assert created.status == 201, created.text()
    game_id, key = created.json()["id"], created.json()["key"]
    state: dict[str, Any] = {}
    for raw in inputs():
        answer = request.post(
            f"{base_url}/api/v1/games/{game_id}/rounds", data=raw, headers={"Authorization": f"Bearer {key}"}
        )
        assert answer.status == 201, answer.text()
        state = answer.json()
    assert state["status"] == "finished"
    return game_id, state


def pages_of(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    found = re.search(r"^Pages:\s+(\d+)", info, flags=re.M)
    assert found, info
    return int(found.group(1))


def text_of(pdf: Path) -> str:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return text


@needs_poppler
@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_finished_sheet_prints_on_one_page(
    page: Page, live_server: str, screenshot_dir: Path, tmp_path: Path, game: str, paper: str
) -> None:
    game_id, state = build(page.request, live_server, game)
    page.goto(f"{live_server}/g/{game_id}")
    page.locator("[data-print-sheet]").click()
    page.wait_for_url(f"**/g/{game_id}/sheet")
    pdf = tmp_path / f"{game}-{paper}.pdf"
    page.pdf(path=str(pdf), format=paper, prefer_css_page_size=False)

    assert pages_of(pdf) == 1
    text = text_of(pdf)
    flat = " ".join(text.split())
    for player in state["players"]:
        assert player in text
    assert f"{WINNER[game]} wins!" in flat
    for player, total in state["totals"].items():
        assert f"{player} {total}" in flat
    last_round = [line for line in text.splitlines() if re.match(rf"\s*{len(state['rounds'])}\s", line)]
    assert last_round, text
    assert "Print command" not in text  # the screen-only hint is not printed

    if paper == "A4":
        png = screenshot_dir / f"print-{game}-{paper}"
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(png)], check=True
        )
        assert png.with_suffix(".png").stat().st_size > 0


@needs_poppler
def test_a_long_game_runs_on_with_the_header_repeated(page: Page, live_server: str, tmp_path: Path) -> None:
    players = ["Alice", "Bruno", "Chloé", "Denis", "Émile", "Fanny", "Gaston"]
    created = page.request.post(
        f"{live_server}/api/v1/games", data={"game": "hearts", "players": players, "options": {"hands": 80}}
    )
    game_id, key = created.json()["id"], created.json()["key"]
    for number in range(80):
        taken = dict.fromkeys(players, 0)
        taken[players[number % 7]] = 13 - number % 4
        taken[players[(number + 3) % 7]] = number % 4
        answer = page.request.post(
            f"{live_server}/api/v1/games/{game_id}/rounds",
            data={"hearts": taken, "queen": players[(number + 1) % 7]},
            headers={"Authorization": f"Bearer {key}"},
        )
        assert answer.status == 201, answer.text()
    page.goto(f"{live_server}/g/{game_id}/sheet")
    pdf = tmp_path / "long.pdf"
    page.pdf(path=str(pdf), format="A4", prefer_css_page_size=False)
    assert pages_of(pdf) >= 2
    second = text_of(pdf).split("\f")[1]
    top = " ".join([" ".join(line.split()) for line in second.splitlines() if line.strip()][:4])
    assert all(word in top for word in ["Hand", "Dealer", "Pass", "hand", "total", *players]), top
    assert re.search(r"^\s*80 ", second, flags=re.M)  # the last hand, on the second page


@needs_poppler
@pytest.mark.parametrize(("game", "players"), [("hearts", 7), ("queenie", 6), ("piquet", 2)])
def test_blank_sheets_print_on_one_page(
    browser: Browser, live_server: str, screenshot_dir: Path, tmp_path: Path, game: str, players: int
) -> None:
    context = browser.new_context()  # a desktop browser, as a blank sheet is usually printed from one
    page = context.new_page()
    page.goto(f"{live_server}/sheets/{game}/blank?players={players}")
    for paper in ("A4", "Letter"):
        pdf = tmp_path / f"blank-{game}-{paper}.pdf"
        page.pdf(path=str(pdf), format=paper, prefer_css_page_size=False)
        assert pages_of(pdf) == 1, (game, paper)
    png = screenshot_dir / f"print-blank-{game}"
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-singlefile", str(pdf), str(png)], check=True)
    context.close()


def test_chart_is_drawn_in_both_themes_without_javascript(
    browser: Browser, live_server: str, screenshot_dir: Path
) -> None:
    for scheme in ("light", "dark"):
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, color_scheme=scheme, java_script_enabled=False
        )
        page = context.new_page()
        game_id, _state = build(context.request, live_server, "hearts")
        page.goto(f"{live_server}/g/{game_id}")
        chart = page.locator("svg.score-chart")
        chart.scroll_into_view_if_needed()
        box = chart.bounding_box()
        assert box is not None and box["width"] <= 390 and box["height"] > 100
        colour = page.evaluate("getComputedStyle(document.querySelector('svg.score-chart')).color")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert colour != background
        chart.screenshot(path=str(screenshot_dir / f"chart-hearts-{scheme}.png"))
        context.close()
