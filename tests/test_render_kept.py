"""The table page after each write made from parts kept (the grid's section, the chart's lines, how the game
is won, the totals and the next round shared by every phone, HTML written in Python), and the round forms
from their frame: the very page made with nothing kept, for every phone and language."""

from __future__ import annotations

import dataclasses
import itertools
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import Markup

from referee import i18n, store
from referee.cache import forget_everything
from referee.db import get_db
from referee.forms import CSRF_MARK
from referee.games.spec import GameSpec
from referee.registry import GAMES
from referee.views.templating import grid_row, standings_block
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


# ---------------------------------------------------------------------------
# The table page's standings block, written in Python (templating.standings_block): the HTML of the template it
# replaced, byte for byte (its includes of books/table.html and sheets/chart.html in their place, and the totals
# and the next round, standings.html and next.html, as macros).

STANDINGS_BLOCK = """{% macro standings_html() %}{# The winner and the totals, best first: the table page and the TV view (tv.html), made once per version for
   every phone (referee.views.rendering.version_kept): it may use only stored, standings, spec and the globals. #}
{% import stored.game ~ "/labels.html" as labels %}
{% import "sheets/common.html" as common %}
{% if standings.finished %}
<section class="winner" aria-live="polite">
  <p class="big">{{ common.winners(standings) }}</p>
  {{ labels.result(stored, standings) }}
</section>
{% endif %}

<section class="totals" aria-label="{{ _('Totals') }}">
  {# A total per side in a game played in sides (each partner's is the side's), else per player, best first
     (written in Python: referee/views/templating.py, totals_rows). #}
{{ totals_rows(standings) }}
  {# How the game is won: its setup's alone, made once per game and language. #}
  <p class="hint">{{ setup_kept(stored, labels.ranking_rule) }}</p>
</section>{% endmacro %}
{% macro next_html() %}{# What the table does next (the game's own panel: who deals, the pass, the stakes), and what was announced for
   it: the table page and the TV view (tv.html), made once per version for every phone
   (referee.views.rendering.version_kept): it may use only stored, standings, spec and the globals. #}
{% import stored.game ~ "/labels.html" as labels %}
{% if standings.next %}
<section class="next" aria-labelledby="next-title" data-next-panel="{{ standings.next.round }}">
  {{ labels.next_panel(stored, standings) }}
  {% if spec.announce_form %}<div class="announced" data-announced>{{ labels.announced(stored, standings) }}</div>{% endif %}
</section>
{% endif %}{% endmacro %}
{% import stored.game ~ "/labels.html" as labels %}
{% import "sheets/common.html" as common %}
<h1 class="game-title">{{ _(spec.title) }}
  {% if standings.finished %}<span class="badge">{{ _('finished') }}</span>{% endif %}</h1>

{# The totals and the next round: the same for every phone, made once per version (the TV view's too). #}
{{ standings_html() }}
{{ next_html() }}
{% if can_edit %}
<nav class="actions">
  {% if not standings.finished %}
  {% set enter %}<a class="button{{ ' primary' if stored.announced or not spec.announce_form }}{{ ' sticky-action' if not spec.announce_form }}" href="{{ url_for('tables.new_round', game_id=stored.id) }}" data-next-round="{{ standings.next.round }}">{{ round_words(stored, 'enter', standings.next.round) }}</a>{% endset %}
  {% if spec.announce_form %}
  {# A game with an announced part: it is said first (the announce step), then the round completes it. Both
     buttons stay at hand side by side, the one to tap now the primary: neither hides the other. #}
  {% set announce %}<a class="button{{ ' primary' if not stored.announced }}" href="{{ url_for('tables.announce', game_id=stored.id) }}">{{ labels.announce_title(stored, standings) }}</a>{% endset %}
  <div class="sticky-action sticky-pair">{% if stored.announced %}{{ announce }}{{ enter }}{% else %}{{ enter }}{{ announce }}{% endif %}</div>
  {% else %}
  {{ enter }}
  {% endif %}
  {% endif %}
  {% if standings.rounds %}
  <a class="button" href="{{ url_for('tables.undo', game_id=stored.id) }}">{{ round_words(stored, 'undo', standings.rounds|length) }}</a>
  {% endif %}
</nav>
{% endif %}
{% include "stop_line.html" %}
{# Included in the table page, which is kept per (game, version, language, can_edit) for every phone alike:
   nothing here may depend on the request (no book, no key). The CSRF token is put in as each page is served. #}
{% if can_edit and standings.finished %}
<form method="post" action="{{ url_for('books.rematch', game_id=stored.id) }}" class="rematch">
  {{ csrf_mark }}
  <button type="submit" class="button primary big">{{ _('Rematch') }}</button>
  <p class="hint">{{ _('Same players, same options; the next player deals first.') }}</p>
</form>
{% endif %}
<p class="changes-link"><a class="button" href="{{ url_for('books.changes_page', game_id=stored.id) }}">{{ _('Change log') }}</a></p>
{% if standings.rounds %}
<section class="score-chart-section" aria-labelledby="chart-title">
<h2 id="chart-title">{{ _('Score chart') }}</h2>
{{ score_chart(stored, standings) }}
</section>
{% endif %}
{% if standings.rounds %}
{# The section made once per game, language and phone and kept; each round's rows rendered once (grid.html). #}
{{ grid_section(stored, standings, can_edit) }}
{% endif %}
"""  # noqa: E501 (the block as it was written)


def _stored_ways(stored: store.StoredGame, spec: GameSpec) -> list[store.StoredGame]:
    """The game as stored, and as it would be with its next round's part announced, or an end agreed after the
    rounds played or two more (each changes what the block shows)."""
    played = len(stored.inputs)
    ways = [stored] + [dataclasses.replace(stored, stop_after=after) for after in (played, played + 2) if played]
    if spec.announce_form is not None:
        ways.append(dataclasses.replace(stored, announced={"said": True}))  # only whether something is said shows
    return ways


# What the states compared must have shown between them: the rematch, an agreed end, the scorer's buttons, the grid.
_SHOWN = re.compile(r'class="(?:[^"]* )?(rematch|stop-agreed|sticky-pair|actions|grid)"')


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_the_standings_block_in_python_is_the_template_it_replaced(app: Flask, api: Api, spec: GameSpec) -> None:
    before = app.jinja_env.from_string(STANDINGS_BLOCK)
    shown: set[str] = set()
    for sample in spec.samples:
        body = creation(spec, sample)
        game_id = api.create(body.pop("game"), body.pop("players"), body.pop("options"), **body).json["id"]
        for number, round_input in enumerate([None, *sample.rounds]):
            if round_input is not None:
                assert api.add(game_id, round_input).status_code == 201, number
            if 1 < number < len(sample.rounds):  # none played, one, and the sample's end
                continue
            with app.app_context():
                stored = store.load_game(get_db(), game_id)
            for way, can_edit, language in itertools.product(_stored_ways(stored, spec), (True, False), ("en", "fr")):
                with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
                    values = {"stored": way, "standings": way.standings(), "spec": spec, "can_edit": can_edit}
                    expected = before.render(**values, csrf_mark=CSRF_MARK)
                    assert standings_block(**values) == expected, (sample.name, number, can_edit, language)
                shown.update(_SHOWN.findall(expected))
    assert shown >= {"rematch", "stop-agreed", "actions", "grid"} | ({"sticky-pair"} if spec.announce_form else set())


# One round's rows of the grid, as grid.html's macro wrote them before templating.grid_row: its reference.
GRID_ROW = """{% macro row(players, result, can_edit, edit_base, correct_label, between=none) -%}
    <tr><th scope="row">{{ result.number }}</th>
      {%- if result.sides %}{% for side in result.sides %}{% if between and loop.index == 2 %}<td class="between">{{ between.cell(result) }}</td>{% endif %}<td>{{ side.score|minus }} <small>{{ side.total|minus }}</small></td>{% endfor %}
      {%- else %}{% for player in players %}<td>{{ result.scores[player]|minus }} <small>{{ result.totals[player]|minus }}</small></td>{% endfor %}{% endif %}
      {%- if can_edit %}<td class="edit-cell"><a class="edit" href="{{ edit_base }}{{ result.number }}" title="{{ correct_label }}">✎</a></td>{% endif %}</tr>
    {% if result.events %}
    <tr class="events"><td></td><td colspan="{{ (result.sides or players)|length + (1 if between and result.sides else 0) + (1 if can_edit else 0) }}"><span>{% for event in result.events %}{{ describe_event(event) }}{% if not loop.last %} · {% endif %}{% endfor %}</span></td></tr>
    {% endif %}
{%- endmacro %}"""  # noqa: E501 (the macro as it was written)


@pytest.mark.parametrize("spec", GAMES.values(), ids=GAMES.keys())
def test_the_grid_row_in_python_is_the_macro_it_replaced(app: Flask, api: Api, spec: GameSpec) -> None:
    between = spec.paper.between_sides
    compared = 0
    for sample in spec.samples:
        body = creation(spec, sample)
        game_id = api.create(body.pop("game"), body.pop("players"), body.pop("options"), **body).json["id"]
        for round_input in sample.rounds:
            assert api.add(game_id, round_input).status_code == 201
        with app.app_context():
            stored = store.load_game(get_db(), game_id)
        for can_edit, language in itertools.product((True, False), ("en", "fr")):
            with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
                before = app.jinja_env.from_string(GRID_ROW).module.row  # type: ignore[attr-defined]
                players, link, title = stored.setup.players, f"/g/{game_id}/round/", 'Correct <this> & "that"'
                for result in stored.standings().rounds:
                    expected = str(before(players, result, can_edit, link, title, between))
                    assert grid_row(players, can_edit, link, title, between, result) == expected, (sample.name, result)
                    compared += 1
    assert compared >= 4  # a round at least, for the scorer and a watcher, in both languages
