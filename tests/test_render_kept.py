"""The table page after each write made from parts kept (the grid's section, the chart's lines, how the game
is won, the totals and the next round shared by every phone, HTML written in Python), and the round forms
from their frame: the very page made with nothing kept, for every phone and language."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import Markup

from referee import i18n
from referee.cache import forget_everything
from referee.games.spec import GameSpec
from referee.registry import GAMES
from tests.conftest import Api
from tests.samples import creation, under_way


def phones(app: Flask, game_id: str, key: str) -> dict[str, FlaskClient]:
    """The scorer, a watcher and a French watcher of the game, and a French scorer (who sees only the forms)."""
    scorer, watcher, french, french_scorer = (app.test_client() for _phone in range(4))
    for phone in (scorer, french_scorer):
        assert phone.post(f"/g/{game_id}/join/{key}").status_code == 303
        phone.get(f"/g/{game_id}")  # the page that says so, made for this phone alone
    for phone in (french, french_scorer):
        phone.set_cookie("lang", "fr")
    return {"scorer": scorer, "watcher": watcher, "french": french, "french scorer": french_scorer}


# What a round form holds of the phone asking for it, made anew for each (its CSRF token and its queue's).
_PHONES_OWN = re.compile(r'(name="csrf_token" type="hidden" value="|data-queue-token=")[^"]*"')


def pages(
    clients: dict[str, FlaskClient], game_id: str, backwards: bool = False, alone: bool = False
) -> dict[str, str]:
    """Each phone's table page, then the watchers' TV view and printed sheet (``backwards``: the other way round,
    the scorer's page made last from what the others kept), or each made ``alone``, with nothing kept."""
    asked = [(name, f"/g/{game_id}") for name in ("scorer", "watcher", "french")]
    asked += [(name, f"/g/{game_id}/{view}") for name in ("watcher", "french") for view in ("tv", "sheet")]
    asked += [(name, f"/g/{game_id}/{form}") for name in ("scorer", "french scorer") for form in ("round", "round/1")]
    if backwards:
        asked.reverse()
    seen = {}
    for name, path in asked:
        if alone:
            forget_everything()
        page = clients[name].get(path).get_data(as_text=True)
        seen[f"{name} {path.rpartition(game_id)[2]}"] = _PHONES_OWN.sub(r'\1"', page)
    return seen


def played(app: Flask, api: Api, spec: GameSpec, alone: bool) -> list[dict[str, str]]:
    """A game of the spec's sample played, corrected and undone, and its pages after each write (``alone``: each
    made with nothing kept; else made in turn, in both orders, from what the pages before them kept at this
    version and the ones before), the game's id written ``<game>``."""
    sample = under_way(spec)
    body = creation(spec, sample)
    created = api.create(body.pop("game"), body.pop("players"), body.pop("options"), **body).json
    game_id = created["id"]
    clients = phones(app, game_id, created["key"])
    writes = [lambda round_input=round_input: api.add(game_id, round_input) for round_input in sample.rounds]
    writes += [
        lambda: api.delete(game_id, len(sample.rounds)),  # the last undone: the rows and lines before it
        lambda: api.put(game_id, 1, sample.rounds[0]),  # the first corrected: every round's results anew
        lambda: api.add(game_id, sample.rounds[-1]),
    ]
    seen = []
    for number, write in enumerate(writes, start=1):
        assert write().status_code in (200, 201), number
        made = pages(clients, game_id, backwards=number % 2 == 0, alone=alone)
        seen.append({name: page.replace(game_id, "<game>") for name, page in made.items()})
    return seen


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_every_page_after_each_write_is_the_page_made_with_nothing_kept(app: Flask, api: Api, spec: GameSpec) -> None:
    kept = played(app, api, spec, alone=False)
    alone = played(app, api, spec, alone=True)  # another game, the same writes
    for number, (seen, made) in enumerate(zip(kept, alone, strict=True), start=1):
        assert seen == made, number
    assert 'class="edit-cell"' in seen["scorer "]
    assert 'name="csrf_token" type="hidden" value=""' in seen["french scorer /round/1"]


def test_a_watcher_never_gets_the_scorers_grid(app: Flask, api: Api) -> None:
    """The grid's section is kept per phone: the scorer's correction links never reach a watcher, whichever
    page was made first."""
    spec = GAMES["hearts"]
    sample = under_way(spec)
    body = creation(spec, sample)
    created = api.create(body.pop("game"), body.pop("players"), body.pop("options"), **body).json
    game_id = created["id"]
    clients = phones(app, game_id, created["key"])
    for number, round_input in enumerate(sample.rounds[:2], start=1):
        assert api.add(game_id, round_input).status_code == 201
        order = ("scorer", "watcher") if number == 1 else ("watcher", "scorer")
        seen = {name: clients[name].get(f"/g/{game_id}").get_data(as_text=True) for name in order}
        assert f"/g/{game_id}/round/1" in seen["scorer"] and 'class="edit-cell"' in seen["scorer"]
        assert f"/g/{game_id}/round/" not in seen["watcher"] and "edit-cell" not in seen["watcher"]
        assert "csrf_token" not in seen["watcher"]


@pytest.mark.parametrize(
    "value",
    [0, -3, 12, 1.5, True, None, "Zoë", "<b>&'\"", Markup("<em>kept</em>"), ["a", "<b>"]],
    ids=repr,
)
def test_markup_format_writes_what_markups_percent_writes(value: object) -> None:
    assert i18n.markup_format("<li>%s</li>", value) == Markup("<li>%s</li>") % (value,)
    assert i18n.markup_format("%s · %s", value, "<i>") == Markup("%s · %s") % (value, "<i>")
    assert i18n._markup_words("<p>%(x)s %(y)s</p>", {"x": value, "y": "&"}) == Markup("<p>%(x)s %(y)s</p>") % {
        "x": value,
        "y": "&",
    }
    assert type(i18n.markup_format("%s", value)) is Markup
