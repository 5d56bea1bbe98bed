"""Points on the phone pages through Flask's test client (JavaScript off by definition): the new-game form
and its options, the round form with sums and the ± control, refusals at their field, the end rules,
corrections, undo, paper and the chart, French; and the form's own parser."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from referee import babel, create_app
from referee.games.base import Next, Setup
from referee.games.points.form import PointsRoundForm, flip_sign, parse_sum, posted_points
from referee.games.points.rules import dealer_of
from tests.conftest import Api, dump_database
from tests.points_examples import EXAMPLES, Example

PACKAGE = Path(__file__).resolve().parents[1] / "referee"
PLAYERS = ["Ann", "Ben", "Cat"]


def new_game_form(players: list[str], dealer: int = 0, **options: str) -> dict[str, str]:
    form = {f"player-{seat}": name for seat, name in enumerate(players)}
    form["dealer"] = str(dealer)
    form.update({f"option-{name}": value for name, value in options.items()})
    return form


def start(client: FlaskClient, players: list[str] = PLAYERS, dealer: int = 0, **options: str) -> str:
    response = client.post("/new/points", data=new_game_form(players, dealer, **options))
    assert response.status_code == 303, field_errors(response.get_data(as_text=True))
    return response.headers["Location"]


def round_form(number: int, values: list[int | str]) -> dict[str, str]:
    form = {f"points-{seat}": str(value) for seat, value in enumerate(values)}
    form["number"] = str(number)
    return form


def field_errors(html: str) -> list[str]:
    return [unescape(text) for text in re.findall(r'class="field-error"[^>]*>([^<]*)<', html)]


def totals_shown(html: str) -> dict[str, int]:
    pairs = re.findall(r'<span class="name">([^<]*)</span>\s*<span class="points">([-−]?\d+)</span>', html)
    return {name: int(points.replace("−", "-")) for name, points in pairs}


def text_of(html: str) -> str:
    body = re.sub(r"<(script|style|title|desc)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", body))).strip()


def field_value(html: str, seat: int) -> str:
    match = re.search(rf'name="points-{seat}"[^>]*value="([^"]*)"', html)
    assert match is not None
    return unescape(match.group(1))


# --- the new-game form -----------------------------------------------------------------------------------


def test_home_offers_points(client: FlaskClient) -> None:
    assert 'href="/new/points"' in client.get("/").get_data(as_text=True)


def test_new_game_form_shows_every_option_with_its_default(client: FlaskClient) -> None:
    page = client.get("/new/points").get_data(as_text=True)
    assert page.count('name="player-') == 12
    assert re.search(r'name="option-target"[^>]*value="100"', page)
    assert re.search(r'name="option-rounds"[^>]*value=""\s+placeholder="no limit"', page)
    assert re.search(r'name="option-round_total"[^>]*value=""\s+placeholder="none"', page)
    assert re.search(r'type="checkbox" name="option-low_wins">', page)
    assert re.search(r'name="option-tie" value="share" checked', page)
    assert 'name="option-tie" value="play_on"' in page
    for words in ("1 to 1000000", "1 to 1000", "−100000 to 100000", "162 in Belote"):
        assert words in page


def test_a_game_with_every_option_from_the_form(client: FlaskClient) -> None:
    options = {"target": "", "rounds": "5", "low_wins": "on", "round_total": "0", "tie": "play_on"}
    location = start(client, PLAYERS, dealer=2, **options)
    words = text_of(client.get(location).get_data(as_text=True))
    assert "Round 1 of 5 · Cat deals" in words
    assert "Lowest total wins. The game ends after 5 rounds. Tied leaders play on until one leads." in words
    assert "The points of every round add up to 0." in words


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        (
            {"target": "", "rounds": ""},
            "options.target",
            "Set a target, a number of rounds, or both: the game needs an end.",
        ),
        ({"target": "0"}, "options.target", "This option must be at least 1."),
        ({"rounds": "1001"}, "options.rounds", "This option must be at most 1000."),
        ({"round_total": "lots"}, "options.round_total", "This option must be a whole number."),
    ],
)
def test_option_refusals_are_shown_at_the_field(
    app: Flask, client: FlaskClient, options: dict[str, str], field: str, message: str
) -> None:
    before = dump_database(app)
    response = client.post("/new/points", data=new_game_form(PLAYERS, **options))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.search(rf'id="error-{field.replace(".", "-")}">[^<]*{re.escape(message[1:])}<', page)
    assert dump_database(app) == before


def test_one_player_is_not_enough(client: FlaskClient) -> None:
    response = client.post("/new/points", data=new_game_form(["Ann"]))
    assert response.status_code == 422
    assert "This game needs 2 to 12 players." in field_errors(response.get_data(as_text=True))


# --- the worked examples through the forms ----------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES)
def test_worked_examples_through_the_forms(app: Flask, client: FlaskClient, example: Example) -> None:
    options = {name: "" if value is None else str(value) for name, value in example.options.items()}
    options = {name: ("on" if value == "True" else value) for name, value in options.items()}
    location = start(client, list(example.players), **options)
    number = 0
    for step in example.steps:
        table = text_of(client.get(location).get_data(as_text=True))
        assert f"{example.dealers[number]} deals" in table
        before = dump_database(app)
        response = client.post(f"{location}/round", data=round_form(number + 1, list(step.values)))
        if not step.accepted:
            assert response.status_code == 422
            assert field_errors(response.get_data(as_text=True)) == [message for _field, message in step.errors]
            assert dump_database(app) == before
            continue
        number += 1
        assert response.status_code == 303
        page = client.get(location).get_data(as_text=True)
        assert totals_shown(page) == example.by_seat(step.totals or ())
        if step.tied:
            tied = " & ".join(step.tied)
            assert f"{tied} are tied for the lead: play another round until one leads." in text_of(page)
    page = client.get(location).get_data(as_text=True)
    if len(example.winners) == 1:
        assert f"{example.winners[0]} wins!" in page
    elif example.winners:
        assert f"{' &amp; '.join(example.winners)} share the victory!" in page
    if example.finished:
        assert "Enter round" not in page
        assert client.get(f"{location}/round").status_code == 303


# --- the round form ----------------------------------------------------------------------------------------


def test_the_round_form_has_a_numeric_field_and_a_sign_button_per_player(client: FlaskClient) -> None:
    location = start(client)
    page = client.get(f"{location}/round").get_data(as_text=True)
    assert "Save round 1" in page
    for seat, player in enumerate(PLAYERS):
        assert re.search(rf'<input id="points-{seat}" name="points-{seat}" inputmode="numeric"', page)
        assert f'<label class="name" for="points-{seat}">{player}</label>' in page
        assert f'name="adjust" value="sign:points-{seat}"' in page
        assert f'aria-label="Change the sign of the points of {player}"' in page
    assert re.search(r'src="/static/[^"]*\+points/round\.js\?v=[0-9a-f]{12}"', page)  # Points' own, versioned
    assert "data-points-sum" not in page  # no running total without a round total
    script = client.get("/static/points/round.js")
    assert script.status_code == 200
    script.close()


def test_a_sum_in_a_field_is_added_up_on_the_server(client: FlaskClient) -> None:
    location = start(client)
    response = client.post(f"{location}/round", data=round_form(1, ["12+11-3", " −4 + 1 ", "+7"]))
    assert response.status_code == 303
    assert totals_shown(client.get(location).get_data(as_text=True)) == {"Ann": 20, "Ben": -3, "Cat": 7}
    # What is stored is the whole number, as the API takes it.
    correction = client.get(f"{location}/round/1").get_data(as_text=True)
    assert [field_value(correction, seat) for seat in range(3)] == ["20", "-3", "7"]


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "Enter a number."),
        ("2.5", "Enter a whole number."),
        ("ten", "Enter a whole number."),
        ("12+-3", "Enter a whole number."),
        ("100001", "This cannot be more than 100000."),
        ("99999+2", "This cannot be more than 100000."),
    ],
)
def test_refusals_are_shown_at_the_players_field_and_what_was_typed_is_kept(
    app: Flask, client: FlaskClient, typed: str, message: str
) -> None:
    location = start(client)
    before = dump_database(app)
    response = client.post(f"{location}/round", data=round_form(1, [5, typed, 3]))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    # The message names the player whose field it is.
    assert re.search(rf'id="error-points-Ben">Ben: {re.escape(message[0].lower() + message[1:])}<', page)
    assert field_value(page, 1) == typed
    assert field_value(page, 0) == "5"
    assert dump_database(app) == before


def test_the_sign_button_without_javascript_flips_the_field_and_saves_nothing(app: Flask, client: FlaskClient) -> None:
    location = start(client)
    before = dump_database(app)
    form = round_form(1, ["12", "3+4", ""])
    for seat, expected in ((0, "-12"), (1, "-3-4"), (2, "-")):
        response = client.post(f"{location}/round", data=form | {"adjust": f"sign:points-{seat}"})
        assert response.status_code == 200
        page = response.get_data(as_text=True)
        assert field_value(page, seat) == expected
        assert [field_value(page, other) for other in range(3) if other != seat] == [
            form[f"points-{other}"] for other in range(3) if other != seat
        ]
        assert "Nothing was saved" not in page
    again = client.post(f"{location}/round", data=round_form(1, ["-12", "3", "0"]) | {"adjust": "sign:points-0"})
    assert field_value(again.get_data(as_text=True), 0) == "12"
    assert dump_database(app) == before
    # Commands that are no sign flip change nothing.
    for command in ("sign:points-9", "points-0:*-1", "sign:", "nonsense"):
        page = client.post(f"{location}/round", data=form | {"adjust": command}).get_data(as_text=True)
        assert [field_value(page, seat) for seat in range(3)] == ["12", "3+4", ""]
    assert dump_database(app) == before


def test_a_round_total_shows_what_the_fields_add_up_to(app: Flask, client: FlaskClient) -> None:
    location = start(client, ["Alice", "Bruno", "Chloé", "Denis"], round_total="162")
    page = client.get(f"{location}/round").get_data(as_text=True)
    assert 'data-round-total="162"' in page
    assert "added up: 0 of 162" in text_of(page)
    response = client.post(f"{location}/round", data=round_form(1, ["80+10", "70", "0", ""]))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert field_errors(page) == ["Denis: enter a number."]
    assert "added up: 160 of 162" in text_of(page)
    response = client.post(f"{location}/round", data=round_form(1, ["80+10", "70", "0", "0"]))
    page = response.get_data(as_text=True)
    assert field_errors(page) == ["The points of one round must add up to 162 (they add up to 160)."]
    flipped = client.post(f"{location}/round", data=round_form(1, ["90", "70", "0", "2"]) | {"adjust": "sign:points-3"})
    assert "added up: 158 of 162" in text_of(flipped.get_data(as_text=True))
    assert client.post(f"{location}/round", data=round_form(1, ["90", "70", "0", "2"])).status_code == 303
    assert totals_shown(client.get(location).get_data(as_text=True))["Alice"] == 90


# --- the table, corrections, undo ---------------------------------------------------------------------------


def test_the_table_shows_the_dealer_passing_clockwise_and_how_the_game_ends(client: FlaskClient) -> None:
    location = start(client, dealer=1, target="60")
    words = text_of(client.get(location).get_data(as_text=True))
    assert "Round 1 · Ben deals" in words
    assert "The game ends when a total reaches 60." in words
    assert "Highest total wins. The game ends when a total reaches 60. Tied leaders share the victory." in words
    for number, dealer in ((1, "Cat"), (2, "Ann"), (3, "Ben")):
        assert client.post(f"{location}/round", data=round_form(number, [1, 2, 3])).status_code == 303
        words = text_of(client.get(location).get_data(as_text=True))
        assert f"Round {number + 1} · {dealer} deals" in words


def test_target_and_rounds_together(client: FlaskClient) -> None:
    location = start(client, target="50", rounds="3")
    words = text_of(client.get(location).get_data(as_text=True))
    assert "Round 1 of 3 · Ann deals" in words
    assert "The game ends when a total reaches 50 or after 3 rounds, whichever comes first." in words
    for number in (1, 2):
        client.post(f"{location}/round", data=round_form(number, [10, 5, 0]))
    client.post(f"{location}/round", data=round_form(3, [10, 5, 0]))
    page = client.get(location).get_data(as_text=True)
    assert "Ann wins!" in page
    assert "Final totals: 1. Ann 30 · 2. Ben 15 · 3. Cat 0" in text_of(page)


def test_a_tie_shared_and_a_tie_played_on(client: FlaskClient) -> None:
    shared = start(client, target="10")
    client.post(f"{shared}/round", data=round_form(1, [10, 10, 0]))
    assert "Ann &amp; Ben share the victory!" in client.get(shared).get_data(as_text=True)
    played_on = start(client, target="10", tie="play_on")
    client.post(f"{played_on}/round", data=round_form(1, [10, 10, 0]))
    words = text_of(client.get(played_on).get_data(as_text=True))
    assert "Round 2 · Ben deals" in words
    assert "Ann & Ben are tied for the lead: play another round until one leads." in words
    client.post(f"{played_on}/round", data=round_form(2, [0, 1, 0]))
    assert "Ben wins!" in client.get(played_on).get_data(as_text=True)


def test_correcting_a_round_recomputes_everything_after_it(client: FlaskClient) -> None:
    location = start(client)
    client.post(f"{location}/round", data=round_form(1, [10, 20, 30]))
    client.post(f"{location}/round", data=round_form(2, [1, 2, 3]))
    edit = client.get(f"{location}/round/1").get_data(as_text=True)
    assert "Correct round 1" in edit
    assert [field_value(edit, seat) for seat in range(3)] == ["10", "20", "30"]
    response = client.post(f"{location}/round/1", data=round_form(1, ["-10", "20", "30+5"]), follow_redirects=True)
    page = response.get_data(as_text=True)
    assert "Round 1 corrected; every score after it was recomputed." in page
    assert totals_shown(page) == {"Cat": 38, "Ben": 22, "Ann": -9}


def test_undo_asks_then_removes_the_last_round(app: Flask, client: FlaskClient) -> None:
    location = start(client)
    client.post(f"{location}/round", data=round_form(1, [1, 2, 3]))
    assert "Undo round 1?" in client.get(f"{location}/undo").get_data(as_text=True)
    response = client.post(f"{location}/undo", data={"number": "1"}, follow_redirects=True)
    assert "Round 1 undone." in response.get_data(as_text=True)
    assert dict(dump_database(app))["rounds"] == []


def test_a_watcher_sees_the_table_but_cannot_write(app: Flask, client: FlaskClient) -> None:
    location = start(client)
    client.post(f"{location}/round", data=round_form(1, [1, 2, 3]))
    watcher = app.test_client()
    page = watcher.get(location).get_data(as_text=True)
    assert totals_shown(page) == {"Cat": 3, "Ben": 2, "Ann": 1}
    assert "Enter round 2" not in page
    assert watcher.post(f"{location}/round", data=round_form(2, [1, 2, 3])).status_code == 403


# --- paper, chart, exports ------------------------------------------------------------------------------


def play_t1(api: Api) -> str:
    game_id = api.create("points", ["Ann", "Ben", "Cat"], {"target": 60}).json["id"]
    for row in ({"Ann": 25, "Ben": 12, "Cat": -8}, {"Ann": 30, "Ben": 50, "Cat": 4}):
        assert api.add(game_id, {"points": row}).status_code == 201
    return game_id


def test_the_printed_sheet_has_the_dealer_column_and_the_result(api: Api) -> None:
    game_id = play_t1(api)
    html = api.client.get(f"/g/{game_id}/sheet").get_data(as_text=True)
    words = text_of(html)
    assert "Points score sheet" in words
    assert "Ben wins!" in words
    assert "Final totals: 1. Ben 62 · 2. Ann 55 · 3. Cat −4" in words
    assert "Target: 60" in words
    assert re.findall(r'<td class="text">(\w+)</td>', html) == ["Ann", "Ben"]
    assert re.findall(r'<td class="score">(−?\d+)</td>', html) == ["25", "12", "−8", "30", "50", "4"]
    assert re.findall(r'<td class="total">(−?\d+)</td>', html)[-3:] == ["55", "62", "−4"]
    assert "<form" not in html and "<input" not in html


def test_the_chart_draws_the_target_only_when_there_is_one(api: Api) -> None:
    game_id = play_t1(api)
    assert "target 60" in api.client.get(f"/g/{game_id}").get_data(as_text=True)
    rounds_only = api.create("points", ["Ann", "Ben"], {"target": None, "rounds": 3}).json["id"]
    api.add(rounds_only, {"points": {"Ann": 3, "Ben": -2}})
    html = api.client.get(f"/g/{rounds_only}").get_data(as_text=True)
    assert html.count("<svg") == 1
    assert 'class="reference"' not in html
    assert "Target: no target" in text_of(api.client.get(f"/g/{rounds_only}/sheet").get_data(as_text=True))


@pytest.mark.parametrize("count", [2, 5, 8, 9, 12])
def test_the_blank_sheet_gives_the_dealer_of_every_round(client: FlaskClient, count: int) -> None:
    html = client.get(f"/sheets/points/blank?players={count}").get_data(as_text=True)
    seats = "ABCDEFGHIJKL"[:count]
    dealers = re.findall(r'<td class="text seat-cell">(\w)</td>', html)
    assert len(dealers) >= 20
    assert len(dealers) % count == 0
    assert dealers == [seats[(number - 1) % count] for number in range(1, len(dealers) + 1)]
    assert html.count('<span class="seat">') == count
    words = text_of(html)
    assert "A deals the first round and the deal passes to the left." in words
    # Up to 8 players write the round and the total; more, the total only, to fit the page.
    if count <= 8:
        assert html.count('<td class="score write">') == len(dealers) * count
        assert "Each player: the points of the round, then the running total." in words
    else:
        assert '<td class="score write">' not in html
        assert html.count('<td class="total write">') == len(dealers) * count
        assert "Each player: the running total after the round." in words


def test_the_blank_sheet_refuses_one_or_thirteen_players(client: FlaskClient) -> None:
    assert client.get("/sheets/points/blank?players=1").status_code == 400
    assert client.get("/sheets/points/blank?players=13").status_code == 400
    assert "Blank sheet of Points" in client.get("/sheets").get_data(as_text=True)


def test_csv_export_has_a_row_per_round(api: Api) -> None:
    game_id = play_t1(api)
    rows = api.client.get(f"/g/{game_id}/export.csv").get_data(as_text=True).splitlines()
    assert len(rows) == 3
    assert rows[1].split(",")[:7] == ["1", "25", "25", "12", "12", "-8", "-8"]


# --- French ------------------------------------------------------------------------------------------------


@pytest.fixture
def french(tmp_path: Path) -> Iterator[FlaskClient]:
    """A phone in French, its app reading the catalogs as the .po files have them now (the .mo are build products)."""
    folders = set()
    for po_path in sorted(PACKAGE.rglob("translations/fr/LC_MESSAGES/messages.po")):
        compiled = tmp_path / po_path.relative_to(PACKAGE).with_suffix(".mo")
        compiled.parent.mkdir(parents=True)
        with po_path.open(encoding="utf-8") as po_file, compiled.open("wb") as mo_file:
            write_mo(mo_file, read_po(po_file))
        folders.add(str(compiled.parents[2]))
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "french.sqlite3"),
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": False,
            "BABEL_TRANSLATION_DIRECTORIES": ";".join(sorted(folders)),
        }
    )
    with app.app_context():
        catalogs = babel.domain_instance.cache  # Flask-Babel keeps catalogs per process, not per app
    catalogs.clear()
    client = app.test_client()
    client.set_cookie("lang", "fr")
    yield client
    catalogs.clear()


def test_the_pages_in_french(french: FlaskClient) -> None:
    assert "Points" in text_of(french.get("/").get_data(as_text=True))
    new_game = text_of(french.get("/new/points").get_data(as_text=True))
    assert "Nombre de manches" in new_game
    location = start(french, dealer=1, target="60", round_total="0")
    words = text_of(french.get(location).get_data(as_text=True))
    assert "Manche 1 · Ben donne" in words
    assert "La partie se termine quand un total atteint 60." in words
    form = french.get(f"{location}/round").get_data(as_text=True)
    assert "Enregistrer la manche 1" in text_of(form)
    assert "additionnés : 0 sur 0" in text_of(form)
    refused = french.post(f"{location}/round", data=round_form(1, [5, -2, -2]))
    assert field_errors(refused.get_data(as_text=True)) == [
        "Le total des points d'une manche doit faire 0 (il fait 1)."
    ]
    french.post(f"{location}/round", data=round_form(1, [60, -30, -30]))
    words = text_of(french.get(location).get_data(as_text=True))
    assert "Ann gagne !" in words


# --- the form's parser ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ("12", 12),
        ("-12", -12),
        ("−12", -12),
        ("+7", 7),
        ("0", 0),
        ("12+11-3", 20),
        (" 12 + 11 − 3 ", 20),
        ("1-2-3", -4),
        ("999999999", 999_999_999),
        ("1+" * 19 + "1", 20),
        ("", None),
        ("-", None),
        ("+", None),
        ("12+", None),
        ("12+-3", None),
        ("--3", None),
        ("2.5", None),
        ("1,5", None),
        ("1e3", None),
        ("ten", None),
        ("²", None),
        ("١٢", None),
        ("１２", None),
        ("1234567890", None),
        ("1+" * 20 + "1", None),
        ("(1+2)", None),
        ("2*3", None),
        ("__import__('os')", None),
    ],
)
def test_parse_sum(typed: str, value: int | None) -> None:
    assert parse_sum(typed) == value


@pytest.mark.parametrize(
    ("typed", "flipped"),
    [
        ("12", "-12"),
        ("-12", "12"),
        ("+7", "-7"),
        ("12+11-3", "-12-11+3"),
        ("-12-11+3", "12+11-3"),
        ("", "-"),
        ("-", ""),
        ("ten", "ten"),
    ],
)
def test_flip_sign(typed: str, flipped: str) -> None:
    assert flip_sign(typed) == flipped


@given(st.lists(st.integers(min_value=-9999, max_value=9999), min_size=1, max_size=20))
def test_a_flipped_sum_is_the_opposite_and_flipping_twice_gives_it_back(terms: list[int]) -> None:
    typed = "".join(f"{term:+d}" for term in terms)
    assert parse_sum(typed) == sum(terms)
    assert parse_sum(flip_sign(typed)) == -sum(terms)
    assert parse_sum(flip_sign(flip_sign(typed))) == sum(terms)


def test_posted_points_and_the_form_round_trip() -> None:
    assert posted_points(None) is None
    assert posted_points("  ") is None
    assert posted_points("3+4") == 7
    assert posted_points(" ten ") == "ten"
    form = PointsRoundForm()
    setup = Setup(players=("Ann", "Ben"), dealer=1, options={})
    raw = form.to_input({"points-0": "5-8", "points-1": "", "points-9": "4"}, setup, None)
    assert raw == {"points": {"Ann": -3, "Ben": None}}
    assert form.values(setup, {"points": {"Ann": -3, "Ben": 0}}, None) == {"points-0": "-3", "points-1": "0"}
    assert form.values(setup, None, Next(round=1, dealer="Ann")) == {}
    assert form.limits(setup, None) == {}
    assert form.running_total({"points-0": "5-8", "points-1": "x", "points-2": ""}) == -3
    assert dealer_of(setup, 1) == "Ben"


def test_a_refusal_names_a_player_whose_name_hides_in_its_words(client: FlaskClient) -> None:
    # "Ole" is in "whole", "Les" in "less", "Ann" in "cannot": each refusal still starts with the name.
    location = start(client, ["Ole", "Les", "Ann"])
    response = client.post(f"{location}/round", data=round_form(1, ["abc", "-100001", "100001"]))
    assert response.status_code == 422
    assert field_errors(response.get_data(as_text=True)) == [
        "Ole: enter a whole number.",
        "Les: this cannot be less than -100000.",
        "Ann: this cannot be more than 100000.",
    ]
