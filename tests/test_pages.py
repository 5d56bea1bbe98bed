"""The phone pages through Flask's test client (JavaScript off by definition)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app
from tests.conftest import Api, dump_database
from tests.hearts_examples import H11_BY_SEAT, H11_INPUTS
from tests.samples import text_of

PLAYERS = ["Alice", "Bruno", "Chloé", "Denis"]


def new_game_form(players: list[str], **options: str) -> dict[str, str]:
    form = {f"player-{seat}": name for seat, name in enumerate(players)}
    form["dealer"] = "0"
    form.update({f"option-{name}": value for name, value in options.items()})
    return form


def start_hearts(client: FlaskClient, players: list[str] = PLAYERS, **options: str) -> str:
    response = client.post("/new/hearts", data=new_game_form(players, **options))
    assert response.status_code == 303
    return response.headers["Location"]


def hand_form(number: int, hearts: list[int | str], queen: int) -> dict[str, str]:
    form = {f"hearts-{seat}": str(count) for seat, count in enumerate(hearts)}
    form.update(number=str(number), queen=str(queen))
    return form


def field_errors(html: str) -> list[str]:
    return re.findall(r'class="field-error"[^>]*>([^<]*)<', html)


def totals_shown(html: str) -> dict[str, int]:
    pairs = re.findall(r'<span class="name">([^<]*)</span>\s*<span class="points">(−?\d+)</span>', html)
    return {name: int(points.replace("−", "-")) for name, points in pairs}


def test_home_offers_every_game_and_lists_my_games(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'href="/new/hearts"' in page
    assert "Your games" not in page
    start_hearts(client)
    page = client.get("/").get_data(as_text=True)
    assert "Your games" in page
    assert "Alice, Bruno, Chloé, Denis" in page


def test_new_game_form_shows_every_option_with_its_default(client: FlaskClient) -> None:
    page = client.get("/new/hearts").get_data(as_text=True)
    assert 'name="option-target"' in page and 'value="100"' in page
    assert re.search(r'name="option-moon" value="add"\s+checked', page)
    assert 'inputmode="numeric"' in page
    assert page.count('name="player-') == 7


@pytest.mark.parametrize(
    ("players", "field", "message"),
    [
        (["Alice", "Bruno"], "players", "This game needs 3 to 7 players."),
        (["Alice", "Bruno", "Alice"], "players.2", "Seat 3: Alice is already playing."),
        (["Alice", "Bruno", "C" * 31], "players.2", "Seat 3: a name has at most 30 characters (this one has 31)."),
    ],
)
def test_new_game_refusals_are_shown_at_the_field(
    app: Flask, client: FlaskClient, players: list[str], field: str, message: str
) -> None:
    before = dump_database(app)
    response = client.post("/new/hearts", data=new_game_form(players))
    assert response.status_code == 422
    assert message in field_errors(response.get_data(as_text=True))
    assert dump_database(app) == before


def test_names_are_trimmed(client: FlaskClient) -> None:
    location = start_hearts(client, ["  Alice ", "Bruno", "Chloé"])
    page = client.get(location).get_data(as_text=True)
    assert set(totals_shown(page)) == {"Alice", "Bruno", "Chloé"}


def test_table_shows_the_next_hand_with_every_recipient(client: FlaskClient) -> None:
    page = client.get(start_hearts(client)).get_data(as_text=True)
    assert "Hand 1" in page and "Alice deals" in page
    assert "Pass 3 cards to the left" in page
    for giver, receiver in [("Alice", "Bruno"), ("Bruno", "Chloé"), ("Chloé", "Denis"), ("Denis", "Alice")]:
        assert f"<li>{giver} → {receiver}</li>" in page
    assert "leads the first trick" in page and "2♣" in page


def test_whole_game_h11_through_the_forms(client: FlaskClient) -> None:
    location = start_hearts(client)
    for number, (hearts, queen) in enumerate(H11_BY_SEAT, start=1):
        response = client.post(f"{location}/round", data=hand_form(number, hearts, queen))
        assert response.status_code == 303, field_errors(response.get_data(as_text=True))
    page = client.get(location).get_data(as_text=True)
    assert "Bruno wins!" in page
    assert totals_shown(page) == {"Bruno": 46, "Alice": 69, "Chloé": 69, "Denis": 102}
    assert "Enter hand" not in page
    assert "Bruno shot the moon" in page
    # No entry once the game is over.
    assert client.get(f"{location}/round").status_code == 303


def test_one_blank_player_takes_the_hearts_left(client: FlaskClient) -> None:
    location = start_hearts(client)
    response = client.post(f"{location}/round", data=hand_form(1, [2, 4, 0, ""], 1))
    assert response.status_code == 303
    assert totals_shown(client.get(location).get_data(as_text=True))["Denis"] == 7


def test_refused_hand_is_shown_at_the_field_and_nothing_is_stored(app: Flask, client: FlaskClient) -> None:
    location = start_hearts(client)
    before = dump_database(app)
    response = client.post(f"{location}/round", data=hand_form(1, [2, 4, 0, 6], 1))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert field_errors(page) == ["The hearts taken must add up to 13 (they add up to 12)."]
    assert 'value="6"' in page  # what was typed is kept
    assert dump_database(app) == before


def test_stepper_without_javascript_redisplays_the_form(app: Flask, client: FlaskClient) -> None:
    location = start_hearts(client)
    before = dump_database(app)
    form = hand_form(1, [2, "", "", ""], 1)
    form["adjust"] = "hearts-0:+1"
    page = client.post(f"{location}/round", data=form).get_data(as_text=True)
    assert re.search(r'name="hearts-0"[^>]*value="3"', page)
    form["adjust"] = "hearts-1:=5"
    page = client.post(f"{location}/round", data=form).get_data(as_text=True)
    assert re.search(r'name="hearts-1"[^>]*value="5"', page)
    assert dump_database(app) == before


def test_double_tap_stores_the_hand_once(app: Flask, client: FlaskClient) -> None:
    location = start_hearts(client)
    data = hand_form(1, [2, 4, 0, 7], 1)
    assert client.post(f"{location}/round", data=data).status_code == 303
    response = client.post(f"{location}/round", data=data, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert "Hand 1 is already recorded" in page
    rounds = dict(dump_database(app))["rounds"]
    assert len(rounds) == 1


def test_correcting_a_hand_recomputes_everything_after_it(client: FlaskClient) -> None:
    location = start_hearts(client)
    for number, (hearts, queen) in enumerate(H11_BY_SEAT[:3], start=1):
        client.post(f"{location}/round", data=hand_form(number, hearts, queen))
    edit_page = client.get(f"{location}/round/1").get_data(as_text=True)
    assert re.search(r'name="hearts-3"[^>]*value="7"', edit_page)
    response = client.post(f"{location}/round/1", data=hand_form(1, [2, 4, 0, 7], 0))
    assert response.status_code == 303
    # Hand 1: Alice took the queen instead of Bruno (+13 / −13).
    assert totals_shown(client.get(location).get_data(as_text=True)) == {
        "Alice": 31,
        "Bruno": 9,
        "Chloé": 14,
        "Denis": 24,
    }


def test_correction_that_would_leave_hands_after_the_end_is_refused(app: Flask, client: FlaskClient) -> None:
    location = start_hearts(client, target="25")
    client.post(f"{location}/round", data=hand_form(1, [2, 4, 0, 7], 1))
    client.post(f"{location}/round", data=hand_form(2, [0, 5, 6, 2], 0))
    before = dump_database(app)
    # Denis shooting the moon in hand 1 would have ended the game (the others on 26).
    response = client.post(f"{location}/round/1", data=hand_form(1, [0, 0, 0, 13], 3))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert (
        "<li>This change would end the game before hand 2, which is already recorded. Nothing was saved.</li>" in page
    )
    assert "<li>Undo hand 2 first, then make this correction again.</li>" in page
    # The way out is offered: undoing the last hand.
    assert f'<a class="button danger" href="{location}/undo">Undo hand 2</a>' in page
    assert dump_database(app) == before


def test_undo_asks_then_removes_the_last_hand(app: Flask, client: FlaskClient) -> None:
    location = start_hearts(client)
    client.post(f"{location}/round", data=hand_form(1, [2, 4, 0, 7], 1))
    confirm = client.get(f"{location}/undo").get_data(as_text=True)
    assert "Undo hand 1?" in confirm
    assert len(dict(dump_database(app))["rounds"]) == 1
    response = client.post(f"{location}/undo", data={"number": "1"}, follow_redirects=True)
    assert "Hand 1 undone." in response.get_data(as_text=True)
    assert dict(dump_database(app))["rounds"] == []
    audit = [row["action"] for row in dict(dump_database(app))["audit"]]
    assert audit == ["add", "undo"]


def test_moon_choice_is_asked_only_when_the_rule_needs_it(client: FlaskClient) -> None:
    location = start_hearts(client, moon="choice")
    response = client.post(f"{location}/round", data=hand_form(1, [0, 13, 0, 0], 1))
    assert response.status_code == 422
    assert field_errors(response.get_data(as_text=True)) == [
        "Bruno shot the moon: choose whether the others add 26 or Bruno subtracts 26."
    ]
    data = hand_form(1, [0, 13, 0, 0], 1) | {"moon_choice": "subtract"}
    assert client.post(f"{location}/round", data=data).status_code == 303
    assert totals_shown(client.get(location).get_data(as_text=True))["Bruno"] == -26


def test_paper_points_entry(client: FlaskClient) -> None:
    location = start_hearts(client)
    data = {"number": "1", "mode": "points", "points-0": "26", "points-1": "0", "points-2": "0", "points-3": "0"}
    assert client.post(f"{location}/round", data=data).status_code == 303
    assert totals_shown(client.get(location).get_data(as_text=True)) == {
        "Alice": 0,
        "Bruno": 26,
        "Chloé": 26,
        "Denis": 26,
    }


def test_a_watcher_sees_the_table_but_cannot_write(app: Flask, client: FlaskClient) -> None:
    location = start_hearts(client)
    watcher = app.test_client()
    page = watcher.get(location).get_data(as_text=True)
    assert "Enter hand 1" not in page
    assert watcher.get(f"{location}/round").status_code == 403
    assert watcher.post(f"{location}/round", data=hand_form(1, [2, 4, 0, 7], 1)).status_code == 403
    assert watcher.post(f"{location}/undo", data={"number": "1"}).status_code == 403


def test_unknown_pages_are_404(client: FlaskClient) -> None:
    assert client.get("/g/nope").status_code == 404
    assert client.get("/new/chess").status_code == 404
    location = start_hearts(client)
    assert client.get(f"{location}/round/5").status_code == 404


def test_names_with_html_are_escaped(client: FlaskClient) -> None:
    location = start_hearts(client, ["<b>Al</b>", "Bruno", "Chloé"])
    page = client.get(location).get_data(as_text=True)
    assert "<b>Al</b>" not in page
    assert "&lt;b&gt;Al&lt;/b&gt;" in page


def test_security_headers(client: FlaskClient) -> None:
    response = client.get("/")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "frame-ancestors 'none'" in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_french_from_the_browser_and_the_switch_is_remembered(client: FlaskClient) -> None:
    location = start_hearts(client)
    page = client.get(location, headers={"Accept-Language": "fr-FR,fr;q=0.9"}).get_data(as_text=True)
    assert "Passez 3 cartes à gauche" in page
    assert 'lang="fr"' in page
    client.get("/lang/en?next=/")
    page = client.get(location, headers={"Accept-Language": "fr-FR,fr;q=0.9"}).get_data(as_text=True)
    assert "Pass 3 cards to the left" in page
    # The switch never redirects elsewhere.
    assert client.get("/lang/fr?next=https://example.org/").headers["Location"] == "/"


def test_every_form_post_needs_the_csrf_token(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "csrf.sqlite3"), "SECRET_KEY": "k"})
    client = app.test_client()
    assert client.post("/new/hearts", data=new_game_form(PLAYERS)).status_code == 400
    page = client.get("/new/hearts").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    response = client.post("/new/hearts", data=new_game_form(PLAYERS) | {"csrf_token": token})
    assert response.status_code == 303
    location = response.headers["Location"]
    assert client.post(f"{location}/round", data=hand_form(1, [2, 4, 0, 7], 1)).status_code == 400
    assert client.post(f"{location}/undo", data={"number": "1"}).status_code == 400
    data = hand_form(1, [2, 4, 0, 7], 1) | {"csrf_token": token}
    assert client.post(f"{location}/round", data=data).status_code == 303


def test_init_db_command(runner) -> None:
    result = runner.invoke(args=["init-db"])
    assert "Database ready" in result.output


# --- Hearts on paper: the printed sheet and the blank sheets -----------------------------------------


def sheet_words(client: FlaskClient, path: str, **headers: str) -> str:
    response = client.get(path, headers=headers)
    assert response.status_code == 200, path
    return text_of(response.get_data(as_text=True))


def hearts_game(api: Api, inputs: list[dict[str, Any]], options: dict[str, Any] | None = None) -> str:
    created = api.create("hearts", PLAYERS, options, dealer="Alice")
    assert created.status_code == 201, created.json
    for round_input in inputs:
        assert api.add(created.json["id"], round_input).status_code == 201
    return created.json["id"]


def test_hearts_sheet_gives_dealers_passes_moons_and_the_final_totals(api: Api) -> None:
    words = sheet_words(api.client, f"/g/{hearts_game(api, H11_INPUTS)}/sheet")
    assert "Hearts score sheet" in words
    assert "Target: 100" in words
    assert "Shooting the moon: the others score 26" in words
    assert "Bruno shot the moon" in words  # hand 4
    assert "Final totals: Bruno 46 · Alice 69 · Chloé 69 · Denis 102" in words
    assert re.search(r"4 Denis keep 26 44 0 22 26 40 26 50", words)  # the hand with the moon, kept cards
    assert "1 Alice left 2 2 17 17 0 0 7 7" in words


def test_hearts_sheet_in_french(api: Api) -> None:
    words = sheet_words(api.client, f"/g/{hearts_game(api, H11_INPUTS)}/sheet", **{"Accept-Language": "fr"})
    assert "Bruno a fait la Volte" in words
    assert "gauche" in words


def test_a_sheet_mid_game_says_so_and_the_sheet_follows_corrections(api: Api) -> None:
    game_id = hearts_game(api, H11_INPUTS[:1])
    words = sheet_words(api.client, f"/g/{game_id}/sheet")
    assert "Game in progress after 1 hand." in words  # the game's own word for a round
    assert "wins!" not in words
    api.add(game_id, H11_INPUTS[1])
    assert "Game in progress after 2 hands." in sheet_words(api.client, f"/g/{game_id}/sheet")
    api.put(game_id, 1, {"hearts": dict(zip(PLAYERS, [7, 4, 0, 2], strict=True)), "queen": "Bruno"})
    assert "1 Alice left 7 7 17 17 0 0 2 2" in sheet_words(api.client, f"/g/{game_id}/sheet")


def test_hearts_sheet_prints_the_options_that_differ(api: Api) -> None:
    game_id = hearts_game(api, [], {"hands": 5, "jack_of_diamonds": True, "moon": "subtract"})
    words = sheet_words(api.client, f"/g/{game_id}/sheet")
    assert "Number of hands: 5" in words
    assert "Target:" not in words  # no target when a number of hands is played
    assert "Jack of diamonds −10: yes" in words
    assert "Shooting the moon: the shooter scores −26" in words


def blank_hearts(client: FlaskClient, query: str, **headers: str) -> str:
    response = client.get(f"/sheets/hearts/blank?{query}", headers=headers)
    assert response.status_code == 200, query
    return response.get_data(as_text=True)


def passes(html: str) -> list[str]:
    return [text_of(cell) for cell in re.findall(r'<td class="text pass-cell">(.*?)</td>', html)]


def dealers(html: str) -> list[str]:
    return re.findall(r'<td class="text seat-cell">(\w)</td>', html)


def test_blank_hearts_for_four_players(client: FlaskClient) -> None:
    html = blank_hearts(client, "players=4")
    assert passes(html)[:8] == ["left", "right", "across", "keep"] * 2
    assert len(passes(html)) == 20
    assert dealers(html)[:5] == ["A", "B", "C", "D", "A"]
    assert html.count('class="player name-cell"') == 4
    assert html.count('<span class="box"') == 4 * 20 + 1  # a moon box per player and hand, and the legend's
    words = text_of(html)
    assert "13 cards each" in words
    assert "Take out" not in words


def test_blank_hearts_for_five_players(client: FlaskClient) -> None:
    html = blank_hearts(client, "players=5")
    assert passes(html)[:6] == ["left", "right", "keep"] * 2
    assert dealers(html)[:6] == ["A", "B", "C", "D", "E", "A"]
    assert html.count('class="player name-cell"') == 5
    words = text_of(html)
    assert "10 cards each" in words
    assert "Take out before dealing" in words


def test_blank_hearts_with_the_extended_cycle(client: FlaskClient) -> None:
    assert passes(blank_hearts(client, "players=5&cycle=extended"))[:5] == [
        "left",
        "right",
        "2 left",
        "2 right",
        "keep",
    ]


def test_blank_hearts_in_french(client: FlaskClient) -> None:
    words = text_of(blank_hearts(client, "players=4", **{"Accept-Language": "fr"}))
    assert "Feuille de marque" in words
    assert "en face" in words
