"""The API's rounds written by orjson are the bytes the standard library writes (Flask's JSON: sorted,
compact, ASCII), for any value JSON holds: names out of ASCII, control characters and DEL, floats of
every size, keys that are not strings, ints past 64 bits."""

from __future__ import annotations

import dataclasses
import datetime
import json
from typing import Any

from flask.json.provider import DefaultJSONProvider
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.fastjson import sorted_ascii

default = DefaultJSONProvider.default


def standard(value: Any) -> bytes:
    return json.dumps(value, default=default, sort_keys=True, separators=(",", ":")).encode("ascii")


scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.floats(min_value=-1e-3, max_value=1e-3)
    | st.text()
    | st.sampled_from(["Chloé", "Émile", "Zoë 🂡", "\x7f", "tab\there", 'quote " and \\', "\u2028", "😀😀"])
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=1000, deadline=None)
@given(values)
def test_any_value_is_written_as_the_standard_library_writes_it(value: Any) -> None:
    assert sorted_ascii(value, default) == standard(value)


def test_what_orjson_writes_otherwise_is_written_the_standard_way() -> None:
    @dataclasses.dataclass
    class Shown:
        name: str
        when: datetime.date

    awkward = {
        "small floats": [1e-05, -2.5e-07, 5.092063270719487e-08, 0.0001, 1e-10, 1e16, 1.5e300],
        "keys": {1: "one", 2: "two"},
        "big": 2**70,
        "dataclass": Shown("Chloé", datetime.date(2026, 11, 29)),
        "names": ["Chloé", "Zoë 🂡", "\x7f"],
    }
    assert sorted_ascii(awkward, default) == standard(awkward)
    for part in awkward.values():
        assert sorted_ascii(part, default) == standard(part)
