"""Ending a game early on the phone pages (issue 24, item 10): the table's link, the confirm page naming who
wins, the game's result once ended, taking it back; French; a game whose rules do not stop offers nothing."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from referee.games.queenie.examples import SALE, SAMPLES, SWEEP
from tests.conftest import Api, dump_database
from tests.test_pages import hand_form, start_hearts
from tests.test_pages_queenie import Q1, start, text

TIE = next(sample for sample in SAMPLES if sample.name == "tie")


def queenie_after_q1(client: FlaskClient) -> str:
    table = start(client)
    assert client.post(f"{table}/round", data=Q1).status_code == 303
    return table


def test_the_table_offers_to_end_the_game_without_a_primary_button(client: FlaskClient) -> None:
    table = start(client)
    assert "End the game early" not in client.get(table).get_data(as_text=True)  # nothing played yet
    client.post(f"{table}/round", data=Q1)
    page = client.get(table).get_data(as_text=True)
    assert f'<p class="hint"><a href="{table}/stop">End the game early…</a></p>' in page


def test_the_confirm_page_names_who_wins_each_way(client: FlaskClient) -> None:
    table = queenie_after_q1(client)
    page = client.get(f"{table}/stop").get_data(as_text=True)
    words = text(page)
    assert (
        "End after this turn of the deal, after deal 4 Suggested, so that everyone has dealt equally often: "
        "whoever leads then wins. In the lead now: Denis, with 23 chips. End now, after deal 1 Denis wins, with "
        "23 chips." in words
    )
    assert 'name="version" value="1"' in page


def test_ending_now_shows_the_result_like_any_finished_game(client: FlaskClient) -> None:
    table = queenie_after_q1(client)
    response = client.post(f"{table}/stop", data={"after": "1", "version": "1"})
    assert (response.status_code, response.headers["Location"]) == (303, table)
    words = text(client.get(table).get_data(as_text=True))
    assert "Queenie finished" in words
    assert "As the table agreed, the game ended early, after deal 1." in words
    assert "Enter deal 2" not in words
    assert "Change or take back the agreed end" in words
    assert client.get(f"{table}/round").status_code == 303  # no more deals


def test_taking_the_end_back_plays_on(client: FlaskClient) -> None:
    table = queenie_after_q1(client)
    client.post(f"{table}/stop", data={"after": "1", "version": "1"})
    page = client.get(f"{table}/stop").get_data(as_text=True)
    assert "Play on: take the agreed end back" in page
    client.post(f"{table}/stop", data={"resume": "1", "version": "2"})
    words = text(client.get(table).get_data(as_text=True))
    assert "The agreed end is taken back: the game goes on." in words
    assert "Enter deal 2" in words
    assert "finished" not in words


def test_ending_after_the_turn_says_so_until_it_ends(client: FlaskClient) -> None:
    table = queenie_after_q1(client)
    client.post(f"{table}/stop", data={"after": "4", "version": "1"})
    words = text(client.get(table).get_data(as_text=True))
    assert "As the table agreed, the game ends after deal 4." in words
    assert "Enter deal 2" in words


def test_agreeing_again_to_the_same_end_or_taking_back_none_changes_nothing_and_says_so(
    app: Flask, client: FlaskClient
) -> None:
    table = queenie_after_q1(client)
    client.post(f"{table}/stop", data={"after": "4", "version": "1"})
    before = dump_database(app)
    response = client.post(f"{table}/stop", data={"after": "4", "version": "2"})
    assert response.status_code == 303 and dump_database(app) == before
    words = text(client.get(table).get_data(as_text=True))
    assert "The table had already agreed to this end: nothing was changed." in words
    client.post(f"{table}/stop", data={"resume": "1", "version": "2"})
    client.get(table)  # its message read
    before = dump_database(app)
    response = client.post(f"{table}/stop", data={"resume": "1", "version": "3"})
    assert response.status_code == 303 and dump_database(app) == before
    words = text(client.get(table).get_data(as_text=True))
    assert "No end was agreed: nothing was changed." in words
    assert "The agreed end is taken back" not in words


def test_a_stale_confirm_page_changes_nothing(app: Flask, client: FlaskClient) -> None:
    table = queenie_after_q1(client)
    before = dump_database(app)
    response = client.post(f"{table}/stop", data={"after": "1", "version": "0"})
    assert response.status_code == 409
    assert "Nothing was changed: here is the game as it is now." in text(response.get_data(as_text=True))
    assert dump_database(app) == before


def test_a_choice_no_longer_offered_is_refused_at_the_page(app: Flask, client: FlaskClient) -> None:
    table = queenie_after_q1(client)
    before = dump_database(app)
    response = client.post(f"{table}/stop", data={"after": "2", "version": "1"})
    assert response.status_code == 422
    words = text(response.get_data(as_text=True))
    assert "after must be 1 (the rounds played now) or 4 (the end of this turn of the deal)." in words
    assert dump_database(app) == before


def test_the_confirm_page_in_french(client: FlaskClient) -> None:
    table = queenie_after_q1(client)
    words = text(client.get(f"{table}/stop", headers={"Accept-Language": "fr"}).get_data(as_text=True))
    assert "Terminer maintenant, après la donne 1 Denis gagne, avec 23 jetons." in words
    assert "Terminer à la fin de ce tour de donne, après la donne 4" in words


def test_a_game_whose_rules_do_not_stop_offers_nothing(client: FlaskClient) -> None:
    table = start_hearts(client)
    assert client.post(f"{table}/round", data=hand_form(1, [13, 0, 0, 0], 1)).status_code == 303
    assert "/stop" not in client.get(table).get_data(as_text=True)
    assert client.get(f"{table}/stop").status_code == 404


def test_a_watcher_sees_the_agreed_end_but_no_link(app: Flask, api: Api) -> None:
    game_id = api.create("queenie", ["Alice", "Bruno", "Chloé", "Denis"], dealer="Alice").json["id"]
    api.add(game_id, SALE)
    api.add(game_id, SWEEP)
    api.client.put(f"/api/v1/games/{game_id}/stop", json={"after": 4}, headers=api.auth(game_id))
    watcher = app.test_client()
    page = watcher.get(f"/g/{game_id}").get_data(as_text=True)
    assert "As the table agreed, the game ends after deal 4." in text(page)
    assert "/stop" not in page
    assert watcher.get(f"/g/{game_id}/stop").status_code in (403, 404)


def test_the_printed_sheet_says_the_game_ended_early(client: FlaskClient) -> None:
    table = queenie_after_q1(client)
    client.post(f"{table}/stop", data={"after": "1", "version": "1"})
    sheet = text(client.get(f"{table}/sheet").get_data(as_text=True))
    assert "As the table agreed, the game ended early, after deal 1." in sheet
    assert "Denis wins" in sheet
    assert "/stop" not in client.get(f"{table}/sheet").get_data(as_text=True)


def test_a_tie_shares_the_win_and_a_complete_turn_offers_only_now(client: FlaskClient, api: Api) -> None:
    game_id = api.create("queenie", list(TIE.players), {"rounds": 2}).json["id"]
    for round_input in TIE.rounds:
        assert api.add(game_id, round_input).status_code == 201
    assert client.post(f"/g/{game_id}/join/{api.keys[game_id]}").status_code == 303
    words = text(client.get(f"/g/{game_id}/stop").get_data(as_text=True))
    assert "End now, after deal 3 Ann, Ben share the win, with 19 chips each." in words
    assert "End after this turn" not in words
