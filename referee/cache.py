"""Small thread-safe LRUs for things derived from a game at one version, bounded by size.

:class:`GameCache` keeps the newest versions of each game (a write replaces its game's entries);
:class:`VersionedCache` keeps any key (frames, books, compressed bodies) until it is the least recently used.

Every write bumps the game's version in the database, so an entry keyed by
version can never be stale, whichever process made the write.

The bound is a budget of weight, not a number of entries: each entry weighs what
``weigh(value)`` says (or the ``weight`` given with it), at least 1, and the least
recently used entries go until the total fits. The weight is an approximate size in
a unit each cache chooses and documents: characters for a rendered page (``len``),
rounds for a game's derived standings or state. An entry heavier than the whole
budget is returned but not kept.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

Value = TypeVar("Value")

# Every cache made, so that all of them can be emptied at once (:func:`forget_everything`).
_every_cache: weakref.WeakSet[VersionedCache[Any] | GameCache[Any]] = weakref.WeakSet()


def forget_everything() -> None:
    """Every cache emptied, as in a process just started: for tests and benchmarks of a cold game."""
    for cache in list(_every_cache):
        cache.clear()


def _one(_value: object) -> int:
    return 1


class VersionedCache(Generic[Value]):
    def __init__(self, budget: int, weigh: Callable[[Value], int] = _one):
        self.budget = budget
        self.weigh = weigh
        self.weight = 0  # the total weight of the entries kept
        self._entries: OrderedDict[Hashable, tuple[Value, int]] = OrderedDict()
        self._lock = threading.Lock()
        _every_cache.add(self)

    def get_or_make(self, key: Hashable, make: Callable[[], Value], weight: int | None = None) -> Value:
        found = self.get(key)
        if found is not None:
            return found
        value = make()
        self.put(key, value, weight)
        return value

    def put(self, key: Hashable, value: Value, weight: int | None = None) -> None:
        """Keep ``value`` for ``key``, in place of any entry kept for it (made meanwhile by another thread)."""
        cost = max(1, self.weigh(value) if weight is None else weight)
        if cost > self.budget:
            return
        with self._lock:
            if key in self._entries:
                self.weight -= self._entries.pop(key)[1]
            self._entries[key] = (value, cost)
            self.weight += cost
            while self.weight > self.budget:
                _, (_, dropped) = self._entries.popitem(last=False)
                self.weight -= dropped

    def get(self, key: Hashable) -> Value | None:
        """The entry kept for ``key`` (now the most recently used), or None; never makes one."""
        with self._lock:  # the key hashed twice, not three times (a chart's line is a key of some hundred values)
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
            return entry[0]

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.weight = 0


# How many games' derived things each GameCache keeps: a club's evening of a few thousand tables, each
# playing one game at a time (docs/benchmarks.md measures what they weigh in memory).
ACTIVE_GAMES = 4000
# Versions kept per game: the newest, and the one before it (its rows and JSON are reused for the
# rounds they share; a stale reader may still be on it).
VERSIONS_KEPT = 2


class GameCache(Generic[Value]):
    """Things derived from a game at one version (its states, its page, its JSON), the newest versions of each game.

    A write makes a new version: what is kept for it replaces the game's oldest version kept instead of
    waiting to be evicted, so a game costs its size once, not once per round played. An entry asked for
    at a version older than those kept (a reader that loaded the game just before a write) is made, not
    kept. Each entry has a ``variant`` (a language, a phone's role) beside its game and version.

    Bounded by games (the least recently used game goes first) and by ``budget`` in the weight
    ``weigh`` gives (rounds, characters). A game weighs what its newest version's entries weigh: the
    version before shares nearly all of it (the same rounds' results), and goes with the next write.
    """

    def __init__(self, budget: int, weigh: Callable[[Value], int] = _one, games: int = ACTIVE_GAMES):
        self.budget = budget
        self.weigh = weigh
        self.games = games
        self.weight = 0  # the total weight of the games kept
        # game id -> (its weight, version -> variant -> (value, weight)), the least recently used game first.
        self._games: OrderedDict[Hashable, tuple[int, dict[int, dict[Hashable, tuple[Value, int]]]]] = OrderedDict()
        self._lock = threading.Lock()
        _every_cache.add(self)

    def get(self, game_id: Hashable, version: int, variant: Hashable = ()) -> Value | None:
        """The entry kept (its game now the most recently used), or None; never makes one."""
        with self._lock:
            kept = self._games.get(game_id)
            if kept is None:
                return None
            self._games.move_to_end(game_id)
            found = kept[1].get(version, {}).get(variant)
            return None if found is None else found[0]

    def get_or_make(self, game_id: Hashable, version: int, make: Callable[[], Value], variant: Hashable = ()) -> Value:
        found = self.get(game_id, version, variant)
        if found is not None:
            return found
        value = make()
        self.put(game_id, version, value, variant)
        return value

    def put(self, game_id: Hashable, version: int, value: Value, variant: Hashable = ()) -> None:
        """Keep ``value`` for the game at ``version`` (in place of one kept for it), unless it is older
        than the versions kept; the game's versions before the newest VERSIONS_KEPT go."""
        cost = max(1, self.weigh(value))
        if cost > self.budget:
            return
        with self._lock:
            _weight, versions = self._games.pop(game_id, (0, {}))
            self.weight -= _weight
            if version in versions or len(versions) < VERSIONS_KEPT or version > min(versions):
                versions.setdefault(version, {})[variant] = (value, cost)
                for old in sorted(versions)[:-VERSIONS_KEPT]:
                    del versions[old]
            newest = versions[max(versions)]
            weight = sum(cost for _value, cost in newest.values())
            self._games[game_id] = (weight, versions)
            self.weight += weight
            while len(self._games) > self.games or self.weight > self.budget:
                dropped, _versions = self._games.popitem(last=False)[1]
                self.weight -= dropped

    def __len__(self) -> int:
        """The games kept."""
        return len(self._games)

    def clear(self) -> None:
        with self._lock:
            self._games.clear()
            self.weight = 0
