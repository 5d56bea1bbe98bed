"""Pages and JSON made once and kept: the table page and the round form as it opens (each from its frame),
what every phone's table page shows alike of a version, the grid's rows and a game's JSON.

Everything kept is keyed by the game's version (or by what a frame shows, which no write changes),
so nothing kept is ever stale. A version that only adds or removes rounds at the end reuses the
previous version's rows and JSON for the rounds it shares with it (:func:`shared_prefix`).
"""

from __future__ import annotations

import bisect
import operator
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from types import SimpleNamespace
from typing import Any, cast

from flask import current_app, render_template, request, session
from flask.json.provider import DefaultJSONProvider
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from .. import i18n, store
from ..cache import GameCache, VersionedCache
from ..delivery import same_body_as
from ..fastjson import sorted_ascii
from ..forms import CSRF_MARK, with_csrf
from ..games.base import RoundResult, Standings
from ..games.spec import GameSpec
from ..gamestate import CACHED_ROUNDS
from ..installed import spec_of
from .access import game_or_404
from .background import queue_token
from .state import round_state, state_without_rounds


def shared_prefix(old: Sequence[object], new: Sequence[object]) -> int:
    """How many leading items of ``new`` are the very same objects as in ``old`` (the derived results a
    version shares with the version before it: equal values are not enough, 1 and True differ in JSON)."""
    length = min(len(old), len(new))
    if all(map(operator.is_, old[:length], new[:length])):
        return length
    shared = 0
    while old[shared] is new[shared]:
        shared += 1
    return shared


# ---------------------------------------------------------------------------
# The table page


@dataclass(frozen=True)
class _Page:
    """A table page as kept: its body as answered (UTF-8: encoded once, not on every answer), and whether it holds
    :data:`CSRF_MARK` (a scorer's finished game: the rematch), put in for each phone (looked for once)."""

    body: bytes
    marked: bool


# Bounded by size: the bytes of the pages kept, some 64 MB: a scorer's and a watcher's page of 4,000 tables
# (ACTIVE_GAMES) of some 8 KB each; a write replaces its game's.
_table_pages: GameCache[_Page] = GameCache(64_000_000, weigh=lambda page: len(page.body))
_CSRF_MARK = CSRF_MARK.encode()


# ``table.html``'s ``standings`` block, written in Python (templating.standings_encoded) in UTF-8: stored, standings,
# spec and whether the phone holds the key.
Block = Callable[[store.StoredGame, Standings, GameSpec, bool], bytes]


def table_page(head: store.GameHead, scorer: bool, block: Block) -> str | bytes:
    """The game's table page for this phone (``scorer``: it holds the key), made once per version and kept.

    The same bytes for every phone alike, compressed once; a form on it (the rematch) gets this
    phone's CSRF token now. A page with flashed messages is made for this phone alone. ``block``: what the
    template's ``standings`` block calls, called here without the template.
    """
    if session.get("_flashes"):
        return with_csrf(render_template("table.html", **_table_values(head.id, scorer)))
    variant = (i18n.language(), scorer)
    page = _table_pages.get_or_make(
        head.id, head.version, lambda: _kept_page(_framed_page(_table_values(head.id, scorer), block)), variant
    )
    if page.marked:
        return page.body.replace(_CSRF_MARK, with_csrf(CSRF_MARK).encode())
    same_body_as("table", head.id, head.version, *variant)
    return page.body


def _kept_page(page: bytes) -> _Page:
    return _Page(page, _CSRF_MARK in page)


def _table_values(game_id: str, scorer: bool) -> dict[str, Any]:
    stored = game_or_404(game_id)
    return {
        "stored": stored,
        "standings": stored.standings(),
        "spec": spec_of(stored.game),
        "can_edit": scorer,
        "page_version": stored.version,
    }


def _framed_page(values: dict[str, Any], block: Block) -> bytes:
    """``table.html`` for these values in UTF-8: its ``standings`` block (``block``) and version made, the rest
    from its frame, kept per game, language, phone (scorer or watcher), script root and what the frame shows of
    the game (its kind and players): it may use nothing else (``table.html`` and ``share/panel.html`` say so)."""
    stored: store.StoredGame = values["stored"]
    key = (stored.id, i18n.language(), bool(values["can_edit"]), request.script_root, stored.game, stored.setup.players)
    standings = partial(block, stored, values["standings"], values["spec"], values["can_edit"])
    return framed_encoded("table.html", values, key, ("page_version",), {"standings": standings})


@dataclass(frozen=True)
class _Frame:
    """A page in parts, text and slots in turn (none: a page that cannot be framed), and the same in UTF-8."""

    parts: tuple[str, ...]
    encoded: tuple[bytes, ...]


# Pages' frames: a page but its blocks and values that change with every write, made once per page and what
# it shows (framed), and kept for every version after, with its UTF-8. Bounded by size: the characters of the
# frames kept, counted twice (the text and its UTF-8), some 64 MB (the table page's two frames of 4,000 tables,
# and their round forms').
_frames: VersionedCache[_Frame] = VersionedCache(64_000_000, weigh=lambda frame: 2 * sum(map(len, frame.parts)))


def _slot(name: str) -> str:
    """Where a frame leaves room for a block or a value (made of characters no rendered text holds; checked)."""
    return f"\x00{name}\x00"


def framed(name: str, values: dict[str, Any], key: tuple[Any, ...], blocks: tuple[str, ...]) -> str:
    """The template ``name`` for these values: its ``blocks`` rendered, the rest from its frame. The frame is the
    page rendered once with slots in their place, kept by ``key``, so it is never stale: ``key`` must hold
    whatever the page shows outside those blocks, and a test renders pages both ways. A block is rendered with
    the values alone: it may not use what the template sets outside it."""
    if current_app.jinja_env.auto_reload:  # templates may change while the app runs (debug): nothing kept
        return render_template(name, **values)
    template, frame = _kept_frame(name, values, key, blocks, ())
    if not frame.parts:  # a page that cannot be framed (see _frame)
        return render_template(name, **values)
    slots = {}
    context = dict(values)
    current_app.update_template_context(context)
    try:
        for block in blocks:
            rendered = template.blocks[block](template.new_context(context))
            slots[_slot(block)] = template.environment.concat(rendered)
    except Exception:
        template.environment.handle_exception()
    return "".join([slots.get(part, part) for part in frame.parts])


def framed_encoded(
    name: str,
    values: dict[str, Any],
    key: tuple[Any, ...],
    shown: tuple[str, ...],
    made: Mapping[str, Callable[[], bytes]],
) -> bytes:
    """The template ``name`` for these values in UTF-8, as :func:`framed` makes it, but for its blocks: the values
    named in ``shown`` written, the blocks in ``made`` made by their function (what the block itself calls, in
    UTF-8), the rest from its frame, kept encoded: a page after a write encodes what it makes anew alone."""
    if current_app.jinja_env.auto_reload:  # templates may change while the app runs (debug): nothing kept
        return render_template(name, **values).encode()
    _template, frame = _kept_frame(name, values, key, tuple(made), shown)
    if not frame.parts:  # a page that cannot be framed (see _frame)
        return render_template(name, **values).encode()
    slots = {_slot(value): str(escape(values[value])).encode() for value in shown}
    for block, make in made.items():
        slots[_slot(block)] = make()
    return b"".join([slots.get(part, encoded) for part, encoded in zip(frame.parts, frame.encoded, strict=True)])


def _kept_frame(
    name: str, values: dict[str, Any], key: tuple[Any, ...], blocks: tuple[str, ...], shown: tuple[str, ...]
) -> tuple[Any, _Frame]:
    """The template ``name`` and its frame for these values, kept by ``key``."""
    template = current_app.jinja_env.get_template(name)
    return template, _frames.get_or_make((name, *key), lambda: _frame(template, values, blocks, shown))


def _leaving_room(slot: str) -> Callable[[Any], Iterator[str]]:
    """A block's render function that writes its slot."""
    return lambda _context: iter((slot,))


def _frame(template: Any, values: dict[str, Any], blocks: tuple[str, ...], shown: tuple[str, ...]) -> _Frame:
    """The page in parts, text and slots in turn; none if a slot is not found once."""
    context = dict(values, **{value: Markup(_slot(value)) for value in shown})
    current_app.update_template_context(context)
    framing = template.new_context(context)
    for block in blocks:
        framing.blocks[block] = [_leaving_room(_slot(block))]
    try:
        page = template.environment.concat(template.root_render_func(framing))
    except Exception:
        template.environment.handle_exception()
    slots = [_slot(name) for name in (*blocks, *shown)]
    parts = tuple(re.split(f"({'|'.join(slots)})", page))
    if any(parts.count(slot) != 1 for slot in slots):
        return _Frame((), ())
    return _Frame(parts, tuple(part.encode() for part in parts))


# ---------------------------------------------------------------------------
# The round form as it opens (the next round's, or a correction's): nothing posted, nothing refused

# Bounded by size: the characters of the forms kept, some 64 MB (a next round's form of 4,000 tables).
_round_forms: GameCache[str] = GameCache(64_000_000, weigh=len)
# Where a kept form takes this phone's CSRF field and queue token (characters no rendered text holds).
_CSRF_SLOT = "\x00csrf\x00"
_QUEUE_SLOT = "\x00queue\x00"
# What a kept form is rendered with in place of this phone's CSRF field and queue token.
_MARKED = {"form": SimpleNamespace(csrf_token=Markup(_CSRF_SLOT)), "queue_token": lambda: Markup(_QUEUE_SLOT)}
# The CSRF field as the form itself writes it (Flask-WTF's CsrfForm).
_CSRF_FIELD = Markup('<input id="csrf_token" name="csrf_token" type="hidden" value="%s">')


def opened_form(game_id: str, version: int, number: int, render: Callable[[Mapping[str, Any]], str]) -> str:
    """The form of round ``number`` as it opens, made once per version, language and address, and kept.

    ``render(marks)`` renders it with ``marks`` in place of what the template is given for this phone
    (its CSRF field and queue token: :data:`_MARKED`), put in for each phone; ``render({})`` renders
    it for this phone alone. What the template shows depends
    on nothing else of the request (``round.html``): a form with flashed messages is made for this
    phone alone.
    """
    if session.get("_flashes") or current_app.jinja_env.auto_reload:
        return render({})
    variant = (i18n.language(), number, request.script_root, request.path)
    page = _round_forms.get_or_make(game_id, version, lambda: render(_MARKED), variant)
    mine = {_CSRF_SLOT: str(_CSRF_FIELD % generate_csrf()), _QUEUE_SLOT: str(escape(queue_token()))}
    return "".join([mine.get(part, part) for part in re.split(f"({_CSRF_SLOT}|{_QUEUE_SLOT})", page)])


def framed_form(values: dict[str, Any]) -> str:
    """``round.html`` for these values (a form as it opens, to be kept): its title and ``main`` block rendered,
    the rest (the page's head and bar) from its frame, kept per game, language, script root and address: it
    shows nothing else of the game but its kind."""
    stored: store.StoredGame = values["stored"]
    key = (stored.id, i18n.language(), request.script_root, request.path, stored.game)
    return framed("round.html", values, key, ("title", "main"))


# ---------------------------------------------------------------------------
# The grid of rounds


@dataclass(frozen=True)
class _Rows:
    """The grid rows of a game's table page at one version: each round's results and its HTML, in UTF-8."""

    results: tuple[RoundResult, ...]
    html: tuple[bytes, ...]


# The rows last rendered of each game, by game, language and phone (scorer or watcher): whatever versions
# came between, they serve for every round whose result is still the very same object (a correction
# makes new ones from it on). Bounded in rounds, like the derived state; a game's rows replace its last.
_grid_rows: VersionedCache[_Rows] = VersionedCache(CACHED_ROUNDS, weigh=lambda rows: len(rows.html) + 1)


def grid_rows(
    stored: store.StoredGame,
    standings: Standings,
    can_edit: bool,
    edit_base: str,
    correct_label: str,
    row: Callable[[RoundResult], str],
) -> bytes:
    """The rows of the round-by-round grid in UTF-8, each round's written (and encoded) once by ``row`` (which may
    use nothing of the game but the round's result and what the key below holds: the phone's role, the language,
    the correction link's address and title, the game's players and kind).

    The rows last written for the same language and the same phone (scorer or watcher), at any version,
    are reused for every round whose derived result is the very same object (a round added or the
    last undone keeps the others' results): the page after a write writes one row, not them all, even
    when no page was asked for at the versions between.
    """
    results = standings.rounds
    if standings is not stored.standings():  # not the game as stored: written, not kept
        return "\n".join(map(row, results)).encode()
    key = (stored.id, i18n.language(), bool(can_edit), edit_base, str(correct_label))
    kept = _grid_rows.get(key)
    if kept is not None and kept.results is results:
        return b"\n".join(kept.html)
    shared = shared_prefix(kept.results, results) if kept is not None else 0
    made = [row(result).encode() for result in results[shared:]]
    rows = _Rows(results, (kept.html[:shared] if kept is not None else ()) + tuple(made))
    _grid_rows.put(key, rows)
    return b"\n".join(rows.html)


# ---------------------------------------------------------------------------
# What a page shows of one round alone (a deal's summary)

# By name, language and round result: the result kept beside its HTML (a result made since with the id of
# one gone is not given its HTML). Bounded by size in characters, some 16 MB.
_round_parts: VersionedCache[tuple[RoundResult, Markup]] = VersionedCache(16_000_000, weigh=lambda kept: len(kept[1]))


def round_kept(name: str, result: RoundResult, caller: Callable[[], str]) -> Markup:
    """Jinja's ``{% call round_kept(name, result) %}body{% endcall %}``: the body rendered once per round
    result and language, for what a page shows of that round alone (Piquet's deal summary, Queenie's last
    deal): the scorer's page, the watchers' and the TV view share it, and a page after an undo finds the
    one made when that round was the last. The body may use nothing but the result, the game's setup
    and the app's globals; a correction, a replay or another game makes other results."""
    key = (name, i18n.language(), id(result))
    kept = _round_parts.get(key)
    if kept is not None and kept[0] is result:
        return kept[1]
    made = Markup(caller())
    _round_parts.put(key, (result, made))
    return made


# ---------------------------------------------------------------------------
# What every phone's page shows alike of one version (the totals, the next round's panel)

# By game, version, name, language and script root: the newest versions of each game, bounded by size in
# characters, some 32 MB (two parts of some 2 KB for 4,000 tables, and the version before).
_version_parts: GameCache[Markup] = GameCache(32_000_000, weigh=len)


def version_kept(
    name: str,
    stored: store.StoredGame,
    standings: Standings,
    spec: GameSpec,
    make: Callable[[store.StoredGame, Standings, GameSpec], Markup],
) -> Markup:
    """``make(stored, standings, spec)``, what the scorer's page, the watchers' and the TV view show alike of the game
    as stored (the totals, the next round; ``name`` tells them apart), made once per version and language: the
    first page made after a write makes it and the others find it. It may use the app's globals, nothing of the
    phone (its role, its key) nor of the request. Standings other than the stored game's are made, not kept."""
    if standings is not stored.standings() or current_app.jinja_env.auto_reload:
        return make(stored, standings, spec)
    return _version_parts.get_or_make(
        stored.id,
        stored.version,
        lambda: make(stored, standings, spec),
        (name, i18n.language(), request.script_root),
    )


# ---------------------------------------------------------------------------
# A game's JSON


@dataclass(frozen=True)
class _Answer:
    """The JSON of a game at one version, and of its rounds in runs (reused by the next version).

    ``runs`` are the rounds' JSON, each of one or more rounds in a row (comma-separated, as in the array);
    ``ends[i]`` is how many rounds ``runs[: i + 1]`` hold.
    """

    results: tuple[RoundResult, ...]
    runs: tuple[bytes, ...]
    ends: tuple[int, ...]
    body: bytes


# Bounded in rounds, like the derived state: the rounds' JSON is shared between the versions of a game.
_answers: GameCache[_Answer] = GameCache(CACHED_ROUNDS, weigh=lambda answer: len(answer.results) + 1)
# Rounds written in one call of the encoder where none are kept (a game no cache holds): a call's own cost
# (orjson's, and making its bytes ASCII) is about a round's JSON. Undoing a round of such a run writes the
# rest of it again.
_RUN = 16


def _compact_sorted() -> bool:
    """Whether the app writes JSON as :func:`game_json` assembles it (Flask's default, outside debug)."""
    provider = current_app.json
    return (
        isinstance(provider, DefaultJSONProvider)
        and bool(provider.sort_keys)
        and bool(provider.ensure_ascii)
        and not (provider.compact is False or (provider.compact is None and current_app.debug))
    )


def game_json(stored: store.StoredGame) -> bytes | None:
    """``jsonify(game_state(...))``'s body, byte for byte, made once per (game, version).

    Each round's JSON is made once: a version that only adds or removes rounds at the end (a
    round added, the last one undone) reuses the previous version's JSON of the rounds it shares
    with it (the very same derived results, as the state one play away keeps them), so the
    answer to a write costs the same at round 10 and at round 1,000. None when the app's JSON
    is not Flask's compact, sorted default (debug mode): the caller uses ``jsonify``.
    """
    if not _compact_sorted():
        return None
    return _answers.get_or_make(stored.id, stored.version, lambda: _answer(stored)).body


def _answer(stored: store.StoredGame) -> _Answer:
    standings = stored.standings()
    results = standings.rounds
    dumps = current_app.json.dumps
    previous = _answers.get(stored.id, stored.version - 1)
    runs: tuple[bytes, ...] = ()
    ends: tuple[int, ...] = ()
    if previous is not None:  # the runs of the rounds it shares with this version, whole
        kept = bisect.bisect_right(previous.ends, shared_prefix(previous.results, results))
        runs, ends = previous.runs[:kept], previous.ends[:kept]
    written = ends[-1] if ends else 0
    default = cast(DefaultJSONProvider, current_app.json).default
    for start in range(written, len(results), _RUN):
        run = results[start : start + _RUN]
        runs += (sorted_ascii([round_state(result) for result in run], default)[1:-1],)
        ends += (start + len(run),)
    state = state_without_rounds(stored, standings)
    # Sorted keys (as jsonify writes them): the rounds go between the keys before and after "rounds".
    before = {name: value for name, value in state.items() if name < "rounds"}
    after = {name: value for name, value in state.items() if name > "rounds"}
    head = b"{" + (dumps(before, separators=(",", ":"))[1:-1].encode("utf-8") + b"," if before else b"")
    tail = (b"," + dumps(after, separators=(",", ":"))[1:-1].encode("utf-8") if after else b"") + b"}\n"
    # One join, so the rounds' bytes (some 200 KB at 1,000 rounds) are copied once.
    if not runs:
        body = head + b'"rounds":[]' + tail
    elif len(runs) == 1:
        body = head + b'"rounds":[' + runs[0] + b"]" + tail
    else:
        body = b",".join([head + b'"rounds":[' + runs[0], *runs[1:-1], runs[-1] + b"]" + tail])
    return _Answer(results, runs, ends, body)
