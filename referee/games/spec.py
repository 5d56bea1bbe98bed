"""What a game gives the rest of referee: one :class:`GameSpec`, registered by one line.

The generic layer (pages, API, paper, exports) loops over the registry and only ever
talks to a game through its spec. A game's package (``referee/games/<game>/``) builds
the spec from its rules module, its round form, its paper and its own routes; its
template folder (``templates/<game>/``) defines the names in :data:`TEMPLATE_CONTRACT`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .base import N_, NP_, Event, Game, Option, RoundResult, Setup, Standings
from .fields import RoundForm

NUMBER = None
"""In :data:`TEMPLATE_CONTRACT`, a variable holding a whole number (not a macro)."""

TEMPLATE_CONTRACT: Mapping[str, Mapping[str, tuple[str, ...] | None]] = {
    # Game templates get the numbers of the rules they show from ``game_facts(stored)`` (GameSpec.facts).
    # Imported by the table page, the watch page and the printed sheet.
    "labels.html": {
        "next_panel": ("stored", "standings"),  # what the table does next (dealer, passes, stakes…)
        "ranking_rule": ("stored",),  # how the game is won, one line
        "result": ("stored", "standings"),  # the final result under the winner's name
    },
    # Included inside the round form (<form> and CSRF token are the caller's); sees stored,
    # standings (before the round: standings.next is the round entered), number, values, errors.
    "round_form.html": {},
    # Imported by the printed score sheet: the game's columns before and after the players' own
    # (those are Paper.columns).
    "sheet.html": {
        "round_word": (),
        "lead_columns": NUMBER,
        "trail_columns": NUMBER,
        "lead_head": (),
        "trail_head": (),
        "lead_cells": ("stored", "result", "plan"),  # plan is the game's Paper.plans entry or none
        "trail_cells": ("stored", "result"),
        "legend": (),
        "result": ("stored", "standings"),
    },
    # Extends sheets/paper.html: the blank sheet, from seats and the data of Paper.blank.
    "blank.html": {},
}
"""The templates every game folder holds, and what each must define: a macro by the names of the
parameters it takes, in order, or a variable (:data:`NUMBER`)."""

ANNOUNCING_TEMPLATE_CONTRACT: Mapping[str, Mapping[str, tuple[str, ...] | None]] = {
    # What the folder of a game with an announced part (GameSpec.announce_form) holds besides. The
    # announcement stored for the next round is ``stored.announced``; ``standings.next`` carries the
    # game's announced facts of it (referee.gamestate.announced_next).
    "labels.html": {
        "announced": ("stored", "standings"),  # what was announced, shown to every phone during the play
        "announce_title": ("stored", "standings"),  # the announce step's heading and its button ("Bids, hand 4")
    },
    # Included inside the announce step's form (<form>, CSRF token and the round's number are the caller's);
    # sees stored, standings (the round to announce is standings.next), values, errors, and calls
    # announce_facts(stored, values, standings.next) for what its announce form computes (its facts).
    "announce_form.html": {},
}
"""What a game with an announced part holds besides :data:`TEMPLATE_CONTRACT`."""


@dataclass(frozen=True)
class RoundWords:
    """How a game names its round ("hand", "deal", "round") in every sentence that says it.

    Each is an English format string marked for translation, with ``%(number)s`` or ``%(num)s``.
    """

    noun: str
    title: str
    enter: str
    correct: str
    save: str
    undo: str
    ask_undo: str
    yes_undo: str
    corrected: str
    undone: str
    count: tuple[str, str]  # singular and plural, for ngettext
    by_round: str  # the table page's heading over the rounds
    correct_this: str
    each_cell: str
    recomputed: str
    removed: str
    invite: str
    invite_warning: str
    joined: str
    running: str  # the printed chart's caption
    header: str  # a column's heading over the numbers (the CSV export)
    after: str  # the chart's description, with %(totals)s
    changes: str  # the change log's introduction
    recorded: str  # refusals of a write that no longer fits the game as stored (a second tap, another phone)
    next_is: str
    not_next: str  # with %(expected)s, the number the phone asked for
    only_last: str
    undone_elsewhere: str
    gone: str
    impossible: str  # a correction that a later round no longer fits, before that round's own problems
    ends_before: str  # a correction that ends the game before a later round: no change to that round helps
    undo_first: str  # … so the way out is to undo it (%(number)s is the last round)
    undo_from: str  # … or it and every round after it (%(last)s)
    # A game whose rules let a table end it early (referee.games.base.Stoppable): its confirm page's choices,
    # and the table page's line once the table agreed (the game ends, or ended, after round %(number)s).
    end_now: str
    end_turn: str
    ends_after: str
    ended_after: str

    def __call__(self, translate: Callable[[str], str], which: str, number: int) -> str:
        return translate(getattr(self, which)) % {"number": number}


# Every sentence that names the round, once, in the words of each noun a game may use: (hand, deal,
# round). Whole sentences, never one assembled around a translated noun: French says « la donne »,
# « la manche » but « le tour », and the words around the noun agree with it.
_SENTENCES: dict[str, tuple[Any, Any, Any]] = {
    "noun": (N_("hand"), N_("deal"), N_("round")),
    "title": (N_("Hand %(number)s"), N_("Deal %(number)s"), N_("Round %(number)s")),
    "enter": (N_("Enter hand %(number)s"), N_("Enter deal %(number)s"), N_("Enter round %(number)s")),
    "correct": (N_("Correct hand %(number)s"), N_("Correct deal %(number)s"), N_("Correct round %(number)s")),
    "save": (N_("Save hand %(number)s"), N_("Save deal %(number)s"), N_("Save round %(number)s")),
    "undo": (N_("Undo hand %(number)s"), N_("Undo deal %(number)s"), N_("Undo round %(number)s")),
    "ask_undo": (N_("Undo hand %(number)s?"), N_("Undo deal %(number)s?"), N_("Undo round %(number)s?")),
    "yes_undo": (
        N_("Yes, undo hand %(number)s"),
        N_("Yes, undo deal %(number)s"),
        N_("Yes, undo round %(number)s"),
    ),
    "corrected": (
        N_("Hand %(number)s corrected; every score after it was recomputed."),
        N_("Deal %(number)s corrected; every score after it was recomputed."),
        N_("Round %(number)s corrected; every score after it was recomputed."),
    ),
    "undone": (N_("Hand %(number)s undone."), N_("Deal %(number)s undone."), N_("Round %(number)s undone.")),
    "count": (
        NP_("%(num)s hand", "%(num)s hands"),
        NP_("%(num)s deal", "%(num)s deals"),
        NP_("%(num)s round", "%(num)s rounds"),
    ),
    "by_round": (N_("Hand by hand"), N_("Deal by deal"), N_("Round by round")),
    "correct_this": (N_("Correct this hand"), N_("Correct this deal"), N_("Correct this round")),
    "each_cell": (
        N_("Each cell: the hand's score, then the running total."),
        N_("Each cell: the deal's score, then the running total."),
        N_("Each cell: the round's score, then the running total."),
    ),
    "recomputed": (
        N_("Every score after this hand is recomputed."),
        N_("Every score after this deal is recomputed."),
        N_("Every score after this round is recomputed."),
    ),
    "removed": (
        N_(
            "The hand is removed and the totals go back to what they were before it."
            " The change is kept in the game's history."
        ),
        N_(
            "The deal is removed and the totals go back to what they were before it."
            " The change is kept in the game's history."
        ),
        N_(
            "The round is removed and the totals go back to what they were before it."
            " The change is kept in the game's history."
        ),
    ),
    "invite": (
        N_("The invitation lets another phone enter and correct hands, like this one."),
        N_("The invitation lets another phone enter and correct deals, like this one."),
        N_("The invitation lets another phone enter and correct rounds, like this one."),
    ),
    "invite_warning": (
        N_(
            "This code gives scoring rights: whoever opens it can enter, correct and undo hands of this game."
            " Show it only to a phone you trust."
        ),
        N_(
            "This code gives scoring rights: whoever opens it can enter, correct and undo deals of this game."
            " Show it only to a phone you trust."
        ),
        N_(
            "This code gives scoring rights: whoever opens it can enter, correct and undo rounds of this game."
            " Show it only to a phone you trust."
        ),
    ),
    "joined": (
        N_("This phone can now enter and correct the hands of this game."),
        N_("This phone can now enter and correct the deals of this game."),
        N_("This phone can now enter and correct the rounds of this game."),
    ),
    "running": (
        N_("Running totals, hand by hand"),
        N_("Running totals, deal by deal"),
        N_("Running totals, round by round"),
    ),
    "header": (N_("Hand"), N_("Deal"), N_("Round")),
    "after": (
        N_("After hand %(number)s: %(totals)s."),
        N_("After deal %(number)s: %(totals)s."),
        N_("After round %(number)s: %(totals)s."),
    ),
    "changes": (
        N_("Every hand entered, corrected or undone, newest first, with the scores before and after."),
        N_("Every deal entered, corrected or undone, newest first, with the scores before and after."),
        N_("Every round entered, corrected or undone, newest first, with the scores before and after."),
    ),
    "recorded": (
        N_("Hand %(number)s is already recorded (from another phone or a second tap). Nothing was added."),
        N_("Deal %(number)s is already recorded (from another phone or a second tap). Nothing was added."),
        N_("Round %(number)s is already recorded (from another phone or a second tap). Nothing was added."),
    ),
    "next_is": (
        N_("The next hand is hand %(number)s."),
        N_("The next deal is deal %(number)s."),
        N_("The next round is round %(number)s."),
    ),
    "not_next": (
        N_(
            "Hand %(expected)s is not the next hand (another phone recorded a hand meanwhile): the next "
            "hand is hand %(number)s. Nothing was saved."
        ),
        N_(
            "Deal %(expected)s is not the next deal (another phone recorded a deal meanwhile): the next "
            "deal is deal %(number)s. Nothing was saved."
        ),
        N_(
            "Round %(expected)s is not the next round (another phone recorded a round meanwhile): the next "
            "round is round %(number)s. Nothing was saved."
        ),
    ),
    "only_last": (
        N_("Only the last hand can be undone; correct hand %(number)s instead."),
        N_("Only the last deal can be undone; correct deal %(number)s instead."),
        N_("Only the last round can be undone; correct round %(number)s instead."),
    ),
    "undone_elsewhere": (
        N_("That hand was undone on another phone. Nothing was saved."),
        N_("That deal was undone on another phone. Nothing was saved."),
        N_("That round was undone on another phone. Nothing was saved."),
    ),
    "gone": (
        N_("That hand was already undone or is no longer the last one."),
        N_("That deal was already undone or is no longer the last one."),
        N_("That round was already undone or is no longer the last one."),
    ),
    "impossible": (
        N_("This change would make hand %(number)s impossible. Fix that hand first:"),
        N_("This change would make deal %(number)s impossible. Fix that deal first:"),
        N_("This change would make round %(number)s impossible. Fix that round first:"),
    ),
    "ends_before": (
        N_("This change would end the game before hand %(number)s, which is already recorded. Nothing was saved."),
        N_("This change would end the game before deal %(number)s, which is already recorded. Nothing was saved."),
        N_("This change would end the game before round %(number)s, which is already recorded. Nothing was saved."),
    ),
    "undo_first": (
        N_("Undo hand %(number)s first, then make this correction again."),
        N_("Undo deal %(number)s first, then make this correction again."),
        N_("Undo round %(number)s first, then make this correction again."),
    ),
    "undo_from": (
        N_("Undo hands %(number)s to %(last)s first (the last one first), then make this correction again."),
        N_("Undo deals %(number)s to %(last)s first (the last one first), then make this correction again."),
        N_("Undo rounds %(number)s to %(last)s first (the last one first), then make this correction again."),
    ),
    "end_now": (
        N_("End now, after hand %(number)s"),
        N_("End now, after deal %(number)s"),
        N_("End now, after round %(number)s"),
    ),
    "end_turn": (
        N_("End after this turn of the deal, after hand %(number)s"),
        N_("End after this turn of the deal, after deal %(number)s"),
        N_("End after this turn of the deal, after round %(number)s"),
    ),
    "ends_after": (
        N_("As the table agreed, the game ends after hand %(number)s."),
        N_("As the table agreed, the game ends after deal %(number)s."),
        N_("As the table agreed, the game ends after round %(number)s."),
    ),
    "ended_after": (
        N_("As the table agreed, the game ended early, after hand %(number)s."),
        N_("As the table agreed, the game ended early, after deal %(number)s."),
        N_("As the table agreed, the game ended early, after round %(number)s."),
    ),
}
HAND, DEAL, ROUND = (
    RoundWords(**{which: sentences[column] for which, sentences in _SENTENCES.items()}) for column in range(3)
)


@dataclass(frozen=True)
class Line:
    """A horizontal line worth drawing on the chart: a value and its label (format, params)."""

    value: int
    label: str
    params: Mapping[str, Any] = field(default_factory=dict)


def _no_line(_setup: Setup) -> Line | None:
    return None


def _from_zero(_setup: Setup) -> int:
    return 0


@dataclass(frozen=True)
class Chart:
    """The running-totals chart: what is counted, where players start, and a line to draw."""

    counted: str = N_("points")
    start: Callable[[Setup], int] = _from_zero
    line: Callable[[Setup], Line | None] = _no_line


def _no_facts(_setup: Setup) -> Mapping[str, Any]:
    return {}


def _applies_always(_name: str, _options: Mapping[str, Any]) -> bool:
    return True


def _no_plans(_setup: Setup, _standings: Standings) -> Sequence[Any]:
    return ()


@dataclass(frozen=True)
class Column:
    """One column the printed score sheet gives each player: its class (``score``, ``total``, ``bid``),
    its heading (marked N_, or a sign), the figure of a round it shows for a player, and whether
    that figure is written with its sign (+3, −2) or plain."""

    name: str
    heading: str
    figure: Callable[[RoundResult, str], int]
    signed: bool = False


def round_score(result: RoundResult, player: str) -> int:
    return result.scores[player]


def running_total(result: RoundResult, player: str) -> int:
    return result.totals[player]


def score_and_total(score: str, total: str = N_("total"), *, signed: bool = False) -> tuple[Column, ...]:
    """The columns most games give a player: the round's score, then the running total."""
    return Column("score", score, round_score, signed), Column("total", total, running_total)


@dataclass(frozen=True)
class BetweenSides:
    """A narrow column between the first side's columns and the second's, on the printed sheet, the blank
    sheet and the table's grid: its heading (marked N_) and what its cell says after a round ("" for
    nothing), figures and signs rather than words, as a sheet's margin note (Belote's litige points)."""

    heading: str
    cell: Callable[[RoundResult], str]


@dataclass(frozen=True)
class Paper:
    """The printed score sheet and the blank sheet.

    ``always_shown`` options are printed on the sheet whatever their value; the others when
    they differ from their default and ``applies(name, options)``. ``plans`` gives each played
    round's printed instructions (the sheet's ``lead_cells`` receive one each). ``blank(seats,
    choices)`` gives the blank sheet's data for seat letters and the values chosen for
    ``blank_choices`` (query name and the choice option offering the values). ``columns`` are
    each player's columns on the score sheet (a round's score and the running total, unless the
    game needs more: a bid beside the tricks, chips beside the balance); ``side_columns`` are each
    side's, after the players', in a game played in sides (each column's figure is given the side's name);
    ``between_sides`` is a narrow column between the first side's columns and the second's
    (:class:`BetweenSides`), on paper and on the table's grid.
    """

    blank: Callable[[tuple[str, ...], Mapping[str, Any]], Mapping[str, Any]]
    columns: tuple[Column, ...] = score_and_total(N_("round"))
    always_shown: tuple[str, ...] = ()
    applies: Callable[[str, Mapping[str, Any]], bool] = _applies_always
    plans: Callable[[Setup, Standings], Sequence[Any]] = _no_plans
    blank_choices: tuple[tuple[str, Option], ...] = ()
    side_columns: tuple[Column, ...] = ()
    between_sides: BetweenSides | None = None


@dataclass(frozen=True)
class Stat:
    """One figure of the players' records, ``name`` in the API, ``label`` (marked N_) on the pages.

    It is the sum over the games of the tally ``of`` (default: ``name``) or, with ``per``, an
    average: that sum divided by the sum of the tally ``per`` (hands, rounds).
    """

    name: str
    label: str
    of: str | None = None
    per: str | None = None

    @property
    def counted(self) -> str:
        return self.of or self.name


def _no_tally(_setup: Setup, _standings: Standings) -> Mapping[str, Mapping[str, int]]:
    return {}


def count_events(counts: dict[str, dict[str, int]], standings: Standings, counted: Mapping[type[Event], str]) -> None:
    """Add one to ``counts[player][word]`` for each event of a kind counted as ``word`` that names that player."""
    for result in standings.rounds:
        for event in result.events:
            word = counted.get(type(event))
            name = getattr(event, "name", None)
            if word is not None and name in counts:
                counts[name][word] += 1


@dataclass(frozen=True)
class Records:
    """What the players' records count in one game, from its setup and replayed standings.

    ``tally(setup, standings)`` gives ``{player: {name: number}}`` for one game (whole numbers, so
    they add up across games); ``stats`` says which figures the records show, in order.
    """

    tally: Callable[[Setup, Standings], Mapping[str, Mapping[str, int]]] = _no_tally
    stats: tuple[Stat, ...] = ()


@dataclass(frozen=True)
class Sample:
    """A game as a table plays it, from which every generic test runs (pages, paper, exports, records).

    ``rounds`` are the inputs as the JSON API takes them; ``winners`` are who the rules say won once
    the rounds end the game, none while it goes on. ``name`` tells it apart in test ids ("finished").
    """

    name: str
    players: tuple[str, ...]
    rounds: tuple[Mapping[str, Any], ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    dealer: str | None = None
    winners: tuple[str, ...] = ()

    @property
    def finished(self) -> bool:
        return bool(self.winners)


@dataclass(frozen=True)
class GameSpec:
    """Everything referee knows of one game, in one place."""

    rules: Game
    round_form: RoundForm
    words: RoundWords
    events: tuple[type[Event], ...]
    paper: Paper
    chart: Chart = Chart()
    facts: Callable[[Setup], Mapping[str, Any]] = _no_facts  # numbers of the rules its templates show
    # The module of the game's web face, if it has one (its own pages, API or panels): it holds a
    # Flask Blueprint ``bp``, which the app factory imports and registers once the registry is complete.
    # Named, not imported, so that the game's pure part never loads Flask.
    web: str | None = None
    records: Records | None = None  # what the players' records count in this game, if anything
    # The round form is the same whatever came before it (it shows no dealer, elder or stakes): a phone
    # without a connection may fill in the next round while the one before waits to be sent.
    form_ahead: bool = False
    # The game's package folder, if it has a ``static/`` (its scripts and styles, served under
    # ``/static/<name>/``) or a ``translations/`` (its words, merged with the app's) of its own.
    folder: Path | None = None
    # Its sample games (``examples.py``): a game in progress, a finished one… Every generic test plays them.
    samples: tuple[Sample, ...] = ()
    # The form of the part of a round announced before its play, for a game whose rules announce one
    # (:class:`~referee.games.base.Announcing`): ``to_input`` gives the part posted (a player left blank
    # is left out: the part is added to what is stored), ``values`` shows a stored announcement. Its
    # fields are named as the round form's, so that the round form opens filled in with what was announced.
    announce_form: RoundForm | None = None
    # The game whose template folder (``templates/<game>/``) this one uses, when it shares that game's
    # package (a family of games on the same rules); its templates tell them apart by ``stored.game``.
    templates: str | None = None
    # Other names tables know the game by (Michigan's Boodle, Stops and Chicago): the list of games shows
    # them under its title, so a table finds it by the name it says. Names, not translated.
    aliases: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def title(self) -> str:
        return self.rules.title


def registry(specs: Sequence[GameSpec]) -> dict[str, GameSpec]:
    """The games by name, refusing two with the same name."""
    games: dict[str, GameSpec] = {}
    for spec in specs:
        if spec.name in games:
            raise ValueError(f"Two games are named {spec.name!r}.")
        games[spec.name] = spec
    return games
