"""Every string the app shows has a French translation in the catalog."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "referee" / "translations" / "fr" / "LC_MESSAGES" / "messages.po"
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NP_": (1, 2), "_l": None}


def source_messages() -> set[str]:
    found: set[str] = set()
    for folder, method in (("referee", "python"), ("templates", "jinja2")):
        for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT / folder,
            method_map=[("**.py", method)] if method == "python" else [("**.html", method)],
            keywords=KEYWORDS,
        ):
            found.add(message[0] if isinstance(message, tuple) else message)
    return found


def test_every_shown_string_is_in_the_french_catalog_and_translated() -> None:
    with CATALOG.open(encoding="utf-8") as po_file:
        catalog = read_po(po_file)
    translated = {
        message.id[0] if isinstance(message.id, tuple) else message.id
        for message in catalog
        if message.id
        and all(message.string if isinstance(message.string, tuple) else [message.string])
        and not message.fuzzy
    }
    missing = sorted(source_messages() - translated)
    assert missing == [], f"run `make extract-messages` and translate: {missing[:10]}"


def test_placeholders_survive_translation() -> None:
    with CATALOG.open(encoding="utf-8") as po_file:
        catalog = read_po(po_file)
    placeholder = re.compile(r"%\(\w+\)s")
    for message in catalog:
        if not message.id or isinstance(message.id, tuple) or not message.string:
            continue
        assert sorted(placeholder.findall(message.id)) == sorted(placeholder.findall(message.string)), message.id
