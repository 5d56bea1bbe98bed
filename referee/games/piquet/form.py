"""The Piquet deal form: the combinations by cards or as announced, the play by trick winners or totals.

Fields (roles are ``elder`` and ``younger``):

- ``combos``: ``cards`` or ``announced``; ``play``: ``tricks`` or ``totals``.
- ``<role>-blanche``: a carte blanche was dealt (both ways); ``<role>-second_blanche`` with that option.
- Cards: ``<role>-cards``, one checkbox per card (``AS``…), joined into the ``hands`` text.
- Announced: ``<role>-point-cards``, ``<role>-point-value``; ``<role>-seq-<i>`` (length and top, ``5A``);
  ``<role>-set-<i>`` (count and rank, ``4T``), for i in 0..2.
- Tricks: ``trick-1``…``trick-12`` (``E``/``Y``). Totals: ``<role>-play``, ``<role>-tricks``, ``pique``
  (``yes``/``no``) and, au cent, ``first`` (a role).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import N_, Next, Setup
from ..fields import Label, RoundForm, form_number

ROLES = ("elder", "younger")
ROWS = 4  # four tierces or four trios fit in 12 cards
TRICKS = 12
CHECKED = ("on", "1", "true", "yes")
_LABELS: dict[str, tuple[str, dict[str, Any]]] = {
    "hands": (N_("The cards after the exchange"), {}),
    "blanche": (N_("Carte blanche dealt"), {}),
    "declarations": (N_("What was announced"), {}),
    "trick_winners": (N_("Who won each trick"), {}),
    "play": (N_("The play, as counted aloud"), {}),
    "tricks": (N_("The play, as counted aloud"), {}),
    "pique": (N_("Pique"), {}),
    "first": (N_("Who reached the target first"), {}),
}
_ROLE_LABELS = {
    "hands": N_("Cards of %(name)s"),
    "declarations": N_("What %(name)s announced"),
    "play": N_("Play points of %(name)s"),
    "tricks": N_("Tricks of %(name)s"),
}


def _checked(form: Mapping[str, str], name: str) -> bool:
    return form.get(name) in CHECKED


def _cards(form: Mapping[str, str], name: str) -> str:
    """The ticked cards of one hand, as the text the rules read."""
    getlist = getattr(form, "getlist", None)
    chosen = getlist(name) if getlist is not None else (form.get(name) or "").split()
    return " ".join(chosen)


def _pair(value: str | None) -> tuple[int, str] | None:
    """A posted ``5A`` (length or count, then rank) as (5, "A"); anything else None."""
    if value and len(value) == 2 and value[0] in "0123456789":
        return int(value[0]), value[1]
    return None


def _declaration(form: Mapping[str, str], setup: Setup, role: str) -> dict[str, Any]:
    cards = form_number(form.get(f"{role}-point-cards"))
    value = form_number(form.get(f"{role}-point-value"))
    point = None if cards is None and value is None else {"cards": cards, "value": value}
    sequences = []
    sets = []
    for row in range(ROWS):
        run = _pair(form.get(f"{role}-seq-{row}"))
        if run is not None:
            sequences.append({"length": run[0], "top": run[1]})
        group = _pair(form.get(f"{role}-set-{row}"))
        if group is not None:
            sets.append({"rank": group[1], "count": group[0]})
    declaration: dict[str, Any] = {
        "blanche": _checked(form, f"{role}-blanche"),
        "point": point,
        "sequences": sequences,
        "sets": sets,
    }
    if setup.options["second_blanche"]:
        declaration["second_blanche"] = _checked(form, f"{role}-second_blanche")
    return declaration


def _totals(form: Mapping[str, str]) -> dict[str, Any]:
    play = {role: form_number(form.get(f"{role}-play")) for role in ROLES}
    tricks = {role: form_number(form.get(f"{role}-tricks")) for role in ROLES}
    # One player's tricks left blank: they won the rest of the 12.
    blanks = [role for role in ROLES if tricks[role] is None]
    typed = [count for count in tricks.values() if isinstance(count, int)]
    if len(blanks) == 1 and len(typed) == 1 and 0 <= typed[0] <= TRICKS:
        tricks[blanks[0]] = TRICKS - typed[0]
    entry: dict[str, Any] = {"play": play, "tricks": tricks}
    if form.get("pique") in ("yes", "no"):
        entry["pique"] = form.get("pique") == "yes"
    if form.get("first") in ROLES:
        entry["first"] = form.get("first")
    return entry


@dataclass(frozen=True)
class PiquetRoundForm(RoundForm):
    """The two ways of entering the combinations and the two ways of entering the play."""

    def to_input(self, form: Mapping[str, str], setup: Setup, entered: Next | None) -> dict[str, Any]:
        round_input: dict[str, Any]
        if form.get("combos") == "announced":
            round_input = {"declarations": {role: _declaration(form, setup, role) for role in ROLES}}
        else:
            round_input = {
                "hands": {role: _cards(form, f"{role}-cards") for role in ROLES},
                "blanche": {role: _checked(form, f"{role}-blanche") for role in ROLES},
            }
        if form.get("play") == "totals" or setup.options["counting_cards_only"]:
            round_input.update(_totals(form))
        else:
            round_input["trick_winners"] = "".join(form.get(f"trick-{trick}", "") for trick in range(1, TRICKS + 1))
        return round_input

    def values(self, setup: Setup, round_input: Mapping[str, Any] | None, entered: Next | None) -> dict[str, str]:
        values = {"combos": "cards", "play": "totals" if setup.options["counting_cards_only"] else "tricks"}
        if round_input is None:
            return values
        if "declarations" in round_input:
            values["combos"] = "announced"
            for role, declared in round_input["declarations"].items():
                _declaration_values(values, role, declared)
        else:
            for role in ROLES:
                values[f"{role}-cards"] = round_input["hands"][role]
                if round_input.get("blanche", {}).get(role):
                    values[f"{role}-blanche"] = "on"
        if "trick_winners" in round_input:
            values["play"] = "tricks"
            for trick, letter in enumerate(round_input["trick_winners"], start=1):
                values[f"trick-{trick}"] = letter
        else:
            values["play"] = "totals"
            for role in ROLES:
                values[f"{role}-play"] = str(round_input["play"][role])
                values[f"{role}-tricks"] = str(round_input["tricks"][role])
            if "pique" in round_input:
                values["pique"] = "yes" if round_input["pique"] else "no"
            if "first" in round_input:
                values["first"] = round_input["first"]
        return values

    def label(self, field: str, setup: Setup, entered: Next | None) -> Label | None:
        """The deal's fields in words for the refusals: a role's field names the player ("Cards of Hugo")."""
        kind, _, rest = field.partition(".")
        role = rest.partition(".")[0]
        if role in ROLES and entered is not None:
            return _ROLE_LABELS.get(kind, "%(name)s"), {"name": entered.facts[role]}
        return _LABELS.get(field)


def _declaration_values(values: dict[str, str], role: str, declared: Mapping[str, Any]) -> None:
    if declared.get("blanche"):
        values[f"{role}-blanche"] = "on"
    if declared.get("second_blanche"):
        values[f"{role}-second_blanche"] = "on"
    point = declared.get("point")
    if point:
        values[f"{role}-point-cards"] = str(point["cards"])
        values[f"{role}-point-value"] = str(point["value"])
    for row, run in enumerate(declared.get("sequences", [])[:ROWS]):
        values[f"{role}-seq-{row}"] = f"{run['length']}{run['top']}"
    for row, group in enumerate(declared.get("sets", [])[:ROWS]):
        values[f"{role}-set-{row}"] = f"{group['count']}{group['rank']}"
