"""JSON written by orjson, byte for byte as the standard library writes it.

A game no cache holds is answered whole (every round's JSON): the standard library's C encoder took
a quarter of such a write, orjson several times less. What orjson writes otherwise is made good
here, or left to the standard library:

- it writes UTF-8 where ``ensure_ascii`` writes ``\\u`` escapes (and it leaves DEL as it is): each
  distinct character out of ASCII (a few: the players' names') is replaced by the standard library's
  own escape of it. Such characters can only be inside strings, where escaping one is the same
  whatever is around it;
- it writes a float from 1e-9 to 0.0001 without an exponent or with a one-digit one (``0.00001``,
  ``5e-8``; the standard library ``1e-05``, ``5e-08``): such output is written again by the standard
  library (``0.0000`` or ``e-`` and one digit anywhere in it, a string's too: rare, and never wrong
  to write again). NaN and the infinities (written ``null``) cannot be in a round: every game
  bounds its numbers;
- what orjson refuses (a key that is not a string, an int past 64 bits, a lone surrogate) goes to
  the standard library, which writes it as before.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from json.encoder import encode_basestring_ascii
from typing import Any

import orjson

_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
_ASCII = bytes(range(128))
_DEL = b"\x7f"
_SMALL_FLOAT = b"0.0000"
_SHORT_EXPONENT = re.compile(rb"e-[0-9](?![0-9])")


def sorted_ascii(value: Any, default: Callable[[Any], Any]) -> bytes:
    """``json.dumps(value, default=default, ensure_ascii=True, sort_keys=True, separators=(",", ":"))``,
    UTF-8 encoded, byte for byte (``default``: what a value JSON has no type for becomes)."""
    try:
        written = orjson.dumps(value, default=default, option=_SORTED)
    except orjson.JSONEncodeError:
        written = None
    if written is None or _SMALL_FLOAT in written or (b"e-" in written and _SHORT_EXPONENT.search(written)):
        return json.dumps(value, default=default, sort_keys=True, separators=(",", ":")).encode("ascii")
    if written.isascii():
        return written if _DEL not in written else written.replace(_DEL, b"\\u007f")
    for character in set(written.translate(None, delete=_ASCII).decode("utf-8")):
        escaped = encode_basestring_ascii(character)[1:-1].encode("ascii")
        written = written.replace(character.encode("utf-8"), escaped)
    return written.replace(_DEL, b"\\u007f")
