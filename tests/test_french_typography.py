"""French as a French reader reads it, in every French catalog (the app's and each game's): court cards
in French letters (R, D, V: roi, dame, valet), and a narrow no-break space before « : ; ? ! » (issue 24).

The pages' own punctuation around translated words goes through a message too ("%(label)s: %(message)s"),
so the catalogs are where the space is set.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from tools import catalogs

NNBSP = "\u202f"
FRENCH = sorted((catalogs.ROOT / "referee").rglob("translations/fr/LC_MESSAGES/messages.po"))

# A card as a reader sees it, in English letters: K♠ Q♥ J♦, or a card code for typing (KH, QS, JD).
ENGLISH_CARD = re.compile(r"(?<![\w%])[KQJ](?:[♠♥♦♣]|[SHDC](?!\w))")
# A colon, semicolon, question or exclamation mark as punctuation: followed by a space, the end, or what
# closes a phrase. Not a URL's "https://", a time's "21:30", nor a format's "%(name)s".
PUNCTUATION = re.compile(r"[:;?!](?=\s|$|[»)\"'<.,…])")


def french_strings() -> list[tuple[str, str, str]]:
    """(catalog, message id, one French string) for every French string of every catalog."""
    found = []
    for path in FRENCH:
        where = str(path.relative_to(catalogs.ROOT / "referee").parent.parent.parent)
        with path.open("rb") as po_file:
            for message in read_po(po_file):
                if not message.id:
                    continue
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                found += [(where, str(message.id), string) for string in strings]
    return found


def missing_space(text: str) -> list[str]:
    """Each punctuation mark of ``text`` without a narrow no-break space before it, with what precedes it."""
    return [
        text[max(0, found.start() - 10) : found.end()]
        for found in PUNCTUATION.finditer(text)
        if found.start() and text[found.start() - 1] != NNBSP
    ]


def test_every_french_catalog_is_checked() -> None:
    assert {path.relative_to(catalogs.ROOT).parts[1] for path in FRENCH} >= {"translations", "games"}
    assert len(FRENCH) == 1 + len(list((catalogs.ROOT / "referee" / "games").glob("*/translations")))


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        ("Objectif : 100", ["Objectif :"]),
        (f"Objectif{NNBSP}: 100", []),
        ("Dame de pique:", ["e de pique:"]),
        (f"Qui a la %(card)s{NNBSP}?", []),
        ("Voir https://example.org/a?b à 21:30", []),
        ("%(label)s : %(message)s", ["%(label)s :"]),
        (f"Annuler la manche %(number)s{NNBSP}?", []),
        ("gagne !", ["gagne !"]),
    ],
)
def test_the_check_finds_a_missing_space_and_nothing_else(text: str, missing: list[str]) -> None:
    assert missing_space(text) == missing


def test_no_english_card_letter_is_shown_to_a_french_reader() -> None:
    assert ENGLISH_CARD.search("la Q♠") and ENGLISH_CARD.search("« AS KH 7D »")
    assert not ENGLISH_CARD.search("« A♠ R♥ 7♦ »") and not ENGLISH_CARD.search("%(card)s")
    found = [(where, message, text) for where, message, text in french_strings() if ENGLISH_CARD.search(text)]
    assert found == []


def test_a_narrow_no_break_space_before_every_colon_semicolon_question_and_exclamation() -> None:
    found = [(where, message, missing_space(text)) for where, message, text in french_strings() if missing_space(text)]
    assert found == []


def test_court_cards_in_french_letters() -> None:
    letters = {message: text for _where, message, text in french_strings() if message in ("K", "Q", "J")}
    assert letters == {"K": "R", "Q": "D", "J": "V"}
