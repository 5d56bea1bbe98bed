"""Paper and pictures: the printed score sheet of a game, blank sheets, and the score chart.

The score sheet and the blank sheets are standalone black-on-white pages
(``templates/sheets/``, styled by ``static/print.css``) with no navigation and
no buttons: the browser's Print command gives the paper. The chart is drawn
server-side by :mod:`referee.chart` and offered to every template as
``score_chart(stored, standings)``.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from flask import Blueprint, abort, render_template, request
from flask_babel import format_date, get_locale, gettext
from markupsafe import Markup

from .. import store
from ..cache import VersionedCache
from ..chart import line_chart
from ..db import get_db
from ..forms import posted_count
from ..games import GAMES, hearts, piquet, queenie
from ..games.base import N_, Game, Setup, Standings

bp = Blueprint("sheets", __name__)

# Options always printed on a sheet; any other option is printed when it differs from its default.
ALWAYS_SHOWN = {"hearts": ("target", "hands", "moon"), "queenie": ("start_chips", "rounds"), "piquet": ("partie",)}
# Per game: what a round is called on the chart's axis, and what is counted.
CHART_WORDS = {
    "hearts": (N_("hand"), N_("points")),
    "queenie": (N_("deal"), N_("chips")),
    "piquet": (N_("deal"), N_("points")),
}
HEARTS_BLANK_HANDS = 20
QUEENIE_BLANK_DEALS = 16
SEATS = "ABCDEFG"

_sheets: VersionedCache[str] = VersionedCache(128)
PASS_CYCLES = next(option for option in hearts.options if option.name == "pass_cycle").choices


def _load(game_id: str) -> store.StoredGame:
    try:
        return store.load_game(get_db(), game_id)
    except store.NotFound:
        abort(404)


# --- the score chart -------------------------------------------------------------------------------


def _reference(stored: store.StoredGame) -> tuple[int, str] | None:
    """A horizontal line worth drawing: the target, or Piquet's rubicon line."""
    options = stored.setup.options
    if stored.game == "hearts" and options.get("hands") is None:
        return options["target"], gettext("target %(target)s", target=options["target"])
    if stored.game == "piquet":
        if options["partie"] == "cent":
            return options["target"], gettext("target %(target)s", target=options["target"])
        return piquet.RUBICON_LINE, gettext("rubicon line %(line)s", line=piquet.RUBICON_LINE)
    return None


def chart_lines(setup: Setup, standings: Standings) -> list[tuple[str, list[int]]]:
    """Each player's running total, from what they start with: their chips (Queenie) or 0."""
    start = setup.options.get("start_chips", 0)
    return [(player, [start, *(result.totals[player] for result in standings.rounds)]) for player in setup.players]


def score_chart(stored: store.StoredGame, standings: Standings, chart_id: str = "score-chart") -> Markup:
    """The inline SVG chart of a game with at least one round (empty otherwise)."""
    if not standings.rounds:
        return Markup("")
    x_word, y_word = CHART_WORDS.get(stored.game, (N_("round"), N_("total")))
    totals = ", ".join(f"{player} {standings.totals[player]}" for player in stored.setup.players)
    svg = line_chart(
        chart_lines(stored.setup, standings),
        title=gettext("Running totals, round by round"),
        description=gettext("After round %(number)s: %(totals)s.", number=len(standings.rounds), totals=totals),
        x_label=gettext(x_word),
        y_label=gettext(y_word),
        reference=_reference(stored),
        chart_id=chart_id,
    )
    return Markup(svg)  # safe: line_chart escapes every name and word it writes


bp.add_app_template_global(score_chart, "score_chart")


# --- the printed score sheet ------------------------------------------------------------------------


def _value_words(option: Any, value: Any) -> str:
    if value is None:
        return gettext(option.none_label)
    if option.kind == "bool":
        return gettext("yes") if value else gettext("no")
    if option.kind == "choice":
        for choice, label in option.choices:
            if choice == value and type(choice) is type(value):
                return gettext(label)
    return str(value)


def _relevant(game: str, name: str, options: dict[str, Any]) -> bool:
    """Leave out options that do not apply with the others chosen."""
    if game == "hearts" and name in ("target", "exact_reset"):
        return options.get("hands") is None
    if game == "hearts" and name == "hands":
        return options.get("hands") is not None
    if game == "piquet" and name == "target":
        return options.get("partie") == "cent"
    return True


def option_lines(stored: store.StoredGame, rules: Game) -> list[tuple[str, str]]:
    """(label, value in words) for the options that matter on paper."""
    options = dict(stored.setup.options)
    lines = []
    for option in rules.options:
        if option.name not in options or not _relevant(stored.game, option.name, options):
            continue
        value = options[option.name]
        if option.name in ALWAYS_SHOWN.get(stored.game, ()) or value != option.default:
            lines.append((gettext(option.label), _value_words(option, value)))
    return lines


def _played_on(stored: store.StoredGame) -> str:
    try:
        return format_date(datetime.fromisoformat(stored.created), "long")
    except ValueError:
        return stored.created[:10]


def _render_sheet(game_id: str) -> str:
    stored = _load(game_id)
    rules = GAMES[stored.game]
    standings = stored.standings()
    plans: list[dict[str, Any]] = []
    if stored.game == "hearts":
        plans = [hearts.next_hand(stored.setup, result.number) for result in standings.rounds]
    return render_template(
        "sheets/sheet.html",
        stored=stored,
        rules=rules,
        standings=standings,
        options=option_lines(stored, rules),
        played_on=_played_on(stored),
        plans=plans,
    )


@bp.get("/g/<game_id>/sheet")
def sheet(game_id: str) -> str:
    """The printed score sheet; anyone who can watch the game can print it."""
    try:
        head = store.load_head(get_db(), game_id)
    except store.NotFound:
        abort(404)
    key = (game_id, head.version, str(get_locale()))
    return _sheets.get_or_make(key, lambda: _render_sheet(game_id))


# --- blank sheets -----------------------------------------------------------------------------------


def _players_wanted(rules: Game) -> int:
    """The number of players asked for (``?players=``), or 400 for anything else."""
    raw = request.args.get("players", "")
    if raw == "":
        return max(rules.min_players, min(4, rules.max_players))
    count = posted_count(raw)
    if count is None or not rules.min_players <= count <= rules.max_players:
        abort(400)
    return count


def _seats(count: int) -> tuple[str, ...]:
    return tuple(SEATS[:count])


def _hearts_blank(count: int) -> dict[str, Any]:
    cycle = request.args.get("cycle", "standard")
    if cycle not in {choice for choice, _label in PASS_CYCLES}:
        abort(400)
    setup = Setup(players=_seats(count), dealer=0, options={"pass_cycle": cycle, "pass_count": 3})
    removed, cards_each, first_lead = hearts.DECK_PREPARATION[count]
    return {
        "hands": [hearts.next_hand(setup, number) for number in range(1, HEARTS_BLANK_HANDS + 1)],
        "removed": removed,
        "cards_each": cards_each,
        "first_lead": first_lead,
        "cycle": cycle,
    }


def _queenie_blank(count: int) -> dict[str, Any]:
    seats = _seats(count)
    deals = count * math.ceil(QUEENIE_BLANK_DEALS / count)
    others, packet = queenie.packet_sizes(count)
    return {
        "deals": [{"number": number, "dealer": seats[(number - 1) % count]} for number in range(1, deals + 1)],
        "hands": others,
        "packet": packet,
    }


def _piquet_blank(_count: int) -> dict[str, Any]:
    setup = Setup(players=_seats(2), dealer=0, options={})
    return {
        "deals": [
            dict(piquet.roles_for_deal(setup, number), number=number)
            for number in range(1, piquet.RUBICON_MOST_DEALS + 1)
        ],
        "regular": piquet.RUBICON_DEALS,
    }


BLANKS = {"hearts": _hearts_blank, "queenie": _queenie_blank, "piquet": _piquet_blank}


@bp.get("/sheets")
def blanks() -> str:
    """Choose a blank sheet to print before a game night."""
    return render_template("sheets/blanks.html", rules=GAMES, hearts_cycles=PASS_CYCLES)


@bp.get("/sheets/<game_name>/blank")
def blank(game_name: str) -> str:
    rules = GAMES.get(game_name)
    if rules is None or game_name not in BLANKS:
        abort(404)
    count = _players_wanted(rules)
    return render_template(
        f"{game_name}/blank.html",
        rules=rules,
        seats=_seats(count),
        blank=BLANKS[game_name](count),
    )
