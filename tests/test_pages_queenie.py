"""The Queenie phone pages through Flask's test client (JavaScript off by definition)."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.registry import GAMES
from tests.conftest import Api, dump_database
from tests.samples import play

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
FIVE = [*FOUR, "Émile"]


def new_game_form(players: list[str], dealer: int = 0, **options: str) -> dict[str, str]:
    form = {f"player-{seat}": name for seat, name in enumerate(players)}
    form["dealer"] = str(dealer)
    form.update({f"option-{name}": value for name, value in options.items()})
    return form


def start(client: FlaskClient, players: list[str] = FOUR, dealer: int = 0, **options: str) -> str:
    response = client.post("/new/queenie", data=new_game_form(players, dealer, **options))
    assert response.status_code == 303
    return response.headers["Location"]


def deal_form(
    number: int,
    stakes: str,
    queens: str = "----",
    out: str = "-",
    choice: str = "keep",
    buyer: str = "-",
) -> dict[str, str]:
    """A deal as the form posts it: one stake letter per seat, queens S H D C by seat ("-" for nobody)."""
    form = {f"stake-{seat}": suit for seat, suit in enumerate(stakes)}
    form.update({f"queen-{suit}": "" if seat == "-" else seat for suit, seat in zip("SHDC", queens, strict=True)})
    form.update(number=str(number), dealer_choice=choice, buyer="" if buyer == "-" else buyer)
    form["out"] = "none" if out == "-" else out
    return form


# The worked examples by seat: Alice 0, Bruno 1, Chloé 2, Denis 3, Émile 4.
Q1 = deal_form(1, "HSHD", queens="31-0", out="3", buyer="2")
Q2 = deal_form(1, "SDSHD", queens="4-20", out="4", choice="switch")
Q3 = deal_form(1, "CCDS", queens="---2")
Q4 = deal_form(2, "DSDH", queens="1-3-", out="1", buyer="0")


def text(page: str) -> str:
    """The page as words: tags dropped, entities decoded, spaces collapsed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page))).replace(" ,", ",")


def field_errors(page: str) -> list[str]:
    return [html.unescape(message) for message in re.findall(r'class="field-error"[^>]*>([^<]*)<', page)]


def totals_shown(page: str) -> dict[str, int]:
    pairs = re.findall(r'<span class="name">([^<]*)</span>\s*<span class="points">(-?\d+)</span>', page)
    return {html.unescape(name): int(points) for name, points in pairs}


def chips_on_table(page: str, section: str = 'class="next"') -> dict[str, int]:
    """The four queens and the pot as drawn in the table panel."""
    panel = page[page.index(section) :]
    spots = re.findall(r'data-spot="(\w+)" data-chips="(\d+)"', panel)
    return {spot: int(chips) for spot, chips in spots[:5]}


def checked(page: str, name: str) -> list[str]:
    return re.findall(rf'name="{name}" value="([^"]*)" checked', page)


def fieldset(page: str, css_class: str) -> str:
    start = page.index(f'<fieldset class="{css_class}"')
    return page[start : page.index("</fieldset>", start)]


# --- a new game and the first deal ----------------------------------------------------


def test_new_game_form_offers_six_seats_and_every_option(client: FlaskClient) -> None:
    page = client.get("/new/queenie").get_data(as_text=True)
    assert page.count('name="player-') == 6
    assert re.search(r'name="option-start_chips"[^>]*value="20"', page)
    assert re.search(r'name="option-rounds"[^>]*value="2"', page)
    assert re.search(r'name="option-bankrupt" value="end"\s+checked', page)
    assert re.search(r'name="option-leftover" value="leave"\s+checked', page)
    assert not re.search(r'name="option-pay_per_card"\s+checked', page)


def test_new_game_refusals_are_shown_at_the_field(app: Flask, client: FlaskClient) -> None:
    before = dump_database(app)
    response = client.post("/new/queenie", data=new_game_form(["Alice", "Bruno"], **{"start_chips": "1"}))
    assert response.status_code == 422
    assert field_errors(response.get_data(as_text=True)) == [
        "This game needs 3 to 6 players.",
        "Chips each: this option must be at least 2.",
    ]
    assert dump_database(app) == before


def test_table_before_the_first_deal(client: FlaskClient) -> None:
    page = client.get(start(client)).get_data(as_text=True)
    words = text(page)
    assert "Deal 1 of 8 · Alice deals" in words
    assert "Bruno 11 · Chloé 11 · Denis 10 · Alice (dealer) 10 + 10" in words
    assert chips_on_table(page) == {"S": 0, "H": 0, "D": 0, "C": 0, "pot": 0}
    for queen in ("Q♠ queen of spades", "Q♥ queen of hearts", "Q♦ queen of diamonds", "Q♣ queen of clubs"):
        assert queen in words
    assert "Chips: 80 = 80 in hands + 0 on the table" in words
    assert "A♦ ace of diamonds opens; if it is in the dead hand, the lowest diamond still in play" in words
    assert "A run stops on a king, on a card already played, or on a card in the dead hand" in words
    assert "lowest card of the other colour" in words
    assert "Most chips wins once every player has dealt 2 times." in words
    assert "Enter deal 1" in words


def test_first_deal_form_in_table_order_with_big_choices(client: FlaskClient) -> None:
    page = client.get(f"{start(client)}/round").get_data(as_text=True)
    order = [page.index(f'<fieldset class="{name}"') for name in ("stakes", "dealer-choice", "buyer", "queens", "out")]
    assert order == sorted(order)
    # Deal 1: no queen chosen for anyone (not every stake on Q♠): each player's is tapped.
    for seat in range(4):
        assert checked(page, f"stake-{seat}") == []
    assert "Tap the queen each player chose." in text(page)
    assert checked(page, "dealer_choice") == ["keep"]
    assert checked(page, "buyer") == [""]
    assert all(checked(page, f"queen-{suit}") == [""] for suit in "SHDC")
    assert checked(page, "out") == []  # who went out is for the table to say: nothing is chosen
    # The dealer cannot buy: only Bruno, Chloé and Denis are offered, after "nobody".
    assert re.findall(r'name="buyer" value="(\d*)"', fieldset(page, "buyer")) == ["", "1", "2", "3"]
    assert re.findall(r'name="out" value="(\w*)"', fieldset(page, "out")) == ["0", "1", "2", "3", "none"]
    assert "nobody: blocked" in text(fieldset(page, "out"))
    assert "not played" in text(fieldset(page, "queens"))
    assert 'name="cards_left-' not in page


def test_q1_posted_from_the_form(app: Flask, client: FlaskClient) -> None:
    location = start(client)
    response = client.post(f"{location}/round", data=Q1)
    assert response.status_code == 303, field_errors(response.get_data(as_text=True))
    page = client.get(location).get_data(as_text=True)
    assert totals_shown(page) == {"Denis": 23, "Bruno": 20, "Alice": 19, "Chloé": 17}
    words = text(page)
    assert "Deal 1: where the chips went" in words
    assert (
        "Stakes: Bruno → Q♠ queen of spades 1 Chloé, Alice → Q♥ queen of hearts 2 "
        "Denis → Q♦ queen of diamonds 1 each player → pot 4"
    ) in words
    for movement in (
        "Chloé → Alice 1 (spare hand)",
        "Q♠ queen of spades → Denis 1",
        "Q♥ queen of hearts → Bruno 2",
        "Q♣ queen of clubs → Alice 0",
        "pot → Denis 4",
    ):
        assert movement in words
    assert "Balances: Alice 19 (−1) · Bruno 20 (0) · Chloé 17 (−3) · Denis 23 (+3)" in words
    assert "Stays on the table: Q♦ queen of diamonds 1" in words
    assert "Chips: 80 = 79 in hands + 1 on the table" in words
    assert chips_on_table(page) == {"S": 0, "H": 0, "D": 1, "C": 0, "pot": 0}
    assert "Deal 2 of 8 · Bruno deals" in words
    assert "Chloé 11 · Denis 11 · Alice 10 · Bruno (dealer) 10 + 10" in words
    assert "Chloé bought the spare packet · Denis played the Q♠ ·" in words  # the card said once (issue 24)
    assert len(dict(dump_database(app))["rounds"]) == 1


def test_stakes_are_prefilled_with_each_players_last_choice(client: FlaskClient) -> None:
    location = start(client)
    client.post(f"{location}/round", data=Q1)
    page = client.get(f"{location}/round").get_data(as_text=True)
    assert [checked(page, f"stake-{seat}") for seat in range(4)] == [["H"], ["S"], ["H"], ["D"]]
    assert "Each player's last choice is already selected" in text(page)
    assert checked(page, "buyer") == [""]
    assert checked(page, "out") == []
    # Bruno deals now: he is no longer offered as a buyer, Alice is.
    assert re.findall(r'name="buyer" value="(\d*)"', fieldset(page, "buyer")) == ["", "0", "2", "3"]
    assert "Bruno deals." in text(page)
    assert "1 chip already on it" in text(page[page.index('data-queen-row="D"') :])
    # Saving the prefilled form with "nobody: blocked": everyone stakes as before, nobody goes out.
    form = {f"stake-{seat}": suit for seat, suit in enumerate("HSHD")}
    form.update({"number": "2", "dealer_choice": "keep", "buyer": "", "out": "none"})
    form.update({f"queen-{suit}": "" for suit in "SHDC"})
    assert client.post(f"{location}/round", data=form).status_code == 303
    page = client.get(location).get_data(as_text=True)
    assert chips_on_table(page) == {"S": 1, "H": 2, "D": 2, "C": 0, "pot": 4}


def test_q2_five_players_and_a_switch(client: FlaskClient) -> None:
    location = start(client, FIVE, dealer=1)
    assert "Chloé 9 · Denis 9 · Émile 9 · Alice 9 · Bruno (dealer) 8 + 8" in text(
        client.get(location).get_data(as_text=True)
    )
    response = client.post(f"{location}/round", data=Q2)
    assert response.status_code == 303, field_errors(response.get_data(as_text=True))
    page = client.get(location).get_data(as_text=True)
    assert totals_shown(page) == {"Émile": 25, "Chloé": 20, "Alice": 18, "Bruno": 18, "Denis": 18}
    assert "Bruno dealt and switched packets." in text(page)
    assert chips_on_table(page) == {"S": 0, "H": 1, "D": 0, "C": 0, "pot": 0}
    assert "Deal 2 of 10 · Chloé deals" in text(page)


def test_q3_blocked_then_q4_takes_the_carried_chips(client: FlaskClient) -> None:
    location = start(client, dealer=1)
    assert client.post(f"{location}/round", data=Q3).status_code == 303
    page = client.get(location).get_data(as_text=True)
    words = text(page)
    assert "Nobody went out: the deal was blocked and the pot stays on the table." in words
    assert "Stays on the table: Q♠ queen of spades 1 · Q♦ queen of diamonds 1 · pot 4" in words
    assert "Already on the table (carried over):" in words
    assert chips_on_table(page) == {"S": 1, "H": 0, "D": 1, "C": 0, "pot": 4}
    assert "Chips: 80 = 74 in hands + 6 on the table" in words
    assert totals_shown(page) == {"Chloé": 20, "Alice": 18, "Bruno": 18, "Denis": 18}
    assert client.post(f"{location}/round", data=Q4).status_code == 303
    page = client.get(location).get_data(as_text=True)
    words = text(page)
    for movement in ("Alice → Chloé 1 (spare hand)", "Q♠ queen of spades → Bruno 2", "pot → Bruno 8"):
        assert movement in words
    assert "Q♦ queen of diamonds → Denis 3" in words
    assert totals_shown(page) == {"Bruno": 26, "Chloé": 19, "Denis": 19, "Alice": 15}
    assert chips_on_table(page) == {"S": 0, "H": 1, "D": 0, "C": 0, "pot": 0}
    assert "Deal 3 of 8 · Denis deals" in words


# --- refusals ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "where", "message"),
    [
        (
            {"dealer_choice": "switch"},
            "buyer",
            "The buyer of the spare packet must be nobody: the dealer switched packets, so nothing was sold.",
        ),
        ({"buyer": "0"}, "buyer", "Alice deals and cannot buy the spare packet."),
        ({"stake-3": None}, "stakes", "Missing a stake for Denis."),
        ({"queen-H": "7"}, "queens", "Who played the queen of hearts: 7 is not a player in this game."),
        ({"dealer_choice": None}, "dealer-choice", "Say whether the dealer kept the first packet or switched."),
    ],
    ids=["buyer-with-switch", "dealer-buys", "missing-stake", "queen-by-stranger", "no-choice"],
)
def test_refusals_are_shown_at_their_field_and_nothing_is_stored(
    app: Flask, client: FlaskClient, changes: dict[str, str | None], where: str, message: str
) -> None:
    location = start(client)
    before = dump_database(app)
    form = {key: value for key, value in (Q1 | changes).items() if value is not None}
    response = client.post(f"{location}/round", data=form)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert field_errors(page) == [message]
    assert message in html.unescape(fieldset(page, where))
    assert "Nothing was saved" in page
    # What was tapped is kept.
    assert checked(page, "queen-S") == ["3"]
    assert dump_database(app) == before


def test_missing_stake_error_sits_in_the_players_row(client: FlaskClient) -> None:
    location = start(client)
    form = {key: value for key, value in Q1.items() if key != "stake-3"}
    page = client.post(f"{location}/round", data=form).get_data(as_text=True)
    assert 'id="error-stakes-Denis"' in page
    row = page[page.index('aria-label="Stake of Denis"') :]
    assert row.index("Missing a stake for Denis.") < row.index("</fieldset>")


def test_a_watcher_sees_the_table_but_cannot_write(app: Flask, client: FlaskClient) -> None:
    location = start(client)
    client.post(f"{location}/round", data=Q1)
    watcher = app.test_client()
    page = watcher.get(location).get_data(as_text=True)
    assert "pot → Denis 4" in text(page)
    assert "Enter deal" not in page
    before = dump_database(app)
    assert watcher.get(f"{location}/round").status_code == 403
    assert watcher.post(f"{location}/round", data=deal_form(2, "HSHD")).status_code == 403
    assert watcher.post(f"{location}/round/1", data=Q1).status_code == 403
    assert watcher.post(f"{location}/undo", data={"number": "1"}).status_code == 403
    assert dump_database(app) == before


# --- corrections, options and the end --------------------------------------------------------


def test_correcting_a_deal_shows_what_was_entered(client: FlaskClient) -> None:
    location = start(client)
    client.post(f"{location}/round", data=Q1)
    page = client.get(f"{location}/round/1").get_data(as_text=True)
    assert [checked(page, f"stake-{seat}") for seat in range(4)] == [["H"], ["S"], ["H"], ["D"]]
    assert checked(page, "buyer") == ["2"]
    assert [checked(page, f"queen-{suit}") for suit in "SHDC"] == [["3"], ["1"], [""], ["0"]]
    assert checked(page, "out") == ["3"]
    # Nobody bought after all.
    assert client.post(f"{location}/round/1", data=Q1 | {"buyer": ""}).status_code == 303
    assert totals_shown(client.get(location).get_data(as_text=True)) == {
        "Denis": 23,
        "Bruno": 20,
        "Chloé": 18,
        "Alice": 18,
    }


def test_pay_per_card_asks_for_the_cards_left(client: FlaskClient) -> None:
    location = start(client, pay_per_card="on", start_chips="10")
    page = client.get(f"{location}/round").get_data(as_text=True)
    assert page.count('name="cards_left-') == 4
    assert re.search(r'name="cards_left-0" inputmode="numeric"', page)
    form = deal_form(1, "HHHH", queens="-1--", out="1")
    form.update({"cards_left-0": "5", "cards_left-1": "", "cards_left-2": "", "cards_left-3": "3"})
    response = client.post(f"{location}/round", data=form)
    assert response.status_code == 422
    assert field_errors(response.get_data(as_text=True)) == ["Missing the cards left for Chloé."]
    form["cards_left-2"] = "10"
    assert client.post(f"{location}/round", data=form).status_code == 303
    page = client.get(location).get_data(as_text=True)
    assert "Chloé → Bruno 8 (10 cards left)" in text(page)
    assert totals_shown(page) == {"Bruno": 32, "Denis": 5, "Alice": 3, "Chloé": 0}


def test_pay_per_card_blocked_deal_needs_no_cards(client: FlaskClient) -> None:
    location = start(client, pay_per_card="on")
    form = deal_form(1, "HHHH") | {f"cards_left-{seat}": "" for seat in range(4)}
    assert client.post(f"{location}/round", data=form).status_code == 303


def test_a_dropped_player_is_no_longer_offered(client: FlaskClient) -> None:
    location = start(client, start_chips="4", bankrupt="drop")
    response = client.post(f"{location}/round", data=deal_form(1, "HHHH", queens="-1--", out="1", buyer="2"))
    assert response.status_code == 303
    table = text(client.get(location).get_data(as_text=True))
    assert "Chloé has fewer than 2 chips" in table and "Sitting out: Chloé" in table
    page = client.get(f"{location}/round").get_data(as_text=True)
    assert 'name="stake-2"' not in page
    assert re.findall(r'name="(?:buyer|out|queen-\w)" value="2"', page) == []
    assert "Bruno deals." in text(page)


def test_the_finished_game_shows_the_ranking_and_the_unclaimed_chips(client: FlaskClient) -> None:
    location = start(client, rounds="1")
    for number in range(1, 5):
        form = deal_form(number, "HHSS", queens="-1--", out="1")
        assert client.post(f"{location}/round", data=form).status_code == 303
    page = client.get(location).get_data(as_text=True)
    words = text(page)
    assert "Bruno wins!" in words
    assert "Final chips: 1. Bruno 36 · 2. Alice 12 · 2. Chloé 12 · 2. Denis 12" in words
    assert "8 chips are left on the table, unclaimed:" in words
    assert chips_on_table(page, 'class="winner"') == {"S": 8, "H": 0, "D": 0, "C": 0, "pot": 0}
    assert "Chips: 80 = 80 in hands + 0 on the table" not in words
    assert "Chips: 80 = 72 in hands + 8 on the table" in words
    assert "Deal 4: where the chips went" in words
    assert "Enter deal" not in words
    assert client.get(f"{location}/round").status_code == 303


def test_the_pages_render_in_french(client: FlaskClient) -> None:
    location = start(client)
    client.post(f"{location}/round", data=Q1)
    for path in (location, f"{location}/round", f"{location}/round/1"):
        response = client.get(path, headers={"Accept-Language": "fr-FR,fr;q=0.9"})
        assert response.status_code == 200
        assert 'lang="fr"' in response.get_data(as_text=True)


def chip_check(page: str) -> tuple[int, int, int]:
    found = re.search(r"Chips: (\d+) = (\d+) in hands \+ (\d+) on the table", text(page))
    assert found is not None
    total, hands, on_table = (int(number) for number in found.groups())
    return total, hands, on_table


def test_a_full_game_of_two_turns_shows_the_chips_conserved_at_every_step(client: FlaskClient) -> None:
    location = start(client)
    deals = [Q1, *[deal_form(0, "HSHD", queens="0123"[n % 4] + "-" * 3, out="0123"[(n + 1) % 4]) for n in range(6)]]
    deals.append(deal_form(0, "HSHD", queens="---3"))  # the last deal is blocked: its stakes stay unclaimed
    for number, form in enumerate(deals, start=1):
        page = client.get(location).get_data(as_text=True)
        assert f"Deal {number} of 8" in text(page)
        response = client.post(f"{location}/round", data=form | {"number": str(number)})
        assert response.status_code == 303, field_errors(response.get_data(as_text=True))
        page = client.get(location).get_data(as_text=True)
        total, hands, on_table = chip_check(page)
        assert (total, hands + on_table) == (80, 80)
        assert hands == sum(totals_shown(page).values())
        section = 'class="next"' if number < 8 else 'class="winner"'
        assert on_table == sum(chips_on_table(page, section).values())
    words = text(page)
    assert "finished" in words and "wins!" in words
    assert "Final chips: 1." in words
    assert f"{on_table} chips are left on the table, unclaimed:" in words
    assert "Enter deal" not in words


def test_undo_puts_the_carried_chips_back(client: FlaskClient) -> None:
    location = start(client, dealer=1)
    client.post(f"{location}/round", data=Q3)
    client.post(f"{location}/round", data=Q4)
    assert "Undo deal 2?" in client.get(f"{location}/undo").get_data(as_text=True)
    response = client.post(f"{location}/undo", data={"number": "2"}, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert chips_on_table(page) == {"S": 1, "H": 0, "D": 1, "C": 0, "pot": 4}
    assert totals_shown(page) == {"Chloé": 20, "Alice": 18, "Bruno": 18, "Denis": 18}
    assert "Deal 2 of 8 · Chloé deals" in text(page)


def test_no_limit_on_the_deals(client: FlaskClient) -> None:
    location = start(client, rounds="")
    words = text(client.get(location).get_data(as_text=True))
    assert "Deal 1 · Alice deals" in words
    assert "Most chips wins; no limit on the number of deals." in words


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"stake-0": "X"}, "Alice: choose a queen: S, H, D or C."),
        ({"out": "Zoé"}, "Who went out: Zoé is not a player in this game."),
        ({"buyer": "99"}, "The buyer of the spare packet: 99 is not a player in this game."),
        ({"dealer_choice": "both"}, "Say whether the dealer kept the first packet or switched."),
        ({"stake-7": "S"}, None),  # a seat that does not exist is ignored like any unknown field
    ],
)
def test_odd_posts_are_refused_or_ignored_never_a_500(
    app: Flask, client: FlaskClient, changes: dict[str, str], message: str | None
) -> None:
    location = start(client)
    before = dump_database(app)
    response = client.post(f"{location}/round", data=Q1 | changes)
    if message is None:
        assert response.status_code == 303
        return
    assert response.status_code == 422
    assert field_errors(response.get_data(as_text=True)) == [message]
    assert dump_database(app) == before


# --- Queenie on paper ---------------------------------------------------------------------------------


def test_queenie_sheet_gives_final_chips_and_unclaimed_chips(api: Api) -> None:
    spec = GAMES["queenie"]
    game_id, state = play(api, spec, next(sample for sample in spec.samples if sample.name == "finished"))
    words = text(api.client.get(f"/g/{game_id}/sheet").get_data(as_text=True))
    assert "Chips each: 20" in words
    assert "Turns of the deal: 2" in words
    assert "Final chips: 1. Bruno" in words
    unclaimed = state["unclaimed"]
    assert unclaimed > 0
    assert f"{unclaimed} chips are left on the table, unclaimed" in words
    assert "Chloé bought the spare packet" in words
    assert "blocked: nobody went out" in words


def test_blank_queenie(client: FlaskClient) -> None:
    page = client.get("/sheets/queenie/blank?players=5").get_data(as_text=True)
    assert re.findall(r'<td class="text seat-cell">(\w)</td>', page)[:6] == ["A", "B", "C", "D", "E", "A"]
    assert len(re.findall(r'<td class="text seat-cell">(\w)</td>', page)) == 20
    words = text(page)
    for heading in ("Chips on each queen after the stakes", "Pot", "Spare hand sold to", "Went out", "Start"):
        assert heading in words
    assert "two packets of 8" in words  # 52 cards, 5 players: 9, 9, 9, 9 and the dealer's 8 + 8
