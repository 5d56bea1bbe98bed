"""A stored game's derived state: the one module that replays a game's rounds through its rules.

It answers the state of a game before round ``n`` (:func:`state_before`, :func:`standings_before`),
whether an input may be round ``n`` (:func:`check`), the standings at a version (:func:`standings`),
what a write leaves (:func:`added`, :func:`corrected`, :func:`undone`), what the table announced
for the next round (:func:`announce`, :func:`completed`) and the change log (:func:`change_log`).
Views, the store's writes and the web kit ask it; none replays rounds itself.

Every answer comes from caches kept per (game id, version): every write bumps the version, so an
entry is never stale. The rounds of a version are replayed at most once, and a write hands the
state it made to the next version (a round added is one play; an undo plays nothing). The inputs
in the database were checked when written, so building the cache plays them without checking
them again; a correction checks every round after it.

It reads nothing itself (nor imports the store, which asks it): it is given the game as stored
(:class:`StoredGame`) and, for the change log, a reader of its audit rows.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from .cache import VersionedCache
from .games.base import (
    N_,
    Announcing,
    Event,
    Game,
    Invalid,
    Problem,
    RoundInvalid,
    RoundResult,
    Setup,
    Standings,
    announced_keys,
    complete_round,
)
from .installed import rules_of


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


# Bounded by size, in rounds (the weight of an entry is its game's rounds + 1): a round's derived state
# takes about 1 to 5 KB, so each cache holds at most some 5 to 25 MB, e.g. 200 games of 25 rounds.
CACHED_ROUNDS = 5000

# A version's states: ``states[k]`` is the state after its first k rounds (``states[0]`` the initial one).
States = tuple[Any, ...]

_states: VersionedCache[States] = VersionedCache(CACHED_ROUNDS, weigh=len)
_standings: VersionedCache[Standings] = VersionedCache(CACHED_ROUNDS, weigh=lambda standings: len(standings.rounds) + 1)


def states(stored: StoredGame) -> States:
    """The state after each stored round, from the cache or one replay (plays only: the inputs were checked)."""
    return _states.get_or_make((stored.id, stored.version), lambda: _played(stored))


def _played(stored: StoredGame) -> States:
    rules = rules_of(stored.game)
    played = [rules.initial(stored.setup)]
    for round_input in stored.inputs:
        played.append(rules.play(stored.setup, played[-1], round_input))
    return tuple(played)


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
        (stored.id, stored.version),
        lambda: announced_next(stored, rules_of(stored.game).standings(stored.setup, state(stored))),
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
    return rules_of(stored.game).is_over(stored.setup, state(stored))


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
    return (*before, rules_of(stored.game).play(stored.setup, before[-1], round_input))


def corrected(stored: StoredGame, number: int, round_input: Mapping[str, Any]) -> States:
    """The states once round ``number`` becomes ``round_input`` (checked): it is played, then every round
    after it checked again and played. :class:`RoundInvalid` names the first later round that no longer fits."""
    rules = rules_of(stored.game)
    setup = stored.setup
    after = list(states(stored)[:number])
    after.append(rules.play(setup, after[-1], round_input))
    for later, raw in enumerate(stored.inputs[number:], start=number + 1):
        after.append(rules.play(setup, after[-1], _checked(rules, setup, after[-1], later, raw)))
    return tuple(after)


def _checked(rules: Game, setup: Setup, before: Any, number: int, raw: Any) -> dict[str, Any]:
    """``raw`` checked as round ``number`` after ``before``; :class:`RoundInvalid` if it no longer fits."""
    if rules.is_over(setup, before):
        message = N_("The game was already over before round %(number)s.")
        raise RoundInvalid(number, [Problem("round", message, {"number": number})])
    try:
        return rules.check_round(setup, before, raw)
    except Invalid as error:
        raise RoundInvalid(number, error.problems) from error


def undone(stored: StoredGame) -> States | None:
    """The states once the last round is undone, if the stored version's are kept (else None: replayed
    when first asked for)."""
    kept = _states.get((stored.id, stored.version))
    return None if kept is None else kept[:-1]


def keep(stored: StoredGame, made: States | None) -> None:
    """Keep the states a write computed for the version it made (``stored``), for the next reads."""
    if made is not None:
        _states.get_or_make((stored.id, stored.version), lambda: made)


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
# The change log: the audit rows, each with the round's scores before and after, by replaying.


@dataclass(frozen=True)
class Change:
    """One add, correction, undo or import of a round, as the audit row keeps it.

    ``before`` and ``after`` are the round's input; ``scores_*`` and ``events_*`` are what the rules
    made of the round just before and just after the change (None when the log cannot be replayed).
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


class _Fold:
    """The game's rounds as the audit rows so far leave them, and their states, played when asked for.

    A change to round ``n`` drops the states from round ``n`` on; they are played again only as far
    as a later row needs them.
    """

    def __init__(self, rules: Game, setup: Setup, inputs: Sequence[Any], played: Sequence[Any]):
        self.rules = rules
        self.setup = setup
        self.inputs = list(inputs)
        self.states = list(played)
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
        elif action == "undo" and number == len(self.inputs):
            old = self.result(number)
            self.inputs.pop()
            del self.states[number:]
        else:
            raise IndexError(number)
        return old, new


@dataclass(frozen=True)
class _Log:
    """A game's change log at one version, and where its fold stands (for a later version's log)."""

    version: int
    changes: tuple[Change, ...]
    inputs: tuple[Any, ...] | None  # None: the log stopped replaying (its later rows have no scores)
    states: States


# The latest change log derived of each game, bounded in rounds like the states.
_logs: VersionedCache[_Log] = VersionedCache(CACHED_ROUNDS, weigh=lambda log: len(log.states) + 1)


# The audit rows of a game after its first ``n`` (oldest first), read at the version of the game given.
RowsAfter = Callable[[int], Sequence[Mapping[str, Any]]]


def change_log(stored: StoredGame, rows_after: RowsAfter) -> tuple[Change, ...]:
    """Every change to the game's rounds, oldest first, from its audit rows.

    Derived once per version: the latest log derived of the game, at an earlier version, is carried
    on by the rows that came since (audit rows are only ever added), so a write costs the next log
    its own row, whenever the log is asked for again.
    """
    latest = _logs.get(stored.id)
    if latest is not None and latest.version == stored.version:
        return latest.changes
    if latest is not None and latest.version > stored.version:  # a slower reader: derived, not kept
        return _derived(stored, rows_after, None).changes
    log = _derived(stored, rows_after, latest)
    _logs.put(stored.id, log)
    return log.changes


def _derived(stored: StoredGame, rows_after: RowsAfter, earlier: _Log | None) -> _Log:
    rules = rules_of(stored.game)
    if earlier is None:
        earlier = _Log(0, (), (), (rules.initial(stored.setup),))
    fold = None if earlier.inputs is None else _Fold(rules, stored.setup, earlier.inputs, earlier.states)
    changes = list(earlier.changes)
    for row in rows_after(len(changes)):
        changes.append(_change(row, fold))
        if fold is not None and fold.stopped:
            fold = None
    if fold is None:
        return _Log(stored.version, tuple(changes), None, ())
    return _Log(stored.version, tuple(changes), tuple(fold.inputs), tuple(fold.states))


def _change(row: Mapping[str, Any], fold: _Fold | None) -> Change:
    """The audit row as a change, with the round's results before and after it if ``fold`` replays."""
    before = None if row["before"] is None else json.loads(row["before"])
    after = None if row["after"] is None else json.loads(row["after"])
    old = new = None
    if fold is not None:
        old, new = fold.apply(row["action"], row["number"], after)
    return Change(
        at=row["at"],
        action=row["action"],
        number=row["number"],
        before=before,
        after=after,
        scores_before=None if old is None else dict(old.scores),
        scores_after=None if new is None else dict(new.scores),
        events_before=() if old is None else tuple(old.events),
        events_after=() if new is None else tuple(new.events),
        book_id=row.get("book_id"),
    )
