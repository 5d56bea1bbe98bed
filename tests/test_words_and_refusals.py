"""The table experience, second pass (issue 24): words, refusals, French and entering a round,
through the pages and the API. Each test names the item it covers; what a person sees on the phone
(taps, where a choice appears) is in tests/browser/test_entering_a_round.py."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import gettext
from sqlite_utils import Database

from referee import store
from referee.games.base import make_setup
from referee.installed import spec_of
from referee.views.books import _number
from tests.conftest import Api, dump_database
from tests.test_pages import new_game_form
from tests.test_table_experience import field_errors, start, text

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]


# Item 5: an option that means nothing with the others, and a number too long to be a target.
def test_hearts_number_of_hands_with_the_target_left_empty(client: FlaskClient, api: Api) -> None:
    location = start(client, "hearts", hands="5", target="")
    options = api.get(location.rsplit("/", 1)[-1]).json["options"]
    assert (options["hands"], options["target"]) == (5, 100)


def test_a_huge_target_is_refused_by_its_bounds(client: FlaskClient) -> None:
    response = client.post("/new/hearts", data=new_game_form(FOUR, target="99999999999999999999"))
    assert response.status_code == 422
    assert field_errors(response.get_data(as_text=True)) == ["Target: this option must be at most 1000."]
    response = client.post("/new/hearts", data=new_game_form(FOUR, target="−99999999999999999999"))
    assert field_errors(response.get_data(as_text=True)) == ["Target: this option must be at least 10."]


def test_piquet_refuses_a_target_with_rubicon_even_the_default(client: FlaskClient, api: Api) -> None:
    response = api.create("piquet", ["Ann", "Bob"], options={"target": 100})
    assert response.status_code == 422
    assert response.json["errors"] == [
        {
            "field": "options.target",
            "message": "A target is only played au cent: a Rubicon partie is six deals, so leave the target out.",
        }
    ]
    # The new-game form leaves the target empty: a Rubicon partie is made, and au cent plays to 100.
    page = client.get("/new/piquet").get_data(as_text=True)
    assert re.search(r'name="option-target"[^>]*value=""', page)
    rubicon = start(client, "piquet", ["Ann", "Bob"], partie="rubicon", target="")
    assert api.get(rubicon.rsplit("/", 1)[-1]).json["options"]["target"] is None
    cent = start(client, "piquet", ["Ann", "Bob"], partie="cent", target="")
    assert api.get(cent.rsplit("/", 1)[-1]).json["options"]["target"] == 100


# Item 2: a correction that ends the game before later hands advises undoing them, in the game's words.
# To 28, the queen going round the table: nobody reaches 28 before hand 4; with Alice's moon in hand 1,
# Bruno has 42 after hand 2, so hand 3 can only be undone.
def hand(number: int) -> dict[str, object]:
    return {"hearts": dict(zip(FOUR, [3, 3, 3, 4], strict=True)), "queen": FOUR[(number - 1) % 4]}


ALICE_MOON = {"hearts": dict(zip(FOUR, [13, 0, 0, 0], strict=True)), "queen": "Alice"}


def test_a_correction_ending_the_game_early_advises_undoing_the_later_hand(
    app: Flask, client: FlaskClient, api: Api
) -> None:
    game_id = api.create("hearts", FOUR, options={"target": 28}).json["id"]
    for number in (1, 2, 3):
        assert api.add(game_id, hand(number)).status_code == 201
    before = dump_database(app)
    response = api.put(game_id, 1, ALICE_MOON)
    assert response.status_code == 422
    assert [error["message"] for error in response.json["errors"]] == [
        "This change would end the game before hand 3, which is already recorded. Nothing was saved.",
        "Undo hand 3 first, then make this correction again.",
    ]
    assert dump_database(app) == before


def test_with_several_later_hands_the_advice_names_them_all(db: Database) -> None:
    game_id, _key = store.create_game(db, "hearts", make_setup(spec_of("hearts").rules, FOUR, {"target": 28}))
    for number in (1, 2, 3, 4):
        store.add_round(db, game_id, hand(number))
    with pytest.raises(store.EndsBefore) as refused:
        store.replace_round(db, game_id, 1, ALICE_MOON)
    assert refused.value.number == 3
    assert [problem.render() for problem in refused.value.problems] == [
        "This change would end the game before hand 3, which is already recorded. Nothing was saved.",
        "Undo hands 3 to 4 first (the last one first), then make this correction again.",
    ]


# Item 3: the game's own word for its round, and each thing said once.
def test_the_change_log_and_the_csv_say_deal_for_piquet_and_queenie(client: FlaskClient, api: Api) -> None:
    game_id = api.create("queenie", FOUR).json["id"]
    log = text(client.get(f"/g/{game_id}/changes").get_data(as_text=True))
    assert "Every deal entered, corrected or undone, newest first" in log
    client.set_cookie("lang", "fr")
    log = text(client.get(f"/g/{game_id}/changes").get_data(as_text=True))
    assert "Chaque donne saisie, corrigée ou annulée" in log
    assert client.get(f"/g/{game_id}/export.csv").get_data(as_text=True).startswith("\ufeffDonne,")


def test_a_blank_that_fills_itself_is_not_refused_beside_an_unreadable_count(client: FlaskClient) -> None:
    location = start(client, "hearts", ["Alice", "Bruno", "Chloé", "Bo"])
    form = {"number": "1", "hearts-0": "abc", "hearts-1": "4", "hearts-2": "0", "hearts-3": "", "queen": "1"}
    response = client.post(f"{location}/round", data=form)
    assert field_errors(response.get_data(as_text=True)) == ["Alice: enter a whole number."]


def test_a_card_in_a_sentence_is_said_once(client: FlaskClient) -> None:
    page = client.get(f"{start(client, 'hearts')}/round").get_data(as_text=True)
    visible = text(re.sub(r'<span class="visually-hidden">[^<]*</span>', "", page))
    assert "took the Q♠ shot the moon" in visible  # not "took the Q♠ queen of spades"
    assert "took the Q♠ queen of spades" in text(page)  # the name is there for a screen reader


# Item 4: French as French readers write it.
def test_piquets_card_grid_in_french_letters(client: FlaskClient) -> None:
    client.set_cookie("lang", "fr")
    page = client.get(f"{start(client, 'piquet', ['Ann', 'Bob'])}/round").get_data(as_text=True)
    assert '<b aria-hidden="true">R♠</b>' in page and '<b aria-hidden="true">V♦</b>' in page
    assert '<b aria-hidden="true">D♥</b>' in page and '<b aria-hidden="true">A♣</b>' in page
    assert not re.search(r'<b aria-hidden="true">[KQJ]', page)


def test_a_records_figure_with_decimals_has_a_decimal_comma(app: Flask) -> None:
    with app.test_request_context("/", headers={"Cookie": "lang=fr"}):
        assert [_number(7.67), _number(-1), _number(3.5), _number(None)] == ["7,67", "−1", "3,5", "–"]
    with app.test_request_context("/", headers={"Cookie": "lang=en"}):
        assert [_number(7.67), _number(-1)] == ["7.67", "−1"]


# Item 8: the ± without JavaScript too (a phone's numeric keypad may have no minus).
def test_the_plus_minus_changes_the_sign_without_javascript(client: FlaskClient) -> None:
    form = {**new_game_form(["Ann", "Bob", "Cy"], round_total="26"), "adjust": "sign:option-round_total"}
    page = client.post("/new/points", data=form).get_data(as_text=True)
    assert re.search(r'name="option-round_total" inputmode="numeric" value="-26"', page)
    location = start(client, "hearts")
    paper = {"number": "1", "mode": "points", "points-0": "10", "adjust": "sign:points-0"}
    page = client.post(f"{location}/round", data=paper).get_data(as_text=True)
    assert re.search(r'name="points-0" inputmode="numeric" autocomplete="off" value="-10"', page)
    assert 'aria-label="Change the sign of the points of Alice">±</button>' in page


def test_french_words_that_agree_whatever_the_game(app: Flask) -> None:
    """« Piquet terminée » and « 1 gagnées sur 3 jouées » read wrong: the words say « partie » themselves."""
    with app.test_request_context("/", headers={"Cookie": "lang=fr"}):
        assert gettext("finished") == "partie terminée"
        won = gettext("%(won)s won of %(played)s played", won=1, played=3)
        assert won == "parties gagnées\u202f: 1 sur 3"
        assert gettext("last played %(when)s", when="12 mars") == "dernière saisie le 12 mars"
