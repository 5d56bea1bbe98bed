"""Belote and Coinche on the phone pages through Flask's test client (JavaScript off by definition): the
taking said before the play and shown during it, the deal form by points and by the cards (a coinched capot,
the rule file's CO11 coinched), refusals at their field, the cards' points counted, the table's words for the
deal, the printed and blank sheets, in French."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.belote_examples import ALL_CARDS, BE14_CARDS, BE20, CO19, PASSED, TABLE, deal
from tests.conftest import Api, dump_database
from tests.samples import text_of
from tests.test_api_spades import played

NNBSP = "\u202f"


def start(client: FlaskClient, game: str, **options: str) -> str:
    form = {f"player-{seat}": name for seat, name in enumerate(TABLE)}
    form.update({"dealer": "0", "option-announcements": "on", "option-belote_finish": "on"})
    form.update({f"option-{name}": value for name, value in options.items()})
    response = client.post(f"/new/{game}", data=form)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    return str(response.headers["Location"])


def french(client: FlaskClient, path: str) -> str:
    response = client.get(path, headers={"Accept-Language": "fr"})
    assert response.status_code == 200, path
    return text_of(response.get_data(as_text=True)).replace(NNBSP, " ")


def test_a_coinched_capot_said_before_the_play_then_entered_by_the_cards(client: FlaskClient) -> None:
    location = start(client, "coinche")
    said = client.post(
        f"{location}/announce",
        data={"taker": "3", "trump": "H", "contract": "120", "coinche": "coinche", "number": "1"},
    )
    assert said.status_code == 303, text_of(said.get_data(as_text=True))
    # Every phone sees it during the play, in the table's words.
    assert "Denis prend à ♥ cœur ; contrat 120 coinché" in french(client.application.test_client(), location)
    form = client.get(f"{location}/round").get_data(as_text=True)
    assert re.search(r'name="taker" value="3" checked', form)
    assert re.search(r'name="contract"[^>]*value="120"', form)
    assert re.search(r'name="coinche" value="coinche" checked', form)
    deal = {"taker": "3", "trump": "H", "contract": "120", "coinche": "coinche", "number": "1"}
    deal.update({"way": "cards", "pile": "takers", "last_trick": "takers", "cards": ALL_CARDS.split()})
    entered = client.post(f"{location}/round", data=deal)
    assert entered.status_code == 303, text_of(entered.get_data(as_text=True))
    game_id = location.rsplit("/", 1)[1]
    state = client.get(f"/api/v1/games/{game_id}").json
    assert state["rounds"][0]["events"] == ["made", "coinche", "capot:takers"]
    assert [side["total"] for side in state["sides"]] == [0, 740]  # CO11 coinched: (250 + 120) × 2
    table = french(client, location)
    assert "Bruno & Denis 740" in table
    assert "Denis prend à ♥ cœur ; contrat 120 — fait, 252 à 0 · coinché · capot de Bruno & Denis" in table
    sheet = french(client, f"{location}/sheet")
    assert "Denis prend à ♥ cœur ; contrat 120 coinché fait 252 – 0" in sheet
    assert "Bruno & Denis" in sheet and "740" in sheet


def test_a_belote_deal_by_points_with_a_belote_and_announcements(client: FlaskClient) -> None:
    """BE10 through the form: BD's cinquante beats Alice's tierce, and the takers are dedans."""
    location = start(client, "belote")
    deal = {"taker": "0", "trump": "S", "way": "points", "points-takers": "95", "number": "1"}
    deal.update({"ann-player-0": "0", "ann-cards-0": "R♥ D♥ V♥", "ann-player-1": "1", "ann-cards-1": "QD JD TD 9D"})
    deal.update({"ann-player-2": "3", "ann-cards-2": "9C 8C 7C"})
    entered = client.post(f"{location}/round", data=deal)
    assert entered.status_code == 303, text_of(entered.get_data(as_text=True))
    table = french(client, location)
    assert "Bruno & Denis 232" in table
    assert "Alice prend à ♠ pique — dedans, 95 à 137 · annonces : 70 à Bruno & Denis" in table
    correction = client.get(f"{location}/round/1").get_data(as_text=True)
    assert re.search(r'name="ann-cards-0"[^>]*value="KH QH JH"', correction)


def test_refusals_are_shown_at_their_field_and_the_picked_cards_are_counted(client: FlaskClient) -> None:
    location = start(client, "belote")
    refused = client.post(
        f"{location}/round", data={"taker": "1", "trump": "H", "way": "points", "points-takers": "161", "number": "1"}
    )
    assert refused.status_code == 422
    assert "Takers' card points: no set of tricks is worth 161 card points." in text_of(refused.get_data(as_text=True))
    # BE14's pile without who took the last trick: refused there, and its cards counted without the dix de der.
    pile = {"taker": "1", "trump": "H", "way": "cards", "pile": "defenders", "number": "1"}
    pile["cards"] = BE14_CARDS["defenders"].split()
    shown = client.post(f"{location}/round", data=pile, headers={"Accept-Language": "fr"})
    assert shown.status_code == 422
    words = text_of(shown.get_data(as_text=True)).replace(NNBSP, " ")
    assert "Dites qui a fait le dernier pli : les preneurs ou les défenseurs." in words
    assert "3 plis : 62 points de cartes ; l'autre équipe 100" in words
    entered = client.post(f"{location}/round", data={**pile, "last_trick": "defenders"})
    assert entered.status_code == 303
    assert "Bruno & Denis 90" in text_of(client.get(location).get_data(as_text=True))


def test_a_passed_deal_said_before_the_play_is_the_deal(client: FlaskClient) -> None:
    location = start(client, "belote")
    said = client.post(f"{location}/announce", data={"passed": "on", "number": "1"})
    assert said.status_code == 303
    assert "Donne passée : personne n'a pris" in french(client, location)
    entered = client.post(f"{location}/round", data={"passed": "on", "number": "1"})
    assert entered.status_code == 303
    table = french(client, location)
    assert "passée : personne n'a pris" in table
    assert "Donne 2 · Denis donne" in table


def test_the_blank_sheets_are_nous_and_eux(client: FlaskClient) -> None:
    for game in ("belote", "coinche"):
        blank = french(client, f"/sheets/{game}/blank")
        assert "A et C" in blank and "B et D" in blank
        assert "A et C jouent contre B et D." in blank


def test_team_names_from_the_new_game_form_on_the_table_and_the_sheet(client: FlaskClient) -> None:
    form = french(client, "/new/belote")
    assert "Noms des équipes" in form and "Nom 1" in form and "Nom 2" in form
    assert "team_names" not in client.get("/new/hearts").get_data(as_text=True)
    location = start(client, "belote", **{"team_names-0": "Nous", "team_names-1": "Eux"})
    deal = {"number": "1", "taker": "3", "trump": "H", "way": "points", "points-takers": "97", "belote": "3"}
    entered = client.post(f"{location}/round", data=deal)
    assert entered.status_code == 303, text_of(entered.get_data(as_text=True))
    table = french(client, location)
    assert "Belote 1 Eux 117 2 Nous 65" in table
    assert "# Nous litige Eux Corriger 1 65 65 117 117" in table and "Alice & Chloé" not in table
    sheet = french(client, f"{location}/sheet")
    assert "Noms des équipes : Nous, Eux" in sheet
    assert "Résultat Nous litige Eux donne total donne total 1 Alice" in sheet and "Alice & Chloé" not in sheet


def test_team_names_refused_on_the_form_when_equal(client: FlaskClient) -> None:
    form = {f"player-{seat}": name for seat, name in enumerate(TABLE)}
    form.update({"dealer": "0", "option-team_names-0": "Nous", "option-team_names-1": "nous"})
    response = client.post("/new/coinche", data=form, headers={"Accept-Language": "fr"})
    assert response.status_code == 422
    refused = text_of(response.get_data(as_text=True))
    assert "Noms des équipes : les noms de cette option doivent être différents." in refused


def test_team_names_refused_on_the_form_when_invisible(app: Flask, client: FlaskClient) -> None:
    before = dump_database(app)
    form = {f"player-{seat}": name for seat, name in enumerate(TABLE)}
    form.update({"dealer": "0", "option-team_names-0": "Nous", "option-team_names-1": "\u200b\u200b"})
    response = client.post("/new/belote", data=form, headers={"Accept-Language": "fr"})
    assert response.status_code == 422
    refused = text_of(response.get_data(as_text=True))
    invisible = "ce nom contient un caractère invisible ou de contrôle (U+200B) : retapez-le sans ce caractère."
    assert f"Noms des équipes : {invisible}" in refused
    assert dump_database(app) == before


def test_the_belote_fields_rendered_for_the_trumps_said(client: FlaskClient) -> None:
    """Both sets of belote fields are on a Coinche deal form offering tout atout; the trumps said enable one."""
    location = start(client, "coinche", sans_tout_atout="on")
    form = client.get(f"{location}/round").get_data(as_text=True)
    assert re.search(r'<div data-belote-at="TA" hidden>\s*<label>Belote 1 <select name="belote-0" disabled>', form)
    assert '<div data-belote-at="suit">' in form and '<select name="belote">' in form
    said = {"taker": "1", "trump": "TA", "contract": "120", "number": "1"}
    assert client.post(f"{location}/announce", data=said).status_code == 303
    form = client.get(f"{location}/round").get_data(as_text=True)
    assert '<div data-belote-at="TA">' in form and '<select name="belote-3">' in form
    assert '<div data-belote-at="suit" hidden>' in form and '<select name="belote" disabled>' in form
    assert client.post(f"{location}/announce", data={**said, "trump": "SA"}).status_code == 303
    assert '<fieldset class="belote-belote" hidden>' in client.get(f"{location}/round").get_data(as_text=True)
    plain = client.get(f"{start(client, 'coinche')}/round").get_data(as_text=True)
    assert '<select name="belote">' in plain and 'name="belote-0"' not in plain


def between_cells(page: str) -> list[str]:
    """What the column between the teams' columns says on each deal, in order (a sheet's or the table's grid)."""
    return re.findall(r'<td class="between">([^<]*)</td>', page)


def belote_game(api: Api, deals: list[dict[str, Any]], **options: Any) -> str:
    game_id = str(api.create("belote", TABLE, options).json["id"])
    played(api, game_id, deals)
    return game_id


BE20_DEALS = [entered for _dealer, _first, entered, _scores, _totals in BE20]


def test_be20_litige_points_held_between_the_teams_columns_then_who_won_them(client: FlaskClient) -> None:
    """BE20 deal 5 is a litige (Bruno & Denis's 81 held), deal 6 made by Alice & Chloé pays them the 81: the
    column between the teams says 81 on deal 5, "← 81" on deal 6 (to the left-hand team), on the printed
    sheet and on the table's grid alike."""
    api = Api(client)
    game_id = belote_game(api, BE20_DEALS[:6])
    sheet = client.get(f"/g/{game_id}/sheet").get_data(as_text=True)
    assert re.search(r'<th scope="col" rowspan="2" class="between sub">litige</th><th scope="colgroup"', sheet)
    cells = re.findall(
        r'<td class="total">(\d+)</td><td class="between">([^<]*)</td><td class="score">(\d+)</td>', sheet
    )
    assert cells == [("65", "", "117"), ("197", "", "50"), ("197", "", "0"), ("197", "", "162")] + [
        ("278", "81", "0"),
        ("480", "←\u00a081", "41"),
    ]
    table = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert (
        '<th scope="col">#</th><th scope="col">Alice &amp; Chloé</th><th scope="col" class="between">litige</th>'
        in table
    )
    assert between_cells(table) == ["", "", "", "", "81", "←\u00a081"]
    assert re.search(
        r'<td>202 <small>480</small></td><td class="between">←\u00a081</td><td>41 <small>370</small>', table
    )
    # Each deal's events span the column too: both teams and the litige (a watcher's page: no pencil).
    assert table.count('<tr class="events"><td></td><td colspan="3">') == 6


def test_litige_points_held_through_a_passed_deal_then_won_by_the_defenders(client: FlaskClient) -> None:
    """A passed deal after the litige still shows the 81 waiting; Alice & Chloé then dedans, the defenders
    Bruno & Denis win them: the arrow points to the right-hand team."""
    api = Api(client)
    game_id = belote_game(api, [*BE20_DEALS[:5], PASSED, deal("Chloé", "H", 41)])
    state = api.get(game_id).json
    assert state["rounds"][-1]["sides"][1]["score"] == 162 + 81
    expected = ["", "", "", "", "81", "81", "81\u00a0→"]
    assert between_cells(client.get(f"/g/{game_id}/sheet").get_data(as_text=True)) == expected
    assert between_cells(client.get(f"/g/{game_id}").get_data(as_text=True)) == expected


@pytest.mark.parametrize("litige", ["dedans", "made"])
def test_nothing_held_when_a_tie_is_dedans_or_made(client: FlaskClient, litige: str) -> None:
    """BE6: with option litige "dedans" or "made" a tie holds nothing back, so the column says nothing."""
    game_id = belote_game(Api(client), [deal("Chloé", "C", 81)], litige=litige)
    assert between_cells(client.get(f"/g/{game_id}/sheet").get_data(as_text=True)) == [""]
    assert between_cells(client.get(f"/g/{game_id}").get_data(as_text=True)) == [""]


def test_the_blank_belote_sheet_has_the_litige_column_and_coinche_none(client: FlaskClient) -> None:
    blank = client.get("/sheets/belote/blank").get_data(as_text=True)
    assert (
        '<th scope="col" rowspan="2" class="between sub">litige</th><th scope="colgroup" colspan="2" class="side">'
        in blank
    )
    assert blank.count('<td class="total write"></td><td class="between write"></td><td class="score write">') == 24
    assert "between" not in client.get("/sheets/coinche/blank").get_data(as_text=True)


def test_coinche_has_no_litige_column(client: FlaskClient) -> None:
    api = Api(client)
    coinche = str(api.create("coinche", TABLE).json["id"])
    played(api, coinche, [CO19[0]])
    for path in (f"/g/{coinche}/sheet", f"/g/{coinche}"):
        assert "between" not in client.get(path).get_data(as_text=True), path


def test_the_table_says_how_the_game_is_won(client: FlaskClient) -> None:
    assert "The first team to reach 2000 wins. Equal totals play another deal." in text_of(
        client.get(start(client, "coinche")).get_data(as_text=True)
    )
    assert "La première équipe à 1000 gagne. À égalité, on joue une donne de plus." in french(
        client, start(client, "belote")
    )
