"""referee: a score keeper and referee for card games played at a real table."""

from __future__ import annotations

import functools
import os
import secrets
from collections.abc import Mapping
from importlib import import_module
from pathlib import Path
from typing import Any

from babel import Locale
from flask import Flask, Response, abort, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter

from . import db, delivery, i18n, installed, limits
from .extensions import LANGUAGE_COOKIE, LANGUAGES, babel, csrf
from .games.fields import MOST_DIGITS
from .games.spec import GameSpec
from .registry import GAMES
from .sessions import KeptSigningSessions
from .views import api, background, books, errors, kept_pages, offline, polls, share, sheets, tables, templating

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def _instance_path_option() -> dict[str, Any]:
    """REFEREE_INSTANCE_PATH, if set, instead of Flask's default (instance/ or <prefix>/var/referee-instance)."""
    configured = os.environ.get("REFEREE_INSTANCE_PATH")
    return {"instance_path": str(Path(configured).expanduser().resolve())} if configured else {}


# Each language's Locale, made once: Flask-Babel takes one as it is (a name it parses again on every request).
_LOCALES = {language: Locale.parse(language) for language in LANGUAGES}


def select_locale() -> Locale:
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGES:
        return _LOCALES[chosen]
    return _accepted_locale(request.headers.get("Accept-Language", ""))


@functools.lru_cache(maxsize=1024)
def _accepted_locale(accepted: str) -> Locale:
    """The language an ``Accept-Language`` header chooses, found once per header (a club's phones send a few)."""
    return _LOCALES[parse_accept_header(accepted, LanguageAccept).best_match(LANGUAGES) or "en"]


def _ensure_secret_key(instance_path: Path) -> None:
    """Write a random secret key to instance/config.py the first time the app runs."""
    config_file = instance_path / "config.py"
    if config_file.exists():
        return
    config_file.write_text(f"SECRET_KEY = {secrets.token_hex(32)!r}\n", encoding="utf-8")
    config_file.chmod(0o600)


# On every answer (a view may set its own Content-Security-Policy).
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


def _security_headers(response: Response) -> Response:
    own_policy = response.headers.get("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.update({**SECURITY_HEADERS, "Content-Security-Policy": own_policy})
    return response


def _refuse_oversized_bodies() -> None:
    """A declared body over the view's limit (MAX_CONTENT_LENGTH, an import's more) is a 413 on every route,
    not only on those that read it; so is a body sent without a declared length (chunked), read here up to
    the limit: werkzeug's reading stops there and hands the view what it read (a JSON body cut short: a 400)."""
    limit = request.max_content_length = limits.body_limit()
    if limit is not None and (request.content_length or 0) > limit:
        abort(413)
    chunked = request.content_length is None and "chunked" in request.headers.get("Transfer-Encoding", "")
    # Read up to the limit, then one byte more from the server's own stream: a body longer than the limit.
    read = len(request.get_data(cache=True)) if limit is not None and chunked else 0
    if read == limit and request.environ["wsgi.input"].read(1):
        abort(413)


def _game_folders(games: Mapping[str, GameSpec], name: str) -> dict[str, Path]:
    """The games' own folders of that name (``translations``, ``static``) that exist, by game."""
    return {
        game: spec.folder / name
        for game, spec in games.items()
        if spec.folder is not None and (spec.folder / name).is_dir()
    }


class _Count(IntegerConverter):
    """``<int:…>`` in a route: at most :data:`MOST_DIGITS` digits, so a longer number is no such page
    (a 404) rather than what ``int()`` refuses past 4,300 digits (werkzeug then answered 405)."""

    regex = rf"\d{{1,{MOST_DIGITS}}}"


# Functions whose answer ``ensure_sync`` keeps, per app: its hooks, views and error handlers (some 60), made
# before its first request, and then a few of the first requests' own ``after_this_request`` functions.
_SYNC_KEPT = 256


def _ensure_sync(app: Flask, kept: dict[Any, Any], func: Any) -> Any:
    """``Flask.ensure_sync``, asked once per function: Flask asks ``inspect`` again whether it is a coroutine
    for every hook of every request (some 17 of them, 4 % of a kept page's time)."""
    try:
        return kept[func]
    except KeyError:
        synced = type(app).ensure_sync(app, func)
        if len(kept) < _SYNC_KEPT:
            kept[func] = synced
        return synced


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder="templates",  # referee/templates: a link to the top-level folder in a checkout
        **_instance_path_option(),
    )
    app.jinja_environment = templating.GlobalsShared  # before anything makes the app's jinja_env
    app.session_interface = KeptSigningSessions()
    app.ensure_sync = functools.partial(_ensure_sync, app, {})  # type: ignore[method-assign]
    app.url_map.converters["int"] = _Count
    instance_path = Path(app.instance_path)
    instance_path.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE=str(instance_path / "referee.sqlite3"),
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=64 * 1024,
        BABEL_DEFAULT_LOCALE="en",
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 365,
    )
    if test_config is None:
        _ensure_secret_key(instance_path)
        app.config.from_pyfile("config.py")
        app.config.from_prefixed_env("REFEREE")
    else:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        raise RuntimeError("No SECRET_KEY: refusing to serve on a default key.")
    proxies = int(app.config.get("TRUSTED_PROXIES", 0))
    if proxies:
        # Behind a reverse proxy: links and QR codes use the scheme and host the phone used.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)  # type: ignore[method-assign]

    # The app's words, then each game's (Flask-Babel merges the catalogs: tools/catalogs.py keeps a
    # message found in two of them translated alike).
    app.config.setdefault(
        "BABEL_TRANSLATION_DIRECTORIES",
        ";".join(map(str, [Path(__file__).parent / "translations", *_game_folders(GAMES, "translations").values()])),
    )
    installed.install(GAMES)
    db.init_app(app)
    delivery.init_app(
        app, _game_folders(GAMES, "static")
    )  # first: its compression then runs after every other after_request
    limits.init_app(app)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    i18n.init_app(app)
    app.before_request(_refuse_oversized_bodies)
    app.after_request(_security_headers)

    app.register_blueprint(tables.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(sheets.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(books.bp)
    app.register_blueprint(offline.bp)
    for spec in GAMES.values():
        if spec.web is not None:  # a game's own web face: a plugin loaded once every game is registered
            app.register_blueprint(import_module(spec.web).bp)
    csrf.exempt(api.bp)
    background.init_app(app)
    errors.init_app(app)
    templating.init_app(app)

    # Outermost: a watcher's poll is answered before any of the above, and a watcher's table page the app
    # already answered at the game's version.
    kept = kept_pages.KeptPages(app, app.wsgi_app)
    app.wsgi_app = polls.UnchangedPolls(app, kept, SECURITY_HEADERS)  # type: ignore[method-assign]

    connection = db.connect(app.config["DATABASE"])
    try:
        db.migrate(connection)
    finally:
        connection.close()
    return app
