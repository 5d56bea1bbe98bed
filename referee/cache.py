"""A small thread-safe LRU for things derived from a game at one version, bounded by size.

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
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Value = TypeVar("Value")


def _one(_value: object) -> int:
    return 1


class VersionedCache(Generic[Value]):
    def __init__(self, budget: int, weigh: Callable[[Value], int] = _one):
        self.budget = budget
        self.weigh = weigh
        self.weight = 0  # the total weight of the entries kept
        self._entries: OrderedDict[Hashable, tuple[Value, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get_or_make(self, key: Hashable, make: Callable[[], Value], weight: int | None = None) -> Value:
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                return self._entries[key][0]
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
        with self._lock:
            if key not in self._entries:
                return None
            self._entries.move_to_end(key)
            return self._entries[key][0]

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.weight = 0
