"""Paper: the printed score sheet of each game, the blank sheets, the chart on the table page."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.conftest import Api
from tests.hearts_examples import H11_INPUTS
from tests.test_piquet_rules import P10_DEALS

# --- three finished games, built through the API ----------------------------------------------------

HEARTS_PLAYERS = ["Alice", "Bruno", "Chloé", "Denis"]


def hearts_inputs() -> list[dict[str, Any]]:
    return H11_INPUTS


PIQUET_PLAYERS = ["Ann", "Bob"]


def piquet_inputs() -> list[dict[str, Any]]:
    """The Rubicon partie P10 (shared/rules/piquet.md): Bob deals first; Ann wins 118 points."""
    return P10_DEALS


PIQUET_TOTALS = {"Ann": 131, "Bob": 113}

QUEENIE_PLAYERS = ["Alice", "Bruno", "Chloé", "Denis"]
NOBODY: dict[str, str | None] = {"S": None, "H": None, "D": None, "C": None}


def deal(stakes: dict[str, str], queens: dict[str, str], out: str | None, buyer: str | None = None) -> dict[str, Any]:
    return {"stakes": stakes, "dealer_choice": "keep", "buyer": buyer, "queens": {**NOBODY, **queens}, "out": out}


def queenie_inputs() -> list[dict[str, Any]]:
    """Two turns of the deal with four players (eight deals): a sale, blocked deals, Bruno sweeping."""
    q1 = deal(
        {"Alice": "H", "Bruno": "S", "Chloé": "H", "Denis": "D"},
        {"S": "Denis", "H": "Bruno", "C": "Alice"},
        "Denis",
        "Chloé",
    )
    sweep = deal(dict.fromkeys(QUEENIE_PLAYERS, "H"), {"H": "Bruno"}, "Bruno")
    blocked = deal({"Alice": "C", "Bruno": "C", "Chloé": "D", "Denis": "S"}, {"C": "Chloé"}, None)
    return [q1, sweep, blocked, sweep, sweep, blocked, sweep, sweep]


GAMES: dict[str, tuple[list[str], str, Callable[[], list[dict[str, Any]]]]] = {
    "hearts": (HEARTS_PLAYERS, "Alice", hearts_inputs),
    "piquet": (PIQUET_PLAYERS, "Bob", piquet_inputs),
    "queenie": (QUEENIE_PLAYERS, "Alice", queenie_inputs),
}
WINNER = {"hearts": "Bruno", "piquet": "Ann", "queenie": "Bruno"}


def finished_game(api: Api, game: str, options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    players, dealer, inputs = GAMES[game]
    response = api.create(game, players, options, dealer=dealer)
    assert response.status_code == 201, response.json
    game_id = response.json["id"]
    state: dict[str, Any] = {}
    for raw in inputs():
        answer = api.add(game_id, raw)
        assert answer.status_code == 201, answer.json
        state = answer.json
    assert state["status"] == "finished"
    return game_id, state


def text_of(html: str) -> str:
    """The words of a page, tags dropped and spaces collapsed."""
    body = re.sub(r"<(script|style|title|desc)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", body))).strip()


def page(client: FlaskClient, path: str, **headers: str) -> str:
    response = client.get(path, headers=headers)
    assert response.status_code == 200, path
    return response.get_data(as_text=True)


# --- the printed score sheet ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_sheet_has_names_totals_and_the_winner_in_words_and_nothing_to_press(api: Api, game: str) -> None:
    game_id, state = finished_game(api, game)
    html = page(api.client, f"/g/{game_id}/sheet")
    words = text_of(html)
    for player in GAMES[game][0]:
        assert player in words
    assert f"{WINNER[game]} wins!" in words
    for player, total in state["totals"].items():
        assert f"{player} {total}" in words  # the final result in words
    totals = re.findall(r'<td class="total">(−?\d+)</td>', html)
    assert len(totals) == len(state["rounds"]) * len(state["players"])
    last = totals[-len(state["players"]) :]
    assert [int(value.replace("−", "-")) for value in last] == list(state["totals"].values())
    assert "<thead>" in html
    for absent in ("<nav", "<button", "<form", "<script", 'class="bar"', "<input"):
        assert absent not in html
    assert "print.css" in html
    assert "style.css" not in html
    assert "<svg" in html and 'class="score-chart"' in html


def test_hearts_sheet_details(api: Api) -> None:
    game_id, _state = finished_game(api, "hearts")
    words = text_of(page(api.client, f"/g/{game_id}/sheet"))
    assert "Hearts score sheet" in words
    assert "Target: 100" in words
    assert "Shooting the moon: the others score 26" in words
    assert "Bruno shot the moon" in words  # hand 4
    assert "Final totals: Bruno 46 · Alice 69 · Chloé 69 · Denis 102" in words
    assert re.search(r"4 Denis keep 26 44 0 22 26 40 26 50", words)  # the hand with the moon, kept cards
    assert "1 Alice left 2 2 17 17 0 0 7 7" in words


def test_piquet_sheet_gives_points_won_and_the_events(api: Api) -> None:
    game_id, _state = finished_game(api, "piquet")
    words = text_of(page(api.client, f"/g/{game_id}/sheet"))
    assert "Partie: Rubicon: six deals, a loser under 100 is rubiconed" in words
    assert "Ann wins 118 points" in words
    assert "131 − 113 + 100 = 118." in words
    assert "point: Ann" in words and "cards: Ann" in words  # Ann is elder in deal 1


def test_queenie_sheet_gives_final_chips_and_unclaimed_chips(api: Api) -> None:
    game_id, state = finished_game(api, "queenie")
    words = text_of(page(api.client, f"/g/{game_id}/sheet"))
    assert "Chips each: 20" in words
    assert "Turns of the deal: 2" in words
    assert "Final chips: 1. Bruno" in words
    unclaimed = state["unclaimed"]
    assert unclaimed > 0
    assert f"{unclaimed} chips are left on the table, unclaimed" in words
    assert "Chloé bought the spare packet" in words
    assert "blocked: nobody went out" in words


def test_a_sheet_mid_game_says_so_and_the_sheet_follows_corrections(api: Api) -> None:
    response = api.create("hearts", HEARTS_PLAYERS, dealer="Alice")
    game_id = response.json["id"]
    first, second = hearts_inputs()[:2]
    api.add(game_id, first)
    words = text_of(page(api.client, f"/g/{game_id}/sheet"))
    assert "Game in progress after 1 hand." in words  # the game's own word for a round
    assert "wins!" not in words
    api.add(game_id, second)
    assert "Game in progress after 2 hands." in text_of(page(api.client, f"/g/{game_id}/sheet"))
    api.put(game_id, 1, {"hearts": dict(zip(HEARTS_PLAYERS, [7, 4, 0, 2], strict=True)), "queen": "Bruno"})
    assert "1 Alice left 7 7 17 17 0 0 2 2" in text_of(page(api.client, f"/g/{game_id}/sheet"))


def test_sheet_options_that_differ_are_printed(api: Api) -> None:
    response = api.create(
        "hearts", HEARTS_PLAYERS, {"hands": 5, "jack_of_diamonds": True, "moon": "subtract"}, dealer="Alice"
    )
    words = text_of(page(api.client, f"/g/{response.json['id']}/sheet"))
    assert "Number of hands: 5" in words
    assert "Target:" not in words  # no target when a number of hands is played
    assert "Jack of diamonds −10: yes" in words
    assert "Shooting the moon: the shooter scores −26" in words


def test_sheet_escapes_names_and_is_watchable_without_the_key(client: FlaskClient) -> None:
    api = Api(client)
    hostile = "<script>x</script>"
    response = api.create("hearts", [hostile, "Bo", "Cy"])
    game_id = response.json["id"]
    api.add(game_id, {"hearts": {hostile: 13, "Bo": 0, "Cy": 0}, "queen": "Bo"})
    anonymous = client.application.test_client()  # no session: a watcher
    html = page(anonymous, f"/g/{game_id}/sheet")
    assert "<script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html


def test_unknown_sheet_is_404(client: FlaskClient) -> None:
    assert client.get("/g/no-such-game/sheet").status_code == 404


def test_french_sheet(api: Api) -> None:
    game_id, _state = finished_game(api, "piquet")
    html = page(api.client, f"/g/{game_id}/sheet", **{"Accept-Language": "fr"})
    words = text_of(html)
    assert '<html lang="fr" data-game="piquet">' in html
    assert "Feuille de marque" in words
    assert "Ann gagne 118 points" in words
    assert "Joueurs :" in words
    assert "Ann gagne !" in words
    hearts_id, _state = finished_game(api, "hearts")
    words = text_of(page(api.client, f"/g/{hearts_id}/sheet", **{"Accept-Language": "fr"}))
    assert "Bruno a fait la Volte" in words
    assert "gauche" in words


# --- the table page: chart and links -------------------------------------------------------------------


def test_table_page_has_the_chart_and_the_print_link(api: Api) -> None:
    game_id, _state = finished_game(api, "hearts")
    html = page(api.client, f"/g/{game_id}")
    assert html.count("<svg") == 1
    assert 'data-player="Bruno"' in html
    assert f'href="/g/{game_id}/sheet"' in html
    assert 'href="/sheets/hearts/blank?players=4&amp;cycle=standard"' in html
    assert "style=" not in html.split("<svg", 1)[1].split("</svg>", 1)[0]


def test_no_chart_before_the_first_round(api: Api) -> None:
    game_id = api.create("queenie", QUEENIE_PLAYERS).json["id"]
    html = page(api.client, f"/g/{game_id}")
    assert "<svg" not in html
    assert f'href="/g/{game_id}/sheet"' in html
    api.add(game_id, queenie_inputs()[0])
    html = page(api.client, f"/g/{game_id}")
    assert html.count("<svg") == 1  # the cached page was replaced after the new round


# --- blank sheets ------------------------------------------------------------------------------------


def passes(html: str) -> list[str]:
    return [text_of(cell) for cell in re.findall(r'<td class="text pass-cell">(.*?)</td>', html)]


def dealers(html: str) -> list[str]:
    return re.findall(r'<td class="text seat-cell">(\w)</td>', html)


def test_blank_hearts_for_four_players(client: FlaskClient) -> None:
    html = page(client, "/sheets/hearts/blank?players=4")
    assert passes(html)[:8] == ["left", "right", "across", "keep"] * 2
    assert len(passes(html)) == 20
    assert dealers(html)[:5] == ["A", "B", "C", "D", "A"]
    assert html.count('class="player name-cell"') == 4
    assert html.count('<span class="box"') == 4 * 20 + 1  # a moon box per player and hand, and the legend's
    words = text_of(html)
    assert "13 cards each" in words
    assert "Take out" not in words
    for absent in ("<nav", "<button", "<form", "<script"):
        assert absent not in html


def test_blank_hearts_for_five_players(client: FlaskClient) -> None:
    html = page(client, "/sheets/hearts/blank?players=5")
    assert passes(html)[:6] == ["left", "right", "keep"] * 2
    assert dealers(html)[:6] == ["A", "B", "C", "D", "E", "A"]
    assert html.count('class="player name-cell"') == 5
    words = text_of(html)
    assert "10 cards each" in words
    assert "Take out before dealing" in words


def test_blank_hearts_with_the_extended_cycle(client: FlaskClient) -> None:
    html = page(client, "/sheets/hearts/blank?players=5&cycle=extended")
    assert passes(html)[:5] == ["left", "right", "2 left", "2 right", "keep"]


def test_blank_queenie(client: FlaskClient) -> None:
    html = page(client, "/sheets/queenie/blank?players=5")
    assert dealers(html)[:6] == ["A", "B", "C", "D", "E", "A"]
    assert len(dealers(html)) == 20
    words = text_of(html)
    for heading in ("Chips on each queen after the stakes", "Pot", "Spare hand sold to", "Went out", "Start"):
        assert heading in words
    assert "two packets of 8" in words  # 52 cards, 5 players: 9, 9, 9, 9 and the dealer's 8 + 8


def test_blank_piquet(client: FlaskClient) -> None:
    html = page(client, "/sheets/piquet/blank")
    words = text_of(html)
    assert html.count('class="sheet blank deal') == 9  # eight deals and the result
    assert "Deal 1 What A younger B elder" in words
    assert "Deal 2 What A elder B younger" in words
    assert "Deal 7 (only if tied)" in words
    for line in ("Point", "Sequences", "Sets", "Repique (60)", "Play", "Pique (30)", "Cards (10) / capot (40)"):
        assert line in words
    assert "a loser under 100 is rubiconed" in words


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/sheets/chess/blank", 404),
        ("/sheets/hearts/blank?players=2", 400),
        ("/sheets/hearts/blank?players=8", 400),
        ("/sheets/hearts/blank?players=four", 400),
        ("/sheets/hearts/blank?cycle=sideways", 400),
        ("/sheets/queenie/blank?players=7", 400),
    ],
)
def test_bad_blank_requests(client: FlaskClient, path: str, status: int) -> None:
    assert client.get(path).status_code == status


def test_blank_sheet_chooser(client: FlaskClient) -> None:
    html = page(client, "/sheets")
    for game in ("hearts", "queenie", "piquet"):
        assert f'action="/sheets/{game}/blank"' in html
    assert 'name="players"' in html and 'name="cycle"' in html
    assert '<input type="radio" name="players" value="7">' in html  # Hearts takes up to 7 players


def test_french_blank_sheet(client: FlaskClient) -> None:
    words = text_of(page(client, "/sheets/hearts/blank?players=4", **{"Accept-Language": "fr"}))
    assert "Feuille de marque" in words
    assert "en face" in words
