"""What the table sees on its screens (issue 24, second pass): wide grids on a phone, a screen across the table.

Real Chromium at 390x844 unless a test says otherwise (a tablet, a television).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.games.spec import GameSpec, Sample
from referee.registry import GAMES
from referee.words import minus
from tests.browser.conftest import PHONE
from tests.samples import creation, under_way

pytestmark = pytest.mark.browser

WIDEST = [
    pytest.param(spec, max(spec.samples, key=lambda sample: len(sample.players)), id=spec.name)
    for spec in GAMES.values()
]
"""Each game's sample with the most players: its grid is the widest."""

UNDER_WAY = [pytest.param(spec, id=spec.name) for spec in GAMES.values()]
TV = {"width": 1920, "height": 1080}


@pytest.fixture
def live_server_config() -> dict[str, Any]:
    """Watching screens ask for news every second."""
    return {"WATCH_POLL_SECONDS": 1}


def scored_here(page: Page, base: str, body: dict[str, Any], rounds: tuple[Any, ...]) -> str:
    """A game made and played through the API, then joined on this phone (it may correct rounds): its id."""
    created = page.request.post(f"{base}/api/v1/games", data=body)
    assert created.status == 201, created.text()
    game_id, key = created.json()["id"], created.json()["key"]
    for raw in rounds:
        added = page.request.post(
            f"{base}/api/v1/games/{game_id}/rounds", data=raw, headers={"Authorization": f"Bearer {key}"}
        )
        assert added.status == 201, added.text()
    page.goto(f"{base}/g/{game_id}/join/{key}")
    page.get_by_role("button", name="Score this game on this phone").click()
    expect(page.locator("h1.game-title")).to_be_visible()
    return game_id


def sample_scored_here(page: Page, base: str, spec: GameSpec, sample: Sample) -> str:
    return scored_here(page, base, creation(spec, sample), sample.rounds)


def lefts(page: Page, selector: str) -> list[float]:
    return page.locator(selector).evaluate_all("(cells) => cells.map((cell) => cell.getBoundingClientRect().left)")


def on_screen(page: Page, selector: str) -> list[bool]:
    """For each element: whether it lies wholly within the phone's width."""
    return page.locator(selector).evaluate_all(
        "(items, width) => items.map((item) => { const box = item.getBoundingClientRect();"
        " return box.left >= 0 && box.right <= width; })",
        PHONE["width"],
    )


def check_grid_keeps_its_edges(page: Page) -> None:
    """Every round's number and ✎ are on the screen, before and after the grid is scrolled to its far end."""
    page.locator("section.rounds").scroll_into_view_if_needed()
    edits = page.locator(".grid a.edit")
    assert edits.count() > 0
    numbers = ".grid tbody th[scope=row]"
    before = lefts(page, numbers)
    for scrolled in (False, True):
        if scrolled:
            page.locator("section.rounds .scroll").evaluate("(box) => { box.scrollLeft = box.scrollWidth; }")
        assert all(on_screen(page, ".grid a.edit")), scrolled
        assert all(on_screen(page, numbers)), scrolled
        assert lefts(page, numbers) == before
    last = edits.count()
    edits.last.click()  # reachable: a tap opens the correction
    expect(page.locator("h1")).to_contain_text(str(last))


@pytest.mark.parametrize(("spec", "sample"), WIDEST)
def test_the_widest_grid_keeps_each_rounds_number_and_pencil_on_the_phone(
    page: Page, live_server: str, spec: GameSpec, sample: Sample
) -> None:
    sample_scored_here(page, live_server, spec, sample)
    check_grid_keeps_its_edges(page)


def test_six_long_names_at_hearts_scroll_under_the_rounds_number_and_pencil(
    page: Page, live_server: str, screenshot_dir: Any
) -> None:
    players = ["Alexandra", "Benedict", "Chloé", "Dominique", "Evangeline", "Frédérique"]
    hands = [
        {"hearts": dict(zip(players, taken, strict=True)), "queen": queen}
        for taken, queen in [((3, 4, 2, 4, 0, 0), "Chloé"), ((0, 5, 4, 2, 2, 0), "Alexandra")]
    ]
    scored_here(page, live_server, {"game": "hearts", "players": players}, tuple(hands))
    box = page.locator("section.rounds .scroll")
    assert box.evaluate("(box) => box.scrollWidth > box.clientWidth")  # too wide for the phone: it scrolls
    page.locator("section.rounds").screenshot(path=str(screenshot_dir / "hearts-six-grid-390.png"))
    check_grid_keeps_its_edges(page)


def test_five_players_hands_at_hearts_fit_the_phone_without_scrolling(
    page: Page, live_server: str, screenshot_dir: Any
) -> None:
    players = ["Alice", "Bruno", "Chloé", "Denis", "Emma"]
    hands = [
        {"hearts": dict(zip(players, taken, strict=True)), "queen": queen}
        for taken, queen in [((2, 4, 0, 7, 0), "Bruno"), ((0, 0, 13, 0, 0), "Chloé"), ((1, 2, 3, 4, 3), "Denis")]
    ]
    scored_here(page, live_server, {"game": "hearts", "players": players}, tuple(hands))
    box = page.locator("section.rounds .scroll")
    assert box.evaluate("(box) => box.scrollWidth - box.clientWidth") == 0  # nothing under the ✎, nothing to scroll
    assert all(on_screen(page, ".grid thead th, .grid tbody td"))
    page.locator("section.rounds").screenshot(path=str(screenshot_dir / "hearts-five-grid-390.png"))


def test_keeping_the_screen_on_says_so_when_the_browser_refuses(page: Page, live_server: str) -> None:
    page.add_init_script(
        "Object.defineProperty(navigator, 'wakeLock', {value: {request: () =>"
        " Promise.reject(new DOMException('Battery saver', 'NotAllowedError'))}});"
    )
    sample_scored_here(page, live_server, *WIDEST[0].values)
    refused = page.locator("[data-wake-refused]")
    expect(refused).to_be_hidden()
    page.get_by_role("button", name="Keep the screen on").click()
    expect(refused).to_have_text(
        "This browser would not keep the screen on (a battery saver may be forbidding it):"
        " lengthen the screen timeout in the phone's settings instead."
    )
    expect(page.get_by_role("button", name="Keep the screen on")).to_have_attribute("aria-pressed", "false")


def test_piquets_cards_after_the_exchange_are_as_wide_as_the_other_boxes(page: Page, live_server: str) -> None:
    scored_here(page, live_server, {"game": "piquet", "players": ["Zoé", "Yann"]}, ())
    page.get_by_role("link", name="Enter deal 1").click()
    widths = page.locator("fieldset:visible").evaluate_all(
        "(boxes) => boxes.map((box) => { const edge = box.getBoundingClientRect();"
        " return [box.className, edge.left, edge.width]; })"
    )
    assert len(widths) >= 3
    assert {(left, width) for _name, left, width in widths} == {(widths[0][1], widths[0][2])}, widths
    spilling = page.locator(".card-grid b").evaluate_all(
        "(cards) => cards.filter((card) => card.scrollWidth > card.clientWidth).map((card) => card.textContent)"
    )
    assert spilling == []


def played(page: Page, base: str, body: dict[str, Any], rounds: tuple[Any, ...]) -> tuple[str, str]:
    """A game made and played through the API by the scorer's phone: its id and key."""
    created = page.request.post(f"{base}/api/v1/games", data=body)
    assert created.status == 201, created.text()
    game_id, key = created.json()["id"], created.json()["key"]
    for raw in rounds:
        add_round(page, base, game_id, key, raw)
    return game_id, key


def add_round(page: Page, base: str, game_id: str, key: str, raw: Any) -> dict[str, Any]:
    added = page.request.post(
        f"{base}/api/v1/games/{game_id}/rounds", data=raw, headers={"Authorization": f"Bearer {key}"}
    )
    assert added.status == 201, added.text()
    return added.json()


def shown_totals(screen: Page) -> dict[str, str]:
    names = screen.locator(".totals .name").all_inner_texts()
    return dict(zip(names, screen.locator(".totals .points").all_inner_texts(), strict=True))


def font_px(screen: Page, selector: str) -> float:
    return float(screen.locator(selector).first.evaluate("(element) => parseFloat(getComputedStyle(element).fontSize)"))


def within(screen: Page, selector: str, size: dict[str, int]) -> bool:
    box = screen.locator(selector).first.bounding_box()
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and (box["y"] + box["height"] <= size["height"])
    )


@pytest.mark.parametrize("spec", UNDER_WAY)
def test_the_tv_view_shows_standings_whose_deal_and_the_chart_on_one_screen_and_follows_the_game(
    page: Page, live_server: str, browser: Browser, spec: GameSpec, screenshot_dir: Any
) -> None:
    sample = under_way(spec)
    game_id, key = played(page, live_server, creation(spec, sample), sample.rounds[:-1])
    television = browser.new_context(viewport=TV)
    screen = television.new_page()
    screen.goto(f"{live_server}/g/{game_id}/tv")
    screen.screenshot(path=str(screenshot_dir / f"tv-{spec.name}-1920.png"))
    # Whose deal and what the table does first (Queenie's chips on the queens, Hearts' pass) are on screen; a recap
    # of the last round may run below the fold.
    for part in (".totals", "#next-title", "#next-title + *", "svg.score-chart"):
        assert within(screen, part, TV), part
    assert font_px(screen, ".total .points") >= 60 and font_px(screen, "#next-title") >= 40

    seen = screen.locator("[data-watch]").get_attribute("data-version")
    state = add_round(page, live_server, game_id, key, sample.rounds[-1])  # the scorer's phone saves a round
    expect(screen.locator("[data-watch]")).not_to_have_attribute("data-version", str(seen))  # swapped in by itself
    # A total per side in a game played in sides, else per player.
    totals = {side["name"]: side["total"] for side in state.get("sides", [])} or state["totals"]
    assert shown_totals(screen) == {name: minus(total) for name, total in totals.items()}
    assert within(screen, "#next-title", TV)
    television.close()


FINISHED = [
    pytest.param(spec, next(sample for sample in spec.samples if sample.finished), id=spec.name)
    for spec in GAMES.values()
    if any(sample.finished for sample in spec.samples)
]


@pytest.mark.parametrize(("spec", "sample"), FINISHED)
def test_the_tv_view_of_a_finished_game_shows_the_result_beside_the_totals_and_the_chart(
    page: Page, live_server: str, browser: Browser, spec: GameSpec, sample: Sample, screenshot_dir: Any
) -> None:
    game_id, _key = played(page, live_server, creation(spec, sample), sample.rounds)
    television = browser.new_context(viewport=TV)
    screen = television.new_page()
    screen.goto(f"{live_server}/g/{game_id}/tv")
    for part in (".winner .big", ".totals", "svg.score-chart"):
        assert within(screen, part, TV), part
    winner_box, totals_box = screen.locator(".winner").bounding_box(), screen.locator(".totals").bounding_box()
    assert winner_box is not None and totals_box is not None
    assert winner_box["x"] >= totals_box["x"] + totals_box["width"]  # side by side, the result on the right
    screen.screenshot(path=str(screenshot_dir / f"tv-{spec.name}-finished-1920.png"))
    television.close()


@pytest.mark.parametrize("tablet", [{"width": 800, "height": 1280}, {"width": 1024, "height": 768}], ids=str)
def test_the_tv_view_on_a_tablet_fits_its_width_with_what_comes_next_before_the_chart_when_upright(
    page: Page, live_server: str, browser: Browser, tablet: dict[str, int], screenshot_dir: Any
) -> None:
    hearts = GAMES["hearts"]
    sample = under_way(hearts)
    game_id, _key = played(page, live_server, creation(hearts, sample), sample.rounds)
    context = browser.new_context(viewport=tablet, is_mobile=True, has_touch=True)
    screen = context.new_page()
    screen.goto(f"{live_server}/g/{game_id}/tv")
    assert screen.evaluate("document.documentElement.scrollWidth") <= tablet["width"]
    assert font_px(screen, ".total .points") >= 40
    assert within(screen, ".totals", tablet) and within(screen, "#next-title", tablet)
    next_box, chart_box = screen.locator(".next").bounding_box(), screen.locator("svg.score-chart").bounding_box()
    assert next_box is not None and chart_box is not None
    if tablet["height"] > tablet["width"]:
        assert next_box["y"] + next_box["height"] <= chart_box["y"]  # upright: one column, the chart last
    else:
        assert next_box["x"] >= chart_box["x"] + chart_box["width"]  # lying down: side by side
    screen.screenshot(path=str(screenshot_dir / f"tv-hearts-{tablet['width']}x{tablet['height']}.png"))
    context.close()


def test_the_tv_view_opens_from_the_watch_panel(page: Page, live_server: str) -> None:
    hearts = GAMES["hearts"]
    game_id = sample_scored_here(page, live_server, hearts, under_way(hearts))
    page.get_by_text("Watch on another phone").click()
    page.get_by_role("link", name="Show on a TV or a tablet").click()
    expect(page).to_have_url(f"{live_server}/g/{game_id}/tv")
    expect(page.locator("#next-title")).to_be_visible()
    page.get_by_role("link", name="Back to the table").click()
    expect(page).to_have_url(f"{live_server}/g/{game_id}")
