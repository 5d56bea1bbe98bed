"""Spades on the phone pages through Flask's test client (JavaScript off by definition): the new-game form,
the round form (bids in bidding order with nil and the blind nil tick, then tricks), refusals at their
field, the table page's sides, bags and blind nil, the printed sheet's sides, and French."""

from __future__ import annotations

import re
from html import unescape

from flask.testing import FlaskClient

from tests.samples import text_of
from tests.spades_examples import SP17_INPUTS, TABLE, hands_to


def start(client: FlaskClient, players: list[str] = TABLE, **options: str) -> str:
    form = {f"player-{seat}": name for seat, name in enumerate(players)}
    form.update({"dealer": "0", "option-nil": "on"})
    form.update({f"option-{name}": value for name, value in options.items()})
    response = client.post("/new/spades", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.headers["Location"])


def hand_form(number: int, bids: list[int], tricks: list[int], blind: tuple[int, ...] = ()) -> dict[str, str]:
    form = {f"bid-{seat}": str(bid) for seat, bid in enumerate(bids)}
    form.update({f"tricks-{seat}": str(taken) for seat, taken in enumerate(tricks)})
    form.update({f"blind-{seat}": "on" for seat in blind})
    form["number"] = str(number)
    return form


def play(client: FlaskClient, location: str, number: int, raw: dict[str, object]) -> None:
    bids = [raw["bids"][player] for player in TABLE]  # type: ignore[index]
    tricks = [raw["tricks"][player] for player in TABLE]  # type: ignore[index]
    blind = tuple(TABLE.index(player) for player in raw["blind_nil"])  # type: ignore[attr-defined]
    response = client.post(f"{location}/round", data=hand_form(number, bids, tricks, blind))
    assert response.status_code == 303, text_of(response.get_data(as_text=True))


def test_the_new_game_form_makes_a_game_with_every_option_settled(client: FlaskClient) -> None:
    location = start(client)
    state = client.get(f"/api/v1/games/{location.rsplit('/', 1)[1]}").json
    assert state["options"]["partnerships"] is True
    assert (state["options"]["nil_value"], state["options"]["blind_nil"], state["options"]["bag_penalty"]) == (
        100,
        True,
        100,
    )
    three = start(client, ["Ann", "Ben", "Cat"])
    assert client.get(f"/api/v1/games/{three.rsplit('/', 1)[1]}").json["options"]["partnerships"] is None


def test_the_round_form_asks_bids_in_bidding_order_then_tricks(client: FlaskClient) -> None:
    location = start(client)
    html = client.get(f"{location}/round").get_data(as_text=True)
    order = re.findall(r'id="row-bid-(\d)"', html)
    assert order == ["1", "2", "3", "0"]  # Bruno first, Alice deals and bids last
    assert re.findall(r'id="row-tricks-(\d)"', html) == ["1", "2", "3", "0"]
    assert 'name="blind-' not in html  # nobody is 100 behind yet
    assert ">nil</button>" in html


def test_a_hand_with_a_nil_and_a_blind_nil_through_the_form(client: FlaskClient) -> None:
    location = start(client)
    for number, raw in enumerate(SP17_INPUTS[:6], start=1):
        play(client, location, number, raw)
    game_id = location.rsplit("/", 1)[1]
    table = text_of(client.get(location).get_data(as_text=True))
    assert "Alice & Chloé 426, 6 bags (4 more cost 100)" in table
    assert "Bruno & Denis 94, 4 bags (6 more cost 100)" in table
    assert "Bruno or Denis may bid blind nil: their side is 332 behind." in table
    form = client.get(f"{location}/round").get_data(as_text=True)
    assert 'name="blind-1"' in form and 'name="blind-3"' in form and 'name="blind-0"' not in form
    ticks = re.findall(r'name="(blind-\d)"(.*?)</label>', form, flags=re.DOTALL)
    named = {tick: text_of(label).rsplit(" ", 1)[-1] for tick, label in ticks}
    assert named == {"blind-1": "(Bruno)", "blind-3": "(Denis)"}  # whose tick, for a screen reader
    play(client, location, 7, SP17_INPUTS[6])
    state = client.get(f"/api/v1/games/{game_id}").json
    assert state["rounds"][-1]["input"]["blind_nil"] == ["Denis"]
    assert [side["total"] for side in state["sides"]] == [486, 355]


def test_a_refused_blind_nil_is_shown_at_its_field(client: FlaskClient) -> None:
    location = start(client, blind_nil_deficit="0")
    response = client.post(f"{location}/round", data=hand_form(1, [3, 3, 4, 3], [3, 3, 4, 3], (3,)))
    assert response.status_code == 422
    assert "Denis bid 3: a blind nil is a bid of 0." in unescape(response.get_data(as_text=True))


def test_the_sheet_has_a_column_group_per_side(client: FlaskClient) -> None:
    location = start(client)
    for number, raw in enumerate(SP17_INPUTS[:8], start=1):
        play(client, location, number, raw)
    html = client.get(f"{location}/sheet").get_data(as_text=True)
    assert re.findall(r'<th scope="colgroup" colspan="3" class="side">([^<]*)</th>', html) == [
        "Alice &amp; Chloé",
        "Bruno &amp; Denis",
    ]
    eighth = html.split('<th scope="row">8</th>')[1].split("</tr>")[0]
    assert re.findall(r'<td class="(score|bags|total)">([^<]*)</td>', eighth) == [
        ("score", "−46"),
        ("bags", "0"),
        ("total", "440"),
        ("score", "−50"),
        ("bags", "5"),
        ("total", "305"),
    ]
    assert "Bag penalty for Alice &amp; Chloé: −100" in html


def test_the_table_in_french(client: FlaskClient) -> None:
    location = start(client)
    for number, raw in enumerate(SP17_INPUTS[:6], start=1):
        play(client, location, number, raw)
    words = text_of(client.get(location, headers={"Accept-Language": "fr"}).get_data(as_text=True))
    assert "Alice & Chloé 426, 6 sacs (encore 4 et il en coûte 100)" in words
    assert "Bruno ou Denis peut demander une nulle aveugle : leur camp a 332 de retard." in words


def test_the_bids_announced_on_the_announce_step_then_the_tricks(client: FlaskClient) -> None:
    """SP17's hand 7 as the table enters it: Denis's blind nil and the bids first, every phone sees the
    contracts, then the round form opens with the bids and takes the tricks."""
    location = start(client)
    for number, raw in enumerate(SP17_INPUTS[:6], start=1):
        play(client, location, number, raw)
    step = client.get(f"{location}/announce").get_data(as_text=True)
    assert re.findall(r'id="row-bid-(\d)"', step) == ["3", "0", "1", "2"]  # Chloé deals: Denis bids first
    assert 'name="blind-3"' in step
    said = {"number": "7", "save": "1", "bid-3": "0", "blind-3": "on", "bid-0": "3", "bid-1": "6", "bid-2": "3"}
    response = client.post(f"{location}/announce", data=said)
    assert response.status_code == 303
    watcher = client.application.test_client()
    table = text_of(watcher.get(location).get_data(as_text=True))
    assert "Bids: Alice 3 · Bruno 6 · Chloé 3 · Denis blind nil" in table
    assert "Alice & Chloé: contract 6" in table
    assert "Bruno & Denis: contract 6 (Denis blind nil)" in table
    form = client.get(f"{location}/round").get_data(as_text=True)
    assert 'name="blind-3" value="on" checked' in form and 'id="bid-1" name="bid-1"' in form
    tricks = {f"tricks-{seat}": str(taken) for seat, taken in enumerate([3, 7, 3, 0])}
    values = {"bid-3": "0", "blind-3": "on", "bid-0": "3", "bid-1": "6", "bid-2": "3"}
    response = client.post(f"{location}/round", data={"number": "7", **values, **tricks})
    assert response.status_code == 303
    state = client.get(f"/api/v1/games/{location.rsplit('/', 1)[1]}").json
    assert [side["total"] for side in state["sides"]] == [486, 355]
    assert state["rounds"][-1]["events"] == ["blind_nil:Denis"]


def seat_sides(html: str) -> dict[str, str]:
    """Each seat of the new-game form's square table and the letter of its side."""
    return dict(re.findall(r'<div class="seat-place seat-(\d)" data-side="([A-Z])">', html))


def test_the_new_game_form_seats_the_sides_around_a_square_table(client: FlaskClient) -> None:
    html = client.get("/new/spades").get_data(as_text=True)
    assert 'class="seating" data-seats="4"' in html
    assert seat_sides(html) == {"1": "A", "2": "B", "3": "A", "4": "B"}
    words = text_of(html)
    assert "Partners sit opposite each other." in words
    assert "Side A: seats 1 & 3" in words and "Side B: seats 2 & 4" in words
    assert "Seat 3 side A" in words
    french = text_of(client.get("/new/spades", headers={"Accept-Language": "fr"}).get_data(as_text=True))
    assert "Camp A : places 1 & 3" in french
    # A game where each plays alone draws no table: the seats are a plain list.
    assert "data-seats" not in client.get("/new/hearts").get_data(as_text=True)


def test_the_square_table_follows_the_options_posted(client: FlaskClient) -> None:
    """Each for themselves, refused for a nameless seat: the form comes back without sides; a refused option
    draws the sides of the defaults."""
    cutthroat = {"player-0": "Alice", "dealer": "0", "option-partnerships": "False", "option-nil": "on"}
    response = client.post("/new/spades", data=cutthroat)
    assert response.status_code == 422
    assert "data-seats" not in response.get_data(as_text=True)
    refused = {**cutthroat, "option-partnerships": "none", "option-target": "5"}
    response = client.post("/new/spades", data=refused)
    assert response.status_code == 422
    assert seat_sides(response.get_data(as_text=True)) == {"1": "A", "2": "B", "3": "A", "4": "B"}


def test_the_bid_step_adds_up_each_sides_bids_as_they_are_said(client: FlaskClient) -> None:
    """Without JavaScript each tap posts the step, which shows each side's bids so far (nil counting 0),
    then its contract once both partners have bid."""
    location = start(client)
    first = client.post(f"{location}/announce", data={"number": "1", "bid-1": "3", "adjust": "bid-2:=0"})
    words = text_of(first.get_data(as_text=True))
    assert "Alice & Chloé: 0 bid so far" in words and "Bruno & Denis: 3 bid so far" in words
    taps = {"number": "1", "bid-1": "3", "bid-2": "0", "bid-3": "4", "adjust": "bid-0:=5"}
    words = text_of(client.post(f"{location}/announce", data=taps).get_data(as_text=True))
    assert "Alice & Chloé: contract 5" in words and "Bruno & Denis: contract 7" in words
    nils = {"number": "1", "bid-0": "0", "bid-2": "0", "adjust": "bid-1:=2"}
    words = text_of(client.post(f"{location}/announce", data=nils).get_data(as_text=True))
    assert "Alice & Chloé: no contract" in words and "Bruno & Denis: 2 bid so far" in words


def test_a_hand_with_a_nil_and_a_bag_penalty_through_the_pages(client: FlaskClient) -> None:
    """Alice & Chloé on 28 with 8 bags: Alice makes nil (+100), Chloé bids 3 and takes 5 (30 + 2 bags), and
    their tenth bag costs 100: 32 for the hand, 60 in all and no bag left. Bruno & Denis make 8 of 8."""
    location = start(client)
    (before,) = hands_to((28, 30), (8, 0))
    play(client, location, 1, before)
    said = {"number": "2", "save": "1", "bid-2": "3", "bid-3": "4", "bid-0": "0", "bid-1": "4"}
    assert client.post(f"{location}/announce", data=said).status_code == 303
    form = client.get(f"{location}/round").get_data(as_text=True)
    bids = dict(re.findall(r'id="(bid-\d)" name="bid-\d"[^>]*value="(\d*)"', form))
    assert bids == {"bid-0": "0", "bid-1": "4", "bid-2": "3", "bid-3": "4"}  # the round form opens with the bids said
    tricks = {f"tricks-{seat}": str(taken) for seat, taken in enumerate([0, 4, 5, 4])}
    response = client.post(f"{location}/round", data={"number": "2", **bids, **tricks})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    table = text_of(client.get(location).get_data(as_text=True))
    assert "Alice made nil · Bag penalty for Alice & Chloé: −100" in table
    assert "Alice & Chloé 60, 0 bags (10 more cost 100)" in table
    assert "Bruno & Denis 110, 0 bags (10 more cost 100)" in table
    page = client.get(location).get_data(as_text=True)
    grid = page.split('<table class="grid">')[1].split("</table>")[0]
    assert re.findall(r'<th scope="col">([^<]*)</th>', unescape(grid)) == ["#", "Alice & Chloé", "Bruno & Denis"]
    grid_hand = grid.split('<th scope="row">2</th>')[1].split("</tr>")[0]
    assert re.findall(r"<td>([^<]*) <small>([^<]*)</small></td>", grid_hand) == [("32", "60"), ("80", "110")]
    sheet = client.get(f"{location}/sheet").get_data(as_text=True)
    second = sheet.split('<th scope="row">2</th>')[1].split("</tr>")[0]
    assert re.findall(r'<td class="(score|bags|total)">([^<]*)</td>', second) == [
        ("score", "+32"),
        ("bags", "0"),
        ("total", "60"),
        ("score", "+80"),
        ("bags", "0"),
        ("total", "110"),
    ]
    state = client.get(f"/api/v1/games/{location.rsplit('/', 1)[1]}").json
    assert state["rounds"][1]["input"] == {
        "bids": {"Alice": 0, "Bruno": 4, "Chloé": 3, "Denis": 4},
        "blind_nil": [],
        "tricks": {"Alice": 0, "Bruno": 4, "Chloé": 5, "Denis": 4},
    }
    assert state["sides"] == [
        {"name": "Alice & Chloé", "players": ["Alice", "Chloé"], "score": 32, "total": 60, "bags": 0},
        {"name": "Bruno & Denis", "players": ["Bruno", "Denis"], "score": 80, "total": 110, "bags": 0},
    ]
