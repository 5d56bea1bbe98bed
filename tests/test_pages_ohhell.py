"""Oh Hell on the phone pages through Flask's test client (JavaScript off by definition): the table's
reminder of the hand (size, trumps, who bids first, the hook), the round form in bidding order with the
dealer's forbidden bid greyed out, "made it", the hook refused at its field (OH6), French, and the form of the
bids said before the play."""

from __future__ import annotations

import re
from html import unescape

from flask import Flask
from flask.testing import FlaskClient

from referee.games.base import make_setup
from referee.games.ohhell import rules
from referee.games.ohhell.form import OhHellAnnounceForm
from tests.conftest import dump_database
from tests.ohhell_examples import TABLE

PLAYERS = list(TABLE)


def start(client: FlaskClient, dealer: int = 3, **options: str) -> str:
    """A game created on the new-game form, the dealer's hook ticked as it comes (Denis deals by default)."""
    options = {"hook": "on", **options}
    form = {f"player-{seat}": name for seat, name in enumerate(PLAYERS)}
    form["dealer"] = str(dealer)
    form.update({f"option-{name}": value for name, value in options.items()})
    response = client.post("/new/ohhell", data=form)
    assert response.status_code == 303, field_errors(response.get_data(as_text=True))
    return response.headers["Location"]


def hand_form(number: int, bids: list[int | str], tricks: list[int | str]) -> dict[str, str]:
    form = {f"bid-{seat}": str(bid) for seat, bid in enumerate(bids)}
    form.update({f"tricks-{seat}": str(taken) for seat, taken in enumerate(tricks)})
    form["number"] = str(number)
    return form


def field_errors(html: str) -> list[str]:
    return [unescape(text) for text in re.findall(r'class="field-error"[^>]*>([^<]*)<', html)]


def text_of(html: str) -> str:
    body = re.sub(r"<(script|style|title|desc)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", body))).strip()


def disabled_chips(html: str) -> list[str]:
    """The chips the page greys out, as ``field:=count``."""
    return re.findall(r'<button class="chip forbidden" name="adjust" value="([^"]+)"[^>]*disabled', html)


def test_the_table_tells_the_hand_to_deal(client: FlaskClient) -> None:
    location = start(client, max_cards="5", sequence="down")
    page = text_of(client.get(location).get_data(as_text=True))
    assert "Hand 1 of 5 · Denis deals" in page
    assert "5 cards each · 20 cards to deal" in page
    assert "Deal, then turn up the next card: its suit is trumps." in page
    assert "Alice bids first and leads to the first trick; the dealer bids last." in page
    assert "Denis deals and bids last: the bids may not add up to 5." in page


def test_oh6_through_the_form_bidding_order_the_forbidden_bid_the_hook_refused_then_accepted(
    app: Flask, client: FlaskClient
) -> None:
    location = start(client, max_cards="5", sequence="down")
    form = client.get(f"{location}/round").get_data(as_text=True)
    order = re.findall(r'id="row-bid-(\d)"', form)
    assert order == ["0", "1", "2", "3"]  # Alice first, Denis (the dealer) last
    assert disabled_chips(form) == []
    partial = hand_form(1, [2, 0, 1, ""], ["", "", "", ""]) | {"adjust": "bid-3:=1"}
    shown = client.post(f"{location}/round", data=partial).get_data(as_text=True)
    assert disabled_chips(shown) == ["bid-3:=2"]
    assert "Denis may not bid 2" in text_of(shown)
    assert "underbid by 1" in text_of(shown)
    before = dump_database(app)
    refused = client.post(f"{location}/round", data=hand_form(1, [2, 0, 1, 2], [2, 1, 1, 1]))
    assert refused.status_code == 422
    assert field_errors(refused.get_data(as_text=True)) == [
        "Denis deals and may not bid 2: the bids would add up to 5, the number of tricks."
    ]
    assert dump_database(app) == before
    saved = client.post(f"{location}/round", data=hand_form(1, [2, 0, 1, 1], [2, 1, 1, ""]))
    assert saved.status_code == 303  # Denis, left empty, took the trick left
    table = client.get(location).get_data(as_text=True)
    assert "Hand 2 of 5 · Alice deals" in text_of(table)


def test_made_it_copies_the_bid_into_the_tricks(client: FlaskClient) -> None:
    location = start(client, dealer=0)
    form = hand_form(1, [3, 2, 4, 2], ["", "", "", ""]) | {"adjust": "made:2"}
    page = client.post(f"{location}/round", data=form).get_data(as_text=True)
    assert re.search(r'name="tricks-2"[^>]*value="4"', page)
    assert re.search(r'name="tricks-1"[^>]*value=""', page)


def test_the_dealer_bids_last_in_the_form(client: FlaskClient) -> None:
    location = start(client, dealer=1)
    form = client.get(f"{location}/round").get_data(as_text=True)
    assert re.findall(r'id="row-bid-(\d)"', form) == ["2", "3", "0", "1"]
    assert re.findall(r'id="row-tricks-(\d)"', form) == ["2", "3", "0", "1"]


def test_refusals_name_the_player_at_their_row(client: FlaskClient) -> None:
    location = start(client)
    response = client.post(f"{location}/round", data=hand_form(1, [3, 11, 4, 2], [3, 3, 2, 1]))
    assert response.status_code == 422
    assert field_errors(response.get_data(as_text=True)) == [
        "Bruno's bid must be from 0 to 10: this hand has 10 cards.",
        "The tricks must add up to 10 (they add up to 9).",
    ]


def test_the_page_in_french(client: FlaskClient) -> None:
    client.set_cookie("lang", "fr")
    location = start(client, max_cards="13")
    page = text_of(client.get(location).get_data(as_text=True))
    assert "13 cartes chacun · 52 cartes à distribuer" in page
    assert "Pas d'atout à cette manche." in page
    form = text_of(client.get(f"{location}/round").get_data(as_text=True))
    assert "Enchères" in form and "Plis pris" in form


def test_the_announce_form_takes_the_bids_given_and_shows_the_stored_ones() -> None:
    setup = make_setup(rules, PLAYERS, {"max_cards": 5, "sequence": "down"}, "Denis")
    entered = rules.next_hand(setup, 1)
    announce = OhHellAnnounceForm()
    posted = {"bid-0": "2", "bid-1": " ", "bid-2": "1", "bid-3": "two"}
    assert announce.to_input(posted, setup, entered) == {"bids": {"Alice": 2, "Chloé": 1, "Denis": "two"}}
    stored = {"bids": {"Alice": 2, "Bruno": 0, "Chloé": 1}}
    values = announce.values(setup, stored, entered)
    assert values == {"bid-0": "2", "bid-1": "0", "bid-2": "1"}
    facts = announce.facts(setup, values, entered)
    assert (facts["bid_total"], facts["forbidden_bid"], facts["order"]) == (3, 2, [0, 1, 2, 3])
    assert announce.values(setup, {}, entered) == {}


def test_the_event_line_says_who_made_their_bid_and_who_missed(client: FlaskClient) -> None:
    """OH1 on the table page, in both languages: the players who made it, then those who missed with their
    bid and tricks, then the balance of the bids."""
    location = start(client)
    assert client.post(f"{location}/round", data=hand_form(1, [3, 2, 4, 2], [3, 3, 2, 2])).status_code == 303
    line = (
        "Alice made their bid · Denis made their bid · Bruno missed (bid 2, took 3) · Chloé missed (bid 4, took 2)"
        " · Overbid by 1"
    )
    assert line in text_of(client.get(location).get_data(as_text=True))
    client.set_cookie("lang", "fr")
    french = text_of(client.get(location).get_data(as_text=True))
    assert (
        "Alice a réussi son enchère · Denis a réussi son enchère · Bruno a chuté (enchère 2, plis 3)"
        " · Chloé a chuté (enchère 4, plis 2) · Enchères : 1 de plus que les plis"
    ) in french


def test_the_blank_sheet_has_spare_rows_for_playing_on(client: FlaskClient) -> None:
    """Four players, down to 1 and back up: 19 hands, then three spare hands of 10 cards, dealt on round the table."""
    html = client.get("/sheets/ohhell/blank?players=4&sequence=down_up").get_data(as_text=True)
    rows = re.findall(
        r'<tr data-hand="(\d+)"><th scope="row">\d+</th><td class="text seat-cell">(\w)</td><td>(\d+)</td>', html
    )
    assert [int(number) for number, _dealer, _size in rows] == list(range(1, 23))
    spare = html.split('<tbody class="spare">', 1)[1]
    assert re.findall(
        r'<tr data-hand="(\d+)"><th scope="row">\d+</th><td class="text seat-cell">(\w)</td><td>(\d+)</td>', spare
    ) == [
        ("20", "D", "10"),
        ("21", "A", "10"),
        ("22", "B", "10"),
    ]
    assert "If the leaders are tied and the table plays on:" in text_of(html)
