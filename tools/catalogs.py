"""The message catalogs, kept current with the code: `make extract-messages` (update), `make translations` (compile).

There is one catalog per place that has words: the app's (``referee/translations/``: the Python of
``referee/`` and the templates of ``templates/``, the games' folders aside) and each game's
(``referee/games/<game>/translations/``: its package and ``templates/<game>/``), so a new game brings
its words in its own folder and two games being written at once never edit the same file.
Flask-Babel merges them into one (``BABEL_TRANSLATION_DIRECTORIES``): a message has one translation,
so a message found in two places is written in both catalogs with the same translation (the
app's, if the two differ).

Updating extracts every catalog's messages afresh and gives each the translation it had in any
catalog (a message moved from the app to a game keeps its translation); the messages no longer in
the code are dropped, and no translation is ever guessed (no fuzzy matching). Nothing else changes
in a catalog (its header, dates included), so running it twice changes nothing. There are no
``.pot`` templates: a catalog is all a translator needs, and a new language is a new folder
(``referee/translations/<lang>/LC_MESSAGES/``), filled by the next update.
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "referee"
MESSAGES = Path("LC_MESSAGES") / "messages.po"

# Every function that takes a message to translate, by the name it is called by: gettext's own, the
# markers of referee/games/base.py (N_, NP_) and the ones referee/i18n.py adds for HTML written in
# Python. A function reached under another name is not seen (tests/test_translations.py holds both).
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "N_": None,
    "NP_": (1, 2),
    "markup_gettext": None,
    "markup_ngettext": (1, 2),
}


@dataclass(frozen=True)
class Place:
    """Where a catalog's messages are found, and where the catalog is kept."""

    name: str  # "app", or the game's name
    translations: Path
    python: tuple[Path, ...]  # folders whose .py files are read
    templates: tuple[Path, ...]  # folders whose .html files are read
    apart: tuple[Path, ...] = ()  # folders inside those that belong to another place

    def sources(self) -> Iterator[tuple[str, Path]]:
        for method, folders, suffix in (("python", self.python, "*.py"), ("jinja2", self.templates, "*.html")):
            for folder in folders:
                for path in sorted(folder.rglob(suffix)) if folder.is_dir() else ():
                    if not any(path.is_relative_to(other) for other in self.apart):
                        yield method, path

    def catalog_path(self, language: str) -> Path:
        return self.translations / language / MESSAGES


def places(root: Path = ROOT) -> list[Place]:
    """The app's catalog, then each registered game's that has a folder of its own."""
    # Imported here, not above: compiling the catalogs (`make translations`, on the way to `make run`'s
    # first page) reads only the .po files, and importing every game is most of that command's time.
    from referee.registry import GAMES

    package, templates = root / "referee", root / "templates"
    # Games sharing one package (Belote and Coinche) share its catalog, with each game's template folder.
    by_folder: dict[Path, list[str]] = {}
    for name, spec in GAMES.items():
        if spec.folder is not None:
            by_folder.setdefault(package / spec.folder.relative_to(PACKAGE), []).append(
                name
            )  # the same folder under this root
    games = [
        Place(names[0], folder / "translations", (folder,), tuple(templates / name for name in names))
        for folder, names in by_folder.items()
    ]
    app = Place(
        "app",
        package / "translations",
        (package,),
        (templates,),
        apart=tuple(folder for game in games for folder in (*game.python, *game.templates)),
    )
    return [app, *games]


def languages(root: Path = ROOT) -> list[str]:
    """The languages the app is translated into: the folders of its own catalog."""
    return sorted(
        path.name for path in (root / "referee" / "translations").iterdir() if (path / "LC_MESSAGES").is_dir()
    )


def extracted(place: Place) -> dict[str | tuple[str, ...], None]:
    """The messages found in a place's code, in the order found (a plural as its singular and plural)."""
    found: dict[str | tuple[str, ...], None] = {}
    for method, path in place.sources():
        for _line, message, _comments, _context in extract_from_file(method, path, keywords=KEYWORDS):
            found[message] = None
    return found


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as po_file:
        return read_po(po_file)


def written(catalog: Catalog) -> bytes:
    """A catalog as the file holds it: sorted, without locations (which would change at every edit)."""
    output = io.BytesIO()
    write_po(output, catalog, no_location=True, sort_output=True, ignore_obsolete=True, width=76)
    return output.getvalue()


def translations_of(catalogs: Iterable[Catalog]) -> dict[str, Message]:
    """Every translated message of these catalogs, by its id (its singular for a plural); the first found wins."""
    pool: dict[str, Message] = {}
    for catalog in catalogs:
        for message in catalog:
            if message.id and all(message.string if isinstance(message.string, tuple) else [message.string]):
                pool.setdefault(_key(message.id), message)
    return pool


def _key(message_id: str | tuple[str, ...]) -> str:
    return message_id[0] if isinstance(message_id, tuple) else message_id


def updated(messages: Iterable[str | tuple[str, ...]], header_from: Catalog, pool: Mapping[str, Message]) -> Catalog:
    """A catalog of these messages with the header of ``header_from`` and the translations of ``pool``."""
    catalog = Catalog(locale=header_from.locale, header_comment=header_from.header_comment, fuzzy=header_from.fuzzy)
    catalog.mime_headers = header_from.mime_headers
    for message_id in messages:
        known = pool.get(_key(message_id))
        same_shape = known is not None and isinstance(known.id, tuple) == isinstance(message_id, tuple)
        if known is not None and same_shape:
            catalog.add(message_id, known.string, flags=known.flags - {"python-format"})
        else:
            catalog.add(message_id, ("", "") if isinstance(message_id, tuple) else "")
    return catalog


def current_catalogs(root: Path = ROOT) -> dict[Path, bytes]:
    """Every catalog file as an update would write it, from the code and the catalogs under ``root``."""
    found = places(root)
    files: dict[Path, bytes] = {}
    for language in languages(root):
        existing = {
            place.name: read_catalog(place.catalog_path(language))
            for place in found
            if place.catalog_path(language).is_file()
        }
        pool = translations_of(existing.values())
        for place in found:
            messages = extracted(place)
            if not messages and place.name not in existing:
                continue  # a game with no words of its own needs no catalog
            header = existing.get(place.name) or existing["app"]
            files[place.catalog_path(language)] = written(updated(messages, header, pool))
    return files


def dropped(root: Path = ROOT) -> list[str]:
    """The translated messages of the catalogs under ``root`` that an update would drop, by language.

    A message no longer in the code is meant to go; one still shown but reached through a name the
    keywords do not know (``words = gettext``) would go too, and be shown untranslated.
    """
    kept = {path: read_po(io.BytesIO(content)) for path, content in current_catalogs(root).items()}
    lost = []
    for language in languages(root):
        before = translations_of(
            read_catalog(place.catalog_path(language))
            for place in places(root)
            if place.catalog_path(language).is_file()
        )
        after = {
            _key(message.id) for path, catalog in kept.items() if path.parts[-3] == language for message in catalog
        }
        lost += [f"{language}: {message_id}" for message_id in sorted(before.keys() - after)]
    return lost


def update(root: Path = ROOT) -> None:
    for message in dropped(root):
        print(f"dropped (no longer in the code): {message}")
    for path, content in current_catalogs(root).items():
        if not path.is_file() or path.read_bytes() != content:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
            print(f"updated {path.relative_to(root)}")


def compile_catalogs(root: Path = ROOT) -> None:
    """Every catalog's .mo beside its .po: what Flask-Babel reads."""
    for po_path in sorted((root / "referee").rglob("translations/*/LC_MESSAGES/*.po")):
        with po_path.with_suffix(".mo").open("wb") as mo_file:
            write_mo(mo_file, read_catalog(po_path))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=["update", "compile"])
    if parser.parse_args().action == "update":
        update()
    else:
        compile_catalogs()


if __name__ == "__main__":
    main()
