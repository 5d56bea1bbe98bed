"""Tarot on the phone pages through Flask's test client (JavaScript off by definition): a deal at five entered
by the attack's cards, points typed the French way, a passed deal after an announcement, the announce step
shown to every phone, refusals at their field in French, the correction form, the printed sheet."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.samples import text_of
from tests.tarot_examples import FIVE, FOUR
from tests.test_pages import field_errors, new_game_form

NNBSP = "\u202f"
# A garde's pile at five: the chien (3 cards) and six tricks of five; 38.5 points with two bouts (21 and Excuse).
PILE = [
    "21T",
    "EX",
    "KH",
    "KS",
    "QH",
    "NH",
    "JH",
    "1H",
    "2H",
    "3H",
    "4H",
    "5H",
    "6H",
    "7H",
    "8H",
    "9H",
    "TH",
    "2T",
    "3T",
    "4T",
    "5T",
    "6T",
    "7T",
    "8T",
    "9T",
    "10T",
    "11T",
    "12T",
    "13T",
    "14T",
    "15T",
    "16T",
    "17T",
]


def start(client: FlaskClient, players: list[str], **options: str) -> str:
    response = client.post("/new/tarot", data=new_game_form(players, **options))
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    return str(response.headers["Location"])


def state_of(client: FlaskClient, location: str) -> dict[str, Any]:
    return dict(client.get(f"/api/v1/games/{location.rsplit('/', 1)[1]}").json)


def deal_form(number: int, **fields: Any) -> dict[str, Any]:
    return {"number": str(number), "deal": "played", **fields}


def test_the_new_game_form_makes_a_game_of_five_with_the_called_king(client: FlaskClient) -> None:
    location = start(client, FIVE, turns="1")
    options = state_of(client, location)["options"]
    assert (options["five_players"], options["turns"], options["rotation"]) == ("called_king", 1, "counter-clockwise")


def test_a_deal_at_five_by_the_cards(client: FlaskClient) -> None:
    location = start(client, FIVE)
    client.set_cookie("lang", "fr")
    form = client.get(f"{location}/round").get_data(as_text=True)
    assert re.findall(r'name="taker" value="(\d)"', form) == ["4", "0", "1", "2", "3"]  # Émile speaks first
    assert len(re.findall(r'type="checkbox" name="cards"', form)) == 78
    assert (
        'aria-label="roi de cœur"' in form
        and 'aria-label="cavalier de cœur"' in form
        and 'aria-label="l’Excuse"' in form
    )
    posted = deal_form(1, taker="0", contract="garde", called="KH", partner="2", route="cards", cards=PILE)
    response = client.post(f"{location}/round", data=posted)
    assert response.status_code == 303, field_errors(response.get_data(as_text=True))
    state = state_of(client, location)
    assert [state["totals"][player] for player in FIVE] == [-112, 56, -56, 56, 56]
    assert state["rounds"][0]["input"]["partner"] == "Chloé"
    assert state["rounds"][0]["events"] == ["failed:Alice"]
    table = text_of(client.get(location).get_data(as_text=True))
    assert "Alice avec Chloé, garde (38,5 points, 2 bouts) : chuté de 3" in table  # text_of: any space one space
    correction = client.get(f"{location}/round/1").get_data(as_text=True)
    ticked = re.findall(r'value="(\w+)" type="checkbox" name="cards" checked', correction)
    assert sorted(ticked) == sorted(PILE)
    assert "33 cartes : 38,5 points, 2 bouts (41 à faire)" in text_of(correction)


def test_points_typed_with_a_comma_and_the_partner_alone(client: FlaskClient) -> None:
    location = start(client, FIVE)
    posted = deal_form(
        1, taker="0", contract="garde", called="KH", partner="2", route="points", points="45,5", bouts="2"
    )
    assert client.post(f"{location}/round", data=posted).status_code == 303
    alone = deal_form(2, taker="1", contract="garde_sans", partner="alone", route="points", points="60", bouts="3")
    assert client.post(f"{location}/round", data=alone).status_code == 303
    chien = deal_form(3, taker="2", contract="prise", partner="chien", points="44", bouts="1", petit_au_bout="defence")
    assert client.post(f"{location}/round", data=chien).status_code == 303
    state = state_of(client, location)
    scores = [[result["scores"][player] for player in FIVE] for result in state["rounds"]]
    assert scores == [[120, -60, 60, -60, -60], [-196, 784, -196, -196, -196], [42, 42, -168, 42, 42]]  # TA13-TA15
    assert [result["input"].get("partner") for result in state["rounds"]] == ["Chloé", "Bruno", None]


def test_refusals_are_shown_at_their_field_and_nothing_is_stored(client: FlaskClient) -> None:
    location = start(client, FOUR)
    client.set_cookie("lang", "fr")
    posted = deal_form(1, taker="0", contract="garde", route="points", points="80", bouts="0")
    response = client.post(f"{location}/round", data=posted)
    assert response.status_code == 422
    assert field_errors(response.get_data(as_text=True)) == [
        f"Points de l’attaque{NNBSP}: sans bout, l’attaque a au plus 77,5 points."
    ]
    poignees = deal_form(
        1, taker="0", contract="garde", points="49", bouts="2", **{"poignee-0": "double", "poignee-1": "simple"}
    )
    html = client.post(f"{location}/round", data=poignees).get_data(as_text=True)
    assert field_errors(html) == [f"Ces poignées demandent 23 atouts{NNBSP}; il y en a 22 (21 atouts et l’Excuse)."]
    assert state_of(client, location)["rounds"] == []


def test_the_announce_step_is_shown_during_the_play_and_a_passed_deal_leaves_it_aside(client: FlaskClient) -> None:
    location = start(client, FIVE)
    saved = client.post(
        f"{location}/announce", data={"number": "1", "save": "1", "taker": "0", "contract": "garde", "called": "KH"}
    )
    assert saved.status_code == 303, text_of(saved.get_data(as_text=True))
    watcher = client.application.test_client()
    watcher.set_cookie("lang", "fr")
    assert "Alice prend une garde, appelle le roi de cœur" in text_of(watcher.get(location).get_data(as_text=True))
    form = client.get(f"{location}/round").get_data(as_text=True)
    assert re.search(r'name="taker" value="0"\s*checked', form) and re.search(
        r'name="called" value="KH"[^>]*checked', form
    )
    passed = client.post(f"{location}/round", data={"number": "1", "deal": "passed", "petit_sec": "3"})
    assert passed.status_code == 303, field_errors(passed.get_data(as_text=True))
    state = state_of(client, location)
    assert state["rounds"][0]["input"] == {"passed": True, "petit_sec": "Denis"}
    assert (state["next"]["dealer"], state["next"]["taker"]) == ("Émile", None)


def test_the_printed_sheet_says_each_deal(client: FlaskClient) -> None:
    location = start(client, FOUR)
    client.set_cookie("lang", "fr")
    client.post(f"{location}/round", data=deal_form(1, taker="1", contract="garde", points="51", bouts="2"))
    client.post(f"{location}/round", data={"number": "2", "deal": "passed"})
    sheet = text_of(client.get(f"{location}/sheet").get_data(as_text=True))
    assert "1 Alice +70 −70 −70 +210 210 −70 −70 −70 −70 Bruno, garde (51 points, 2 bouts) : fait de 10" in sheet
    assert "2 Denis – 0 −70 0 210 0 −70 0 −70 Tout le monde a passé" in sheet
