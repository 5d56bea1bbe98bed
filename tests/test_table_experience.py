"""The table experience: what a new user stumbled on, item by item, through the pages and the API.

Each test names the item of the issue it covers. The phone itself (taps, scrolling, layout,
JavaScript) is in tests/browser/test_table_experience.py.
"""

from __future__ import annotations

import html
import re
import unicodedata
from urllib.parse import unquote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from referee.games.base import Setup
from referee.games.counts import effective_counts
from referee.games.hearts.form import HeartsRoundForm
from referee.words import elide_de, minus, signed
from tests.conftest import Api, dump_database

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]


def start(client: FlaskClient, game: str, players: list[str] = FOUR, dealer: int = 0, **options: str) -> str:
    form = {f"player-{seat}": name for seat, name in enumerate(players)}
    form["dealer"] = str(dealer)
    form.update({f"option-{name}": value for name, value in options.items()})
    response = client.post(f"/new/{game}", data=form)
    assert response.status_code == 303, field_errors(response.get_data(as_text=True))
    return response.headers["Location"]


def field_errors(page: str) -> list[str]:
    return [html.unescape(message) for message in re.findall(r'class="field-error"[^>]*>([^<]*)<', page)]


def text(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page))).strip()


def summary_links(page: str) -> list[tuple[str, str]]:
    """The error summary's links: (the id they point to, the message)."""
    box = page[page.index('class="error-summary"') :]
    box = box[: box.index("</div>")]
    return [
        (unquote(target), html.unescape(message)) for target, message in re.findall(r'<a href="#([^"]*)">([^<]*)<', box)
    ]


def assert_summary_links_to_fields(page: str) -> None:
    """Every message of the summary links to the same message shown at its field."""
    links = summary_links(page)
    assert links
    shown = {
        html.unescape(target): html.unescape(words) for target, words in re.findall(r'id="([^"]*)">([^<]*)<', page)
    }
    for target, message in links:
        assert shown.get(target) == message, target


HEARTS = Setup(players=tuple(FOUR), dealer=0, options={"jack_of_diamonds": False})


# --- 1. Hearts: once the counts add up, empty means 0; the one-tap moon -------------------------------


@pytest.mark.parametrize(
    ("typed", "counts"),
    [
        (["", "13", "", ""], [0, 13, 0, 0]),  # the moon, the natural way
        (["2", "11", "", ""], [2, 11, 0, 0]),  # the counts add up: both empty players took none
        (["2", "4", "", ""], [2, 4, None, None]),  # two left empty before the counts add up: refused
        (["2", "4", "0", ""], [2, 4, 0, 7]),  # one left empty takes the hearts left
        (["9", "9", "", ""], [9, 9, None, None]),  # more than 13: nothing is made up
    ],
)
def test_empty_counts_mean_zero_once_the_hearts_add_up(typed: list[str], counts: list[int | None]) -> None:
    form = {f"hearts-{seat}": value for seat, value in enumerate(typed)} | {"queen": "1"}
    round_input = HeartsRoundForm().to_input(form, HEARTS, None)
    assert [round_input["hearts"][player] for player in FOUR] == counts
    assert effective_counts([None if value == "" else int(value) for value in typed], 13) == counts


def test_the_moon_the_natural_way_is_accepted(client: FlaskClient) -> None:
    location = start(client, "hearts")
    form = {"number": "1", "hearts-1": "13", "hearts-0": "", "hearts-2": "", "hearts-3": "", "queen": "1"}
    response = client.post(f"{location}/round", data=form)
    assert response.status_code == 303, field_errors(response.get_data(as_text=True))
    page = client.get(location).get_data(as_text=True)
    assert "Bruno shot the moon" in page
    assert re.search(r'<span class="name">Bruno</span>\s*<span class="points">0</span>', page)


def test_the_one_tap_moon_fills_the_form_in_without_javascript(app: Flask, client: FlaskClient) -> None:
    location = start(client, "hearts")
    before = dump_database(app)
    form = {"number": "1", "hearts-0": "4", "queen": "0", "adjust": "moon:2"}
    response = client.post(f"{location}/round", data=form)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    values = {name: value for name, value in re.findall(r'name="(hearts-\d)"[^>]*value="(\d*)"', page)}
    assert values == {"hearts-0": "0", "hearts-1": "0", "hearts-2": "13", "hearts-3": "0"}
    assert re.search(r'name="queen" value="2"\s+checked', page)
    assert re.search(r"data-left-count>0<", page)
    assert dump_database(app) == before
    # Each player's button says what it does; it goes back to that player's row.
    assert 'aria-label="Chloé shot the moon: all 13 hearts and the queen of spades"' in page
    assert re.search(r'value="moon:2" formaction="#row-hearts-2"', page)


# --- 4. Without JavaScript: back to the player tapped, and the hearts left from what was posted -------------


def test_a_chip_without_javascript_returns_to_the_row_and_counts_the_hearts_left(client: FlaskClient) -> None:
    location = start(client, "hearts")
    page = client.get(f"{location}/round").get_data(as_text=True)
    for seat in range(4):
        assert f'id="row-hearts-{seat}"' in page
        chips = re.findall(rf'value="hearts-{seat}:=\d+" formaction="([^"]*)"', page)
        assert chips == [f"#row-hearts-{seat}"] * 14
    # The save button posts to the page itself, without the fragment of the last chip.
    assert re.search(r'name="save" value="1" formaction="/g/[^"#]+/round"', page)
    form = {"number": "1", "hearts-0": "2", "hearts-1": "4", "adjust": "hearts-2:=5"}
    page = client.post(f"{location}/round", data=form).get_data(as_text=True)
    assert "hearts left: <span data-left-count>2</span>" in page
    assert re.search(r'name="hearts-3"[^>]*value=""\s+placeholder="2"', page)  # the one empty takes the 2 left
    form = {"number": "1", "hearts-0": "12", "adjust": "hearts-1:=3"}
    page = client.post(f"{location}/round", data=form).get_data(as_text=True)
    assert "hearts left: <span data-left-count>−2</span>" in page


# --- 2 and 3. Queenie: who went out is a choice; the one out needs no cards left ------------------------------


def queenie_deal(**changes: str) -> dict[str, str]:
    form = {f"stake-{seat}": "S" for seat in range(4)}
    form.update({"number": "1", "dealer_choice": "keep", "buyer": ""})
    form.update({f"queen-{suit}": "" for suit in "SHDC"})
    form.update(changes)
    return form


def test_an_untouched_deal_form_is_refused_at_who_went_out(app: Flask, client: FlaskClient) -> None:
    location = start(client, "queenie")
    page = client.get(f"{location}/round").get_data(as_text=True)
    assert not re.search(r'name="out" value="[^"]*"\s+checked', page)
    assert re.search(r'name="out" value="none"><span>nobody: blocked<', page)
    before = dump_database(app)
    posted = dict(re.findall(r'name="([^"]+)" value="([^"]*)"\s+checked', page)) | {"number": "1"}
    response = client.post(f"{location}/round", data=posted)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    message = 'Say who went out: tap the player, or "nobody: blocked" if nobody could go out.'
    # Deal 1 chooses no stake for anyone (issue 24, item 9): the stakes are asked for too.
    assert field_errors(page) == [*(f"Missing a stake for {name}." for name in FOUR), message]
    assert_summary_links_to_fields(page)
    assert dump_database(app) == before
    # "nobody: blocked" is a choice like any other.
    stakes = {f"stake-{seat}": "S" for seat in range(4)}
    assert client.post(f"{location}/round", data=posted | stakes | {"out": "none"}).status_code == 303
    assert "the deal was blocked" in text(client.get(location).get_data(as_text=True))


def test_the_player_out_needs_no_cards_left_on_the_page(client: FlaskClient) -> None:
    location = start(client, "queenie", pay_per_card="on", start_chips="10")
    page = client.get(f"{location}/round").get_data(as_text=True)
    assert "The player who went out holds none: leave theirs empty." in text(page)
    assert not re.search(r'name="cards_left-\d"[^>]*required', page)
    form = queenie_deal(**{"queen-H": "1", "out": "1", "cards_left-0": "5", "cards_left-2": "10", "cards_left-3": "3"})
    form["cards_left-1"] = ""
    assert client.post(f"{location}/round", data=form).status_code == 303


# --- 5. Every refusal says who or where; the summary links to the field ------------------------------------------


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"queen": ""}, ["Who took the queen of spades: choose a player."]),
        ({"hearts-1": "-1", "hearts-2": "7"}, ["Bruno: this cannot be less than 0."]),
        ({"hearts-0": "x"}, ["Alice: enter a whole number."]),
        ({"hearts-0": "5", "hearts-1": "5"}, ["The hearts taken must add up to 13 (they add up to 17)."]),
    ],
)
def test_hearts_refusals_name_the_player_or_the_field(
    client: FlaskClient, changes: dict[str, str], expected: list[str]
) -> None:
    location = start(client, "hearts")
    form = {"number": "1", "hearts-0": "2", "hearts-1": "4", "hearts-2": "0", "hearts-3": "7", "queen": "1"} | changes
    response = client.post(f"{location}/round", data=form)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert field_errors(page) == expected
    assert_summary_links_to_fields(page)


def test_names_with_spaces_and_quotes_get_working_links(client: FlaskClient) -> None:
    players = ["Anne Marie", "O'Hara", "Zoé", "Bruno"]
    location = start(client, "hearts", players)
    form = {"number": "1", "hearts-0": "-1", "hearts-1": "-2", "hearts-2": "0", "hearts-3": "16", "queen": "1"}
    page = client.post(f"{location}/round", data=form).get_data(as_text=True)
    assert "Anne Marie: this cannot be less than 0." in field_errors(page)
    assert "O'Hara: this cannot be less than 0." in field_errors(page)
    assert_summary_links_to_fields(page)


def test_queenie_refusals_name_the_field(client: FlaskClient) -> None:
    location = start(client, "queenie")
    response = client.post(f"{location}/round", data=queenie_deal(out="7", **{"queen-D": "9", "stake-2": "X"}))
    page = response.get_data(as_text=True)
    assert field_errors(page) == [
        "Chloé: choose a queen: S, H, D or C.",
        "Who played the queen of diamonds: 9 is not a player in this game.",
        "Who went out: 7 is not a player in this game.",
    ]
    assert_summary_links_to_fields(page)


def test_piquet_refusals_name_the_hand_and_the_pique_question_sits_by_the_totals(client: FlaskClient) -> None:
    location = start(client, "piquet", ["Hugo", "Chloé"], dealer=1)
    eleven = "AS KS QS JS TS AH 9H 7H AD 8D 7D"
    form = MultiDict([("number", "1"), ("combos", "cards"), ("play", "tricks")])
    for card in eleven.split():
        form.add("elder-cards", card)
    page = client.post(f"{location}/round", data=form).get_data(as_text=True)
    assert "Cards of Hugo: a hand has 12 cards after the exchange (this one has 11)." in field_errors(page)
    assert_summary_links_to_fields(page)
    # The play counted aloud leaves the pique open: the question comes right under the totals.
    totals = {
        "number": "1",
        "combos": "announced",
        "elder-point-cards": "5",
        "elder-point-value": "45",
        "elder-seq-0": "5A",
        "play": "totals",
        "elder-play": "12",
        "younger-play": "3",
        "elder-tricks": "10",
        "younger-tricks": "2",
    }
    page = client.post(f"{location}/round", data=totals).get_data(as_text=True)
    assert field_errors(page) == [
        "Did Hugo reach 30 before Chloé scored anything? The play totals do not say: answer yes or no."
    ]
    assert_summary_links_to_fields(page)
    fieldset = page[page.index('<fieldset class="piquet-totals"') :]
    fieldset = fieldset[: fieldset.index("</fieldset>")]
    assert (
        fieldset.index('name="younger-tricks"')
        < fieldset.index('data-question="pique"')
        < fieldset.index('id="error-pique"')
    )


def test_new_game_refusals_name_the_seat(client: FlaskClient) -> None:
    page = client.post("/new/hearts", data={"player-0": "Alice", "player-1": "alice", "player-2": "Bruno"}).get_data(
        as_text=True
    )
    assert field_errors(page) == [
        "Seat 2: alice is the same name as Alice, already playing: capitals and spaces do not count."
    ]
    assert_summary_links_to_fields(page)


# --- 6. Queenie: no sale after a switch; a dead card is nobody's lowest; what the queen tiles carry --------------


def test_a_buyer_after_a_switch_is_refused_clearly_and_the_page_can_disable_the_choice(client: FlaskClient) -> None:
    location = start(client, "queenie")
    page = client.get(f"{location}/round").get_data(as_text=True)
    assert '<fieldset class="buyer" data-off-when="dealer_choice=switch">' in page
    assert "Only after keeping: a dealer who switched sells nothing." in text(page)
    response = client.post(f"{location}/round", data=queenie_deal(dealer_choice="switch", buyer="2", out="none"))
    assert field_errors(response.get_data(as_text=True)) == [
        "The buyer of the spare packet must be nobody: the dealer switched packets, so nothing was sold."
    ]


def test_the_play_along_refuses_a_dead_card_as_the_lowest_and_shows_what_the_queens_carry(client: FlaskClient) -> None:
    location = start(client, "queenie", dealer=3)  # Denis deals deal 1; Alice is on his left
    play = f"{location}/playalong"
    # A♦ by Alice, 2♦ nobody (dead): Alice owes her lowest black card; then 3♠ and 4♠ nobody: she owes red.
    page = client.get(play, query_string={"d": "1", "p": "keep", "a": "0 - 3S -"}).get_data(as_text=True)
    assert "Alice, your lowest red card?" in text(page)
    assert re.search(r'value="2D"\s+disabled aria-label="2 of diamonds \(declared dead\)"', page)
    refused = client.get(play, query_string={"d": "1", "p": "keep", "a": "0 - 3S - 2D"}, follow_redirects=True)
    words = text(refused.get_data(as_text=True))
    assert "That answer does not fit the deal: it was left out." in words
    assert "The 2♦ was declared dead: it is nobody's lowest card. If someone has it, undo back to it." in words
    # The queen tiles say the chips carried over, plus this deal's stakes still to come.
    assert words.count("0 + stakes") == 4


# --- 7. The table page: standings, what to do now, then the chart and the rounds --------------------------------


def test_the_table_page_puts_what_to_do_now_above_the_chart_and_the_rounds(client: FlaskClient) -> None:
    location = start(client, "hearts")
    client.post(
        f"{location}/round",
        data={"number": "1", "hearts-0": "2", "hearts-1": "4", "hearts-2": "0", "hearts-3": "7", "queen": "1"},
    )
    page = client.get(location).get_data(as_text=True)
    order = [
        page.index(marker)
        for marker in ('class="totals"', 'id="next-title"', 'id="chart-title"', 'id="grid-title"', 'class="share"')
    ]
    assert order == sorted(order)
    assert ">Hand by hand<" in page


# --- 8. The minus sign ---------------------------------------------------------------------------------------------


def test_negative_numbers_use_the_minus_sign(client: FlaskClient) -> None:
    location = start(client, "hearts", moon="subtract")
    form = {"number": "1", "hearts-1": "13", "queen": "1"}
    assert client.post(f"{location}/round", data=form).status_code == 303
    page = client.get(location).get_data(as_text=True)
    assert '<span class="points">−26</span>' in page
    assert "<td>−26 <small>−26</small></td>" in page
    assert not re.search(r">\s*-\d", page)  # no hyphen before a number anywhere on the page
    assert "−26" in client.get(f"{location}/undo").get_data(as_text=True)


@pytest.mark.parametrize(
    ("number", "as_minus", "as_signed"), [(-2, "−2", "−2"), (0, "0", "0"), (3, "3", "+3"), ("x", "x", "x")]
)
def test_minus_and_signed(number: object, as_minus: str, as_signed: str) -> None:
    assert minus(number) == as_minus
    assert signed(number) == as_signed


# --- 9. One word for a round per game, and French that reads right -----------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Ana", "Paquets d'Ana"),
        ("Hugo", "Paquets d'Hugo"),
        ("Émile", "Paquets d'Émile"),
        ("Bruno", "Paquets de Bruno"),
    ],
)
def test_french_de_before_a_name(name: str, expected: str) -> None:
    assert elide_de(f"Paquets de {name}", name) == expected


def french(client: FlaskClient) -> FlaskClient:
    client.set_cookie("lang", "fr")
    return client


def test_queenie_and_piquet_say_donne_in_french(client: FlaskClient) -> None:
    french(client)
    queenie = start(client, "queenie", ["Ana", "Bruno", "Chloé", "Denis"])
    table = text(client.get(queenie).get_data(as_text=True))
    assert "Donne 1 sur 8 · Ana donne" in table
    assert "Saisir la donne 1" in table
    assert "saisir et de corriger les donnes" in table  # the invitation hint
    form = text(client.get(f"{queenie}/round").get_data(as_text=True))
    assert "2. Paquets d'Ana" in form and "de Ana" not in form
    assert "3. Le paquet de réserve" in form and "talon" not in form.split("2. Paquets")[1].split("4.")[0]
    assert "personne : donne bloquée" in form
    client.post(f"{queenie}/round", data=queenie_deal(out="none"))
    table = text(client.get(queenie).get_data(as_text=True))
    assert "Donne par donne" in table and "Coup" not in table
    piquet = start(client, "piquet", ["Hugo", "Chloé"])
    words = text(client.get(piquet).get_data(as_text=True))
    assert "Donne 1 sur 6" in words and "manche" not in words.casefold()


def test_hearts_writes_the_queen_of_spades_in_lower_case_inside_sentences(client: FlaskClient) -> None:
    french(client)
    page = text(client.get("/new/hearts").get_data(as_text=True))
    assert "Dame de Pique" in page  # the game's name
    assert "les 13 cœurs et la dame de pique" in page
    assert "la Dame de Pique" not in page
    location = start(client, "hearts")
    assert "Manche par manche" not in text(client.get(location).get_data(as_text=True))  # no round yet
    client.post(f"{location}/round", data={"number": "1", "hearts-1": "13", "queen": "1"})
    assert "Manche par manche" in text(client.get(location).get_data(as_text=True))


def test_french_refusals_elide_de_before_a_name(client: FlaskClient) -> None:
    french(client)
    location = start(client, "queenie", ["Ana", "Bruno", "Chloé", "Émile"])
    form = queenie_deal(out="none")
    del form["stake-0"]
    page = client.post(f"{location}/round", data=form).get_data(as_text=True)
    assert field_errors(page) == ["Il manque la mise d'Ana."]


# --- 10. A watcher on an editing page ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/round", "/round/1", "/undo"])
def test_a_watcher_is_told_this_phone_can_watch_only_and_how_to_score(
    app: Flask, client: FlaskClient, path: str
) -> None:
    location = start(client, "hearts")
    client.post(f"{location}/round", data={"number": "1", "hearts-1": "13", "queen": "1"})
    watcher = app.test_client()
    response = watcher.get(f"{location}{path}")
    assert response.status_code == 403
    page = text(response.get_data(as_text=True))
    assert "This phone can watch this game, but not change it." in page
    assert "key" not in page.casefold()
    assert 'ask the scorer to open "Invite a second scorer…"' in page
    assert f'<a class="button" href="{location}">Back to the game</a>' in response.get_data(as_text=True)


# --- 12. Names: normalised, compared without capitals, nothing invisible ------------------------------------------


def test_the_new_game_form_tells_instead_of_cutting_a_long_name(client: FlaskClient) -> None:
    page = client.get("/new/hearts").get_data(as_text=True)
    assert "maxlength" not in page[page.index('id="player-0"') :][:200]
    long_name = "Anne-Charlotte de la Tour du Pin"  # 32 characters
    response = client.post("/new/hearts", data={"player-0": long_name, "player-1": "Bruno", "player-2": "Chloé"})
    assert response.status_code == 422
    assert field_errors(response.get_data(as_text=True)) == [
        "Seat 1: a name has at most 30 characters (this one has 32)."
    ]
    assert f'value="{long_name}"' in response.get_data(as_text=True)  # what was typed is kept, whole


def test_deals_first_on_an_empty_seat_is_refused(app: Flask, client: FlaskClient) -> None:
    before = dump_database(app)
    form = {"player-0": "Alice", "player-1": "Bruno", "player-2": "Chloé", "dealer": "4"}
    response = client.post("/new/hearts", data=form)
    assert response.status_code == 422
    assert field_errors(response.get_data(as_text=True)) == [
        "Deals first: seat 5 is ticked to deal first but has no name: tick the seat of a player."
    ]
    assert dump_database(app) == before


DECOMPOSED = unicodedata.normalize("NFD", "Chloé")


@pytest.mark.parametrize(
    ("second", "message"),
    [
        ("alice", "alice is the same name as Alice, already playing: capitals and spaces do not count."),
        ("Alice ", "Alice is already playing."),
        (" ALICE", "ALICE is the same name as Alice, already playing: capitals and spaces do not count."),
        ("Chloé", "Chloé is already playing."),
    ],
)
def test_names_that_are_the_same_are_refused(api: Api, second: str, message: str) -> None:
    first = DECOMPOSED if second == "Chloé" else "Alice"
    response = api.create("hearts", [first, "Bruno", second])
    assert response.status_code == 422
    assert response.json["errors"] == [{"field": "players.2", "message": message}]


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("\u200b", "U+200B"),  # zero-width space
        ("\ufeff", "U+FEFF"),  # byte order mark
        ("Al\u202eice", "U+202E"),  # right-to-left override
        ("Bob\x00", "U+0000"),  # NUL
        ("Zo\u2028é", "U+2028"),  # line separator
        ("Ann\tMarie", "U+0009"),  # a tab inside a name
    ],
)
def test_invisible_and_control_characters_are_refused(api: Api, name: str, code: str) -> None:
    response = api.create("hearts", ["Alice", name, "Chloé"])
    assert response.status_code == 422
    assert response.json["errors"] == [
        {
            "field": "players.1",
            "message": f"This name holds an invisible or control character ({code}): type it again without it.",
        }
    ]


def test_a_name_of_joiners_only_is_refused_and_joiners_inside_are_kept(api: Api) -> None:
    response = api.create("hearts", ["Alice", "\u200d\u200d", "Chloé"])
    assert response.json["errors"] == [
        {"field": "players.1", "message": "A name needs at least one letter, digit or sign that can be seen."}
    ]
    family = "👩\u200d👧"
    assert api.create("hearts", ["Alice", family, "Chloé"]).status_code == 201


def test_names_are_kept_normalised_and_rounds_may_name_them_either_way(api: Api) -> None:
    response = api.create("hearts", ["  Jean   Paul ", DECOMPOSED, "Bruno"], dealer=" jean paul")
    assert response.status_code == 201, response.json
    game_id = response.json["id"]
    assert response.json["players"] == ["Jean Paul", "Chloé", "Bruno"]
    assert response.json["dealer"] == "Jean Paul"
    assert unicodedata.is_normalized("NFC", response.json["players"][1])
    hand = {"hearts": {"Jean Paul": 13, "Chloé": 0, "Bruno": 0}, "queen": DECOMPOSED}
    answer = api.add(game_id, hand)
    assert answer.status_code == 201, answer.json
    assert answer.json["rounds"][0]["input"]["queen"] == "Chloé"


# --- 13. A correction that reopens a finished game says so ---------------------------------------------------------


def test_a_correction_that_reopens_the_game_says_so(client: FlaskClient) -> None:
    location = start(client, "hearts", target="25")
    client.post(
        f"{location}/round",
        data={"number": "1", "hearts-0": "2", "hearts-1": "4", "hearts-2": "0", "hearts-3": "7", "queen": "1"},
    )
    client.post(f"{location}/round", data={"number": "2", "hearts-0": "0", "hearts-1": "13", "queen": "1"})
    assert "finished" in text(client.get(location).get_data(as_text=True))
    correction = {"number": "2", "hearts-0": "0", "hearts-1": "1", "hearts-2": "12", "queen": "0"}
    response = client.post(f"{location}/round/2", data=correction, follow_redirects=True)
    words = text(response.get_data(as_text=True))
    assert "Hand 2 corrected" in words
    assert "This correction reopens the game: nobody has won yet, so play goes on." in words
    assert "Enter hand 3" in words
    # A correction that leaves the game as it was says nothing of the kind.
    response = client.post(
        f"{location}/round/1",
        data={"number": "1", "hearts-0": "3", "hearts-1": "3", "hearts-3": "7", "hearts-2": "0", "queen": "1"},
        follow_redirects=True,
    )
    assert "reopens" not in text(response.get_data(as_text=True))
