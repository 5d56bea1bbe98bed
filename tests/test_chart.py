"""The score chart as pure SVG: exact geometry, escaping, and styles that survive black and white."""

from __future__ import annotations

import hashlib
import random
import re
import xml.etree.ElementTree as ET

import pytest

from referee.cache import forget_everything
from referee.chart import (
    _FORMS,
    DASHES,
    MARKERS,
    _decimals,
    _marker_paths,
    _n,
    _pair,
    _signed,
    line_chart,
    marker_path,
    nice_step,
    spread,
    x_scale,
)

SVG = "{http://www.w3.org/2000/svg}"


def chart(lines, **words) -> str:
    return line_chart(
        lines,
        title=words.get("title", "Running totals"),
        description=words.get("description", "After round 2"),
        x_label=words.get("x_label", "deal"),
        y_label=words.get("y_label", "points"),
        reference=words.get("reference"),
    )


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # well-formed XML, or this raises


def lines_of(svg: str) -> list[str]:
    """Each player's line, as path data in the lines' unit."""
    return [line.get("d", "") for line in parsed(svg).iter(f"{SVG}path") if line.get("data-player")]


def test_exact_points_for_a_small_game() -> None:
    svg = chart([("Ann", [0, 10, 20]), ("Bob", [0, 30, 15])])
    # 0..30 in steps of 5; the plot runs from x=34 to x=317 (room for the names) and y=192 (0) to y=24 (30).
    # The lines are drawn in points of value, 5.6 pixels each both ways, from (34, 24): 0 is 30 units down,
    # a round 141.5 pixels = 25.27 units across; x(1) = 34 + 5.6 * 25.27 = 175.5, y(10) = 24 + 5.6 * 20 = 136.
    assert '<g transform="matrix(5.6 0 0 5.6 34 24)"' in svg
    assert 'stroke-width=".2857"' in svg  # 1.6 pixels
    assert lines_of(svg) == ["M0 30l25.27-10 25.27-10", "M0 30l25.27-30 25.27 15"]
    assert 'stroke-dasharray="1.25 .7143"' in svg  # Bob's "7 4" in pixels
    # The markers, in pixels: a dot at each point and beside the name, squares for Bob.
    assert '<path d="M34 192h0m141.5-56h0m141.5-56h0m10.2 0h0" stroke-width="7.5" stroke-linecap="round"/>' in svg
    assert (
        '<path d="M31.3 189.3h5.4v5.4h-5.4zm141.5-168h5.4v5.4h-5.4zm141.5 84h5.4v5.4h-5.4zm10.2 0h5.4v5.4h-5.4z"/>'
        in svg
    )
    ticks = re.findall(r'<text y="[\d.]+">(-?\d+)</text>', svg)
    assert ticks == ["0", "5", "10", "15", "20", "25", "30"]
    assert '<g text-anchor="end" transform="translate(30)"><text y="196.2">0</text>' in svg
    # One tick under the axis at each round: dashes .6 long, 141.5 apart, from x=34 to x=317.
    assert '<path d="M33.7 193.5H317.3" stroke-width="3" stroke-dasharray=".6 140.9"/>' in svg
    # Each name sits at the end of its own line, at its last value's height.
    assert '<g transform="translate(334.4)"><text y="84.2">Ann</text><text y="112.2">Bob</text></g>' in svg
    root = parsed(svg)
    assert root.get("viewBox") == "0 0 360 226"
    assert root.get("role") == "img"
    assert root.findtext(f"{SVG}title") == "Running totals"
    assert root.get("aria-labelledby") == "score-chart-title score-chart-desc"
    assert root.findtext(f"{SVG}desc") == "After round 2"


def test_hostile_names_and_words_are_escaped() -> None:
    hostile = '<script>alert("x")</script>'
    svg = chart([(hostile, [0, 5]), ("B&B", [0, 7])], title="<b>", x_label='"quoted"', reference=(6, "<target>"))
    assert "<script>" not in svg
    assert "<b>" not in svg and "<target>" not in svg
    root = parsed(svg)
    lines = [line for line in root.iter(f"{SVG}path") if line.get("data-player")]
    assert [line.get("data-player") for line in lines] == [hostile, "B&B"]  # the parser gives the original text back
    assert [line.findtext(f"{SVG}title") for line in lines] == [hostile, "B&B"]
    assert root.findtext(f"{SVG}title") == "<b>"
    assert ">&lt;script&gt;alert…</text>" in svg  # long names are shortened beside their line


def test_every_player_has_a_different_dash_and_marker() -> None:
    lines = [(f"P{seat}", [0, seat, 2 * seat]) for seat in range(7)]
    svg = chart(lines)
    drawn = [line for line in parsed(svg).iter(f"{SVG}path") if line.get("data-player")]
    dashes = [line.get("stroke-dasharray", "") for line in drawn]
    assert len(drawn) == len(set(dashes)) == 7
    assert len(set(MARKERS)) == len(MARKERS) == len(DASHES) == 7
    shapes = {marker_path(shape, 10, 10) for shape in MARKERS}
    assert len(shapes) == 7
    assert "style=" not in svg  # the page's CSP forbids style attributes; presentation attributes only


def test_colour_comes_from_the_page_only() -> None:
    svg = chart([("Ann", [0, 1]), ("Bob", [0, 2])])
    colours = set(re.findall(r'(?:stroke|fill)="([^"]*)"', svg))
    assert colours <= {"currentColor", "none"}


def test_reference_line_and_negative_totals() -> None:
    svg = chart([("Ann", [0, -26, -10]), ("Bob", [0, 26, 40])], reference=(50, "target 50"))
    ticks = re.findall(r'<text y="[\d.]+">([-−]?\d+)</text>', svg)
    assert ticks[0] == "−40" and ticks[-1] == "60"  # the minus sign, never a hyphen
    assert '<path d="M34 124.8H317" stroke-opacity=".7"/>' in svg  # −40..60: the zero line, darker, 60 below the top
    assert (
        '<g class="reference"><path d="M34 40.8H317" stroke="currentColor" stroke-dasharray="1 2"/>'
        '<text x="37" y="37.8" font-size="11">target 50</text></g>'
    ) in svg
    assert '<g transform="matrix(1.68 0 0 1.68 34 24)"' in svg  # a point is 1.68 pixel; a round 141.5 = 84.23 points
    assert lines_of(svg) == ["M0 60l84.2 26 84.3-16", "M0 60l84.2-26 84.3-14"]


def test_one_round_and_equal_values_still_draw() -> None:
    svg = chart([("Ann", [20, 20]), ("Bob", [20, 20])])
    # 20..21: a point is 168 pixels, and the round 283 pixels = 1.6845 of them, to a thousandth (.168 pixel).
    assert '<g transform="matrix(168 0 0 168 34 24)"' in svg
    assert lines_of(svg) == ["M0 1l1.685 0", "M0 1l1.685 0"]
    root = parsed(svg)
    labels = [float(text.get("y")) for text in root.iter(f"{SVG}text") if text.text in ("Ann", "Bob")]
    assert abs(labels[0] - labels[1]) >= 12  # equal totals: the names are pushed apart, not on top of each other


def test_long_games_thin_out_the_markers_and_ticks() -> None:
    values = list(range(0, 101))
    svg = chart([("Ann", values), ("Bob", [2 * value for value in values])])
    dots = re.search(r'<path d="([^"]*)" stroke-width="7.5"', svg)
    assert dots is not None
    assert dots.group(1).count("h0") == 17  # every 7th round of 100 (15), the last one, and one beside the name
    assert len(re.findall(r'<text x="[\d.]+">\d+</text>', svg)) <= 13
    # 0..200 in steps of 40: a point is .84 pixel, a round 2.83 pixels = 3.37 units, written to a tenth.
    assert lines_of(svg)[0].startswith("M0 200l3.4-1 3.3-1 3.4-1 3.4-1 3.3-1 3.4-1 ")


def test_a_game_of_many_points_is_drawn_in_tens() -> None:
    """When a pixel holds many points, the lines' unit is ten (or a hundred…) of them: heights stay whole."""
    svg = chart([("Ann", [0, 12_345, 24_000]), ("Bob", [0, 5_000, 100])])
    # 0..25,000 in steps of 5,000: a point is .00672 pixel; ten are .0672, still finer than a fifth. The
    # plot starts at 40, leaving room for "25000" on the left.
    assert '<g transform="matrix(.0672 0 0 .0672 40 24)"' in svg
    assert lines_of(svg) == ["M0 2500l2061-1234 2061-1166", "M0 2500l2061-500 2061 490"]


def test_values_of_four_digits_and_a_sign_keep_their_minus() -> None:
    svg = chart([("Ann", [0, -2000, -1500]), ("Bob", [0, 26, 40])])
    # "−2000" is five characters of 7.2 pixels: written right-aligned 4 pixels left of the axis at 40, it
    # starts at 0, inside the picture (at 34 its minus sign fell off the left edge).
    assert '<g text-anchor="end" transform="translate(36)"><text y="196.2">−2000</text>' in svg
    assert '<path d="M40 24V192"/>' in svg


@pytest.mark.parametrize(("span", "step"), [(0, 1), (5, 1), (30, 5), (102, 20), (131, 50), (1000, 200)])
def test_nice_step(span: float, step: int) -> None:
    assert nice_step(span) == step


@pytest.mark.parametrize(
    ("wanted", "expected"),
    [
        ([50, 50], [50, 62]),
        ([10, 95], [10, 95]),
        ([99, 99, 99], [76, 88, 100]),
        ([0, 0], [5, 17]),
    ],
)
def test_spread_keeps_labels_apart_and_inside(wanted: list[float], expected: list[float]) -> None:
    assert spread(wanted, 12, 5, 100) == expected


def test_numbers_written_short() -> None:
    values = [0.0, -0.0, -0.04, 0.04, 12.0, -12.0, 12.05, 12.25, -3.2, 191.99, 317.0, -0.5, 100.0]
    assert [_n(value) for value in values] == [
        *("0", "0", "0", "0", "12", "-12", "12.1", "12.2", "-3.2", "192", "317", "-0.5", "100")
    ]
    assert [_decimals(value, 2) for value in (0.0, -0.001, 0.5, -0.5, 20.0, 12.80, 26.264)] == [
        *("0", "0", ".5", "-.5", "20", "12.8", "26.26")
    ]
    assert _signed([-3, 4, 0, -17]) == ["-3", " 4", " 0", "-17"]  # each with the separator it needs
    assert [_pair(269, -63), _pair(35, 64), _pair(-5, 0), _pair(0, -5)] == ["26.9-6.3", "3.5 6.4", "-.5 0", "0-.5"]


@pytest.mark.parametrize("shape", MARKERS)
def test_markers_are_placed_one_after_the_other(shape: str) -> None:
    """Each marker is moved to from where the one before stopped: drawn alone or after others, the same."""
    spots = [(34.0, 192.0), (175.5, 136.04), (3.2, 3.2), (317.0, -0.01)]
    together = _marker_paths(shape, spots)
    alone = [marker_path(shape, x, y) for x, y in spots]
    assert together.startswith(alone[0])
    assert together.count(_FORMS[shape, False].path) == len(spots)
    assert marker_path("circle", 10, 10) == "M6.8 10a3.2 3.2 0 1 0 6.4 0 3.2 3.2 0 1 0-6.4 0"
    assert marker_path("circle", 10, 10, filled=True) == "M10 10h0"  # a dot, drawn as a round cap
    assert marker_path("triangle", 10, 10) == "M10 6.2l3.5 6.4h-7z"
    assert _marker_paths("square", [(10, 10), (20, 5)]) == "M7.3 7.3h5.4v5.4h-5.4zm10-5h5.4v5.4h-5.4z"
    assert _marker_paths("plus", [(10, 10), (20, 5)]) == "M5.8 10h8.4m-4.2-4.2v8.4m5.8-9.2h8.4m-4.2-4.2v8.4"


def test_the_x_scale_holds_rounds_in_steps_and_the_lines_fill_most_of_it() -> None:
    assert [x_scale(rounds) for rounds in (0, 1, 9, 10, 11, 12, 13, 23, 41, 58, 99, 100, 101, 121, 999)] == [
        0, 1, 9, 10, 12, 12, 15, 25, 50, 60, 100, 100, 120, 150, 1000,
    ]  # fmt: skip
    for rounds in range(1, 1000):
        assert rounds <= x_scale(rounds) <= rounds * 4 / 3  # the lines span at least three quarters of the plot
        assert x_scale(x_scale(rounds)) == x_scale(rounds)


def test_a_round_added_on_the_same_scale_moves_no_point() -> None:
    """101 and 102 rounds on a scale of 120: each line of the longer chart is the shorter one and a step."""
    short = [("Ann", list(range(0, 204, 2))), ("Bob", list(range(0, 306, 3)))]
    longer = [(name, [*values, values[-1] - 1]) for name, values in short]  # the same values' scale
    before, after = lines_of(chart(short)), lines_of(chart(longer))
    assert [line.startswith(path + " ") for path, line in zip(before, after, strict=True)] == [True, True]
    assert re.search(r'<text x="[\d.]+">120</text>', chart(short))  # the axis numbers the scale's rounds
    forget_everything()
    assert lines_of(chart(longer)) == after  # the same drawn from nothing


def test_a_line_one_round_longer_is_drawn_as_if_new() -> None:
    """The heights kept from the line one round shorter give the very chart drawn from nothing."""
    short = [("Ann", [0, 10, 20, 25]), ("Bob", [0, 30, 15, 12])]
    longer = [(name, [*values, values[-1] + 3]) for name, values in short]
    chart(short)  # keeps the heights of the short lines
    extended = chart(longer)
    forget_everything()
    assert extended == chart(longer)
    assert lines_of(extended) == [
        "M0 30l12.63-10 12.64-10 12.63-5 12.64-3",  # 0..30 in steps of 5, 5.6 pixels a point: 4 rounds in 283 px
        "M0 30l12.63-30 12.64 15 12.63 3 12.64-3",  # a round is 70.75 px = 12.634 units: rounded where they fall
    ]


# Lines shaped like each kind of game's totals: (players, start, what a round may add, the reference line).
SHAPES = {
    "hearts": (("Ann", "Bob", "Cleo", "Dan"), 0, (0, 1, 2, 3, 5, 13, 26), (100, "game over at 100")),
    "queenie": (("Ann", "Bob", "Cleo", "Dan", "Eve"), 30, (-3, -2, -1, 0, 1, 4, 8), None),
    "piquet": (("Ann", "Bob"), 0, (-40, 12, 33, 58, 104, 171), None),
    "spades": (("Ann & Cleo", "Bob & Dan"), 0, (-110, -60, 51, 72, 83, 130), (500, "500 wins")),
    "points": (("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus"), 0, (-2500, 0, 700, 1450, 3000), None),
}
LENGTHS = (1, 2, 9, 23, 58, 100, 101, 250, 999)
# The first 16 hex digits of the SHA-256 of each chart of SHAPES at each of LENGTHS, as drawn before the
# chart's markers and dashes were made once per frame (2026-11-29): the very same bytes since, but for the
# charts of 23, 58, 101 and 999 rounds, drawn since the x scale holds rounds in steps (x_scale) on a scale
# of 25, 60, 120 and 1,000 rounds, the lines and the names stopping short of its end.
DRAWN = {
    "hearts": (
        "7091522ff44f21bf",
        "55b51d8f34457096",
        "fae97bab3f29c3fe",
        "7503cffc7bcaaca3",
        "46a7f3d062f5019d",
        "cdc33aaf72c9f0ac",
        "860df4ac4247aada",
        "2ad8366416105fa5",
        "18e9848744ec4bfb",
    ),
    "queenie": (
        "8eff67bdabd314ea",
        "7a271d4cc1286fae",
        "6740ab57d821ae74",
        "1086f6f5957823ac",
        "1a74b95f6a78efd7",
        "53ac8c51e467af92",
        "a26705cd912b2432",
        "926220a3b87e05a1",
        "5b8c7b4a6e28dbd2",
    ),
    "piquet": (
        "8834f284a8dc70ed",
        "4bceef1650cd4823",
        "b75ffb4abef2f36c",
        "e047a0e3ac3e4c11",
        "92756dc66213aa1f",
        "25e302443ab74bc0",
        "7cb73d1beb56084a",
        "21ccf24d3adee823",
        "05cf71bea3040dfc",
    ),
    "spades": (
        "07f64f56b8a3efe7",
        "749881e2799ab928",
        "3d3118e0c1410329",
        "b5de681d85a7a4a6",
        "5f3aa7c3d374dd34",
        "0abfb7d05a4635e2",
        "aaa213b2b5249285",
        "f27112856ea080a3",
        "c38c290cb41da5a3",
    ),
    "points": (
        "b448c6112cc35136",
        "1639ad2ff035e434",
        "ad95fa41a5c07238",
        "f035411cf39a5206",
        "a98c36e6742c10bb",
        "b207f7ac000bba48",
        "4eea7e8089b3c484",
        "a8d584498c603bac",
        "22a71af4eba1ecd9",
    ),
}


def shaped(shape: str, rounds: int) -> list[tuple[str, list[int]]]:
    players, start, steps, _reference = SHAPES[shape]
    draw = random.Random(f"{shape}{rounds}")
    lines = []
    for name in players:
        values = [start]
        for _ in range(rounds):
            values.append(values[-1] + draw.choice(steps))
        lines.append((name, values))
    return lines


@pytest.mark.parametrize("shape", SHAPES)
def test_every_kind_of_game_and_length_is_drawn_as_before(shape: str) -> None:
    """Drawn from nothing, and as a version after a write draws it (the line one round shorter kept)."""
    for rounds, expected in zip(LENGTHS, DRAWN[shape], strict=True):
        lines = shaped(shape, rounds)
        words = {"title": "t", "description": "d", "x_label": "x", "y_label": "y", "reference": SHAPES[shape][3]}
        forget_everything()
        fresh = line_chart(lines, **words)
        if rounds > 1:  # the app draws no chart of no round
            line_chart([(name, values[:-1]) for name, values in lines], **words)
        extended = line_chart(lines, **words)
        assert extended == fresh
        assert hashlib.sha256(fresh.encode()).hexdigest()[:16] == expected, (shape, rounds)
