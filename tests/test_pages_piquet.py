"""The Piquet phone pages through Flask's test client (JavaScript off by definition)."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from tests.conftest import Api, dump_database
from tests.test_piquet_rules import P10_DEALS

P8 = ("AS KS QS JS TS AH 9H 7H AD 8D 7D 8C", "KH QH JH TH 8H KD QD JD TD 9D KC QC")
P8_WINNERS = "EEEEEEEYYYYY"


def start(client: FlaskClient, dealer: int = 0, **options: str) -> str:
    """Ann and Bob; Ann deals first by default, so Bob is elder in deal 1."""
    form = {"player-0": "Ann", "player-1": "Bob", "dealer": str(dealer)}
    form.update({f"option-{name}": value for name, value in options.items()})
    response = client.post("/new/piquet", data=form)
    assert response.status_code == 303
    return response.headers["Location"]


def by_cards(number: int, elder: str, younger: str, winners: str = "", **extra: str) -> MultiDict[str, str]:
    """The card picker as posted without JavaScript: one checkbox per card, one radio per trick."""
    fields = [("number", str(number)), ("combos", "cards"), ("play", "tricks")]
    fields += [("elder-cards", card) for card in elder.split()]
    fields += [("younger-cards", card) for card in younger.split()]
    fields += [(f"trick-{trick}", letter) for trick, letter in enumerate(winners, start=1)]
    form = MultiDict(fields)
    for name, value in extra.items():
        form[name.replace("_", "-")] = value
    return form


def text(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page))).strip()


def field_errors(page: str) -> dict[str, str]:
    found = re.findall(r'class="field-error" id="error-([^"]*)">([^<]*)<', page)
    return {name: html.unescape(message) for name, message in found}


def totals_shown(page: str) -> dict[str, int]:
    pairs = re.findall(r'<span class="name">([^<]*)</span>\s*<span class="points">(-?\d+)</span>', page)
    return {html.unescape(name): int(points) for name, points in pairs}


def summary(page: str) -> list[tuple[str, str, str]]:
    """The last deal's summary: (line, elder's points, younger's points)."""
    table = page[page.index('class="grid piquet-summary"') :]
    table = table[: table.index("</table>")]
    rows = re.findall(r'<tr data-line="(\w+)"[^>]*>(.*?)</tr>', table, re.S)
    shown = []
    for item, row in rows:
        cells = [text(cell) for cell in re.findall(r"<td>(.*?)</td>", row, re.S)]
        shown.append((item, cells[0], cells[1]))
    return shown


def test_the_table_before_the_first_deal(client: FlaskClient):
    page = client.get(start(client)).get_data(as_text=True)
    words = text(page)
    assert "Deal 1 of 6 · Ann deals" in words
    assert "Bob is elder" in words
    assert "Bob exchanges 1 to 5 cards; Ann then 1 to the rest of the 8" in words
    assert "Enter deal 1" in words


def test_the_deal_form_carries_the_ways_chosen_and_shows_another_when_chosen(client: FlaskClient):
    table = start(client)
    page = client.get(table + "/round").get_data(as_text=True)
    assert page.count('name="elder-cards"') == 32
    assert page.count('name="younger-cards"') == 32
    assert 'name="combos" value="cards" data-way-switch checked' in page
    assert 'name="play" value="tricks" data-way-switch checked' in page
    assert page.count('type="radio" name="trick-') == 24
    # The ways not chosen are not on the page: its script brings one in from the file of ways (below) when chosen.
    assert 'name="elder-point-value"' not in page and 'name="elder-play"' not in page
    assert re.findall(r'data-way="([^"]*)"', page) == ["combos:cards", "play:tricks"]
    assert re.search(r'data-ways="/static/piquet/ways\.en\.html\?v=[0-9a-f]{12}"', page)
    assert re.search(r'src="/static/[^"]*\+piquet/round\.js\?v=[0-9a-f]{12}" defer', page)  # Piquet's own, versioned
    # The styles of the ways it shows, not of the others.
    styles = r'href="/static/style\.css\+form\.css\+picks\.css\+piquet/round\.css\+%s\?v=[0-9a-f]{12}"'
    assert re.search(styles % r"piquet/cards\.css\+piquet/tricks\.css", page)
    assert "<script>" not in page and " style=" not in page
    # Without JavaScript: the ways chosen, then the button under the choices (in <noscript>); what was
    # entered stays.
    button = '<noscript><button type="submit" name="adjust" value="way">Show the way chosen</button></noscript>'
    assert page.count(button) == 2
    form = by_cards(1, P8[0], "", combos="announced", play="totals", adjust="way", elder_blanche="on")
    shown = client.post(table + "/round", data=form)
    assert shown.status_code == 200
    page = shown.get_data(as_text=True)
    assert 'name="combos" value="announced" data-way-switch checked' in page
    assert 'name="elder-blanche" data-blanche="elder" checked' in page
    assert 'name="elder-point-value" inputmode="numeric"' in page
    assert '<option value="5A">quint to the ace</option>' in page
    assert '<option value="4T">quatorze of tens</option>' in page
    assert 'name="elder-play" inputmode="numeric"' in page
    assert re.search(styles % r"piquet/aloud\.css\+piquet/announced\.css", page)
    assert "elder-cards" not in page and 'name="trick-1"' not in page
    assert re.findall(r'data-way="([^"]*)"', page) == ["combos:announced", "play:totals"]
    back = client.post(table + "/round", data=by_cards(1, P8[0], "", adjust="way")).get_data(as_text=True)
    assert 'value="AS" type="checkbox" name="elder-cards" checked' in back  # the cards ticked before, still ticked


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_cards_way_names_the_combinations_by_the_announcements_options(client: FlaskClient, language: str):
    """The card picker names what it finds (piquet/round.js) by the announcements' options: the page's when it
    shows them, else the file of ways', asked for when a hand first holds a combination. A page showing the
    cards' way carries no names of its own."""
    client.set_cookie("lang", language)
    table = start(client)
    page = client.get(table + "/round").get_data(as_text=True)
    quint = "quint to the ace" if language == "en" else "quinte à l'as"
    assert "<option" not in page and quint not in html.unescape(page) and "data-combinations" not in page
    address = re.search(r'data-ways="([^"]+)"', page)
    assert address is not None
    with client.get(html.unescape(address.group(1))) as response:
        made = response.get_data(as_text=True)
    for role in ("elder", "younger"):
        assert f'<select name="{role}-seq-0">' in made and f'<select name="{role}-set-0">' in made
    assert f'<option value="5A">{quint}</option>' in made
    assert '<option value="4T">' + ("quatorze of tens" if language == "en" else "quatorze de dix") + "</option>" in made


@pytest.mark.parametrize(
    ("combos", "play", "styles"),
    [
        ("cards", "tricks", ["cards", "tricks"]),
        ("cards", "totals", ["cards", "aloud"]),
        ("announced", "tricks", ["aloud", "announced", "tricks"]),
        ("announced", "totals", ["aloud", "announced"]),
    ],
)
def test_each_way_loads_its_styles_in_one_stylesheet_served_and_kept(
    app: Flask, client: FlaskClient, combos: str, play: str, styles: list[str]
):
    """Whatever ways a form shows, its one stylesheet and its one script are bundles that are served at the
    version the page names, cached for good, and kept (brotli's best: referee/delivery.py)."""
    table = start(client)
    form = {"number": "1", "combos": combos, "play": play, "adjust": "way"}
    page = client.post(table + "/round", data=form).get_data(as_text=True)
    sheet = re.search(r'<link rel="stylesheet" href="(/static/([^"?]+)\?v=[0-9a-f]{12})">', page)
    script = re.search(r'<script src="(/static/([^"?]+)\?v=[0-9a-f]{12})" defer>', page)
    assert sheet is not None and script is not None
    names = sheet.group(2).split("+")
    assert names[:4] == ["style.css", "form.css", "picks.css", "piquet/round.css"]
    assert names[4:] == [f"piquet/{name}.css" for name in styles]
    assert script.group(2) == "app.js+form.js+cards.js+piquet/round.js"
    for url, bundle in (sheet.groups(), script.groups()):
        with client.get(html.unescape(url), headers={"Accept-Encoding": "br"}) as response:
            assert response.status_code == 200
            assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
            assert response.data == app.extensions["referee.static_bundles"][bundle].brotli


def way_sections(page: str) -> dict[str, str]:
    """Each way of entering on a page (or in the file of ways), by its switch and value ("combos:cards")."""
    found = re.findall(r'(<fieldset class="piquet-\w+" data-way="([\w:]+)".*?</fieldset>)', page, re.S)
    return {way: section for section, way in found}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("second_blanche", [False, True])
def test_the_file_of_ways_holds_each_way_as_the_form_shows_it(client: FlaskClient, language: str, second_blanche: bool):
    client.set_cookie("lang", language)
    table = start(client, **({"second_blanche": "on"} if second_blanche else {}))
    pages = [client.get(table + "/round").get_data(as_text=True)]
    form = {"number": "1", "combos": "announced", "play": "totals", "adjust": "way"}
    pages.append(client.post(table + "/round", data=form).get_data(as_text=True))
    shown = way_sections(pages[0]) | way_sections(pages[1])
    assert set(shown) == {"combos:cards", "combos:announced", "play:tricks", "play:totals"}
    address = re.search(r'data-ways="([^"]+)"', pages[0])
    assert address is not None
    suffix = "-second-blanche" if second_blanche else ""
    assert address.group(1).startswith(f"/static/piquet/ways{suffix}.{language}.html?v=")
    with client.get(html.unescape(address.group(1))) as response:
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        made = response.get_data(as_text=True)
    # As piquet/round.js fills it in: the players' names (escaped as the page escapes them).
    filled = made.replace("{elder_name}", "Bob").replace("{younger_name}", "Ann")
    # Brought in, a way links its styles, which a page showing it has in its own.
    styles = re.compile(r'<link rel="stylesheet" href="/static/piquet/(\w+)\.css\?v=[0-9a-f]{12}">')
    in_file = way_sections(filled)
    assert {way: styles.findall(section) for way, section in in_file.items()} == {
        "combos:cards": ["cards"],
        "combos:announced": ["aloud", "announced"],
        "play:tricks": ["tricks"],
        "play:totals": ["aloud"],
    }

    # The same markup, the page's without the templates' indentation.
    def unindented(section: str) -> str:
        return "\n".join(line.strip() for line in section.split("\n"))

    assert {way: unindented(styles.sub("", section)) for way, section in in_file.items()} == shown
    assert ("second_blanche" in shown["combos:announced"]) == second_blanche
    assert "Sequence" not in made if language == "fr" else "Sequence 1" in made


def test_p8_by_cards_and_trick_winners(client: FlaskClient):
    table = start(client)
    response = client.post(table + "/round", data=by_cards(1, *P8, winners=P8_WINNERS))
    assert response.status_code == 303
    page = client.get(table).get_data(as_text=True)
    assert totals_shown(page) == {"Bob": 71, "Ann": 6}
    assert summary(page) == [
        ("point", "5", ""),
        ("sequences", "15", ""),
        ("sets", "3", ""),
        ("play", "8", ""),
        ("play", "", "6"),
        ("pique", "30", ""),
        ("cards", "10", ""),
        ("deal", "71", "6"),
    ]
    words = text(page)
    assert "Point of 5 (51) — good against 5 (49)" in words
    assert "quint to the ace (15) — good against quint to the king" in words
    assert "Pique! 30 reached at trick 7, the other on 0" in words
    assert "Deal 2 of 6 · Bob deals" in words
    # The correction form shows the cards as they were ticked.
    edit = client.get(table + "/round/1").get_data(as_text=True)
    assert 'value="AS" type="checkbox" name="elder-cards" checked' in edit
    assert 'value="QC" type="checkbox" name="younger-cards" checked' in edit
    assert re.search(r'name="trick-7" value="E"[^>]* checked>', edit)
    assert re.search(r'name="trick-8" value="Y"[^>]* checked>', edit)


def test_p9_by_announcements_and_play_totals(client: FlaskClient):
    table = start(client, dealer=1)  # Bob deals: Ann is elder
    form = {
        "number": "1",
        "combos": "announced",
        "play": "totals",
        "elder-point-cards": "5",
        "elder-point-value": "49",
        "elder-seq-0": "4A",
        "younger-set-0": "4T",
        "younger-set-1": "3Q",
        "elder-play": "9",
        "younger-play": "6",
        "elder-tricks": "7",
    }
    response = client.post(table + "/round", data=form)
    assert response.status_code == 303, field_errors(response.get_data(as_text=True))
    page = client.get(table).get_data(as_text=True)
    assert totals_shown(page) == {"Ann": 28, "Bob": 23}
    assert [line[0] for line in summary(page)] == ["point", "sequences", "sets", "play", "play", "cards", "deal"]
    assert summary(page)[-1] == ("deal", "28", "23")
    words = text(page)
    assert "quatorze of tens (14), three queens (3) — good" in words
    edit = client.get(table + "/round/1").get_data(as_text=True)
    assert 'name="combos" value="announced" data-way-switch checked' in edit
    assert '<option value="4A" selected>' in edit
    assert re.search(r'name="younger-tricks" [^>]*value="5"', edit)


def test_the_pique_question_is_asked_up_front_and_insisted_on_when_needed(client: FlaskClient, app: Flask):
    table = start(client)
    # Issue 24, item 7: with the play entered as totals, the question is there before any save, unanswered.
    totals_chosen = {"number": "1", "play": "totals", "adjust": "way"}
    blank = client.post(table + "/round", data=totals_chosen).get_data(as_text=True)
    totals = blank[blank.index('<fieldset class="piquet-totals"') :]
    totals = totals[: totals.index("</fieldset>")]
    assert "Did Bob reach 30 before Ann scored anything?" in totals
    assert re.findall(r'name="pique" value="(\w+)"', totals) == ["yes", "no"]
    assert not re.search(r'name="pique" value="\w+"\s*checked', totals)
    before = dump_database(app)
    form = by_cards(1, *P8, play="totals", elder_play="9", younger_play="6", elder_tricks="7", younger_tricks="5")
    response = client.post(table + "/round", data=form)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Did Bob reach 30 before Ann scored anything?" in page
    assert "pique" in field_errors(page)
    assert dump_database(app) == before
    # Posted back, the ticked cards are still ticked.
    assert 'value="AS" type="checkbox" name="elder-cards" checked' in page
    form["pique"] = "yes"
    assert client.post(table + "/round", data=form).status_code == 303
    assert totals_shown(client.get(table).get_data(as_text=True)) == {"Bob": 72, "Ann": 6}


@pytest.mark.parametrize(
    ("form", "field", "message"),
    [
        (by_cards(1, P8[0].replace(" 8C", ""), P8[1], P8_WINNERS), "hands-elder", "this one has 11"),
        (by_cards(1, P8[0], P8[1] + " 9S", P8_WINNERS), "hands-younger", "this one has 13"),
        (by_cards(1, P8[0].replace("8C", "KH"), P8[1], P8_WINNERS), "hands-younger", "cannot be in both hands"),
        (by_cards(1, *P8, winners="EEEEEEEYYYY"), "trick_winners", "11 given"),
        (
            by_cards(1, *P8, play="totals", elder_play="8", younger_play="6", elder_tricks="7", younger_tricks="4"),
            "tricks",
            "add up to 12",
        ),
    ],
)
def test_refusals_are_shown_at_the_field(client: FlaskClient, app: Flask, form, field, message):
    table = start(client)
    before = dump_database(app)
    response = client.post(table + "/round", data=form)
    assert response.status_code == 422
    errors = field_errors(response.get_data(as_text=True))
    assert field in errors, errors
    assert message in errors[field]
    assert dump_database(app) == before


def test_announcement_refusals_are_shown_at_the_row(client: FlaskClient):
    table = start(client)
    form = {
        "number": "1",
        "combos": "announced",
        "elder-point-cards": "5",
        "elder-point-value": "20",
        "elder-set-0": "3A",
        "younger-set-0": "3A",
        **{f"trick-{trick}": letter for trick, letter in enumerate("EEEEEEYYYYYY", start=1)},
    }
    response = client.post(table + "/round", data=form)
    assert response.status_code == 422
    errors = field_errors(response.get_data(as_text=True))
    assert "not 20" in errors["declarations-elder-point-value"]
    assert "declarations-younger-sets-0" in errors or "declarations-elder-point-value" in errors


def test_a_whole_rubicon_partie_ends_with_the_result_in_words(client: FlaskClient):
    table = start(client, dealer=1)  # Ann elder in the odd deals
    # Each deal: elder announces a point of 5 (5), both play 6 tricks (7 each): elder 12, younger 7.
    for number in range(1, 7):
        form = {
            "number": str(number),
            "combos": "announced",
            "elder-point-cards": "5",
            "elder-point-value": "49",
            **{f"trick-{trick}": letter for trick, letter in enumerate("EEEEEEYYYYYY", start=1)},
        }
        assert client.post(table + "/round", data=form).status_code == 303
    page = client.get(table).get_data(as_text=True)
    assert totals_shown(page) == {"Ann": 57, "Bob": 57}
    assert "Deal 7 of 8" in text(page)
    assert "Tied after six deals" in text(page)
    for number, point in ((7, "6"), (8, "5")):
        form = {
            "number": str(number),
            "combos": "announced",
            "elder-point-cards": point,
            "elder-point-value": "57" if point == "6" else "49",
            **{f"trick-{trick}": letter for trick, letter in enumerate("EEEEEEYYYYYY", start=1)},
        }
        assert client.post(table + "/round", data=form).status_code == 303
    page = client.get(table).get_data(as_text=True)
    words = text(page)
    assert totals_shown(page) == {"Ann": 77, "Bob": 76}
    # The winner said once (issue 24, item 3), then what the partie is worth.
    assert "Ann wins! 253 points won — Bob is rubiconed" in words and words.count("Ann wins") == 1
    assert "77 + 76 + 100 = 253" in words
    assert "Deal 8 in the reckoning order" in words
    assert "Enter deal" not in words


def test_the_pages_in_french(client: FlaskClient):
    client.set_cookie("lang", "fr")
    table = start(client)
    assert client.post(table + "/round", data=by_cards(1, *P8, winners=P8_WINNERS)).status_code == 303
    assert client.get(table).status_code == 200
    assert client.get(table + "/round").status_code == 200


def test_au_cent_ends_when_the_target_is_reached(client: FlaskClient):
    table = start(client, partie="cent")
    words = text(client.get(table).get_data(as_text=True))
    assert "Deal 1 · Ann deals" in words
    assert "First to 100 wins" in words
    p7 = ("AH KH QH JH TH 9H 7H AS KS QS JS AD", "TS 9S 8S 7S KD QD JD TD KC QC JC 8C")
    assert client.post(table + "/round", data=by_cards(1, *p7, winners="E" * 12)).status_code == 303
    page = client.get(table).get_data(as_text=True)
    words = text(page)
    assert totals_shown(page) == {"Bob": 100, "Ann": 0}
    assert "Bob reaches 100 first — a double game: Ann has under 50" in words
    assert "Bob reached the target here; the rest of the deal does not count." in words
    assert "Repique!" in words
    assert "Enter deal" not in words


# --- Piquet on paper ----------------------------------------------------------------------------------


def p10_sheet(api: Api, **headers: str) -> str:
    """The printed sheet of the Rubicon partie P10 (shared/rules/piquet.md): Bob deals first; Ann wins."""
    game_id = api.create("piquet", ["Ann", "Bob"], dealer="Bob").json["id"]
    for round_input in P10_DEALS:
        assert api.add(game_id, round_input).status_code == 201
    response = api.client.get(f"/g/{game_id}/sheet", headers=headers)
    assert response.status_code == 200
    return text(response.get_data(as_text=True))


def test_piquet_sheet_gives_points_won_and_the_events(api: Api) -> None:
    words = p10_sheet(api)
    assert "Partie: Rubicon: six deals, a loser under 100 is rubiconed" in words
    assert "Ann wins! 118 points won" in words and words.count("Ann wins") == 1
    assert "131 − 113 + 100 = 118." in words
    assert "point: Ann" in words and "cards: Ann" in words  # Ann is elder in deal 1


def test_piquet_sheet_in_french(api: Api) -> None:
    assert "Ann gagne ! 118 points gagnés" in p10_sheet(api, **{"Accept-Language": "fr"}).replace("\u202f", " ")


def test_blank_piquet(client: FlaskClient) -> None:
    page = client.get("/sheets/piquet/blank").get_data(as_text=True)
    words = text(page)
    assert page.count('class="sheet blank deal') == 9  # eight deals and the result
    assert "Deal 1 What A younger B elder" in words
    assert "Deal 2 What A elder B younger" in words
    assert "Deal 7 (only if tied)" in words
    for line in ("Point", "Sequences", "Sets", "Repique (60)", "Play", "Pique (30)", "Cards (10) / capot (40)"):
        assert line in words
    assert "a loser under 100 is rubiconed" in words
