"""``kept``: a template fragment made once per language and key, never shown in another language."""

from __future__ import annotations

import dataclasses
import re
from types import SimpleNamespace
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.games.base import make_setup
from referee.games.queenie import play as qp
from referee.games.queenie import rules as queenie
from referee.registry import GAMES

CARD = "{% from 'macros.html' import card %}{{ card(code) }}"


def render(app: Flask, language: str, source: str, **values: object) -> str:
    with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
        return app.jinja_env.from_string(source).render(**values)


def test_a_card_is_made_once_per_language(app: Flask) -> None:
    symbol = '<span class="card suit-C"><span aria-hidden="true">2♣</span>'
    english = symbol + '<span class="visually-hidden"> 2 of clubs</span></span>'
    french = symbol + '<span class="visually-hidden"> 2 de trèfle</span></span>'
    for _ in range(2):  # made, then kept: the same each time, each in its own language
        assert render(app, "en", CARD, code="2C") == english
        assert render(app, "fr", CARD, code="2C") == french
    # The queen in the reader's letter (D in French), her name for a screen reader only.
    assert render(app, "en", CARD, code="QS").endswith(
        '>Q♠</span><span class="visually-hidden"> queen of spades</span></span>'
    )
    assert render(app, "fr", CARD, code="QS").endswith(
        '>D♠</span><span class="visually-hidden"> dame de pique</span></span>'
    )


def test_the_body_is_rendered_once_per_key(app: Flask) -> None:
    made: list[object] = []
    source = "{% call kept('test', key) %}{{ note(key) }}<b>{{ key }}</b>{% endcall %}"

    def note(key: object) -> str:
        made.append(key)
        return ""

    # Mappings and lists are keys too (in their order): the same values, the same fragment.
    keys = [{"Ann": 1, "Bob": 2}, {"Ann": 1, "Bob": 2}, {"Bob": 2, "Ann": 1}, ["x", 1], ["x", 1], 7]
    pages = [render(app, "en", source, key=key, note=note) for key in keys]
    assert pages == [
        "<b>{&#39;Ann&#39;: 1, &#39;Bob&#39;: 2}</b>",
        "<b>{&#39;Ann&#39;: 1, &#39;Bob&#39;: 2}</b>",
        "<b>{&#39;Bob&#39;: 2, &#39;Ann&#39;: 1}</b>",
        "<b>[&#39;x&#39;, 1]</b>",
        "<b>[&#39;x&#39;, 1]</b>",
        "<b>7</b>",
    ]
    assert made == [{"Ann": 1, "Bob": 2}, {"Bob": 2, "Ann": 1}, ["x", 1], 7]


# ---------------------------------------------------------------------------
# Queenie's last deal, written in Python: the HTML of the macro it replaced, byte for byte.

LAST_DEAL_MACRO = """{% from "macros.html" import card %}
{% macro signed(number) -%}
{%- if number > 0 -%}+{{ number }}{%- elif number < 0 -%}−{{ -number }}{%- else -%}0{%- endif -%}
{%- endmacro %}
{% macro spot(name) -%}
{%- if name == 'pot' -%}{{ _('pot') }}{%- else -%}{{ card('Q' ~ name) }}{%- endif -%}
{%- endmacro %}
{% macro movement(move) -%}
{%- if move.kind == 'sale' -%}
{{ _('%(payer)s → %(payee)s %(chips)s (spare hand)', payer=move['from'], payee=move['to'], chips=move.chips) }}
{%- elif move.kind == 'queen' -%}
{{ _('%(queen)s → %(name)s %(chips)s', queen=card('Q' ~ move['from']), name=move['to'], chips=move.chips) }}
{%- elif move.kind == 'pot' -%}
{{ _('pot → %(name)s %(chips)s', name=move['to'], chips=move.chips) }}
{%- elif move.kind == 'card' -%}
{{ ngettext('%(payer)s → %(payee)s %(chips)s (%(num)s card left)', '%(payer)s → %(payee)s %(chips)s (%(num)s cards left)',
  move.cards, payer=move['from'], payee=move['to'], chips=move.chips) }}
{%- elif move.kind == 'gather' -%}
{{ _('%(queen)s → pot %(chips)s (gathered for sharing)', queen=card('Q' ~ move['from']), chips=move.chips) }}
{%- elif move.kind == 'split' -%}
{{ _('pot → %(name)s %(chips)s (share of the table)', name=move['to'], chips=move.chips) }}
{%- else -%}
{{ move['from'] }} → {{ move['to'] }} {{ move.chips }}
{%- endif -%}
{%- endmacro %}
{% macro last_deal(stored, standings) -%}
{# Every chip movement of the last deal, the balances after it and what stays on the table. #}
{% set last = standings.rounds[-1] %}
{% set details = last.details %}
{% set moves = details.movements %}
<div class="last-deal" data-last-deal>
<h2 id="last-deal-title">{{ _('Deal %(number)s: where the chips went', number=last.number) }}</h2>
<p class="hint">{% if details.dealer_choice == 'switch' %}{{ _('%(name)s dealt and switched packets.', name=details.dealer) }}{% else %}{{ _('%(name)s dealt and kept the first packet.', name=details.dealer) }}{% endif %}</p>
<ul class="moves">
  <li class="stakes-line">{{ _('Stakes:') }}
    <ul class="stake-groups">
    {% for suit in 'SHDC' %}{% set stakers = moves|selectattr('kind', 'eq', 'stake')|selectattr('to', 'eq', suit)|map(attribute='from')|list %}{% if stakers %}
      <li>{{ _('%(names)s → %(queen)s %(chips)s', names=stakers|join(', '), queen=card('Q' ~ suit), chips=stakers|length) }}</li>{% endif %}{% endfor %}
    {% set potted = moves|selectattr('kind', 'eq', 'stake')|selectattr('to', 'eq', 'pot')|list %}
      <li>{{ _('each player → pot %(chips)s', chips=potted|length) }}</li>
    </ul></li>
  {% for move in moves if move.kind != 'stake' %}
  <li>{{ movement(move) }}</li>
  {% endfor %}
  {% if last.input.out is none %}
  <li class="blocked">{{ _('Nobody went out: the deal was blocked and the pot stays on the table.') }}</li>
  {% endif %}
</ul>
<p class="balances"><strong>{{ _('Balances:') }}</strong>
  {% for player in stored.setup.players %}<span class="balance">{{ player }} {{ last.totals[player] }} <span class="muted">({{ signed(last.scores[player]) }})</span></span>{% if not loop.last %} · {% endif %}{% endfor %}</p>
{% set staying = details.table_after.items()|selectattr(1)|list %}
<p class="staying">{% if staying %}<strong>{{ _('Stays on the table:') }}</strong>
  {% for name, chips in staying %}{{ spot(name) }} {{ chips }}{% if not loop.last %} · {% endif %}{% endfor %}
  {% else %}{{ _('Nothing stays on the table.') }}{% endif %}</p>
{% for event in last.events if event.word in ('bankrupt', 'dropped') %}
<p class="warning">{{ describe_event(event) }}</p>
{% endfor %}
</div>
{%- endmacro %}
{{ last_deal(stored, standings) }}"""  # noqa: E501 (the macro as it was written)

SEATS = ["Alice", "Bruno", "Chloé", "<Denis>"]
FOUR_SEATS = ["Alice", "Bruno", "Chloé", "Denis"]
NOBODY = {"S": None, "H": None, "D": None, "C": None}


def _deal(number: int, seats: tuple[str, ...], dealer: str, per_card: bool) -> dict[str, object]:
    """Deals that go through every kind of movement: sales, switches, blocked deals, cards left."""
    suits, count = "SHDC", len(seats)
    stakes = {player: suits[(number + seat) % 4] for seat, player in enumerate(seats)}
    out = None if number % 5 == 0 else seats[number % count]
    switch = number % 3 == 0
    buyers = [player for player in seats if player != dealer]
    return {
        "stakes": stakes,
        "dealer_choice": "switch" if switch else "keep",
        "buyer": None if switch or number % 2 else buyers[number % len(buyers)],
        "queens": {**NOBODY, suits[number % 4]: seats[(number + 1) % count], suits[(number + 1) % 4]: out},
        "out": out,
        **(
            {"cards_left": {p: (number + seat) % 4 + 1 for seat, p in enumerate(seats) if p != out}}
            if out and per_card
            else {}
        ),
    }


@pytest.mark.parametrize(
    ("options", "shown"),
    [
        ({"start_chips": 12, "pay_per_card": True, "leftover": "split", "rounds": 2}, {"card", "sale", "pot"}),
        ({"start_chips": 6, "bankrupt": "drop"}, {"queen", "pot"}),
        ({"start_chips": 1000}, {"queen", "sale", "pot"}),
    ],
)
def test_queenie_last_deal_in_python_is_the_macro_it_replaced(
    app: Flask, options: dict[str, object], shown: set[str]
) -> None:
    setup = make_setup(queenie, SEATS, options)
    state = queenie.initial(setup)
    kinds: set[str] = set()
    for number in range(1, 30):
        raw = _deal(number, state.active, state.dealer, bool(setup.options["pay_per_card"]))
        state = queenie.play(setup, state, queenie.check_round(setup, state, raw))
        standings = queenie.standings(setup, state)
        last = standings.rounds[-1]
        kinds.update(move["kind"] for move in last.details.movements)
        stored = SimpleNamespace(setup=setup, game="queenie")
        for language in ("en", "fr"):
            with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
                expected = app.jinja_env.from_string(LAST_DEAL_MACRO).render(stored=stored, standings=standings)
                written = app.jinja_env.from_string(
                    "{% import 'queenie/labels.html' as labels %}{{ labels.last_deal(stored, standings) }}"
                ).render(stored=stored, standings=standings)
            assert written == expected
        if standings.finished:
            break
    assert number > 1 and kinds >= shown


# ---------------------------------------------------------------------------
# Queenie's next deal and chip check, written in Python: the HTML of the macros they replaced, byte for byte
# (what the macros kept, the last deal and how a deal is dealt, written as they were, not kept).

NEXT_PANEL_MACRO = """{% from 'queenie/labels.html' import layout, stakes_words, spare_words, play_words, last_deal, referee_flags %}
{% macro chips_check(stored, standings) -%}
{% set in_hands = standings.totals.values()|sum %}
{% set on_table = standings.extra['table'].values()|sum %}
<p class="chip-check" data-chip-check>{{ _('Chips: %(total)s = %(hands)s in hands + %(table)s on the table',
  total=game_facts(stored).chips_in_play, hands=in_hands, table=on_table) }}</p>
{%- endmacro %}
{% macro next_panel(stored, standings) -%}
{% set next = standings.next %}
{% set facts = game_facts(stored) %}
{% set terms = facts.terms %}
{% if standings.rounds %}{% if true %}{{ last_deal(stored, standings) }}{% endif %}{{ referee_flags(standings.rounds[-1]) }}{% endif %}
<h2 id="next-title">{% if next.facts.deal_of %}{{ _('Deal %(number)s of %(total)s', number=next.round, total=next.facts.deal_of) }}{% else %}{{ _('Deal %(number)s', number=next.round) }}{% endif %}
  · {{ _('%(name)s deals', name=next.dealer) }}</h2>
<p class="layout-title"><strong>{% if standings.rounds %}{{ _('Already on the table (carried over):') }}{% else %}{{ _('On the table:') }}{% endif %}</strong></p>
{{ layout(next.facts.table, _('Chips on the table before the stakes'), cards=facts.pay_cards, pot=terms.kitty_stake > 0) }}
<p class="hint">{{ stakes_words(terms, next.dealer, next.facts.hand_sizes|length) }}</p>
{% if terms.staking != 'one_card' or terms.card_stake != 1 or terms.kitty_stake != 1 %}
<p class="stakes-due" data-stakes-due><strong>{{ _('Stakes this deal:') }}</strong>
  {% for player, chips in next.facts.stakes_due.items() %}<span class="due">{{ player }} {{ chips }}</span>{% if not loop.last %} · {% endif %}{% endfor %}</p>
{% endif %}
{{ chips_check(stored, standings) }}
<ul class="facts">
{% if true %}
  <li class="hands">{{ _('Cards, dealt one at a time from the dealer\\'s left:') }}
  {% if terms.spare_deal == 'packets' %}
    {% for player, size in next.facts.hand_sizes.items() if player != next.dealer %}<span class="hand">{{ player }} {{ size }}</span> · {% endfor %}
    <span class="hand">{{ _('%(name)s (dealer) %(first)s + %(second)s', name=next.dealer, first=next.facts.dealer_packets[0], second=next.facts.dealer_packets[1]) }}</span></li>
  {% else %}
    {% if terms.spare_deal == 'first' %}<span class="hand">{{ _('spare hand %(num)s', num=next.facts.spare_size) }}</span> · {% endif %}
    {% for player, size in next.facts.hand_sizes.items() %}<span class="hand">{% if player == next.dealer %}{{ _('%(name)s (dealer) %(num)s', name=player, num=size) }}{% else %}{{ player }} {{ size }}{% endif %}</span>{% if not loop.last %} · {% endif %}{% endfor %}
    {% if terms.spare_deal != 'first' %} · <span class="hand">{{ _('spare hand %(num)s', num=next.facts.spare_size) }}</span>{% endif %}</li>
  {% endif %}
  <li>{{ spare_words(terms) }}</li>
  <li>{{ play_words(terms) }}</li>
  {% if standings.extra['dropped'] %}
  <li class="warning">{{ _('Sitting out:') }} {{ standings.extra['dropped']|join(', ') }}</li>
  {% endif %}
{% endif %}
</ul>
{%- endmacro %}
{{ next_panel(stored, standings) }}{{ chips_check(stored, standings) }}"""  # noqa: E501 (the macros as they were written)

FAMILY = [spec for spec in GAMES.values() if spec.templates == "queenie" or spec.name == "queenie"]
# Queenie's own samples, then games of other stakes: the dealer's double, chips on every pay card, no pot.
OTHER_STAKES = [
    ({"start_chips": 6, "bankrupt": "drop"}, None),
    ({"start_chips": 30, "staking": "every_card", "dealer_stake": "double", "card_stake": 2, "kitty_stake": 0}, None),
]


def _family_states() -> list[tuple[str, Any, Any]]:
    """(game, setup, standings) of every deal of every sample of Queenie's family, and of games at other stakes."""
    states = []
    games = [
        (spec, list(sample.players), dict(sample.options), sample.dealer, sample.rounds)
        for spec in FAMILY
        for sample in spec.samples
    ]
    games += [(GAMES["queenie"], FOUR_SEATS, options, dealer, None) for options, dealer in OTHER_STAKES]
    for spec, players, options, dealer, rounds in games:
        rules = spec.rules
        setup = make_setup(rules, players, options, dealer)
        state = rules.initial(setup)
        deals = rounds if rounds is not None else [None] * 12
        for number, raw in enumerate(deals, start=1):
            standings = rules.standings(setup, state)
            if standings.finished:
                break
            states.append((spec.name, setup, standings))
            if raw is None:
                raw = _deal(number, state.active, state.dealer, bool(setup.options.get("pay_per_card")))
                if setup.options.get("staking") == "every_card":  # the stakes are fixed: none entered
                    raw = {name: value for name, value in raw.items() if name != "stakes"}
            state = rules.play(setup, state, rules.check_round(setup, state, raw))
    return states + [_flagged(*states[-1])]


def _flagged(game: str, setup: Any, standings: Any) -> tuple[str, Any, Any]:
    """A deal as the play-along keeps it, with the flags it raised (the panel shows them after the deal)."""
    flags = [qp.Flag("not_lowest", setup.players[1], "3C", other="9S").as_json(), qp.Flag("too_many", "<X>", "2D")]
    last = standings.rounds[-1]
    refereed = dataclasses.replace(last, input={**last.input, "referee": {"answers": [], "flags": flags}})
    return game, setup, dataclasses.replace(standings, rounds=(*standings.rounds[:-1], refereed))


def test_queenie_next_deal_in_python_is_the_macros_it_replaced(app: Flask) -> None:
    states = _family_states()
    said: set[str] = set()
    before = app.jinja_env.from_string(NEXT_PANEL_MACRO)
    now = app.jinja_env.from_string(
        "{% import stored.game ~ '/labels.html' as labels %}"
        "{{ labels.next_panel(stored, standings) }}{{ labels.chips_check(stored, standings) }}"
    )
    for game, setup, standings in states:
        stored = SimpleNamespace(setup=setup, game=game)
        for language in ("en", "fr"):
            with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
                expected = before.render(stored=stored, standings=standings)
                written = now.render(stored=stored, standings=standings)
            assert written == expected, (game, setup.options, len(standings.rounds), language)
            said.update(re.findall(r'class="(stakes-due|warning|blocked|along-flags)"', written))
    assert {name for name, _setup, _standings in states} == {spec.name for spec in FAMILY}
    assert said >= {"stakes-due", "warning", "blocked", "along-flags"}  # every part of the panel was compared


# ---------------------------------------------------------------------------
# Piquet's deal summary, written in Python: the HTML of the macros it replaced, byte for byte.

DEAL_SUMMARY_MACROS = """{% from 'piquet/labels.html' import role_word, sequence, set_words %}
{% macro listed(items, kind) -%}
{%- for item in items -%}{% if kind == 'sequences' %}{{ sequence(item) }}{% else %}{{ set_words(item) }}{% endif %}{% if item.points is defined %} ({{ item.points }}){% endif %}{% if not loop.last %}, {% endif %}{%- endfor -%}
{%- endmacro %}

{% macro against(details, line) -%}
{# What the other player held in the same class, to settle the argument. #}
{%- set loser = details.combinations['younger' if line.role == 'elder' else 'elder'] -%}
{%- if line.item == 'point' and loser.point -%}{{ _('against %(cards)s (%(value)s)', cards=loser.point.cards, value=loser.point.value) }}
{%- elif line.item == 'sequences' and loser.sequences -%}{{ _('against %(what)s', what=sequence(loser.sequences[0])) }}
{%- elif line.item == 'sets' and loser.sets -%}{{ _('against %(what)s', what=set_words(loser.sets[0])) }}
{%- endif -%}
{%- endmacro %}

{% macro line_words(details, line) -%}
{%- set d = line.detail -%}
{%- if line.item == 'blanche' -%}
  {% if d.second %}{{ _('Carte blanche, twice') }}{% else %}{{ _('Carte blanche') }}{% endif %}
{%- elif line.item == 'point' -%}
  {% if line.role %}{{ _('Point of %(cards)s (%(value)s) — good', cards=d.cards, value=d.value) }} <span class="muted against">{{ against(details, line) }}</span>
  {% else %}{{ _('Point of %(cards)s (%(value)s) each: equal, nobody scores', cards=d.cards, value=d.value) }}{% endif %}
{%- elif line.item == 'sequences' -%}
  {% if line.role %}{{ ngettext('Sequence: %(what)s — good', 'Sequences: %(what)s — good', d.sequences|length, what=listed(d.sequences, 'sequences')) }} <span class="muted against">{{ against(details, line) }}</span>
  {% else %}{{ _('Sequences: equal, %(what)s each — no sequence scores', what=sequence(d.sequences[0])) }}{% endif %}
{%- elif line.item == 'sets' -%}
  {{ _('Sets: %(what)s — good', what=listed(d.sets, 'sets')) }} <span class="muted against">{{ against(details, line) }}</span>
{%- elif line.item == 'repique' -%}
  <strong>{{ _('Repique!') }}</strong> <span class="muted">{{ _('30 in combinations, the other on 0') }}</span>
{%- elif line.item == 'play' -%}
  {% if d.leads is defined %}{{ _('Play:') }} {{ ngettext('%(num)s lead', '%(num)s leads', d.leads) }}
  {%- if d.captures %}, {{ ngettext('%(num)s capture', '%(num)s captures', d.captures) }}{% endif %}
  {%- if d.last_trick %}, {{ _('the last trick') }}{% endif %}
  {% else %}{{ _('Play: points counted aloud') }}{% endif %}
  <span class="muted">{{ ngettext('(%(num)s trick)', '(%(num)s tricks)', d.tricks) }}</span>
{%- elif line.item == 'pique' -%}
  <strong>{{ _('Pique!') }}</strong> <span class="muted">{% if d.trick %}{{ _('30 reached at trick %(trick)s, the other on 0', trick=d.trick) }}{% else %}{{ _('30 reached, the other on 0') }}{% endif %}</span>
{%- elif line.item == 'capot' -%}
  <strong>{{ _('Capot!') }}</strong> <span class="muted">{{ _('all 12 tricks') }}</span>
{%- elif line.item == 'cards' -%}
  {% if line.role %}{{ _('The cards') }} <span class="muted">{{ ngettext('(%(num)s trick)', '(%(num)s tricks)', d.tricks) }}</span>
  {% else %}{{ _('The cards divided, 6 tricks each — nobody scores') }}{% endif %}
{%- else -%}{{ line.item }}{%- endif -%}
{%- endmacro %}

{% macro points_cell(line, role) -%}
{%- if line.role == role -%}
  {%- if line.counted == line.points -%}{{ line.points }}{%- elif line.counted -%}{{ line.counted }} <s class="muted">{{ line.points }}</s>{%- else -%}<s class="muted">{{ line.points }}</s>{%- endif -%}
{%- endif -%}
{%- endmacro %}

{% macro deal_summary(result) -%}
{# One deal in the reckoning order: blanche, point, sequences, sets, repique, play, pique, the cards or capot. #}
{% set details = result.details %}
<div class="piquet-deal" data-deal-summary="{{ result.number }}">
<h2 id="deal-summary-title">{{ _('Deal %(number)s in the reckoning order', number=result.number) }}</h2>
<div class="scroll">
<table class="grid piquet-summary" aria-labelledby="deal-summary-title">
  <thead><tr><th scope="col"><span class="visually-hidden">{{ _('What') }}</span></th>
    <th scope="col">{{ details.elder }} <small>{{ role_word('elder') }}</small></th>
    <th scope="col">{{ details.younger }} <small>{{ role_word('younger') }}</small></th></tr></thead>
  <tbody>
  {% for line in details.lines %}
    <tr data-line="{{ line.item }}"{% if not line.role %} class="nobody"{% endif %}><th scope="row">{{ line_words(details, line) }}</th>
      <td>{{ points_cell(line, 'elder') }}</td><td>{{ points_cell(line, 'younger') }}</td></tr>
  {% endfor %}
  </tbody>
  <tfoot><tr data-line="deal"><th scope="row">{{ _('Deal %(number)s', number=result.number) }}</th>
    <td>{{ details.scores.elder }}</td><td>{{ details.scores.younger }}</td></tr></tfoot>
</table>
</div>
{% if details.target %}
<p class="warning" data-target>{{ _('%(name)s reached the target here; the rest of the deal does not count.', name=details.target.name) }}</p>
{% endif %}
</div>
{%- endmacro %}"""  # noqa: E501 (the macros as they were written)


def _piquet_deals() -> list[Any]:
    """The results of deals with every kind of line: the rule file's worked examples (P1 to P9, by the
    cards), the sample partie's deals, a carte blanche, and au cent to a target reached mid-deal."""
    from referee.games.piquet import examples
    from tests.test_piquet_rules import P8_WINNERS, P9_WINNERS, SIX_SIX, P

    winners = {"P8": P8_WINNERS, "P9": P9_WINNERS}
    deals = [
        {"hands": {"elder": P[name][0], "younger": P[name][1]}, "trick_winners": winners.get(name, SIX_SIX)}
        for name in ("P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9")
    ]
    blanche = examples.tricks(examples.said((5, 48), blanche=True), examples.said(sets=(("Q", 3),)), "EEEEEEEYYYYY")
    deals += [*examples.RUBICON, examples.EVEN, blanche]
    rules, results = GAMES["piquet"].rules, []
    for options in ({"partie": "cent", "target": 1000}, {"partie": "cent", "target": 100}):
        setup = make_setup(rules, ["Ann", "<Bob>"], options, "Ann")
        state = rules.initial(setup)
        for raw in deals:
            if rules.standings(setup, state).finished:
                break
            state = rules.play(setup, state, rules.check_round(setup, state, raw))
        results += rules.standings(setup, state).rounds
    return results


def test_piquet_deal_summary_in_python_is_the_macros_it_replaced(app: Flask) -> None:
    results = _piquet_deals()
    lines = {
        line["item"] + ("" if line["role"] else " (nobody)") for result in results for line in result.details.lines
    }
    assert lines >= {"blanche", "point", "point (nobody)", "sequences", "sequences (nobody)", "sets", "repique"}
    assert lines >= {"play", "pique", "capot", "cards", "cards (nobody)"}
    assert any(result.details.target for result in results)
    for result in results:
        for language in ("en", "fr"):
            with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
                before: Any = app.jinja_env.from_string(DEAL_SUMMARY_MACROS).module
                now: Any = app.jinja_env.get_template("piquet/labels.html").module
                assert now.deal_summary(result) == before.deal_summary(result), (result.number, language)


# ---------------------------------------------------------------------------
# Piquet's next panel, written in Python (its facts from labels.html's deal_facts): the macro it replaced, byte for
# byte.

PIQUET_NEXT_PANEL = """{% from 'piquet/labels.html' import deal_summary %}
{% macro next_panel(stored, standings) -%}
{% set next = standings.next %}
{% set options = stored.setup.options %}
{% if standings.rounds %}{% call round_kept('piquet-deal', standings.rounds[-1]) %}{{ deal_summary(standings.rounds[-1]) }}{% endcall %}{% endif %}
<h2 id="next-title">
  {%- if options.partie == 'cent' -%}{{ _('Deal %(number)s', number=next.facts.deal) }}
  {%- elif next.facts.deal > 6 -%}{{ _('Deal %(number)s of %(total)s', number=next.facts.deal, total=8) }}
  {%- else -%}{{ _('Deal %(number)s of %(total)s', number=next.facts.deal, total=6) }}{%- endif %}
  · {{ _('%(name)s deals', name=next.dealer) }}</h2>
<ul class="facts">
{# Made once per language and what it says (kept): the same every other deal. #}
{% call kept('piquet-deal', next.facts.elder, next.facts.younger, options.partie, options.target, next.facts.deal > 6) %}
  <li>{{ _('%(elder)s is elder and leads; %(younger)s deals and is younger.', elder=next.facts.elder, younger=next.facts.younger) }}</li>
  <li>{{ _('12 cards each, two or three at a time; the other 8 are the talon.') }}</li>
  {% if options.partie == 'cent' %}
  <li class="talon">{{ _('The talon: %(elder)s exchanges 1 to 5 cards; %(younger)s may take the rest of the 8 (3 when elder took 5), or none.', elder=next.facts.elder, younger=next.facts.younger) }}</li>
  <li>{{ _('First to %(target)s wins, counting in the reckoning order.', target=options.target) }}</li>
  {% else %}
  <li class="talon">{{ _('The talon: %(elder)s exchanges 1 to 5 cards; %(younger)s then 1 to the rest of the 8 (3 when elder took 5). Each exchanges at least one.', elder=next.facts.elder, younger=next.facts.younger) }}</li>
  {% if next.facts.deal > 6 %}
  <li class="warning">{{ _('Tied after six deals: each deals once more (deals 7 and 8). Still tied after eight, the partie is drawn.') }}</li>
  {% endif %}
  {% endif %}
  <li>{{ _('Announce in order: carte blanche, point, sequences, sets; then play 12 tricks, no trumps.') }}</li>
{% endcall %}
</ul>
{%- endmacro %}
{{ next_panel(stored, standings) }}"""  # noqa: E501 (the macro as it was written)


def test_piquet_next_panel_in_python_is_the_macro_it_replaced(app: Flask) -> None:
    spec, said, compared = GAMES["piquet"], set(), 0
    for sample in spec.samples:
        setup = make_setup(spec.rules, list(sample.players), dict(sample.options), sample.dealer)
        state = spec.rules.initial(setup)
        for raw in [*sample.rounds, None]:
            standings = spec.rules.standings(setup, state)
            if standings.finished:
                break
            stored = SimpleNamespace(setup=setup, game="piquet")
            for language in ("en", "fr"):
                with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
                    expected = app.jinja_env.from_string(PIQUET_NEXT_PANEL).render(stored=stored, standings=standings)
                    written = app.jinja_env.from_string(
                        "{% import 'piquet/labels.html' as labels %}{{ labels.next_panel(stored, standings) }}"
                    ).render(stored=stored, standings=standings)
                assert written == expected, (sample.name, len(standings.rounds), language)
                compared += 1
                said.update(re.findall(r'class="(talon|warning|piquet-deal)"', written))
            if raw is not None:
                state = spec.rules.play(setup, state, spec.rules.check_round(setup, state, raw))
    assert compared > 4 and said >= {"talon", "piquet-deal", "warning"}, said


# ---------------------------------------------------------------------------
# The table page's frame: kept per game, language and phone, filled in with each version.


def _fresh_page(client: FlaskClient, path: str) -> str:
    """The page rendered with nothing kept (no frame, no page, no grid rows, no round's own part)."""
    from referee.views import rendering

    for cache in (rendering._frames, rendering._table_pages, rendering._grid_rows, rendering._round_parts):
        cache.clear()
    return client.get(path).get_data(as_text=True)


def test_the_table_page_from_its_frame_is_the_page_rendered_anew(app: Flask) -> None:
    from tests.test_api_queenie import Q1, Q3, Q4

    created = app.test_client().post("/api/v1/games", json={"game": "queenie", "players": FOUR_SEATS})
    game_id, key = created.json["id"], created.json["key"]
    path = f"/g/{game_id}"
    scorer, watcher, french = app.test_client(), app.test_client(), app.test_client()
    french.set_cookie("lang", "fr")
    assert scorer.post(f"/g/{game_id}/join/{key}").status_code == 303
    scorer.get(path)  # the page that shows the flashed message
    seen: dict[str, list[str]] = {"scorer": [], "watcher": [], "french": []}
    for deal in (None, Q1, Q3, Q4):
        if deal is not None:
            added = scorer.post(
                f"/api/v1/games/{game_id}/rounds", json=deal, headers={"Authorization": f"Bearer {key}"}
            )
            assert added.status_code == 201, added.json
        for name, phone in (("scorer", scorer), ("watcher", watcher), ("french", french)):
            framed = phone.get(path).get_data(as_text=True)  # from the frame kept at the first version
            assert framed == _fresh_page(phone, path)
            seen[name].append(framed)
    version = f'data-version="{len(seen["scorer"]) - 1}"'
    assert version in seen["scorer"][-1] and version in seen["watcher"][-1]
    # What the frame shows changes with what it is kept for: the phone, the language, the players.
    assert "Invite a second scorer" in seen["scorer"][-1] and "Invite a second scorer" not in seen["watcher"][-1]
    assert "Other phones" in seen["watcher"][-1] and "Other phones" not in seen["french"][-1]
    assert "Autres téléphones" in seen["french"][-1]
    others = app.test_client().post("/api/v1/games", json={"game": "queenie", "players": ["Xavier", "Yvonne", "Zoé"]})
    page = watcher.get(f"/g/{others.json['id']}").get_data(as_text=True)
    assert "Xavier" in page and "Alice" not in page
