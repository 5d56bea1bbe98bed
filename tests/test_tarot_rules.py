"""Tarot's rules: every worked example of ``shared/rules/tarot.md`` (TA1 to TA29), the refusals naming their
field, the options, the dealer and the end of the game, the announced part, and the rule file's invariants
as properties. Pure rules: no app, no database."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games.base import Invalid, Setup, complete_round, make_setup, replay
from referee.games.tarot import deck, records, rules
from referee.games.tarot.scoring import rounded_margin
from tests.events import words
from tests.tarot_examples import (
    BASE,
    DEALS,
    DEFAULT_OPTIONS,
    EVENTS,
    FIVE,
    FOUR,
    PASSED,
    REFUSALS,
    TA18_CARDS,
    TA25,
    TA26,
    TA27,
    TA27_DEALERS,
    TA27_FIRST,
    TA27_TOTALS,
    TA28,
    TA28_DEALERS,
    TA28_TOTALS,
    TA29,
    TA29_DEALERS,
    TA29_TOTALS,
    THREE,
    changed,
    deal,
)


def setup_of(players: list[str], options: dict[str, Any] | None = None, dealer: str | None = None) -> Setup:
    return make_setup(rules, players, options or {}, dealer)


def refused(setup: Setup, raw: Any, inputs: tuple[Any, ...] = ()) -> list[tuple[str, str]]:
    state = rules.initial(setup)
    for earlier in inputs:
        state = rules.play(setup, state, rules.check_round(setup, state, earlier))
    with pytest.raises(Invalid) as error:
        rules.check_round(setup, state, raw)
    return [(problem.field, problem.render()) for problem in error.value.problems]


def scores_of(setup: Setup, raw: Any) -> list[int]:
    result = replay(rules, setup, [raw]).rounds[-1]
    return [result.scores[player] for player in setup.players]


# --- TA1 to TA25: one deal each ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options", "raw", "scores"), DEALS)
def test_worked_examples(
    request: pytest.FixtureRequest, players: list[str], options: dict[str, Any], raw: dict[str, Any], scores: list[int]
) -> None:
    setup = setup_of(players, options)
    assert scores_of(setup, raw) == scores
    assert sum(scores) == 0
    example = request.node.callspec.id
    if example in EVENTS:
        assert words(replay(rules, setup, [raw]).rounds[-1].events) == EVENTS[example]


def test_ta9_the_value_and_its_parts() -> None:
    details = replay(
        rules, setup_of(FOUR), [deal("Alice", "garde", 86.5, 2, chelem={"announced": False, "made": "attack"})]
    )
    reckoning = details.rounds[-1].details.reckoning
    assert (reckoning.needed, reckoning.made, reckoning.margin, reckoning.base, reckoning.chelem, reckoning.value) == (
        41,
        True,
        46,
        142,
        200,
        342,
    )


def test_ta16_the_partners_petit_au_bout_counts_for_the_attack_and_his_poignee_for_the_winners() -> None:
    result = replay(
        rules,
        setup_of(FIVE),
        [
            deal(
                "Denis",
                "garde",
                50.5,
                1,
                partner="Émile",
                petit_au_bout="attack",
                poignees=[{"player": "Émile", "size": "simple"}],
            )
        ],
    ).rounds[-1]
    reckoning = result.details.reckoning
    assert (reckoning.margin, reckoning.base, reckoning.petit_au_bout, reckoning.poignees, reckoning.value) == (
        1,
        -52,
        20,
        -20,
        -52,
    )
    assert words(result.events) == ("failed:Denis", "petit_au_bout:attack", "poignee:Émile:simple")


# --- TA17 and TA25: passed deals and who deals next ---------------------------------------------------------


def test_ta17_a_passed_deal_scores_nothing_and_moves_the_deal_on() -> None:
    setup = setup_of(FOUR)
    standings = replay(rules, setup, [TA27[0][0], PASSED])
    assert list(standings.rounds[-1].scores.values()) == [0, 0, 0, 0]
    assert words(standings.rounds[-1].events) == ("passed",)
    assert standings.next.dealer == "Chloé"


def test_ta17_with_same_dealer_the_passed_deal_is_dealt_again_and_is_not_a_turn() -> None:
    setup = setup_of(FOUR, {"all_pass": "same_dealer", "turns": 1})
    standings = replay(rules, setup, [TA27[0][0], PASSED])
    assert standings.next.dealer == "Denis"
    more = [deal("Alice", "garde", 49, 2)] * 3
    assert not replay(rules, setup, [TA27[0][0], PASSED, *more[:2]]).finished
    assert replay(rules, setup, [TA27[0][0], PASSED, *more]).finished


def test_a_petit_sec_always_moves_the_deal_on_and_names_the_player() -> None:
    setup = setup_of(FIVE, {"five_players": "dealer_sits_out"}, dealer="Émile")
    standings = replay(rules, setup, [{"passed": True, "petit_sec": "Bruno"}])
    assert words(standings.rounds[-1].events) == ("passed", "petit_sec:Bruno")
    assert standings.next.dealer == "Denis"


def test_ta25_the_dealer_sits_out_and_deals_again_after_everybody_passed() -> None:
    setup = setup_of(FIVE, {"five_players": "dealer_sits_out"}, dealer="Émile")
    assert rules.standings(setup, rules.initial(setup)).next.as_json() == {
        "round": 1,
        "dealer": "Émile",
        "first": "Denis",
        "cards_each": 18,
        "chien": 6,
        "poignee": {"simple": 10, "double": 13, "triple": 15},
        "deals": None,
        "sitting_out": "Émile",
    }
    assert replay(rules, setup, [PASSED]).next.facts["sitting_out"] == "Émile"
    assert scores_of(setup, TA25[0]) == TA25[1]
    after = replay(rules, setup, [TA25[0]]).next
    assert (after.dealer, after.facts["sitting_out"]) == ("Denis", "Denis")


@pytest.mark.parametrize(("players", "options", "first", "dealers"), TA26)
def test_ta26_the_deal_passes_to_the_right(
    players: list[str], options: dict[str, Any], first: str, dealers: list[str]
) -> None:
    setup = setup_of(players, options)
    played = [deal(players[1], "prise", 60, 1, **({"partner": players[1]} if len(players) == 5 else {}))]
    seen = []
    state = rules.initial(setup)
    assert rules.next_deal(setup, state).facts["first"] == first
    for _ in dealers:
        seen.append(rules.next_deal(setup, state).dealer)
        state = rules.play(setup, state, rules.check_round(setup, state, played[0]))
    assert seen == dealers


@pytest.mark.parametrize(
    ("players", "cards", "chien", "poignee"), [(THREE, 24, 6, 13), (FOUR, 18, 6, 10), (FIVE, 15, 3, 8)]
)
def test_the_table_is_dealt_as_the_rule_file_says(players: list[str], cards: int, chien: int, poignee: int) -> None:
    facts = rules.standings(setup_of(players), rules.initial(setup_of(players))).next.facts
    assert (facts["cards_each"], facts["chien"], facts["poignee"]["simple"]) == (cards, chien, poignee)
    assert facts["deals"] == 2 * len(players)


# --- TA18: the cards route -------------------------------------------------------------------------------


def test_ta18_the_cards_are_counted() -> None:
    pile = deck.parse_pile(TA18_CARDS, "cards")
    assert len(pile) == 30
    assert deck.counted(pile) == (82, 2)
    raw = {"taker": "Chloé", "contract": "garde", "cards": TA18_CARDS}
    canonical = rules.check_round(setup_of(FOUR), rules.initial(setup_of(FOUR)), raw)
    assert canonical["cards"].split() == pile
    assert "points" not in canonical and "bouts" not in canonical
    assert words(replay(rules, setup_of(FOUR), [raw]).rounds[-1].events) == ("made:Chloé",)


def test_every_card_is_counted_once_and_the_pack_holds_91() -> None:
    assert len(deck.DECK) == len(set(deck.DECK)) == 78
    assert deck.counted(list(deck.DECK)) == (182, 3)


@pytest.mark.parametrize(
    ("written", "code"),
    [
        ("RC", "KC"),
        ("dd", "QD"),
        ("CS", "NS"),
        ("VC", "JC"),
        ("10H", "TH"),
        ("AH", "1H"),
        ("1T", "1T"),
        ("21t", "21T"),
        ("ex", "EX"),
        ("K♥", "KH"),
    ],
)
def test_cards_are_read_in_english_or_french_letters(written: str, code: str) -> None:
    assert deck.parse_card(written) == code


@pytest.mark.parametrize("written", ["22T", "11S", "TT", "0T", "01T", "X", "KX"])
def test_what_is_not_a_tarot_card(written: str) -> None:
    assert deck.parse_card(written) is None


def test_ta18_refusals() -> None:
    setup = setup_of(FOUR)
    base = {"taker": "Chloé", "contract": "garde"}
    assert refused(setup, {**base, "cards": TA18_CARDS + " KS"}) == [("cards", "K♠ is listed twice.")]
    assert refused(setup, {**base, "cards": TA18_CARDS + " 22T"}) == [("cards", "22T is not a Tarot card.")]
    assert refused(setup, {**base, "cards": TA18_CARDS.removesuffix(" TC")}) == [
        (
            "cards",
            "29 cards: this pile holds 6 plus a multiple of 4 (the tricks won, with the écart or the chien when it"
            " counts for the attack).",
        )
    ]
    assert refused(setup, {**base, "cards": TA18_CARDS, "bouts": 2}) == [
        ("bouts", "The bouts are counted from the cards: leave them out.")
    ]


def test_the_pile_decides_a_chelem() -> None:
    setup = setup_of(FOUR)
    every = " ".join(deck.DECK)
    without_excuse = " ".join(card for card in deck.DECK if card != deck.EXCUSE)
    attack = {"announced": False, "made": "attack"}
    assert refused(setup, {"taker": "Alice", "contract": "garde", "cards": every}) == [
        ("chelem", "The attack's pile holds every trick: say that the attack made a chelem.")
    ]
    assert scores_of(setup, {"taker": "Alice", "contract": "garde", "cards": every, "chelem": attack}) == [
        3 * 360,
        -360,
        -360,
        -360,
    ]
    # The defence kept its Excuse: 87 points, made by 46 (TA9).
    assert (
        scores_of(setup, {"taker": "Alice", "contract": "garde", "cards": without_excuse, "chelem": attack})[0] == 1026
    )
    ecart = "2S 3S 4S 5S 6S 7S"
    assert refused(setup, {"taker": "Alice", "contract": "garde", "cards": ecart}) == [
        ("chelem", "The attack's pile holds no trick: say that the defence made a chelem.")
    ]
    defence = {"announced": False, "made": "defence"}
    assert scores_of(setup, {"taker": "Alice", "contract": "garde", "cards": ecart + " EX", "chelem": defence})[0] < 0
    assert refused(setup, {"taker": "Alice", "contract": "garde", "cards": TA18_CARDS, "chelem": defence}) == [
        ("chelem", "The attack's pile holds a trick: the defence made no chelem.")
    ]


def test_an_empty_pile_is_a_garde_contre_where_the_defence_took_every_trick() -> None:
    setup = setup_of(FOUR)
    raw = {"taker": "Alice", "contract": "garde_contre", "cards": "", "chelem": {"announced": False, "made": "defence"}}
    assert scores_of(setup, raw) == [3 * -(81 * 6 + 200), 81 * 6 + 200, 81 * 6 + 200, 81 * 6 + 200]


def test_petit_au_bout_by_the_cards() -> None:
    setup = setup_of(FOUR)
    base = {"taker": "Chloé", "contract": "garde", "cards": TA18_CARDS}
    assert refused(setup, {**base, "petit_au_bout": "attack"}) == [
        ("petit_au_bout", "The Petit is not in the attack's pile: petit au bout cannot be the attack's.")
    ]
    assert scores_of(setup, {**base, "petit_au_bout": "defence"}) == [-30, -30, 90, -30]


# --- TA19: refusals, naming the field ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealer", "options", "change", "field"), REFUSALS)
def test_ta19_refusals_name_the_field(
    players: list[str], dealer: str | None, options: dict[str, Any], change: dict[str, Any], field: str
) -> None:
    setup = setup_of(players, options, dealer)
    assert [where for where, _message in refused(setup, changed(BASE, change))] == [field]


def test_ta19_the_refusals_say_why() -> None:
    four = setup_of(FOUR)
    assert refused(four, changed(BASE, {"bouts": 0, "points": 80})) == [
        ("points", "With no bout the attack has at most 77.5 points.")
    ]
    assert refused(four, changed(BASE, {"bouts": 3, "points": 12})) == [
        ("points", "With 3 bouts the attack has at least 13.5 points (its bouts alone).")
    ]
    assert refused(four, changed(BASE, {"points": 60, "chelem": {"announced": False, "made": "attack"}})) == [
        ("chelem", "An attack chelem leaves the defence at most the Excuse: 86.5 points at least.")
    ]
    poignees = [{"player": "Alice", "size": "double"}, {"player": "Bruno", "size": "simple"}]
    assert refused(four, changed(BASE, {"poignees": poignees})) == [
        ("poignees", "These poignées need 23 trumps; there are 22 (21 trumps and the Excuse).")
    ]
    assert refused(four, {"passed": True, "taker": "Alice"}) == [
        ("taker", "A passed deal has nothing else to enter (only who had the petit sec).")
    ]
    sits_out = setup_of(FIVE, {"five_players": "dealer_sits_out"}, "Émile")
    assert refused(sits_out, changed(BASE, {"taker": "Émile"})) == [("taker", "Émile deals this deal and sits it out.")]
    assert refused(setup_of(FIVE), changed(BASE, {"partner": "Bruno", "called": "7H"})) == [
        ("called", "The called card is a king, or a queen, knight or jack of a suit.")
    ]
    misere = setup_of(FOUR, {"misere": "personal"})
    assert refused(
        misere,
        changed(
            BASE,
            {"poignees": [{"player": "Denis", "size": "simple"}], "miseres": [{"player": "Denis", "kind": "trumps"}]},
        ),
    ) == [("miseres", "Denis showed a poignée, so held trumps: no misère of trumps.")]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"defence_points": 42}, "points"),
        ({"colour": "red"}, "colour"),
        ({"taker": "Zoé"}, "taker"),
        ({"contract": "grande"}, "contract"),
        ({"points": "49"}, "points"),
        ({"bouts": 1.5}, "bouts"),
        ({"petit_au_bout": "both"}, "petit_au_bout"),
        ({"poignees": [{"player": "Bruno", "size": "huge"}]}, "poignees.0.size"),
        ({"poignees": [{"player": "Bruno", "size": "simple", "when": 1}]}, "poignees.0.when"),
        ({"chelem": {"announced": "yes"}}, "chelem.announced"),
        ({"bouts": 3, "petit_au_bout": "defence"}, "petit_au_bout"),
        ({"points": 87, "chelem": {"announced": False, "made": "attack"}, "petit_au_bout": "defence"}, "chelem"),
    ],
)
def test_more_refusals(change: dict[str, Any], field: str) -> None:
    assert [where for where, _message in refused(setup_of(FOUR), changed(BASE, change))] == [field]


def test_the_edges_of_the_points_allowed() -> None:
    four = setup_of(FOUR)
    assert scores_of(four, deal("Alice", "garde", 77.5, 0))[0] == 3 * 2 * (25 + 22)
    assert scores_of(four, deal("Alice", "garde", 13.5, 3))[0] == 3 * -2 * (25 + 23)
    assert (
        refused(four, deal("Alice", "garde", 87.5, 2, chelem={"announced": False, "made": "attack"}))[0][0] == "points"
    )
    assert scores_of(four, deal("Alice", "garde", 4, 1, chelem={"announced": False, "made": "defence"}))[0] < 0
    # On a garde contre the unseen chien is not entered: no lower bound for an attack chelem.
    assert scores_of(four, deal("Alice", "garde_contre", 80, 2, chelem={"announced": True, "made": "attack"}))[0] > 0


def test_defence_points_are_the_rest_of_the_pack() -> None:
    setup = setup_of(FOUR)
    raw = {"taker": "Alice", "contract": "garde", "defence_points": 42, "bouts": 2}
    assert scores_of(setup, raw) == [198, -66, -66, -66]
    assert rules.check_round(setup, rules.initial(setup), raw) == {
        "taker": "Alice",
        "contract": "garde",
        "defence_points": 42,
        "bouts": 2,
        "petit_au_bout": None,
        "poignees": [],
        "chelem": {"announced": False, "made": None},
    }


def test_petite_is_a_prise_and_null_is_left_out() -> None:
    setup = setup_of(FOUR)
    raw = {"taker": "Bruno", "contract": "petite", "points": 47, "bouts": 1, "called": None, "petit_au_bout": None}
    assert rules.check_round(setup, rules.initial(setup), raw)["contract"] == "prise"


# --- options ---------------------------------------------------------------------------------------------


def test_a_game_made_with_no_options_plays_the_fft_game() -> None:
    assert dict(setup_of(FOUR).options) == DEFAULT_OPTIONS
    assert setup_of(FIVE).options["five_players"] == "called_king"


@pytest.mark.parametrize(
    ("players", "options", "field"),
    [
        (FOUR, {"five_players": "dealer_sits_out"}, "options.five_players"),
        (THREE, {"five_players": "called_king"}, "options.five_players"),
        (FOUR, {"turns": None}, "options.turns"),
        (FOUR, {"turns": 51}, "options.turns"),
        (FOUR, {"target": 99}, "options.target"),
        (FOUR, {"deals": 0}, "options.deals"),
        (FOUR, {"rounding": "nearest_2"}, "options.rounding"),
        (["Ann", "Ben"], {}, "players"),
    ],
)
def test_options_refused(players: list[str], options: dict[str, Any], field: str) -> None:
    with pytest.raises(Invalid) as error:
        setup_of(players, options)
    assert [problem.field for problem in error.value.problems] == [field]


@pytest.mark.parametrize(
    ("margin", "step", "rounded"),
    [
        (14, 1, 7),
        (15, 1, 8),
        (14, 5, 5),
        (16, 5, 10),
        (26, 5, 15),
        (6, 5, 5),
        (8, 10, 0),
        (10, 10, 10),
        (28, 10, 10),
        (9, 10, 10),
    ],
)
def test_the_margin_is_rounded(margin: int, step: int, rounded: int) -> None:
    """(Margins in half points over 36 needed.)"""
    assert rounded_margin(72 + margin, 36, step) == rounded


# --- whole games: TA27 to TA29 ----------------------------------------------------------------------------


def _play_through(
    setup: Setup, deals: list[tuple[dict[str, Any], list[int]]], totals: list[list[int]], dealers: list[str]
) -> Any:
    state = rules.initial(setup)
    for (raw, scores), total, dealer in zip(deals, totals, dealers, strict=True):
        assert not rules.is_over(setup, state)
        assert rules.next_deal(setup, state).dealer == dealer
        state = rules.play(setup, state, rules.check_round(setup, state, raw))
        result = state.rounds[-1]
        assert [result.scores[player] for player in setup.players] == scores
        assert [result.totals[player] for player in setup.players] == total
        assert sum(scores) == 0 and sum(total) == 0
    return rules.standings(setup, state)


def test_ta27_a_game_of_four_ends_after_two_turns() -> None:
    setup = setup_of(FOUR)
    state = rules.initial(setup)
    for raw, _scores in TA27:
        assert rules.next_deal(setup, state).facts["first"] == TA27_FIRST[len(state.rounds)]
        state = rules.play(setup, state, rules.check_round(setup, state, raw))
    standings = _play_through(setup, TA27, TA27_TOTALS, TA27_DEALERS)
    assert standings.finished and standings.winners == ("Denis",)
    assert standings.next is None


def test_ta27_with_a_target_of_400_chloe_wins_after_deal_4() -> None:
    setup = setup_of(FOUR, {"turns": None, "target": 400})
    standings = replay(rules, setup, [raw for raw, _scores in TA27[:4]])
    assert standings.finished and standings.winners == ("Chloé",)
    assert not replay(rules, setup, [raw for raw, _scores in TA27[:3]]).finished


def test_ta27_with_six_deals_played_the_game_ends_after_deal_7() -> None:
    setup = setup_of(FOUR, {"turns": None, "deals": 6})
    assert not replay(rules, setup, [raw for raw, _scores in TA27[:6]]).finished
    standings = replay(rules, setup, [raw for raw, _scores in TA27[:7]])
    assert standings.finished and standings.winners == ("Denis",)
    assert standings.totals["Denis"] == 468


def test_ta28_five_players_one_turn() -> None:
    standings = _play_through(setup_of(FIVE, {"turns": 1}), TA28, TA28_TOTALS, TA28_DEALERS)
    assert standings.winners == ("Alice",)
    assert words(standings.rounds[3].events) == ("made:Alice", "alone:Alice", "poignee:Alice:simple")
    assert words(standings.rounds[4].events) == ("failed:Denis", "alone:Denis")


def test_ta29_three_players_one_turn() -> None:
    standings = _play_through(setup_of(THREE, {"turns": 1}), TA29, TA29_TOTALS, TA29_DEALERS)
    assert standings.winners == ("Cat",)


def test_a_tie_plays_on_until_one_leads() -> None:
    setup = setup_of(THREE, {"turns": 1, "tie": "play_on"})
    level = [deal("Ana", "garde", 49, 2), deal("Ben", "garde", 49, 2), deal("Cat", "garde", 49, 2)]
    standings = replay(rules, setup, level)
    assert not standings.finished
    assert standings.next.facts["deals"] == 4
    assert replay(rules, setup, [*level, deal("Ana", "prise", 60, 1)]).winners == ("Ana",)
    shared = replay(rules, setup_of(THREE, {"turns": 1}), level)
    assert shared.winners == ("Ana", "Ben", "Cat")


def test_once_the_end_is_met_tied_leaders_play_on_until_one_leads_at_the_target_or_not() -> None:
    setup = setup_of(FIVE, {"turns": None, "target": 100, "tie": "play_on"})
    tied = [
        deal("Alice", "prise", 66, 1, partner="Bruno"),
        deal("Bruno", "prise", 66, 1, partner="Alice"),
    ]
    standings = replay(rules, setup, tied)
    assert [standings.totals[player] for player in FIVE] == [120, 120, -80, -80, -80]
    assert not standings.finished
    # Both leaders fall below the target; Bruno leads alone: the game is over.
    standings = replay(rules, setup, [*tied, deal("Alice", "prise", 50, 1, partner="Bruno")])
    assert [standings.totals[player] for player in FIVE] == [68, 94, -54, -54, -54]
    assert standings.finished and standings.winners == ("Bruno",)


# --- announced before the play ------------------------------------------------------------------------------


def test_the_taker_contract_and_called_king_are_announced_and_complete_the_deal() -> None:
    setup = setup_of(FIVE)
    state = rules.initial(setup)
    said = rules.announce(setup, state, {}, {"taker": "Alice", "contract": "garde"})
    said = rules.announce(setup, state, said, {"called": "RH"})
    assert said == {"taker": "Alice", "contract": "garde", "called": "KH"}
    assert rules.announced_facts(setup, state, said) == {"taker": "Alice", "contract": "garde", "called": "KH"}
    completed = complete_round(rules, said, {"partner": "Chloé", "points": 45.5, "bouts": 2})
    assert scores_of(setup, completed) == [120, -60, 60, -60, -60]
    assert rules.announce(setup, state, said, {"called": None}) == {"taker": "Alice", "contract": "garde"}


def test_an_announcement_is_checked_as_the_deal() -> None:
    setup = setup_of(FOUR)
    with pytest.raises(Invalid) as error:
        rules.announce(setup, rules.initial(setup), {}, {"taker": "Zoé", "contract": "pousse", "called": "KH"})
    assert [problem.field for problem in error.value.problems] == ["taker", "contract", "called"]


def test_a_passed_deal_with_a_null_taker_leaves_the_announcement_aside() -> None:
    said = {"taker": "Alice", "contract": "garde"}
    completed = complete_round(rules, said, {"passed": True, "taker": None})
    setup = setup_of(FOUR)
    assert rules.check_round(setup, rules.initial(setup), completed) == {"passed": True}


# --- invariants, as properties -------------------------------------------------------------------------


CONTRACTS = st.sampled_from(["prise", "garde", "garde_sans", "garde_contre"])


@st.composite
def deals(draw: st.DrawFn, players: list[str]) -> dict[str, Any]:
    bouts = draw(st.integers(0, 3))
    least, most = 9 * bouts, 182 - 9 * (3 - bouts)
    raw = deal(draw(st.sampled_from(players)), draw(CONTRACTS), draw(st.integers(least, most)) / 2, bouts)
    raw["points"] = entry_number(raw["points"])
    if len(players) == 5:
        raw["partner"] = draw(st.sampled_from([*players, None]))
    raw["petit_au_bout"] = draw(
        st.sampled_from([None, *(["attack"] if bouts else []), *(["defence"] if bouts < 3 else [])])
    )
    return raw


def entry_number(points: float) -> int | float:
    return int(points) if points == int(points) else points


@given(st.sampled_from([THREE, FOUR, FIVE]).flatmap(lambda players: st.tuples(st.just(players), deals(players))))
def test_every_deal_sums_to_zero_and_defenders_pay_alike(drawn: tuple[list[str], dict[str, Any]]) -> None:
    players, raw = drawn
    setup = setup_of(players)
    result = replay(rules, setup, [raw]).rounds[-1]
    assert sum(result.scores.values()) == 0
    attack = {raw["taker"], raw.get("partner")}
    value = result.details.reckoning.value
    assert {result.scores[player] for player in players if player not in attack} == {-value}


@given(deals(FOUR))
def test_more_points_never_lower_the_value_and_the_petit_swings_by_twenty_times(raw: dict[str, Any]) -> None:
    setup = setup_of(FOUR)

    def value(changes: dict[str, Any]) -> int:
        return replay(rules, setup, [{**raw, **changes}]).rounds[-1].details.reckoning.value

    most = 182 - 9 * (3 - raw["bouts"])
    if raw["points"] * 2 < most:
        assert value({"points": entry_number(raw["points"] + 0.5)}) >= value({})
    if 0 < raw["bouts"] < 3:
        times = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}[raw["contract"]]
        assert value({"petit_au_bout": "attack"}) - value({"petit_au_bout": "defence"}) == 20 * times


def test_the_records_count_deals_taken_and_contracts_made() -> None:
    setup = setup_of(FOUR)
    counts = records.tally(setup, replay(rules, setup, [raw for raw, _scores in TA27]))
    assert {
        player: (tally["taken"], tally["made"], tally["deals"], tally["points"]) for player, tally in counts.items()
    } == {
        "Alice": (2, 1, 8, -494),
        "Bruno": (2, 1, 8, -286),
        "Chloé": (1, 1, 8, 362),
        "Denis": (2, 1, 8, 418),
    }
