"""Queenie's panels of the table page written in Python (``labels.html`` calls them as ``queenie_next_panel``,
``queenie_last_deal``, ``queenie_next_deal`` and ``queenie_chip_check``).

Every chip movement of the last deal, the balances after it and what stays on the table; the next deal's
title, the chips on the table, the stakes and the chip check: the page after each write shows new ones,
and written here they cost a fraction of the same macros. The HTML is the one the macros wrote, byte for
byte (tests/test_kept.py renders both); the words are the reader's (:mod:`referee.i18n`), the cards the
``card`` macro's of ``macros.html``, and what stays the same for many deals (the layout of a number of
chips, the stakes in words, how a deal is dealt and played) the macros' of ``labels.html``, each made once
per language and what it shows. The HTML is written as plain text, each name escaped once, and made markup
once (Markup's own ``%`` and a Markup per part cost twice as much).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import current_app
from markupsafe import Markup, escape

from ....views.kit import StoredGame, describe_event, i18n, round_kept
from ...base import N_, RoundResult, Standings
from ..rules import DealDetails, pay_cards

_ = i18n.markup_gettext
_html = i18n.markup_format  # Markup(template) % values, quicker
QUEENS = pay_cards("queens")
_SHOWN_EVENTS = ("bankrupt", "dropped")


def card(code: str) -> Markup:
    """The ``card`` macro of ``macros.html`` (symbol and name), made once per language and card."""
    return i18n.catalogue().made(("card-html", code), lambda: Markup(_macros().card(code)))


def _macros() -> Any:
    return current_app.jinja_env.get_template("macros.html").module


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


def _movement(words: i18n.Catalogue, move: Mapping[str, Any], cards: Mapping[str, str]) -> str:
    """One chip movement in ``words`` (HTML): who paid whom, or which pay card's stack or pot went to whom."""
    kind, chips = move["kind"], move["chips"]
    if kind == "sale":
        return words.gettext("%(payer)s → %(payee)s %(chips)s (spare hand)") % {
            "payer": escape(move["from"]),
            "payee": escape(move["to"]),
            "chips": chips,
        }
    if kind == "queen":
        return words.gettext("%(queen)s → %(name)s %(chips)s") % {
            "queen": card(cards[move["from"]]),
            "name": escape(move["to"]),
            "chips": chips,
        }
    if kind == "pot":
        return words.gettext("pot → %(name)s %(chips)s") % {"name": escape(move["to"]), "chips": chips}
    if kind == "card":
        return words.ngettext(
            "%(payer)s → %(payee)s %(chips)s (%(num)s card left)",
            "%(payer)s → %(payee)s %(chips)s (%(num)s cards left)",
            move["cards"],
        ) % {"payer": escape(move["from"]), "payee": escape(move["to"]), "chips": chips, "num": move["cards"]}
    if kind == "gather":
        return words.gettext("%(queen)s → pot %(chips)s (gathered for sharing)") % {
            "queen": card(cards[move["from"]]),
            "chips": chips,
        }
    if kind == "split":
        return words.gettext("pot → %(name)s %(chips)s (share of the table)") % {
            "name": escape(move["to"]),
            "chips": chips,
        }
    return _html("%s → %s %s", move["from"], move["to"], chips)


def _spot(name: str, cards: Mapping[str, str]) -> Markup:
    return _("pot") if name == "pot" else card(cards[name])


def next_panel(stored: StoredGame, standings: Standings, facts: Mapping[str, Any]) -> Markup:
    """``labels.html``'s ``next_panel``: the last deal (made once per deal, :func:`round_kept`) and the flags the
    play-along kept with it, then the next deal."""
    coming = next_deal(stored, standings, facts)
    if not standings.rounds:
        return coming
    last: RoundResult[Any] = standings.rounds[-1]
    cards = facts["pay_cards"]
    summary = round_kept("queenie-deal", last, lambda: last_deal(stored.setup.players, last, cards))
    flags = ""
    if (last.input.get("referee") or {}).get("flags"):
        labels: Any = current_app.jinja_env.get_template(f"{stored.game}/labels.html").module  # its macros
        flags = labels.referee_flags(last)
    return Markup("".join((summary, flags, coming)))


def last_deal(players: Sequence[str], last: RoundResult[DealDetails], cards: Mapping[str, str] = QUEENS) -> Markup:
    """Every chip movement of the last deal, the balances after it and what stays on the table.

    Written as plain text, each name escaped once, and made markup once: a page after each deal shows a new one.
    """
    words = i18n.catalogue()
    details, markup = last.details, words.markup
    html = [
        '<div class="last-deal" data-last-deal>\n<h2 id="last-deal-title">',
        words.gettext("Deal %(number)s: where the chips went") % {"number": last.number},
        '</h2>\n<p class="hint">',
        _dealt(words, details),
        '</p>\n<ul class="moves">\n  <li class="stakes-line">',
        markup(N_("Stakes:")),
        '\n    <ul class="stake-groups">\n',
    ]
    for group in _stake_groups(words, details, cards):
        html += ("      <li>", group, "</li>")
    html.append("\n    </ul></li>\n")
    for move in details.movements:
        if move["kind"] != "stake":
            html += ("  <li>", _movement(words, move, cards), "</li>\n")
    if last.input["out"] is None:
        html += (
            '  <li class="blocked">',
            markup(N_("Nobody went out: the deal was blocked and the pot stays on the table.")),
            "</li>\n",
        )
    totals, scores = last.totals, last.scores
    balance = '<span class="balance">%s %s <span class="muted">(%s)</span></span>'
    balances = " · ".join([balance % (escape(player), totals[player], signed(scores[player])) for player in players])
    html += ('</ul>\n<p class="balances"><strong>', markup(N_("Balances:")), "</strong>\n", balances, "</p>\n")
    staying = [(name, chips) for name, chips in details.table_after.items() if chips]
    if staying:
        spots = " · ".join([f"{_spot(name, cards)} {chips}" for name, chips in staying])
        html += ('<p class="staying"><strong>', markup(N_("Stays on the table:")), "</strong>\n", spots, "</p>\n")
    else:
        html += ('<p class="staying">', markup(N_("Nothing stays on the table.")), "</p>\n")
    for event in last.events:
        if event.word in _SHOWN_EVENTS:
            html += ('<p class="warning">', describe_event(event), "</p>\n")
    html.append("</div>")
    return Markup("".join(html))  # every name escaped, every word markup already


def _dealt(words: i18n.Catalogue, details: DealDetails) -> str:
    """What the dealer did with their packets or hand."""
    if details.dealer_choice is None:
        said = N_("%(name)s dealt; the spare hand stayed dead.")
    elif not details.dealer_packets:
        if details.dealer_choice == "switch":
            said = N_("%(name)s dealt and switched to the spare hand.")
        else:
            said = N_("%(name)s dealt and kept their hand.")
    elif details.dealer_choice == "switch":
        said = N_("%(name)s dealt and switched packets.")
    else:
        said = N_("%(name)s dealt and kept the first packet.")
    return words.gettext(said) % {"name": escape(details.dealer)}


def _stake_groups(words: i18n.Catalogue, details: DealDetails, cards: Mapping[str, str]) -> list[str]:
    """The stakes of a deal, then the pot's: one line per pay card (who staked on it, and the chips), or,
    where everyone staked on every pay card, what each staked on each and what each pay card then held."""
    stakes = [move for move in details.movements if move["kind"] == "stake" and move["to"] != "pot"]
    potted = sum(move["chips"] for move in details.movements if move["kind"] == "stake" and move["to"] == "pot")
    pot = [words.gettext("each player → pot %(chips)s") % {"chips": potted}] if potted else []
    if len(stakes) == len(cards) * len(details.hand_sizes):  # on every pay card
        return [*_on_every_card(words, details, cards, stakes), *pot]
    return [*_on_chosen_cards(words, cards, stakes), *pot]


def _on_every_card(
    words: i18n.Catalogue, details: DealDetails, cards: Mapping[str, str], stakes: list[dict[str, Any]]
) -> list[str]:
    each = {move["from"]: move["chips"] for move in stakes}
    usual = next(chips for player, chips in each.items() if player != details.dealer)
    if each[details.dealer] == usual:
        staked = words.gettext("each player → each pay card %(chips)s") % {"chips": usual}
    else:
        staked = words.gettext("%(name)s (dealer) → each pay card %(chips)s; the others %(others)s") % {
            "name": escape(details.dealer),
            "chips": each[details.dealer],
            "others": usual,
        }
    held = " · ".join([f"{card(code)} {details.table_staked[suit]}" for suit, code in cards.items()])
    return [staked, words.gettext("on the pay cards: %(stacks)s") % {"stacks": held}]


def _on_chosen_cards(words: i18n.Catalogue, cards: Mapping[str, str], stakes: list[dict[str, Any]]) -> list[str]:
    groups = []
    for suit, code in cards.items():
        on_it = [move for move in stakes if move["to"] == suit]
        if on_it:
            names = ", ".join(
                move["from"] if move["chips"] == on_it[0]["chips"] else f"{move['from']} ({move['chips']})"
                for move in on_it
            )
            chips = sum(move["chips"] for move in on_it)
            said = words.gettext("%(names)s → %(queen)s %(chips)s")
            groups.append(said % {"names": escape(names), "queen": card(code), "chips": chips})
    return groups


# The stakes of a deal need no line of their own at Queenie's: one chip on a queen and one in the pot.
_USUAL_STAKES = {"staking": "one_card", "card_stake": 1, "kitty_stake": 1}


def next_deal(stored: StoredGame, standings: Standings, facts: Mapping[str, Any]) -> Markup:
    """The next deal: its number and dealer, the chips already on the table, the stakes in words (and each
    player's when they differ), the chip check, and how the deal is dealt and played."""
    labels: Any = current_app.jinja_env.get_template(f"{stored.game}/labels.html").module  # its macros
    words = i18n.catalogue()
    coming, terms = standings.next, facts["terms"]
    assert coming is not None  # the panel of a game still going on
    said = coming.facts
    if said.get("deal_of"):
        title = words.gettext("Deal %(number)s of %(total)s") % {"number": coming.round, "total": said["deal_of"]}
    else:
        title = words.gettext("Deal %(number)s") % {"number": coming.round}
    dealer = escape(coming.dealer)
    on_table = words.markup(N_("Already on the table (carried over):") if standings.rounds else N_("On the table:"))
    html = [
        '<h2 id="next-title">',
        title,
        "  · ",
        words.gettext("%(name)s deals") % {"name": dealer},
        '</h2>\n<p class="layout-title"><strong>',
        on_table,
        "</strong></p>\n",
    ]
    made = words.made  # each part kept per language and what it shows (keys of tuples: quick to hash)
    rules, table, cards = tuple(terms.items()), said["table"], facts["pay_cards"]
    pot = terms["kitty_stake"] > 0
    layout = made(
        ("queenie-next-layout", tuple(table.items()), tuple(cards.items()), pot),
        lambda: Markup(labels.layout(table, _("Chips on the table before the stakes"), cards=cards, pot=pot)),
    )
    players = len(said["hand_sizes"])
    stakes = made(
        ("queenie-stakes", rules, coming.dealer, players),
        lambda: Markup(labels.stakes_words(terms, coming.dealer, players)),
    )
    html += (layout, '\n<p class="hint">', stakes, "</p>\n")
    if any(terms[name] != value for name, value in _USUAL_STAKES.items()):
        due = " · ".join(
            [f'<span class="due">{escape(player)} {chips}</span>' for player, chips in said["stakes_due"].items()]
        )
        html += ('<p class="stakes-due" data-stakes-due><strong>', words.markup(N_("Stakes this deal:")), "</strong>\n")
        html += (due, "</p>\n")
    dropped, packets = standings.extra["dropped"], said.get("dealer_packets")
    dealt = (tuple(said["hand_sizes"].items()), None if packets is None else tuple(packets), said["spare_size"])
    dealing = made(
        ("queenie-dealing", rules, coming.dealer, *dealt, tuple(dropped)),
        lambda: Markup(labels.dealing(terms, coming, dropped)),
    )
    html += (_chip_check(words, standings, facts["chips_in_play"]), '\n<ul class="facts">\n', dealing, "</ul>")
    return Markup("".join(html))  # every name escaped, every word markup already


def chip_check(standings: Standings, chips_in_play: int) -> Markup:
    """Every chip of the game, in the players' hands or on the table."""
    return Markup(_chip_check(i18n.catalogue(), standings, chips_in_play))


def _chip_check(words: i18n.Catalogue, standings: Standings, chips_in_play: int) -> str:
    in_hands, on_table = sum(standings.totals.values()), sum(standings.extra["table"].values())
    said = words.gettext("Chips: %(total)s = %(hands)s in hands + %(table)s on the table")
    return '<p class="chip-check" data-chip-check>%s</p>' % (
        said % {"total": chips_in_play, "hands": in_hands, "table": on_table}
    )
