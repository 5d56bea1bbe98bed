"""Piquet (Rubicon Piquet, and the French game au cent) as in ``shared/rules/piquet.md``. Two
players; the dealer of a deal is younger, the other elder, and the deal alternates. A deal
is entered as the combinations (the cards each player held after the exchange, or what was
announced) and the play (the winner of each trick, or the totals counted aloud). This module
is the game as the app sees it, its name and options; the rules live in
:mod:`.combinations`, :mod:`.reckoning`, :mod:`.play`, :mod:`.entry` (with
:mod:`.announcements`) and :mod:`.partie`, and what the rest of the app uses is re-exported
here.
"""

from __future__ import annotations

from ..base import N_, Option
from .combinations import (
    CARD_VALUES,
    COURTS,
    DECK,
    HAND_SIZE,
    RANKS,
    SEQUENCE_POINTS,
    SET_POINTS,
    SET_RANKS,
    Group,
    Holding,
    Point,
    Run,
    find_point,
    find_sequences,
    find_sets,
    holding_from_cards,
    sort_cards,
)
from .entry import MOST_DRAWN, declarations_from_hands, describe_hand, parse_hand
from .partie import (
    DEFAULT_TARGET,
    DOUBLE_LINE,
    RUBICON_BONUS,
    RUBICON_DEALS,
    RUBICON_LINE,
    RUBICON_MOST_DEALS,
    DealDetails,
    State,
    check_round,
    check_setup,
    initial,
    is_over,
    next_deal,
    play,
    roles_for_deal,
    rubicon_result,
    settle_options,
    standings,
)
from .play import TRICKS, History, TrickEvent, history
from .reckoning import CLASSES, ROLES, reckon

__all__ = [
    "CARD_VALUES",
    "CLASSES",
    "COURTS",
    "DECK",
    "DEFAULT_TARGET",
    "DOUBLE_LINE",
    "HAND_SIZE",
    "MOST_DRAWN",
    "RANKS",
    "ROLES",
    "RUBICON_BONUS",
    "RUBICON_DEALS",
    "RUBICON_LINE",
    "RUBICON_MOST_DEALS",
    "SEQUENCE_POINTS",
    "SET_POINTS",
    "SET_RANKS",
    "TRICKS",
    "DealDetails",
    "Group",
    "History",
    "Holding",
    "Point",
    "Run",
    "State",
    "TrickEvent",
    "check_round",
    "check_setup",
    "declarations_from_hands",
    "describe_hand",
    "find_point",
    "find_sequences",
    "find_sets",
    "history",
    "holding_from_cards",
    "initial",
    "is_over",
    "max_players",
    "min_players",
    "name",
    "next_deal",
    "options",
    "parse_hand",
    "play",
    "reckon",
    "roles_for_deal",
    "rubicon_result",
    "settle_options",
    "sort_cards",
    "standings",
    "title",
]

name = "piquet"
title = N_("Piquet")
min_players = 2
max_players = 2

options = (
    Option(
        "partie",
        "choice",
        "rubicon",
        N_("Partie"),
        N_("How the game is played out."),
        choices=(
            ("rubicon", N_("Rubicon: six deals, a loser under 100 is rubiconed")),
            ("cent", N_("Au cent: the first to reach the target wins")),
        ),
    ),
    Option(
        "target",
        "int",
        None,
        N_("Target"),
        N_("Au cent only: the first player to reach this total wins (100 if left empty)."),
        minimum=50,
        maximum=1000,
        nullable=True,
    ),
    Option(
        "counting_cards_only",
        "bool",
        False,
        N_("Only tens and higher score in play"),
        N_("A lead or a capture scores only with an ace, king, queen, jack or ten; the play is entered as totals."),
    ),
    Option(
        "second_blanche",
        "bool",
        False,
        N_("Second carte blanche"),
        N_("A player dealt a carte blanche who still has no king, queen or jack after the exchange scores 10 more."),
    ),
)
