"""The grid's and the sheet's rows kept by game: the rows last rendered serve whatever versions came between;
what a page shows of one round alone kept per round."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.games.spec import GameSpec
from referee.registry import GAMES
from referee.views import rendering, sheets
from tests.conftest import Api
from tests.samples import creation, under_way
from tests.test_hardening import FOUR, ROUND_A, ROUND_B


def grid_html(client: FlaskClient, path: str) -> str:
    page = client.get(path).get_data(as_text=True)
    return page[page.index('<table class="grid">') : page.index("</table>", page.index('<table class="grid">'))]


def test_rows_last_rendered_serve_after_writes_nobody_saw(client: FlaskClient, api: Api) -> None:
    game_id = api.create("hearts", FOUR, {"hands": 1000}).json["id"]
    for _ in range(3):
        assert api.add(game_id, ROUND_A).status_code == 201
    page, sheet = f"/g/{game_id}", f"/g/{game_id}/sheet"
    client.get(page), client.get(sheet)
    (grid_before,) = [rows for key, (rows, _weight) in rendering._grid_rows._entries.items() if key[0] == game_id]
    (sheet_before,) = [rows for key, (rows, _weight) in sheets._sheet_rows._entries.items() if key[0] == game_id]
    # Three writes no page and no sheet was asked for at, one of them undone: rounds 1 to 3 are as they were.
    for round_input in (ROUND_B, ROUND_A):
        assert api.add(game_id, round_input).status_code == 201
    assert api.delete(game_id, 5).status_code == 200
    grid, printed = grid_html(client, page), client.get(sheet).get_data(as_text=True)
    (grid_after,) = [rows for key, (rows, _weight) in rendering._grid_rows._entries.items() if key[0] == game_id]
    (sheet_after,) = [rows for key, (rows, _weight) in sheets._sheet_rows._entries.items() if key[0] == game_id]
    assert len(grid_after.html) == len(sheet_after.html) == 4
    assert all(after is before for after, before in zip(grid_after.html[:3], grid_before.html, strict=True))
    assert all(after is before for after, before in zip(sheet_after.html[:3], sheet_before.html, strict=True))
    for cache in (rendering._frames, rendering._table_pages, rendering._grid_rows, sheets._sheets, sheets._sheet_rows):
        cache.clear()
    assert grid_html(client, page) == grid  # the page and the sheet as made from nothing
    assert client.get(sheet).get_data(as_text=True) == printed
    # A correction of round 2 makes its rows and those after it again, in the page and on the sheet.
    assert api.put(game_id, 2, ROUND_B).status_code == 200
    corrected = grid_html(client, page)
    rendering._grid_rows.clear()
    assert grid_html(client, page) == corrected != grid


def forget_pages() -> None:
    """Every table page, frame, row and round's part kept, as in a process just started."""
    for cache in (rendering._frames, rendering._table_pages, rendering._grid_rows, rendering._round_parts):
        cache.clear()


def parts_of(number: int) -> list[tuple[str, str]]:
    """The (language, HTML) of each part kept for a round numbered ``number``."""
    return sorted(
        (key[1], str(html))
        for key, ((result, html), _weight) in rendering._round_parts._entries.items()
        if result.number == number
    )


@pytest.mark.parametrize("spec", [GAMES["piquet"], GAMES["queenie"]], ids=["piquet", "queenie"])
def test_a_rounds_own_part_is_made_once_per_round_and_language(app: Flask, api: Api, spec: GameSpec) -> None:
    """Piquet's deal summary and Queenie's last deal: the scorer's page and the watchers' share it, a page
    after an undo finds it, and every page is the page made with nothing kept."""
    sample = under_way(spec)
    body = creation(spec, sample)
    created = api.create(body.pop("game"), body.pop("players"), body.pop("options"), **body).json
    game_id, path = created["id"], f"/g/{created['id']}"
    watcher, french = app.test_client(), app.test_client()
    french.set_cookie("lang", "fr")
    scorer = app.test_client()
    assert scorer.post(f"/g/{game_id}/join/{created['key']}").status_code == 303
    scorer.get(path)  # the page that says so, made for this phone alone
    phones = (scorer, watcher, french)
    rendering._round_parts.clear()
    for number, round_input in enumerate(sample.rounds, start=1):
        assert api.add(game_id, round_input).status_code == 201
        pages = [phone.get(path).get_data(as_text=True) for phone in phones]
        assert [language for language, _html in parts_of(number)] == ["en", "fr"], number
        forget_pages()
        assert [phone.get(path).get_data(as_text=True) for phone in phones] == pages, number
    last = len(sample.rounds)
    assert api.delete(game_id, last).status_code == 200
    for phone in phones:
        phone.get(path)
    made = {key: value for key, (value, _weight) in rendering._round_parts._entries.items()}
    assert [language for language, _html in parts_of(last - 1)] == ["en", "fr"]  # the deal now the last
    assert api.add(game_id, sample.rounds[-1]).status_code == 201
    for phone in phones:
        phone.get(path)
    assert api.delete(game_id, last).status_code == 200
    undone = [phone.get(path).get_data(as_text=True) for phone in phones]
    assert all(rendering._round_parts.get(key) is value for key, value in made.items())  # not made again
    forget_pages()
    assert [phone.get(path).get_data(as_text=True) for phone in phones] == undone
