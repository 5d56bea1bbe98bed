"""The score chart as pure SVG: exact geometry, escaping, and styles that survive black and white."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from referee.chart import DASHES, MARKERS, line_chart, marker_path, nice_step, spread

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


def test_exact_points_for_a_small_game() -> None:
    svg = chart([("Ann", [0, 10, 20]), ("Bob", [0, 30, 15])])
    # 0..30 in steps of 5; the plot runs from x=34 to x=317 (room for the names) and y=192 (0) to y=24 (30).
    assert re.findall(r'points="([^"]*)"', svg) == ["34,192 175.5,136 317,80", "34,192 175.5,24 317,108"]
    ticks = re.findall(r'<text x="30" y="[\d.]+" text-anchor="end">(-?\d+)</text>', svg)
    assert ticks == ["0", "5", "10", "15", "20", "25", "30"]
    # Each name sits at the end of its own line, at its last value's height.
    assert '<text x="334.4" y="84.2">Ann</text>' in svg
    assert '<text x="334.4" y="112.2">Bob</text>' in svg
    root = parsed(svg)
    assert root.get("viewBox") == "0 0 360 226"
    assert root.get("role") == "img"
    assert root.findtext(f"{SVG}title") == "Running totals"


def test_hostile_names_and_words_are_escaped() -> None:
    hostile = '<script>alert("x")</script>'
    svg = chart([(hostile, [0, 5]), ("B&B", [0, 7])], title="<b>", x_label='"quoted"', reference=(6, "<target>"))
    assert "<script>" not in svg
    assert "<b>" not in svg and "<target>" not in svg
    root = parsed(svg)
    names = [group.get("data-player") for group in root.iter(f"{SVG}g") if group.get("data-player")]
    assert names == [hostile, "B&B"]  # the parser gives the original text back
    assert root.findtext(f"{SVG}title") == "<b>"
    assert ">&lt;script&gt;alert…</text>" in svg  # long names are shortened beside their line


def test_every_player_has_a_different_dash_and_marker() -> None:
    lines = [(f"P{seat}", [0, seat, 2 * seat]) for seat in range(7)]
    svg = chart(lines)
    polylines = parsed(svg).iter(f"{SVG}polyline")
    dashes = [line.get("stroke-dasharray", "") for line in polylines]
    assert len(set(dashes)) == 7
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
    ticks = re.findall(r'text-anchor="end">([-−]?\d+)</text>', svg)
    assert ticks[0] == "−40" and ticks[-1] == "60"  # the minus sign, never a hyphen
    assert "target 50" in svg
    assert 'class="reference"' in svg


def test_one_round_and_equal_values_still_draw() -> None:
    svg = chart([("Ann", [20, 20]), ("Bob", [20, 20])])
    root = parsed(svg)
    assert len(list(root.iter(f"{SVG}polyline"))) == 2
    labels = [float(text.get("y")) for text in root.iter(f"{SVG}text") if text.text in ("Ann", "Bob")]
    assert abs(labels[0] - labels[1]) >= 12  # equal totals: the names are pushed apart, not on top of each other


def test_long_games_thin_out_the_markers_and_ticks() -> None:
    values = list(range(0, 101))
    svg = chart([("Ann", values), ("Bob", [2 * value for value in values])])
    marks = re.search(r'<path d="([^"]*)" stroke="currentColor" stroke-width="1.1"', svg)
    assert marks is not None
    assert marks.group(1).count("M") <= 30
    assert len(re.findall(r'text-anchor="middle">\d+</text>', svg)) <= 13


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
