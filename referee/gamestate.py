"""A stored game's derived state: the one module that replays a game's rounds through its rules.

It answers the state of a game before round ``n`` (:func:`state_before`, :func:`standings_before`),
whether an input may be round ``n`` (:func:`check`), the standings at a version (:func:`standings`),
what a write leaves (:func:`added`, :func:`corrected`, :func:`undone`), what the table announced
for the next round (:func:`announce`, :func:`completed`) and the change log (:func:`change_log`).
Views, the store's writes and the web kit ask it; none replays rounds itself.

Every answer comes from caches kept per (game id, version): every write bumps the version, so an
entry is never stale, and what a write makes replaces the game's older versions (:class:`GameCache`).
The rounds of a version are replayed at most once, and a write hands the state it made to the next
version (a round added is one play; an undo plays nothing). The inputs
in the database were checked when written, so building the cache plays them without checking
them again; a correction checks every round after it.

A game no cache holds is played from its kept replay when there is one (:class:`Shelf`, the
database's): the state after its first rounds as the rules made them, kept under a digest of the
rules' code (:func:`code_digest`) and of the setup and inputs it was played from, so a change to
either is never answered from it. Only its later rounds are played; the states before the kept
round are played from the start when one is first asked for (a correction, its form). A write
that had to play many rounds keeps what it played, in its own transaction (:func:`_shelve`), and so
does every SHELVE_EVERY-th round added, so that a game no write ever missed is read back too.

It reads nothing itself (nor imports the store, which asks it): it is given the game as stored
(:class:`StoredGame`), with where its replay is kept, and, for the change log, a reader of its audit rows.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import hashlib
import json
import pickle
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Protocol, cast

import orjson

from .cache import GameCache
from .games.base import (
    N_,
    Announcing,
    Event,
    Game,
    Invalid,
    OverBefore,
    Problem,
    RoundInvalid,
    RoundResult,
    Setup,
    Standings,
    announced_keys,
    complete_round,
    ended_as_agreed,
    stoppable,
)
from .games.pickled import PROTOCOL, pickled, unpickled
from .installed import rules_of, spec_of


class StoredGame(Protocol):
    """A game as stored at one version (:class:`referee.store.StoredGame` is one): what its state is made of."""

    @property
    def id(self) -> str: ...

    @property
    def game(self) -> str: ...

    @property
    def setup(self) -> Setup: ...

    @property
    def inputs(self) -> tuple[Mapping[str, Any], ...]: ...

    @property
    def version(self) -> int: ...

    @property
    def announced(self) -> Mapping[str, Any]: ...

    @property
    def stop_after(self) -> int | None: ...

    @property
    def shelf(self) -> Shelf | None:
        """Where the game's replay is kept between caches and processes (None: nowhere)."""


@dataclass(frozen=True)
class Shelved:
    """A game's state after its first ``rounds`` rounds, as the rules whose code has the digest ``code``
    made it from the setup and inputs whose digest is ``inputs`` (:func:`_inputs_digest`); ``state`` pickled."""

    code: str
    rounds: int
    inputs: str
    state: bytes


class Shelf(Protocol):
    """Where games' replays are kept between caches and processes (:class:`referee.store.replays.Shelf`)."""

    def read(self, game_id: str) -> Shelved | None:
        """The replay kept for the game, if any."""

    @property
    def writing(self) -> bool:
        """Whether a write is under way: only a write keeps a replay (a read never waits for the write lock)."""

    def write(self, game_id: str, shelved: Shelved) -> None:
        """Keep ``shelved`` for the game in place of what was kept, inside the write under way."""


# Bounded by size, in rounds (the weight of an entry is its game's rounds + 1), and by ACTIVE_GAMES games:
# a round's derived state takes about 1 KB (Hearts) to 5.5 KB (Queenie, Piquet), so the states of
# 60,000 rounds (4,000 games of 15 rounds, 3,000 of 20) take some 70 to 330 MB (docs/benchmarks.md).
CACHED_ROUNDS = 60_000


class States:
    """A version's states: ``states[k]`` is the state after its first k rounds (``states[0]`` the initial
    one, ``states[-1]`` after them all).

    Those from round ``first`` on are ``known``; the ones before (none after a replay from the start; those
    before the kept round after a replay from the shelf) are played by ``earlier`` when one is first asked for.
    """

    __slots__ = ("_known", "_first", "_earlier", "_played")

    def __init__(self, known: Sequence[Any], first: int = 0, earlier: Callable[[], Sequence[Any]] | None = None):
        self._known = tuple(known)
        self._first = first
        self._earlier = earlier  # the states before ``first``: every one, from the initial state on
        self._played: Sequence[Any] | None = None

    def __len__(self) -> int:
        return self._first + len(self._known)

    def __getitem__(self, index: int) -> Any:
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index >= self._first:
            return self._known[index - self._first]
        return self._before_first()[index]

    def __iter__(self) -> Iterator[Any]:
        return (self[index] for index in range(len(self)))

    def _before_first(self) -> Sequence[Any]:
        if self._played is None:
            assert self._earlier is not None
            self._played = self._earlier()[: self._first]
        return self._played

    def then(self, *states: Any) -> States:
        """These states and ``states`` after them (the rounds added, or played again from a correction)."""
        return States((*self._known, *states), self._first, self._earlier)

    def until(self, count: int) -> States:
        """The first ``count`` states (the version before the last rounds)."""
        if count > self._first:
            return States(self._known[: count - self._first], self._first, self._earlier)
        return States(self._before_first()[:count])


_states: GameCache[States] = GameCache(CACHED_ROUNDS, weigh=len)
# The standings share their rounds' results with the states: a game's weighs little beside them.
_standings: GameCache[Standings] = GameCache(CACHED_ROUNDS, weigh=lambda standings: len(standings.rounds) + 1)


def states(stored: StoredGame) -> States:
    """The state after each stored round, from the cache or one replay (plays only: the inputs were checked)."""
    return _states.get_or_make(stored.id, stored.version, lambda: _played(stored))


def _played(stored: StoredGame) -> States:
    """Every state of the version: the stored rounds played from the shelf's state, or from the start."""
    rules, setup, inputs = rules_of(stored.game), stored.setup, stored.inputs
    shelf = stored.shelf
    first, start = (0, None) if shelf is None else _unshelved(stored, shelf)
    played = _played_on(rules, setup, rules.initial(setup) if start is None else start, inputs[first:])
    if shelf is not None and shelf.writing and len(inputs) - first >= SHELVE_AFTER:
        _shelve(stored, shelf, inputs, played[-1])
    return States(played, first, functools.partial(_replay, rules, setup, inputs[:first]))


def _replay(rules: Game, setup: Setup, inputs: Sequence[Mapping[str, Any]]) -> list[Any]:
    return _played_on(rules, setup, rules.initial(setup), inputs)


def _played_on(rules: Game, setup: Setup, start: Any, inputs: Sequence[Mapping[str, Any]]) -> list[Any]:
    """``start`` and the state after each of ``inputs`` played from it."""
    played = [start]
    for round_input in inputs:
        played.append(rules.play(setup, played[-1], round_input))
    return played


# ---------------------------------------------------------------------------
# Kept replays (:class:`Shelf`). A write that played this many rounds or more (from the start, or from the
# state kept) keeps the state it reached: pickling a state costs from a sixth of playing its rounds (Piquet)
# to as much (Hearts, Points), once; reading it back a twenty-fifth to a third, each miss after
# (docs/benchmarks.md, "A cache miss, fifth step"). Fewer rounds play in less than a kept write costs.
SHELVE_AFTER = 16
# A game every write found cached would never be kept, and its first miss (the server restarted, or the game
# left the cache) would replay it whole: its state is also kept after every SHELVE_EVERY-th round added. A
# miss then plays fewer rounds than that past the state read back; the pickling (a few milliseconds at 300
# rounds) is paid once in that many writes.
SHELVE_EVERY = 32


@functools.cache
def code_digest(game: str) -> str:
    """A digest of the code a game's replay runs: every module of :mod:`referee.games` (its rules and the
    helpers games share), the rules' own package where it lies outside them, and the Python that runs them."""
    games = Path(__file__).parent / "games"
    rules = rules_of(game)
    module = rules if hasattr(rules, "__file__") else sys.modules[type(rules).__module__]
    folders = {games, Path(cast(str, module.__file__)).parent}
    digest = hashlib.sha256(f"{sys.version_info[:2]} {PROTOCOL}".encode())
    for folder in sorted(folders):
        for path in sorted(folder.rglob("*.py")):
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _inputs_digest(stored: StoredGame, inputs: Sequence[Mapping[str, Any]]) -> str:
    """A digest of what a replay of ``inputs`` (the game's first rounds) plays: its kind, setup and those inputs."""
    setup = stored.setup
    played = [stored.game, list(setup.players), setup.dealer, setup.options, list(inputs)]
    try:
        text = orjson.dumps(played, default=dict)
    except orjson.JSONEncodeError:  # an int past 64 bits: the standard library's, the same each time
        text = json.dumps(played, default=dict).encode()
    return hashlib.blake2b(text, digest_size=20).hexdigest()


def _unshelved(stored: StoredGame, shelf: Shelf) -> tuple[int, Any]:
    """The rounds the shelf's state is after, and that state, if it was made by these rules' code from
    this game's setup and first rounds; else (0, None)."""
    shelved = shelf.read(stored.id)
    if (
        shelved is None
        or shelved.code != code_digest(stored.game)
        or shelved.rounds > len(stored.inputs)
        or shelved.inputs != _inputs_digest(stored, stored.inputs[: shelved.rounds])
    ):
        return 0, None
    # The collector would walk the thousands of objects being made, none of them garbage, many times.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return shelved.rounds, unpickled(shelved.state)
    except (pickle.UnpicklingError, EOFError, AttributeError, ImportError, IndexError, KeyError, TypeError, ValueError):
        return 0, None  # not a state these rules can read: played from the start
    finally:
        if collecting:
            gc.enable()


def _shelve(stored: StoredGame, shelf: Shelf, inputs: Sequence[Mapping[str, Any]], state: Any) -> None:
    """Keep ``state``, the game's after ``inputs``, on the shelf (nothing for one that does not pickle)."""
    try:
        data = pickled(state)
    except (pickle.PicklingError, TypeError, AttributeError):
        return
    shelf.write(stored.id, Shelved(code_digest(stored.game), len(inputs), _inputs_digest(stored, inputs), data))


def state(stored: StoredGame) -> Any:
    """The state after every stored round."""
    return states(stored)[-1]


def state_before(stored: StoredGame, number: int) -> Any:
    """The state before round ``number``: after the rounds before it that are stored (all of them for a
    number past the next round's, as a form posted with any number is checked)."""
    return states(stored)[len(stored.inputs[: max(number - 1, 0)])]


def standings(stored: StoredGame) -> Standings:
    """The standings of the game as stored; ``next`` carries what is announced for it (:func:`announced_next`)."""
    return _standings.get_or_make(
        stored.id,
        stored.version,
        lambda: announced_next(stored, rules_of(stored.game).standings(stored.setup, final_state(stored))),
    )


def standings_before(stored: StoredGame, number: int) -> Standings:
    """The standings before round ``number``: what its round form shows (the next round's: the game's own)."""
    if number > len(stored.inputs):
        return standings(stored)
    return rules_of(stored.game).standings(stored.setup, state_before(stored, number))


def check(stored: StoredGame, number: int, raw: Any) -> dict[str, Any]:
    """``raw`` as round ``number`` in canonical form, checked against the game before it (:class:`Invalid`)."""
    return rules_of(stored.game).check_round(stored.setup, state_before(stored, number), raw)


def is_over(stored: StoredGame) -> bool:
    return rules_of(stored.game).is_over(stored.setup, final_state(stored))


def round_if(stored: StoredGame, number: int, raw: Any) -> tuple[RoundResult, Mapping[str, Any]]:
    """Round ``number`` as the rules would make it of ``raw`` (checked against the game before it,
    :class:`Invalid` if it does not fit there), and the input as the database would keep it."""
    rules = rules_of(stored.game)
    kept = json.loads(json.dumps(check(stored, number, raw), ensure_ascii=False))
    after = rules.play(stored.setup, state_before(stored, number), kept)
    return rules.standings(stored.setup, after).rounds[number - 1], kept


def added(stored: StoredGame, round_input: Mapping[str, Any]) -> States:
    """The states once ``round_input`` (checked) is added after the stored rounds: one play."""
    before = states(stored)
    after = rules_of(stored.game).play(stored.setup, before[-1], round_input)
    shelf = stored.shelf
    if shelf is not None and shelf.writing and (len(stored.inputs) + 1) % SHELVE_EVERY == 0:
        _shelve(stored, shelf, (*stored.inputs, round_input), after)
    return before.then(after)


def corrected(stored: StoredGame, number: int, round_input: Mapping[str, Any]) -> States:
    """The states once round ``number`` becomes ``round_input`` (checked): it is played, then every round
    after it checked again and played. :class:`RoundInvalid` names the first later round that no longer fits."""
    rules = rules_of(stored.game)
    setup = stored.setup
    before = states(stored).until(number)
    after = [rules.play(setup, before[-1], round_input)]
    for later, raw in enumerate(stored.inputs[number:], start=number + 1):
        after.append(rules.play(setup, after[-1], _checked(rules, setup, after[-1], later, raw)))
    return before.then(*after)


def _checked(rules: Game, setup: Setup, before: Any, number: int, raw: Any) -> dict[str, Any]:
    """``raw`` checked as round ``number`` after ``before``; :class:`RoundInvalid` if it no longer fits."""
    if rules.is_over(setup, before):
        raise OverBefore(number)
    try:
        return rules.check_round(setup, before, raw)
    except Invalid as error:
        raise RoundInvalid(number, error.problems) from error


def undone(stored: StoredGame) -> States | None:
    """The states once the last round is undone, if the stored version's are kept (else None: replayed
    when first asked for)."""
    kept = _states.get(stored.id, stored.version)
    return None if kept is None else kept.until(len(kept) - 1)


def keep(stored: StoredGame, made: States | None) -> None:
    """Keep the states a write computed for the version it made (``stored``), for the next reads."""
    if made is not None:
        _states.put(stored.id, stored.version, made)


# ---------------------------------------------------------------------------
# The table's agreed end (referee.games.base.Stoppable): kept with the game as the round it ends after
# (``stop_after``), it ends the game once that round is stored. Undoing rounds before it leaves it
# agreed (the game goes on until that round is entered again); taking it back is its own write.


@dataclass(frozen=True)
class StopChoice:
    """A round the table may agree to end the game after: the rounds played (``now``), or the end of the
    current turn of the deal; ``standings`` are the game's ended there (now) or as it stands (at the turn's end)."""

    after: int
    now: bool
    standings: Standings


def final_state(stored: StoredGame) -> Any:
    """The state after every stored round, ended by the table if it agreed to stop after the last of them."""
    return ended_as_agreed(rules_of(stored.game), stored.setup, state(stored), len(stored.inputs), stored.stop_after)


def stop_choices(stored: StoredGame) -> tuple[StopChoice, ...]:
    """Where the table may end the game: now (after the rounds played) and, if the current turn of the
    deal is unfinished, at its end. None for a game whose rules do not stop, one not started or over."""
    game = rules_of(stored.game)
    rules = stoppable(game)
    played = state(stored)
    if rules is None or not stored.inputs or game.is_over(stored.setup, played):
        return ()
    now = len(stored.inputs)
    ending = StopChoice(now, True, game.standings(stored.setup, rules.stopped(stored.setup, played)))
    left = rules.turn_left(stored.setup, played)
    return (ending,) if left == 0 else (ending, StopChoice(now + left, False, game.standings(stored.setup, played)))


# ---------------------------------------------------------------------------
# What the table announces before a round's play (bids, a contract): stored with the game at a version,
# it is part of that version's ``next`` and completes the next round (referee.games.base.Announcing).


def announcing(stored: StoredGame) -> Announcing | None:
    """The game's announcing part, if part of its round is said before the play."""
    rules = rules_of(stored.game)
    return cast(Announcing, rules) if announced_keys(rules) else None


def refuse_unannounced(stored: StoredGame) -> Announcing:
    """The game's announcing part (:class:`Invalid` on ``announced`` for a game without one)."""
    rules = announcing(stored)
    if rules is None:
        raise Invalid([Problem("announced", N_("Nothing is announced before the play in this game."))])
    return rules


def announced_next(stored: StoredGame, made: Standings) -> Standings:
    """The standings the rules made, whose ``next`` also carries the game's facts of what is announced
    for it (the stored announcement; an empty one too)."""
    rules = announcing(stored)
    if rules is None or made.next is None:
        return made
    facts = rules.announced_facts(stored.setup, state(stored), stored.announced)
    return dataclasses.replace(made, next=dataclasses.replace(made.next, facts={**made.next.facts, **facts}))


def announce(stored: StoredGame, raw: Any) -> dict[str, Any]:
    """The stored announcement with the part ``raw`` added, as the game merges and checks it against
    the state before the next round (:class:`Invalid` naming the field and the player)."""
    return refuse_unannounced(stored).announce(stored.setup, state(stored), stored.announced, raw)


def completed(stored: StoredGame, raw: Any) -> Any:
    """The next round's input ``raw``, completed by the stored announcement if it leaves that part out."""
    return complete_round(rules_of(stored.game), stored.announced, raw)


def forget() -> None:
    """Every derived state, standings and change log, as in a process just started."""
    for cache in (_states, _standings, _logs):
        cache.clear()


# ---------------------------------------------------------------------------
# The change log: the audit rows, each with what the rules made of its round just before and just after.
#
# A write keeps in its audit row what the log shows of it (:func:`logged`, :func:`imported_log`), so a
# log is read, never replayed: a page of it costs its own rows, however long and corrected the game.
# The rows written before that was kept were filled in once, by replaying each game's log (:func:`replayed_log`).


@dataclass(frozen=True)
class Change:
    """One add, correction, undo or import of a round, as the audit row keeps it.

    ``before`` and ``after`` are the round's input; ``scores_*`` and ``events_*`` are what the rules
    made of the round just before and just after the change (None when the row keeps none).
    """

    at: str
    action: str
    number: int
    before: Mapping[str, Any] | None
    after: Mapping[str, Any] | None
    scores_before: Mapping[str, int] | None
    scores_after: Mapping[str, int] | None
    events_before: tuple[Event, ...]
    events_after: tuple[Event, ...]
    book_id: str | None


def logged(stored: StoredGame, number: int, made: States | None) -> str:
    """What the change log shows of a write to round ``number`` of the game as stored, as its audit row
    keeps it: the round as the rules make it before the write, and in the version the write makes
    (``made``, its states; None for an undo). JSON text, read back by :func:`change_of`."""
    before = standings(stored).rounds[number - 1] if number <= len(stored.inputs) else None
    after = None
    if made is not None and number < len(made):
        after = rules_of(stored.game).standings(stored.setup, made[number]).rounds[number - 1]
    return _logged(before, after)


def imported_log(game: str, setup: Setup, inputs: Sequence[Mapping[str, Any]]) -> list[str]:
    """What the change log shows of each round of an import (checked), as their audit rows keep it."""
    rules = rules_of(game)
    state = rules.initial(setup)
    for round_input in inputs:
        state = rules.play(setup, state, round_input)
    return [_logged(None, result) for result in rules.standings(setup, state).rounds]


def _logged(before: RoundResult | None, after: RoundResult | None) -> str:
    return json.dumps({"before": _kept(before), "after": _kept(after)}, ensure_ascii=False)


def _kept(result: RoundResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    events = [
        {"word": event.word, "fields": {field.name: getattr(event, field.name) for field in fields(event)}}
        for event in result.events
    ]
    return {"scores": dict(result.scores), "events": events}


def change_of(game: str, row: Mapping[str, Any]) -> Change:
    """The audit row of a game of kind ``game`` as a change, with what it keeps of the round's results."""
    kept = json.loads(row["results"]) if row.get("results") else {}
    before, after = kept.get("before"), kept.get("after")
    kinds = {kind.word: kind for kind in spec_of(game).events}

    def events(side: Mapping[str, Any] | None) -> tuple[Event, ...]:
        listed = [] if side is None else side["events"]
        return tuple(kinds[event["word"]](**event["fields"]) for event in listed if event["word"] in kinds)

    return Change(
        at=row["at"],
        action=row["action"],
        number=row["number"],
        before=None if row["before"] is None else json.loads(row["before"]),
        after=None if row["after"] is None else json.loads(row["after"]),
        scores_before=None if before is None else before["scores"],
        scores_after=None if after is None else after["scores"],
        events_before=events(before),
        events_after=events(after),
        book_id=row.get("book_id"),
    )


# Pages of change logs, each kept for the version of its game it was read at; bounded in changes like the states.
_logs: GameCache[tuple[Change, ...]] = GameCache(CACHED_ROUNDS, weigh=len)


def change_log(
    stored: StoredGame, first: int, last: int, rows: Callable[[], Sequence[Mapping[str, Any]]]
) -> tuple[Change, ...]:
    """Changes ``first`` to ``last`` of the game's log (counted from 1, oldest first), made of their
    audit ``rows`` once per version of the game."""
    return _logs.get_or_make(
        stored.id, stored.version, lambda: tuple(change_of(stored.game, row) for row in rows()), (first, last)
    )


STOP_ACTIONS = ("stop", "resume")  # the audit rows of the table's agreed end, and of taking it back


class _Fold:
    """The game's rounds as the audit rows so far leave them, and their states, played when asked for.

    A change to round ``n`` drops the states from round ``n`` on; they are played again only as far
    as a later row needs them.
    """

    def __init__(self, rules: Game, setup: Setup):
        self.rules = rules
        self.setup = setup
        self.inputs: list[Any] = []
        self.states = [rules.initial(setup)]
        self.stopped = False  # a row it could not replay: the rows after it have no results

    def result(self, number: int) -> Any:
        """Round ``number`` as the rules make it of the rounds so far (IndexError: no such round)."""
        while len(self.states) <= number:
            done = len(self.states) - 1
            self.states.append(self.rules.play(self.setup, self.states[-1], self.inputs[done]))
        return self.rules.standings(self.setup, self.states[number]).rounds[number - 1]

    def apply(self, action: str, number: int, after: Any) -> tuple[Any, Any]:
        """The round's result before and after the change (None where there is none, or if the
        change does not replay: then it stops)."""
        try:
            return self._applied(action, number, after)
        except (Invalid, IndexError, KeyError, ValueError):
            self.stopped = True  # a log that does not replay still lists its rows, without scores
            return None, None

    def _applied(self, action: str, number: int, after: Any) -> tuple[Any, Any]:
        old = new = None
        if action in ("add", "import") and number == len(self.inputs) + 1:
            self.inputs.append(after)
            new = self.result(number)
        elif action == "edit":
            old = self.result(number)
            self.inputs[number - 1] = after
            del self.states[number:]
            new = self.result(number)
        elif action in STOP_ACTIONS:
            pass  # the table's agreed end changes no round
        elif action == "undo" and number == len(self.inputs):
            old = self.result(number)
            self.inputs.pop()
            del self.states[number:]
        else:
            raise IndexError(number)
        return old, new


def replayed_log(game: str, setup: Setup, rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """What the log shows of each of a game's audit rows (as :func:`logged` keeps it), by replaying them in order:
    for rows written before their audit row kept it. From a row that does not replay on (one no write
    makes), nothing."""
    fold = _Fold(rules_of(game), setup)
    kept = []
    for row in rows:
        old = new = None
        if not fold.stopped:
            old, new = fold.apply(
                row["action"], row["number"], None if row["after"] is None else json.loads(row["after"])
            )
        kept.append(_logged(old, new))
    return kept
