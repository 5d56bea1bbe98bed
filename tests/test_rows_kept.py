"""The grid's and the sheet's rows kept by game: the rows last rendered serve whatever versions came between."""

from __future__ import annotations

from flask.testing import FlaskClient

from referee.views import rendering, sheets
from tests.conftest import Api
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
