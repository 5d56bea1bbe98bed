"""A game's state as bytes and back, for the replays kept in the database (:mod:`referee.gamestate`).

Only the games' own classes are read back (Python's containers and numbers pickle names none of): a
kept replay comes from the database, and pickle would otherwise call whatever a row names.

Each round's details are pickled apart and read back only when first read (``RoundResult.details``,
through a :class:`~referee.games.base.Later`): only the pages show them, and they are most of a
state's objects (Queenie's chips moved and stacks, Piquet's lines), so reading them back with every
round would cost most of what reading the state saves.
"""

from __future__ import annotations

import copyreg
import io
import pickle
from typing import Any

from .base import Details, Later, RoundResult, held_details

PROTOCOL = 5
_NEW_OBJECT = copyreg.__newobj__  # type: ignore[attr-defined]  # pickle writes it as NEWOBJ: no name to read back


def pickled(state: Any) -> bytes:
    """The state as bytes (pickle's exceptions for a state holding what does not pickle)."""
    written = io.BytesIO()
    _StatePickler(written, PROTOCOL).dump(state)
    return written.getvalue()


def unpickled(data: bytes) -> Any:
    """What :func:`pickled` wrote (:class:`pickle.UnpicklingError` for anything else a game's state is not made of)."""
    return _GamesUnpickler(io.BytesIO(data)).load()


def _round(result: RoundResult[Any]) -> tuple[Any, ...]:
    """A round as pickle makes a dataclass (a new object, its fields set), its details pickled apart."""
    held = held_details(result)
    later = held if isinstance(held, _Pickled) else _Pickled(pickle.dumps(held, PROTOCOL))
    return _NEW_OBJECT, (RoundResult,), {**result.__dict__, "details": later}


class _StatePickler(pickle.Pickler):
    dispatch_table = {**copyreg.dispatch_table, RoundResult: _round}


class _Pickled(Later):
    """Details pickled, read back when first read."""

    __slots__ = ("data",)

    def __init__(self, data: bytes):
        self.data = data

    def make(self) -> Details:
        made: Details = unpickled(self.data)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return _Pickled, (self.data,)


class _GamesUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if module == "referee.games" or module.startswith("referee.games."):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a game's state")
