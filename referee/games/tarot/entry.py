"""A Tarot deal as the table enters it, checked and put in canonical form (``shared/rules/tarot.md``,
"Entering a deal" and "Validation").

Checked in two steps: each field by itself (a player of the game, a contract, a number of points), then
what the fields say together (points the bouts make impossible, a chelem that leaves the defence more
than the Excuse, poignées needing more trumps than exist, a pile no deal can give). Every refusal names
its field, and the player when it is about one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..base import N_, Invalid, Problem, Setup, invalid, only_fields, player_name
from . import deck, table
from .scoring import MULTIPLIERS, POUSSE_MULTIPLIERS

PLAYED_FIELDS = (
    "taker",
    "contract",
    "called",
    "partner",
    "points",
    "defence_points",
    "bouts",
    "cards",
    "petit_au_bout",
    "poignees",
    "chelem",
    "miseres",
)
FIELDS = ("passed", "petit_sec", *PLAYED_FIELDS)
ROUTES = ("points", "defence_points", "cards")
SIDES = ("attack", "defence")
SIZES = ("simple", "double", "triple")
KINDS = ("trumps", "heads")
CALLABLE_RANKS = "KQNJ"
CONTRACT_WORDS = {"petite": "prise"}
NO_CHELEM = {"announced": False, "made": None}

_SITS_OUT = N_("%(name)s deals this deal and sits it out.")


def _problems(*checks: Callable[[], Any]) -> list[Problem]:
    """Run each check, gathering what they refuse."""
    found: list[Problem] = []
    for check in checks:
        try:
            check()
        except Invalid as error:
            found.extend(error.problems)
    return found


def in_deal(setup: Setup, dealer: int, value: Any, field_name: str) -> str:
    """A player who plays this deal (not a dealer sitting it out)."""
    name = player_name(setup, value, field_name)
    assert name is not None
    if name == table.sitting_out(setup, dealer):
        raise invalid(field_name, _SITS_OUT, name=name)
    return name


def _known(raw: Any, allowed: tuple[str, ...], where: str) -> dict[str, Any]:
    """An object inside the deal (``chelem``, a poignée) with only the fields ``allowed``."""
    if not isinstance(raw, dict):
        raise invalid(where, N_("Give an object of fields here."))
    unknown = [str(name)[:40] for name in raw if name not in allowed]
    if unknown:
        raise Invalid([Problem(f"{where}.{name}", N_("Unknown field %(name)s."), {"name": name}) for name in unknown])
    return raw


def given(raw: Any) -> dict[str, Any]:
    """The deal's fields, unknown names refused; ``null`` is the same as leaving a field out (but a
    partner: at five, ``null`` says the called card was in the chien)."""
    fields = only_fields(raw, FIELDS)
    present = {name: value for name, value in fields.items() if value is not None or name == "partner"}
    if present.get("passed") is False:
        del present["passed"]
    return present


def check_passed(setup: Setup, dealer: int, fields: Mapping[str, Any]) -> dict[str, Any]:
    """A passed deal: ``{"passed": true}``, naming the player with the petit sec if wished."""
    if fields["passed"] is not True:
        raise invalid("passed", N_("Passed is true (everybody passed) or left out."))
    problems = [
        Problem(name, N_("A passed deal has nothing else to enter (only who had the petit sec)."))
        for name in fields
        if name not in ("passed", "petit_sec") and fields[name] is not None
    ]
    if problems:
        raise Invalid(problems)
    if "petit_sec" not in fields:
        return {"passed": True}
    return {"passed": True, "petit_sec": in_deal(setup, dealer, fields["petit_sec"], "petit_sec")}


def contracts(setup: Setup) -> tuple[str, ...]:
    return tuple(POUSSE_MULTIPLIERS if setup.options["pousse"] else MULTIPLIERS)


def check_contract(setup: Setup, value: Any) -> str:
    if value is None or value == "":
        raise invalid("contract", N_("Choose the contract."))
    name = CONTRACT_WORDS.get(value, value) if isinstance(value, str) else value
    if name in contracts(setup):
        return str(name)
    if name == "pousse":
        raise invalid("contract", N_("A pousse is bid only with the pousse option."))
    raise invalid("contract", N_("%(value)s is not a contract of this game."), value=str(value)[:40])


def check_called(setup: Setup, value: Any) -> str:
    """The called card: a king of a suit, or a queen, knight or jack (for a taker holding every higher card)."""
    if not table.called_king(setup):
        raise invalid("called", N_("A card is called only at five players, with the called king."))
    card = deck.parse_card(value) if isinstance(value, str) else None
    if card not in deck.SUIT_CARDS or card[0] not in CALLABLE_RANKS:
        raise invalid("called", N_("The called card is a king, or a queen, knight or jack of a suit."))
    return card


def check_taker(setup: Setup, dealer: int, value: Any) -> str:
    if value is None or value == "":
        raise invalid("taker", N_("Choose the taker."))
    return in_deal(setup, dealer, value, "taker")


def _partner(setup: Setup, fields: Mapping[str, Any]) -> str | None:
    """At five with the called king, who held the called card: a player, the taker (alone), or None
    (in the chien: alone too). Refused anywhere else."""
    if not table.called_king(setup):
        if fields.get("partner") is not None:
            raise invalid("partner", N_("A partner is called only at five players, with the called king."))
        return None
    if "partner" not in fields:
        raise invalid("partner", N_("Say who held the called card: a player, the taker, or nobody (in the chien)."))
    if fields["partner"] is None:
        return None
    return player_name(setup, fields["partner"], "partner")


def half_points(value: Any, field_name: str) -> int:
    """Points as half points: a JSON number from 0 to 91 in steps of 0.5."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise invalid(field_name, N_("Enter the points as a number, for example 43.5."))
    if not 0 <= value <= deck.PACK_HALF_POINTS / 2:
        raise invalid(field_name, N_("Points go from 0 to 91."))
    if value * 2 != int(value * 2):
        raise invalid(field_name, N_("Points are whole or half points (43.5, not 43.25)."))
    return int(value * 2)


def number(half: int) -> int | float:
    """Half points as the API writes points: 43 or 43.5."""
    return half // 2 if half % 2 == 0 else half / 2


def check_bouts(value: Any) -> int:
    if value is None:
        raise invalid("bouts", N_("Give the attack's bouts (0 to 3)."))
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise invalid("bouts", N_("The bouts are a whole number from 0 to 3."))
    return value


def _objects(items: Any, where: str, keys: tuple[str, ...]) -> list[dict[str, Any]]:
    """A list of objects with only ``keys``."""
    if not isinstance(items, list):
        raise invalid(where, N_("Give a list here."))
    return [_known(item, keys, f"{where}.{index}") for index, item in enumerate(items)]


@dataclass(frozen=True)
class _Declared:
    """A list of what players declared in a deal (poignées, misères): each ``{"player", <key>}``."""

    field: str
    key: str
    kinds: tuple[str, ...]
    wrong_kind: str
    twice: str
    once_per_player: bool  # a poignée each at most; a misère of each kind


_POIGNEES = _Declared(
    "poignees",
    "size",
    SIZES,
    N_("%(name)s's poignée is simple, double or triple."),
    N_("%(name)s shows one poignée at most."),
    once_per_player=True,
)
_MISERES = _Declared(
    "miseres",
    "kind",
    KINDS,
    N_("%(name)s's misère is of trumps or of heads."),
    N_("%(name)s's misère is listed twice."),
    once_per_player=False,
)


def _declarations(setup: Setup, dealer: int, value: Any, declared: _Declared) -> list[dict[str, str]]:
    """Each declaration: a player of the deal and a kind, none twice; in seat order, then the kinds' order."""
    found: list[tuple[str, str]] = []
    problems: list[Problem] = []
    for index, item in enumerate(_objects(value, declared.field, ("player", declared.key))):
        where = f"{declared.field}.{index}"
        try:
            player = in_deal(setup, dealer, item.get("player"), f"{where}.player")
        except Invalid as error:
            problems.extend(error.problems)
            continue
        kind = item.get(declared.key)
        if kind not in declared.kinds:
            problems.append(Problem(f"{where}.{declared.key}", declared.wrong_kind, {"name": player}))
        elif (player, kind) in found or (declared.once_per_player and player in dict(found)):
            problems.append(Problem(where, declared.twice, {"name": player}))
        else:
            found.append((player, kind))
    if problems:
        raise Invalid(problems)
    return [
        {"player": player, declared.key: kind}
        for player in setup.players
        for kind in declared.kinds
        if (player, kind) in found
    ]


def check_poignees(setup: Setup, dealer: int, value: Any) -> list[dict[str, str]]:
    """Each poignée shown: a player of the deal and a size, a player once."""
    return _declarations(setup, dealer, value, _POIGNEES)


def check_miseres(setup: Setup, dealer: int, value: Any) -> list[dict[str, str]]:
    """Each misère declared, with the option: a player of the deal and a kind, the same one once."""
    if setup.options["misere"] == "off":
        if value:
            raise invalid("miseres", N_("Misères are not played in this game."))
        return []
    return _declarations(setup, dealer, value, _MISERES)


def check_chelem(value: Any) -> dict[str, Any]:
    fields = _known(value, ("announced", "made"), "chelem")
    announced = fields.get("announced", False)
    made = fields.get("made")
    if not isinstance(announced, bool):
        raise invalid("chelem.announced", N_("Announced is true or false."))
    if made is not None and made not in SIDES:
        raise invalid("chelem.made", N_("Made is the attack, the defence, or null."))
    return {"announced": announced, "made": made}


def check_side(value: Any) -> str | None:
    if value is not None and value not in SIDES:
        raise invalid("petit_au_bout", N_("Petit au bout goes to the attack, the defence, or nobody (null)."))
    return value


def _route(fields: Mapping[str, Any]) -> str:
    """Which of the attack's points, the defence's points or the attack's cards the deal gives."""
    routes = [route for route in ROUTES if route in fields]
    if not routes:
        raise invalid("points", N_("Give the attack's points, the defence's points or the attack's cards."))
    if len(routes) > 1:
        raise invalid(
            routes[0], N_("Give only one of the attack's points, the defence's points and the attack's cards.")
        )
    return routes[0]


def _counted(fields: Mapping[str, Any], route: str) -> tuple[int, int, list[str] | None]:
    """The attack's half points, its bouts, and its pile (None unless the cards were given)."""
    if route == "cards":
        piles: list[list[str]] = []
        problems = _problems(lambda: piles.append(deck.parse_pile(fields["cards"], "cards")))
        if "bouts" in fields:
            problems.append(Problem("bouts", N_("The bouts are counted from the cards: leave them out.")))
        if problems:
            raise Invalid(problems)
        points, bouts = deck.counted(piles[0])
        return points, bouts, piles[0]
    found: list[int] = []
    problems = _problems(
        lambda: found.append(half_points(fields[route], route)), lambda: found.append(check_bouts(fields.get("bouts")))
    )
    if problems:
        raise Invalid(problems)
    points, bouts = found
    return (points if route == "points" else deck.PACK_HALF_POINTS - points), bouts, None


def check_played(setup: Setup, dealer: int, fields: Mapping[str, Any]) -> dict[str, Any]:
    """A played deal in canonical form, every field checked alone, then together (:func:`combined`)."""
    checked: dict[str, Any] = {}

    def keep(name: str, check: Callable[[], Any]) -> Callable[[], None]:
        def run() -> None:
            checked[name] = check()

        return run

    steps = [
        keep("taker", lambda: check_taker(setup, dealer, fields.get("taker"))),
        keep("contract", lambda: check_contract(setup, fields.get("contract"))),
        keep("partner", lambda: _partner(setup, fields)),
        keep("counted", lambda: _counted(fields, _route(fields))),
        keep("petit_au_bout", lambda: check_side(fields.get("petit_au_bout"))),
        keep("poignees", lambda: check_poignees(setup, dealer, fields.get("poignees", []))),
        keep("chelem", lambda: check_chelem(fields.get("chelem", NO_CHELEM))),
        keep("miseres", lambda: check_miseres(setup, dealer, fields.get("miseres", []))),
    ]
    if "called" in fields:
        steps.append(keep("called", lambda: check_called(setup, fields["called"])))
    problems = _problems(*steps)
    if problems:
        raise Invalid(problems)
    route = _route(fields)
    points, bouts, pile = checked.pop("counted")
    deal = {
        "taker": checked["taker"],
        "contract": checked["contract"],
        **({"called": checked["called"]} if "called" in checked else {}),
        **({"partner": checked["partner"]} if table.called_king(setup) else {}),
        **(
            {"cards": " ".join(pile)}
            if pile is not None
            else {route: number(half_points(fields[route], route)), "bouts": bouts}
        ),
        "petit_au_bout": checked["petit_au_bout"],
        "poignees": checked["poignees"],
        "chelem": checked["chelem"],
        **({"miseres": checked["miseres"]} if setup.options["misere"] != "off" else {}),
    }
    problems = combined(setup, deal, route, points, bouts, pile)
    if problems:
        raise Invalid(problems)
    return deal


def counted_points(deal: Mapping[str, Any]) -> tuple[int, int]:
    """A checked deal's attack half points and bouts, from whichever route it was entered by."""
    if "cards" in deal:
        return deck.counted(deal["cards"].split())
    if "defence_points" in deal:
        return deck.PACK_HALF_POINTS - int(deal["defence_points"] * 2), deal["bouts"]
    return int(deal["points"] * 2), deal["bouts"]


def _bounds(bouts: int, made: str | None) -> tuple[int, int]:
    """The least and most half points the attack can have with its bouts: its bouts are worth 4.5 each,
    the defence's keep 4.5 each away. In a chelem, an Excuse kept by the side without a trick counts 4."""
    least = deck.BOUT_HALF_POINTS * bouts
    most = deck.PACK_HALF_POINTS - deck.BOUT_HALF_POINTS * (3 - bouts)
    if made == "attack":
        most += 1
    if made == "defence" and bouts:
        least -= 1
    return least, most


# The points the bouts allow, by the attack's bouts: at least (its bouts alone), at most (the defence's bouts aside).
_AT_LEAST = {
    1: N_("With 1 bout the attack has at least %(least)s points (its bout alone)."),
    2: N_("With %(bouts)s bouts the attack has at least %(least)s points (its bouts alone)."),
    3: N_("With %(bouts)s bouts the attack has at least %(least)s points (its bouts alone)."),
}
_AT_MOST = {
    0: N_("With no bout the attack has at most %(most)s points."),
    1: N_("With 1 bout the attack has at most %(most)s points."),
    2: N_("With %(bouts)s bouts the attack has at most %(most)s points."),
}


def _points_problems(deal: Mapping[str, Any], route: str, points: int, bouts: int) -> list[Problem]:
    least, most = _bounds(bouts, deal["chelem"]["made"])
    params = {"bouts": bouts, "least": deck.Points(least), "most": deck.Points(most)}
    if points < least:
        return [Problem(route, _AT_LEAST[bouts], params)]
    if points > most:
        return [Problem(route, _AT_MOST[bouts], params)]
    return []


def _petit_problems(deal: Mapping[str, Any], bouts: int, pile: list[str] | None) -> list[Problem]:
    side = deal["petit_au_bout"]
    holds = (deck.PETIT in pile) if pile is not None else None
    if side == "attack" and (bouts == 0 or holds is False):
        return [
            Problem("petit_au_bout", N_("The Petit is not in the attack's pile: petit au bout cannot be the attack's."))
        ]
    if side == "defence" and (bouts == 3 or holds is True):
        return [
            Problem("petit_au_bout", N_("The Petit is in the attack's pile: petit au bout cannot be the defence's."))
        ]
    return []


def _chelem_problems(deal: Mapping[str, Any], points: int, bouts: int) -> list[Problem]:
    made, side = deal["chelem"]["made"], deal["petit_au_bout"]
    problems: list[Problem] = []
    if made == "attack" and deal["contract"] != "garde_contre":
        if points < deck.PACK_HALF_POINTS - deck.BOUT_HALF_POINTS:
            problems.append(
                Problem("chelem", N_("An attack chelem leaves the defence at most the Excuse: 86.5 points at least."))
            )
        if bouts < 2:
            problems.append(
                Problem(
                    "chelem", N_("An attack chelem holds at least two bouts: the 21 and the Petit are never discarded.")
                )
            )
    if side is not None and made is not None and side != made:
        problems.append(
            Problem("chelem", N_("The side that took every trick took the last one too: petit au bout is theirs."))
        )
    return problems


def _poignee_problems(setup: Setup, deal: Mapping[str, Any]) -> list[Problem]:
    sizes = table.deal_of(setup).poignees
    needed = sum(sizes[poignee["size"]] for poignee in deal["poignees"])
    if needed > table.TRUMPS_AND_EXCUSE:
        return [
            Problem(
                "poignees",
                N_("These poignées need %(count)s trumps; there are 22 (21 trumps and the Excuse)."),
                {"count": needed},
            )
        ]
    return []


def _misere_problems(deal: Mapping[str, Any]) -> list[Problem]:
    showed = {poignee["player"] for poignee in deal["poignees"]}
    return [
        Problem(
            "miseres", N_("%(name)s showed a poignée, so held trumps: no misère of trumps."), {"name": misere["player"]}
        )
        for misere in deal.get("miseres", ())
        if misere["kind"] == "trumps" and misere["player"] in showed
    ]


def _pile_problems(setup: Setup, deal: Mapping[str, Any], pile: list[str]) -> list[Problem]:
    """A pile no deal can give, or one that says otherwise than ``chelem.made`` who took every trick."""
    players = 4 if table.sits_out(setup) else len(setup.players)
    chien = table.deal_of(setup).chien
    own = 0 if deal["contract"] == "garde_contre" else chien  # the écart or chien counted for the attack
    every = len(deck.DECK) - (chien if deal["contract"] == "garde_contre" else 0)
    count, excuse = len(pile), deck.EXCUSE in pile
    attack_chelem = count == every or (count == every - 1 and not excuse)
    defence_chelem = count == own or (count == own + 1 and excuse)
    if not (attack_chelem or defence_chelem or (count >= own and (count - own) % players == 0)):
        return [
            Problem(
                "cards",
                N_(
                    "%(count)s cards: this pile holds %(own)s plus a multiple of %(players)s (the tricks won, with"
                    " the écart or the chien when it counts for the attack)."
                ),
                {"count": count, "own": own, "players": players},
            )
        ]
    made = deal["chelem"]["made"]
    if attack_chelem != (made == "attack"):
        message = (
            N_("The attack's pile holds every trick: say that the attack made a chelem.")
            if attack_chelem
            else N_("The attack's pile does not hold every trick: the attack made no chelem.")
        )
        return [Problem("chelem", message)]
    if defence_chelem != (made == "defence"):
        message = (
            N_("The attack's pile holds no trick: say that the defence made a chelem.")
            if defence_chelem
            else N_("The attack's pile holds a trick: the defence made no chelem.")
        )
        return [Problem("chelem", message)]
    return []


def combined(
    setup: Setup, deal: Mapping[str, Any], route: str, points: int, bouts: int, pile: list[str] | None
) -> list[Problem]:
    """What the fields of a deal, each acceptable alone, cannot say together."""
    problems = [] if pile is not None else _points_problems(deal, route, points, bouts)
    problems += _petit_problems(deal, bouts, pile)
    problems += _poignee_problems(setup, deal)
    problems += _chelem_problems(deal, points, bouts)
    problems += _misere_problems(deal)
    if pile is not None:
        problems += _pile_problems(setup, deal, pile)
    return problems
