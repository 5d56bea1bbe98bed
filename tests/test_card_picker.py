"""The card picker shared by Piquet, Tarot, Belote and Coinche (templates/picker.html, static/picks.css,
static/cards.js), on their deal forms through the test client: every card of the game's pack once per hand,
each a checkbox named in words with its face drawn beside it, the cards ticked kept when the form comes back."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.samples import text_of

FOUR = ("Alice", "Bruno", "Chloé", "Denis")
CARD = re.compile(
    r'<label><input aria-label="([^"]+)" value="(\w+)" type="checkbox" name="([a-z-]+)"( checked)?>'
    r'<b aria-hidden="true">([^<]+)</b></label>'
)


def deal_form(client: FlaskClient, game: str, players: tuple[str, ...], sent: dict[str, str | list[str]]) -> str:
    form = {f"player-{seat}": name for seat, name in enumerate(players)}
    made = client.post(f"/new/{game}", data={**form, "dealer": "0"})
    assert made.status_code == 303, text_of(made.get_data(as_text=True))
    location = made.headers["Location"]
    # Posted incomplete, the form comes back refused (422) with what was sent, to be fixed.
    back = client.post(f"{location}/round", data={"number": "1", **sent})
    assert back.status_code == 422, back.status_code
    return back.get_data(as_text=True)


@pytest.mark.parametrize(
    ("game", "players", "way", "ticks", "pack", "faces"),
    [
        (
            "piquet",
            FOUR[:2],
            {"combos": "cards"},
            {"elder-cards": ["AS", "TD"], "younger-cards": ["7H"]},
            32,
            {"AS": ("ace of spades", "A♠"), "TD": ("ten of diamonds", "10♦")},
        ),
        (
            "tarot",
            FOUR,
            {"route": "cards"},
            {"cards": ["21T", "EX", "NH"]},
            78,
            {"21T": ("trump 21", "21"), "EX": ("the Excuse", "★"), "NH": ("knight of hearts", "Kn♥")},
        ),
        (
            "belote",
            FOUR,
            {"way": "cards"},
            {"cards": ["JH", "7C"]},
            32,
            {"JH": ("jack of hearts", "J♥"), "7C": ("7 of clubs", "7♣")},
        ),
        ("coinche", FOUR, {"way": "cards"}, {"cards": ["9S"]}, 32, {"9S": ("9 of spades", "9♠")}),
    ],
)
def test_every_card_once_named_and_drawn_the_ticked_ones_kept(
    client: FlaskClient,
    game: str,
    players: tuple[str, ...],
    way: dict[str, str],
    ticks: dict[str, list[str]],
    pack: int,
    faces: dict[str, tuple[str, str]],
) -> None:
    page = deal_form(client, game, players, {**way, **ticks})
    names = list(ticks)
    cards = [(name, code, checked, spoken, face) for spoken, code, name, checked, face in CARD.findall(page)]
    assert [name for name, *_ in cards] == [name for name in names for _ in range(pack)]
    for name in names:
        assert len({code for named, code, *_ in cards if named == name}) == pack
    ticked = {(name, code) for name, code, checked, *_ in cards if checked}
    assert ticked == {(name, code) for name, codes in ticks.items() for code in codes}
    drawn = {code: (spoken, face) for _name, code, _checked, spoken, face in cards}
    assert {code: drawn[code] for code in faces} == faces
    assert page.count('class="card-grid') == {"piquet": 2, "tarot": 5}.get(game, 1)
    assert re.search(r'<link rel="stylesheet" href="/static/[^"]*\+picks\.css\+', page)
    assert re.search(rf'<script src="/static/[^"]*\+cards\.js\+{game}/round\.js\?v=\w+"', page)
