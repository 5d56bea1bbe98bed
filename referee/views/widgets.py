"""The round forms' steppers, count pickers and bids' chips, written in Python: the HTML of the macros of
``templates/widgets.html`` and of the bids' loops, a fraction of their time (a round form of Hearts or Spades
draws some sixty chips, and each form after a write is drawn anew). Without JavaScript every button posts its
adjustment (referee/games/fields.py adjust, within the form's limits); static/widgets.js does the same in the
page. Styled by static/counts.css.

Every value is escaped as ``{{ value }}`` escapes it (markup as it is): tests/test_widgets.py holds them to the
macros and loops they replaced, byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

_STEPPER = (
    '<div class="stepper">\n'
    '  <button class="step" name="adjust" value="%(field)s:-1" formaction="#row-%(field)s" aria-label="%(less)s">'
    "−</button>\n"
    '  <input id="%(field)s" name="%(field)s" inputmode="numeric" pattern="[0-9]*" maxlength="2" autocomplete="off"\n'
    '         value="%(value)s" placeholder="%(placeholder)s" aria-label="%(label)s" data-count>\n'
    '  <button class="step" name="adjust" value="%(field)s:+1" formaction="#row-%(field)s" aria-label="%(more)s">'
    "+</button>\n"
    "</div>"
)

_CHIP = '<button class="chip" name="adjust" value="%s:=%d" formaction="#row-%s" data-set="%d"%s>%d</button>'
_PRESSED = ' aria-pressed="true"'

_COUNT_ROW = (
    '<div class="player-entry" id="row-%(field)s" data-player-row>\n'
    '  <div class="player-head">\n'
    '    <span class="name">%(player)s</span>\n'
    "    %(stepper)s\n"
    "  </div>\n"
    '  <div class="chips" role="group" aria-label="%(label)s">\n'
    "%(chips)s  </div>\n"
    "%(below)s</div>\n"
)


def stepper(field: str, value: Any, label: Any, less: Any, more: Any, placeholder: Any = "") -> Markup:
    """A number with a − and a + beside it: each press posts "field:-1" or "field:+1" (static/widgets.js does it
    in the page, from 0 up to its count picker's total). The row's id (#row-<field>) is where the page comes
    back to after a press without JavaScript."""
    return Markup(
        _STEPPER
        % {
            "field": escape(field),
            "value": escape(value),
            "label": escape(label),
            "less": escape(less),
            "more": escape(more),
            "placeholder": escape(placeholder),
        }
    )


_BID_CHIP = (
    '      <button class="chip%s" name="adjust" value="%s:=%d" formaction="#row-%s" data-set="%d"%s%s>%s</button>\n'
)


def bid_chips(
    field: str, most: int, value: str, nil: Any = None, forbidden: int | None = None, forbidden_title: Any = ""
) -> Markup:
    """A chip per bid from 0 to ``most``, each on its line (inside the bid's row, after its stepper): 0 named
    ``nil`` if given (Spades), the ``forbidden`` bid greyed out and disabled with its ``forbidden_title``
    (Oh Hell's dealer on the hook). The one the field holds is pressed."""
    name = escape(field)
    chips = []
    for count in range(most + 1):
        named, barred = nil is not None and count == 0, count == forbidden
        chips.append(
            _BID_CHIP
            % (
                " nil" if named else " forbidden" if barred else "",
                name,
                count,
                name,
                count,
                _pressed(value, count),
                f' disabled title="{escape(forbidden_title)}"' if barred else "",
                escape(nil) if named else count,
            )
        )
    return Markup("".join(chips))


def _pressed(value: str, count: int) -> str:
    """A chip's mark when the field holds its count."""
    return _PRESSED if value == str(count) else ""


def count_row(
    field: str,
    player: str,
    total: int,
    values: Mapping[str, str],
    shown: Mapping[str, Any],
    label: Any,
    less: Any,
    more: Any,
    caller: Callable[[], str] | None = None,
) -> Markup:
    """One player's count (in a count picker, referee/games/counts.py CountPicker): a stepper and a chip per count
    from 0 to ``total``; what the caller of ``{% call count_row(…) %}`` adds (the game's own choices for that
    player) goes under it. ``shown`` is CountPicker.shown's answer."""
    value = values.get(field, "")
    name = escape(field)
    chips = "".join([_CHIP % (name, count, name, count, _pressed(value, count), count) for count in range(total + 1)])
    return Markup(
        _COUNT_ROW
        % {
            "field": name,
            "player": escape(player),
            "stepper": stepper(field, value, label, less, more, shown["filled"].get(field, "")),
            "label": escape(label),
            "chips": chips,
            "below": caller() if caller is not None else "",
        }
    )


_PICK = '<label class="pick%s"><input type="radio" name="%s" value="%s"%s><span>%s</span></label>'


def radio_pick(values: Mapping[str, str], name: str, value: Any, label: Any, extra_class: str = "") -> Markup:
    """A choice drawn as a tap target: a radio button of the field ``name`` and its ``label``, checked when the
    field holds ``value`` (Queenie's round form draws some sixty)."""
    return Markup(
        _PICK
        % (
            f" {escape(extra_class)}" if extra_class else "",
            escape(name),
            escape(value),
            " checked" if values.get(name) == str(value) else "",
            escape(label),
        )
    )


def field_messages(errors: Mapping[str, Sequence[Any]], name: str) -> Markup:
    """The templates' ``field_errors(errors, name)``: the messages of the field ``name`` (a form's refusals), each
    a paragraph, the first with the id the error summary links to (macros.html error_summary); none if the
    field has none."""
    messages = errors.get(name, [])
    if not messages:
        return Markup("")
    anchor = escape("error-" + name.replace(".", "-").replace(" ", "_"))
    first, *rest = messages
    return Markup(
        f'<p class="field-error" id="{anchor}">{escape(first)}</p>'
        + "".join([f'<p class="field-error">{escape(message)}</p>' for message in rest])
    )
