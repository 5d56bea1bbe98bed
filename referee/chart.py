"""The score chart: every player's running total per round as a small inline SVG line chart.

Pure: numbers and already-translated words in, an SVG string out (no Flask).
It stays legible in black and white and in both themes: everything is drawn in
``currentColor`` with presentation attributes (no ``style``, which the CSP
forbids), each player has their own dash pattern and marker shape, and each
line ends with the player's name beside the same marker. Every name and word
is escaped.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from .words import minus

WIDTH, HEIGHT = 360, 226
TOP, BOTTOM, LEFT = 24, 34, 34  # room for the unit above, the rounds below, the values on the left
FONT = 12
MARK = 3.2
LABEL_GAP = 7
LONGEST_LABEL = 14
MOST_MARKS = 16

# One style per seat (7 players at most): dash pattern, marker shape, filled marker.
DASHES = ("", "7 4", "2 3", "10 3 2 3", "4 2", "12 3 2 3 2 3", "1 5")
MARKERS = ("circle", "square", "triangle", "diamond", "plus", "cross", "down")
FILLED = (True, False, True, False, False, False, False)


def _n(value: float) -> str:
    """A coordinate written short: one decimal at most, no trailing zero."""
    text = f"{value:.1f}"
    if text[-1] != "0":
        return text
    text = text[:-2]  # "12.0" -> "12"
    return "0" if text == "-0" else text


_WHOLE = re.compile(r"\.0 ")
_MINUS_ZERO = re.compile(r"(?<![^ ])-0 ")


def _written(values: Sequence[float]) -> list[str]:
    """Many coordinates written as :func:`_n` writes each, in one formatting pass (a line has hundreds)."""
    if not values:
        return []
    text = ("%.1f " * len(values)) % tuple(values)
    return _MINUS_ZERO.sub("0 ", _WHOLE.sub(" ", text)).split()


def nice_step(span: float, ticks: int = 6) -> int:
    """A round step between values (1, 2 or 5 times a power of ten) giving about ``ticks`` intervals."""
    raw = max(span / ticks, 1)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(factor * power for factor in (1, 2, 5, 10) if factor * power >= raw))


def round_step(rounds: int, width: float) -> int:
    """Number every round, or every 2nd, 5th, 10th… so that the numbers under the axis never touch."""
    room = len(str(rounds)) * FONT * 0.6 + 6
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500):
        if width * step / max(rounds, 1) >= room:
            return step
    return 1000


def marker_path(shape: str, x: float, y: float, size: float = MARK) -> str:
    """The outline of one marker centred on (x, y), as path data."""
    r, d = _n(size), _n(2 * size)
    if shape == "circle":
        return f"M{_n(x - size)} {_n(y)}a{r} {r} 0 1 0 {d} 0a{r} {r} 0 1 0 -{d} 0Z"
    if shape == "square":
        side = size * 1.7
        return f"M{_n(x - side / 2)} {_n(y - side / 2)}h{_n(side)}v{_n(side)}h{_n(-side)}Z"
    if shape in ("triangle", "down"):
        tip = -1 if shape == "triangle" else 1
        base = _n(y - tip * size * 0.8)
        return f"M{_n(x)} {_n(y + tip * size * 1.2)}L{_n(x + size * 1.1)} {base}L{_n(x - size * 1.1)} {base}Z"
    if shape == "diamond":
        reach = size * 1.3
        return f"M{_n(x)} {_n(y - reach)}L{_n(x + reach)} {_n(y)}L{_n(x)} {_n(y + reach)}L{_n(x - reach)} {_n(y)}Z"
    if shape == "plus":
        reach = size * 1.3
        return f"M{_n(x - reach)} {_n(y)}h{_n(2 * reach)}M{_n(x)} {_n(y - reach)}v{_n(2 * reach)}"
    return f"M{_n(x - size)} {_n(y - size)}l{d} {d}M{_n(x - size)} {_n(y + size)}l{d} -{d}"  # cross


def spread(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Label heights as close to ``wanted`` as possible, at least ``gap`` apart, within [low, high]."""
    order = sorted(range(len(wanted)), key=lambda index: wanted[index])
    placed = [min(max(wanted[index], low), high) for index in order]
    for index in range(1, len(placed)):
        placed[index] = max(placed[index], placed[index - 1] + gap)
    if placed and placed[-1] > high:
        placed[-1] = high
        for index in range(len(placed) - 2, -1, -1):
            placed[index] = min(placed[index], placed[index + 1] - gap)
    result = [0.0] * len(wanted)
    for rank, index in enumerate(order):
        result[index] = placed[rank]
    return result


def _short(name: str) -> str:
    return name if len(name) <= LONGEST_LABEL else name[: LONGEST_LABEL - 1] + "…"


@dataclass(frozen=True)
class _Frame:
    """Where the plot sits in the picture, and how values map onto it."""

    rounds: int
    low: int
    high: int
    step: int
    right: float
    xs: list[str] = field(default_factory=list, compare=False)  # written_xs(), made on first use

    @property
    def bottom(self) -> float:
        return HEIGHT - BOTTOM

    def x(self, index: int) -> float:
        return LEFT + (self.right - LEFT) * index / max(self.rounds, 1)

    def y(self, value: float) -> float:
        return TOP + (self.bottom - TOP) * (self.high - value) / (self.high - self.low)

    def ys(self, values: Sequence[float]) -> list[float]:
        """:meth:`y` of each value (the same arithmetic, in one pass: a line has hundreds)."""
        span, high, height = self.bottom - TOP, self.high, self.high - self.low
        return [TOP + span * (high - value) / height for value in values]

    def written_xs(self) -> list[str]:
        """Every round's x, written (:func:`_n`) once for all the lines."""
        if not self.xs:
            self.xs.extend(_written([self.x(index) for index in range(self.rounds + 1)]))
        return self.xs


def _frame(lines: Sequence[tuple[str, Sequence[int]]], reference: tuple[int, str] | None) -> _Frame:
    everything = [value for _name, values in lines for value in values]
    if reference is not None:
        everything.append(reference[0])
    step = nice_step(max(everything) - min(everything))
    low = math.floor(min(everything) / step) * step
    high = max(math.ceil(max(everything) / step) * step, low + step)
    label_width = max(len(_short(name)) for name, _values in lines) * FONT * 0.6 + LABEL_GAP + 2 * MARK + 8
    return _Frame(max(len(values) for _name, values in lines) - 1, low, high, step, WIDTH - label_width)


def _axes(frame: _Frame, x_label: str, y_label: str) -> list[str]:
    """Grid lines at each value step, the rounds along the bottom, and the two units."""
    out = ['<g class="axes" stroke="currentColor" stroke-width="0.6">']
    for value in range(frame.low, frame.high + 1, frame.step):
        opacity = "0.7" if value == 0 else "0.2"
        out.append(f'<path d="M{LEFT} {_n(frame.y(value))}H{_n(frame.right)}" stroke-opacity="{opacity}"/>')
    out.append(f'<path d="M{LEFT} {TOP}V{_n(frame.bottom)}"/>')
    x_step = round_step(frame.rounds, frame.right - LEFT)
    for index in range(0, frame.rounds + 1, x_step):
        out.append(f'<path d="M{_n(frame.x(index))} {_n(frame.bottom)}v3"/>')
    out.append('</g><g class="ticks" stroke="none">')
    for value in range(frame.low, frame.high + 1, frame.step):
        label_y = _n(frame.y(value) + FONT * 0.35)
        out.append(f'<text x="{LEFT - 4}" y="{label_y}" text-anchor="end">{minus(value)}</text>')
    for index in range(x_step, frame.rounds + 1, x_step):
        out.append(
            f'<text x="{_n(frame.x(index))}" y="{_n(frame.bottom + FONT + 3)}" text-anchor="middle">{index}</text>'
        )
    out.append(f'<text x="2" y="{FONT}">{escape(y_label)}</text>')
    middle = _n((LEFT + frame.right) / 2)
    out.append(f'<text x="{middle}" y="{HEIGHT - 4}" text-anchor="middle">{escape(x_label)}</text></g>')
    return out


def _series(frame: _Frame, seat: int, name: str, values: Sequence[int], label_y: float) -> list[str]:
    """One player's line, its markers, and their name at its end beside the same marker."""
    style = seat % len(DASHES)
    shape = MARKERS[style]
    ys = frame.ys(values)
    points = " ".join(map(",".join, zip(frame.written_xs(), _written(ys), strict=False)))
    dash = f' stroke-dasharray="{DASHES[style]}"' if DASHES[style] else ""
    every = max(1, math.ceil(frame.rounds / MOST_MARKS))
    last = len(values) - 1
    marked = sorted({*range(0, len(values), every), last})
    marks = "".join(marker_path(shape, frame.x(index), ys[index]) for index in marked)
    marks += marker_path(shape, frame.right + LABEL_GAP + MARK, label_y)
    end_x, end_y = frame.x(last), frame.y(values[last])
    out = [
        f'<g class="series series-{seat}" data-player="{escape(name)}"><title>{escape(name)}</title>',
        f'<polyline points="{points}" fill="none" stroke="currentColor" stroke-width="1.6"'
        f' stroke-linejoin="round"{dash}/>',
    ]
    if abs(label_y - end_y) > 1:  # the name was moved off its line's height: a thin leader joins them
        out.append(
            f'<path d="M{_n(end_x)} {_n(end_y)}L{_n(frame.right + LABEL_GAP - 1)} {_n(label_y)}"'
            ' stroke="currentColor" stroke-width="0.5" fill="none"/>'
        )
    fill = "currentColor" if FILLED[style] else "none"
    text_x = _n(frame.right + LABEL_GAP + 2 * MARK + 4)
    out.append(f'<path d="{marks}" stroke="currentColor" stroke-width="1.1" fill="{fill}"/>')
    out.append(f'<text x="{text_x}" y="{_n(label_y + FONT * 0.35)}">{escape(_short(name))}</text></g>')
    return out


def line_chart(
    lines: Sequence[tuple[str, Sequence[int]]],
    *,
    title: str,
    description: str,
    x_label: str,
    y_label: str,
    reference: tuple[int, str] | None = None,
    chart_id: str = "score-chart",
) -> str:
    """An SVG line chart of each (name, values) pair; values[i] is the total after round i (0: the start).

    ``reference`` is an optional (value, words) horizontal line, such as a target.
    """
    frame = _frame(lines, reference)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="score-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"'
        f' aria-labelledby="{chart_id}-title {chart_id}-desc" font-size="{FONT}" fill="currentColor">',
        f'<title id="{chart_id}-title">{escape(title)}</title><desc id="{chart_id}-desc">{escape(description)}</desc>',
        *_axes(frame, x_label, y_label),
    ]
    if reference is not None:
        y = _n(frame.y(reference[0]))
        out.append(
            f'<g class="reference"><path d="M{LEFT} {y}H{_n(frame.right)}" stroke="currentColor" stroke-width="1"'
            f' stroke-dasharray="1 2"/><text x="{LEFT + 3}" y="{_n(frame.y(reference[0]) - 3)}"'
            f' font-size="{FONT - 1}">{escape(reference[1])}</text></g>'
        )
    labels = spread([frame.y(values[-1]) for _name, values in lines], FONT + 1, TOP, frame.bottom)
    for seat, (name, values) in enumerate(lines):
        out += _series(frame, seat, name, values, labels[seat])
    out.append("</svg>")
    return "".join(out)


BAR_ROW, BAR_HEIGHT, BAR_TOP = 26, 14, 26  # one player per row; room for the legend above


def bar_chart(
    rows: Sequence[tuple[str, int, int]],
    *,
    title: str,
    description: str,
    won_label: str,
    played_label: str,
    chart_id: str = "wins-chart",
) -> str:
    """An SVG bar chart of each (name, won, played): an outline as long as the games played, filled as
    far as the games won, and "won / played" at its end. Same style as :func:`line_chart`: currentColor,
    presentation attributes only, every word escaped."""
    most = max([played for _name, _won, played in rows] + [1])
    label_width = max([len(_short(name)) for name, _won, _played in rows] + [4]) * FONT * 0.6 + 8
    right = WIDTH - 5 * FONT * 0.6 - 16  # room for "12 / 30"
    span = right - label_width
    height = BAR_TOP + BAR_ROW * len(rows) + 4
    second = 2 + 14 + len(won_label) * FONT * 0.6 + 16  # the legend's second entry
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bar-chart" viewBox="0 0 {WIDTH} {height}" role="img"'
        f' aria-labelledby="{chart_id}-title {chart_id}-desc" font-size="{FONT}" fill="currentColor">',
        f'<title id="{chart_id}-title">{escape(title)}</title><desc id="{chart_id}-desc">{escape(description)}</desc>',
        '<g class="legend"><rect x="2" y="6" width="10" height="10"/>'
        f'<text x="16" y="15">{escape(won_label)}</text>'
        f'<rect x="{_n(second)}" y="6.5" width="9" height="9" fill="none" stroke="currentColor"/>'
        f'<text x="{_n(second + 14)}" y="15">{escape(played_label)}</text></g>',
    ]
    for index, (name, won, played) in enumerate(rows):
        top = BAR_TOP + BAR_ROW * index
        middle = _n(top + BAR_HEIGHT / 2 + FONT * 0.35)
        out.append(
            f'<g class="bar" data-player="{escape(name)}"><title>{escape(name)}: {won} / {played}</title>'
            f'<text x="{_n(label_width - 6)}" y="{middle}" text-anchor="end">{escape(_short(name))}</text>'
            f'<rect x="{_n(label_width)}" y="{top}" width="{_n(max(span * played / most, 1))}" height="{BAR_HEIGHT}"'
            ' fill="none" stroke="currentColor" stroke-width="1"/>'
        )
        if won:
            out.append(f'<rect x="{_n(label_width)}" y="{top}" width="{_n(span * won / most)}" height="{BAR_HEIGHT}"/>')
        out.append(f'<text x="{_n(right + 6)}" y="{middle}">{won} / {played}</text></g>')
    out.append("</svg>")
    return "".join(out)
