"""How many games and books one client may create: Flask-Limiter, its memory storage, one shared count.

A limit is written ``"<count> per <window>"``, e.g. ``"60 per 10 minutes"``, ``"5 per minute"``,
``"100 per 1 hour"`` (seconds, minutes, hours or days); ``None``, ``""`` or ``"off"`` means no limit
(app setting ``CREATE_LIMIT``). Every way to make a game or a book counts against it: a new game
from the page or the API, an import, a rematch, a new book from the API, and the book a phone
without one gets when it joins a game or opens a shared book. The count is a moving window
(Flask-Limiter's ``moving-window`` strategy in memory: what a client made in the last window); the
memory it takes is what the clients made within one window, each entry dropped once it expires.

The client is ``request.remote_addr`` (the proxy's ``X-Forwarded-For`` when ``TRUSTED_PROXIES``
says to believe it, through ProxyFix); an IPv6 address counts with every address of its /64,
which one phone or one home can change at will.
"""

from __future__ import annotations

import ipaddress
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar, cast

from flask import Flask, current_app, g, request
from flask.wrappers import Response
from flask_limiter import Limiter

# Games and books created, by one client: no real table comes near it.
CREATE_LIMIT = "60 per 10 minutes"
IPV6_GROUP = 64  # the prefix an IPv6 address counts with

_UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_LIMIT = re.compile(r"^\s*(\d+)\s*(?:per|/)\s*(\d+)?\s*(second|minute|hour|day)s?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: int

    def __str__(self) -> str:
        return f"{self.count} per {self.seconds} seconds"


def parse_limit(text: str | None) -> Rate | None:
    """``"60 per 10 minutes"`` as a :class:`Rate`; no limit as ``None``; anything else is a ValueError."""
    if text is None or not str(text).strip() or str(text).strip().lower() == "off":
        return None
    match = _LIMIT.match(str(text))
    if match is None or int(match.group(1)) < 1 or match.group(2) == "0":
        raise ValueError(f"A rate limit reads like '60 per 10 minutes', not {text!r}.")
    count, amount, unit = match.groups()
    return Rate(int(count), int(amount or 1) * _UNITS[unit.lower()])


def client() -> str:
    """Who a creation counts for: the client's address, an IPv6 one as its /64."""
    address = request.remote_addr or "unknown"
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{parsed}/{IPV6_GROUP}", strict=False))
    return str(parsed)


def created() -> None:
    """Count a game or a book made by this request (once per request, whatever it made)."""
    g.referee_created = True


def _not_counted() -> bool:
    """Only a POST to a view that may create something is checked against the limit."""
    view = current_app.view_functions.get(request.endpoint or "")
    return request.method != "POST" or not getattr(view, "may_create", False)


def _made_something(_response: Response) -> bool:
    return bool(g.get("referee_created", False))


def init_app(app: Flask) -> None:
    """The app's own limiter (each app its own count), from its setting ``CREATE_LIMIT``."""
    rate = parse_limit(app.config.get("CREATE_LIMIT", CREATE_LIMIT))
    limiter = Limiter(
        key_func=client,
        application_limits=[str(rate)] if rate is not None else [],
        application_limits_exempt_when=_not_counted,
        application_limits_deduct_when=_made_something,
        strategy="moving-window",
        storage_uri="memory://",
        enabled=rate is not None,
    )
    limiter.init_app(app)
    app.extensions["referee.limiter"] = limiter


def retry_after() -> int:
    """Seconds until this client may create again, after a 429 (its oldest creation leaves the window).

    (Flask-Limiter's own headers are off: they would put their Retry-After on the 503 of a busy database too.)
    """
    limiter: Limiter = current_app.extensions["referee.limiter"]
    breached = limiter.current_limit
    return max(1, math.ceil(breached.reset_at - time.time())) if breached is not None else 60


View = TypeVar("View", bound=Callable[..., Any])


def may_create(view: View) -> View:
    """A view that may make a book (a phone without one): refused over the limit, counted if it made one."""
    view.may_create = True  # type: ignore[attr-defined]
    return view


def creating(view: View) -> View:
    """A view that makes a game or a book when it succeeds: refused over the limit, else counted."""

    @wraps(view)
    def counted(*args: Any, **kwargs: Any) -> Any:
        answer = current_app.make_response(view(*args, **kwargs))
        if request.method == "POST" and answer.status_code < 400:
            created()
        return answer

    return may_create(cast(View, counted))


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
