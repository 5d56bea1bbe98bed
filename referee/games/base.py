"""The small surface every game implements, and the replay loop they share.

A game is a set of pure functions over plain data. The web layer only ever
talks to a game through :class:`Game`, so adding a game never touches it.

Messages are English format strings marked with :func:`N_` so that Babel can
extract them; the web layer translates them, the rules never do.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast


def N_(message: str) -> str:
    """Mark a message for translation without translating it (Babel keyword)."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural message for translation (Babel keyword), for ``ngettext``."""
    return singular, plural


@dataclass(frozen=True)
class Problem:
    """One refusal: the input field it concerns and why, with format values."""

    field: str
    message: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def render(self, translate: Callable[[str], str] = lambda text: text) -> str:
        return translate(self.message) % {key: in_words(value, translate) for key, value in self.params.items()}


def in_words(value: Any, translate: Callable[[str], str]) -> Any:
    """A message's value as the reader writes it: a card (:class:`referee.games.cards.Card`, anything with
    ``shown``) in their letters, anything else as it is."""
    shown = getattr(value, "shown", None)
    return value if shown is None else shown(translate)


class Invalid(Exception):
    """Raised by the rules with every problem found in one input."""

    def __init__(self, problems: Sequence[Problem]):
        super().__init__("; ".join(problem.render() for problem in problems))
        self.problems = tuple(problems)


def invalid(field_name: str, message: str, **params: Any) -> Invalid:
    return Invalid([Problem(field_name, message, params)])


class RoundInvalid(Invalid):
    """A stored round that no longer fits the rules (after an edit before it)."""

    def __init__(self, number: int, problems: Sequence[Problem]):
        super().__init__(problems)
        self.number = number


@dataclass(frozen=True)
class Option:
    """An option a table may set when it creates a game.

    ``kind`` is ``"int"``, ``"bool"``, ``"choice"`` or ``"names"``. ``choices`` pairs each
    allowed value with its label; ``nullable`` allows ``None`` (shown as
    ``none_label``) for options such as "no limit". A ``"names"`` option is a list of
    ``count`` distinct names of 1 to ``longest`` characters (a team's own name).
    """

    name: str
    kind: str
    default: Any
    label: str
    help: str
    choices: tuple[tuple[Any, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    none_label: str = N_("none")
    count: int = 0
    longest: int = 0

    def check(self, value: Any) -> Any:
        """Return the value if acceptable, else raise :class:`Invalid`."""
        where = f"options.{self.name}"
        if value is None:
            if self.nullable:
                return None
            raise invalid(where, N_("This option needs a value."))
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise invalid(where, N_("This option is yes or no (true or false)."))
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise invalid(where, N_("This option must be a whole number."))
            if self.minimum is not None and value < self.minimum:
                raise invalid(where, N_("This option must be at least %(minimum)s."), minimum=self.minimum)
            if self.maximum is not None and value > self.maximum:
                raise invalid(where, N_("This option must be at most %(maximum)s."), maximum=self.maximum)
            return value
        if self.kind == "names":
            return self._names(value, where)
        allowed = [choice for choice, _label in self.choices]
        for choice in allowed:
            if value == choice and type(value) is type(choice):
                return choice
        raise invalid(
            where,
            N_("This option must be one of: %(choices)s."),
            choices=", ".join(str(choice) for choice in allowed),
        )

    def _names(self, value: Any, where: str) -> list[str]:
        if not isinstance(value, list) or len(value) != self.count:
            raise invalid(where, N_("This option is a list of %(count)s names."), count=self.count)
        if not all(isinstance(name, str) for name in value):
            raise invalid(where, N_("Each name in this option must be text."))
        names = [normal_name(name) for name in value]
        if not all(names):
            raise invalid(where, N_("A name in this option cannot be empty."))
        for typed in value:
            problem = unseen_character_problem(where, unicodedata.normalize("NFC", typed).strip())
            if problem is not None:
                raise Invalid([problem])
        if any(len(name) > self.longest for name in names):
            raise invalid(where, N_("A name in this option is at most %(longest)s characters."), longest=self.longest)
        if len({name.casefold() for name in names}) < len(names):
            raise invalid(where, N_("The names in this option must differ."))
        return names


@dataclass(frozen=True)
class Setup:
    """Everything fixed when a game is created."""

    players: tuple[str, ...]
    dealer: int
    options: Mapping[str, Any]

    def seat(self, name: str) -> int:
        return self.players.index(name)


@dataclass(frozen=True)
class Event:
    """Something the rules say happened in a round: a moon, a queen collected, a repique.

    Events are data: each game defines small frozen subclasses whose fields say who (and
    which card). ``str(event)`` is the JSON API's short form, the ``word`` then each value of
    :meth:`subject` (``moon:Bruno``, ``queen:S:Alice``); :meth:`describe` words it for people
    from ``message``, an English format string marked for translation, and :meth:`params`.
    ``strong`` marks the events a page sets in bold.
    """

    word: ClassVar[str]
    message: ClassVar[str]
    strong: ClassVar[bool] = False

    def __str__(self) -> str:
        return ":".join([self.word, *self.subject()])

    def subject(self) -> tuple[str, ...]:
        return tuple(str(getattr(self, name)) for name in _field_names(type(self)))

    def params(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _field_names(type(self))}

    def describe(self, translate: Callable[[str], str] = lambda text: text) -> str:
        return translate(self.message) % self.params()


# Every round's events are written for the API: each kind's fields, found once.
_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {}


def _field_names(kind: type[Event]) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(field.name for field in dataclasses.fields(kind))
    return names


@dataclass(frozen=True)
class PlayerEvent(Event):
    """An event about one player, ``name`` (a moon, a player gone out). A kind of it adds its ``word``
    and ``message`` (and a docstring saying when it happens), nothing else."""

    name: str


@dataclass(frozen=True)
class Side:
    """A fixed partnership's figures, after one round or after the game so far.

    ``counts`` holds the game's own running counts beside the points (Spades' bags); the JSON API
    shows them as keys of the side's object, after ``name``, ``players``, ``score`` and ``total``.
    """

    name: str
    players: tuple[str, ...]
    score: int
    total: int
    counts: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "players": list(self.players),
            "score": self.score,
            "total": self.total,
            **self.counts,
        }


@dataclass(frozen=True)
class Next:
    """What the table does next: the round's number, who deals it, then the game's own facts.

    The JSON API shows it as one flat object (``{"round": 5, "dealer": "Bruno", "pass": "left", …}``).
    """

    round: int
    dealer: str
    facts: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"round": self.round, "dealer": self.dealer, **self.facts}


@dataclass(frozen=True)
class Details:
    """What the pages show about one round beyond its scores: who dealt it, then the game's own facts.

    Every game deals, so the dealer is here; a game with more to show (Hearts' moon, Queenie's chips
    on the table, Piquet's lines) declares a frozen subclass in its rules. Details are for the pages
    and printed sheets only: the JSON API does not show them.
    """

    dealer: str


DetailsT = TypeVar("DetailsT", bound=Details, covariant=True)


@dataclass(frozen=True)
class RoundResult(Generic[DetailsT]):
    """One round after scoring. ``details`` is the game's own :class:`Details`; ``sides`` is filled
    by games played in fixed partnerships (each partner's ``scores`` and ``totals`` show the side's).

    A game gives its details made. A round read back from a kept replay (:mod:`referee.games.pickled`)
    holds them as a :class:`Later` instead, made the first time ``details`` is read (only the pages show
    them): reading ``details`` always gives the game's :class:`Details`, the same value as given.
    """

    number: int
    input: Mapping[str, Any]
    scores: Mapping[str, int]
    totals: Mapping[str, int]
    events: tuple[Event, ...]
    details: DetailsT
    sides: tuple[Side, ...] = ()


class Later:
    """A round's details to be made when first read (:class:`RoundResult`): a kind of it says how (:meth:`make`)."""

    __slots__ = ()

    def make(self) -> Details:
        raise NotImplementedError


class _MadeWhenRead:
    """``RoundResult.details``: the value as given, or, given a :class:`Later`, what it makes, made once."""

    def __get__(self, result: RoundResult[Any] | None, owner: type | None = None) -> Any:
        if result is None:
            raise AttributeError("details")  # no default: a dataclass asks the class for one
        value = result.__dict__["details"]
        if isinstance(value, Later):
            value = result.__dict__["details"] = value.make()
        return value

    def __set__(self, result: RoundResult[Any], value: Any) -> None:
        result.__dict__["details"] = value  # by the dataclass's __init__ only: the result is frozen


setattr(RoundResult, "details", _MadeWhenRead())  # noqa: B010 (after the dataclass made its fields)


def held_details(result: RoundResult[Any]) -> Details | Later:
    """A round's details as it holds them: made, or still :class:`Later`."""
    return cast(Details | Later, result.__dict__["details"])


@dataclass(frozen=True)
class Standings:
    """The whole game derived from its inputs.

    ``ranking`` lists (place, player) best first, ties sharing a place.
    ``next`` is what the table does next (``None`` once finished). ``extra``
    holds game-specific top-level facts for the API (e.g. Piquet's result).
    """

    rounds: tuple[RoundResult[Details], ...]
    totals: Mapping[str, int]
    status: str
    winners: tuple[str, ...]
    ranking: tuple[tuple[int, str], ...]
    next: Next | None
    extra: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    sides: tuple[Side, ...] = ()  # a partnership game's sides after the last round

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def side_ranking(self) -> tuple[tuple[int, Side], ...]:
        """The sides best first, as the players' ranking orders them; sides level share a place (1, 1)."""
        ranked: list[tuple[int, Side]] = []
        previous = 0  # the players' place of the side ranked last
        for place, player in self.ranking:
            side = next((side for side in self.sides if player in side.players), None)
            if side is None or any(side.name == other.name for _place, other in ranked):
                continue
            ranked.append((ranked[-1][0] if place == previous else len(ranked) + 1, side))
            previous = place
        return tuple(ranked)

    @property
    def winning_side(self) -> Side | None:
        """The partnership that won, when the winners are exactly both partners of one side."""
        for side in self.sides:
            if len(side.players) > 1 and set(side.players) == set(self.winners):
                return side
        return None


class Game(Protocol):
    """What every game's rules module provides (``referee/games/<game>/rules.py``).

    A game is a fold: ``initial`` gives the state before round 1, ``check_round``
    validates one raw input against the state so far and returns it in canonical
    form, ``play`` scores it into the next state, and ``standings`` describes a
    state to the table. The state type is the game's own business.
    """

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def options(self) -> tuple[Option, ...]: ...

    def check_setup(self, setup: Setup) -> None:
        """Refuse option combinations that do not fit the players (raise Invalid)."""

    def initial(self, setup: Setup) -> Any: ...

    def check_round(self, setup: Setup, state: Any, raw: Any) -> dict[str, Any]: ...

    def play(self, setup: Setup, state: Any, round_input: Mapping[str, Any]) -> Any: ...

    def is_over(self, setup: Setup, state: Any) -> bool: ...

    def standings(self, setup: Setup, state: Any) -> Standings: ...


class Announcing(Protocol):
    """What a game adds to :class:`Game` when part of its round is said before the play.

    Bids in Oh Hell and Spades; a taker, a contract and a called king in the French games.
    ``announced`` names the keys of the round input that are announced. Between two rounds the table
    may store the announcement ahead, in parts, as it is said (every watching phone sees it during the
    play); a round then completes it (:func:`complete_round`). A round entered in one step (a paper
    sheet, an API client) carries the announced keys itself, and :meth:`Game.check_round` checks
    them as it checks the rest.
    """

    @property
    def announced(self) -> tuple[str, ...]: ...

    def announce(self, setup: Setup, state: Any, stored: Mapping[str, Any], raw: Any) -> dict[str, Any]:
        """``stored`` (the announcement so far, ``{}`` for none) with the part ``raw`` added, in
        canonical form, checked against the state before the round as far as it goes (the dealer's
        hook once every player has bid). Raises :class:`Invalid` naming the field and the player."""

    def announced_facts(self, setup: Setup, state: Any, stored: Mapping[str, Any]) -> Mapping[str, Any]:
        """What the table is told about the announcement so far (added to ``next`` in the JSON API:
        Oh Hell's ``bids``, ``bid_total`` and ``forbidden_bid``), also for an empty one."""


class Stoppable(Protocol):
    """What a game adds to :class:`Game` when its rules let a table end it early, at an agreed time.

    The table's stop is not a round: it is kept with the game (after which round the game ends) and
    the rules say what ending there makes of the game. Queenie's rules let a table stop; the app
    suggests finishing the current turn of the deal so that everyone has dealt equally often.
    """

    def stopped(self, setup: Setup, state: Any) -> Any:
        """The state of the game ended by the table after the rounds of ``state``: over (``is_over``),
        its standings finished, naming the winners (ties share), as at any end of the game."""

    def turn_left(self, setup: Setup, state: Any) -> int:
        """How many more rounds finish the current turn of the deal (0 when it is complete)."""


def stoppable(game: Game) -> Stoppable | None:
    """The game's stopping part, if its rules let a table end it early (None otherwise)."""
    return cast(Stoppable, game) if callable(getattr(game, "stopped", None)) else None


def announced_keys(game: Game) -> tuple[str, ...]:
    """The keys of a game's round input said before the play (none for a game without an announcement)."""
    return tuple(getattr(game, "announced", ()))


def complete_round(game: Game, stored: Mapping[str, Any], raw: Any) -> Any:
    """A round's input completed by the stored announcement: a round that carries none of the
    announced keys takes the stored ones; one that carries any of them is entered in one step and
    the stored announcement is not used."""
    keys = announced_keys(game)
    if not keys or not isinstance(raw, dict) or any(key in raw for key in keys):
        return raw
    return {**{key: stored[key] for key in keys if key in stored}, **raw}


class OverBefore(RoundInvalid):
    """Round ``number`` comes after the game ended: no change to it can make it fit, only undoing it."""

    def __init__(self, number: int):
        super().__init__(
            number, [Problem("round", N_("The game was already over before round %(number)s."), {"number": number})]
        )


def replay_checked(game: Game, setup: Setup, inputs: Sequence[Any]) -> tuple[Any, list[dict[str, Any]]]:
    """Fold every input, re-validating each against the game before it.

    Returns the final state and every input in canonical form. Raises
    :class:`RoundInvalid` naming the first round that does not fit (after a
    correction earlier on, or a round after the end).
    """
    state = game.initial(setup)
    accepted: list[dict[str, Any]] = []
    for number, raw in enumerate(inputs, start=1):
        if game.is_over(setup, state):
            raise OverBefore(number)
        try:
            round_input = game.check_round(setup, state, raw)
        except Invalid as error:
            raise RoundInvalid(number, error.problems) from error
        state = game.play(setup, state, round_input)
        accepted.append(round_input)
    return state, accepted


def replay_state(game: Game, setup: Setup, inputs: Sequence[Any]) -> Any:
    return replay_checked(game, setup, inputs)[0]


def ended_as_agreed(game: Game, setup: Setup, state: Any, played: int, stop_after: int | None) -> Any:
    """The state after ``played`` rounds, ended by the table if it agreed to stop after round ``stop_after``
    (:class:`Stoppable`) and that round is played; else ``state`` as it is."""
    rules = stoppable(game)
    if rules is None or stop_after is None or played < stop_after:
        return state
    return rules.stopped(setup, state)


def replay(game: Game, setup: Setup, inputs: Sequence[Any], stop_after: int | None = None) -> Standings:
    """The standings of ``inputs`` replayed, the game ended where the table agreed to stop (``stop_after``)."""
    return game.standings(
        setup, ended_as_agreed(game, setup, replay_state(game, setup, inputs), len(inputs), stop_after)
    )


NAME_LENGTH = 30
# Characters a name may not hold: controls, format characters (zero-width space, BOM, bidi
# overrides), private use, surrogates, unassigned, line and paragraph separators.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
# The zero-width joiners belong inside emoji ("👩\u200d👧"): allowed there only, after a symbol (or its
# skin tone or emoji presentation) and before a symbol; between letters they make "a\u200db" look like "ab".
_JOINERS = frozenset("\u200c\u200d")
_BEFORE_A_JOINER = frozenset({"So", "Sk"})
_EMOJI_PRESENTATION = frozenset("\ufe0e\ufe0f")
# Letters and signs that show as nothing: the Hangul fillers, the blank Braille cell, the grapheme joiner,
# Khmer's inherent vowels.
_BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")


def normal_name(text: str) -> str:
    """A typed name as it is kept: Unicode NFC, trimmed, each run of spaces one ordinary space."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def name_key(name: str) -> str:
    """What makes two names the same: "alice", "Alice " and "ALICE" are one player."""
    return unicodedata.normalize("NFC", normal_name(name).casefold())


def _name_problem(field_name: str, typed: str) -> Problem | None:
    """Why a typed name cannot be a player's, or None."""
    name = unicodedata.normalize("NFC", typed).strip()
    if not name:
        return Problem(field_name, N_("A player needs a name."))
    problem = unseen_character_problem(field_name, name)
    if problem is not None:
        return problem
    length = len(normal_name(name))
    if length > NAME_LENGTH:
        return Problem(
            field_name,
            N_("A name has at most %(maximum)s characters (this one has %(count)s)."),
            {"maximum": NAME_LENGTH, "count": length},
        )
    return None


def unseen_character_problem(field_name: str, name: str) -> Problem | None:
    """Why a name (NFC, trimmed, not empty) would not be seen as typed: an invisible or control character,
    nothing visible at all, a blank-looking character or a joiner between letters; or None. A player's
    name and a team's (an option of kind ``names``) are refused alike."""
    for char in name:
        if unicodedata.category(char) in _HIDDEN_CATEGORIES and char not in _JOINERS:
            return Problem(
                field_name,
                N_("This name holds an invisible or control character (%(code)s): type it again without it."),
                {"code": f"U+{ord(char):04X}"},
            )
    if not any(unicodedata.category(char)[0] in "LNPS" for char in name):
        return Problem(field_name, N_("A name needs at least one letter, digit or sign that can be seen."))
    for index, char in enumerate(name):
        if char in _BLANK_LOOKING:
            message = N_("This name holds a character that looks blank (%(character)s): type it again without it.")
        elif char in _JOINERS and not _joins_an_emoji(name, index):
            message = N_(
                "This name holds an invisible joiner between letters (%(character)s): type it again without it."
            )
        else:
            continue
        return Problem(field_name, message, {"character": f"U+{ord(char):04X} {unicodedata.name(char, '')}".strip()})
    return None


def _joins_an_emoji(name: str, index: int) -> bool:
    """Whether the joiner at ``index`` sits inside an emoji sequence: a symbol before it, a symbol after."""
    before = name[index - 1] if index > 0 else ""
    after = name[index + 1] if index + 1 < len(name) else ""
    symbol_before = bool(before) and (before in _EMOJI_PRESENTATION or unicodedata.category(before) in _BEFORE_A_JOINER)
    return symbol_before and bool(after) and unicodedata.category(after) == "So"


def check_players(game: Game, raw_players: Any) -> tuple[str, ...]:
    """The names normalised (NFC, trimmed, inner spaces collapsed), unique whatever their capitals,
    without invisible or control characters, as many as the game allows."""
    if not isinstance(raw_players, list) or not all(isinstance(name, str) for name in raw_players):
        raise invalid("players", N_("Players must be a list of names."))
    names = [normal_name(name) for name in raw_players]
    problems = []
    seen: dict[str, str] = {}
    for index, (typed, name) in enumerate(zip(raw_players, names, strict=True)):
        where = f"players.{index}"
        problem = _name_problem(where, typed)
        if problem is not None:
            problems.append(problem)
            continue
        earlier = seen.get(name_key(name))
        if earlier == name:
            problems.append(Problem(where, N_("%(name)s is already playing."), {"name": name}))
        elif earlier is not None:
            problems.append(
                Problem(
                    where,
                    N_("%(typed)s is the same name as %(name)s, already playing: capitals and spaces do not count."),
                    {"typed": name, "name": earlier},
                )
            )
        else:
            seen[name_key(name)] = name
    if not game.min_players <= len(names) <= game.max_players:
        if game.min_players == game.max_players:
            problems.append(
                Problem("players", N_("This game needs exactly %(count)s players."), {"count": game.min_players})
            )
        else:
            problems.append(
                Problem(
                    "players",
                    N_("This game needs %(minimum)s to %(maximum)s players."),
                    {"minimum": game.min_players, "maximum": game.max_players},
                )
            )
    if problems:
        raise Invalid(problems)
    return tuple(names)


def check_options(game: Game, raw: Any) -> dict[str, Any]:
    """Every option with its effective value; unknown names and bad values refused."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise invalid("options", N_("Options must be an object of names and values."))
    known = {option.name: option for option in game.options}
    problems = [
        Problem(f"options.{name}", N_("Unknown option %(name)s."), {"name": name}) for name in raw if name not in known
    ]
    values = {}
    for option in game.options:
        try:
            values[option.name] = option.check(raw[option.name]) if option.name in raw else option.default
        except Invalid as error:
            problems.extend(error.problems)
    if problems:
        raise Invalid(problems)
    return values


def make_setup(game: Game, raw_players: Any, raw_options: Any, raw_dealer: Any = None) -> Setup:
    """Validate a new game's players, first dealer and options together."""
    problems: list[Problem] = []
    players: tuple[str, ...] = ()
    options: dict[str, Any] = {}
    try:
        players = check_players(game, raw_players)
    except Invalid as error:
        problems.extend(error.problems)
    try:
        options = check_options(game, raw_options)
    except Invalid as error:
        problems.extend(error.problems)
    dealer = 0
    if raw_dealer is not None and players:
        keys = [name_key(player) for player in players]
        if not isinstance(raw_dealer, str) or name_key(raw_dealer) not in keys:
            problems.append(Problem("dealer", N_("The first dealer must be one of the players.")))
        else:
            dealer = keys.index(name_key(raw_dealer))
    if problems:
        raise Invalid(problems)
    setup = Setup(players=players, dealer=dealer, options=settled_options(game, players, options))
    game.check_setup(setup)
    return setup


def settled_options(game: Game, players: tuple[str, ...], options: dict[str, Any]) -> dict[str, Any]:
    """The options as a game keeps them: one whose options depend on one another or on the number of
    players (its ``settle_options``) fills in those left empty where they apply; any other keeps them."""
    settle = getattr(game, "settle_options", None)
    return options if settle is None else settle(players, options)


def rank(totals: Mapping[str, int], high_wins: bool) -> tuple[tuple[int, str], ...]:
    """Places best first; equal totals share a place (1, 1, 3)."""
    order = sorted(totals, key=lambda name: -totals[name] if high_wins else totals[name])
    ranking: list[tuple[int, str]] = []
    for index, name in enumerate(order):
        tied_with_previous = index and totals[name] == totals[order[index - 1]]
        place = ranking[-1][0] if tied_with_previous else index + 1
        ranking.append((place, name))
    return tuple(ranking)


def best(totals: Mapping[str, int], high_wins: bool) -> tuple[str, ...]:
    """Every player sharing the best total, in seat order."""
    target = max(totals.values()) if high_wins else min(totals.values())
    return tuple(name for name, total in totals.items() if total == target)


def player_name(setup: Setup, value: Any, field_name: str, *, allow_none: bool = False) -> str | None:
    """One of the game's players by exact name (or None when allowed)."""
    if value is None and allow_none:
        return None
    if isinstance(value, str) and value in setup.players:
        return value
    if isinstance(value, str) and normal_name(value) in setup.players:
        return normal_name(value)  # typed another way (decomposed accents, spaces around)
    if value is None or value == "":
        raise invalid(field_name, N_("Choose a player."))
    raise invalid(field_name, N_("%(value)s is not a player in this game."), value=str(value)[:40])


def whole_number(value: Any, field_name: str, minimum: int, maximum: int) -> int:
    """An int within bounds (JSON booleans and floats refused)."""
    if isinstance(value, bool) or not isinstance(value, int):
        if value is None or value == "":
            raise invalid(field_name, N_("Enter a number."))
        raise invalid(field_name, N_("Enter a whole number."))
    if value < minimum:
        raise invalid(field_name, N_("This cannot be less than %(minimum)s."), minimum=minimum)
    if value > maximum:
        raise invalid(field_name, N_("This cannot be more than %(maximum)s."), maximum=maximum)
    return value


_REQUIRED = object()


def per_key(
    value: Any,
    field_name: str,
    keys: Sequence[str],
    check: Callable[[Any, str], Any],
    *,
    not_an_object: str,
    unknown: str,
    missing: str = N_("Missing a value for %(name)s."),
    default: Any = _REQUIRED,
) -> dict[str, Any]:
    """An object with one checked entry per key (players, roles, queens), in the keys' order.

    Unknown keys are refused with ``unknown`` (param ``value``); a missing key
    takes ``default`` if one is given, else is refused with ``missing`` (param ``name``).
    """
    if value is None and default is not _REQUIRED:
        value = {}
    if not isinstance(value, dict):
        raise invalid(field_name, not_an_object)
    problems = [
        Problem(f"{field_name}.{str(key)[:40]}", unknown, {"value": str(key)[:40]}) for key in value if key not in keys
    ]
    checked = {}
    for key in keys:
        where = f"{field_name}.{key}"
        if key not in value:
            if default is _REQUIRED:
                problems.append(Problem(where, missing, {"name": key}))
            else:
                checked[key] = default
            continue
        try:
            checked[key] = check(value[key], where)
        except Invalid as error:
            problems.extend(error.problems)
    if problems:
        raise Invalid(problems)
    return checked


def per_player(setup: Setup, value: Any, field_name: str, check: Callable[[Any, str], Any]) -> dict[str, Any]:
    """A mapping with exactly one checked entry per player, in seat order."""
    return per_key(
        value,
        field_name,
        setup.players,
        check,
        not_an_object=N_("Give a value for every player."),
        unknown=N_("%(value)s is not a player in this game."),
    )


def only_fields(raw: Any, allowed: Sequence[str]) -> dict[str, Any]:
    """The round input as an object, refusing names the game does not know."""
    if not isinstance(raw, dict):
        raise invalid("input", N_("A round must be an object of fields."))
    unknown = [name for name in raw if name not in allowed]
    if unknown:
        raise Invalid(
            [Problem(str(name)[:40], N_("Unknown field %(name)s."), {"name": str(name)[:40]}) for name in unknown]
        )
    return raw
