"""The score chart as Chromium draws it: the lines, drawn in their own unit under one scale, land on
the very pixels of the values, with the strokes and dashes of the picture, in both colour schemes."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from referee.chart import DASHES, _frame, line_chart

pytestmark = pytest.mark.browser

LINES = [
    ("Ann", [0, 13, 16, 42, 45, 49]),
    ("Bob", [0, 3, 29, 32, 35, 61]),
    ("Chloé", [0, 4, 7, 10, 36, 40]),
    ("Denis", [0, 6, 14, 18, 55, 58]),
]

GEOMETRY = """svg => [...svg.querySelectorAll('path[data-player]')].map(line => {
  const ctm = line.getCTM(), length = line.getTotalLength();
  const at = l => { const p = line.getPointAtLength(l); return [ctm.a * p.x + ctm.e, ctm.d * p.y + ctm.f]; };
  const style = getComputedStyle(line);
  return {start: at(0), end: at(length), width: ctm.a * parseFloat(style.strokeWidth),
          dash: style.strokeDasharray === 'none' ? []
            : style.strokeDasharray.split(',').map(d => ctm.a * parseFloat(d)),
          stroke: style.stroke};
})"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_lines_land_on_their_values_with_the_strokes_of_the_picture(browser: Browser, scheme: str) -> None:
    words = {"title": "Totals", "description": "After 5", "x_label": "hand", "y_label": "points"}
    svg = line_chart(LINES, reference=(50, "50"), **words)
    frame = _frame(LINES, (50, "50"))
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    page = context.new_page()
    colours = "color: #eee; background: #111" if scheme == "dark" else "color: #111; background: #fff"
    page.set_content(f"<body style='margin: 0; {colours}'><div style='width: 360px'>{svg}</div></body>")
    drawn = page.locator("svg").evaluate(GEOMETRY)
    assert len(drawn) == len(LINES)
    for seat, ((_name, values), line) in enumerate(zip(LINES, drawn, strict=True)):
        # Shown at 360 pixels wide, one unit of the picture is one pixel: within an eighth of a pixel.
        assert line["start"] == pytest.approx([frame.x(0), frame.y(values[0])], abs=0.125)
        assert line["end"] == pytest.approx([frame.x(len(values) - 1), frame.y(values[-1])], abs=0.125)
        assert line["width"] == pytest.approx(1.6, abs=0.01)
        assert line["dash"] == pytest.approx([float(length) for length in DASHES[seat].split()], abs=0.01)
        assert line["stroke"] == page.evaluate("getComputedStyle(document.body).color")  # currentColor
    markers = page.locator("svg > g:not([transform]) path[stroke-width='7.5']").bounding_box()
    assert markers is not None and markers["height"] > 10  # Ann's dots, from her start to her name
    context.close()
