"""The table experience, second pass (issue 24): words, refusals, French and entering a round,
through the pages and the API. Each test names the item it covers; what a person sees on the phone
(taps, where a choice appears) is in tests/browser/test_entering_a_round.py."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.conftest import Api
from tests.test_table_experience import field_errors, start

FOUR = ["Alice", "Bruno", "Chloé", "Denis"]


def new_game_form(players: list[str], **options: str) -> dict[str, str]:
    form = {f"player-{seat}": name for seat, name in enumerate(players)}
    form["dealer"] = "0"
    form.update({f"option-{name}": value for name, value in options.items()})
    return form


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
