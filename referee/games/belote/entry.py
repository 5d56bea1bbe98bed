"""A deal as the table enters it, checked and put in canonical form (refusals name the field and the player).

A deal is ``{"passed": true}``, or the taker and the trumps (and in Coinche the contract and the coinche),
the card play as one team's card points or as the cards in one team's tricks, the capot, the belote and
the announcements. The canonical form keeps what was entered (the points of both teams, or the pile and
who took the last trick), so that a replay reads it without checking it again (:mod:`.scoring`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..base import N_, Invalid, Problem, Setup, invalid, player_name, whole_number
from ..cards import SUIT_SYMBOLS, Card, parse_cards
from .announcements import MOST_CARDS, Announcement, AnnouncementRefused, read
from .cards import ALL_TRUMPS, CARD_POINTS, NO_TRUMPS, PACK, TRICKS, is_suit
from .table import ROLES

BELOTE_FIELDS = ("passed", "taker", "trump", "points", "cards", "capot", "belote", "announcements")
COINCHE_FIELDS = ("contract", "coinche")
CONTRACTS = range(80, 651, 10)
CAPOT = "capot"
COINCHES = ("coinche", "surcoinche")
MOST_BELOTES = 4  # tout atout: one per suit
_SYMBOLS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_CAPOT_POINTS = (250, 252)


class _Problems:
    """The problems found so far in a deal, and each field's value once it is read."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def read(self, check: Callable[[], Any], default: Any = None) -> Any:
        try:
            return check()
        except Invalid as error:
            self.found.extend(error.problems)
            return default

    def add(self, field: str, message: str, **params: Any) -> None:
        self.found.append(Problem(field, message, params))


def check_deal(setup: Setup, raw: Any, coinche: bool) -> dict[str, Any]:
    """The deal in canonical form, or :class:`Invalid` with every problem found."""
    if not isinstance(raw, dict):
        raise invalid("input", N_("A deal must be an object of fields."))
    fields = dict(raw)
    if fields.get("passed") is False:
        del fields["passed"]
    _refuse_unknown(fields, coinche)
    if "passed" in fields:
        return _passed(fields)
    problems = _Problems()
    deal: dict[str, Any] = {"taker": problems.read(lambda: check_taker(setup, fields.get("taker")))}
    trump = problems.read(lambda: check_trump(setup, fields.get("trump"), coinche))
    deal["trump"] = trump
    if coinche:
        deal["contract"] = problems.read(lambda: check_contract(fields.get("contract")))
        deal["coinche"] = problems.read(lambda: check_coinche(fields.get("coinche")))
    play = _play(fields, trump, problems)
    if play is not None:
        deal.update(play)
    deal["belote"] = problems.read(lambda: _belote(setup, fields.get("belote"), trump))
    deal["announcements"] = problems.read(lambda: _announcements(setup, fields.get("announcements"), trump), [])
    if problems.found:
        raise Invalid(problems.found)
    _refuse_claims(setup, deal)
    return deal


def _refuse_unknown(fields: Mapping[str, Any], coinche: bool) -> None:
    allowed = BELOTE_FIELDS + (COINCHE_FIELDS if coinche else ())
    problems = []
    for name in fields:
        if name in allowed:
            continue
        where = str(name)[:40]
        if name in COINCHE_FIELDS:
            message = N_("Belote classique has no contract and no coinche: they belong to Coinche.")
            problems.append(Problem(where, message))
        else:
            problems.append(Problem(where, N_("Unknown field %(name)s."), {"name": where}))
    if problems:
        raise Invalid(problems)


def check_not_passed(value: Any) -> None:
    """``passed`` said before the play is true (nobody took) or false (taken back); anything else is refused."""
    if value is not False:
        raise invalid("passed", N_("A passed deal is entered as passed: true."))


def _passed(fields: Mapping[str, Any]) -> dict[str, Any]:
    if fields["passed"] is not True:
        raise invalid("passed", N_("A passed deal is entered as passed: true."))
    others = [name for name in fields if name != "passed"]
    if others:
        raise invalid(
            "passed", N_("A passed deal has nothing else to enter (not %(fields)s)."), fields=", ".join(others)
        )
    return {"passed": True}


def check_taker(setup: Setup, value: Any) -> str:
    return str(player_name(setup, value, "taker"))


def check_trump(setup: Setup, value: Any, coinche: bool) -> str:
    if value is None or value == "":
        raise invalid("trump", N_("Choose the trumps."))
    trump = _SYMBOLS.get(value, value) if isinstance(value, str) else value
    if isinstance(trump, str) and is_suit(trump):
        return trump
    if trump in (NO_TRUMPS, ALL_TRUMPS):
        if coinche and setup.options["sans_tout_atout"]:
            return str(trump)
        raise invalid("trump", N_("Sans atout and tout atout are not played in this game."))
    raise invalid("trump", N_("%(value)s is not a trump suit (S, H, D or C)."), value=str(value)[:20])


def check_contract(value: Any) -> int | str:
    if value == CAPOT:
        return CAPOT
    if value is None or value == "":
        raise invalid("contract", N_("Enter the contract: 80 to 650 in tens, or capot."))
    if isinstance(value, bool) or not isinstance(value, int) or value not in CONTRACTS:
        raise invalid(
            "contract", N_("%(value)s is not a contract: 80 to 650 in tens, or capot."), value=str(value)[:20]
        )
    return value


def check_coinche(value: Any) -> str | None:
    if value is None or value in COINCHES:
        return value
    raise invalid("coinche", N_("The coinche is none, coinche or surcoinche (not %(value)s)."), value=str(value)[:20])


# --- the card play ---------------------------------------------------------------------------------------


def _play(fields: Mapping[str, Any], trump: str | None, problems: _Problems) -> dict[str, Any] | None:
    """The card play: both teams' points and the capot, or one team's pile, who took the last trick and the capot."""
    capot = fields.get("capot", None)
    if capot is not None and not isinstance(capot, bool):
        problems.add("capot", N_("Capot is true or false."))
        return None
    given = [name for name in ("points", "cards") if name in fields]
    if len(given) != 1:
        message = (
            N_("Enter the card play once: as points or as cards, not both.")
            if given
            else N_("Enter the card play: one team's card points, or the cards in one team's tricks.")
        )
        problems.add("points", message)
        return None
    if given == ["points"]:
        return problems.read(lambda: _points(fields["points"], capot))
    if trump is not None and not is_suit(trump):
        problems.add("cards", N_("At sans atout and tout atout the deal is entered by points."))
        return None
    return problems.read(lambda: _cards(fields["cards"], capot))


def _points(value: Any, capot: bool | None) -> dict[str, Any]:
    if not isinstance(value, dict) or not value:
        raise invalid("points", N_("Give the card points of the takers or of the defenders."))
    problems = [
        Problem(f"points.{str(role)[:40]}", N_("%(value)s is neither takers nor defenders."), {"value": str(role)[:40]})
        for role in value
        if role not in ROLES
    ]
    points: dict[str, int] = {}
    for role in ROLES:
        if role not in value:
            continue
        where = f"points.{role}"
        try:
            points[role] = _card_points(value[role], where)
        except Invalid as error:
            problems.extend(error.problems)
    if problems:
        raise Invalid(problems)
    if len(points) == 2 and sum(points.values()) != CARD_POINTS:
        raise invalid(
            "points",
            N_("The two teams' card points must add up to 162 (they add up to %(total)s)."),
            total=sum(points.values()),
        )
    takers = points["takers"] if "takers" in points else CARD_POINTS - points["defenders"]
    both = {"takers": takers, "defenders": CARD_POINTS - takers}
    if capot and CARD_POINTS not in both.values():
        raise invalid("capot", N_("A capot is 162 card points for one team and 0 for the other."))
    return {"points": both, "capot": bool(capot)}


def _card_points(value: Any, where: str) -> int:
    if value in _CAPOT_POINTS and not isinstance(value, bool):
        raise invalid(
            where, N_("Enter a capot as 162 card points with capot ticked: the app counts the capot's points.")
        )
    points = whole_number(value, where, 0, CARD_POINTS)
    if points in (1, CARD_POINTS - 1):
        raise invalid(where, N_("No set of tricks is worth %(points)s card points."), points=points)
    return points


def _cards(value: Any, capot: bool | None) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise invalid(
            "cards", N_("Give the cards in the takers' or the defenders' tricks, and who took the last trick.")
        )
    problems = [
        Problem(f"cards.{str(key)[:40]}", N_("%(value)s is neither takers nor defenders."), {"value": str(key)[:40]})
        for key in value
        if key not in (*ROLES, "last_trick")
    ]
    piles = [role for role in ROLES if role in value]
    if len(piles) != 1:
        problems.append(Problem("cards", N_("Give the cards in one team's tricks: the takers' or the defenders'.")))
    last = value.get("last_trick")
    if last not in ROLES:
        problems.append(Problem("cards.last_trick", N_("Say who took the last trick: the takers or the defenders.")))
    if problems:
        raise Invalid(problems)
    (role,) = piles
    where = f"cards.{role}"
    pile = parse_cards(value[role], where, PACK)
    if len(pile) % 4:
        raise invalid(where, N_("%(count)s cards is not a number of tricks."), count=len(pile))
    if len(pile) == len(PACK) and last != role:
        raise invalid("cards.last_trick", N_("A team that took every card took the last trick."))
    if not pile and last == role:
        raise invalid("cards.last_trick", N_("A team that took no card did not take the last trick."))
    capot_shown = len(pile) in (0, len(PACK))
    if capot is not None and capot != capot_shown:
        if capot_shown:
            raise invalid("capot", N_("The pile shows a capot: one team took all %(tricks)s tricks."), tricks=TRICKS)
        raise invalid("capot", N_("The pile shows no capot: each team took a trick."))
    return {"cards": {role: " ".join(pile), "last_trick": last}, "capot": capot_shown}


# --- belote and announcements ------------------------------------------------------------------------------


def _belote(setup: Setup, value: Any, trump: str | None) -> str | list[str] | None:
    if value is None or value == "" or value == []:
        return [] if trump == ALL_TRUMPS else None
    if trump == NO_TRUMPS:
        raise invalid("belote", N_("There is no belote at sans atout."))
    if isinstance(value, list):
        if trump != ALL_TRUMPS:
            raise invalid("belote", N_("Only one player can have the belote, except at tout atout."))
        if len(value) > MOST_BELOTES:
            raise invalid("belote", N_("At most four belotes at tout atout, one per suit."))
        return [str(player_name(setup, name, "belote")) for name in value]
    holder = str(player_name(setup, value, "belote"))
    return [holder] if trump == ALL_TRUMPS else holder


def _announcements(setup: Setup, value: Any, trump: str | None) -> list[dict[str, str]]:
    if value is None or value == []:
        return []
    if not setup.options["announcements"]:
        raise invalid("announcements", N_("Announcements are not played in this game."))
    if not isinstance(value, list):
        raise invalid("announcements", N_("Announcements are a list of a player and their cards."))
    problems: list[Problem] = []
    checked = []
    for index, item in enumerate(value):
        where = f"announcements.{index}"
        if not isinstance(item, dict) or set(item) != {"player", "cards"}:
            problems.append(Problem(where, N_("An announcement is a player and their cards.")))
            continue
        try:
            player = str(player_name(setup, item["player"], f"{where}.player"))
            cards = parse_cards(item["cards"], f"{where}.cards", PACK)
            if trump is not None:
                read(player, cards, trump, f"{where}.cards")
        except Invalid as error:
            problems.extend(error.problems)
            continue
        except AnnouncementRefused as refused:
            problems.append(refused.problem)
            continue
        checked.append({"player": player, "cards": " ".join(cards)})
    if problems:
        raise Invalid(problems)
    return checked


def read_announcements(deal: Mapping[str, Any]) -> list[Announcement]:
    """The deal's announcements as the rules read them (each already checked)."""
    return [
        read(item["player"], item["cards"].split(), deal["trump"], "announcements") for item in deal["announcements"]
    ]


def belote_cards(deal: Mapping[str, Any]) -> dict[str, list[str]]:
    """The cards each belote claims, by player: the king and queen of trumps (none named at tout atout)."""
    holder = deal["belote"]
    if not isinstance(holder, str):
        return {}
    return {holder: ["K" + deal["trump"], "Q" + deal["trump"]]}


def _refuse_claims(setup: Setup, deal: Mapping[str, Any]) -> None:
    """One card, one claim: no card in two announcements, nor in an announcement of another player than the
    belote's; no player claiming more than a hand of cards."""
    announced: dict[str, list[str]] = {}  # card -> the players announcing it
    cards_of: dict[str, set[str]] = {player: set() for player in setup.players}
    for item in deal["announcements"]:
        for card in item["cards"].split():
            announced.setdefault(card, []).append(item["player"])
            cards_of[item["player"]].add(card)
    belotes = belote_cards(deal)
    for player, cards in belotes.items():
        cards_of[player].update(cards)
    problems = []
    for card, players in announced.items():
        others = [
            player for holder, cards in belotes.items() if card in cards for player in players if player != holder
        ]
        if len(players) > 1 or others:
            problems.append(Problem("announcements", N_("%(card)s is claimed twice."), {"card": Card(card)}))
    # At tout atout each belote is a king and a queen of a suit not named.
    extra = (
        {player: 2 * deal["belote"].count(player) for player in setup.players}
        if isinstance(deal["belote"], list)
        else {}
    )
    for player in setup.players:
        count = len(cards_of[player]) + extra.get(player, 0)
        if count > MOST_CARDS:
            problems.append(
                Problem(
                    "announcements",
                    N_("%(name)s's announcements and belote need %(count)s cards: a hand has 8."),
                    {"name": player, "count": count},
                )
            )
    if problems:
        raise Invalid(problems)
