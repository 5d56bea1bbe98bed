"""Every string the app shows is in the catalogs, translated, and `make extract-messages` loses none.

The catalogs (the app's and each game's) are the ones tools/catalogs.py writes: what an update would
write from the code is what is committed, and an update drops no translated message still shown.
"""

from __future__ import annotations

import ast
import re
import shutil
from collections import defaultdict
from pathlib import Path

from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from tools import catalogs

ROOT = catalogs.ROOT


def committed() -> dict[Path, list]:
    """Every catalog file under referee/ and its messages (the header aside)."""
    found = {}
    for path in sorted((ROOT / "referee").rglob("translations/*/LC_MESSAGES/messages.po")):
        with path.open("rb") as po_file:
            found[path] = [message for message in read_po(po_file) if message.id]
    return found


def test_an_update_drops_no_translated_message() -> None:
    # A message still shown but called through a name the extraction misses would go, untranslated; one
    # taken out of the code goes once `make extract-messages` has run.
    assert catalogs.dropped() == [], "no longer found in the code: called through a new name, or taken out?"


def test_the_committed_catalogs_are_what_an_update_writes() -> None:
    current = catalogs.current_catalogs()
    assert sorted(current) == sorted(committed()), "run `make extract-messages`"
    stale = [str(path.relative_to(ROOT)) for path, content in current.items() if path.read_bytes() != content]
    assert stale == [], "run `make extract-messages` and translate what it adds"


def test_every_message_of_every_catalog_is_translated() -> None:
    untranslated = [
        (path.relative_to(ROOT).parts[:3], message.id)
        for path, messages in committed().items()
        for message in messages
        if message.fuzzy or not all(message.string if isinstance(message.string, tuple) else [message.string])
    ]
    assert untranslated == []


def test_a_message_in_two_catalogs_has_one_translation() -> None:
    """Flask-Babel merges the catalogs into one: of two translations of a message, the last folder's would win."""
    translations = defaultdict(set)
    for path, messages in committed().items():
        for message in messages:
            translations[path.parts[-3], str(message.id)].add(str(message.string))
    assert [key for key, strings in translations.items() if len(strings) > 1] == []


def test_placeholders_survive_translation() -> None:
    placeholder = re.compile(r"%\(\w+\)s")
    for messages in committed().values():
        for message in messages:
            if isinstance(message.id, tuple) or not message.string:
                continue
            assert sorted(placeholder.findall(message.id)) == sorted(placeholder.findall(message.string)), message.id


def test_the_words_of_the_app_and_of_a_game_reach_a_french_page(client: FlaskClient) -> None:
    client.set_cookie("lang", "fr")
    created = client.post("/api/v1/games", json={"game": "hearts", "players": ["Ann", "Bob", "Cat", "Dan"]})
    page = client.get(f"/g/{created.json['id']}").get_data(as_text=True)
    assert "Passez 3 cartes à gauche" in page  # Hearts' catalog
    assert "JSON (pour importer)" in page  # the app's


# --- the extraction sees every way a message is translated ----------------------------------------

# The functions that translate a message they are given (referee/i18n.py's and gettext's).
TRANSLATING = {"gettext", "ngettext", "markup_gettext", "markup_ngettext", "lazy_gettext", "pgettext", "npgettext"}


def renamed_translators(source: str) -> list[str]:
    """Names a translating function is given in this module that the extraction keywords do not know."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found += [alias.asname for alias in node.names if alias.name in TRANSLATING and alias.asname]
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Name | ast.Attribute):
            value = node.value.id if isinstance(node.value, ast.Name) else node.value.attr
            if value in TRANSLATING:
                found += [ast.unparse(target) for target in node.targets]
    return [name for name in found if name not in catalogs.KEYWORDS]


def test_no_translating_function_is_called_by_a_name_the_extraction_misses() -> None:
    renamed = {
        str(path.relative_to(ROOT)): names
        for path in sorted((ROOT / "referee").rglob("*.py"))
        if (names := renamed_translators(path.read_text(encoding="utf-8")))
    }
    assert renamed == {}, "call it by its name, or add the name to tools/catalogs.py KEYWORDS"


def test_a_renamed_translating_function_is_found() -> None:
    assert renamed_translators("words = i18n.gettext\n_ = i18n.markup_gettext\n") == ["words"]
    assert renamed_translators("from flask_babel import gettext as say, ngettext\n") == ["say"]
    assert renamed_translators("x = i18n.catalogue()\n") == []


def test_an_update_would_drop_a_message_reached_through_a_new_name(tmp_path: Path) -> None:
    """The catalog test fails when a translated message is called through a name the keywords miss."""
    tree = tmp_path / "clone"
    for place in catalogs.places():
        shutil.copytree(place.translations, tree / place.translations.relative_to(ROOT))
    (tree / "templates").mkdir()
    (tree / "referee" / "chart.py").write_text(
        'from . import i18n\n\nwords = i18n.gettext\nTITLE = words("Running totals, round by round")\n'
        'SHOWN = i18n.gettext("Undo hand %(number)s")\n',
        encoding="utf-8",
    )
    lost = catalogs.dropped(tree)
    assert "fr: Running totals, round by round" in lost
    assert "fr: Undo hand %(number)s" not in lost
