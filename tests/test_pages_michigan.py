"""Newmarket, Michigan and Saratoga's pages through Flask's test client: the game list, the table panel
(pay cards, stakes owed), the deal form (no stakes where they are fixed, the auction's price, no spare
hand in Saratoga), the play-along's reach, the paper, in English and French."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from referee.games.queenie.examples import MICHIGAN_GAME
from tests.conftest import dump_database
from tests.test_pages_queenie import deal_form, new_game_form, text

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
NBSP = "\u202f"


def start(client: FlaskClient, game: str, players: list[str] = FOUR, **options: str) -> str:
    response = client.post(f"/new/{game}", data=new_game_form(players, 0, **options))
    assert response.status_code == 303, text(response.get_data(as_text=True))
    return response.headers["Location"]


def michigan(client: FlaskClient) -> str:
    return start(client, "michigan", pay_per_card="on")  # the box a phone shows ticked


def michigan_deal(number: int, raw: Mapping[str, Any]) -> dict[str, str]:
    """A Michigan deal of the examples as the form posts it (players by seat)."""
    seat = {name: str(index) for index, name in enumerate(FOUR)}
    form = {"number": str(number), "dealer_choice": str(raw["dealer_choice"]), "buyer": seat.get(raw["buyer"], "")}
    form.update({f"queen-{suit}": seat.get(player, "") for suit, player in raw["queens"].items()})
    form["out"] = seat.get(raw["out"], "none")
    form.update({f"cards_left-{seat[player]}": str(cards) for player, cards in (raw.get("cards_left") or {}).items()})
    if raw.get("price") is not None:
        form["price"] = str(raw["price"])
    return form


def test_the_game_list_finds_michigan_under_its_other_names(client: FlaskClient) -> None:
    home = text(client.get("/").get_data(as_text=True))
    assert "Michigan also Boodle, Stops, Chicago" in home
    assert "Newmarket" in home and "Saratoga" in home
    french = text(client.get("/lang/fr?next=/", follow_redirects=True).get_data(as_text=True))
    assert "Michigan ou Boodle, Stops, Chicago" in french


def test_the_michigan_table_names_the_boodles_and_what_each_player_stakes(client: FlaskClient) -> None:
    table = text(client.get(michigan(client)).get_data(as_text=True))
    assert "J♠ jack of spades 0 chips A♥ ace of hearts 0 chips Q♦ queen of diamonds 0 chips K♣ king of clubs" in table
    assert " pot " not in table  # Michigan has no pot
    assert "Alice deals and stakes 2 on each pay card; the others 1. There is no pot." in table
    assert "Stakes this deal: Alice 8 · Bruno 4 · Chloé 4 · Denis 4" in table
    assert "spare hand 11 · Bruno 11 · Chloé 10 · Denis 10 · Alice (dealer) 10" in table
    assert "The player on the dealer's left opens with the lowest card of the suit of their choice." in table
    assert "A run stops on an ace" in table
    assert "lowest card of another suit" in table
    assert "the spare hand goes to the highest bidder" in table
    assert "The game also ends when a player cannot pay the next deal's stake." in table


def test_the_michigan_deal_form_has_no_stakes_and_asks_the_price(client: FlaskClient) -> None:
    location = michigan(client)
    page = client.get(f"{location}/round").get_data(as_text=True)
    assert 'name="stake-' not in page and 'name="price"' in page
    assert "Nothing to enter: the stakes are fixed." in text(page)
    assert "Referee the deal card by card" not in page
    assert "The card-by-card play-along follows Queenie's play only" in text(page)
    assert client.get(f"/g/{location.rsplit('/', 1)[-1]}/playalong").status_code == 404
    # ST4 then ST5 through the form: the auction's price moves from Denis to Bruno.
    for number, raw in enumerate(MICHIGAN_GAME[:2], start=1):
        assert client.post(f"{location}/round", data=michigan_deal(number, raw)).status_code == 303
    table = text(client.get(location).get_data(as_text=True))
    assert "Denis → Bruno 3 (spare hand)" in table
    assert "Stakes: Bruno (dealer) → each pay card 2; the others 1" in table
    assert (
        "on the pay cards: J♠ jack of spades 5 · A♥ ace of hearts 5 · Q♦ queen of diamonds 10 · K♣ king of clubs 5"
        in table
    )
    assert "Balances: Alice 91 (+2) · Bruno 90 (−6) · Chloé 101 (−10) · Denis 108 (+9)" in table
    assert "Stays on the table: J♠ jack of spades 5 · K♣ king of clubs 5" in table


def test_a_buyer_without_a_price_is_refused_at_the_price_field(client: FlaskClient, app: Flask) -> None:
    location = michigan(client)
    form = michigan_deal(1, {**MICHIGAN_GAME[1], "price": None, "dealer_choice": "keep", "buyer": "Denis"})
    form["cards_left-0"], form["cards_left-1"], form["cards_left-2"] = "4", "1", "6"
    before = dump_database(app)
    page = text(client.post(f"{location}/round", data=form).get_data(as_text=True))
    assert "Nothing was saved. Please check: Say what Denis paid for the spare hand." in page
    assert dump_database(app) == before


def test_saratoga_has_no_spare_hand_on_its_form(client: FlaskClient) -> None:
    location = start(client, "saratoga", ["Alice", "Bruno", "Chloé"], pay_per_card="on")
    page = client.get(f"{location}/round").get_data(as_text=True)
    assert 'name="dealer_choice"' not in page and 'name="buyer"' not in page and 'name="stake-' not in page
    assert "Nobody sees, takes or buys the spare hand: it stays dead all deal." in text(page)
    form = {"number": "1", "queen-S": "1", "queen-H": "1", "queen-D": "2", "queen-C": "", "out": "2"}
    form.update({"cards_left-0": "6", "cards_left-1": "2"})
    assert client.post(f"{location}/round", data=form).status_code == 303
    table = text(client.get(location).get_data(as_text=True))
    assert "Alice dealt; the spare hand stayed dead." in table
    assert "Balances: Alice 90 (−10) · Bruno 100 (0) · Chloé 107 (+7)" in table


def test_newmarket_stakes_on_the_pay_card_of_each_players_choice(client: FlaskClient) -> None:
    location = start(client, "newmarket")
    page = client.get(f"{location}/round").get_data(as_text=True)
    assert 'name="stake-0"' in page and 'name="price"' not in page
    assert "Tap the pay card each player chose." in text(page)
    assert "Who bought it, for 1 chip paid to Alice, in exchange for their whole hand?" in text(page)
    response = client.post(f"{location}/round", data=deal_form(1, "HSHD", queens="31-0", out="3", buyer="2"))
    assert response.status_code == 303
    table = text(client.get(location).get_data(as_text=True))
    assert "Chloé → Alice 1 (spare hand)" in table and "A♥ ace of hearts → Bruno 2" in table


def test_the_michigan_pages_in_french(client: FlaskClient) -> None:
    location = michigan(client)
    client.get("/lang/fr")
    page = client.get(location).get_data(as_text=True)
    assert f"Mises de cette donne{NBSP}:" in page  # the narrow no-break space before the colon
    table = text(page)
    assert "Michigan" in table
    assert "Alice donne et mise 2 sur chaque carte payante, les autres 1. Il n'y a pas de pot." in table
    assert "Mises de cette donne : Alice 8" in table
    assert "la main morte va au plus offrant" in table
    page = text(client.get(f"{location}/round").get_data(as_text=True))
    assert "Rien à saisir : les mises sont fixes." in page
    assert "3. La main morte" in page


def test_the_blank_sheets_follow_each_games_defaults(client: FlaskClient) -> None:
    michigan_sheet = text(client.get("/sheets/michigan/blank?players=5").get_data(as_text=True))
    assert "the dealer last: 9, 9, 9, 8, 8; the spare hand 9." in michigan_sheet
    assert "Chips on each pay card after the stakes" in michigan_sheet
    assert "J♠ jack of spades" in michigan_sheet and "Spare hand sold to" in michigan_sheet
    assert "the dealer stakes 2 on each pay card; the others 1." in michigan_sheet
    saratoga = client.get("/sheets/saratoga/blank?players=4").get_data(as_text=True)
    assert "Spare hand sold to" not in saratoga and "10, 10, 10, 10; the spare hand 12." in text(saratoga)
    queenie = text(client.get("/sheets/queenie/blank?players=4").get_data(as_text=True))
    assert "the dealer deals two packets of 10." in queenie and "Chips on each queen after the stakes" in queenie


def test_the_printed_michigan_sheet_names_the_boodles(client: FlaskClient) -> None:
    location = michigan(client)
    for number, raw in enumerate(MICHIGAN_GAME[:2], start=1):
        assert client.post(f"{location}/round", data=michigan_deal(number, raw)).status_code == 303
    sheet = text(client.get(f"{location}/sheet").get_data(as_text=True))
    assert "chips left on the pay cards and in the pot" in sheet
