"""The Queenie play-along pages through Flask's test client (JavaScript off by definition)."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import dump_database

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
SEAT = {name: str(seat) for seat, name in enumerate(FOUR)}
# Trace A of issue 6 with Alice, Bruno, Chloé, Denis for A, B, C, D: Alice deals, keeps, sells to Chloé.


def tokens(text: str) -> list[str]:
    return text.split()


TRACE_A = tokens("3 0 0 - 8S 2 0 - 3H - KS 7D 3 2 3 0 2 3 4S 2 3 3 - JH 0")
# Trace B (see tests/test_queenie_play.py): Bruno deals and keeps, nobody buys; blocked after K♣.
TRACE_B = [
    "3",
    *tokens("0 2 2 1 3 0 1 2 3 0"),
    "-",
    "AS",
    "2",
    "1",
    "-",
    "AH",
    *tokens("3 0 2 3 1 2 0 3 1 3"),
    "-",
    "5C",
    *tokens("0 1 2 3 0 1 2 3"),
    *tokens("- - - -"),
]


def text(page: str) -> str:
    """The page as words: inline spans dropped, other tags as spaces, entities decoded, spaces collapsed."""
    page = re.sub(r"</?(span|strong)[^>]*>", "", page)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page))).strip()


def start(client: FlaskClient, dealer: int = 0, **options: str) -> str:
    form = {f"player-{seat}": name for seat, name in enumerate(FOUR)}
    form["dealer"] = str(dealer)
    form.update({f"option-{name}": value for name, value in options.items()})
    response = client.post("/new/queenie", data=form)
    assert response.status_code == 303
    return response.headers["Location"]


def along(client: FlaskClient, game: str, packets: str, answers: list[str], number: int = 1, **more: str) -> Any:
    query = {"d": str(number), "p": packets, "a": " ".join(answers), **more}
    return client.get(f"{game}/playalong", query_string=query)


def tap_through(client: FlaskClient, game: str, packets: str, answers: list[str], number: int = 1) -> str:
    """Every answer as a tap: the previous answers ride in the hidden field, the new one is the button."""
    page = along(client, game, packets, [], number).get_data(as_text=True)
    for token in answers:
        so_far = html.unescape(re.search(r'name="a" value="([^"]*)"', page).group(1))  # type: ignore[union-attr]
        assert re.search(rf'name="n" value="{re.escape(token)}"(?! disabled)', page), token
        response = along(client, game, packets, so_far.split(), number, n=token)
        assert response.status_code == 200
        page = response.get_data(as_text=True)
    return page


def checked(page: str, name: str) -> list[str]:
    return re.findall(rf'name="{name}" value="([^"]*)" checked', page)


def form_fields(page: str) -> dict[str, str]:
    """What the browser would post from the deal form as shown."""
    fields = {name: value for name, value in re.findall(r'name="([^"]+)" value="([^"]*)"\s*checked', page)}
    for name in ("number", "referee"):
        found = re.search(rf'name="{name}" value="([^"]*)"', page)
        if found:
            fields[name] = html.unescape(found.group(1))
    return fields


def test_the_deal_form_offers_the_play_along_and_a_correction_does_not(client: FlaskClient) -> None:
    game = start(client)
    page = client.get(f"{game}/round").get_data(as_text=True)
    assert "Referee the deal card by card" in page
    assert f'href="{game}/playalong"' in page
    client.post(f"{game}/round", data={**{f"stake-{s}": "S" for s in range(4)}, "dealer_choice": "keep", "number": "1"})
    assert "Referee the deal card by card" not in client.get(f"{game}/round/1").get_data(as_text=True)


def test_first_the_dealers_packets(client: FlaskClient) -> None:
    game = start(client)
    page = client.get(f"{game}/playalong").get_data(as_text=True)
    words = text(page)
    assert "What did Alice do with the two packets?" in words
    assert re.findall(r'name="p" value="([^"]*)"', page) == ["keep", "1", "2", "3", "switch"]
    assert "Kept it and sold the spare to Chloé" in words
    # A packets value that does not fit (the dealer as buyer) asks again.
    assert "What did Alice do" in text(along(client, game, "0", []).get_data(as_text=True))


def test_trace_a_by_taps_fills_the_deal_form_and_the_chips_move_as_usual(app: Flask, client: FlaskClient) -> None:
    game = start(client)
    page = along(client, game, "2", []).get_data(as_text=True)
    assert "Who has the ace of diamonds?" in text(page)
    assert re.findall(r'name="n" value="([^"]*)"', page) == ["0", "1", "2", "3", "-"]
    assert "Bruno 11 cards" in text(page) and "Chloé 10 cards" in text(page)
    before = dump_database(app)
    page = tap_through(client, game, "2", TRACE_A)
    assert dump_database(app) == before  # nothing is stored while playing along
    words = text(page)
    assert "Alice plays the Q♥. Alice played their last card." in words
    assert "Alice is out!" in words
    assert re.findall(r'data-queen="(\w)"', page) == list("SHDC")
    assert re.findall(r'class="along-queen taken" data-queen="(\w)"', page) == ["H", "D"]
    assert "Cards in hand: Alice 0 · Bruno 11 · Chloé 6 · Denis 3" in words
    assert "21 cards played" in words
    assert "flag" not in words.lower()
    fill = re.search(r'href="([^"]*/playalong/deal[^"]*)"', page).group(1)  # type: ignore[union-attr]
    form = client.get(html.unescape(fill)).get_data(as_text=True)
    assert (
        "Filled in from the play-along: Q♥ queen of hearts by Alice · Q♦ queen of diamonds by Chloé · Alice went out"
        in text(form)
    )
    assert checked(form, "dealer_choice") == ["keep"]
    assert checked(form, "buyer") == [SEAT["Chloé"]]
    assert [checked(form, f"queen-{suit}") for suit in "SHDC"] == [[""], ["0"], ["2"], [""]]
    assert checked(form, "out") == ["0"]
    fields = form_fields(form)
    fields.update({"stake-0": "H", "stake-1": "S", "stake-2": "H", "stake-3": "D"})  # the table checks the stakes
    response = client.post(html.unescape(fill), data=fields)
    assert response.status_code == 303 and response.headers["Location"] == game
    state = client.get(f"/api/v1/games/{game.rsplit('/', 1)[1]}").json
    assert state["totals"] == {"Alice": 25, "Bruno": 18, "Chloé": 18, "Denis": 18}
    stored = state["rounds"][0]["input"]
    assert stored["referee"]["answers"][:4] == ["Denis", "Alice", "Alice", None]
    assert stored["referee"]["flags"] == []
    # A correction keeps the record in its hidden field.
    correction = client.get(f"{game}/round/1").get_data(as_text=True)
    assert form_fields(correction)["referee"].startswith('{"answers": ["Denis", "Alice"')


def test_trace_b_blocked(client: FlaskClient) -> None:
    game = start(client, dealer=1)
    page = tap_through(client, game, "keep", TRACE_B)
    words = text(page)
    assert "Nobody can play a red card: the deal is blocked." in words
    assert "Blocked: nobody went out." in words
    assert "still holds a card" not in words
    fill = html.unescape(re.search(r'href="([^"]*/playalong/deal[^"]*)"', page).group(1))  # type: ignore[union-attr]
    form = client.get(fill).get_data(as_text=True)
    assert [checked(form, f"queen-{suit}") for suit in "SHDC"] == [[""], [""], [""], ["2"]]
    assert checked(form, "out") == ["none"] and checked(form, "buyer") == [""]  # "nobody: blocked"
    fields = {**form_fields(form), "stake-0": "C", "stake-1": "C", "stake-2": "D", "stake-3": "S"}
    assert client.post(fill, data=fields).status_code == 303
    state = client.get(f"/api/v1/games/{game.rsplit('/', 1)[1]}").json
    assert state["totals"] == {"Alice": 18, "Bruno": 18, "Chloé": 20, "Denis": 18}  # worked example Q3


def test_a_lowest_card_question_shows_a_picker_of_that_colour(client: FlaskClient) -> None:
    game = start(client)
    page = along(client, game, "2", TRACE_A[:4]).get_data(as_text=True)
    words = text(page)
    assert "Nobody has the 4♦: it is dead and the run stops." in words
    assert "Alice, your lowest black card?" in words
    cards = re.findall(r'name="n" value="(\w\w)"', page)
    assert cards == [rank + suit for suit in "SC" for rank in "A23456789TJQK"]
    assert "None: the turn passes to Bruno" in words
    page = along(client, game, "2", TRACE_A[:11]).get_data(as_text=True)  # after the K♠: red, some played
    assert "Alice, your lowest red card?" in text(page)
    assert re.search(r'value="AD"\s+disabled', page) and re.search(r'value="3H"\s+disabled', page)
    assert re.search(r'class="pick-card suit-D dead" name="n" value="4D"', page)


def test_undo_drops_the_last_answer_and_the_first_undo_goes_back_to_the_packets(client: FlaskClient) -> None:
    game = start(client)
    page = along(client, game, "2", TRACE_A[:5]).get_data(as_text=True)
    undo = html.unescape(re.search(r'href="([^"]*)" data-undo', page).group(1))  # type: ignore[union-attr]
    assert "a=3+0+0+-&" in undo + "&" or "a=3%200%200%20-" in undo
    previous = client.get(undo).get_data(as_text=True)
    assert "Alice, your lowest black card?" in text(previous)
    first = along(client, game, "2", []).get_data(as_text=True)
    back = html.unescape(re.search(r'href="([^"]*)" data-undo', first).group(1))  # type: ignore[union-attr]
    assert "What did Alice do" in text(client.get(back).get_data(as_text=True))


def test_an_answer_that_does_not_fit_is_left_out(client: FlaskClient) -> None:
    game = start(client)
    page = along(client, game, "2", ["3", "0", "9H", "0"]).get_data(as_text=True)
    assert "That answer does not fit the deal: it was left out." in text(page)
    assert html.unescape(re.search(r'name="a" value="([^"]*)"', page).group(1)) == "3 0"  # type: ignore[union-attr]
    assert "Who has the 3 of diamonds?" in text(page)


def test_a_stale_play_along_starts_again(client: FlaskClient) -> None:
    game = start(client)
    page = along(client, game, "2", TRACE_A[:3], number=5).get_data(as_text=True)
    assert "A deal was saved meanwhile" in text(page)
    assert "What did Alice do" in text(page)


def test_the_deal_form_waits_for_the_end_of_the_deal(client: FlaskClient) -> None:
    game = start(client)
    response = client.get(f"{game}/playalong/deal", query_string={"d": "1", "p": "2", "a": "3 0"})
    assert response.status_code == 303
    assert "/playalong?" in response.headers["Location"]


def test_a_cheat_is_flagged_on_the_page_the_form_and_the_table(client: FlaskClient) -> None:
    game = start(client)
    # Alice switches to black with the K♠ (her lowest is the 8♠), then has to play the 8♠.
    tokens = ["3", "0", "0", "-", "KS", "3H", "-", "8S"]
    page = along(client, game, "2", tokens).get_data(as_text=True)
    flag = "Alice switched colour with the K♠, then played the 8♠: it was not their lowest."
    assert "1 flag" in text(page) and flag in text(page)
    # Play on to the end quickly: Chloé 9♠, Alice 10♠, J♠ dead, Alice's lowest red 7♦, …
    rest = ["2", "0", "-", "7D", "3", "2", "3", "0", "2", "3", "4S", "2", "3", "3", "-", "JH", "0"]
    end = along(client, game, "2", tokens + rest).get_data(as_text=True)
    assert "Alice is out!" in text(end) and flag in text(end)
    fill = html.unescape(re.search(r'href="([^"]*/playalong/deal[^"]*)"', end).group(1))  # type: ignore[union-attr]
    form = client.get(fill).get_data(as_text=True)
    assert flag in text(form)
    # Deal 1: the table taps each player's stake (none is chosen for them).
    stakes = {f"stake-{seat}": "S" for seat in range(4)}
    assert client.post(fill, data={**form_fields(form), **stakes}).status_code == 303
    table = client.get(game).get_data(as_text=True)
    assert "Play-along flags of deal 1:" in text(table) and flag in text(table)


def test_still_holds_a_card_goes_on_and_flags_every_extra_card(client: FlaskClient) -> None:
    game = start(client)
    page = along(client, game, "2", TRACE_A).get_data(as_text=True)
    assert re.search(r'name="n" value="0">Alice still holds a card: go on', page)
    page = along(client, game, "2", [*TRACE_A, "0"]).get_data(as_text=True)
    assert "Alice still holds a card: play goes on." in text(page)
    assert "Who has the king of hearts?" in text(page)
    page = along(client, game, "2", [*TRACE_A, "0", "0"]).get_data(as_text=True)
    assert "Alice played the K♥: more cards than they were dealt." in text(page)


def test_pay_per_card_fills_in_the_cards_left(client: FlaskClient) -> None:
    game = start(client, pay_per_card="on")
    page = along(client, game, "2", TRACE_A).get_data(as_text=True)
    fill = html.unescape(re.search(r'href="([^"]*/playalong/deal[^"]*)"', page).group(1))  # type: ignore[union-attr]
    form = client.get(fill).get_data(as_text=True)
    values = dict(re.findall(r'name="(cards_left-\d)"[^>]*value="(\d*)"', form))
    assert values == {"cards_left-0": "0", "cards_left-1": "11", "cards_left-2": "6", "cards_left-3": "3"}


def test_a_refused_save_shows_the_form_again_and_keeps_the_record(app: Flask, client: FlaskClient) -> None:
    game = start(client)
    page = along(client, game, "2", TRACE_A).get_data(as_text=True)
    fill = html.unescape(re.search(r'href="([^"]*/playalong/deal[^"]*)"', page).group(1))  # type: ignore[union-attr]
    fields = form_fields(client.get(fill).get_data(as_text=True))
    fields.update({"stake-0": "S", "stake-1": "S", "stake-2": "S"})  # Denis's stake left untapped
    before = dump_database(app)
    response = client.post(fill, data=fields)
    assert response.status_code == 422
    assert "Missing a stake for Denis." in text(response.get_data(as_text=True))
    assert form_fields(response.get_data(as_text=True))["referee"] == fields["referee"]
    assert dump_database(app) == before


def test_only_the_phone_that_keeps_the_game_referees(app: Flask, client: FlaskClient) -> None:
    game = start(client)
    viewer = app.test_client()
    assert viewer.get(f"{game}/playalong").status_code == 403
    assert viewer.get(f"{game}/playalong/deal").status_code == 403
    assert client.get("/g/nonexistent/playalong").status_code == 404


def test_other_games_have_no_play_along(client: FlaskClient) -> None:
    response = client.post("/new/hearts", data={f"player-{seat}": name for seat, name in enumerate(FOUR)})
    assert client.get(f"{response.headers['Location']}/playalong").status_code == 404


def test_a_finished_game_goes_back_to_the_table(client: FlaskClient) -> None:
    game = start(client, rounds="1", bankrupt="end")
    for number in range(1, 5):
        deal = {f"stake-{s}": "S" for s in range(4)}
        client.post(f"{game}/round", data={**deal, "dealer_choice": "keep", "out": "none", "number": str(number)})
    response = client.get(f"{game}/playalong")
    assert response.status_code == 303 and response.headers["Location"] == game


def test_in_french(client: FlaskClient) -> None:
    game = start(client)
    client.set_cookie("lang", "fr")
    words = text(along(client, game, "2", TRACE_A[:4]).get_data(as_text=True))
    assert "Alice, votre plus basse carte noire ?" in words
    assert "Aucune : la main passe à Bruno" in words
    assert "Personne n'a le 4♦ : il est au talon, la série s'arrête." in words
    words = text(along(client, game, "2", ["3", "0", "0", "-", "KS", "3H", "-", "8S"]).get_data(as_text=True))
    # The king in French letters (R♠) (issue 24; the words read here have their spaces made plain).
    assert "Alice a changé de teinte avec le R♠, puis a joué le 8♠ : ce n'était pas sa plus basse carte." in words
