"""The score chart: every player's running total per round as a small inline SVG line chart.

Pure: numbers and already-translated words in, an SVG string out (no Flask).
It stays legible in black and white and in both themes: everything is drawn in
``currentColor`` with presentation attributes (no ``style``, which the CSP
forbids), each player has their own dash pattern and marker shape, and each
line ends with the player's name beside the same marker. Every name and word
is escaped.

It is sent inside every table page, so it is written short: relative path
commands (``l``, ``m``, ``h``); the lines in points of value under one *uniform*
scale (the same both ways, so that strokes, joins and dashes are the picture's:
``vector-effect="non-scaling-stroke"`` would keep them in CSS pixels instead,
thinner than the rest of the chart wherever it is shown wider than 360 pixels),
their heights whole numbers and their steps across rounded to an eighth of a
pixel; every player's markers as one path of repeated relative outlines, in
tenths of a pixel; the ticks under the axis as one dashed stroke; and whatever
several elements share (stroke, fill, anchor, offset) set once on the group
that holds them: the axes, the values, the lines (each named by data-player and
a title), the markers, the names.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from .cache import VersionedCache
from .words import minus

WIDTH, HEIGHT = 360, 226
TOP, BOTTOM, LEFT = 24, 34, 34  # room for the unit above, the rounds below, the values on the left (at least)
FONT = 12
MARK = 3.2
MARK_STROKE = 1.1
LABEL_GAP = 7
LONGEST_LABEL = 14
MOST_MARKS = 16
TICK = 3  # the length of a tick under the axis
RESOLUTION = 0.25  # the lines' points are drawn within half of this, in pixels (an eighth)

# One style per seat (7 players at most): dash pattern, marker shape, filled marker.
DASHES = ("", "7 4", "2 3", "10 3 2 3", "4 2", "12 3 2 3 2 3", "1 5")
MARKERS = ("circle", "square", "triangle", "diamond", "plus", "cross", "down")
FILLED = (True, False, True, False, False, False, False)


@functools.lru_cache(maxsize=4096)  # the same coordinates again and again: the x of each round, the heights
def _n(value: float) -> str:
    """A coordinate written short: one decimal at most, no trailing zero."""
    text = f"{value:.1f}"
    if text[-1] != "0":
        return text
    text = text[:-2]  # "12.0" -> "12"
    return "0" if text == "-0" else text


def _decimals(value: float, digits: int) -> str:
    """A length with up to ``digits`` decimals, written short: "26.26", ".6", "3"."""
    text = f"{value:.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text.startswith(("0.", "-0.")):
        text = text.replace("0.", ".", 1)
    return "0" if text == "-0" else text


def _significant(value: float) -> str:
    """A length with four significant digits, written short: "7.619", ".2857"."""
    return _decimals(float(f"{value:.4g}"), 9)


def _pair(dx: int, dy: int) -> str:
    """A point or a move counted in tenths, as path data: "26.9-6.3", "3.5 6.4", ".5 0"."""
    y = _decimals(dy / 10, 1)
    return _decimals(dx / 10, 1) + ("" if y.startswith("-") else " ") + y


def nice_step(span: float, ticks: int = 6) -> int:
    """A round step between values (1, 2 or 5 times a power of ten) giving about ``ticks`` intervals."""
    raw = max(span / ticks, 1)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(factor * power for factor in (1, 2, 5, 10) if factor * power >= raw))


def x_scale(played: int) -> int:
    """The rounds the x scale holds for a game of ``played`` rounds: as many up to ten, then the next of
    12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 120, 150… (each at most a third more than the one before),
    so that a round added to a long game moves no point already drawn (:func:`_line_path` extends each
    line kept by a step) until the game outgrows its scale, and the lines span at least three quarters
    of the plot."""
    if played <= 10:
        return played
    power = 10 ** (len(str(played - 1)) - 2)
    return next(step * power for step in (10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100) if step * power >= played)


def round_step(rounds: int, width: float) -> int:
    """Number every round, or every 2nd, 5th, 10th… so that the numbers under the axis never touch."""
    room = len(str(rounds)) * FONT * 0.6 + 6
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500):
        if width * step / max(rounds, 1) >= room:
            return step
    return 1000


@dataclass(frozen=True)
class _Form:
    """A marker's outline around its centre, counted in tenths: where the pen starts, the path data
    drawn from there (relative), and where the pen stops (a closed outline goes back to its start)."""

    start: tuple[int, int]
    path: str
    end: tuple[int, int]
    attributes: str  # how its path is drawn, beyond what the markers' group sets


def _form(shape: str, filled: bool, size: float = MARK) -> _Form:
    r = round(size * 10)
    fill = ' fill="currentColor"' if filled else ""  # the markers' group: stroke 1.1, no fill
    if shape == "circle" and filled:  # a dot: the round caps of a line of no length
        return _Form((0, 0), "h0", (0, 0), f' stroke-width="{_n(2 * size + MARK_STROKE)}" stroke-linecap="round"')
    if shape == "circle":
        arc = f"{_n(size)} {_n(size)} 0 1 0"
        return _Form((-r, 0), f"a{arc} {_pair(2 * r, 0)} {arc}{_pair(-2 * r, 0)}", (-r, 0), fill)
    if shape == "square":
        half, side = round(size * 8.5), _n(round(size * 17) / 10)
        return _Form((-half, -half), f"h{side}v{side}h-{side}z", (-half, -half), fill)
    if shape in ("triangle", "down"):
        tip = -1 if shape == "triangle" else 1
        start = (0, tip * round(size * 12))
        base = -tip * (round(size * 12) + round(size * 8))
        return _Form(start, f"l{_pair(round(size * 11), base)}h{_n(-round(size * 22) / 10)}z", start, fill)
    reach = round(size * 13)
    if shape == "diamond":
        outline = f"l{_pair(reach, reach)}{_pair(-reach, reach)}{_pair(-reach, -reach)}z"
        return _Form((0, -reach), outline, (0, -reach), fill)
    if shape == "plus":
        line = _n(2 * reach / 10)
        return _Form((-reach, 0), f"h{line}m{_pair(-reach, -reach)}v{line}", (0, reach), fill)
    d = 2 * r  # cross
    return _Form((-r, -r), f"l{_pair(d, d)}m{_pair(-d, 0)} {_pair(d, -d)}", (r, -r), fill)


_FORMS = {(shape, filled): _form(shape, filled) for shape in MARKERS for filled in (True, False)}


def _marker_paths(shape: str, points: Sequence[tuple[float, float]], filled: bool = False) -> str:
    """The outlines of markers centred on each (x, y), as one path data: the first placed, each next
    one moved to from where the one before stopped."""
    return _markers_in_tenths(shape, [round(x * 10) for x, _y in points], [round(y * 10) for _x, y in points], filled)


def _markers_in_tenths(shape: str, xs: Sequence[int], ys: Sequence[int], filled: bool) -> str:
    """:func:`_marker_paths` of the centres (xs[i], ys[i]), counted in tenths of a pixel."""
    form = _FORMS[shape, filled]
    (start_x, start_y), (end_x, end_y) = form.start, form.end
    first = f"M{_n((xs[0] + start_x) / 10)} {_n((ys[0] + start_y) / 10)}{form.path}"
    if len(xs) == 1:
        return first
    dxs = [b - a + start_x - end_x for a, b in itertools.pairwise(xs)]
    dys = [b - a + start_y - end_y for a, b in itertools.pairwise(ys)]
    return first + form.path.join(map(_move, dxs, dys)) + form.path


@functools.lru_cache(maxsize=4096)  # the same few steps between rounds, again and again
def _move(dx: int, dy: int) -> str:
    return "m" + _pair(dx, dy)


def marker_path(shape: str, x: float, y: float, filled: bool = False) -> str:
    """The outline of one marker centred on (x, y), as path data."""
    return _marker_paths(shape, [(x, y)], filled)


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


@dataclass(frozen=True, eq=False)  # one per scale (_scaled): a key by its identity, quick to hash
class _Frame:
    """Where the plot sits in the picture, and how values map onto it: ``rounds`` is what the x scale
    holds (:func:`x_scale`), the lines may stop short of it. Made once per scale (:func:`_scaled`) and
    shared by every chart drawn on it: what it works out, it keeps."""

    rounds: int
    low: int
    high: int
    step: int
    right: float
    left: float = LEFT
    marks_made: dict[int, tuple[list[int], list[int]]] = field(default_factory=dict)  # marked()

    @property
    def bottom(self) -> float:
        return HEIGHT - BOTTOM

    def x(self, index: int) -> float:
        return self.left + (self.right - self.left) * index / max(self.rounds, 1)

    def y(self, value: float) -> float:
        return TOP + (self.bottom - TOP) * (self.high - value) / (self.high - self.low)

    def ys(self, values: Sequence[float]) -> list[float]:
        """:meth:`y` of each value (the same arithmetic, in one pass: a line has hundreds)."""
        span, high, height = self.bottom - TOP, self.high, self.high - self.low
        return [TOP + span * (high - value) / height for value in values]

    @functools.cached_property
    def all_xs(self) -> tuple[float, ...]:
        """Every round's x (:meth:`x`, in one pass), made once for all the lines."""
        width, rounds = self.right - self.left, max(self.rounds, 1)
        return tuple([self.left + width * index / rounds for index in range(self.rounds + 1)])

    @functools.cached_property
    def grain(self) -> int:
        """The lines are drawn in units of ``grain`` points of value (a power of ten: 1 unless a pixel
        holds many points), so that a line's heights are whole numbers."""
        grain, pixels = 1, (self.bottom - TOP) / (self.high - self.low)
        while pixels * grain * 10 <= RESOLUTION:
            grain *= 10
        return grain

    @functools.cached_property
    def unit(self) -> str:
        """The size of the lines' unit in the picture, as written in their scale: ``grain`` points of
        value, and as wide (the scale is the same both ways, so that strokes, joins and markers are not
        distorted)."""
        return _decimals(float(f"{(self.bottom - TOP) / (self.high - self.low) * self.grain:.5g}"), 6)

    @functools.cached_property
    def x_steps(self) -> tuple[str, ...]:
        """From each round's x to the next one's, in the lines' unit, as written (no separator): made
        once for all the lines. Rounded to the fewest decimals that keep a tenth of a pixel (the steps
        of the rounded positions, so that a line ends where it should)."""
        unit = float(self.unit)
        decimals = 0
        while unit / 10**decimals > RESOLUTION:
            decimals += 1
        width = (self.right - self.left) / max(self.rounds, 1) / unit * 10**decimals
        positions = list(map(round, map(width.__mul__, range(self.rounds + 1))))
        steps = list(map(operator.sub, positions[1:], positions))
        written = {step: _decimals(step / 10**decimals, decimals) for step in set(steps)}  # two at most
        return tuple(map(written.__getitem__, steps))

    @functools.cached_property
    def every(self) -> int:
        """How many rounds apart a line's markers are: some MOST_MARKS on the scale."""
        return max(1, math.ceil(self.rounds / MOST_MARKS))

    def marked(self, length: int) -> tuple[list[int], list[int]]:
        """The rounds a line of ``length`` values is marked at (every few rounds of the scale, and its
        last) and the x of its markers in tenths of a pixel, the one beside its name last: made once
        for all the lines."""
        if length not in self.marks_made:
            marked = sorted({*range(0, length, self.every), length - 1})
            xs = self.all_xs
            tenths = [round(xs[index] * 10) for index in marked]
            self.marks_made[length] = (marked, [*tenths, round((xs[length - 1] + LABEL_GAP + MARK) * 10)])
        return self.marks_made[length]


@functools.lru_cache(maxsize=256)  # a game's scale holds for many rounds; its frame works each thing out once
def _scaled(rounds: int, low: int, high: int, step: int, right: float, left: float) -> _Frame:
    return _Frame(rounds, low, high, step, right, left)


# Each line's path data in the lines' unit, its last height and its number of values, by its frame and its
# values: a round added on the same scale (see x_scale) extends the line one round shorter by a step,
# and a round undone finds the line as it was drawn. Bounded by size: some 200,000 values.
_lines: VersionedCache[tuple[str, int, int]] = VersionedCache(200_000, weigh=lambda kept: kept[2])


def _heights_in_unit(frame: _Frame, values: Sequence[int]) -> list[int]:
    """Each value's height in the lines' unit, from the top of the plot: whole numbers."""
    high, grain = frame.high, frame.grain
    if grain == 1:
        return [high - value for value in values]
    return [round((high - value) / grain) for value in values]


def _signed(steps: Sequence[int]) -> list[str]:
    """Whole steps written for path data, each with the separator it needs after a number: " 3", "-3"."""
    return ("| " + "| ".join(map(str, steps))).replace("| -", "|-").split("|")[1:]


def _line_path(frame: _Frame, values: Sequence[int]) -> str:
    """A line's path data in the lines' unit: from its first height, a step across and up or down per
    round (``l`` then each step, space-separated), extending the same line one round shorter when it was
    drawn on the same frame."""
    key = (frame, tuple(values))
    kept = _lines.get(key)
    if kept is None:
        before = _lines.get((frame, key[1][:-1])) if len(values) > 1 else None
        if before is None:
            heights = _heights_in_unit(frame, values)
            ups = _signed(list(map(operator.sub, heights[1:], heights)))
            steps = " ".join(map(operator.add, frame.x_steps[: len(ups)], ups))
            path = f"M0 {heights[0]}" + ("l" + steps if steps else "")
            made = (path, heights[-1], len(values))
        else:
            last = _heights_in_unit(frame, values[-1:])[0]
            step = frame.x_steps[len(values) - 2] + _signed([last - before[1]])[0]
            made = (before[0] + (" " if before[2] > 1 else "l") + step, last, len(values))
        _lines.put(key, made)
        kept = made
    return kept[0]


def _frame(
    lines: Sequence[tuple[str, Sequence[int]]],
    reference: tuple[int, str] | None,
    bounds: tuple[int, int] | None = None,
) -> _Frame:
    lowest, highest = bounds or (
        min(map(min, (values for _name, values in lines))),
        max(map(max, (values for _name, values in lines))),
    )
    if reference is not None:
        lowest, highest = min(lowest, reference[0]), max(highest, reference[0])
    # The longest name as shown (``_short``: LONGEST_LABEL characters at most).
    label_chars = min(max(len(name) for name, _values in lines), LONGEST_LABEL)
    return _frame_of(max(len(values) for _name, values in lines) - 1, lowest, highest, label_chars)


@functools.lru_cache(maxsize=1024)  # a game's totals stay within a scale for many rounds: worked out once
def _frame_of(played: int, lowest: int, highest: int, label_chars: int) -> _Frame:
    """The frame of lines of ``played`` rounds between ``lowest`` and ``highest`` (the reference's value
    included), their longest name shown in ``label_chars`` characters."""
    step = nice_step(highest - lowest)
    low = math.floor(lowest / step) * step
    high = max(math.ceil(highest / step) * step, low + step)
    label_width = label_chars * FONT * 0.6 + LABEL_GAP + 2 * MARK + 8
    # The values on the left are written at the font's width: "−2000" needs more room than "−20".
    values_width = max(len(minus(low)), len(minus(high))) * FONT * 0.6 + 4
    return _scaled(
        x_scale(played),
        low,
        high,
        step,
        WIDTH - label_width,
        max(LEFT, math.ceil(values_width)),
    )


@functools.lru_cache(maxsize=256)  # the same scale serves every version of a game until its totals leave it
def _value_axis(low: int, high: int, step: int, right: float, left: float) -> tuple[str, str]:
    """The grid lines at each value step (the zero line darker), and the values beside them."""
    frame = _Frame(0, low, high, step, right, left)  # its heights only
    zero, grid, ticks = "", [], []
    for value in range(low, high + 1, step):
        y = _n(frame.y(value))
        if value == 0:
            zero = f'<path d="M{_n(left)} {y}H{_n(right)}" stroke-opacity=".7"/>'
        else:
            grid.append(f"M{_n(left)} {y}H{_n(right)}")
        ticks.append(f'<text y="{_n(frame.y(value) + FONT * 0.35)}">{minus(value)}</text>')
    lines = zero + (f'<path d="{"".join(grid)}" stroke-opacity=".2"/>' if grid else "")
    return lines, "".join(ticks)


@functools.lru_cache(maxsize=256)  # the same for every version of a game while its scale holds
def _axes(frame: _Frame, x_label: str, y_label: str) -> str:
    """Grid lines at each value step, the rounds along the bottom, and the two units."""
    left = frame.left
    grid, ticks = _value_axis(frame.low, frame.high, frame.step, frame.right, left)
    x_step = round_step(frame.rounds, frame.right - left)
    spacing = (frame.right - left) * x_step / max(frame.rounds, 1)
    last = left + spacing * (frame.rounds // x_step)
    half = 0.3  # half the axis' stroke: each tick is a dash of that stroke's width, centred on its round
    bottom = frame.bottom
    out = [
        '<g stroke="currentColor" stroke-width=".6">',
        grid,
        f'<path d="M{_n(left)} {TOP}V{_n(bottom)}"/>',
        # The ticks under the axis: one stroke as wide as a tick is long, dashed at each numbered round.
        f'<path d="M{_n(left - half)} {_n(bottom + TICK / 2)}H{_decimals(last + half, 2)}" stroke-width="{TICK}"'
        f' stroke-dasharray="{_decimals(2 * half, 1)} {_decimals(spacing - 2 * half, 3)}"/></g>',
        f'<g text-anchor="end" transform="translate({_n(left - 4)})">{ticks}</g>',
        f'<g text-anchor="middle" transform="translate(0 {_n(bottom + FONT + 3)})">',
    ]
    xs = frame.all_xs
    for index in range(x_step, frame.rounds + 1, x_step):
        out.append(f'<text x="{_n(xs[index])}">{index}</text>')
    middle = _n((left + frame.right) / 2)
    out.append(f'<text x="{middle}" y="{_n(HEIGHT - 4 - (bottom + FONT + 3))}">{escape(x_label)}</text></g>')
    out.append(f'<text x="2" y="{FONT}">{escape(y_label)}</text>')
    return "".join(out)


def _series(frame: _Frame, seat: int, name: str, values: Sequence[int], label_y: float) -> tuple[str, str, str]:
    """One player's line (named; in the lines' unit), their markers (every few rounds, and one beside
    the name, with a thin leader from the line's end when the name was moved off its height) and their
    name beside the line's end, each for its layer."""
    style = seat % len(DASHES)
    named, (form, move_x, move_y) = _named(style, name, frame.unit), _PENS[style]
    # The markers every few rounds, as kept (they stay while rounds are added), then the line's last
    # point (unless it is one of them) and the one beside the name, each moved to from the one before.
    length, every = len(values), frame.every
    marked, xs = frame.marked(length)
    path, (x, y) = _regular_markers(frame, style, tuple(values[::every]))
    end_x, end_y = frame.all_xs[length - 1], frame.y(values[-1])
    if marked[-1] % every:
        next_y = round(end_y * 10)
        path += _move(xs[-2] - x + move_x, next_y - y + move_y) + form.path
        x, y = xs[-2], next_y
    path += _move(xs[-1] - x + move_x, round(label_y * 10) - y + move_y) + form.path
    marks = f'<path d="{path}"{form.attributes}/>'
    if abs(label_y - end_y) > 1:  # the name was moved off its line's height: a thin leader joins them
        marks += f'<path d="M{_n(end_x)} {_n(end_y)}L{_n(end_x + LABEL_GAP - 1)} {_n(label_y)}" stroke-width=".5"/>'
    return (
        named[0] + _line_path(frame, values) + named[1],
        marks,
        f'<text y="{_n(label_y + FONT * 0.35)}">{named[2]}</text>',
    )


# Each seat's marker: its outline, shape and whether it is filled.
_MARKED = [(_FORMS[MARKERS[style], FILLED[style]], MARKERS[style], FILLED[style]) for style in range(len(DASHES))]
# Each seat's pen for the markers drawn after those kept: the outline, and what a move to the next one's
# centre adds (from where the outline stops to where the next one starts).
_PENS = [(form, form.start[0] - form.end[0], form.start[1] - form.end[1]) for form, _shape, _filled in _MARKED]


@functools.lru_cache(maxsize=1024)  # the few players of the games being played
def _named(style: int, name: str, unit: str) -> tuple[str, str, str]:
    """What a player's line is written between (before and after its path data), and their name as shown."""
    after = f'"{_dash(style, unit)} data-player="{escape(name)}"><title>{escape(name)}</title></path>'
    return '<path d="', after, escape(_short(name))


# The markers every few rounds of a line (path data, and where the last one stands in tenths), by frame,
# seat and the values they mark: a round added keeps them. Bounded by size: some 200,000 markers.
_regular: VersionedCache[tuple[str, tuple[int, int]]] = VersionedCache(200_000, weigh=lambda kept: kept[0].count("m"))


def _regular_markers(frame: _Frame, style: int, values: tuple[int, ...]) -> tuple[str, tuple[int, int]]:
    """The markers of ``values``, one every few rounds of ``frame`` from the first: their path data and
    the centre of the last, in tenths of a pixel."""
    key = (frame, style, values)
    kept = _regular.get(key)
    if kept is None:
        xs = [round(frame.all_xs[index * frame.every] * 10) for index in range(len(values))]
        ys = [round(y * 10) for y in frame.ys(values)]
        _form, shape, filled = _MARKED[style]
        kept = (_markers_in_tenths(shape, xs, ys, filled), (xs[-1], ys[-1]))
        _regular.put(key, kept)
    return kept


@functools.lru_cache(maxsize=256)  # a few styles by the few units of a game's scales
def _dash(style: int, unit: str) -> str:
    """The dash pattern of a seat's line, in the lines' unit (as written in their scale)."""
    if not DASHES[style]:
        return ""
    lengths = (_significant(float(length) / float(unit)) for length in DASHES[style].split())
    return f' stroke-dasharray="{" ".join(lengths)}"'


def line_chart(
    lines: Sequence[tuple[str, Sequence[int]]],
    *,
    title: str,
    description: str,
    x_label: str,
    y_label: str,
    reference: tuple[int, str] | None = None,
    chart_id: str = "score-chart",
    bounds: tuple[int, int] | None = None,
) -> str:
    """An SVG line chart of each (name, values) pair; values[i] is the total after round i (0: the start).

    ``reference`` is an optional (value, words) horizontal line, such as a target. ``bounds``, the lowest
    and the highest of all the values, if the caller knows them (they are looked for otherwise: some
    hundreds of values a line).
    Drawn in layers: the axes, the units and values, the reference, every player's line (with their
    name as data-player and title), every player's markers, and the names beside them.
    """
    frame = _frame(lines, reference, bounds)
    out = [
        _opening(chart_id),
        f'<title id="{chart_id}-title">{escape(title)}</title><desc id="{chart_id}-desc">{escape(description)}</desc>',
        _axes(frame, x_label, y_label),
    ]
    if reference is not None:
        out.append(_reference_line(frame, *reference))
    labels = spread([frame.y(values[-1]) for _name, values in lines], FONT + 1, TOP, frame.bottom)
    drawn = [_series(frame, seat, name, values, labels[seat]) for seat, (name, values) in enumerate(lines)]
    out.append(_layers(frame))
    out += [line for line, _marks, _name in drawn]
    out.append(_MARKS_LAYER)
    out += [marks for _line, marks, _name in drawn]
    out.append(_names_layer(frame, max(len(values) for _name, values in lines)))
    out += [name for _line, _marks, name in drawn]
    out.append("</g></svg>")
    return "".join(out)


@functools.lru_cache(maxsize=16)  # the few ids charts are drawn with
def _opening(chart_id: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="score-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"'
        f' aria-labelledby="{chart_id}-title {chart_id}-desc" font-size="{FONT}" fill="currentColor">'
    )


@functools.lru_cache(maxsize=256)  # the same for every version of a game while its scale holds
def _reference_line(frame: _Frame, value: int, words: str) -> str:
    y = frame.y(value)
    return (
        f'<g class="reference"><path d="M{_n(frame.left)} {_n(y)}H{_n(frame.right)}" stroke="currentColor"'
        f' stroke-dasharray="1 2"/><text x="{_n(frame.left + 3)}" y="{_n(y - 3)}" font-size="{FONT - 1}">'
        f"{escape(words)}</text></g>"
    )


_STROKE = 'stroke="currentColor" fill="none"'
# Between the lines and the markers: the lines' layer closed, the markers' opened.
_MARKS_LAYER = f'</g><g {_STROKE} stroke-width="{_n(MARK_STROKE)}">'


@functools.lru_cache(maxsize=256)  # the same for every version of a game while its scale holds
def _layers(frame: _Frame) -> str:
    """The lines' layer opened: in their unit, from the plot's corner."""
    unit = frame.unit
    return (
        f'<g transform="matrix({unit} 0 0 {unit} {_n(frame.left)} {TOP})" {_STROKE}'
        f' stroke-width="{_significant(1.6 / float(unit))}" stroke-linejoin="round">'
    )


@functools.lru_cache(maxsize=1024)  # a frame's few lengths
def _names_layer(frame: _Frame, length: int) -> str:
    """The markers' layer closed, the names' opened beside where lines of ``length`` values stop."""
    end = frame.all_xs[length - 1]
    return f'</g><g transform="translate({_n(end + LABEL_GAP + 2 * MARK + 4)})">'


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
