"""A round entered on its form: the round page, and the answer to the form posted (saved, refused, stale).

Generic over the games: a game's parts (its round form, its words) come from its spec, looked
up in the app (:mod:`referee.installed`), so a game's own routes can save a round through the
web kit (:mod:`.kit`) without this module importing any game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from .. import gamestate, store
from ..db import get_db
from ..forms import CsrfForm, field_errors
from ..games.base import Invalid, Next
from ..games.fields import Labeller, RoundForm, form_command, posted_count, round_label
from ..installed import spec_of
from . import background, rendering
from .access import acting_book_id, game_or_404

# A round form's answer: a redirect, the page (with its status), or JSON when sent in the background.
RoundAnswer = Response | tuple[str, int] | background.Answer | str


def round_page(
    stored: store.StoredGame,
    number: int,
    values: MultiDict[str, str] | dict[str, str],
    errors: dict[str, list[str]] | None = None,
    **extra: Any,
) -> tuple[str, int] | str:
    """``round.html`` for round ``number`` of the game, with the form's ``values`` (422 with ``errors``).

    ``extra`` goes to the template as is (Queenie's play-along passes the deal it filled the form from).
    """
    page = _round_html(stored, number, values, errors or {}, form=CsrfForm(), **extra)
    return (page, 422) if errors else page


def opened_round_page(stored: store.StoredGame, number: int, values: Callable[[], Mapping[str, str]]) -> str:
    """``round.html`` for round ``number`` as it opens (its ``values`` made only if the page is not kept:
    :func:`referee.views.rendering.opened_form`)."""

    def render(marks: Mapping[str, Any]) -> str:
        if not marks:  # for this phone alone
            return _round_html(stored, number, values(), {}, form=CsrfForm())
        # Kept, with the marks in place of this phone's CSRF field: no form made for nothing (some 0.2 ms).
        return rendering.framed_form(_round_values(stored, number, values(), {}, **marks))

    return rendering.opened_form(stored.id, stored.version, number, render)


def _round_html(
    stored: store.StoredGame, number: int, values: Mapping[str, str], errors: dict[str, list[str]], **context: Any
) -> str:
    return render_template("round.html", **_round_values(stored, number, values, errors, **context))


def _round_values(
    stored: store.StoredGame, number: int, values: Mapping[str, str], errors: dict[str, list[str]], **context: Any
) -> dict[str, Any]:
    return {
        "stored": stored,
        "spec": spec_of(stored.game),
        "standings": gamestate.standings_before(stored, number),
        "number": number,
        "editing": number <= len(stored.inputs),
        "values": values,
        "errors": errors,
        **context,
    }


def new_round_values(stored: store.StoredGame) -> dict[str, str]:
    """The next round's form as it opens: the round form's defaults, and what was announced for the round
    (the announce form names its fields as the round form does)."""
    spec = spec_of(stored.game)
    entered = stored.standings().next
    values = spec.round_form.values(stored.setup, None, entered)
    if spec.announce_form is not None and stored.announced:
        values.update(spec.announce_form.values(stored.setup, stored.announced, entered))
    return values


def stored_round_values(stored: store.StoredGame, number: int) -> dict[str, str]:
    """The correction form of round ``number`` as it opens: the round as stored."""
    entered = round_entered(stored, number)
    return spec_of(stored.game).round_form.values(stored.setup, stored.inputs[number - 1], entered)


def round_entered(stored: store.StoredGame, number: int) -> Next | None:
    """Round ``number`` as the rules see it before it is played (its dealer, the game's own facts):
    what the round form is given of the round it enters."""
    return gamestate.standings_before(stored, number).next


def save_round(stored: store.StoredGame, number: int, editing: bool) -> RoundAnswer:
    """The round form posted for round ``number`` (``editing``: a correction): stored, refused or stale.

    A press of a count's button (``adjust``) only shows the form again with that count changed.
    """
    if not CsrfForm().validate_on_submit():
        abort(400)
    entered = round_entered(stored, number)
    if "adjust" in request.form:
        values = MultiDict(request.form)
        form_command(spec_of(stored.game).round_form, values, request.form["adjust"], stored.setup, entered)
        return round_page(stored, number, values)
    try:
        raw = spec_of(stored.game).round_form.to_input(request.form, stored.setup, entered)
        _refuse_unfinished_form(stored, number, raw)
        _write(stored, number, raw, editing)
    except Invalid as error:
        return _refused(stored, number, error)
    except store.Delivered as known:
        return background.delivered_answer(stored, known.delivery)
    except store.Stale as error:
        if background.sent_in_background():
            return background.conflict_answer(error.current, number, raw, error.problem.render(gettext))
        return _stale_round_page(error.current, number)
    except store.Conflict as error:
        return _not_written(stored, number, raw, error.problem.render(gettext))
    except store.NotFound:
        return _not_written(stored, number, raw, spec_of(stored.game).words(gettext, "undone_elsewhere", number))
    if background.sent_in_background():
        return background.stored_answer(stored.id)
    return _to_table(stored.id)


def _write(stored: store.StoredGame, number: int, raw: Any, editing: bool) -> None:
    """Add round ``number``, or correct it (saying so, and whether the correction reopens the game).

    A new round the phone edited in its queue corrects the earlier version the game received, if any.
    """
    submission = background.submission()
    earlier = None if editing else background.earlier_version(stored)
    version = posted_version()
    if earlier is not None:
        if earlier.fate == "undone":
            raise store.Delivered(earlier)
        number, version = earlier.number, stored.version
    elif not editing:
        store.add_round(get_db(), stored.id, raw, number, book=acting_book_id(), submission=submission)
        return
    corrected = store.replace_round(
        get_db(), stored.id, number, raw, book=acting_book_id(), version=version, submission=submission
    )
    flash(spec_of(stored.game).words(gettext, "corrected", number))
    if stored.standings().finished and not corrected.standings().finished:
        flash(gettext("This correction reopens the game: nobody has won yet, so play goes on."), "warning")


def _refused(stored: store.StoredGame, number: int, error: Invalid) -> RoundAnswer:
    """The form again with the rules' problems at their fields (422), or them in JSON. A correction that
    ends the game before a later round offers to undo the last round (the way out it advises)."""
    waiting = spec_of(stored.game).round_form.waiting(request.form, stored.setup, round_entered(stored, number))
    problems = [problem for problem in error.problems if problem.field not in waiting] or error.problems
    errors = field_errors(problems, _round_label(stored, number), stored.setup.players)
    if background.sent_in_background():
        return background.refused_answer(errors)
    offer_undo = isinstance(error, store.EndsBefore)
    return round_page(stored, number, MultiDict(request.form), errors, offer_undo=offer_undo)


def _not_written(stored: store.StoredGame, number: int, raw: Any, message: str) -> RoundAnswer:
    """The round no longer fits the game as stored (finished, recorded meanwhile, undone): nothing saved."""
    if background.sent_in_background():
        return background.conflict_answer(game_or_404(stored.id), number, raw, message)
    flash(message, "warning")
    return _to_table(stored.id)


def _to_table(game_id: str) -> Response:
    return redirect(url_for("tables.table", game_id=game_id), 303)


def _round_label(stored: store.StoredGame, number: int) -> Labeller:
    """The round form's fields in words, for the refusals: "Bruno", "Who went out"."""
    return round_label(spec_of(stored.game).round_form, stored.setup, round_entered(stored, number))


def _refuse_unfinished_form(stored: store.StoredGame, number: int, raw: Any) -> None:
    """Refuse a form left unfinished where the rules cannot see it (Queenie's "who went out" not
    chosen), together with whatever the rules refuse in the same round."""
    spec = spec_of(stored.game)
    problems = spec.round_form.problems(request.form, stored.setup, round_entered(stored, number))
    if not problems:
        return
    try:
        gamestate.check(stored, number, raw)
    except Invalid as error:
        fields = {problem.field for problem in problems}
        problems += [problem for problem in error.problems if problem.field not in fields]
    raise Invalid(problems)


def posted_version() -> int | None:
    """The game's version a correction or undo form was shown at (none posted: no check; garbage: stale)."""
    if "version" not in request.form:
        return None
    return posted_count(request.form["version"], -1)


def _stale_round_page(current: store.StoredGame, number: int) -> Response | tuple[str, int]:
    """A correction from a page older than the game: nothing saved; the round as stored now (409)."""
    if number > len(current.inputs):
        flash(spec_of(current.game).words(gettext, "undone_elsewhere", number), "warning")
        return _to_table(current.id)
    flash(
        gettext(
            "This game was changed on another phone after you opened this page. Nothing was saved: "
            "here is the round as it is now. Correct it again if you still need to."
        ),
        "warning",
    )
    page = round_page(current, number, stored_round_values(current, number))
    return (page if isinstance(page, str) else page[0]), 409


# ---------------------------------------------------------------------------
# The part of the next round announced before its play (bids, a contract): a step of its own, saved with
# the game so that every phone sees it during the play (referee.games.spec.GameSpec.announce_form).


def announce_form_of(stored: store.StoredGame) -> RoundForm:
    """The game's announce form (404 for a game without an announced part)."""
    form = spec_of(stored.game).announce_form
    if form is None:
        abort(404)
    return form


def announce_page(
    stored: store.StoredGame, values: Mapping[str, str] | None = None, errors: dict[str, list[str]] | None = None
) -> tuple[str, int] | str:
    """``announce.html`` for the next round: the stored announcement (or the posted ``values``), 422 with ``errors``."""
    entered = stored.standings().next
    if values is None:
        values = announce_form_of(stored).values(stored.setup, stored.announced, entered)
    page = render_template(
        "announce.html",
        stored=stored,
        spec=spec_of(stored.game),
        standings=stored.standings(),
        number=len(stored.inputs) + 1,
        values=values,
        errors=errors or {},
        form=CsrfForm(),
    )
    return (page, 422) if errors else page


def save_announcement(stored: store.StoredGame) -> Response | tuple[str, int] | str:
    """The announce form posted: a part added to what is stored (or all of it cleared), refused, or too late."""
    if not CsrfForm().validate_on_submit():
        abort(400)
    form = announce_form_of(stored)
    entered = stored.standings().next
    if "adjust" in request.form:
        values = MultiDict(request.form)
        form_command(form, values, request.form["adjust"], stored.setup, entered)
        return announce_page(stored, values)
    try:
        if "clear" in request.form:
            store.clear_announced(get_db(), stored.id)
        else:
            raw = form.to_input(request.form, stored.setup, entered)
            store.announce(get_db(), stored.id, raw, posted_count(request.form.get("number")))
    except Invalid as error:
        label = round_label(form, stored.setup, entered)
        errors = field_errors(error.problems, label, stored.setup.players)
        return announce_page(stored, MultiDict(request.form), errors)
    except store.Conflict as error:
        flash(error.problem.render(gettext), "warning")
    return _to_table(stored.id)
