"""A game as a file and back: the JSON export (enough to rebuild it exactly), the CSV sheet, the import.

The JSON export holds what the table entered, never what was derived from it: the game, the
players in seating order, the first dealer, every option with its value and each round's stored
input. Importing it replays those inputs through the rules, so it gives the same standings.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from .games.base import N_, Event, Invalid, Problem, RoundInvalid, Setup, Standings, make_setup, stoppable
from .registry import GAMES
from .store import MAX_ROUNDS, StoredGame, checked_rounds

FORMAT = "referee-game"
FORMAT_VERSION = 1
# Written by the export for people reading the file; ignored by the import.
INFORMATIONAL = ("exported", "id", "created")
FIELDS = ("format", "format_version", "game", "players", "dealer", "options", "rounds", "stop_after", *INFORMATIONAL)
ROUND_FIELDS = ("number", "input")
# The most an import's body may weigh: what the most rounds a game holds take, not a byte count a legal
# game outgrows. A round of a compact export takes under 2 KiB (twelve names of thirty four-byte
# characters, each with its number, is the widest); twice that, plus the rest of the file.
ROUND_BYTES = 4 * 1024
IMPORT_BYTES = MAX_ROUNDS * ROUND_BYTES + 64 * 1024
# A cell starting with one of these is a formula to a spreadsheet: such text gets a leading apostrophe.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def export_data(stored: StoredGame, exported: str) -> dict[str, Any]:
    """The game as a JSON-ready dict (format version 1)."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": stored.game,
        "players": list(stored.setup.players),
        "dealer": stored.setup.players[stored.setup.dealer],
        "options": dict(stored.setup.options),
        "rounds": [
            {"number": number, "input": round_input} for number, round_input in enumerate(stored.inputs, start=1)
        ],
        # The round after which the table agreed to end the game early, in a game whose rules let it stop.
        **({} if stored.stop_after is None else {"stop_after": stored.stop_after}),
        "id": stored.id,
        "created": stored.created,
        "exported": exported,
    }


def export_json(stored: StoredGame, exported: str) -> str:
    """The export as compact JSON (no indentation: a long game stays well inside :data:`IMPORT_BYTES`)."""
    return json.dumps(export_data(stored, exported), ensure_ascii=False, separators=(",", ":")) + "\n"


def _cell(text: str) -> str:
    """Text for a spreadsheet cell: never read as a formula."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_text(
    stored: StoredGame,
    standings: Standings,
    *,
    round_header: str,
    total_header: Callable[[str], str],
    events_header: str,
    event_label: Callable[[Event], str] = Event.describe,
) -> str:
    """One row per round: its number, each player's score and running total, then the events.

    Headers and event labels come from the caller (in the reader's language). The text starts
    with a byte order mark so that spreadsheets read the names as UTF-8.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    players = stored.setup.players
    header = [_cell(round_header)]
    for name in players:
        header += [_cell(name), _cell(total_header(name))]
    writer.writerow([*header, _cell(events_header)])
    for result in standings.rounds:
        row: list[str | int] = [result.number]
        for name in players:
            row += [result.scores[name], result.totals[name]]
        row.append(_cell("; ".join(event_label(event) for event in result.events)))
        writer.writerow(row)
    return "\ufeff" + out.getvalue()


def download_name(stored: StoredGame, extension: str) -> str:
    """An ASCII file name: game, date and players, e.g. ``<game>-2025-03-01-alice-bruno-chloe.json``."""
    folded = [
        re.sub(r"[^a-z0-9]+", "-", unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower())
        for name in stored.setup.players
    ]
    names = "-".join(part.strip("-") for part in folded if part.strip("-"))[:60].strip("-") or stored.id[:8]
    return f"{stored.game}-{stored.created[:10]}-{names}.{extension}"


def parse_json_file(raw: bytes) -> Any:
    """An uploaded file's JSON, or :class:`Invalid` saying why it is not readable JSON."""
    if not raw.strip():
        raise Invalid([Problem("file", N_("Choose an exported game file (.json) to import."))])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeError as error:
        raise Invalid([Problem("file", N_("This file is not a JSON export: it is not UTF-8 text."))]) from error
    try:
        data = json.loads(text)
        # Lone surrogates such as "\ud800" parse, but are not text SQLite can store.
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except json.JSONDecodeError as error:
        raise Invalid(
            [
                Problem(
                    "file",
                    N_("This file is not valid JSON (line %(line)s, column %(column)s)."),
                    {"line": error.lineno, "column": error.colno},
                )
            ]
        ) from error
    except (UnicodeError, ValueError, RecursionError) as error:
        raise Invalid([Problem("file", N_("This file is not valid JSON."))]) from error
    return data


class Imported(NamedTuple):
    """An export as it becomes a game: its kind, setup, canonical round inputs and agreed end (or None)."""

    game: str
    setup: Setup
    inputs: list[dict[str, Any]]
    stop_after: int | None


def parse_export(data: Any) -> Imported:
    """A JSON export, checked whole, or :class:`Invalid` saying why."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Invalid([Problem("format", N_("This is not a game exported from referee."))])
    version = data.get("format_version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise Invalid(
            [
                Problem(
                    "format_version",
                    N_("This export is in format version %(version)s; this app reads version %(supported)s."),
                    {"version": "?" if version is None else str(version)[:20], "supported": FORMAT_VERSION},
                )
            ]
        )
    unknown = [str(name)[:40] for name in data if name not in FIELDS]
    if unknown:
        raise Invalid([Problem(name, N_("Unknown field %(name)s."), {"name": name}) for name in unknown])
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise Invalid([Problem("game", N_("Choose a game: %(games)s."), {"games": ", ".join(GAMES)})])
    setup = make_setup(GAMES[game].rules, data.get("players"), data.get("options"), data.get("dealer"))
    inputs = _round_inputs(data.get("rounds"))
    stop_after = _stop_after(game, data.get("stop_after"), len(inputs))
    try:
        return Imported(game, setup, checked_rounds(game, setup, inputs), stop_after)
    except RoundInvalid as error:
        raise _round_refusal(error) from error


def _stop_after(game: str, value: Any, rounds: int) -> int | None:
    """The export's agreed end (None: none), for a game whose rules let a table stop: a round from its last
    one on (the table may have agreed to finish the turn of the deal)."""
    if value is None:
        return None
    if stoppable(GAMES[game].rules) is None:
        raise Invalid([Problem("stop_after", N_("The rules of this game do not let a table end it early."))])
    least = max(rounds, 1)
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= MAX_ROUNDS:
        message = N_("stop_after must be a whole number from %(least)s (the rounds of the game) to %(most)s.")
        raise Invalid([Problem("stop_after", message, {"least": least, "most": MAX_ROUNDS})])
    return value


def _round_inputs(rounds: Any) -> list[Any]:
    if not isinstance(rounds, list):
        raise Invalid([Problem("rounds", N_("The rounds must be a list (it may be empty)."))])
    inputs = []
    for position, item in enumerate(rounds, start=1):
        where = f"rounds.{position}"
        if not isinstance(item, Mapping) or "input" not in item:
            message = N_("Round %(number)s must be an object with its number and input.")
            raise Invalid([Problem(where, message, {"number": position})])
        unknown = [str(name)[:40] for name in item if name not in ROUND_FIELDS]
        if unknown:
            raise Invalid(
                [Problem(f"{where}.{name}", N_("Unknown field %(name)s."), {"name": name}) for name in unknown]
            )
        number = item.get("number")
        if number != position or isinstance(number, bool):
            raise Invalid(
                [
                    Problem(
                        f"{where}.number",
                        N_("The round in place %(position)s is numbered %(number)s: rounds go 1, 2, 3… in order."),
                        {"position": position, "number": str(number)[:20]},
                    )
                ]
            )
        inputs.append(item["input"])
    return inputs


def _round_refusal(error: RoundInvalid) -> Invalid:
    """Which round is refused, then that round's own problems (their fields under ``rounds.<n>``)."""
    where = f"rounds.{error.number}"
    heading = Problem(where, N_("Round %(number)s cannot be imported:"), {"number": error.number})
    details = [
        Problem(where if problem.field == "round" else f"{where}.{problem.field}", problem.message, problem.params)
        for problem in error.problems
    ]
    return Invalid([heading, *details])
