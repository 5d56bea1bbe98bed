"""Queenie's panels of the table page written in Python (``labels.html`` calls them as ``queenie_last_deal``,
``queenie_next_deal`` and ``queenie_chip_check``).

Every chip movement of the last deal, the balances after it and what stays on the table; the next deal's
title, the chips on the table, the stakes and the chip check: the page after each write shows new ones,
and written here they cost a fraction of the same macros. The HTML is the one the macros wrote, byte for
byte (tests/test_kept.py renders both); the words are the reader's (:mod:`referee.i18n`), the cards the
``card`` macro's of ``macros.html``, and what stays the same for many deals (the layout of a number of
chips, the stakes in words, how a deal is dealt and played) the macros' of ``labels.html``, each made once
per language and what it shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import current_app
from markupsafe import Markup

from ....views.kit import StoredGame, describe_event, i18n
from ...base import RoundResult, Standings
from ..rules import DealDetails, pay_cards

_ = i18n.markup_gettext
_html = i18n.markup_format  # Markup(template) % values, quicker
QUEENS = pay_cards("queens")
_SHOWN_EVENTS = ("bankrupt", "dropped")


def card(code: str) -> Markup:
    """The ``card`` macro of ``macros.html`` (symbol and name), made once per language and card."""
    macros = current_app.jinja_env.get_template("macros.html").module
    return i18n.catalogue().made(("card-html", code), lambda: Markup(macros.card(code)))  # type: ignore[attr-defined]


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


def movement(move: Mapping[str, Any], cards: Mapping[str, str] = QUEENS) -> Markup:
    """One chip movement in words: who paid whom, or which pay card's stack or pot went to whom."""
    kind, chips = move["kind"], move["chips"]
    if kind == "sale":
        return _("%(payer)s → %(payee)s %(chips)s (spare hand)", payer=move["from"], payee=move["to"], chips=chips)
    if kind == "queen":
        return _("%(queen)s → %(name)s %(chips)s", queen=card(cards[move["from"]]), name=move["to"], chips=chips)
    if kind == "pot":
        return _("pot → %(name)s %(chips)s", name=move["to"], chips=chips)
    if kind == "card":
        return i18n.markup_ngettext(
            "%(payer)s → %(payee)s %(chips)s (%(num)s card left)",
            "%(payer)s → %(payee)s %(chips)s (%(num)s cards left)",
            move["cards"],
            payer=move["from"],
            payee=move["to"],
            chips=chips,
        )
    if kind == "gather":
        return _("%(queen)s → pot %(chips)s (gathered for sharing)", queen=card(cards[move["from"]]), chips=chips)
    if kind == "split":
        return _("pot → %(name)s %(chips)s (share of the table)", name=move["to"], chips=chips)
    return _html("%s → %s %s", move["from"], move["to"], chips)


def _spot(name: str, cards: Mapping[str, str]) -> Markup:
    return _("pot") if name == "pot" else card(cards[name])


def last_deal(players: Sequence[str], last: RoundResult[DealDetails], cards: Mapping[str, str] = QUEENS) -> Markup:
    """Every chip movement of the last deal, the balances after it and what stays on the table."""
    details = last.details
    moves = details.movements
    html = [
        _html(
            '<div class="last-deal" data-last-deal>\n<h2 id="last-deal-title">%s</h2>\n',
            _("Deal %(number)s: where the chips went", number=last.number),
        ),
        _html(
            '<p class="hint">%s</p>\n<ul class="moves">\n  <li class="stakes-line">%s\n    <ul class="stake-groups">\n',
            _dealt(details),
            _("Stakes:"),
        ),
        *(_html("      <li>%s</li>", group) for group in _stake_groups(details, cards)),
        Markup("\n    </ul></li>\n"),
    ]
    html += [_html("  <li>%s</li>\n", movement(move, cards)) for move in moves if move["kind"] != "stake"]
    if last.input["out"] is None:
        blocked = _("Nobody went out: the deal was blocked and the pot stays on the table.")
        html.append(_html('  <li class="blocked">%s</li>\n', blocked))
    balances = Markup(" · ").join(
        _html(
            '<span class="balance">%s %s <span class="muted">(%s)</span></span>',
            player,
            last.totals[player],
            signed(last.scores[player]),
        )
        for player in players
    )
    html.append(_html('</ul>\n<p class="balances"><strong>%s</strong>\n%s</p>\n', _("Balances:"), balances))
    staying = [(name, chips) for name, chips in details.table_after.items() if chips]
    if staying:
        spots = Markup(" · ").join(_html("%s %s", _spot(name, cards), chips) for name, chips in staying)
        html.append(_html('<p class="staying"><strong>%s</strong>\n%s</p>\n', _("Stays on the table:"), spots))
    else:
        html.append(_html('<p class="staying">%s</p>\n', _("Nothing stays on the table.")))
    for event in last.events:
        if event.word in _SHOWN_EVENTS:
            html.append(_html('<p class="warning">%s</p>\n', describe_event(event)))
    html.append(Markup("</div>"))
    return Markup("".join(html))  # every part markup already


def _dealt(details: DealDetails) -> Markup:
    """What the dealer did with their packets or hand."""
    if details.dealer_choice is None:
        return _("%(name)s dealt; the spare hand stayed dead.", name=details.dealer)
    if not details.dealer_packets:
        if details.dealer_choice == "switch":
            return _("%(name)s dealt and switched to the spare hand.", name=details.dealer)
        return _("%(name)s dealt and kept their hand.", name=details.dealer)
    if details.dealer_choice == "switch":
        return _("%(name)s dealt and switched packets.", name=details.dealer)
    return _("%(name)s dealt and kept the first packet.", name=details.dealer)


def _stake_groups(details: DealDetails, cards: Mapping[str, str]) -> list[Markup]:
    """The stakes of a deal, then the pot's: one line per pay card (who staked on it, and the chips), or,
    where everyone staked on every pay card, what each staked on each and what each pay card then held."""
    stakes = [move for move in details.movements if move["kind"] == "stake" and move["to"] != "pot"]
    potted = sum(move["chips"] for move in details.movements if move["kind"] == "stake" and move["to"] == "pot")
    pot = [_("each player → pot %(chips)s", chips=potted)] if potted else []
    if len(stakes) == len(cards) * len(details.hand_sizes):  # on every pay card
        return [*_on_every_card(details, cards, stakes), *pot]
    return [*_on_chosen_cards(cards, stakes), *pot]


def _on_every_card(details: DealDetails, cards: Mapping[str, str], stakes: list[dict[str, Any]]) -> list[Markup]:
    each = {move["from"]: move["chips"] for move in stakes}
    usual = next(chips for player, chips in each.items() if player != details.dealer)
    if each[details.dealer] == usual:
        staked = _("each player → each pay card %(chips)s", chips=usual)
    else:
        staked = _(
            "%(name)s (dealer) → each pay card %(chips)s; the others %(others)s",
            name=details.dealer,
            chips=each[details.dealer],
            others=usual,
        )
    held = Markup(" · ").join(_html("%s %s", card(code), details.table_staked[suit]) for suit, code in cards.items())
    return [staked, _("on the pay cards: %(stacks)s", stacks=held)]


def _on_chosen_cards(cards: Mapping[str, str], stakes: list[dict[str, Any]]) -> list[Markup]:
    groups = []
    for suit, code in cards.items():
        on_it = [move for move in stakes if move["to"] == suit]
        if on_it:
            names = ", ".join(
                move["from"] if move["chips"] == on_it[0]["chips"] else f"{move['from']} ({move['chips']})"
                for move in on_it
            )
            chips = sum(move["chips"] for move in on_it)
            groups.append(_("%(names)s → %(queen)s %(chips)s", names=names, queen=card(code), chips=chips))
    return groups


# The stakes of a deal need no line of their own at Queenie's: one chip on a queen and one in the pot.
_USUAL_STAKES = {"staking": "one_card", "card_stake": 1, "kitty_stake": 1}


def next_deal(stored: StoredGame, standings: Standings, facts: Mapping[str, Any]) -> Markup:
    """The next deal: its number and dealer, the chips already on the table, the stakes in words (and each
    player's when they differ), the chip check, and how the deal is dealt and played."""
    labels: Any = current_app.jinja_env.get_template(f"{stored.game}/labels.html").module  # its macros
    coming, terms = standings.next, facts["terms"]
    assert coming is not None  # the panel of a game still going on
    said = coming.facts
    if said.get("deal_of"):
        title = _("Deal %(number)s of %(total)s", number=coming.round, total=said["deal_of"])
    else:
        title = _("Deal %(number)s", number=coming.round)
    on_table = _("Already on the table (carried over):") if standings.rounds else _("On the table:")
    html = [
        _html(
            '<h2 id="next-title">%s  · %s</h2>\n<p class="layout-title"><strong>%s</strong></p>\n',
            title,
            _("%(name)s deals", name=coming.dealer),
            on_table,
        )
    ]
    made = i18n.catalogue().made  # each part kept per language and what it shows (keys of tuples: quick to hash)
    rules, table, cards = tuple(terms.items()), said["table"], facts["pay_cards"]
    label, pot = _("Chips on the table before the stakes"), terms["kitty_stake"] > 0
    layout = made(
        ("queenie-next-layout", tuple(table.items()), tuple(cards.items()), pot),
        lambda: Markup(labels.layout(table, label, cards=cards, pot=pot)),
    )
    players = len(said["hand_sizes"])
    stakes = made(
        ("queenie-stakes", rules, coming.dealer, players),
        lambda: Markup(labels.stakes_words(terms, coming.dealer, players)),
    )
    html.append(_html('%s\n<p class="hint">%s</p>\n', layout, stakes))
    if any(terms[name] != value for name, value in _USUAL_STAKES.items()):
        due = Markup(" · ").join(
            _html('<span class="due">%s %s</span>', player, chips) for player, chips in said["stakes_due"].items()
        )
        html.append(
            _html('<p class="stakes-due" data-stakes-due><strong>%s</strong>\n%s</p>\n', _("Stakes this deal:"), due)
        )
    dropped, packets = standings.extra["dropped"], said.get("dealer_packets")
    dealt = (tuple(said["hand_sizes"].items()), None if packets is None else tuple(packets), said["spare_size"])
    dealing = made(
        ("queenie-dealing", rules, coming.dealer, *dealt, tuple(dropped)),
        lambda: Markup(labels.dealing(terms, coming, dropped)),
    )
    html.append(_html('%s\n<ul class="facts">\n%s</ul>', chip_check(standings, facts["chips_in_play"]), dealing))
    return Markup("".join(html))  # every part markup already


def chip_check(standings: Standings, chips_in_play: int) -> Markup:
    """Every chip of the game, in the players' hands or on the table."""
    in_hands, on_table = sum(standings.totals.values()), sum(standings.extra["table"].values())
    words = _(
        "Chips: %(total)s = %(hands)s in hands + %(table)s on the table",
        total=chips_in_play,
        hands=in_hands,
        table=on_table,
    )
    return _html('<p class="chip-check" data-chip-check>%s</p>', words)
