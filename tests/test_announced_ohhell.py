"""Oh Hell's bids before the play on the pages (OH6: the bids first, the hook refused, then the tricks), and a
watching phone seeing each change of them: the generic announce step with a real game."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import Api, dump_database
from tests.samples import text_of

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]
HOOK = "Denis deals and may not bid 2: the bids would add up to 5, the number of tricks."


def per_player(values: list[int]) -> dict[str, int]:
    return dict(zip(FOUR, values, strict=True))


def test_a_watcher_polling_the_version_sees_each_change_of_the_bids(client: FlaskClient, api: Api) -> None:
    game = api.create("ohhell", FOUR, {"max_cards": 5, "sequence": "down"}, dealer="Denis").json["id"]
    path = f"/api/v1/games/{game}/announced"
    watcher = client.application.test_client()
    assert watcher.get(f"/g/{game}/version").json == {"version": 0}
    client.put(path, json={"bids": {"Bruno": 3}}, headers=api.auth(game))
    assert watcher.get(f"/g/{game}/version").json == {"version": 1}
    assert "Bids: Alice … · Bruno 3 · Chloé … · Denis …" in text_of(watcher.get(f"/g/{game}").get_data(as_text=True))
    cleared = client.delete(path, headers=api.auth(game))
    assert cleared.status_code == 200 and cleared.json["next"]["bids"] == {}
    assert watcher.get(f"/g/{game}/version").json == {"version": 2}
    assert "Bids:" not in text_of(watcher.get(f"/g/{game}").get_data(as_text=True))
    again = client.delete(path, headers=api.auth(game))
    assert again.status_code == 200 and again.headers["ETag"] == '"2"'  # nothing to clear: no new version


# ---------------------------------------------------------------------------
# Through the pages (no JavaScript): the bids first, every phone sees them, then the tricks.


def start_oh6(client: FlaskClient) -> str:
    form = {f"player-{seat}": name for seat, name in enumerate(FOUR)}
    form.update({"dealer": "3", "option-max_cards": "5", "option-sequence": "down", "option-hook": "on"})
    created = client.post("/new/ohhell", data=form)
    assert created.status_code == 303, created.get_data(as_text=True)
    return created.headers["Location"].rsplit("/", 1)[-1]


def bids_form(bids: dict[str, int]) -> dict[str, str]:
    return {"number": "1", "save": "1", **{f"bid-{FOUR.index(player)}": str(bid) for player, bid in bids.items()}}


def test_oh6_on_the_pages_bids_first_then_tricks(app: Flask, client: FlaskClient) -> None:
    game = start_oh6(client)
    table = client.get(f"/g/{game}").get_data(as_text=True)
    # The two steps side by side in the bar at the bottom, the one to tap now (the bids) the primary.
    assert re.search(
        rf'<div class="sticky-action sticky-pair"><a class="button" href="/g/{game}/round"[^>]*>Enter hand 1</a>'
        rf'<a class="button primary" href="/g/{game}/announce">Bids, hand 1</a></div>',
        table,
    )
    step = client.get(f"/g/{game}/announce").get_data(as_text=True)
    assert "Bids, hand 1" in step and 'name="bid-3"' in step

    saved = client.post(f"/g/{game}/announce", data=bids_form({"Alice": 2, "Bruno": 0, "Chloé": 1}))
    assert saved.status_code == 303 and saved.headers["Location"] == f"/g/{game}"
    watcher = app.test_client()
    watched = text_of(watcher.get(f"/g/{game}").get_data(as_text=True))
    assert "Bids: Alice 2 · Bruno 0 · Chloé 1 · Denis …" in watched and "Denis may not bid 2" in watched
    step = client.get(f"/g/{game}/announce").get_data(as_text=True)
    assert re.search(r'value="bid-3:=2"[^>]*disabled', step), "the forbidden bid is greyed out"

    before = dump_database(app)
    refused = client.post(f"/g/{game}/announce", data=bids_form({"Denis": 2}))
    assert refused.status_code == 422 and HOOK in text_of(refused.get_data(as_text=True))
    assert dump_database(app) == before

    assert client.post(f"/g/{game}/announce", data=bids_form({"Denis": 1})).status_code == 303
    watched = text_of(watcher.get(f"/g/{game}").get_data(as_text=True))
    assert "Denis 1" in watched and "underbid by 1" in watched
    table = client.get(f"/g/{game}").get_data(as_text=True)
    assert re.search(
        rf'<div class="sticky-action sticky-pair"><a class="button" href="/g/{game}/announce">Bids, hand 1</a>'
        rf'<a class="button primary" href="/g/{game}/round"',
        table,
    )

    form = client.get(f"/g/{game}/round").get_data(as_text=True)
    assert [re.search(rf'name="bid-{seat}"[^>]*value="(\d*)"', form).group(1) for seat in range(4)] == [
        "2",
        "0",
        "1",
        "1",
    ]
    tricks = {f"tricks-{seat}": str(count) for seat, count in enumerate([2, 1, 1, 1])}
    bids = {f"bid-{seat}": str(bid) for seat, bid in enumerate([2, 0, 1, 1])}
    added = client.post(f"/g/{game}/round", data={"number": "1", "save": "1", **bids, **tricks})
    assert added.status_code == 303
    state = client.get(f"/api/v1/games/{game}").json
    assert state["rounds"][0]["scores"] == per_player([12, 0, 11, 11]) and state["next"]["bids"] == {}


def test_the_announce_step_clears_and_refuses_what_does_not_fit(app: Flask, client: FlaskClient) -> None:
    game = start_oh6(client)
    client.post(f"/g/{game}/announce", data=bids_form({"Alice": 2}))
    cleared = client.post(f"/g/{game}/announce", data={"number": "1", "clear": "1"})
    assert cleared.status_code == 303 and client.get(f"/api/v1/games/{game}").json["next"]["bids"] == {}
    refused = client.post(f"/g/{game}/announce", data=bids_form({"Bruno": 9}))
    assert refused.status_code == 422
    assert "Bruno's bid must be from 0 to 5: this hand has 5 cards." in text_of(refused.get_data(as_text=True))
    late = client.post(f"/g/{game}/announce", data={**bids_form({"Bruno": 1}), "number": "2"})
    assert late.status_code == 303 and client.get(f"/api/v1/games/{game}").json["next"]["bids"] == {}
    assert "not the next hand" in text_of(client.get(f"/g/{game}").get_data(as_text=True))
    assert app.test_client().get(f"/g/{game}/announce").status_code == 403


def test_a_game_without_an_announced_part_has_no_announce_step(client: FlaskClient) -> None:
    form = {f"player-{seat}": name for seat, name in enumerate(FOUR)}
    game = client.post("/new/hearts", data={**form, "dealer": "0"}).headers["Location"].rsplit("/", 1)[-1]
    assert client.get(f"/g/{game}/announce").status_code == 404
    assert "/announce" not in client.get(f"/g/{game}").get_data(as_text=True)
