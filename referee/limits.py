"""How often one client address may create or import a game: a small in-process rate limit.

A limit is written ``"<count> per <window>"``, e.g. ``"60 per 10 minutes"``, ``"5 per minute"``,
``"100 per 1 hour"`` (seconds, minutes, hours or days); ``None``, ``""`` or ``"off"`` means no limit.
It is a token bucket (the generic cell rate algorithm): an address may make ``count`` requests at
once, then one more each ``window / count``. It keeps one number per address, for at most
``MOST_ADDRESSES`` addresses (the least recently seen are forgotten first), so its memory is
bounded whatever the traffic.

The address is ``request.remote_addr``: the proxy's ``X-Forwarded-For`` when ``TRUSTED_PROXIES``
says to believe it (ProxyFix), else the peer's address.
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar, cast

from flask import Flask, current_app, request
from werkzeug.exceptions import TooManyRequests

# Games created or imported, by one address: no real table comes near it.
CREATE_LIMIT = "60 per 10 minutes"
MOST_ADDRESSES = 10_000

_UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_LIMIT = re.compile(r"^\s*(\d+)\s*(?:per|/)\s*(\d+)?\s*(second|minute|hour|day)s?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: float


def parse_limit(text: str | None) -> Rate | None:
    """``"60 per 10 minutes"`` as a :class:`Rate`; no limit as ``None``; anything else is a ValueError."""
    if text is None or not str(text).strip() or str(text).strip().lower() == "off":
        return None
    match = _LIMIT.match(str(text))
    if match is None or int(match.group(1)) < 1 or match.group(2) == "0":
        raise ValueError(f"A rate limit reads like '60 per 10 minutes', not {text!r}.")
    count, amount, unit = match.groups()
    return Rate(int(count), int(amount or 1) * _UNITS[unit.lower()])


class RateLimiter:
    """A token bucket per key, thread-safe, remembering at most ``most_keys`` keys."""

    def __init__(
        self, rate: Rate, most_keys: int = MOST_ADDRESSES, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.interval = rate.seconds / rate.count  # one request more each interval
        self.burst = rate.seconds - self.interval  # how far ahead of the clock an address may run
        self.most_keys = most_keys
        self.clock = clock
        self._due: OrderedDict[str, float] = OrderedDict()  # per key, when its bucket is full again
        self._lock = threading.Lock()

    def hit(self, key: str) -> float:
        """Count one request of ``key``: 0 if allowed, else the seconds to wait (nothing is counted)."""
        now = self.clock()
        with self._lock:
            due = max(self._due.pop(key, now), now)
            if due - now > self.burst + 1e-9:  # (a float's rounding never refuses the last of a burst)
                self._due[key] = due
                return due - now - self.burst
            self._due[key] = due + self.interval
            # Forget keys whose bucket is full again (they are as good as new), then the oldest if need be.
            while self._due and (len(self._due) > self.most_keys or next(iter(self._due.values())) <= now):
                self._due.popitem(last=False)
            return 0.0

    def __len__(self) -> int:
        return len(self._due)


def init_app(app: Flask) -> None:
    """The app's limiter for creating and importing games (app setting ``CREATE_LIMIT``)."""
    rate = parse_limit(app.config.get("CREATE_LIMIT", CREATE_LIMIT))
    app.extensions["referee.create_limit"] = None if rate is None else RateLimiter(rate)


View = TypeVar("View", bound=Callable[..., Any])


def bodies_up_to(size: int) -> Callable[[View], View]:
    """A view that takes bodies up to ``size`` bytes, instead of the app's ``MAX_CONTENT_LENGTH``."""

    def decorate(view: View) -> View:
        view.max_content_length = size  # type: ignore[attr-defined]
        return view

    return decorate


def body_limit() -> int | None:
    """The most bytes the request's view takes: its own :func:`bodies_up_to`, else ``MAX_CONTENT_LENGTH``."""
    view = current_app.view_functions.get(request.endpoint or "")
    own: int | None = getattr(view, "max_content_length", None)
    return own if own is not None else current_app.config.get("MAX_CONTENT_LENGTH")


def creating(view: View) -> View:
    """Count each POST to ``view`` against the client address's limit; over it, a 429 with Retry-After."""

    @wraps(view)
    def limited(*args: Any, **kwargs: Any) -> Any:
        limiter: RateLimiter | None = current_app.extensions.get("referee.create_limit")
        if limiter is not None and request.method == "POST":
            wait = limiter.hit(request.remote_addr or "")
            if wait > 0:
                raise TooManyRequests(retry_after=max(1, math.ceil(wait)))
        return view(*args, **kwargs)

    return cast(View, limited)
