"""Paper, for every registered game from its samples: the printed score sheet, the blank sheets, the chart.

What a single game prints of its own (Hearts' passes, Piquet's result, Queenie's chips) is tested
with that game's pages.
"""

from __future__ import annotations

import json
import re
from html import escape

import pytest
from flask.testing import FlaskClient

from referee.games.spec import GameSpec, Sample
from referee.registry import GAMES
from referee.words import minus
from tests.conftest import Api
from tests.samples import (
    RESULT_WORDS_FR,
    SAMPLES,
    big_words,
    creation,
    final_totals,
    play,
    result_words,
    rounds_played,
    text_of,
    under_way,
)


def page(client: FlaskClient, path: str, **headers: str) -> str:
    response = client.get(path, headers=headers)
    assert response.status_code == 200, path
    return response.get_data(as_text=True)


def sheet_totals(html: str) -> list[int]:
    """The running totals of the printed sheet, row by row and player by player."""
    return [int(value.replace("−", "-")) for value in re.findall(r'<td class="total">(−?\d+)</td>', html)]


# --- the printed score sheet ----------------------------------------------------------------------------


@pytest.mark.parametrize(("spec", "sample"), SAMPLES)
def test_the_sheet_has_names_totals_options_and_the_result_and_nothing_to_press(
    api: Api, spec: GameSpec, sample: Sample
) -> None:
    game_id, state = play(api, spec, sample)
    html = page(api.client, f"/g/{game_id}/sheet")
    words = text_of(html)
    assert f"{spec.title} score sheet" in words
    assert f"Players: {', '.join(sample.players)}" in words
    if sample.finished:
        assert big_words(html) == [result_words(sample, state)]
        for name, total in final_totals(state).items():
            assert f"{name} {minus(total)}" in words  # the final result in words
    else:
        assert big_words(html) == [f"Game in progress after {rounds_played(spec, len(sample.rounds))}."]
    totals = sheet_totals(html)
    # A game played in sides prints each side's running total, once, beside its players' columns.
    expected = final_totals(state) if spec.paper.side_columns else state["totals"]
    assert len(totals) == len(sample.rounds) * len(expected)
    assert totals[-len(expected) :] == list(expected.values())
    # The options that matter on paper: those always printed, and the others where they differ from the default.
    options = state["options"]
    for option in spec.rules.options:
        printed = option.name in spec.paper.always_shown or options[option.name] != option.default
        assert (f"{option.label}:" in words) == (printed and spec.paper.applies(option.name, options)), option.name
    assert "<thead>" in html
    for absent in ("<nav", "<button", "<form", "<script", 'class="bar"', "<input"):
        assert absent not in html
    assert "print.css" in html and "style.css" not in html
    assert html.count("<svg") == 1 and 'class="score-chart"' in html


@pytest.mark.parametrize(("spec", "sample"), SAMPLES)
def test_the_sheet_in_french(api: Api, spec: GameSpec, sample: Sample) -> None:
    game_id, state = play(api, spec, sample)
    html = page(api.client, f"/g/{game_id}/sheet", **{"Accept-Language": "fr"})
    words = text_of(html)
    assert f'<html lang="fr" data-game="{spec.name}">' in html
    assert "Feuille de marque" in words
    assert f"Joueurs : {', '.join(sample.players)}" in words
    said = " ".join(big_words(html))
    if sample.finished:
        assert said == result_words(sample, state, RESULT_WORDS_FR)
    else:
        assert said.startswith("Partie en cours après")


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_the_sheet_escapes_names_and_is_watchable_without_the_key(client: FlaskClient, spec: GameSpec) -> None:
    sample = under_way(spec)
    hostile = "<script>x</script>"
    renamed = json.loads(json.dumps(creation(spec, sample)).replace(f'"{sample.players[0]}"', json.dumps(hostile)))
    rounds = json.loads(json.dumps(sample.rounds).replace(f'"{sample.players[0]}"', json.dumps(hostile)))
    api = Api(client)
    created = api.create(renamed.pop("game"), renamed.pop("players"), renamed.pop("options"), **renamed)
    game_id = created.json["id"]
    assert api.add(game_id, rounds[0]).status_code == 201
    anonymous = client.application.test_client()  # no session: a watcher
    html = page(anonymous, f"/g/{game_id}/sheet")
    assert "<script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html


def test_unknown_sheet_is_404(client: FlaskClient) -> None:
    assert client.get("/g/no-such-game/sheet").status_code == 404


# --- the table page: chart and links -------------------------------------------------------------------


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_the_table_page_has_the_chart_from_the_first_round_and_links_to_paper(api: Api, spec: GameSpec) -> None:
    sample = under_way(spec)
    body = creation(spec, sample)
    game_id = api.create(body.pop("game"), body.pop("players"), body.pop("options"), **body).json["id"]
    html = page(api.client, f"/g/{game_id}")
    assert "<svg" not in html  # no chart before the first round
    assert f'href="/g/{game_id}/sheet"' in html
    for round_input in sample.rounds:
        assert api.add(game_id, round_input).status_code == 201
    html = page(api.client, f"/g/{game_id}")
    assert html.count("<svg") == 1  # the cached page was replaced after the new rounds
    chart = html.split("<svg", 1)[1].split("</svg>", 1)[0]
    state = api.get(game_id).json
    lines = [side["name"] for side in state["sides"]] if "sides" in state else sample.players  # a line per side
    assert re.findall(r'data-player="([^"]*)"', chart) == [escape(name) for name in lines]
    assert "style=" not in chart
    assert f'href="/g/{game_id}/sheet"' in html
    options = state["options"]
    query = "".join(f"&amp;{name}={options[option.name]}" for name, option in spec.paper.blank_choices)
    assert f'href="/sheets/{spec.name}/blank?players={len(sample.players)}{query}"' in html


# --- blank sheets ------------------------------------------------------------------------------------


def test_the_blank_sheet_chooser_offers_every_game_its_numbers_of_players_and_choices(client: FlaskClient) -> None:
    html = page(client, "/sheets")
    for spec in GAMES.values():
        form = re.search(rf'<form[^>]*action="/sheets/{spec.name}/blank".*?</form>', html, flags=re.S)
        assert form is not None, spec.name
        counts = [int(count) for count in re.findall(r'name="players" value="(\d+)"', form.group(0))]
        assert counts in ([], list(range(spec.rules.min_players, spec.rules.max_players + 1))), spec.name
        for query, option in spec.paper.blank_choices:
            offered = re.findall(rf'name="{query}" value="([^"]*)"', form.group(0))
            assert offered == [str(value) for value, _label in option.choices], spec.name


def test_unknown_blank_sheet_is_404(client: FlaskClient) -> None:
    assert client.get("/sheets/chess/blank").status_code == 404
