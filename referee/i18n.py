"""Translations looked up once per (locale, message).

Flask-Babel finds the request's catalogue again on every call (the context, the domain, the
locale, its name, a cache lookup: about 6 µs), and the Jinja callables it installs add a layer
more; a table page of 100 Queenie deals asks for about 800 words. Here each locale's words are
kept in a dict the first time they are asked for, and the request's catalogue is found once per
request. The catalogues never change while the app runs, so nothing here goes stale.

:func:`gettext` and :func:`ngettext` behave as Flask-Babel's (``%``-formatting with keyword
variables); :func:`init_app` installs newstyle Jinja callables with the same behaviour as
Jinja's own (always ``%``-formatted, escaped in autoescaped templates).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from flask import Flask, current_app, has_request_context
from flask_babel import force_locale, get_locale, get_translations
from jinja2.nodes import EvalContext
from jinja2.utils import pass_eval_context
from markupsafe import Markup, escape

# ngettext's answer depends on the number (its plural form): numbers beyond this are not kept.
_KEPT_NUMBERS = 1000
# Things made from the words and kept per locale (see Catalogue.made), at most.
_KEPT_MADE = 20_000

Value = TypeVar("Value")


class Catalogue:
    """One locale's translations, each message looked up once; ``language``: the locale's name."""

    def __init__(self, translations: Any, language: str):
        self.translations = translations
        self.language = language
        self.singular: dict[str, str] = {}
        self.plural: dict[tuple[str, str, int], str] = {}
        self.plain_markup: dict[str, Markup] = {}
        self.kept: dict[Hashable, Any] = {}

    def gettext(self, message: str) -> str:
        try:
            return self.singular[message]
        except KeyError:
            text = self.singular[message] = self.translations.ugettext(message)
            return text

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        if not isinstance(number, int) or not -_KEPT_NUMBERS <= number <= _KEPT_NUMBERS:
            return str(self.translations.ungettext(singular, plural, number))
        key = (singular, plural, number)
        try:
            return self.plural[key]
        except KeyError:
            text = self.plural[key] = self.translations.ungettext(singular, plural, number)
            return text

    def made(self, key: Hashable, make: Callable[[], Value]) -> Value:
        """Something made from this locale's words once (an event described), kept up to a bound."""
        try:
            return self.kept[key]  # type: ignore[no-any-return]
        except KeyError:
            pass
        value = make()
        if len(self.kept) >= _KEPT_MADE:
            self.kept.clear()  # player names make the keys endless: start again rather than grow
        self.kept[key] = value
        return value

    def markup(self, message: str) -> Markup:
        """The translated message as markup, formatted with no variables (``%%`` becomes ``%``)."""
        try:
            return self.plain_markup[message]
        except KeyError:
            text = self.plain_markup[message] = Markup(self.gettext(message)) % {}
            return text


_catalogues: dict[tuple[str, str], Catalogue] = {}
_catalogues_lock = threading.Lock()
# The current request's catalogue, found on its first word and forgotten when the request ends (and
# as the next begins), so the rest of the request's words skip Flask-Babel's locale lookup.
_current: ContextVar[Catalogue | None] = ContextVar("referee_catalogue", default=None)


def catalogue() -> Catalogue:
    """The current locale's catalogue (Flask-Babel's translations, looked up once per locale)."""
    found = _current.get()
    if found is not None:
        return found
    locale = get_locale()
    key = (str(current_app.config.get("BABEL_TRANSLATION_DIRECTORIES", "")), str(locale))
    found = _catalogues.get(key)
    if found is None:
        with _catalogues_lock:
            found = _catalogues.setdefault(key, Catalogue(get_translations(), key[1]))
    if has_request_context():
        _current.set(found)
    return found


def language() -> str:
    """``str(get_locale())``, the name of the request's language, found once per request (a key of what pages
    keep per language: Flask-Babel's lookup and Babel's name of the locale cost some 3 µs each time)."""
    return catalogue().language


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """The words of language ``code`` meanwhile (Flask-Babel's ``force_locale``; the request's catalogue, kept
    from its first word, set aside and back after)."""
    kept_catalogue = _current.set(None)
    try:
        with force_locale(code):
            yield
    finally:
        _current.reset(kept_catalogue)


def _forget(_error: BaseException | None = None) -> None:
    _current.set(None)


def gettext(message: str, **variables: Any) -> str:
    """As :func:`flask_babel.gettext`: the translation, ``%``-formatted with ``variables`` if any."""
    text = catalogue().gettext(message)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, number: int, **variables: Any) -> str:
    """As :func:`flask_babel.ngettext`: the form for ``number``, formatted with ``num`` and ``variables``."""
    variables.setdefault("num", number)
    return catalogue().ngettext(singular, plural, number) % variables


# Written as they are by Markup's ``%``: markup (escaping it makes the same text anew) and whole numbers.
_AS_THEY_ARE = frozenset((Markup, int))


def _escaped(value: Any) -> Any:
    """A value as ``Markup``'s ``%`` writes it: markup and a whole number as they are (``%d`` takes a number
    too), anything else escaped."""
    return value if type(value) in _AS_THEY_ARE else escape(value)


def markup_format(template: str, *values: Any) -> Markup:
    """``Markup(template) % values``, the same HTML made quicker: each value escaped once, one ``%`` on a
    plain string and one Markup made (``Markup``'s own ``%`` wraps each value in a helper and makes
    markup of every part; a deal's summary writes dozens)."""
    return Markup(template % tuple(map(_escaped, values)))


def _markup_words(text: str, variables: Mapping[str, Any]) -> Markup:
    """``Markup(text) % variables``, as :func:`markup_format` makes it."""
    return Markup(text % {name: _escaped(value) for name, value in variables.items()})


@pass_eval_context
def jinja_gettext(eval_ctx: EvalContext, message: str, /, **variables: Any) -> str:
    """Jinja's newstyle ``_``/``gettext``: always ``%``-formatted, markup (variables escaped) when autoescaping."""
    found = catalogue()
    if eval_ctx.autoescape:
        if not variables:
            return found.markup(message)
        return _markup_words(found.gettext(message), variables)
    return found.gettext(message) % variables


@pass_eval_context
def jinja_ngettext(eval_ctx: EvalContext, singular: str, plural: str, number: int, /, **variables: Any) -> str:
    """Jinja's newstyle ``ngettext``, as :func:`jinja_gettext`, with ``num`` set to the number."""
    variables.setdefault("num", number)
    text = catalogue().ngettext(singular, plural, number)
    if eval_ctx.autoescape:
        return _markup_words(text, variables)
    return text % variables


def markup_gettext(message: str, **variables: Any) -> Markup:
    """What ``{{ _(message, …) }}`` writes in a template, for HTML written in Python (variables escaped)."""
    found = catalogue()
    if not variables:
        return found.markup(message)
    return _markup_words(found.gettext(message), variables)


def markup_ngettext(singular: str, plural: str, number: int, **variables: Any) -> Markup:
    """What ``{{ ngettext(singular, plural, number, …) }}`` writes in a template, for HTML written in Python."""
    variables.setdefault("num", number)
    return _markup_words(catalogue().ngettext(singular, plural, number), variables)


def kept(*key: Hashable, caller: Callable[[], Value]) -> Value:
    """Jinja's ``{% call kept(name, value…) %}body{% endcall %}``: the body rendered once per locale and key.

    For what a page shows many times and never changes (a card's name and symbol): the key must hold
    every value the body uses, so what is kept is never stale; bounded as :meth:`Catalogue.made`.
    """
    return catalogue().made(("kept", *map(_frozen, key)), caller)


def _frozen(value: Any) -> Hashable:
    """A key made of what a template has at hand: mappings and lists become tuples (in their order)."""
    if isinstance(value, Mapping):
        return ("mapping", *((_frozen(key), _frozen(item)) for key, item in value.items()))
    if isinstance(value, list | tuple):
        return tuple(map(_frozen, value))
    return value  # type: ignore[no-any-return]


def init_app(app: Flask) -> None:
    """Replace the Jinja callables Flask-Babel installed with the memoised ones (after ``babel.init_app``).

    A request's locale is chosen once (Flask-Babel's selector: the cookie, then Accept-Language);
    its catalogue is kept for the request only.
    """
    app.jinja_env.globals.update(_=jinja_gettext, gettext=jinja_gettext, ngettext=jinja_ngettext, kept=kept)
    app.before_request(_forget)
    app.teardown_request(_forget)
