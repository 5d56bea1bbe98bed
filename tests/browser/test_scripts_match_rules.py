"""The rule pieces of the page scripts give what the Python rules give, on the same generated inputs.

Piquet's round.js shows a hand's combinations and the running play points live, the shared count
picker (widgets.js) fills in the blank counts (the one blank takes what is left; once the counts add
up, every blank has none), and Hearts' round.js shows the moon choice, without asking the server. Each of their
pure functions is run here in the real page, once on every generated input, and must agree
with the Python rules on every one of them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from itertools import product
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from referee.games.base import Setup
from referee.games.cards import SUITS
from referee.games.counts import effective_counts
from referee.games.hearts.form import HeartsRoundForm
from referee.games.hearts.rules import HEARTS_PER_HAND, _cards_shooter, max_players, min_players
from referee.games.piquet.play import LETTERS, standard_points
from referee.games.piquet.rules import DECK, HAND_SIZE, ROLES, TRICKS, find_point, find_sequences, find_sets, history

pytestmark = pytest.mark.browser

SEED = 20240611


def run_in_page(page: Page, function: str, inputs: list[Any]) -> list[Any]:
    """The JavaScript ``function`` on every input, in one call (JSON both ways: faster than Playwright's values)."""
    return json.loads(
        page.evaluate(f"inputs => JSON.stringify(JSON.parse(inputs).map({function}))", json.dumps(inputs))
    )


def assert_same(inputs: Sequence[Any], js: Sequence[Any], python: Sequence[Any]) -> None:
    """Every input gives the same result; the first few differences are shown."""
    assert len(js) == len(python) == len(inputs)
    differences = [
        {"input": given, "js": got, "python": wanted}
        for given, got, wanted in zip(inputs, js, python, strict=True)
        if got != wanted
    ]
    assert not differences, f"{len(differences)} of {len(inputs)} differ, first: {differences[:3]}"


# --- Piquet ---------------------------------------------------------------------------------------


@pytest.fixture
def piquet_page(page: Page, live_server: str) -> Page:
    """The deal form of a new Piquet game, which loads Piquet's round.js."""
    page.goto(live_server)
    page.get_by_role("link", name="Piquet").click()
    page.fill("#player-0", "Ann")
    page.fill("#player-1", "Bob")
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("link", name="Enter deal 1").click()
    expect(page.locator("[data-hand-toggle]")).to_be_visible()
    return page


def piquet_hands() -> list[list[str]]:
    """1,000 random hands of 12; 200 from two suits only (long sequences are rare otherwise);
    200 of 0 to 11 cards, as the picker shows them while the cards are ticked."""
    rng = random.Random(SEED)
    hands = [rng.sample(DECK, HAND_SIZE) for _ in range(1000)]
    for _ in range(200):
        suits = rng.sample(SUITS, 2)
        hands.append(rng.sample([card for card in DECK if card[1] in suits], HAND_SIZE))
    hands.extend(rng.sample(DECK, rng.randrange(HAND_SIZE)) for _ in range(200))
    return hands


def test_piquet_combinations_match_the_rules(piquet_page: Page) -> None:
    hands = piquet_hands()
    js_points = run_in_page(piquet_page, "(cards) => refereePiquet.findPoint(cards)", hands)
    js_sequences = run_in_page(piquet_page, "(cards) => refereePiquet.findSequences(cards)", hands)
    js_sets = run_in_page(piquet_page, "(cards) => refereePiquet.findSets(cards)", hands)

    points = [find_point(cards) for cards in hands]
    sequences = [find_sequences(cards) for cards in hands]
    sets = [find_sets(cards) for cards in hands]
    assert_same(
        hands, js_points, [None if point is None else {"cards": point.cards, "value": point.value} for point in points]
    )
    assert_same(hands, js_sequences, [[{"length": run.length, "top": run.top} for run in runs] for runs in sequences])
    assert_same(hands, js_sets, [[{"rank": group.rank, "count": group.count} for group in groups] for groups in sets])
    # The inputs reach every kind of combination: no point, every sequence length, trios and quatorzes.
    assert None in points
    assert {run.length for runs in sequences for run in runs} == set(range(3, 9))
    assert {group.count for groups in sets for group in groups} == {3, 4}


def python_play_points(winners: str) -> dict[str, dict[str, int]]:
    """Points and tricks by role after these tricks; the last trick's point comes with the twelfth."""
    play = history(winners)
    if len(winners) == TRICKS:
        points = standard_points(play)
    else:
        points = {role: sum(event.role == role and event.kind != "last" for event in play.events) for role in ROLES}
    return {"points": points, "tricks": dict(play.tricks)}


def test_piquet_play_points_match_the_rules(piquet_page: Page) -> None:
    # Every play (4,096) and every start of one as the tricks are ticked: 8,191 in all.
    plays = ["".join(letters) for count in range(TRICKS + 1) for letters in product("EY", repeat=count)]
    js = run_in_page(piquet_page, "(winners) => refereePiquet.playPoints(winners)", plays)
    by_role = [
        {part: {LETTERS[letter]: value for letter, value in result[part].items()} for part in ("points", "tricks")}
        for result in js
    ]
    assert_same(plays, by_role, [python_play_points(winners) for winners in plays])


# --- Hearts ---------------------------------------------------------------------------------------


def hearts_hands() -> list[tuple[list[str], int]]:
    """400 hands as typed: hearts per seat ("" for blank) and the seat that took the queen.

    Some are moons or one heart short of one; most are complete or have one blank; some have
    two blanks (filled with 0 when the others add up to 13, else left blank), or one blank with
    more than 13 typed, where the blank stays blank.
    """
    rng = random.Random(SEED)
    hands = []
    for _ in range(400):
        seats = rng.randint(min_players, max_players)
        queen = rng.randrange(seats)
        counts = [0] * seats
        moon = rng.random()
        if moon < 0.4:
            counts[queen] = HEARTS_PER_HAND
            if moon < 0.15:
                counts[queen] -= 1
                counts[rng.randrange(seats)] += 1
        else:
            for _ in range(HEARTS_PER_HAND):
                counts[rng.randrange(seats)] += 1
        blanks = rng.sample(range(seats), rng.choice([0, 1, 1, 1, 2]))
        if blanks and rng.random() < 0.25:
            typed = [seat for seat in range(seats) if seat not in blanks]
            # More than 13 typed; with a moon, sometimes a second 13.
            counts[rng.choice(typed)] = rng.choice([HEARTS_PER_HAND, rng.randint(1, HEARTS_PER_HAND)])
        hands.append(([("" if seat in blanks else str(count)) for seat, count in enumerate(counts)], queen))
    return hands


def python_hearts(texts: list[str], queen: int) -> tuple[list[int | None], int | None]:
    """The counts as the round form makes them (blanks filled in), and the moon shooter's seat."""
    setup = Setup(
        players=tuple(f"P{seat}" for seat in range(len(texts))), dealer=0, options={"jack_of_diamonds": False}
    )
    form = {f"hearts-{seat}": text for seat, text in enumerate(texts)} | {"queen": str(queen)}
    round_input = HeartsRoundForm().to_input(form, setup, None)
    counts = [round_input["hearts"][player] for player in setup.players]
    shooter = _cards_shooter(round_input)
    return counts, None if shooter is None else setup.seat(shooter)


def test_hearts_counts_and_moon_match_the_rules(page: Page, live_server: str) -> None:
    page.goto(live_server)
    page.get_by_role("link", name="Hearts").click()
    for seat, name in enumerate(["Alice", "Bruno", "Chloé", "Denis"]):
        page.fill(f"#player-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("link", name="Enter hand").click()
    assert page.locator("[data-total]").get_attribute("data-total") == str(HEARTS_PER_HAND)
    total = HEARTS_PER_HAND

    hands = hearts_hands()
    python = [python_hearts(texts, queen) for texts, queen in hands]
    typed = [texts for texts, _ in hands]
    js_counts = run_in_page(
        page, f"(texts) => refereeApp.effectiveCounts(texts.map(refereeApp.wholeNumber), {total})", typed
    )
    assert_same(typed, js_counts, [counts for counts, _ in python])

    moons = [[counts, queen] for (counts, _), (_, queen) in zip(python, hands, strict=True)]
    js_shooters = run_in_page(page, f"([counts, queen]) => refereeHearts.moonShooter(counts, queen, {total})", moons)
    assert_same(moons, js_shooters, [shooter for _, shooter in python])
    # The inputs reach every case: a blank filled in, two blanks filled with 0 (the moon typed the natural
    # way), a blank left blank, moons and no moon.
    assert any("" in texts and None not in counts for texts, (counts, _) in zip(typed, python, strict=True))
    assert any(texts.count("") >= 2 and None not in counts for texts, (counts, _) in zip(typed, python, strict=True))
    assert any(None in counts for counts, _ in python)
    assert {shooter is None for _, shooter in python} == {True, False}

    # The count picker is the same for any total a game gives it (tricks in a hand of 1 to 20 cards, say).
    rng = random.Random(SEED)
    pickers = []
    for _ in range(400):
        total = rng.randint(1, 20)
        typed = [
            rng.choice([None, None, rng.randint(0, total), rng.randint(0, total + 3)]) for _ in range(rng.randint(2, 7))
        ]
        pickers.append([typed, total])
    js_any = run_in_page(page, "([typed, total]) => refereeApp.effectiveCounts(typed, total)", pickers)
    assert_same(pickers, js_any, [effective_counts(typed, total) for typed, total in pickers])
    assert any(None in effective_counts(typed, total) for typed, total in pickers)
    assert any(None in typed and None not in effective_counts(typed, total) for typed, total in pickers)
