"""Games and rounds on disk. Every write validates through the rules first.

A round is stored as the canonical input the rules accepted; every score is
derived by replaying the inputs, so an edit is a single row update. Each write
leaves an audit row, which :mod:`.history` reads back as the change log.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from .. import gamestate
from ..cache import GameCache
from ..db import write_transaction
from ..games.base import (
    N_,
    Invalid,
    OverBefore,
    Problem,
    RoundInvalid,
    Setup,
    Standings,
    replay_checked,
    stoppable,
)
from ..gamestate import CACHED_ROUNDS
from ..installed import rules_of, spec_of
from .deliveries import refuse_known
from .replays import Shelf


class NotFound(Exception):
    """No such game or round."""


class Conflict(Exception):
    """The write does not fit the game as it stands (finished, not the last round, already recorded)."""

    def __init__(self, message: str, *, where: str = "round", **params: Any):
        self.problem = Problem(where, message, params)
        super().__init__(self.problem.render())


class EndsBefore(Invalid):
    """A correction that ends the game before round ``number``, already recorded: only undoing that round
    (and every round after it) lets the correction through."""

    def __init__(self, problems: Sequence[Problem], number: int):
        super().__init__(problems)
        self.number = number


class Stale(Conflict):
    """The game changed since the page or client read it (another phone wrote): nothing was written.

    ``current`` is the game as stored now, read inside the refused write's transaction.
    """

    def __init__(self, current: StoredGame, expected: int):
        super().__init__(
            N_(
                "The game has changed since version %(expected)s (another phone wrote to it): it is now at "
                "version %(version)s. Nothing was changed."
            ),
            expected=expected,
            version=current.version,
        )
        self.problem = Problem("version", self.problem.message, self.problem.params)
        self.current = current


# A game holds at most this many rounds (an import too): no evening at a real table comes near it,
# and it bounds what one game costs to replay and to keep (the options' own maxima are 1000 too).
MAX_ROUNDS = 1000


# The change log's results of a row that changes no round (the table's agreed end): no scores to show.
_NO_ROUND_CHANGED = json.dumps({"before": None, "after": None})


@dataclass(frozen=True)
class StoredGame:
    id: str
    game: str
    setup: Setup
    inputs: tuple[Mapping[str, Any], ...]
    created: str
    updated: str
    key_hash: str
    version: int
    announced: Mapping[str, Any]  # what the table announced for the next round ({}: nothing)
    stop_after: int | None = None  # the round after which the table agreed to end the game (None: no agreed end)
    shelf: gamestate.Shelf | None = dataclasses.field(default=None, compare=False, repr=False)  # its kept replay

    def standings(self) -> Standings:
        """The standings of the game at this version (:mod:`referee.gamestate` keeps them)."""
        return gamestate.standings(self)


@dataclass(frozen=True)
class GameHead:
    """The one row that says whether a cached page of the game is still fresh."""

    id: str
    version: int
    key_hash: str


def load_head(db: Database, game_id: str) -> GameHead:
    row = db.execute("select id, version, key_hash from games where id = ?", [game_id]).fetchone()
    if row is None:
        raise NotFound(game_id)
    return GameHead(*row)


def timestamp() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def key_matches(stored: StoredGame | GameHead, key: str | None) -> bool:
    """Constant-time comparison of a presented edit key with the stored one."""
    if not key:
        return False
    return hmac.compare_digest(hash_key(key), stored.key_hash)


def create_game(
    db: Database, game: str, setup: Setup, rounds: Sequence[Mapping[str, Any]] = (), stop_after: int | None = None
) -> tuple[str, str]:
    """Store a new game (with already checked rounds and the table's agreed end, for an import); return its
    public id and secret key."""
    game_id = secrets.token_urlsafe(16)
    key = secrets.token_urlsafe(24)
    now = timestamp()
    logged = gamestate.imported_log(game, setup, rounds)
    with write_transaction(db):
        insert_game(db, game_id, key, game, setup, len(rounds), now)
        for number, round_input in enumerate(rounds, start=1):
            db.table("rounds").insert(
                {
                    "game_id": game_id,
                    "number": number,
                    "input": json.dumps(round_input, ensure_ascii=False),
                    "created": now,
                    "updated": now,
                }
            )
            _audit(db, game_id, number, "import", None, round_input, now, results=logged[number - 1])
        if stop_after is not None:
            _audit(db, game_id, stop_after, "stop", None, None, now, results=_NO_ROUND_CHANGED)
            db.execute("update games set stop_after = ? where id = ?", [stop_after, game_id])
    return game_id, key


# A game's players and rounds at one version, as read from the database: every change to either bumps
# the version, so a read of an unchanged game is its one head row (plain ``db.execute``: sqlite-utils'
# ``query()`` wraps each SELECT in a SAVEPOINT). Bounded like the caches above, in rounds.
_bodies: GameCache[tuple[tuple[str, ...], tuple[Mapping[str, Any], ...]]] = GameCache(
    CACHED_ROUNDS, weigh=lambda body: len(body[1]) + 1
)
_HEAD = (
    "select id, game, options, dealer, created, updated, key_hash, version, announced, stop_after"
    " from games where id = ?"
)


class _Moved(Exception):
    """A write landed between the head row and the rounds read for it: read again."""


def _read_body(db: Database, game_id: str, version: int) -> tuple[tuple[str, ...], tuple[Mapping[str, Any], ...]]:
    """The players and rounds of the game at ``version``, read in one snapshot (:class:`_Moved` if it moved on)."""
    with snapshot(db):
        now = db.execute("select version from games where id = ?", [game_id]).fetchone()
        if now is None or now[0] != version:
            raise _Moved(game_id)
        players = db.execute("select name from players where game_id = ? order by seat", [game_id]).fetchall()
        rounds = db.execute("select input from rounds where game_id = ? order by number", [game_id]).fetchall()
    # One parse of every input (one JSON array) costs a third of one parse per round.
    return tuple(name for (name,) in players), tuple(json.loads("[" + ",".join(text for (text,) in rounds) + "]"))


def _body_reader(
    db: Database, game_id: str, version: int
) -> Callable[[], tuple[tuple[str, ...], tuple[Mapping[str, Any], ...]]]:
    return lambda: _read_body(db, game_id, version)


def load_game(db: Database, game_id: str) -> StoredGame:
    """The game as stored: its head row, and its players and rounds (read once per version)."""
    for _attempt in range(5):
        row = db.execute(_HEAD, [game_id]).fetchone()
        if row is None:
            raise NotFound(game_id)
        found_id, game, options, dealer, created, updated, key_hash, version, announced, stop_after = row
        try:
            players, inputs = _bodies.get_or_make(game_id, version, _body_reader(db, game_id, version))
        except _Moved:
            continue
        setup = Setup(players=players, dealer=dealer, options=json.loads(options))
        announcement = announced_of(announced)
        return StoredGame(
            found_id, game, setup, inputs, created, updated, key_hash, version, announcement, stop_after, Shelf(db)
        )
    raise _Moved(game_id)  # five writes in a row between two reads: not seen in practice


def announced_of(text: str | None) -> Mapping[str, Any]:
    """The announcement as the ``announced`` column keeps it (JSON text, or null for none)."""
    return {} if text is None else json.loads(text)


def _written(
    stored: StoredGame,
    inputs: tuple[Mapping[str, Any], ...],
    now: str,
    states: gamestate.States | None,
    announced: Mapping[str, Any] | None = None,
) -> StoredGame:
    """The game as the write that just committed left it (version + 1), kept for the next reads,
    with the states the write computed for it (None: replayed when first asked for) and what is
    announced for its next round (None: nothing, as after any write to its rounds)."""
    after = dataclasses.replace(
        stored, inputs=inputs, updated=now, version=stored.version + 1, announced=announced or {}
    )
    _bodies.put(stored.id, after.version, (stored.setup.players, inputs))
    gamestate.keep(after, states)
    return after


def _as_stored(round_input: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    """A round's input as the database keeps it (JSON text), and as a read gives it back."""
    text = json.dumps(round_input, ensure_ascii=False)
    return text, json.loads(text)


def _audit(
    db: Database,
    game_id: str,
    number: int,
    action: str,
    before: Any,
    after: Any,
    at: str,
    book: str | None = None,
    submission: str | None = None,
    *,
    results: str,
) -> None:
    # ``results``: what the change log shows of the change (gamestate.logged), kept so the log never replays.
    # Plain SQL: Table.insert() reads the table's schema again on every call, a cost on every write.
    db.execute(
        'insert into audit (game_id, number, action, at, "before", "after", book_id, submission, results) '
        "values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            game_id,
            number,
            action,
            at,
            None if before is None else json.dumps(before, ensure_ascii=False),
            None if after is None else json.dumps(after, ensure_ascii=False),
            book,
            submission,
            results,
        ],
    )


def _touch(db: Database, game_id: str, now: str, announced: str | None = None) -> None:
    """A write to the game: a new version. What was announced for the next round is replaced by
    ``announced`` (JSON text): cleared by any write to the rounds, which makes another round next."""
    db.execute(
        "update games set updated = ?, version = version + 1, announced = ? where id = ?", [now, announced, game_id]
    )


def add_round(
    db: Database,
    game_id: str,
    raw: Any,
    expected_number: int | None = None,
    *,
    book: str | None = None,
    submission: str | None = None,
) -> StoredGame:
    """Append the next round. ``expected_number`` guards against a double tap or a second phone.

    ``book`` is the book that made the change, for the change log; ``submission`` the id the phone
    gave this round (:class:`~.deliveries.Delivered`, nothing written, if it was stored before).
    """
    with write_transaction(db):
        refuse_known(db, game_id, submission)
        stored = load_game(db, game_id)
        number = len(stored.inputs) + 1
        if expected_number is not None and expected_number != number:
            words = spec_of(stored.game).words
            if expected_number < number:
                raise Conflict(words.recorded, number=expected_number)
            raise Conflict(words.next_is, number=number)
        # Against the state at this version (read inside the write lock): cached, or one replay of the stored rounds.
        if gamestate.is_over(stored):
            raise Conflict(N_("The game is over: no more rounds can be added."))
        if number > MAX_ROUNDS:
            raise Invalid([Problem("round", N_("A game holds at most %(most)s rounds."), {"most": MAX_ROUNDS})])
        # A round that leaves out what was announced before its play takes it from the stored announcement.
        round_input = gamestate.check(stored, number, gamestate.completed(stored, raw))
        text, kept = _as_stored(round_input)
        states = gamestate.added(stored, kept)
        now = timestamp()
        db.execute(
            "insert into rounds (game_id, number, input, created, updated) values (?, ?, ?, ?, ?)",
            [game_id, number, text, now, now],
        )
        logged = gamestate.logged(stored, number, states)
        _audit(db, game_id, number, "add", None, round_input, now, book, submission, results=logged)
        _touch(db, game_id, now)
    # This write made version + 1 (whatever another writer does next): its state is one play away,
    # so neither the answer nor the next round needs a replay, or a read, of the whole game.
    return _written(stored, (*stored.inputs, kept), now, states)


def replace_round(
    db: Database,
    game_id: str,
    number: int,
    raw: Any,
    *,
    book: str | None = None,
    version: int | None = None,
    submission: str | None = None,
) -> StoredGame:
    """Correct round ``number``; refused whole if any later round no longer fits. ``book`` made the change.

    ``version``: the game's version the correction was made against (:class:`Stale` if it changed since);
    ``submission``: the id the phone gave it, as for :func:`add_round`.
    """
    with write_transaction(db):
        refuse_known(db, game_id, submission)
        stored = _load_with_round(db, game_id, number, version)
        round_input = gamestate.check(stored, number, raw)
        try:
            states = gamestate.corrected(stored, number, round_input)
        except RoundInvalid as error:
            raise _later_round_refusal(stored, error) from error
        inputs = list(stored.inputs)
        before = inputs[number - 1]
        now = timestamp()
        text, kept = _as_stored(round_input)
        db.execute(
            "update rounds set input = ?, updated = ? where game_id = ? and number = ?", [text, now, game_id, number]
        )
        logged = gamestate.logged(stored, number, states)
        _audit(db, game_id, number, "edit", before, round_input, now, book, submission, results=logged)
        _touch(db, game_id, now)
    # The states above are the version this write made: kept for the answer and the pages.
    inputs[number - 1] = kept
    return _written(stored, tuple(inputs), now, states)


def _load_with_round(db: Database, game_id: str, number: int, version: int | None) -> StoredGame:
    """Inside the write transaction: the game, if it is at ``version`` (else :class:`Stale`; None: any)
    and holds round ``number`` (else :class:`NotFound`)."""
    stored = load_game(db, game_id)
    if version is not None and version != stored.version:
        raise Stale(stored, version)
    if not 1 <= number <= len(stored.inputs):
        raise NotFound(f"{game_id}/{number}")
    return stored


def _later_round_refusal(stored: StoredGame, error: RoundInvalid) -> Invalid:
    """The later round's own problems, after one saying which round they are about; or, when the correction
    ends the game before it, the way out: undo it (and every round after it), then correct again."""
    words = spec_of(stored.game).words
    number, last = error.number, len(stored.inputs)
    if isinstance(error, OverBefore):
        if number == last:
            advice = Problem("round", words.undo_first, {"number": number})
        else:
            advice = Problem("round", words.undo_from, {"number": number, "last": last})
        return EndsBefore([Problem("round", words.ends_before, {"number": number}), advice], number)
    heading = Problem("round", words.impossible, {"number": number})
    return Invalid([heading, *(Problem("round", problem.message, problem.params) for problem in error.problems)])


def undo_round(
    db: Database, game_id: str, number: int, *, book: str | None = None, version: int | None = None
) -> StoredGame:
    """Delete the last round (only the last one can be undone). ``book`` made the change.

    ``version``: the game's version the undo was asked against (:class:`Stale` if it changed since).
    """
    with write_transaction(db):
        stored = _load_with_round(db, game_id, number, version)
        if number != len(stored.inputs):
            raise Conflict(spec_of(stored.game).words.only_last, number=number)
        now = timestamp()
        db.execute("delete from rounds where game_id = ? and number = ?", [game_id, number])
        logged = gamestate.logged(stored, number, None)
        _audit(db, game_id, number, "undo", stored.inputs[-1], None, now, book, results=logged)
        _touch(db, game_id, now)
    return _written(stored, stored.inputs[:-1], now, gamestate.undone(stored))


def announce(
    db: Database, game_id: str, raw: Any, expected_number: int | None = None, *, version: int | None = None
) -> StoredGame:
    """Add a part of what the table announces before the next round's play (bids, a contract) to what is
    stored for it, as the game's ``announce`` merges it; every phone sees it from the version this makes.

    ``expected_number``: the round the announcement is for (a page or client that missed a round is
    refused); ``version``: as for :func:`replace_round`. A part that changes nothing writes nothing.
    """
    with write_transaction(db):
        stored = _load_for_announcing(db, game_id, expected_number, version)
        announced = _as_stored(gamestate.announce(stored, raw))[1]
        if announced == stored.announced:
            return stored
        now = timestamp()
        _touch(db, game_id, now, json.dumps(announced, ensure_ascii=False))
    return _written(stored, stored.inputs, now, gamestate.states(stored), announced)


def clear_announced(db: Database, game_id: str, *, version: int | None = None) -> StoredGame:
    """Forget what was announced for the next round (nothing written if nothing was)."""
    with write_transaction(db):
        stored = load_game(db, game_id)
        if version is not None and version != stored.version:
            raise Stale(stored, version)
        gamestate.refuse_unannounced(stored)
        if not stored.announced:
            return stored
        now = timestamp()
        _touch(db, game_id, now)
    return _written(stored, stored.inputs, now, gamestate.states(stored))


def _load_for_announcing(db: Database, game_id: str, expected_number: int | None, version: int | None) -> StoredGame:
    """Inside the write transaction: the game, if it is at ``version`` (None: any), still going on, and
    its next round is ``expected_number`` (None: any)."""
    stored = load_game(db, game_id)
    if version is not None and version != stored.version:
        raise Stale(stored, version)
    gamestate.refuse_unannounced(stored)
    if gamestate.is_over(stored):
        raise Conflict(N_("The game is over: nothing more can be announced."))
    number = len(stored.inputs) + 1
    if expected_number is not None and expected_number != number:
        raise Conflict(spec_of(stored.game).words.not_next, expected=expected_number, number=number)
    return stored


def stop_game(
    db: Database, game_id: str, after: Any, *, book: str | None = None, version: int | None = None
) -> StoredGame:
    """Agree to end the game after round ``after``: the rounds played now, or the end of the current
    turn of the deal (:func:`referee.gamestate.stop_choices`). The game is over once that round is
    stored; the agreed end stays through undos and corrections of rounds until it is taken back
    (:func:`resume_game`). ``book`` made the change; ``version`` as for :func:`replace_round`.
    Agreeing again to the same end writes nothing.
    """
    with write_transaction(db):
        stored = _load_stoppable(db, game_id, version)
        stop_after = _stop_point(stored, after)
        if stop_after == stored.stop_after:
            return stored
        now = timestamp()
        _audit(db, game_id, stop_after, "stop", None, None, now, book, results=_NO_ROUND_CHANGED)
        db.execute("update games set stop_after = ? where id = ?", [stop_after, game_id])
        _touch(db, game_id, now, _announced_text(stored))
    return dataclasses.replace(_kept_rounds(stored, now), stop_after=stop_after)


def resume_game(db: Database, game_id: str, *, book: str | None = None, version: int | None = None) -> StoredGame:
    """Take back the table's agreed end (a mistake): the game goes on, or is over only by its own rules.
    Nothing written if no end was agreed."""
    with write_transaction(db):
        stored = _load_stoppable(db, game_id, version)
        if stored.stop_after is None:
            return stored
        now = timestamp()
        _audit(db, game_id, stored.stop_after, "resume", None, None, now, book, results=_NO_ROUND_CHANGED)
        db.execute("update games set stop_after = null where id = ?", [game_id])
        _touch(db, game_id, now, _announced_text(stored))
    return dataclasses.replace(_kept_rounds(stored, now), stop_after=None)


def _load_stoppable(db: Database, game_id: str, version: int | None) -> StoredGame:
    """Inside the write transaction: the game, if it is at ``version`` (None: any) and its rules let a table stop."""
    stored = load_game(db, game_id)
    if version is not None and version != stored.version:
        raise Stale(stored, version)
    if stoppable(rules_of(stored.game)) is None:
        raise Invalid([Problem("after", N_("The rules of this game do not let a table end it early."))])
    return stored


def _stop_point(stored: StoredGame, after: Any) -> int:
    """``after`` if the table may agree to end the game there (:class:`Invalid`, :class:`Conflict` if not)."""
    if isinstance(after, bool) or not isinstance(after, int):
        message = N_("after must be a whole number: the rounds played now, or the end of this turn of the deal.")
        raise Invalid([Problem("after", message)])
    choices = gamestate.stop_choices(stored)
    if not stored.inputs:
        raise Conflict(N_("Nothing has been played yet: there is no game to end."), where="after")
    if not choices:
        raise Conflict(N_("The game is over already: there is nothing to end."), where="after")
    points = [choice.after for choice in choices]
    if after in points:
        return after
    if len(points) == 1:
        message = N_("after must be %(now)s, the rounds played now: this turn of the deal is complete.")
    else:
        message = N_("after must be %(now)s (the rounds played now) or %(turn)s (the end of this turn of the deal).")
    raise Invalid([Problem("after", message, {"now": points[0], "turn": points[-1]})])


def _announced_text(stored: StoredGame) -> str | None:
    """What is announced for the next round as the ``announced`` column keeps it: kept by a write that
    changes no round."""
    return json.dumps(stored.announced, ensure_ascii=False) if stored.announced else None


def _kept_rounds(stored: StoredGame, now: str) -> StoredGame:
    """The game as a write that changed no round left it: its rounds, states and announcement kept."""
    return _written(stored, stored.inputs, now, gamestate.states(stored), stored.announced)


def summaries(db: Database, game_ids: Iterable[str]) -> list[dict[str, Any]]:
    """Short descriptions of the given games, most recently played first."""
    ids = list(game_ids)
    if not ids:
        return []
    marks = ",".join("?" for _ in ids)
    rows = db.query(
        f"""select g.id, g.game, g.updated,
                   (select group_concat(name, ', ') from (select name from players where game_id = g.id order by seat))
                       as players,
                   (select count(*) from rounds where game_id = g.id) as rounds
            from games g where g.id in ({marks}) order by g.updated desc""",
        ids,
    )
    return [dict(row) for row in rows]


def checked_rounds(game: str, setup: Setup, inputs: Sequence[Any]) -> list[dict[str, Any]]:
    """Every round's input in canonical form, each checked against the game before it.

    Raises :class:`RoundInvalid` naming the first round that does not fit, :class:`Invalid` on
    ``rounds`` for more than :data:`MAX_ROUNDS`.
    """
    if len(inputs) > MAX_ROUNDS:
        message = N_("A game holds at most %(most)s rounds; this one has %(count)s.")
        raise Invalid([Problem("rounds", message, {"most": MAX_ROUNDS, "count": len(inputs)})])
    rules = rules_of(game)
    rules.check_setup(setup)
    return replay_checked(rules, setup, inputs)[1]


def import_game(
    db: Database, game: str, setup: Setup, inputs: Sequence[Any], stop_after: int | None = None
) -> tuple[str, str]:
    """Store a new game with all its rounds in one transaction (an import); return its id and key.

    Every round is checked first (:class:`RoundInvalid` on the first that does not fit), so a
    refused import writes nothing. Each round leaves an ``import`` audit row; the table's agreed end
    (``stop_after``, checked by the caller) a ``stop`` row.
    """
    return create_game(db, game, setup, checked_rounds(game, setup, inputs), stop_after)


def insert_game(db: Database, game_id: str, key: str, game: str, setup: Setup, version: int, now: str) -> None:
    """The rows of a new game and its players, inside the caller's write transaction."""
    db.table("games").insert(
        {
            "id": game_id,
            "game": game,
            "options": json.dumps(dict(setup.options)),
            "dealer": setup.dealer,
            "key_hash": hash_key(key),
            "created": now,
            "updated": now,
            "version": version,
        }
    )
    db.table("players").insert_all(
        {"game_id": game_id, "seat": seat, "name": name} for seat, name in enumerate(setup.players)
    )


@contextmanager
def snapshot(db: Database) -> Iterator[None]:
    """Reads that see one state of the database (a read transaction), unless one is already open."""
    if db.conn.in_transaction:
        yield
        return
    db.execute("BEGIN")
    try:
        yield
    finally:
        db.conn.commit()
