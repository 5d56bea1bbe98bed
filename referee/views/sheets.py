"""Paper and pictures: the printed score sheet of a game, blank sheets, and the score chart.

The score sheet and the blank sheets are standalone black-on-white pages
(``templates/sheets/``, styled by ``static/print.css``) with no navigation and
no buttons: the browser's Print command gives the paper. The chart is drawn
server-side by :mod:`referee.chart` and offered to every template as
``score_chart(stored, standings)``. A sheet is made once per version; each round's rows once, and
kept for the versions after (:func:`sheet_rows`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import Blueprint, abort, current_app, render_template, request
from flask_babel import format_date, gettext
from markupsafe import Markup

from .. import i18n, store
from ..cache import GameCache, VersionedCache
from ..chart import line_chart
from ..games.base import Game, Option, RoundResult, Setup, Standings
from ..games.fields import posted_count
from ..games.spec import GameSpec
from ..gamestate import CACHED_ROUNDS
from ..registry import GAMES
from ..words import minus
from .access import game_or_404, head_or_404
from .rendering import shared_prefix

bp = Blueprint("sheets", __name__)

SEATS = "ABCDEFGHIJKL"

# Bounded by size: the characters of the sheets kept (about as many bytes), some 16 MB, the newest of each game.
_sheets: GameCache[str] = GameCache(16_000_000, weigh=len)


def chart_lines(spec: GameSpec, setup: Setup, standings: Standings) -> list[tuple[str, list[int]]]:
    """Each player's running total, from what they start with (chips, or 0); in a game played in
    sides, each side's."""
    start = spec.chart.start(setup)
    if standings.sides:
        by_side = [{side.name: side.total for side in result.sides} for result in standings.rounds]
        return [(side.name, [start, *[after[side.name] for after in by_side]]) for side in standings.sides]
    totals = [result.totals for result in standings.rounds]
    return [(player, [start, *[after[player] for after in totals]]) for player in setup.players]


@dataclass(frozen=True)
class _ChartLines:
    """A game's chart lines (:func:`chart_lines`) at one version, the rounds' results they come from, and
    the lowest and the highest of their values."""

    results: tuple[RoundResult, ...]
    lines: tuple[tuple[str, list[int]], ...]
    bounds: tuple[int, int]


# The chart lines last drawn of each game: a version that shares its first rounds' results with them (a round
# added, the last undone) takes their values and adds those of its own rounds. Bounded in rounds, like the
# derived state; a game's lines replace its last.
_chart_lines: VersionedCache[_ChartLines] = VersionedCache(CACHED_ROUNDS, weigh=lambda kept: len(kept.results) + 1)


def _lines_of(stored: store.StoredGame, spec: GameSpec, standings: Standings) -> _ChartLines:
    """:func:`chart_lines` of the game as stored (and their bounds), extended from the lines last drawn of it:
    a round added costs its own values (and a round undone the bounds looked for again)."""
    results = standings.rounds
    kept = _chart_lines.get(stored.id)
    names = [side.name for side in standings.sides] if standings.sides else list(stored.setup.players)
    bounds: tuple[int, int] | None = None
    if kept is None or [name for name, _values in kept.lines] != names:
        lines = tuple(chart_lines(spec, stored.setup, standings))
    else:
        shared = shared_prefix(kept.results, results)
        added = results[shared:]
        totals: list[Mapping[str, int]]
        if standings.sides:
            totals = [{side.name: side.total for side in result.sides} for result in added]
        else:
            totals = [result.totals for result in added]
        lines = tuple(
            (name, [*values[: shared + 1], *[after[name] for after in totals]]) for name, values in kept.lines
        )
        if shared == len(kept.results):  # only rounds added: the bounds kept, and their values'
            new = [after[name] for after in totals for name in names]
            bounds = (min([kept.bounds[0], *new]), max([kept.bounds[1], *new]))
    if bounds is None:
        bounds = (min(min(values) for _name, values in lines), max(max(values) for _name, values in lines))
    drawn = _ChartLines(results, lines, bounds)
    _chart_lines.put(stored.id, drawn)
    return drawn


# The charts drawn, by (game, version, language, chart id), bounded by size in characters: some 16 MB.
_charts: GameCache[Markup] = GameCache(16_000_000, weigh=len)


def score_chart(stored: store.StoredGame, standings: Standings, chart_id: str = "score-chart") -> Markup:
    """The inline SVG chart of a game with at least one round (empty otherwise), drawn once per version."""
    if not standings.rounds:
        return Markup("")
    spec = GAMES[stored.game]
    if standings is not stored.standings():  # not the game as stored: drawn, not kept
        return _draw_chart(stored, spec, standings, chart_lines(spec, stored.setup, standings), None, chart_id)
    variant = (i18n.language(), chart_id)

    def draw() -> Markup:
        drawn = _lines_of(stored, spec, standings)
        return _draw_chart(stored, spec, standings, drawn.lines, drawn.bounds, chart_id)

    return _charts.get_or_make(stored.id, stored.version, draw, variant)


def _draw_chart(
    stored: store.StoredGame,
    spec: GameSpec,
    standings: Standings,
    lines: Sequence[tuple[str, list[int]]],
    bounds: tuple[int, int] | None,
    chart_id: str,
) -> Markup:
    totals = ", ".join(f"{name} {minus(values[-1])}" for name, values in lines)
    line = spec.chart.line(stored.setup)
    svg = line_chart(
        lines,
        title=spec.words(i18n.gettext, "running", 0),
        description=i18n.gettext(spec.words.after) % {"number": len(standings.rounds), "totals": totals},
        x_label=i18n.gettext(spec.words.noun),
        y_label=i18n.gettext(spec.chart.counted),
        reference=None if line is None else (line.value, i18n.gettext(line.label) % dict(line.params)),
        chart_id=chart_id,
        bounds=bounds,
    )
    return Markup(svg)  # safe: line_chart escapes every name and word it writes


bp.add_app_template_global(score_chart, "score_chart")


def chart_section(stored: store.StoredGame, standings: Standings) -> Markup:
    """The chart under its heading, for the table page and the TV view (none before the first round)."""
    if not standings.rounds:
        return Markup("")
    html = (
        '<section class="score-chart-section" aria-labelledby="chart-title">\n<h2 id="chart-title">',
        i18n.markup_gettext("Score chart"),
        "</h2>\n",
        score_chart(stored, standings),
        "\n</section>\n",
    )
    return Markup("".join(html))  # every part markup already


@dataclass(frozen=True)
class _SheetRows:
    """The rounds of a game's sheet at one version: each round's result, its plan, and its rows' HTML."""

    results: tuple[RoundResult, ...]
    plans: tuple[Any, ...]
    html: tuple[str, ...]


# The rows last rendered of each game, by game and language: whatever versions came between, they serve
# for every round whose result is still the very same object with the same plan. Bounded in rounds, like
# the derived state; a game's rows replace its last.
_sheet_rows: VersionedCache[_SheetRows] = VersionedCache(CACHED_ROUNDS, weigh=lambda rows: len(rows.html) + 1)


def sheet_rows(
    stored: store.StoredGame,
    spec: GameSpec,
    game_sheet: Any,
    standings: Standings,
    plans: Sequence[Any],
    sides: Sequence[Any],
    columns: int,
) -> Markup:
    """The rounds of the score sheet (``sheets/rounds.html``), each rendered once: the rows last rendered
    in the same language, at any version, serve for every round whose result is the very same object
    with the same plan (a round added or the last undone keeps the others'), so the sheet after a write
    renders one, even when it was not printed at the versions between."""
    body = current_app.jinja_env.get_template("sheets/rounds.html").module.round_body  # type: ignore[attr-defined]
    results = standings.rounds
    planned = tuple(plans) if plans else (None,) * len(results)

    def rendered(start: int) -> tuple[str, ...]:
        return tuple(
            str(body(stored, spec, game_sheet, result, plan, sides, columns))
            for result, plan in zip(results[start:], planned[start:], strict=True)
        )

    if standings is not stored.standings():  # not the game as stored: rendered, not kept
        return Markup("\n".join(rendered(0)))
    key = (stored.id, i18n.language())
    previous = _sheet_rows.get(key)
    shared = 0
    if previous is not None:
        shared = shared_prefix(previous.results, results)
        shared = next((index for index in range(shared) if previous.plans[index] != planned[index]), shared)
    rows = _SheetRows(results, planned, (previous.html[:shared] if previous is not None else ()) + rendered(shared))
    _sheet_rows.put(key, rows)
    return Markup("\n".join(rows.html))


bp.add_app_template_global(sheet_rows, "sheet_rows")


def _value_words(option: Option, value: Any) -> str:
    if value is None:
        return gettext(option.none_label)
    if option.kind == "bool":
        return gettext("yes") if value else gettext("no")
    if option.kind == "choice":
        for choice, label in option.choices:
            if choice == value and type(choice) is type(value):
                return gettext(label)
    if option.kind == "names":
        return ", ".join(value)
    return str(value)


def option_lines(stored: store.StoredGame, spec: GameSpec) -> list[tuple[str, str]]:
    """(label, value in words) for the options that matter on paper."""
    options = dict(stored.setup.options)
    paper = spec.paper
    lines = []
    for option in spec.rules.options:
        if option.name not in options or not paper.applies(option.name, options):
            continue
        value = options[option.name]
        if option.name in paper.always_shown or value != option.default:
            lines.append((gettext(option.label), _value_words(option, value)))
    return lines


def _played_on(stored: store.StoredGame) -> str:
    try:
        return format_date(datetime.fromisoformat(stored.created), "long")
    except ValueError:
        return stored.created[:10]


def _render_sheet(game_id: str) -> str:
    stored = game_or_404(game_id)
    spec = GAMES[stored.game]
    standings = stored.standings()
    return render_template(
        "sheets/sheet.html",
        stored=stored,
        spec=spec,
        standings=standings,
        options=option_lines(stored, spec),
        played_on=_played_on(stored),
        plans=spec.paper.plans(stored.setup, standings),
    )


@bp.get("/g/<game_id>/sheet")
def sheet(game_id: str) -> str:
    """The printed score sheet; anyone who can watch the game can print it."""
    head = head_or_404(game_id)
    return _sheets.get_or_make(game_id, head.version, lambda: _render_sheet(game_id), i18n.language())


def _players_wanted(rules: Game) -> int:
    """The number of players asked for (``?players=``), or 400 for anything else."""
    raw = request.args.get("players", "")
    if raw == "":
        return max(rules.min_players, min(4, rules.max_players))
    count = posted_count(raw)
    if count is None or not rules.min_players <= count <= rules.max_players:
        abort(400)
    return count


def _blank_choices(spec: GameSpec) -> dict[str, Any]:
    """The values asked for the blank sheet (``?cycle=``…), each its option's default if absent; 400 if unknown."""
    chosen = {}
    for query, option in spec.paper.blank_choices:
        raw = request.args.get(query)
        if raw is None:
            chosen[query] = option.default
            continue
        values = [value for value, _label in option.choices if str(value) == raw]
        if not values:
            abort(400)
        chosen[query] = values[0]
    return chosen


def blank_args(stored: store.StoredGame) -> dict[str, Any]:
    """The blank sheet's query for a game in play: its player count and its choices."""
    spec = GAMES[stored.game]
    args: dict[str, Any] = {"game_name": stored.game, "players": len(stored.setup.players)}
    for query, option in spec.paper.blank_choices:
        args[query] = stored.setup.options[option.name]
    return args


bp.add_app_template_global(blank_args, "blank_args")


@bp.get("/sheets")
def blanks() -> str:
    """Choose a blank sheet to print before a game night."""
    return render_template("sheets/blanks.html", specs=GAMES)


@bp.get("/sheets/<game_name>/blank")
def blank(game_name: str) -> str:
    spec = GAMES.get(game_name)
    if spec is None:
        abort(404)
    seats = tuple(SEATS[: _players_wanted(spec.rules)])
    return render_template(
        f"{game_name}/blank.html",
        rules=spec.rules,
        paper=spec.paper,
        seats=seats,
        blank=spec.paper.blank(seats, _blank_choices(spec)),
    )
