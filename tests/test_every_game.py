"""The web contract, written once for every registered game: its templates and every page it has."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.games import GAMES
from referee.games.spec import TEMPLATE_CONTRACT
from tests.conftest import Api

# One game and one valid round of each registered game: a new game adds its line here.
SAMPLES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "hearts": (
        ["Alice", "Bruno", "Chloé", "Denis"],
        {"hearts": {"Alice": 13, "Bruno": 0, "Chloé": 0, "Denis": 0}, "queen": "Bruno"},
    ),
    "queenie": (
        ["Alice", "Bruno", "Chloé", "Denis"],
        {
            "stakes": {"Alice": "S", "Bruno": "H", "Chloé": "D", "Denis": "C"},
            "dealer_choice": "keep",
            "buyer": None,
            "queens": {"S": "Alice", "H": None, "D": None, "C": None},
            "out": "Bruno",
        },
    ),
    "piquet": (
        ["Ann", "Bob"],
        {
            "declarations": {
                "elder": {"blanche": False, "point": None, "sequences": [], "sets": []},
                "younger": {"blanche": False, "point": None, "sequences": [], "sets": []},
            },
            "play": {"elder": 7, "younger": 7},
            "tricks": {"elder": 6, "younger": 6},
        },
    ),
    "points": (["Alice", "Bruno", "Chloé", "Denis"], {"points": {"Alice": 12, "Bruno": -3, "Chloé": 0, "Denis": 40}}),
}


def test_every_registered_game_has_a_sample_here() -> None:
    assert sorted(SAMPLES) == sorted(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_game_folder_defines_every_name_of_the_contract(app: Flask, name: str) -> None:
    with app.test_request_context():
        for template, names in TEMPLATE_CONTRACT.items():
            loaded = app.jinja_env.get_template(f"{name}/{template}")  # exists and parses
            if not names:
                continue
            module = loaded.module
            missing = [wanted for wanted in names if not hasattr(module, wanted)]
            assert missing == [], f"templates/{name}/{template} lacks {missing}"


def scorer_game(api: Api, client: FlaskClient, name: str, rounds: int = 1) -> str:
    players, sample = SAMPLES[name]
    created = api.create(name, players)
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    for _ in range(rounds):
        added = api.add(game_id, sample)
        assert added.status_code == 201, added.json
    assert client.get(f"/g/{game_id}/join/{api.keys[game_id]}").status_code == 303
    return game_id


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_page_of_the_game_renders(api: Api, client: FlaskClient, name: str, language: str) -> None:
    client.set_cookie("lang", language)
    game_id = scorer_game(api, client, name)
    pages = [
        "/",
        f"/new/{name}",
        "/sheets",
        f"/sheets/{name}/blank",
        f"/g/{game_id}",
        f"/g/{game_id}/round",
        f"/g/{game_id}/round/1",
        f"/g/{game_id}/undo",
        f"/g/{game_id}/sheet",
        f"/g/{game_id}/invite",
        f"/g/{game_id}/export.csv",
        f"/g/{game_id}/export.json",
        f"/g/{game_id}/version",
        f"/g/{game_id}/watch.svg",
    ]
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
    table = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert client.get(f"/g/{game_id}/round").get_data(as_text=True).count('name="number" value="2"') == 1
    assert f'href="/g/{game_id}/round/1"' in table  # the scorer may correct round 1


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_watcher_sees_the_table_but_no_form(api: Api, client: FlaskClient, name: str) -> None:
    players, sample = SAMPLES[name]
    game_id = api.create(name, players).json["id"]
    api.add(game_id, sample)
    assert client.get(f"/g/{game_id}").status_code == 200
    for path in (f"/g/{game_id}/round", f"/g/{game_id}/round/1", f"/g/{game_id}/undo", f"/g/{game_id}/invite"):
        assert client.get(path).status_code == 403, path


def stylesheets(app: Flask) -> dict[str, str]:
    """Every static stylesheet's text by its name ("table.css", "piquet/round.css"), the paper's aside."""
    paths: dict[str, Path] = app.extensions["referee.static_paths"]
    return {
        name: re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        for name, path in paths.items()
        if name.endswith(".css") and not name.endswith(("print.css", "blank.css"))
    }


def stylesheet_classes(app: Flask, game: str) -> dict[str, set[str]]:
    """The classes each stylesheet a page of this game may load styles: the app's and the game's own.

    Another game's are left out: they style only inside that game's pages. A class only ever styled
    together with another (``.card.suit-H``) is that other's modifier: left out.
    """
    alone = re.compile(r"(?<![\w\]-])\.([A-Za-z][\w-]*)")
    return {
        name: set(alone.findall(text))
        for name, text in stylesheets(app).items()
        if "/" not in name or name.startswith(f"{game}/")
    }


def selectors(css: str) -> list[str]:
    """Every selector of a stylesheet, inside @media blocks too."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    preludes = [found.strip() for found in re.findall(r"([^{}]+)\{", css)]
    return [selector.strip() for prelude in preludes if not prelude.startswith("@") for selector in prelude.split(",")]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_games_own_stylesheets_style_only_its_own_pages(app: Flask, api: Api, client: FlaskClient, name: str) -> None:
    """A game's class names cannot collide with another game's: each of its rules is scoped to its pages.

    Its pages say which game they are (``<html data-game>``); every selector of its stylesheets starts
    there, so ``.tricks`` in two games' stylesheets are two rules that never meet.
    """
    paths: dict[str, Path] = app.extensions["referee.static_paths"]
    own = {file: path for file, path in paths.items() if file.startswith(f"{name}/") and file.endswith(".css")}
    for file, path in own.items():
        unscoped = [
            selector
            for selector in selectors(path.read_text(encoding="utf-8"))
            if not selector.startswith(f"[data-game={name}]")
        ]
        assert unscoped == [], file
    game_id = scorer_game(api, client, name)
    for page in (f"/g/{game_id}", f"/g/{game_id}/round", f"/g/{game_id}/sheet", f"/sheets/{name}/blank"):
        assert f'data-game="{name}">' in client.get(page).get_data(as_text=True).split("<head>")[0], page


def test_selectors_are_read_inside_media_blocks_too() -> None:
    css = "/* a, b { } */ .a, .b > c { x: 1 }\n@media (min-width: 1px) { .d:hover { y: 2 } }"
    assert selectors(css) == [".a", ".b > c", ".d:hover"]


def page_stylesheets(page: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="/static/([\w./-]+\.css)\?v=', page)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_page_loads_the_stylesheets_of_the_classes_it_uses(
    app: Flask, api: Api, client: FlaskClient, name: str
) -> None:
    """style.css is split by kind of page; a page whose class is styled only in a sheet it does not load is unstyled."""
    styled = stylesheet_classes(app, name)
    anywhere = set().union(*styled.values())
    game_id = scorer_game(api, client, name)
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
        assert all("/" not in sheet or sheet.startswith(f"{name}/") for sheet in sheets), (kind, sheets)
        loaded = set().union(*(styled[sheet] for sheet in sheets))
        used = {token for value in re.findall(r'class="([^"]*)"', page) for token in value.split()}
        assert sorted((used & anywhere) - loaded) == [], (kind, sheets)
    # The scorer's table page does not carry the watchers' layout; a watcher's does.
    assert "watch.css" not in page_stylesheets(pages["table"].get_data(as_text=True))
    assert "watch.css" in page_stylesheets(pages["watched table"].get_data(as_text=True))
