"""Books (« carnets »): every game a phone or a group created or joined, their players' records,
the rematch of a finished game, each game's change log, and the JSON API of all that.

A phone's book is its id and key in a long-lived cookie (see :mod:`.access`); the book itself,
with the edit keys of its games, is kept server side. Opening a book on another phone (a link or
a QR code carrying its key) makes that phone a scorer of every game in it. Nothing here names a
game: each game's spec says what its records count.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import partial
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import format_datetime, format_decimal, gettext
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from .. import store
from ..cache import VersionedCache
from ..chart import bar_chart
from ..db import get_db, write_transaction
from ..extensions import csrf
from ..forms import CsrfForm
from ..games.base import N_, Invalid, Problem, only_fields
from ..games.fields import posted_count
from ..limits import creating, may_create
from ..records import GameRecord, KindRecord, PlayerRecord, figures, game_record, player_records
from ..registry import GAMES
from ..words import MINUS
from .access import (
    adopt_session_keys,
    book_for_writing,
    current_book,
    editable_or_403,
    game_or_404,
    key_for,
    use_book,
)
from .kit import json_object, problems_response
from .share import qr_data_uri

bp = Blueprint("books", __name__)

PAGE_SIZE = 50  # games on one page of a book (older ones on the next pages)

ACTIONS = {
    "add": N_("entered"),
    "edit": N_("corrected"),
    "undo": N_("undone"),
    "import": N_("imported"),
    "stop": N_("the table agreed to end the game after it"),
    "resume": N_("the agreed end taken back"),
}
"""How the change log says what happened to a round, by the audit row's action."""


bp.before_app_request(adopt_session_keys)


def _no_store(response: BaseResponse) -> BaseResponse:
    response.headers["Cache-Control"] = "no-store"
    return response


def _page(template: str, **context: Any) -> BaseResponse:
    """A page of this phone's book: for this phone only, never kept by a cache."""
    return _no_store(make_response(render_template(template, **context)))


# ---------------------------------------------------------------------------
# What a book shows of its games and players (the pages and the API alike)


def game_summary(stored: store.StoredGame) -> dict[str, Any]:
    """One game of a book: kind, players, status, winners (or leaders while playing), rounds, dates."""
    standings = stored.standings()
    leaders = [] if standings.finished else [player for place, player in standings.ranking if place == 1]
    return {
        "id": stored.id,
        "game": stored.game,
        "players": list(stored.setup.players),
        "status": standings.status,
        "winners": list(standings.winners),
        "leaders": leaders if stored.inputs else [],
        "rounds": len(stored.inputs),
        "created": stored.created,
        "updated": stored.updated,
    }


# What a book shows of its games is kept per version: each game's summary and part of the records per
# game version (small entries, kept for far more games than their rounds could be), and a book's records
# per book version (its games' ids and versions, which any write to one of them or a game filed in it
# changes). A game not kept is read with others, a few at a time, so a big book's rounds are never all
# held at once.
SUMMED_GAMES_KEPT = 20_000  # games' summaries and records, about 1 KB each: some 20 MB at most
BOOK_RECORDS_KEPT = 20_000  # books' records, weighed in games summed
GAMES_READ_AT_ONCE = 50

_summed: VersionedCache[tuple[dict[str, Any], GameRecord]] = VersionedCache(SUMMED_GAMES_KEPT)
_book_records: VersionedCache[list[PlayerRecord]] = VersionedCache(BOOK_RECORDS_KEPT)


def _summed_up(stored: store.StoredGame) -> tuple[dict[str, Any], GameRecord]:
    record = game_record(stored.game, stored.setup, stored.standings(), GAMES[stored.game])
    return game_summary(stored), record


def summed_games(versions: Sequence[tuple[str, int]]) -> list[tuple[dict[str, Any], GameRecord]]:
    """Each game's summary and part of the records, in the order given ((id, version) pairs: a page of
    a book's :func:`~referee.store.book_versions`); a game changed since is summed at its new version."""
    kept = {game_id: _summed.get((game_id, version)) for game_id, version in versions}
    missing = [game_id for game_id, summed in kept.items() if summed is None]
    for start in range(0, len(missing), GAMES_READ_AT_ONCE):
        for stored in store.load_games(get_db(), missing[start : start + GAMES_READ_AT_ONCE]):
            kept[stored.id] = _summed.get_or_make((stored.id, stored.version), partial(_summed_up, stored))
    return [summed for summed in kept.values() if summed is not None]


def book_records(book_id: str, versions: tuple[tuple[str, int], ...] | None = None) -> list[PlayerRecord]:
    """The players' records of every game in the book, once per version of the book (``versions``, its
    :func:`~referee.store.book_versions`, if already read)."""
    versions = store.book_versions(get_db(), book_id) if versions is None else versions
    return _book_records.get_or_make(
        (book_id, versions),
        lambda: player_records(record for _summary, record in summed_games(versions)),
        len(versions),
    )


def records_json(records: list[PlayerRecord]) -> dict[str, Any]:
    return {
        record.name: {
            "played": record.played,
            "won": record.won,
            "by_game": {
                kind: {"played": mine.played, "won": mine.won, **figures(GAMES[kind], mine)}
                for kind, mine in sorted(record.by_game.items())
            },
        }
        for record in records
    }


def _when(stamp: str) -> str:
    """A stored time for people, in their language (the stored text if it is not a time)."""
    try:
        return format_datetime(datetime.fromisoformat(stamp), "short")
    except ValueError:
        return stamp


def _number(value: int | float | None) -> str:
    """A record's figure in the reader's way: 7.67, « 7,67 » in French; a negative with the minus sign."""
    if value is None:
        return "–"
    return format_decimal(value, format="0.##").replace("-", MINUS)


def _positive(raw: str | None) -> int:
    """A page number from the query (1 when absent); anything else is a 404."""
    if raw is None or raw == "":
        return 1
    number = posted_count(raw) if len(raw) <= 9 else None  # (more pages than a book has; SQLite's offset fits)
    if number is None or number < 1:
        abort(404)
    return number


@bp.app_context_processor
def book_helpers() -> dict[str, Any]:
    return {"book_when": _when, "book_number": _number}


# ---------------------------------------------------------------------------
# The book's pages


@bp.get("/book")
def book_page() -> BaseResponse:
    """Every game of this phone's book, newest first, a page at a time; ``?game=`` keeps one kind."""
    kind = request.args.get("game") or None
    if kind is not None and kind not in GAMES:
        abort(404)
    number = _positive(request.args.get("page"))
    book = current_book()
    if book is None:
        return _page("books/book.html", book=None, specs=GAMES)
    counts = store.book_counts(get_db(), book.id)
    total = counts.get(kind, 0) if kind else sum(counts.values())
    games = summed_games(store.book_versions(get_db(), book.id, kind, PAGE_SIZE, (number - 1) * PAGE_SIZE))
    if number > 1 and not games:
        abort(404)
    return _page(
        "books/book.html",
        book=book,
        specs=GAMES,
        counts=counts,
        kind=kind,
        total=total,
        games=[summary for summary, _record in games],
        page=number,
        pages=max(1, -(-total // PAGE_SIZE)),
    )


@bp.get("/book/players")
def players_page() -> BaseResponse:
    """The players' records of this phone's book, with a chart of the games each won."""
    book = current_book()
    records = book_records(book.id) if book is not None else []
    chart = None
    if records:
        chart = Markup(
            bar_chart(
                [(record.name, record.won, record.played) for record in records],
                title=gettext("Games won by each player"),
                description=gettext("For each player, the games won (filled) out of the games played (outline)."),
                won_label=gettext("games won"),
                played_label=gettext("games played"),
            )
        )
    rows = [(record, _by_game(record)) for record in records]
    return _page("books/players.html", book=book, rows=rows, chart=chart, specs=GAMES)


def _by_game(record: PlayerRecord) -> list[tuple[str, KindRecord, list[tuple[str, int | float | None]]]]:
    """A player's record per kind of game, in the registry's order: (kind, record, [(label, figure)…])."""
    order = list(GAMES)
    shown = []
    for kind, mine in sorted(record.by_game.items(), key=lambda item: order.index(item[0])):
        spec = GAMES[kind]
        values = figures(spec, mine)
        stats = spec.records.stats if spec.records is not None else ()
        shown.append((kind, mine, [(stat.label, values[stat.name]) for stat in stats]))
    return shown


@bp.get("/book/share")
def share_page() -> BaseResponse:
    """Open this book on another phone: a link and QR code carrying the book's key; or stop sharing it."""
    book = current_book()
    if book is None:
        return redirect(url_for("books.book_page"), 303)
    open_url = url_for("books.open_book", book_id=book.id, key=book.key, _external=True)
    return _page("books/share.html", open_url=open_url, qr=qr_data_uri(open_url), form=CsrfForm())


@bp.post("/book/key")
def new_key() -> BaseResponse:
    """Stop sharing this book: a new key, in this phone's cookie; every earlier link and phone loses it."""
    if not CsrfForm().validate_on_submit():
        abort(400)
    book = current_book()
    if book is None:
        flash(gettext("This phone has no book yet: there is nothing to stop sharing."))
        return redirect(url_for("books.book_page"), 303)
    try:
        use_book(store.rotate_book_key(get_db(), book))
    except store.WrongKey:
        abort(403)  # its key was changed meanwhile, from another phone: this one no longer opens it
    flash(gettext("This book has a new key: the links and codes shown before open it no more."))
    return _no_store(redirect(url_for("books.share_page"), 303))


@bp.route("/book/open/<book_id>/<key>", methods=["GET", "POST"])
@may_create
def open_book(book_id: str, key: str) -> BaseResponse:
    """Open a book shared from another phone: asked first (GET), then its games are added (POST).

    Its games' keys are copied into this phone's own book: nothing of this phone's goes the other way.
    Only if the person ticks "share" does this phone put its games in the opened book and use it from
    then on (its new games too).
    """
    try:
        book = store.open_book(get_db(), book_id, key)
    except store.NotFound:
        abort(404)
    except store.WrongKey:
        return _no_store(make_response(_refusal(gettext("This link does not open this book.")), 403))
    mine = current_book()
    if mine is not None and mine.id == book.id:
        flash(gettext("This phone already uses this book."))
        return _no_store(redirect(url_for("books.book_page"), 303))
    own_games = sum(store.book_counts(get_db(), mine.id).values()) if mine is not None else 0
    form = CsrfForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        if request.form.get("share") == "yes":
            kept = store.merge_book(get_db(), mine, book) if mine is not None else 0
            use_book(book)
            flash(gettext("This phone now shares this book: its games and those made from now on are in it."))
            if kept:
                flash(gettext("This phone's games are in it too (%(count)s).", count=kept))
        else:
            with write_transaction(get_db()):  # a book made for this phone with its games, or not at all
                added = store.merge_book(get_db(), book, book_for_writing())
            flash(gettext("The games of the book you opened are in this phone's book (%(count)s).", count=added))
        return _no_store(redirect(url_for("books.book_page"), 303))
    games = sum(store.book_counts(get_db(), book.id).values())
    return _page("books/open.html", form=form, own_games=own_games, games=games)


def _refusal(message: str) -> str:
    return render_template("error.html", status=403, message=message)


# ---------------------------------------------------------------------------
# A finished game's rematch


@bp.post("/g/<game_id>/rematch")
@creating
def rematch(game_id: str) -> BaseResponse:
    """One tap on a finished game: the same players and options, the next seat deals first, in this book."""
    if not CsrfForm().validate_on_submit():
        abort(400)
    stored = editable_or_403(game_id)
    key = key_for(stored)
    assert key is not None  # editable_or_403 let this phone through with it
    try:
        with write_transaction(get_db()):  # a book made for this phone with the rematch, or not at all
            next_id, made = store.rematch(get_db(), game_id, key, book_for_writing())
    except store.Conflict as error:
        flash(error.problem.render(gettext), "warning")
        return redirect(url_for("tables.table", game_id=game_id), 303)
    if made:
        flash(gettext("Rematch: same players, same options, and the deal moves on."))
    else:
        flash(gettext("This game's rematch was already made: here it is."))
    return redirect(url_for("tables.table", game_id=next_id), 303)


# ---------------------------------------------------------------------------
# The change log


def book_letters(page: store.ChangePage) -> dict[str, str]:
    """The books that made the game's changes as letters, A, B… in the order of their first change
    (in the whole log, so a book keeps its letter on every page).

    No book id is shown anywhere in the log: whoever reads it learns nothing of anyone's book.
    """
    return {book_id: _letter(index) for index, book_id in enumerate(page.books)}


def _book_words(page: store.ChangePage) -> dict[str | None, str]:
    """Who made each change, in words: "by this phone's book" for the reader's own, else "by book A"…"""
    mine = current_book()
    words: dict[str | None, str] = {None: gettext("book not recorded")}
    for book_id, letter in book_letters(page).items():
        own = mine is not None and book_id == mine.id
        words[book_id] = gettext("by this phone's book") if own else gettext("by book %(letter)s", letter=letter)
    return words


def _letter(index: int) -> str:
    """A, B… Z, then AA, AB…"""
    word = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        word = chr(ord("A") + rest) + word
    return word


def _before() -> int | None:
    """The query's ``before``: a page of a change log ends before that change (None: the latest page).
    Anything but a position in a log (a whole number from 1) is :class:`ValueError`."""
    raw = request.args.get("before")
    if raw is None:
        return None
    position = posted_count(raw) if len(raw) <= 9 else None  # (more changes than a game has)
    if position is None or position < 1:
        raise ValueError(raw)
    return position


@bp.get("/g/<game_id>/changes")
def changes_page(game_id: str) -> BaseResponse:
    """The adds, corrections and undos of the game's rounds, newest first, a page at a time
    (``?before=``: the changes before that one), with what changed; anyone may read it."""
    stored = game_or_404(game_id)
    try:
        before = _before()
    except ValueError:
        abort(404)
    page = store.change_log(get_db(), game_id, before)
    words = _book_words(page)
    rows = [(change, words[change.book_id]) for change in reversed(page.changes)]
    return _page(
        "books/changes.html",
        stored=stored,
        spec=GAMES[stored.game],
        rows=rows,
        actions=ACTIONS,
        older=page.older,
        newest=before is not None,
    )


# ---------------------------------------------------------------------------
# The JSON API


class Refused(Exception):
    """An API refusal: status, field and message (English, marked for translation)."""

    def __init__(self, status: int, field: str, message: str):
        super().__init__(message)
        self.status = status
        self.problem = Problem(field, message)


@bp.errorhandler(Refused)
def refused(error: Refused) -> tuple[Response, int]:
    return problems_response([error.problem], error.status)


@bp.errorhandler(Invalid)
def invalid(error: Invalid) -> tuple[Response, int]:
    return problems_response(error.problems, 422)


def authorised_book(book_id: str) -> store.Book:
    """The book, if the request carries its key: 404 no such book, 401 no key, 403 another key."""
    scheme, _, key = request.headers.get("Authorization", "").partition(" ")
    bearer = key.strip() if scheme.lower() == "bearer" else ""
    try:
        return store.open_book(get_db(), book_id, bearer or None)
    except store.NotFound:
        raise Refused(404, "id", N_("No such book.")) from None
    except store.WrongKey:
        if not bearer:
            raise Refused(401, "request", N_("This needs the book's key.")) from None
        raise Refused(403, "request", N_("This key does not open this book.")) from None


@bp.post("/api/v1/books")
@csrf.exempt
@creating
def api_create_book() -> tuple[Response, int]:
    """A new, empty book: its id and key (the key is shown this once). Any body is ignored."""
    book = store.create_book(get_db())
    return jsonify({"id": book.id, "key": book.key}), 201


@bp.post("/api/v1/books/<book_id>/games")
@csrf.exempt
def api_add_game(book_id: str) -> tuple[Response, int]:
    """A game joins the book, with its edit key: 201, or 200 if the book held it already."""
    book = authorised_book(book_id)
    body = only_fields(json_object(), ("id", "key"))
    problems = [
        Problem(name, N_("Give the game's %(name)s as text."), {"name": name})
        for name in ("id", "key")
        if not isinstance(body.get(name), str) or not body[name]
    ]
    if problems:
        raise Invalid(problems)
    try:
        added = store.file_game(get_db(), book, body["id"], body["key"])
    except store.NotFound:
        raise Refused(404, "id", N_("No such game or round.")) from None
    except store.WrongKey:
        raise Refused(403, "key", N_("This key does not let you change this game. You can still watch it.")) from None
    return jsonify(game_summary(store.load_game(get_db(), body["id"]))), 201 if added else 200


@bp.get("/api/v1/books/<book_id>")
def api_book(book_id: str) -> Response:
    """The book's games, newest first, and its players' records."""
    book = authorised_book(book_id)
    versions = store.book_versions(get_db(), book.id)
    summaries = [summary for summary, _record in summed_games(versions)]
    return jsonify({"id": book.id, "games": summaries, "players": records_json(book_records(book.id, versions))})


@bp.get("/api/v1/games/<game_id>/changes")
def api_changes(game_id: str) -> Response:
    """The game's change log, a page at a time: its latest adds, corrections, undos and imports (those
    before ``?before=``), oldest first, and where the page before it is."""
    try:
        before = _before()
    except ValueError:
        message = N_("before must be a change's place in the log: a whole number from 1.")
        raise Invalid([Problem("before", message)]) from None
    try:
        page = store.change_log(get_db(), game_id, before)
    except store.NotFound:
        raise Refused(404, "id", N_("No such game or round.")) from None
    letters = book_letters(page)
    older = None if page.older is None else url_for("books.api_changes", game_id=game_id, before=page.older)

    def side(round_input: Any, scores: Any, events: tuple[Any, ...]) -> dict[str, Any] | None:
        if round_input is None:
            return None
        return {"input": round_input, "scores": scores, "events": [str(event) for event in events]}

    return jsonify(
        {
            "id": game_id,
            "changes": [
                {
                    "at": change.at,
                    "action": change.action,
                    "round": change.number,
                    "before": side(change.before, change.scores_before, change.events_before),
                    "after": side(change.after, change.scores_after, change.events_after),
                    "book": letters.get(change.book_id or ""),
                }
                for change in page.changes
            ],
            "older": older,
        }
    )
