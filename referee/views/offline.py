"""The installed app: its manifest (one per language) and its service worker, served from the root.

The service worker (``templates/offline/sw.js``) keeps the static files under their versioned URLs
and the pages this phone has seen, so a table page still opens without a connection. It is rendered
with the static files' versions: a new version of the app is a new worker, which replaces the old
cache. The rounds typed in while the connection is down are kept by the pages' own scripts
(``static/app.js``, ``form.js`` and ``offline.js``), not here: a service worker needs a secure
context, and a laptop on the home Wi-Fi serves plain HTTP.
"""

from __future__ import annotations

import hashlib
import json

from flask import Blueprint, Flask, Response, abort, current_app, render_template, request, url_for
from flask.blueprints import BlueprintSetupState
from flask_babel import force_locale, gettext

from .. import delivery
from ..extensions import LANGUAGES

bp = Blueprint("offline", __name__)

# The browser bar and the splash screen: the page's own background in each colour scheme (style.css).
THEME_COLORS = {"light": "#fbfaf7", "dark": "#121212"}
ICONS = (
    ("icon-192.png", "192x192", "any"),
    ("icon-512.png", "512x512", "any"),
    ("icon-maskable-512.png", "512x512", "maskable"),
)
# base.html writes them in its theme-color metas.
bp.record_once(lambda state: state.app.jinja_env.globals.update(theme_colors=THEME_COLORS))


def queue_words_file(code: str) -> str:
    """The static file of static/offline.js's words in that language ("offline-words.fr.js")."""
    return f"offline-words.{code}.js"


def _queue_words() -> dict[str, str]:
    """What static/offline.js says about the rounds it keeps on this phone, in the current language; the
    words of a game's rounds ("Deal 4") come with the page (templates/offline/words.html)."""
    return {
        "waiting": gettext("%(round)s: not sent yet", round="{round}"),
        "heading": gettext("Kept on this phone: %(count)s", count="{count}"),
        "send": gettext("Send now"),
        "stale": gettext(
            "Waiting for the connection: what to do for %(round)s shows once the rounds kept on this phone are"
            " stored. The instructions greyed below are out of date.",
            round="{round}",
        ),
        "kept": gettext(
            "No connection: %(round)s is kept on this phone. It is sent by itself when the connection returns.",
            round="{round}",
        ),
        "later": gettext(
            "No connection: this phone cannot make the form of %(round)s yet (who deals and who leads depend on"
            " the rounds before it). Note it on paper meanwhile; the form comes back with the connection.",
            round="{round}",
        ),
        "refused": gettext("%(round)s could not be saved:", round="{round}"),
        "open": gettext("Open it to fix it"),
        "discard": gettext("Discard it"),
    }


@bp.record_once
def _make_queue_words(state: BlueprintSetupState) -> None:
    """static/offline.js's words, one file per language, out of every page that may load it (some 0.3 KB
    compressed of each round form and scorer's table page): loaded with it, in one file
    (templates/offline/words.html), and kept by the service worker with the static files."""
    app = state.app
    assert isinstance(app, Flask)
    made = {}
    with app.app_context():
        for code in LANGUAGES:
            with force_locale(code):
                words = json.dumps(_queue_words(), ensure_ascii=False, sort_keys=True)
            made[queue_words_file(code)] = f"window.refereeQueueWords={words};".encode()
    delivery.add_made_files(app, made)
    app.jinja_env.globals["queue_words_file"] = queue_words_file


def _revalidated(response: Response) -> Response:
    """Asked again each time it is used: a new version of the app must reach the phone at once."""
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/manifest.<code>.webmanifest")
def manifest(code: str) -> Response:
    if code not in LANGUAGES:
        abort(404)
    root = request.script_root + "/"
    with force_locale(code):
        description = gettext("Scores for the card games you play at the table: Hearts, Queenie, Piquet and more.")
    body = {
        "id": root,
        "name": "referee",
        "short_name": "referee",
        "description": description,
        "lang": code,
        "dir": "ltr",
        "start_url": url_for("tables.home"),
        "scope": root,
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLORS["light"],
        "background_color": THEME_COLORS["light"],
        "icons": [
            {"src": url_for("static", filename=name), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for name, sizes, purpose in ICONS
        ],
    }
    response = current_app.response_class(
        json.dumps(body, ensure_ascii=False, sort_keys=True), mimetype="application/manifest+json"
    )
    return _revalidated(response)


@bp.get("/sw.js")
def service_worker() -> Response:
    versions: dict[str, str] = current_app.extensions["referee.static_versions"]
    static_urls = [url_for("static", filename=name) for name in sorted(versions)]
    offline_words = {}
    for code in LANGUAGES:
        with force_locale(code):
            offline_words[code] = {
                "title": gettext("No connection"),
                "text": gettext(
                    "This page was not opened on this phone before: it opens again when the connection returns."
                ),
                "back": gettext("Back"),
                "retry": gettext("Try again"),
            }
    body = render_template(
        "offline/sw.js",
        static_urls=static_urls,
        static_prefix=url_for("static", filename=""),
        home_url=url_for("tables.home"),
        offline_words=offline_words,
    )
    # The cache's name: the worker's own text, which holds every static file's version.
    release = hashlib.sha256(body.encode()).hexdigest()[:12]
    body = body.replace("__RELEASE__", release)
    response = current_app.response_class(body, mimetype="text/javascript")
    return _revalidated(response)
