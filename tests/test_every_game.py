"""The web contract, written once for every registered game: its templates and every page, from its samples.

No game is named here: each registered game is tested through the sample games it ships
(``referee/games/<game>/examples.py``), so a new game is tested by registering it with its samples.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import re
from collections.abc import Mapping
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.db import get_db
from referee.games.base import announced_keys, make_setup, replay
from referee.games.spec import ANNOUNCING_TEMPLATE_CONTRACT, NUMBER, TEMPLATE_CONTRACT, GameSpec, Sample
from referee.records import same_player
from referee.registry import GAMES
from referee.views.access import BOOK_COOKIE
from referee.words import minus
from tests.conftest import Api, rows
from tests.samples import SAMPLES, big_words, play, result_words, text_of, under_way
from tests.test_books import shown_records
from tests.test_store_history import without_results


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_every_registered_game_ships_samples_to_test_it_with(spec: GameSpec) -> None:
    """A game without samples would pass every generic test untested: it cannot be registered so."""
    names = [sample.name for sample in spec.samples]
    assert names and len(set(names)) == len(names)
    assert any(sample.finished for sample in spec.samples), "a finished game, with its winners"
    assert any(not sample.finished for sample in spec.samples), "a game still going on"


def test_a_game_registered_without_samples_fails_that_test() -> None:
    without = dataclasses.replace(next(iter(GAMES.values())), samples=())
    with pytest.raises(AssertionError):
        test_every_registered_game_ships_samples_to_test_it_with(without)


@pytest.mark.parametrize(("spec", "sample"), SAMPLES)
def test_a_sample_replays_to_what_it_says(spec: GameSpec, sample: Sample) -> None:
    setup = make_setup(spec.rules, list(sample.players), dict(sample.options), sample.dealer)
    standings = replay(spec.rules, setup, list(sample.rounds))
    assert len(standings.rounds) == len(sample.rounds)
    assert standings.finished == sample.finished
    assert standings.winners == sample.winners


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_game_folder_defines_every_name_of_the_contract(app: Flask, name: str) -> None:
    _check_templates(app, name, TEMPLATE_CONTRACT)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_with_an_announced_part_has_its_form_and_templates(app: Flask, name: str) -> None:
    spec = GAMES[name]
    assert (spec.announce_form is not None) == bool(announced_keys(spec.rules)), (
        "a game whose rules announce gives GameSpec.announce_form, and only such a game (referee/games/spec.py)"
    )
    if spec.announce_form is not None:
        _check_templates(app, name, ANNOUNCING_TEMPLATE_CONTRACT)


def _check_templates(app: Flask, name: str, contract: Mapping[str, Mapping[str, tuple[str, ...] | None]]) -> None:
    with app.test_request_context():
        for template, names in contract.items():
            loaded = app.jinja_env.get_template(f"{name}/{template}")  # exists and parses
            if not names:
                continue
            module = loaded.module
            defined = {wanted: _received(getattr(module, wanted, MISSING)) for wanted in names}
            assert defined == names, f"templates/{name}/{template}"


MISSING = object()


def _received(value: object) -> object:
    """What a template defines, as TEMPLATE_CONTRACT says it: a macro's parameters, a whole number's NUMBER."""
    if value is MISSING:
        return "missing"
    if isinstance(value, int):
        return NUMBER
    return tuple(getattr(value, "arguments", ("not a macro",)))


def scorer(api: Api, client: FlaskClient, spec: GameSpec, sample: Sample) -> tuple[str, dict[str, Any]]:
    """The sample played through the API, ``client`` a phone that scores it: the game's id and state."""
    game_id, state = play(api, spec, sample)
    assert client.post(f"/g/{game_id}/join/{api.keys[game_id]}").status_code == 303
    return game_id, state


def shown_totals(html: str) -> dict[str, str]:
    """The totals of the table page, player by player (side by side in a game played in sides), as printed
    (each name's span is followed by its total's)."""
    found = re.findall(r'<span class="name">([^<]*)</span>\s*<span class="[^"]+">([^<]*)</span>', html)
    return {unescape(name): total for name, total in found}


def html_of(client: FlaskClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return response.get_data(as_text=True)


@pytest.mark.parametrize(("spec", "sample"), SAMPLES)
def test_the_table_shows_the_replayed_game_to_its_scorer_and_to_a_watcher(
    app: Flask, api: Api, client: FlaskClient, spec: GameSpec, sample: Sample
) -> None:
    game_id, state = scorer(api, client, spec, sample)
    watcher = app.test_client()
    last = len(sample.rounds)
    totals = {player: minus(total) for player, total in state["totals"].items()}
    if "sides" in state:
        totals = {side["name"]: minus(side["total"]) for side in state["sides"]}
    for phone in (client, watcher):
        html = html_of(phone, f"/g/{game_id}")
        assert shown_totals(html) == totals
        assert big_words(html) == ([result_words(sample, state)] if sample.finished else [])
    # The scorer may correct any round; the watcher opens no form at all.
    assert f'href="/g/{game_id}/round/{last}"' in html_of(client, f"/g/{game_id}")
    assert f'href="/g/{game_id}/round/' not in html_of(watcher, f"/g/{game_id}")
    for path in ("round", "round/1", f"round/{last}", "undo", "invite"):
        assert watcher.get(f"/g/{game_id}/{path}").status_code == 403, path
    new_round = client.get(f"/g/{game_id}/round")
    if sample.finished:
        assert new_round.status_code == 303 and new_round.headers["Location"] == f"/g/{game_id}"
    else:
        form = new_round.get_data(as_text=True)
        assert new_round.status_code == 200
        assert form.count(f'name="number" value="{last + 1}"') == 1
        assert spec.words(str, "save", last + 1) in text_of(form)
    for number in {1, last}:
        form = html_of(client, f"/g/{game_id}/round/{number}")
        assert form.count(f'name="number" value="{number}"') == 1
        assert spec.words(str, "correct", number) in text_of(form)
    assert spec.words(str, "undo", last) in text_of(html_of(client, f"/g/{game_id}/undo"))


@pytest.mark.parametrize(("spec", "sample"), SAMPLES)
def test_every_page_of_the_game_renders_in_each_language(
    api: Api, client: FlaskClient, spec: GameSpec, sample: Sample
) -> None:
    game_id, _state = scorer(api, client, spec, sample)
    pages = [
        "/",
        f"/new/{spec.name}",
        "/sheets",
        f"/sheets/{spec.name}/blank",
        f"/g/{game_id}",
        f"/g/{game_id}/round/1",
        f"/g/{game_id}/undo",
        f"/g/{game_id}/sheet",
        f"/g/{game_id}/invite",
        f"/g/{game_id}/changes",
        "/book",
        "/book/players",
    ]
    if not sample.finished:
        pages.append(f"/g/{game_id}/round")
    for language in ("en", "fr"):
        client.set_cookie("lang", language)
        for path in pages:
            assert f'<html lang="{language}"' in html_of(client, path), (language, path)
    assert html_of(client, f"/g/{game_id}/watch.svg").startswith("<svg")
    assert client.get(f"/g/{game_id}/version").json == {"version": len(sample.rounds)}


@pytest.mark.parametrize(("spec", "sample"), SAMPLES)
def test_the_json_state_is_the_replay_of_the_rounds(api: Api, spec: GameSpec, sample: Sample) -> None:
    game_id, state = play(api, spec, sample)
    assert api.get(game_id).json == state
    standings = replay(
        spec.rules,
        make_setup(spec.rules, list(sample.players), dict(sample.options), sample.dealer),
        list(sample.rounds),
    )
    assert state["totals"] == dict(standings.totals)
    assert [result["scores"] for result in state["rounds"]] == [dict(result.scores) for result in standings.rounds]
    assert [result["totals"] for result in state["rounds"]] == [dict(result.totals) for result in standings.rounds]


@pytest.mark.parametrize(("spec", "sample"), SAMPLES)
def test_the_change_log_has_every_round_entered(app: Flask, api: Api, spec: GameSpec, sample: Sample) -> None:
    game_id, state = play(api, spec, sample)
    log = api.client.get(f"/api/v1/games/{game_id}/changes").json["changes"]
    assert [(change["action"], change["round"]) for change in log] == [
        ("add", number) for number in range(1, len(sample.rounds) + 1)
    ]
    assert [change["after"]["scores"] for change in log] == [result["scores"] for result in state["rounds"]]
    assert [change["after"]["events"] for change in log] == [result["events"] for result in state["rounds"]]
    with app.app_context():  # what each write kept for the log is what replaying the log makes of it
        written = rows(get_db(), "audit")
        without_results(get_db())
        assert rows(get_db(), "audit") == written
    html = html_of(app.test_client(), f"/g/{game_id}/changes")
    headings = re.findall(r'<h2 id="change-\d+">([^<]*)</h2>', html)
    assert headings == [f"{spec.words(str, 'title', number)}: entered" for number in range(len(sample.rounds), 0, -1)]


@pytest.mark.parametrize(("spec", "sample"), SAMPLES)
def test_csv_export_has_a_row_per_round_with_the_replayed_scores(api: Api, spec: GameSpec, sample: Sample) -> None:
    game_id, state = play(api, spec, sample)
    exported = api.client.get(f"/g/{game_id}/export.csv")
    assert exported.status_code == 200 and exported.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(exported.get_data(as_text=True).removeprefix("\ufeff"))))
    word = {"hand": "Hand", "deal": "Deal", "round": "Round"}[spec.words.noun]  # the game's own word (issue 24)
    header = [word, *[name for player in sample.players for name in (player, f"{player} total")], "Events"]
    assert rows[0] == header
    assert [row[0] for row in rows[1:]] == [str(number) for number in range(1, len(sample.rounds) + 1)]
    api.client.set_cookie("lang", "fr")
    french = api.client.get(f"/g/{game_id}/export.csv").get_data(as_text=True).removeprefix("\ufeff")
    french_word = {"hand": "Manche", "deal": "Donne", "round": "Manche"}[spec.words.noun]
    assert next(csv.reader(io.StringIO(french))) == [
        french_word,
        *[name for player in sample.players for name in (player, f"Total {player}")],
        "Événements",
    ]
    for row, result in zip(rows[1:], state["rounds"], strict=True):
        figures = [
            str(value) for player in sample.players for value in (result["scores"][player], result["totals"][player])
        ]
        assert row[1:-1] == figures


SEATS = "ABCDEFGHIJKL"


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_every_blank_sheet_renders_for_each_number_of_players_and_choice(client: FlaskClient, spec: GameSpec) -> None:
    rules = spec.rules
    choices = [{query: str(value)} for query, option in spec.paper.blank_choices for value, _label in option.choices]
    for players in range(rules.min_players, rules.max_players + 1):
        sheets = []
        for chosen in [{}, *choices]:
            response = client.get(f"/sheets/{spec.name}/blank", query_string={"players": players, **chosen})
            assert response.status_code == 200, (players, chosen)
            html = response.get_data(as_text=True)
            assert f'data-game="{spec.name}">' in html
            assert not [tag for tag in ("<nav", "<button", "<form", "<script", "<input") if tag in html]
            words = set(text_of(html).split())
            assert set(SEATS[:players]) <= words and not set(SEATS[players : players + 1]) & words, (players, chosen)
            sheets.append(html)
        assert len(set(sheets[1:])) == len(choices) or players < rules.max_players  # each choice its own sheet
    for wrong in (rules.min_players - 1, rules.max_players + 1, "four"):
        assert client.get(f"/sheets/{spec.name}/blank", query_string={"players": wrong}).status_code == 400
    for query, _option in spec.paper.blank_choices:
        assert client.get(f"/sheets/{spec.name}/blank", query_string={query: "sideways"}).status_code == 400


def book_with(api: Api, spec: GameSpec) -> tuple[str, str]:
    """A book holding one game of each of the game's samples: its id and key."""
    book = api.client.post("/api/v1/books", json={}).json
    for sample in spec.samples:
        game_id, _state = play(api, spec, sample)
        filed = api.client.post(
            f"/api/v1/books/{book['id']}/games",
            json={"id": game_id, "key": api.keys[game_id]},
            headers={"Authorization": f"Bearer {book['key']}"},
        )
        assert filed.status_code == 201, filed.json
    return book["id"], book["key"]


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_the_players_records_count_every_sample(app: Flask, api: Api, spec: GameSpec) -> None:
    book_id, key = book_with(api, spec)
    answer = api.client.get(f"/api/v1/books/{book_id}", headers={"Authorization": f"Bearer {key}"})
    assert answer.status_code == 200
    records = answer.json["players"]
    everyone = {player for sample in spec.samples for player in sample.players}
    assert set(records) == everyone
    phone = app.test_client()
    phone.set_cookie(BOOK_COOKIE, f"{book_id}.{key}")
    shown = shown_records(html_of(phone, "/book/players"))
    assert set(shown) == {same_player(player) for player in everyone}
    stats = spec.records.stats if spec.records else ()
    for player in everyone:
        played = sum(player in sample.players for sample in spec.samples)
        won = sum(player in sample.winners for sample in spec.samples)
        record = records[player]
        assert (record["played"], record["won"]) == (played, won), player
        assert set(record["by_game"]) == {spec.name}
        figures = record["by_game"][spec.name]
        assert set(figures) == {"played", "won", *[stat.name for stat in stats]}
        assert (figures["played"], figures["won"]) == (played, won)
        mine = shown[same_player(player)]
        assert mine["all"] == f"{won} won of {played} played"
        assert mine[spec.title] == f"{spec.title}: {won} won of {played} played"
        for stat in stats:
            value, figure = mine[f"{spec.title} {stat.label}"], figures[stat.name]
            assert (value == "–") if figure is None else (float(value.replace("−", "-")) == pytest.approx(figure)), (
                player,
                stat.name,
            )


def stylesheets(app: Flask) -> dict[str, str]:
    """Every static stylesheet's text by its name ("table.css", "piquet/round.css"), the paper's aside."""
    paths: dict[str, Path] = app.extensions["referee.static_paths"]
    return {
        name: re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        for name, path in paths.items()
        if name.endswith(".css") and not name.endswith(("print.css", "blank.css"))
    }


def folder_of(game: str) -> str:
    """Where a game's static files are served (``/static/<folder>/``): under its own name when it has a package
    folder (Coinche's, Belote's), else under the game's whose templates it uses (Newmarket's, Queenie's)."""
    spec = GAMES[game]
    return game if spec.folder is not None else spec.templates or game


def scoped_to(selector: str, game: str) -> bool:
    """Whether a selector applies inside this game's pages only: ``[data-game=<game>] …``, or a family's
    ``:is([data-game=<game>],[data-game=<other>]…) …`` for a stylesheet the games of one package share."""
    scope = f"[data-game={game}]"
    family = selector.removeprefix(":is(").partition(")")[0].split(",") if selector.startswith(":is(") else []
    return selector.startswith(scope) or scope in family


def stylesheet_classes(app: Flask, game: str) -> dict[str, set[str]]:
    """The classes each stylesheet a page of this game may load styles: the app's and the game's own.

    Another game's are left out: they style only inside that game's pages. A class only ever styled
    together with another (``.card.suit-H``) is that other's modifier: left out.
    """
    alone = re.compile(r"(?<![\w\]-])\.([A-Za-z][\w-]*)")
    return {
        name: set(alone.findall(text))
        for name, text in stylesheets(app).items()
        if "/" not in name or name.startswith(f"{folder_of(game)}/")
    }


def selectors(css: str) -> list[str]:
    """Every selector of a stylesheet, inside @media blocks too."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    preludes = [found.strip() for found in re.findall(r"([^{}]+)\{", css)]
    outside_brackets = re.compile(r",(?![^(]*\))")  # the commas between selectors, not those inside :is(…)
    return [
        selector.strip()
        for prelude in preludes
        if not prelude.startswith("@")
        for selector in outside_brackets.split(prelude)
    ]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_games_own_stylesheets_style_only_its_own_pages(app: Flask, api: Api, client: FlaskClient, name: str) -> None:
    """A game's class names cannot collide with another game's: each of its rules is scoped to its pages.

    Its pages say which game they are (``<html data-game>``); every selector of its stylesheets starts
    there, so ``.tricks`` in two games' stylesheets are two rules that never meet.
    """
    paths: dict[str, Path] = app.extensions["referee.static_paths"]
    own = {
        file: path for file, path in paths.items() if file.startswith(f"{folder_of(name)}/") and file.endswith(".css")
    }
    # Games sharing one package (Belote and Coinche) share its stylesheets: a rule may be scoped to any of them.
    scopes = tuple(f"[data-game={game}]" for game, spec in GAMES.items() if spec.folder == GAMES[name].folder)
    for file, path in own.items():
        unscoped = [
            selector
            for selector in selectors(path.read_text(encoding="utf-8"))
            if not (selector.startswith(scopes) or scoped_to(selector, name))
        ]
        assert unscoped == [], file
    spec = GAMES[name]
    game_id, _state = scorer(api, client, spec, under_way(spec))
    for path in (f"/g/{game_id}", f"/g/{game_id}/round", f"/g/{game_id}/sheet", f"/sheets/{name}/blank"):
        assert f'data-game="{name}">' in html_of(client, path).split("<head>")[0], path


def test_selectors_are_read_inside_media_blocks_too() -> None:
    css = "/* a, b { } */ .a, .b > c { x: 1 }\n@media (min-width: 1px) { .d:hover { y: 2 } } :is(.e,.f) .g, .h { }"
    assert selectors(css) == [".a", ".b > c", ".d:hover", ":is(.e,.f) .g", ".h"]


def page_stylesheets(page: str) -> list[str]:
    """The stylesheets a page loads, in order (its one link names them joined by "+")."""
    return [
        name
        for url in re.findall(r'<link rel="stylesheet" href="/static/([\w./+-]+\.css)\?v=', page)
        for name in url.split("+")
    ]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_page_loads_the_stylesheets_of_the_classes_it_uses(
    app: Flask, api: Api, client: FlaskClient, name: str
) -> None:
    """style.css is split by kind of page; a page whose class is styled only in a sheet it does not load is unstyled."""
    styled = stylesheet_classes(app, name)
    anywhere = set().union(*styled.values())
    spec = GAMES[name]
    game_id, _state = scorer(api, client, spec, under_way(spec))
    watcher = app.test_client()
    pages = {
        "table": client.get(f"/g/{game_id}"),
        "watched table": watcher.get(f"/g/{game_id}"),
        "round form": client.get(f"/g/{game_id}/round"),
        "correction": client.get(f"/g/{game_id}/round/1"),
        "undo": client.get(f"/g/{game_id}/undo"),
        "new game": client.get(f"/new/{name}"),
        "invite": client.get(f"/g/{game_id}/invite"),
    }
    for kind, response in pages.items():
        assert response.status_code == 200, kind
        page = response.get_data(as_text=True)
        sheets = page_stylesheets(page)
        assert sheets[0] == "style.css" and len(set(sheets)) == len(sheets), (kind, sheets)
        assert all("/" not in sheet or sheet.startswith(f"{folder_of(name)}/") for sheet in sheets), (kind, sheets)
        loaded = set().union(*(styled[sheet] for sheet in sheets))
        used = {token for value in re.findall(r'class="([^"]*)"', page) for token in value.split()}
        assert sorted((used & anywhere) - loaded) == [], (kind, sheets)
    # The scorer's table page does not carry the watchers' layout; a watcher's does.
    assert "watch.css" not in page_stylesheets(pages["table"].get_data(as_text=True))
    assert "watch.css" in page_stylesheets(pages["watched table"].get_data(as_text=True))
