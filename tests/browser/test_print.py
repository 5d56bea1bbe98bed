"""Paper in real Chromium: every sample's sheet and every blank sheet printed to PDF at A4 and at US Letter.

The PDF is read back with poppler's ``pdftotext`` and ``pdfinfo``; one page of each is
turned into a PNG under ``test-screenshots/`` for a person to look at. The games come from
the registry's samples: none is named here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import APIRequestContext, Browser, Page

from referee.games.spec import GameSpec, Sample
from referee.registry import GAMES
from referee.words import minus
from tests.browser.pdf import info, needs_poppler, side_lines, snapshot, text_of
from tests.samples import SAMPLES, check_outcome, creation, final_totals, result_words, rounds_played

pytestmark = pytest.mark.browser

PAPERS = {"A4": (595, 842), "Letter": (612, 792)}  # points, as pdfinfo gives them (rounded down)


def build(request: APIRequestContext, base_url: str, spec: GameSpec, sample: Sample) -> tuple[str, dict[str, Any]]:
    """The sample played through the JSON API: the game's id and final state."""
    created = request.post(f"{base_url}/api/v1/games", data=creation(spec, sample))
    assert created.status == 201, created.text()
    game_id, key = created.json()["id"], created.json()["key"]
    state: dict[str, Any] = created.json()
    for raw in sample.rounds:
        answer = request.post(
            f"{base_url}/api/v1/games/{game_id}/rounds", data=raw, headers={"Authorization": f"Bearer {key}"}
        )
        assert answer.status == 201, answer.text()
        state = answer.json()
    check_outcome(sample, state)
    return game_id, state


def printed(page: Page, pdf: Path, paper: str) -> str:
    """The page printed to ``pdf`` on ``paper``: one page of that size. Its text, laid out."""
    page.pdf(path=str(pdf), format=paper, prefer_css_page_size=False)
    assert info(pdf) == (1, PAPERS[paper]), paper
    return text_of(pdf)


# The text a reader sees on the page: what is only for screen readers (.visually-hidden) is not on paper.
SHOWN_TEXT = """() => {
    const unseen = [...document.querySelectorAll('.visually-hidden')];
    unseen.forEach((element) => { element.hidden = true; });
    const text = document.body.innerText;
    unseen.forEach((element) => { element.hidden = false; });
    return text;
}"""


def broken_words(page: Page, text: str) -> list[str]:
    """The words the printed page shows that the PDF does not hold whole (cut across two lines)."""
    page.emulate_media(media="print")
    shown = page.evaluate(SHOWN_TEXT).split()
    page.emulate_media(media="null")  # back to the default: page.pdf prints with the print styles
    whole = set(text.split())
    return [word for word in shown if word not in whole]


@needs_poppler
def test_a_word_cut_across_two_lines_is_seen(page: Page, tmp_path: Path) -> None:
    """The check of every sheet below can fail: a column too narrow for a name cuts it, and that is caught."""
    page.set_content('<p style="width: 3ch; overflow-wrap: anywhere">Chloé Bruno</p><p>Alice</p>')
    page.pdf(path=str(tmp_path / "cut.pdf"), format="A4")
    assert broken_words(page, text_of(tmp_path / "cut.pdf")) == ["Chloé", "Bruno"]


@needs_poppler
@pytest.mark.parametrize(("spec", "sample"), SAMPLES)
def test_every_samples_sheet_prints_on_one_page_of_a4_and_of_letter(
    page: Page, live_server: str, screenshot_dir: Path, tmp_path: Path, spec: GameSpec, sample: Sample
) -> None:
    game_id, state = build(page.request, live_server, spec, sample)
    page.goto(f"{live_server}/g/{game_id}")
    page.locator("[data-print-sheet]").click()
    page.wait_for_url(f"**/g/{game_id}/sheet")
    for paper in PAPERS:
        pdf = tmp_path / f"{paper}.pdf"
        text = printed(page, pdf, paper)
        flat = " ".join(text.split())
        for player in sample.players:
            assert player in text
        if sample.finished:
            assert result_words(sample, state) in flat
            for name, total in final_totals(state).items():
                assert f"{name} {minus(total)}" in flat
        else:
            assert f"Game in progress after {rounds_played(spec, len(sample.rounds))}." in flat
        last_round = [line for line in text.splitlines() if re.match(rf"\s*{len(sample.rounds)}\s", line)]
        assert last_round, text
        assert "Print command" not in text  # the screen-only hint is not printed
        assert broken_words(page, text) == [], paper
        snapshot(pdf, screenshot_dir / f"print-{spec.name}-{sample.name}-{paper}")
        left, right = side_lines(pdf)
        assert right >= 0.8 * left, (paper, left, right)  # the right-hand borders there as the left-hand ones are


def blank_queries(spec: GameSpec) -> list[dict[str, Any]]:
    """The widest blank sheet of a game (the most players) with each value of each of its choices."""
    widest = {"players": spec.rules.max_players}
    choices = [
        {**widest, query: value} for query, option in spec.paper.blank_choices for value, _label in option.choices
    ]
    return choices or [widest]


BLANKS = [
    pytest.param(spec, query, id="-".join([spec.name, *map(str, query.values())]))
    for spec in GAMES.values()
    for query in blank_queries(spec)
]


@needs_poppler
@pytest.mark.parametrize(("spec", "query"), BLANKS)
def test_every_blank_sheet_prints_on_one_page_of_a4_and_of_letter(
    browser: Browser, live_server: str, screenshot_dir: Path, tmp_path: Path, spec: GameSpec, query: dict[str, Any]
) -> None:
    context = browser.new_context()  # a desktop browser, as a blank sheet is usually printed from one
    page = context.new_page()
    page.goto(f"{live_server}/sheets/{spec.name}/blank?" + "&".join(f"{name}={value}" for name, value in query.items()))
    for paper in PAPERS:
        pdf = tmp_path / f"blank-{paper}.pdf"
        text = printed(page, pdf, paper)
        assert broken_words(page, text) == [], paper
        left, right = side_lines(pdf)
        assert right >= 0.8 * left, (paper, left, right)
    page.emulate_media(media="print")
    seats = page.locator("thead th.player").evaluate_all("(cells) => cells.map((cell) => cell.offsetWidth)")
    assert not seats or max(seats) - min(seats) <= 1, seats  # every seat's column alike, whatever its letter (I, J)
    snapshot(pdf, screenshot_dir / f"print-blank-{'-'.join([spec.name, *map(str, query.values())])}")
    context.close()


def test_chart_is_drawn_in_both_themes_without_javascript(
    browser: Browser, live_server: str, screenshot_dir: Path
) -> None:
    spec = next(iter(GAMES.values()))
    sample = next(sample for sample in spec.samples if sample.finished)
    for scheme in ("light", "dark"):
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, color_scheme=scheme, java_script_enabled=False
        )
        page = context.new_page()
        game_id, _state = build(context.request, live_server, spec, sample)
        page.goto(f"{live_server}/g/{game_id}")
        chart = page.locator("svg.score-chart")
        chart.scroll_into_view_if_needed()
        box = chart.bounding_box()
        assert box is not None and box["width"] <= 390 and box["height"] > 100
        colour = page.evaluate("getComputedStyle(document.querySelector('svg.score-chart')).color")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert colour != background
        chart.screenshot(path=str(screenshot_dir / f"chart-{spec.name}-{scheme}.png"))
        context.close()
