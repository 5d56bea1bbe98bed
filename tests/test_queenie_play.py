"""The Queenie play-along machine: the two traces answer by answer, flags, and properties over random deals."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.base import Invalid, make_setup
from referee.games.queenie import play as qp
from referee.games.queenie import rules as queenie

FOUR = ["A", "B", "C", "D"]


def hands_of(text: str) -> dict[str, list[str]]:
    """Hands written as in the issue: "A 8♠ 10♠ · B A♥ … · dead 2♠ …"."""
    hands: dict[str, list[str]] = {}
    for part in text.split("·"):
        owner, *cards = part.split()
        hands[owner] = [card.replace("10", "T").translate(str.maketrans("♠♥♦♣", "SHDC")) for card in cards]
    return hands


# Trace A (issue 6): A deals, keeps and sells the spare packet to C.
TRACE_A_HANDS = hands_of(
    "A 8♠ 10♠ K♠ 3♥ J♥ Q♥ 2♦ 3♦ 7♦ J♦ · B A♥ 6♥ 7♥ 10♥ K♥ 5♦ 6♦ A♣ 4♣ 6♣ 8♣ · "
    "C A♠ 5♠ 9♠ 5♥ 9♥ 9♦ Q♦ 2♣ 5♣ K♣ · D 4♠ 6♠ 7♠ A♦ 8♦ 10♦ K♦ 7♣ 10♣ J♣ · "
    "dead 2♠ 3♠ J♠ Q♠ 2♥ 4♥ 8♥ 4♦ 3♣ 9♣ Q♣"
)
# Each step: the question asked (kind, card or player and colour), the answer, as in the play line.
TRACE_A: list[tuple[tuple[str, str], str | None]] = [
    (("open", "AD"), "D"),
    (("next", "2D"), "A"),
    (("next", "3D"), "A"),
    (("next", "4D"), None),  # dead: stop
    (("lowest", "A black"), "8S"),
    (("next", "9S"), "C"),
    (("next", "TS"), "A"),
    (("next", "JS"), None),  # dead: stop
    (("lowest", "A red"), "3H"),
    (("next", "4H"), None),  # dead: stop
    (("lowest", "A black"), "KS"),  # a king: stop
    (("lowest", "A red"), "7D"),
    (("next", "8D"), "D"),
    (("next", "9D"), "C"),
    (("next", "TD"), "D"),
    (("next", "JD"), "A"),
    (("next", "QD"), "C"),
    (("next", "KD"), "D"),  # a king: stop
    (("lowest", "D black"), "4S"),
    (("next", "5S"), "C"),
    (("next", "6S"), "D"),
    (("next", "7S"), "D"),  # 8♠ already played: stop
    (("lowest", "D red"), None),  # D has none: passes to the left
    (("lowest", "A red"), "JH"),
    (("next", "QH"), "A"),  # A's last card: out
]

# Trace B: a blocked deal after a black run (the seed: the last run leaves nobody with a card of the
# other colour). Four players, B deals and keeps, nobody buys: hands 11, 11, 10 from B's left and B's 10.
# The dead packet holds Q♦ K♦ Q♥ K♥, so the two red runs stop on their queens and every red card still in a
# hand gets played; the clubs run then ends on K♣ and nobody has a red card left. Only Q♣ is played, by C,
# and nobody goes out: worked example Q3 of the rules.
TRACE_B_HANDS = hands_of(
    "A 2♦ 7♦ J♦ A♠ 5♠ 9♠ 3♥ 8♥ 6♣ 10♣ · B 5♦ 8♦ 3♠ 6♠ 10♠ A♥ 6♥ 10♥ 7♣ J♣ · "
    "C 3♦ 4♦ 9♦ 2♠ 7♠ 8♠ J♠ 4♥ 7♥ 8♣ Q♣ · D A♦ 6♦ 10♦ K♠ 2♥ 5♥ 9♥ J♥ 5♣ 9♣ K♣ · "
    "dead Q♦ K♦ Q♥ K♥ 4♠ Q♠ A♣ 2♣ 3♣ 4♣"
)


def run(cards: str, players: str) -> list[tuple[tuple[str, str], str | None]]:
    """A run answered card after card: "2D 3D" by "AC"."""
    return [(("next", card), player) for card, player in zip(cards.split(), players, strict=True)]


TRACE_B: list[tuple[tuple[str, str], str | None]] = [
    (("open", "AD"), "D"),
    *run("2D 3D 4D 5D 6D 7D 8D 9D TD JD", "ACCBDABCDA"),
    (("next", "QD"), None),  # dead: stop
    (("lowest", "A black"), "AS"),
    (("next", "2S"), "C"),
    (("next", "3S"), "B"),
    (("next", "4S"), None),  # dead: stop
    (("lowest", "B red"), "AH"),
    *run("2H 3H 4H 5H 6H 7H 8H 9H TH JH", "DACDBCADBD"),
    (("next", "QH"), None),  # dead: stop
    (("lowest", "D black"), "5C"),
    *run("6C 7C 8C 9C TC JC QC KC", "ABCDABCD"),
    (("lowest", "D red"), None),  # after the king of clubs nobody has a red card
    (("lowest", "A red"), None),
    (("lowest", "B red"), None),
    (("lowest", "C red"), None),  # all the way round: blocked
]


def four(dealer: str) -> Any:
    return make_setup(queenie, FOUR, {}, dealer)


def asked(deal: qp.Deal) -> tuple[str, str]:
    question = deal.question
    assert question is not None, "the deal ended too early"
    if question.kind == "lowest":
        return ("lowest", f"{question.player} {question.colour}")
    return (question.kind, question.card or "")


def replay_trace(deal: qp.Deal, trace: Sequence[tuple[tuple[str, str], str | None]]) -> qp.Deal:
    for step, (question, value) in enumerate(trace, start=1):
        assert asked(deal) == question, f"step {step}"
        assert value in qp.choices(deal), f"step {step}"
        deal = qp.answer(deal, value)
    return deal


def test_trace_a_answer_by_answer() -> None:
    start = qp.start_deal(four("A"), FOUR, "A", "C")
    assert start.seats == ("B", "C", "D", "A")
    assert dict(start.dealt) == {"B": 11, "C": 10, "D": 10, "A": 10}
    assert {player: len(cards) for player, cards in TRACE_A_HANDS.items()} == {**start.dealt, "dead": 11}
    deal = replay_trace(start, TRACE_A)
    assert deal.over and deal.out == "A" and not deal.blocked
    assert deal.queens == {"S": None, "H": "A", "D": "C", "C": None}
    assert deal.flags == ()
    assert len(deal.answers) == 25
    assert deal.result()["cards_left"] == {"B": 11, "C": 6, "D": 3, "A": 0}
    stops = [(event.card, event.how) for event in deal.events if event.kind == "stop"]
    assert stops == [("4D", "dead"), ("JS", "dead"), ("4H", "dead"), ("KS", "king"), ("KD", "king"), ("8S", "played")]
    assert [(event.kind, event.player, event.colour) for event in deal.events if event.kind == "none"] == [
        ("none", "D", "red")
    ]


def test_trace_b_blocked_after_a_black_run() -> None:
    start = qp.start_deal(four("B"), FOUR, "B", None)
    assert start.seats == ("C", "D", "A", "B")
    assert dict(start.dealt) == {"C": 11, "D": 11, "A": 10, "B": 10}
    assert {player: len(cards) for player, cards in TRACE_B_HANDS.items()} == {**start.dealt, "dead": 10}
    deal = replay_trace(start, TRACE_B)
    assert deal.over and deal.blocked and deal.out is None
    assert deal.queens == {"S": None, "H": None, "D": None, "C": "C"}
    assert deal.flags == ()
    assert deal.events[-1] == qp.Event("blocked", colour="red")
    assert deal.result()["cards_left"] == {"C": 3, "D": 1, "A": 2, "B": 2}
    # The form filled from it is worked example Q3's deal.
    state = queenie.initial(four("B"))
    raw = {
        "stakes": {"A": "C", "B": "C", "C": "D", "D": "S"},
        "dealer_choice": "keep",
        "buyer": None,
        "queens": deal.queens,
        "out": deal.out,
        "referee": deal.record(),
    }
    after = queenie.play(four("B"), state, queenie.check_round(four("B"), state, raw))
    assert after.chips == {"A": 18, "B": 18, "C": 20, "D": 18}
    assert after.table == {"S": 1, "H": 0, "D": 1, "C": 0, "pot": 4}


@pytest.mark.parametrize(
    ("hands", "trace", "dealer", "buyer"),
    [(TRACE_A_HANDS, TRACE_A, "A", "C"), (TRACE_B_HANDS, TRACE_B, "B", None)],
    ids=["A", "B"],
)
def test_the_traces_are_what_an_honest_table_answers(
    hands: dict[str, list[str]], trace: list[Any], dealer: str, buyer: str | None
) -> None:
    """The scripted answers are exactly those of a table holding these hands and playing correctly."""
    table = Table({player: cards for player, cards in hands.items() if player != "dead"})
    deal = qp.start_deal(four(dealer), FOUR, dealer, buyer)
    answers = []
    while not deal.over:
        value = table.answer(deal)
        answers.append(value)
        deal = qp.answer(deal, value)
    assert answers == [value for _question, value in trace]


# --- flags -------------------------------------------------------------------------


def three(sizes: Mapping[str, int] | None = None) -> qp.Deal:
    return qp.start(["X", "Y", "Z"], sizes or {"X": 5, "Y": 5, "Z": 5})


def test_switching_with_a_card_that_was_not_the_lowest_is_flagged_when_the_lower_one_comes() -> None:
    # X: A♦ then 2♦ dead; X should switch with 3♣ but plays 9♠, later plays 3♣ in a run.
    deal = qp.replay(three(), ["X", None, "9S", None])
    assert deal.flags == ()
    assert deal.question == qp.Question("lowest", player="X", colour="red", first="X")
    deal = qp.replay(deal, ["3H", "Y", None, "2C", "X"])
    assert deal.question == qp.Question("next", card="4C")
    assert deal.flags == (qp.Flag("not_lowest", "X", "3C", other="9S"),)
    assert deal.flags[0].render() == "X switched colour with the 9♠, then played the 3♣: it was not their lowest."
    # The same rank in the other suit of the colour is not lower: no flag.
    same = qp.replay(three(), ["X", None, "9S", None, "3H", None, "9C"])
    assert same.flags == ()


def test_saying_none_then_playing_that_colour_is_flagged_and_the_duty_skips_them_meanwhile() -> None:
    deal = qp.replay(three(), ["X", None])  # A♦ by X, 2♦ dead: X owes black
    deal = qp.replay(deal, [None])  # X: no black card
    assert deal.question == qp.Question("lowest", player="Y", colour="black", first="X")
    deal = qp.replay(deal, ["5S", None])  # Y plays 5♠, 6♠ dead: Y owes red
    deal = qp.replay(deal, ["6H", None])  # Y 6♥, 7♥ dead: Y owes black
    deal = qp.replay(deal, [None, None])  # Y none, Z none; X said none before: skipped, blocked
    assert deal.blocked
    assert [event.kind for event in deal.recent] == ["none", "skip", "blocked"]
    cheat = qp.replay(three(), ["X", None, None, "5S", "X"])  # X said no black, then holds the 6♠
    assert cheat.flags == (qp.Flag("said_none", "X", "6S"),)
    assert cheat.flags[0].render() == "X said they had no black card, then played the 6♠."


def test_a_card_declared_dead_is_refused_as_anyones_lowest_card() -> None:
    deal = qp.replay(three(), ["X", "Y", None])  # 3♦ declared dead: Y owes black
    assert deal.question == qp.Question("lowest", player="Y", colour="black", first="Y")
    deal = qp.replay(deal, ["KS"])  # after the K♠, Y owes their lowest red
    assert "3D" not in qp.choices(deal)
    with pytest.raises(Invalid) as refused:
        qp.answer(deal, "3D")
    assert refused.value.problems[0].render() == (
        "The 3♦ was declared dead: it is nobody's lowest card. If someone has it, undo back to it."
    )
    assert qp.answer(deal, "4D").flags == ()  # a live card is played as usual


def test_the_count_ends_the_deal_and_more_cards_than_dealt_are_flagged() -> None:
    deal = qp.replay(three({"X": 1, "Y": 5, "Z": 5}), ["X"])
    assert deal.over and deal.out == "X" and deal.question is None
    assert qp.choices(deal) == ["X"]
    with pytest.raises(Invalid):
        qp.answer(deal, "Y")
    deal = qp.replay(deal, ["X"])  # the table says X still holds a card: the run goes on
    assert not deal.over and deal.question == qp.Question("next", card="2D")
    deal = qp.replay(deal, ["X"])
    assert deal.out == "X" and deal.flags == (qp.Flag("too_many", "X", "2D"),)
    assert deal.result()["cards_left"]["X"] == 0


def test_every_diamond_dead_the_lowest_live_heart_opens() -> None:
    deal = qp.replay(three({"X": 13, "Y": 13, "Z": 13}), [None] * 13)
    assert deal.question == qp.Question("open", card="AH")
    assert len(deal.dead) == 13
    assert None in qp.choices(deal) and "Y" in qp.choices(deal)
    deal = qp.replay(deal, [None, "Y"])  # A♥ dead as well: the 2♥ opens
    assert deal.events[-1] == qp.Event("play", player="Y", card="2H", how="open")
    assert deal.question == qp.Question("next", card="3H")
    # No real deal has every red card dead; the machine still goes on: the dealer's left owes a black card.
    nothing_red = qp.replay(three({"X": 13, "Y": 13, "Z": 13}), [None] * 26)
    assert nothing_red.question == qp.Question("lowest", player="X", colour="black", first="X")


# Three players, A deals and keeps; the dead packet is the thirteen diamonds.
EVERY_DIAMOND_DEAD = hands_of(
    "B 2♥ 5♥ 9♥ A♠ 4♠ 8♠ J♠ 2♣ 5♣ 8♣ J♣ K♣ 7♠ · C 3♥ 6♥ 10♥ Q♥ 2♠ 5♠ 9♠ Q♠ 3♣ 6♣ 9♣ Q♣ 7♣ · "
    "A 4♥ 7♥ 8♥ J♥ K♥ 3♠ 6♠ 10♠ K♠ A♣ 4♣ 10♣ A♥ · "
    "dead A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦"
)


def test_every_diamond_dead_in_a_real_deal_the_holder_of_the_ace_of_hearts_opens() -> None:
    setup = make_setup(queenie, ["A", "B", "C"], {}, "A")
    start = qp.start_deal(setup, ["A", "B", "C"], "A", None)
    assert dict(start.dealt) == {"B": 13, "C": 13, "A": 13}
    hands = {player: cards for player, cards in EVERY_DIAMOND_DEAD.items() if player != "dead"}
    assert {player: len(cards) for player, cards in hands.items()} == dict(start.dealt)
    assert len({card for cards in EVERY_DIAMOND_DEAD.values() for card in cards}) == 52
    deal = run_machine(start, Table(hands))
    opening = next(event for event in deal.events if event.kind == "play")
    assert opening == qp.Event("play", player="A", card="AH", how="open")
    assert [event.card for event in deal.events if event.kind == "dead"] == [rank + "D" for rank in qp.ORDER]
    assert deal.flags == ()
    expected = simulate(start.seats, hands, Table(hands))
    assert [(player, card) for card, player in deal.played] == [(p, c) for p, c, _how in expected.plays]
    assert expected.plays[0] == ("A", "AH", "open")


@pytest.mark.parametrize(("first", "second"), [("4S", "4C"), ("4C", "4S")])
def test_of_two_lowest_cards_of_the_same_rank_either_may_be_played(first: str, second: str) -> None:
    """X holds A♦ 4♠ 4♣ 9♥; the 2♦, both fives and the 10♥ are dead. X switches to black with either four,
    later plays the other: neither order is flagged. Had X switched with a 6♠, the later four would be."""
    start = qp.start(["X", "Y", "Z"], {"X": 4, "Y": 5, "Z": 5})
    owes_black = qp.replay(start, ["X", None])
    assert owes_black.question == qp.Question("lowest", player="X", colour="black", first="X")
    assert first in qp.choices(owes_black) and second in qp.choices(owes_black)
    deal = qp.replay(owes_black, [first, None, "9H", None])
    assert deal.question == qp.Question("lowest", player="X", colour="black", first="X")
    deal = qp.answer(deal, second)
    assert deal.over and deal.out == "X"
    assert deal.flags == ()
    higher_first = qp.replay(owes_black, ["6S", None, "9H", None, second])
    assert higher_first.flags == (qp.Flag("not_lowest", "X", second, other="6S"),)


def test_refused_answers() -> None:
    deal = three()
    for value, message in [
        ("W", "%(value)s is not playing this deal."),
        ("AD", "%(value)s is not playing this deal."),
    ]:
        with pytest.raises(Invalid) as error:
            qp.answer(deal, value)
        assert error.value.problems[0].message == message
    owes = qp.replay(deal, ["X", None])  # X owes black
    for value, message in [
        ("ZZ", "%(value)s is not a card."),
        ("3H", "The %(card)s is not of the colour asked for."),
        ("X", "%(value)s is not a card."),
    ]:
        with pytest.raises(Invalid) as error:
            qp.answer(owes, value)
        assert error.value.problems[0].message == message
    played = qp.replay(owes, ["KS"])  # X owes red; the A♦ is played
    with pytest.raises(Invalid) as error:
        qp.answer(played, "AD")
    assert error.value.problems[0].render() == "The A♦ has already been played."
    blocked = qp.replay(three(), ["X", None, None, None, None])
    with pytest.raises(Invalid) as error:
        qp.answer(blocked, "X")
    assert error.value.problems[0].message == "The deal is over."
    kept, refused = qp.replay_valid(three(), ["X", "Y", "nobody", "Z"])
    assert kept.answers == ("X", "Y") and refused is not None


def test_start_needs_a_size_for_every_seat() -> None:
    with pytest.raises(ValueError):
        qp.start(["X", "Y"], {"X": 1})


def test_choices_for_the_lowest_card_leave_out_played_and_dead_cards() -> None:
    deal = qp.replay(three(), ["X", None])  # 2♦ dead; X owes black
    options = qp.choices(deal)
    assert len(options) == 27 and options[-1] is None
    deal = qp.replay(deal, ["KS"])  # X owes red
    options = qp.choices(deal)
    assert "AD" not in options and "2D" not in options and "3D" in options and len(options) == 25


# --- the record kept with the deal ---------------------------------------------------


def test_the_record_rides_with_the_deal_and_moves_no_chips() -> None:
    setup = four("A")
    state = queenie.initial(setup)
    deal = qp.replay(qp.start_deal(setup, FOUR, "A", "C"), [value for _question, value in TRACE_A])
    plain = {
        "stakes": {"A": "H", "B": "S", "C": "H", "D": "D"},
        "dealer_choice": "keep",
        "buyer": "C",
        "queens": deal.queens,
        "out": deal.out,
    }
    cheat = qp.Flag("not_lowest", "B", "3C", other="9S").as_json()
    refereed = {**plain, "referee": {"answers": list(deal.answers), "flags": [cheat]}}
    canonical = queenie.check_round(setup, state, refereed)
    assert canonical["referee"]["flags"] == [cheat]
    assert json.loads(json.dumps(canonical)) == canonical
    assert queenie.check_round(setup, state, canonical) == canonical
    with_record = queenie.play(setup, state, canonical)
    without = queenie.play(setup, state, queenie.check_round(setup, state, plain))
    assert with_record.chips == without.chips and with_record.table == without.table
    assert with_record.rounds[0].events == without.rounds[0].events
    assert with_record.rounds[0].input["referee"]["answers"][:3] == ["D", "A", "A"]
    assert "referee" not in without.rounds[0].input


@pytest.mark.parametrize(
    "record",
    [
        "answers",
        {"answers": "D A"},
        {"answers": [], "flags": [], "notes": 1},
        {"flags": [{"kind": "cheat", "player": "A", "card": "2C", "other": None}]},
        {"flags": [{"kind": "too_many", "player": "Z", "card": "2C", "other": None}]},
        {"flags": [{"kind": "too_many", "player": "A", "card": "1C", "other": None}]},
        {"flags": [{"kind": "not_lowest", "player": "A", "card": "2C", "other": "ZZ"}]},
        {"flags": ["too_many"]},
        {"answers": [3]},
        {"answers": ["x" * 31]},
        {"answers": [None] * 601},
    ],
)
def test_a_malformed_record_is_refused(record: Any) -> None:
    setup = four("A")
    raw = {
        "stakes": dict.fromkeys(FOUR, "S"),
        "dealer_choice": "keep",
        "queens": dict.fromkeys("SHDC"),
        "out": None,
        "referee": record,
    }
    with pytest.raises(Invalid) as error:
        queenie.check_round(setup, queenie.initial(setup), raw)
    assert [problem.field for problem in error.value.problems] == ["referee"]


# --- a table that plays correctly, and one that cheats ----------------------------------


def honest(_player: str, cards: list[str]) -> str:
    """The lowest card (with two of the same rank, the first suit in ♠♥♦♣ order)."""
    return min(cards, key=lambda card: (qp.rank_of(card), "SHDC".index(card[1])))


def honest_last(_player: str, cards: list[str]) -> str:
    """The lowest card too, but of two of the same rank the one in the last suit in ♠♥♦♣ order."""
    return min(cards, key=lambda card: (qp.rank_of(card), -"SHDC".index(card[1])))


def highest(_player: str, cards: list[str]) -> str:
    return max(cards, key=lambda card: (qp.rank_of(card), "SHDC".index(card[1])))


Chooser = Callable[[str, list[str]], str]


@dataclass
class Table:
    """Players who hold real hands and answer the referee's questions truthfully (or cheat when told)."""

    hands: dict[str, list[str]]
    chooser: Chooser = honest
    cheater: str | None = None
    chosen: Chooser = highest
    holder: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        self.hands = {player: list(cards) for player, cards in self.hands.items()}
        self.holder = {card: player for player, cards in self.hands.items() for card in cards}

    def choose(self, player: str, cards: list[str]) -> str:
        return self.chosen(player, cards) if player == self.cheater else self.chooser(player, cards)

    def play(self, player: str, card: str) -> None:
        self.hands[player].remove(card)
        del self.holder[card]

    def answer(self, deal: qp.Deal) -> str | None:
        question = deal.question
        assert question is not None
        if question.kind == "lowest":
            player = question.player or ""
            mine = [card for card in self.hands[player] if qp.colour_of(card) == question.colour]
            if not mine:
                return None
            card = self.choose(player, mine)
            self.play(player, card)
            return card
        card = question.card or ""
        owner = self.holder.get(card)
        if owner is not None:
            self.play(owner, card)
        return owner


@dataclass(frozen=True)
class Outcome:
    queens: dict[str, str | None]
    out: str | None
    plays: list[tuple[str, str, str]]  # (player, card, how)


def simulate(seats: Sequence[str], hands: Mapping[str, list[str]], table: Table) -> Outcome:
    """The deal played straight from the rules, knowing every hand (independent of the machine)."""
    held = {player: set(cards) for player, cards in hands.items()}
    holder = {card: player for player, cards in held.items() for card in cards}
    plays: list[tuple[str, str, str]] = []

    def play(player: str, card: str, how: str) -> bool:
        held[player].remove(card)
        del holder[card]
        plays.append((player, card, how))
        return not held[player]

    def outcome(out: str | None) -> Outcome:
        queens = {suit: next((p for p, card, _how in plays if card == "Q" + suit), None) for suit in "SHDC"}
        return Outcome(queens, out, plays)

    # A♦, else the lowest live diamond; every diamond dead, the lowest live heart.
    opening = next((rank + suit for suit in "DH" for rank in qp.ORDER if rank + suit in holder), None)
    duty: tuple[str, str] | None = None
    if opening is None:
        duty = (seats[0], "black")
    elif play(holder[opening], opening, "open"):
        return outcome(plays[-1][0])
    while True:
        if duty is None:
            card, player = plays[-1][1], plays[-1][0]
            following = qp.higher(card)
            if following is not None and following in holder:  # neither dead nor played
                owner = holder[following]
                if play(owner, following, "run"):
                    return outcome(owner)
                continue
            duty = (player, qp.other_colour(qp.colour_of(card)))
        first, colour = duty
        duty = None
        start = seats.index(first)
        for step in range(len(seats)):
            player = seats[(start + step) % len(seats)]
            mine = [card for card in held[player] if qp.colour_of(card) == colour]
            if mine:
                if play(player, table.choose(player, sorted(mine)), "switch"):
                    return outcome(player)
                break
        else:
            return outcome(None)  # blocked


@st.composite
def deals(draw: st.DrawFn) -> tuple[Any, tuple[str, ...], str, str | None, dict[str, list[str]]]:
    """A legal random deal: the packets dealt from a shuffled pack, the dealer's keep or switch, a sale."""
    count = draw(st.integers(3, 6))
    players = ["A", "B", "C", "D", "E", "F"][:count]
    dealer = draw(st.sampled_from(players))
    setup = make_setup(queenie, players, {}, dealer)
    pack = draw(st.permutations([rank + suit for suit in "SHDC" for rank in qp.ORDER]))
    others, packet = queenie.packet_sizes(count)
    seats = queenie.clockwise_after(setup, tuple(players), dealer)
    hands: dict[str, list[str]] = {}
    position = 0
    for player, size in zip(seats[:-1], others, strict=True):
        hands[player] = list(pack[position : position + size])
        position += size
    first, second = list(pack[position : position + packet]), list(pack[position + packet :])
    assert len(second) == packet
    choice = draw(st.sampled_from(["keep", "switch"]))
    hands[dealer], spare = (first, second) if choice == "keep" else (second, first)
    buyer = draw(st.sampled_from([None, *seats[:-1]])) if choice == "keep" else None
    if buyer is not None:
        hands[buyer], spare = spare, hands[buyer]
    return setup, tuple(players), dealer, buyer, hands


def run_machine(deal: qp.Deal, table: Table) -> qp.Deal:
    for _ in range(52 * 8):
        if deal.over:
            return deal
        value = table.answer(deal)
        assert value in qp.choices(deal)
        deal = qp.answer(deal, value)
    raise AssertionError("the deal never ended")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals())
def test_an_honest_table_is_never_flagged_and_matches_a_direct_simulation(deal_drawn: Any) -> None:
    setup, players, dealer, buyer, hands = deal_drawn
    start = qp.start_deal(setup, players, dealer, buyer)
    assert {player: len(cards) for player, cards in hands.items()} == dict(start.dealt)
    deal = run_machine(start, Table(hands))
    expected = simulate(start.seats, hands, Table(hands))
    assert deal.flags == ()
    assert deal.queens == expected.queens
    assert deal.out == expected.out
    assert deal.blocked == (expected.out is None)
    assert [(player, card) for card, player in deal.played] == [(p, c) for p, c, _how in expected.plays]
    left = deal.result()["cards_left"]
    assert all(left[p] == len(hands[p]) - sum(1 for who, _c, _h in expected.plays if who == p) for p in players)
    assert all(left[p] >= 1 for p in players if p != deal.out)
    # The form filled from it is accepted by the chip rules.
    state = queenie.initial(setup)
    raw = {
        "stakes": dict.fromkeys(players, "S"),
        "dealer_choice": "keep" if buyer else "switch",
        "buyer": buyer,
        "queens": deal.queens,
        "out": deal.out,
        "referee": deal.record(),
    }
    queenie.check_round(setup, state, raw)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals())
def test_a_table_playing_the_other_card_of_the_same_lowest_rank_is_never_flagged(deal_drawn: Any) -> None:
    setup, players, dealer, buyer, hands = deal_drawn
    start = qp.start_deal(setup, players, dealer, buyer)
    deal = run_machine(start, Table(hands, chooser=honest_last))
    expected = simulate(start.seats, hands, Table(hands, chooser=honest_last))
    assert deal.flags == ()
    assert deal.queens == expected.queens and deal.out == expected.out
    assert [(player, card) for card, player in deal.played] == [(p, c) for p, c, _how in expected.plays]


def expected_cheat_flags(cheater: str, plays: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """(lower card, card switched with) for each switch of the cheater undercut by a later card of theirs."""
    flags = []
    for index, (player, switched, how) in enumerate(plays):
        if player != cheater or how != "switch":
            continue
        for later_player, card, _how in plays[index + 1 :]:
            if (
                later_player == cheater
                and qp.colour_of(card) == qp.colour_of(switched)
                and qp.rank_of(card) < qp.rank_of(switched)
            ):
                flags.append((card, switched))
                break
    return sorted(flags)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals(), st.data())
def test_a_cheater_switching_with_a_higher_card_is_flagged(deal_drawn: Any, data: st.DataObject) -> None:
    setup, players, dealer, buyer, hands = deal_drawn
    cheater = data.draw(st.sampled_from(players))
    start = qp.start_deal(setup, players, dealer, buyer)
    deal = run_machine(start, Table(hands, cheater=cheater))
    expected = simulate(start.seats, hands, Table(hands, cheater=cheater))
    assert deal.queens == expected.queens and deal.out == expected.out
    assert all(flag.kind == "not_lowest" and flag.player == cheater for flag in deal.flags)
    assert sorted((flag.card, flag.other) for flag in deal.flags) == expected_cheat_flags(cheater, expected.plays)


def test_a_cheater_in_trace_a_is_flagged() -> None:
    """A, at the first stop, switches with the K♠ instead of the 8♠, and has to play the 8♠ soon after."""
    deal = qp.replay(qp.start_deal(four("A"), FOUR, "A", "C"), ["D", "A", "A", None, "KS", "3H", None])
    assert deal.flags == () and deal.question == qp.Question("lowest", player="A", colour="black", first="A")
    deal = qp.answer(deal, "8S")
    assert deal.flags == (qp.Flag("not_lowest", "A", "8S", other="KS"),)
    assert deal.flags[0].render() == "A switched colour with the K♠, then played the 8♠: it was not their lowest."


def test_the_flags_raised_are_those_a_deal_input_accepts() -> None:
    kinds = {key.removesuffix("_red").removesuffix("_black") for key in qp.FLAG_MESSAGES}
    assert kinds == set(queenie.FLAG_KINDS)
