"""A small thread-safe LRU for things derived from a game at one version.

Every write bumps the game's version in the database, so an entry keyed by
version can never be stale, whichever process made the write.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Value = TypeVar("Value")


class VersionedCache(Generic[Value]):
    def __init__(self, size: int):
        self.size = size
        self._entries: OrderedDict[Hashable, Value] = OrderedDict()
        self._lock = threading.Lock()

    def get_or_make(self, key: Hashable, make: Callable[[], Value]) -> Value:
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                return self._entries[key]
        value = make()
        with self._lock:
            self._entries[key] = value
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
