"""Piquet's web face: the stand-alone referee (two hands in, every combination and verdict out: no game,
no key), the deal summary of the table page (written in Python), and the files of the round form's ways of
entering a deal."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify
from flask.blueprints import BlueprintSetupState
from markupsafe import Markup

from ...extensions import LANGUAGES
from ...views import kit
from ..base import Invalid, RoundResult, only_fields
from . import rules
from .partie import DealDetails

bp = Blueprint("piquet", __name__, url_prefix="/api/v1/piquet")
bp.register_error_handler(Invalid, kit.refused)


@bp.post("/declarations")
@kit.csrf.exempt
def declarations() -> Response:
    body = only_fields(kit.json_object(), ("elder", "younger", "blanche"))
    return jsonify(rules.declarations_from_hands(body.get("elder"), body.get("younger"), body.get("blanche")))


# ---------------------------------------------------------------------------
# The deal summary on the table page, written in Python (``labels.html``'s ``deal_summary`` calls it)

_ = kit.i18n.markup_gettext
_html = kit.i18n.markup_format  # Markup(template) % values, quicker


def deal_summary(result: RoundResult[DealDetails]) -> Markup:
    """One deal in the reckoning order: blanche, point, sequences, sets, repique, play, pique, the cards or
    capot, each line with the points it scored for each role, and the deal's scores.

    The page after each write shows a new one, and written here it costs a fraction of the macros it
    replaced; the HTML is theirs, byte for byte (tests/test_kept.py renders both). The words of a
    combination are the macros' of ``labels.html`` (the round form's too), each made once per language.
    """
    details = result.details
    labels: Any = current_app.jinja_env.get_template("piquet/labels.html").module  # its macros
    made = kit.i18n.catalogue().made
    html = [
        _html(
            '<div class="piquet-deal" data-deal-summary="%s">\n<h2 id="deal-summary-title">%s</h2>\n'
            '<div class="scroll">\n'
            '<table class="grid piquet-summary" aria-labelledby="deal-summary-title">\n'
            '  <thead><tr><th scope="col"><span class="visually-hidden">%s</span></th>\n'
            '    <th scope="col">%s <small>%s</small></th>\n'
            '    <th scope="col">%s <small>%s</small></th></tr></thead>\n  <tbody>\n',
            result.number,
            _("Deal %(number)s in the reckoning order", number=result.number),
            _("What"),
            details.elder,
            made(("piquet-role", "elder"), lambda: Markup(labels.role_word("elder"))),
            details.younger,
            made(("piquet-role", "younger"), lambda: Markup(labels.role_word("younger"))),
        )
    ]
    for line in details.lines:
        html.append(
            _html(
                '    <tr data-line="%s"%s><th scope="row">%s</th>\n      <td>%s</td><td>%s</td></tr>\n',
                line["item"],
                Markup("") if line["role"] else Markup(' class="nobody"'),
                _line_words(labels, details, line),
                _points_cell(line, "elder"),
                _points_cell(line, "younger"),
            )
        )
    html.append(
        _html(
            '  </tbody>\n  <tfoot><tr data-line="deal"><th scope="row">%s</th>\n'
            "    <td>%s</td><td>%s</td></tr></tfoot>\n"
            "</table>\n</div>\n",
            _("Deal %(number)s", number=result.number),
            details.scores["elder"],
            details.scores["younger"],
        )
    )
    if details.target:
        reached = _(
            "%(name)s reached the target here; the rest of the deal does not count.", name=details.target["name"]
        )
        html.append(_html('<p class="warning" data-target>%s</p>\n', reached))
    html.append(Markup("</div>"))
    return Markup("".join(html))  # every part markup already


def _sequence(labels: Any, run: Mapping[str, Any]) -> Markup:
    """A sequence in words ("quart to the king"), as the ``sequence`` macro says it."""
    length, top = run["length"], run["top"]
    return kit.i18n.catalogue().made(
        ("piquet-sequence", length, top), lambda: Markup(labels.sequence({"length": length, "top": top}))
    )


def _set(labels: Any, group: Mapping[str, Any]) -> Markup:
    """A set in words ("three queens"), as the ``set_words`` macro says it."""
    count, rank = group["count"], group["rank"]
    return kit.i18n.catalogue().made(
        ("piquet-set", count, rank), lambda: Markup(labels.set_words({"count": count, "rank": rank}))
    )


def _listed(labels: Any, items: Sequence[Mapping[str, Any]], kind: str) -> Markup:
    words = _sequence if kind == "sequences" else _set
    return Markup(", ").join(
        words(labels, item) + (_html(" (%s)", item["points"]) if "points" in item else Markup("")) for item in items
    )


def _against(labels: Any, details: DealDetails, line: Mapping[str, Any]) -> Markup:
    """What the other player held in the same class, to settle the argument."""
    loser = details.combinations["younger" if line["role"] == "elder" else "elder"]
    item = line["item"]
    if item == "point" and loser["point"]:
        return _("against %(cards)s (%(value)s)", cards=loser["point"]["cards"], value=loser["point"]["value"])
    if item == "sequences" and loser["sequences"]:
        return _("against %(what)s", what=_sequence(labels, loser["sequences"][0]))
    if item == "sets" and loser["sets"]:
        return _("against %(what)s", what=_set(labels, loser["sets"][0]))
    return Markup("")


def _line_words(labels: Any, details: DealDetails, line: Mapping[str, Any]) -> Markup:
    """What one line of the summary scored, in words (the newline after some is the macros', kept)."""
    item, detail, role = line["item"], line["detail"], line["role"]
    against = _html(' <span class="muted against">%s</span>', _against(labels, details, line)) if role else ""
    if item == "blanche":
        return _("Carte blanche, twice") if detail.get("second") else _("Carte blanche")
    if item == "point":
        if role:
            return (
                _("Point of %(cards)s (%(value)s) — good", cards=detail["cards"], value=detail["value"])
                + against
                + "\n"
            )
        return _(
            "Point of %(cards)s (%(value)s) each: equal, nobody scores", cards=detail["cards"], value=detail["value"]
        )
    if item == "sequences":
        if role:
            listed = _listed(labels, detail["sequences"], "sequences")
            good = kit.i18n.markup_ngettext(
                "Sequence: %(what)s — good", "Sequences: %(what)s — good", len(detail["sequences"]), what=listed
            )
            return good + against + "\n"
        return _("Sequences: equal, %(what)s each — no sequence scores", what=_sequence(labels, detail["sequences"][0]))
    if item == "sets":
        return _("Sets: %(what)s — good", what=_listed(labels, detail["sets"], "sets")) + against
    if item == "repique":
        return _html(
            '<strong>%s</strong> <span class="muted">%s</span>', _("Repique!"), _("30 in combinations, the other on 0")
        )
    if item == "play":
        if "leads" in detail:
            words = _("Play:") + " " + kit.i18n.markup_ngettext("%(num)s lead", "%(num)s leads", detail["leads"])
            if detail["captures"]:
                words += ", " + kit.i18n.markup_ngettext("%(num)s capture", "%(num)s captures", detail["captures"])
            if detail["last_trick"]:
                words += ", " + _("the last trick")
        else:
            words = _("Play: points counted aloud")
        tricks = kit.i18n.markup_ngettext("(%(num)s trick)", "(%(num)s tricks)", detail["tricks"])
        return words + _html('  <span class="muted">%s</span>', tricks)
    if item == "pique":
        if detail.get("trick"):
            reached = _("30 reached at trick %(trick)s, the other on 0", trick=detail["trick"])
        else:
            reached = _("30 reached, the other on 0")
        return _html('<strong>%s</strong> <span class="muted">%s</span>', _("Pique!"), reached)
    if item == "capot":
        return _html('<strong>%s</strong> <span class="muted">%s</span>', _("Capot!"), _("all 12 tricks"))
    if item == "cards":
        if role:
            tricks = kit.i18n.markup_ngettext("(%(num)s trick)", "(%(num)s tricks)", detail["tricks"])
            return _html('%s <span class="muted">%s</span>\n', _("The cards"), tricks)
        return _("The cards divided, 6 tricks each — nobody scores")
    return _html("%s", item)


def _points_cell(line: Mapping[str, Any], role: str) -> Markup:
    """What a line scored for ``role``: its points, those that counted beside those struck out, or none."""
    if line["role"] != role:
        return Markup("")
    points, counted = line["points"], line["counted"]
    if counted == points:
        return _html("%s", points)
    if counted:
        return _html('%s <s class="muted">%s</s>', counted, points)
    return _html('<s class="muted">%s</s>', points)


def next_panel(stored: Any, standings: Any) -> Markup:
    """``labels.html``'s ``next_panel``: the last deal's summary (made once per deal), the next deal's number and
    dealer, and what the deal is (``labels.html``'s ``deal_facts``, made once per language and what it says: the
    same every other deal). The page after each write shows a new one: written here, not by the macro (its
    call blocks made a macro of their bodies each time)."""
    coming, options = standings.next, stored.setup.options
    facts, partie = coming.facts, options.get("partie")
    html: list[str] = []
    if standings.rounds:
        last = standings.rounds[-1]
        html.append(kit.round_kept("piquet-deal", last, lambda: deal_summary(last)))
    deal = facts["deal"]
    if partie == "cent":
        title = _("Deal %(number)s", number=deal)
    else:
        title = _("Deal %(number)s of %(total)s", number=deal, total=8 if deal > 6 else 6)
    dealer = _("%(name)s deals", name=coming.dealer)
    html += ('<h2 id="next-title">', title, "  · ", dealer, '</h2>\n<ul class="facts">\n')
    labels: Any = current_app.jinja_env.get_template("piquet/labels.html").module  # its macros
    key = (facts["elder"], facts["younger"], partie, options.get("target"), deal > 6)
    html += (kit.i18n.kept("piquet-deal", *key, caller=lambda: Markup(labels.deal_facts(coming, options))), "</ul>")
    return Markup("".join(html))  # every part markup already


bp.add_app_template_global(deal_summary, "piquet_deal_summary")
bp.add_app_template_global(next_panel, "piquet_next_panel")


# ---------------------------------------------------------------------------
# The round form's ways not chosen


def ways_file(language: str, options: Mapping[str, Any]) -> str:
    """The static file of every way of entering a deal (templates/piquet/ways.html), in that language, for a
    game with these options (a second carte blanche is one more box in the announcements)."""
    return f"piquet/ways{'-second-blanche' if options.get('second_blanche') else ''}.{language}.html"


@functools.cache
def _ways_html(language: str, second_blanche: bool) -> bytes:
    """The ways with nothing entered and the players' names left as {elder_name} and {younger_name}. Made once
    for the process: an app made again (the test suite makes one per test) has the same."""
    ways = current_app.jinja_env.get_template("piquet/ways.html").module
    way = {
        "names": {"elder": "{elder_name}", "younger": "{younger_name}"},
        "entered": {},
        "errors": {},
        "options": {"second_blanche": second_blanche, "target": None},
        "in_file": True,
    }
    with kit.i18n.speaking(language):
        return "\n".join(str(getattr(ways, made)(way)) for made in ("cards", "announced", "tricks", "totals")).encode()


def _make_ways_files(app: Flask) -> None:
    """At the app's first request (its template filters are all there then), before any page names them or
    the service worker lists the static files: static files, cached for good and kept by the service worker,
    which a round form's script asks for to show a way not chosen (static piquet/round.js)."""
    if ways_file(LANGUAGES[0], {}) in app.extensions["referee.static_versions"]:
        return
    kit.delivery.add_made_files(
        app,
        {
            ways_file(language, {"second_blanche": second_blanche}): _ways_html(language, second_blanche)
            for language in LANGUAGES
            for second_blanche in (False, True)
        },
    )


@bp.record_once
def _ways_files(state: BlueprintSetupState) -> None:
    app = state.app
    assert isinstance(app, Flask)
    app.jinja_env.globals["piquet_ways_file"] = ways_file
    app.before_request(functools.partial(_make_ways_files, app))
