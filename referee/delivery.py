"""What goes on the wire: compressed text, and static files under versioned URLs, cached for good.

Compression is Flask-Compress (brotli, zstd or gzip, as the phone accepts; nothing below 500
bytes). A view may name what its body is (:func:`same_body_as`, e.g. a table page at one version):
the compressed bytes are then kept, bounded, and a second phone asking for that page gets them
without compressing again.

The static files are the app's (``referee/static/``) and each game's own (``referee/games/<game>/static/``,
served under ``/static/<game>/``: ``url_for('static', filename='hearts/round.js')``), all under the one
``static`` endpoint. Stylesheets and scripts are minified once, when the app starts (rcssmin: comments
and spaces out; minify-go for the scripts: comments and spaces out, and the names local to a function
shortened, the global ones and every property kept), and served from memory; in debug mode the files
are served as they are on disk. Every static URL made with ``url_for('static', filename=...)`` carries ``v=<hash
of the bytes served>`` (computed once per file when the app starts). A request whose ``v`` is the
file's hash is answered with ``Cache-Control: public, max-age=31536000, immutable``: the phone never
asks again, and a new file is a new URL. Any other request for a static file keeps Flask's ``no-cache`` (revalidated).

A page loads one stylesheet and one script (:func:`bundle_url`): the files it needs, named in its template,
served as one file under the names joined by ``+`` (``/static/style.css+form.css+piquet/round.css?v=<hash
of the bytes served>``), each minified, in the order named. Compressed together they are some 15 % smaller
than one by one (brotli finds what they share), and a page makes two requests, not up to nine. The URL
says what it holds, so any process serves it, made at its first request and kept; the service worker
(templates/offline/sw.js) makes it too, from the files it kept when it installed, joined the same way, so
a page's bundle needs no connection on a phone that has it, even the first time.

Other responses keep the Cache-Control their views give them (the version poll's ``no-store``, the
exports' ``no-cache``), and the API's ETag stays the game's version when its answer is compressed.
Templates get a ``url_for`` that builds each URL once.
"""

from __future__ import annotations

import functools
import hashlib
import mimetypes
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import brotli
import minify
import rcssmin
from flask import Flask, Response, abort, current_app, g, request, send_file, url_for
from flask.typing import ResponseReturnValue
from flask_compress import Compress

from .cache import GameCache, VersionedCache

YEAR = 365 * 24 * 60 * 60
IMMUTABLE = f"public, max-age={YEAR}, immutable"
# Compressed bodies kept, in bytes: the static files and bundles, a few dozen (some 30 KB each at most).
COMPRESSED_BYTES = 2 * 1024 * 1024
# The games' compressed bodies kept, in bytes: a scorer's and a watcher's table page of 4,000 tables (some
# 4 KB each compressed, ACTIVE_GAMES), each game's newest version.
GAME_COMPRESSED_BYTES = 32 * 1024 * 1024
# The kinds of bodies that belong to a game at a version (:func:`same_body_as`): ``("table", game_id,
# version, ...)``, ``("api", game_id, version)``.
GAME_BODIES = ("table", "api")


def served_bytes(path: Path) -> bytes:
    """What is sent for a static file: a stylesheet or a script minified, anything else as it is."""
    data = path.read_bytes()
    if path.suffix == ".css":
        return bytes(rcssmin.cssmin(data))
    if path.suffix in (".js", ".mjs"):
        return minify.string("application/javascript", data.decode()).encode()
    return data


# The scripts' language as written (``?.``, spread, template literals): the minifier writes nothing newer.
minify.config({"js-version": 2020})


class StaticBody:
    """A minified stylesheet or script as served: its bytes, and the same compressed once with brotli's best
    when a phone first asks for them so (not at start: `referee init-db`, and a server starting, do not
    wait for the 28 files' 0.3 s of it; the first phone waits some 15 ms a file)."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    @functools.cached_property
    def version(self) -> str:
        """A short hash of the bytes served: what the URL's ``v`` says."""
        return hashlib.sha256(self.data).hexdigest()[:12]

    @functools.cached_property
    def brotli(self) -> bytes:
        return _best_brotli(self.data)


# Quality 11, once per file: 15 % fewer bytes than the quality Flask-Compress uses for pages (4), which
# it must spend on every page it compresses. Kept by content for the process: an app made again (the
# test suite makes one per test) does not spend the time again on the same bytes.
@functools.lru_cache(maxsize=256)
def _best_brotli(data: bytes) -> bytes:
    return bytes(brotli.compress(data, quality=11))


# The files of one bundle: base.html's two and a page's own, a round form's being the most (a game's four).
_BUNDLE_PARTS = 12
# Between two files of a bundle: a stylesheet's last rule or a script's last statement ends there.
_BUNDLE_JOINS = {".css": b"\n", ".js": b";\n"}


def _static_files(folder: Path, games: Mapping[str, Path]) -> dict[str, Path]:
    """Every static file by the name its URL gives it: ``style.css`` in the app's folder, ``hearts/round.js``
    in a game's (``games``: each game's static folder by its name)."""
    files = {path.relative_to(folder).as_posix(): path for path in _files_under(folder)}
    for game, game_folder in games.items():
        if (folder / game).exists():
            raise ValueError(f"referee/static/{game} would hide the static files of the game {game!r}.")
        files.update({f"{game}/{path.relative_to(game_folder).as_posix()}": path for path in _files_under(game_folder)})
    return files


def _files_under(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.is_file()) if folder.is_dir() else []


def _served(files: Mapping[str, Path]) -> tuple[dict[str, str], dict[str, StaticBody]]:
    """(a short hash of the bytes served, the minified bodies) of every static file, by its name.

    Only the stylesheets and scripts have minified bodies.
    """
    versions: dict[str, str] = {}
    bodies: dict[str, StaticBody] = {}
    for name, path in files.items():
        served = served_bytes(path)
        body = StaticBody(served)
        versions[name] = body.version
        if path.suffix in (".css", ".js", ".mjs"):
            bodies[name] = body
    return versions, bodies


def _bundle(filename: str) -> StaticBody | None:
    """The minified files a bundle's name joins with ``+`` (``style.css+form.css``), as one body.

    Kept (and compressed at brotli's best) when a page names it (:func:`bundle_url`): a few dozen in all.
    Another mix of the app's files is answered too, made again each time and compressed as a page is:
    URLs a client makes up neither take the place of the pages' bundles nor cost brotli's best each.
    None when it names no bundle: a part that is no stylesheet or script of the app, parts of two kinds
    (a stylesheet with a script), a part named twice, too many parts.
    """
    kept: dict[str, StaticBody] = current_app.extensions["referee.static_bundles"]
    if (body := kept.get(filename)) is not None:
        return body
    parts = filename.split("+")
    suffix = Path(parts[0]).suffix
    bodies: dict[str, StaticBody] = current_app.extensions["referee.static_bodies"]
    if (
        len(parts) < 2
        or len(parts) > _BUNDLE_PARTS
        or len(set(parts)) != len(parts)
        or suffix not in _BUNDLE_JOINS
        or any(Path(part).suffix != suffix or part not in bodies for part in parts)
    ):
        return None
    body = StaticBody(_BUNDLE_JOINS[suffix].join(bodies[part].data for part in parts))
    if filename in current_app.extensions["referee.named_bundles"]:
        kept[filename] = body
    return body


def add_made_files(app: Flask, files: Mapping[str, bytes]) -> None:
    """Scripts, stylesheets or pages the app makes (by their names: ``offline-words.fr.js``), served as the
    static files are: versioned, cached for good, joined in bundles, and kept by the service worker when it
    installs (which lists every static file's version). For words in each language that a script needs only
    now and then (static/offline.js's: referee/views/offline.py), out of every page that might load it.

    Added at once (the maps replaced, bodies first): a request meanwhile, on another thread, finds all of
    them or none, and a page names only a file that is served."""
    made = {name: StaticBody(data) for name, data in files.items()}
    app.extensions["referee.static_bodies"] = {**app.extensions["referee.static_bodies"], **made}
    versions = {name: body.version for name, body in made.items()}
    app.extensions["referee.static_versions"] = {**app.extensions["referee.static_versions"], **versions}


def bundle_url(names: list[str], suffix: str) -> str | None:
    """The URL of the one file that serves the named files of this kind (``.css`` or ``.js``), in order.

    One file is its own URL; none, None. For the templates: base.html links a page's stylesheets and
    scripts so.
    """
    chosen = list(dict.fromkeys(str(name) for name in names if str(name).endswith(suffix)))
    if not chosen:
        return None
    filename = "+".join(chosen)
    if len(chosen) > 1:
        current_app.extensions["referee.named_bundles"].add(filename)
    return template_url_for("static", filename=filename)


def _chosen_coding() -> str | None:
    """The coding Flask-Compress would answer with: its first algorithm the request accepts."""
    for coding in current_app.config["COMPRESS_ALGORITHM"]:
        if request.accept_encodings[coding] > 0:
            return str(coding)
    return None


def _static_view(app: Flask) -> None:
    """The ``static`` endpoint answers with the minified bytes kept in memory (revalidated by their hash).

    A phone that takes brotli gets the bytes compressed once, at the first such request, for a file or a
    bundle a page names (Flask-Compress leaves a response that has its Content-Encoding alone; any other
    coding, and a bundle no page names, is Flask-Compress's, kept once made where a view named it). Files
    without minified bytes, and every file in debug mode, are sent from disk as Flask's own view does
    (a game's from its folder); a name that is no static file is a 404.
    """

    def static(filename: str) -> ResponseReturnValue:
        body: StaticBody | None = current_app.extensions["referee.static_bodies"].get(filename)
        if body is None and "+" in filename:
            body = _bundle(filename)
            if body is None:
                abort(404)
            if current_app.debug:  # the files as they are on disk, for a page in debug mode
                return _bundle_from_disk(filename)
        paths: dict[str, Path] = current_app.extensions["referee.static_paths"]
        if body is None or (current_app.debug and filename in paths):
            path: Path | None = paths.get(filename)
            if path is None:
                abort(404)
            return send_file(path, max_age=current_app.get_send_file_max_age(filename))
        version = static_version(filename) or ""
        mimetype = mimetypes.guess_type(filename)[0]
        kept = "+" not in filename or filename in current_app.extensions["referee.static_bundles"]
        if _chosen_coding() == "br" and kept:
            response = current_app.response_class(body.brotli, mimetype=mimetype)
            response.headers["Content-Encoding"] = "br"
            response.set_etag(f"{version}:br")  # another representation, another tag (as Flask-Compress's)
        else:
            response = current_app.response_class(body.data, mimetype=mimetype)
            response.set_etag(version)
        response.vary.add("Accept-Encoding")
        response.cache_control.no_cache = True  # as Flask's own (SEND_FILE_MAX_AGE_DEFAULT None)
        return response.make_conditional(request)

    app.view_functions["static"] = static


def _bundle_from_disk(filename: str) -> Response:
    """A bundle of the files as they are on disk (a file the app makes, as it made it)."""
    paths: dict[str, Path] = current_app.extensions["referee.static_paths"]
    bodies: dict[str, StaticBody] = current_app.extensions["referee.static_bodies"]
    parts = filename.split("+")
    data = _BUNDLE_JOINS[Path(parts[0]).suffix].join(
        paths[part].read_bytes() if part in paths else bodies[part].data for part in parts
    )
    response = current_app.response_class(data, mimetype=mimetypes.guess_type(parts[0])[0])
    response.cache_control.no_cache = True
    return response


def static_version(filename: str) -> str | None:
    """The version (content hash) of a static file or bundle, as its URLs carry it; None for an unknown one."""
    versions: dict[str, str] = current_app.extensions["referee.static_versions"]
    if "+" not in filename:
        return versions.get(filename)
    body = _bundle(filename)
    return None if body is None else body.version


def _versioned_static_urls(endpoint: str, values: dict[str, object]) -> None:
    if endpoint == "static" and "v" not in values:
        version = static_version(str(values.get("filename", "")))
        if version is not None:
            values["v"] = version


def _cache_versioned_static(response: Response) -> Response:
    """A static file asked for at its current version is cached for good (``immutable``).

    Its body is read into memory (the files are small), so that Flask-Compress compresses it
    once and keeps it, rather than compressing a stream on every request (which also leaves the
    file to be closed by the garbage collector).
    """
    if request.endpoint != "static" or response.status_code not in (200, 206, 304):
        return response
    filename = (request.view_args or {}).get("filename", "")
    version = request.args.get("v")
    # Not in debug mode: there a file may change while the app runs (its URL keeps the first hash).
    current = version is not None and version == static_version(filename) and not current_app.debug
    if current:
        response.headers["Cache-Control"] = IMMUTABLE
        response.headers.pop("Expires", None)
    if response.status_code == 200:
        response.direct_passthrough = False
        response.make_sequence()  # the file is closed when the response is
        if current:
            same_body_as("static", filename, version)
    return response


def _vary_by_language(response: Response) -> Response:
    """Every answer but a static file speaks the reader's language (``Accept-Language``): a cache must
    keep one per language."""
    if request.endpoint != "static":
        response.vary.add("Accept-Language")
    return response


# ---------------------------------------------------------------------------
# URLs in templates

# The URLs the templates ask for, each built once per app: a table page asks for some twenty, and
# Flask builds each anew (the static ones with their ?v= query, about 15 µs). Cleared when full, so
# room for a club's evening: a game's pages name some 18 URLs of their own (its links, each language's
# way back to the page), so 4,096 held about 220 tables, and at 2,000 tables every URL was built anew
# (url_for was an eighth of the serving process's time, bench/club.py). 65,536 hold some 3,600 tables,
# about 460 bytes each: 30 MB at most.
_URLS_KEPT = 65_536


def template_url_for(endpoint: str, **values: Any) -> str:
    """``url_for`` for the templates: the same URL for the same endpoint and values, built once.

    Only relative URLs of absolute endpoint names are kept (by the request's script root);
    anything else (``_external``, ``_anchor``, a blueprint-relative ``.name``) is built each time.
    """
    if endpoint.startswith(".") or any(name.startswith("_") for name in values):
        return url_for(endpoint, **values)
    try:
        urls: dict[tuple[object, ...], str] = current_app.extensions["referee.urls"]
        key = (request.script_root, endpoint, *sorted(values.items()))
        found = urls.get(key)
    except (TypeError, RuntimeError):  # an unhashable value, or no request
        return url_for(endpoint, **values)
    if found is None:
        found = url_for(endpoint, **values)
        if len(urls) >= _URLS_KEPT:
            urls.clear()
        urls[key] = found
    return found


# ---------------------------------------------------------------------------
# compression


class CompressedBodies:
    """Flask-Compress's cache backend: the compressed bytes of the bodies a view named, bounded in bytes.

    Flask-Compress asks with ``"<algorithm>;<identity>"``; a response no view named has an empty identity
    and is neither looked up nor kept. A game's bodies (an identity of :data:`GAME_BODIES`: its kind, then
    the game's id and version) are kept as its pages are, its newest versions, a write replacing them: the
    watchers' copies of a page are compressed once per version however many tables play (kept with the
    others, a club's scorers' pages pushed the watchers' out before the last watcher had asked, past some
    2,000 tables). Any other (a static file's) is kept until it is the least recently used.
    """

    def __init__(self) -> None:
        self._bodies: VersionedCache[bytes] = VersionedCache(COMPRESSED_BYTES, weigh=len)
        self._games: GameCache[bytes] = GameCache(GAME_COMPRESSED_BYTES, weigh=len)

    def get(self, key: str) -> bytes | None:
        if key.endswith(";"):
            return None
        game = _game_body(key)
        return self._bodies.get(key) if game is None else self._games.get(*game)

    def set(self, key: str, value: bytes) -> None:
        if key.endswith(";"):
            return
        game = _game_body(key)
        if game is None:
            self._bodies.get_or_make(key, lambda: value)
        elif self._games.get(*game) is None:
            game_id, version, variant = game
            self._games.put(game_id, version, value, variant)


def _game_body(key: str) -> tuple[str, int, str] | None:
    """(the game's id, its version, the rest of the key) of a game's body's key, else None."""
    coding, _, identity = key.partition(";")
    parts = identity.split("|", 3)
    if len(parts) < 3 or parts[0] not in GAME_BODIES or not parts[2].isdigit():
        return None
    kind, game_id, version, *variant = parts
    return game_id, int(version), "|".join([coding, kind, *variant])


# Where :func:`same_body_as` leaves the identity for what answers in front of the app (referee/views/kept_pages.py).
BODY_IDENTITY = "referee.body_identity"


def same_body_as(*identity: object) -> None:
    """Say what this response's body is (the same identity, the same bytes): its compression is kept (and a
    table page's whole answer to a phone without cookies, in front of the app)."""
    g.referee_body_identity = request.environ[BODY_IDENTITY] = "|".join(str(part) for part in identity)


def _body_identity(_request: object) -> str:
    return str(g.get("referee_body_identity", ""))


_CODED_VERSION = re.compile(r'^"(\d+):(?:br|zstd|gzip|deflate)"$')


def _keep_version_etags(response: Response) -> Response:
    """The API's ETag is the game's version (``"4"``, what ``If-Match`` sends back), compressed or not.

    Flask-Compress appends the coding to a strong ETag (``"4:br"``); a client reading the ETag as the
    version, or sending it back, would be refused. Runs after Flask-Compress.
    """
    etag = response.headers.get("ETag")
    if etag is not None and (coded := _CODED_VERSION.match(etag)):
        response.headers["ETag"] = f'"{coded.group(1)}"'
    return response


def init_app(app: Flask, game_folders: Mapping[str, Path]) -> None:
    """``game_folders``: each game's own static folder, by the game's name."""
    paths = _static_files(Path(app.static_folder or ""), game_folders)
    versions, bodies = _served(paths)
    app.extensions["referee.static_paths"] = paths
    app.extensions["referee.static_versions"] = versions
    app.extensions["referee.static_bodies"] = bodies
    app.extensions["referee.static_bundles"] = {}
    app.extensions["referee.named_bundles"] = set()
    if "static" in app.view_functions:
        _static_view(app)
    app.url_defaults(_versioned_static_urls)
    app.extensions["referee.urls"] = {}
    app.jinja_env.globals["url_for"] = template_url_for
    app.jinja_env.globals["bundle_url"] = bundle_url
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "zstd", "gzip"])
    # Brotli's quality 5 rather than Flask-Compress's 4: some 6 % fewer bytes for a page (3.6 KB, not 3.8 KB,
    # for a typical table page) for 0.1 ms more, and pages are compressed once per version where they can be.
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    # Streamed responses (none of ours: static files are read first, see above); no gzip in a stream.
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "zstd", "deflate"])
    app.config.setdefault("COMPRESS_CACHE_BACKEND", CompressedBodies)
    app.config.setdefault("COMPRESS_CACHE_KEY", _body_identity)
    # Flask runs after_request functions last registered first: init_app is called before any other
    # is registered, so compression runs after them all and sees the final body and headers.
    app.after_request(_keep_version_etags)  # after the compression
    Compress(app)
    app.after_request(_cache_versioned_static)
    app.after_request(_vary_by_language)
