"""The round forms' stepper, count picker rows and bids' chips written in Python (referee/views/widgets.py): the
HTML of the macros and loops they replaced, byte for byte, called as the round forms call them."""

from __future__ import annotations

import itertools

import pytest
from flask import Flask
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

# The macros as templates/widgets.html wrote them.
MACROS = """{% macro stepper(field, value, label, less, more, placeholder='') -%}
<div class="stepper">
  <button class="step" name="adjust" value="{{ field }}:-1" formaction="#row-{{ field }}" aria-label="{{ less }}">−</button>
  <input id="{{ field }}" name="{{ field }}" inputmode="numeric" pattern="[0-9]*" maxlength="2" autocomplete="off"
         value="{{ value }}" placeholder="{{ placeholder }}" aria-label="{{ label }}" data-count>
  <button class="step" name="adjust" value="{{ field }}:+1" formaction="#row-{{ field }}" aria-label="{{ more }}">+</button>
</div>
{%- endmacro %}
{% macro count_row(field, player, total, values, shown, label, less, more) -%}
{% set value = values.get(field, '') %}
<div class="player-entry" id="row-{{ field }}" data-player-row>
  <div class="player-head">
    <span class="name">{{ player }}</span>
    {{ stepper(field, value, label, less, more, shown.filled.get(field, '')) }}
  </div>
  {# A button is a submit button by default: without JavaScript each one posts its adjustment. #}
  <div class="chips" role="group" aria-label="{{ label }}">
    {% for count in range(total + 1) %}<button class="chip" name="adjust" value="{{ field }}:={{ count }}" formaction="#row-{{ field }}" data-set="{{ count }}"{% if value == count|string %} aria-pressed="true"{% endif %}>{{ count }}</button>{% endfor %}
  </div>
  {% if caller is defined %}{{ caller() }}{% endif %}
</div>
{% endmacro %}
"""  # noqa: E501 (the macros as they were written)

# Each called as the round forms call it: a row with what the game adds under it, a row alone, a stepper.
CALLS = """
{%- call count_row(field, player, total, values, shown, label=_('Hearts taken by %(name)s', name=player),
                  less=_('One heart less for %(name)s', name=player), more=_('One heart more for %(name)s', name=player)) %}
  <div class="takers">{{ player }}</div>
{% endcall %}
{{ count_row(field, player, total, values, shown, label, less, more) }}
{{ stepper(field, values.get(field, ''), _('Bid of %(name)s', name=player), less, more) }}
{{ stepper(field, values.get(field, ''), label, less, more, placeholder) }}"""  # noqa: E501 (as the forms write it)

PLAYERS = ["Ann", "Zoë & <Bob>", 'O\'Hara "the kid"']
VALUES = [
    {},
    {"tricks-1": "0"},
    {"tricks-1": "13"},
    {"tricks-1": "x<y"},
    MultiDict([("tricks-1", "2"), ("tricks-1", "5")]),  # a form posted twice over: its first value
]
SHOWN = [{"filled": {}}, {"filled": {"tricks-1": "4"}, "left": 3}, {"filled": {"tricks-1": "<&>"}}]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_widgets_in_python_are_the_macros_they_replaced(app: Flask, language: str) -> None:
    before = app.jinja_env.from_string(MACROS + CALLS)
    now = app.jinja_env.from_string(CALLS)
    cases = 0
    with app.test_request_context(headers={"Accept-Language": language}):
        for player, values, shown, total in itertools.product(PLAYERS, VALUES, SHOWN, (0, 1, 4, 13)):
            given = {
                "field": "tricks-1",
                "player": player,
                "total": total,
                "values": values,
                "shown": shown,
                "label": Markup("Tricks taken by <b>%s</b>") % player,
                "less": "one <less>",
                "more": Markup("one &amp; more"),
                "placeholder": shown["filled"].get("tricks-1", ""),
            }
            made = now.render(given)
            assert made == before.render(given), given
            cases += 1
        assert 'aria-pressed="true"' in made and 'placeholder="&lt;&amp;&gt;"' in made
    assert cases == 180


# The bids' chips as templates/spades/bids.html and templates/ohhell/bids.html wrote them, then as they write them.
SPADES_CHIPS = """
      {% for count in range(shown.tricks + 1) %}
      <button class="chip{% if count == 0 %} nil{% endif %}" name="adjust" value="{{ field }}:={{ count }}" formaction="#row-{{ field }}" data-set="{{ count }}"
              {%- if value == count|string %} aria-pressed="true"{% endif %}>{{ _('nil') if count == 0 else count }}</button>
      {% endfor %}
"""  # noqa: E501 (as they were written)
OHHELL_CHIPS = """
      {% for count in range(size + 1) %}
      {% set forbidden = dealer and count == shown.forbidden_bid %}
      <button class="chip{% if forbidden %} forbidden{% endif %}" name="adjust" value="{{ field }}:={{ count }}" formaction="#row-{{ field }}" data-set="{{ count }}"
              {%- if value == count|string %} aria-pressed="true"{% endif %}
              {%- if forbidden %} disabled title="{{ _('%(name)s may not bid %(bid)s', name=player, bid=count) }}"{% endif %}>{{ count }}</button>
      {% endfor %}
"""  # noqa: E501 (as they were written)
SPADES_NOW = """
{{ bid_chips(field, shown.tricks, value, nil=_('nil')) }}"""
OHHELL_NOW = """
    {% if dealer and shown.forbidden_bid is not none %}
{{ bid_chips(field, size, value, forbidden=shown.forbidden_bid, forbidden_title=_('%(name)s may not bid %(bid)s', name=player, bid=shown.forbidden_bid)) }}
    {%- else %}
{{ bid_chips(field, size, value) }}
    {%- endif %}
"""  # noqa: E501 (as the template writes it)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_bids_chips_in_python_are_the_loops_they_replaced(app: Flask, language: str) -> None:
    cases = 0
    with app.test_request_context(headers={"Accept-Language": language}):
        for before, now in ((SPADES_CHIPS, SPADES_NOW), (OHHELL_CHIPS, OHHELL_NOW)):
            was, made_now = app.jinja_env.from_string(before), app.jinja_env.from_string(now)
            for player, value, size, dealer, forbidden in itertools.product(
                PLAYERS, ("", "0", "3", "x<y"), (0, 1, 3, 13), (False, True), (None, 0, 3)
            ):
                given = {
                    "field": "bid-2",
                    "player": player,
                    "value": value,
                    "size": size,
                    "shown": {"tricks": size, "forbidden_bid": forbidden},
                    "dealer": dealer,
                }
                made = made_now.render(given)
                assert made == was.render(given), given
                cases += 1
            assert 'disabled title="' in made or 'class="chip nil"' in made
    assert cases == 2 * 3 * 4 * 4 * 2 * 3


# Queenie's choice drawn as a tap target, as its round form's macro wrote it, then as the form writes it.
PICK_MACRO = """{% macro pick(name, value, label, extra_class='') -%}
<label class="pick{% if extra_class %} {{ extra_class }}{% endif %}"><input type="radio" name="{{ name }}" value="{{ value }}"
  {%- if values.get(name) == value|string %} checked{% endif %}><span>{{ label }}</span></label>
{%- endmacro %}
{{ pick(name, value, label) }}|{{ pick(name, value, label, 'queen-pick') }}"""  # noqa: E501 (as it was written)
PICK_NOW = "{{ radio_pick(values, name, value, label) }}|{{ radio_pick(values, name, value, label, 'queen-pick') }}"


def test_a_radio_pick_in_python_is_the_macro_it_replaced(app: Flask) -> None:
    before, now = app.jinja_env.from_string(PICK_MACRO), app.jinja_env.from_string(PICK_NOW)
    checked = 0
    with app.test_request_context():
        for values, value, label in itertools.product(
            ({}, {"out": "2"}, {"out": ""}, {"out": "<a>"}, MultiDict([("out", "none")])),
            ("", 2, "2", "none", "<a>"),
            (*PLAYERS, Markup('<span class="card">Q♠</span>')),
        ):
            given = {"values": values, "name": "out", "value": value, "label": label}
            made = now.render(given)
            assert made == before.render(given), given
            checked += " checked" in made
    assert checked == 5 * 4  # held: "2" (by the values 2 and "2"), "", "<a>" and "none"; under each label


# A field's messages, as macros.html's macro wrote them, then as the templates write them.
FIELD_ERRORS_MACRO = """{% macro field_errors(errors, name) -%}
{% for message in errors.get(name, []) %}<p class="field-error"{% if loop.first %} id="{{ 'error-' ~ name|replace('.', '-')|replace(' ', '_') }}"{% endif %}>{{ message }}</p>{% endfor %}
{%- endmacro %}
[{{ field_errors(errors, name) }}]"""  # noqa: E501 (as it was written)


def test_a_fields_messages_in_python_are_the_macro_it_replaced(app: Flask) -> None:
    before = app.jinja_env.from_string(FIELD_ERRORS_MACRO)
    now = app.jinja_env.from_string("[{{ field_errors(errors, name) }}]")
    errors = {
        "points": ["The points add up to 20, not 26."],
        "hearts.Zoë & <Bob>": ["Too many <hearts>.", Markup("Two <em>queens</em>."), "A third."],
        "tricks.O'Hara the kid": ["No trick & no bid."],
        "empty": [],
    }
    with app.test_request_context():
        for name in (*errors, "none"):
            made = now.render(errors=errors, name=name)
            assert made == before.render(errors=errors, name=name), name
        assert made == "[]"
        assert (
            now.render(errors=errors, name="hearts.Zoë & <Bob>").count('id="error-hearts-Zoë_&amp;_&lt;Bob&gt;"') == 1
        )
