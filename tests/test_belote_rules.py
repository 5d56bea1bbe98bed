"""Belote's and Coinche's rules: every worked example of ``shared/rules/belote.md`` (BE1–BE20, CO1–CO21 with their
variants), the refusals naming the field, the table (who deals, cuts and is first), the litige carried over,
the end of the game and what is said before the play. Pure rules: no app, no database."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games.base import Invalid, Setup, complete_round, make_setup, replay
from referee.games.belote.rules import BELOTE, COINCHE, BeloteRules
from tests.belote_examples import (
    AC,
    BD,
    BE20,
    BELOTE_DEALS,
    BELOTE_GAMES,
    BELOTE_REFUSED,
    CO19,
    CO21,
    COINCHE_DEALS,
    COINCHE_REFUSED,
    PASSED,
    TABLE,
    coinche,
    deal,
)
from tests.events import words


def setup_of(game: BeloteRules, options: dict[str, Any] | None = None, dealer: str | None = None) -> Setup:
    return make_setup(game, TABLE, options or {}, dealer)


def refused(game: BeloteRules, setup: Setup, raw: Any) -> list[tuple[str, str]]:
    with pytest.raises(Invalid) as error:
        game.check_round(setup, game.initial(setup), raw)
    return [(problem.field, problem.render()) for problem in error.value.problems]


def scores(standings: Any) -> list[list[int]]:
    return [[side.score for side in result.sides] for result in standings.rounds]


# --- one deal each -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "dealer", "entered", "totals", "events", "expected"), BELOTE_DEALS)
def test_belote_worked_examples(
    options: dict[str, Any],
    dealer: str | None,
    entered: dict[str, Any],
    totals: list[int],
    events: list[str],
    expected: list[int],
) -> None:
    standings = replay(BELOTE, setup_of(BELOTE, options, dealer), [entered])
    (result,) = standings.rounds
    assert list(result.details.contract_totals) == totals
    assert list(words(result.events)) == events
    assert scores(standings) == [expected]
    assert [side.name for side in result.sides] == [AC, BD]
    assert result.scores == dict(zip(TABLE, expected * 2, strict=True))


@pytest.mark.parametrize(("options", "entered", "totals", "events", "expected"), COINCHE_DEALS)
def test_coinche_worked_examples(
    options: dict[str, Any], entered: dict[str, Any], totals: list[int], events: list[str], expected: list[int]
) -> None:
    standings = replay(COINCHE, setup_of(COINCHE, options), [entered])
    (result,) = standings.rounds
    assert list(result.details.contract_totals) == totals
    assert list(words(result.events)) == events
    assert scores(standings) == [expected]


# --- several deals: the litige, the end --------------------------------------------------------------------


@pytest.mark.parametrize(("options", "deals", "each", "totals", "held", "status", "winners"), BELOTE_GAMES)
def test_belote_games(
    options: dict[str, Any],
    deals: list[dict[str, Any]],
    each: list[list[int]],
    totals: list[int],
    held: int,
    status: str,
    winners: list[str],
) -> None:
    standings = replay(BELOTE, setup_of(BELOTE, options), deals)
    assert scores(standings) == each
    assert [side.total for side in standings.sides] == totals
    assert standings.status == status
    assert list(standings.winners) == winners
    if standings.next is not None:
        assert standings.next.facts["held"] == held


def test_a_litige_holds_the_takers_points_until_the_next_deal_is_won() -> None:
    """BE5: 81 wait after deal 1, shown in next; deal 2's takers made it and take them."""
    setup = setup_of(BELOTE)
    first = replay(BELOTE, setup, [deal("Chloé", "C", 81)])
    assert words(first.rounds[0].events) == ("litige",)
    assert first.rounds[0].events[0].describe() == "Chloé takes at ♣ clubs — litige: 81 held"
    assert first.next is not None and first.next.facts["held"] == 81
    assert [side.total for side in first.sides] == [0, 81]
    second = replay(BELOTE, setup, [deal("Chloé", "C", 81), deal("Bruno", "S", points={"defenders": 67})])
    assert words(second.rounds[1].events) == ("made", "award:takers")
    assert second.next is not None and second.next.facts["held"] == 0


def test_a_second_litige_adds_its_points_and_a_dedans_gives_them_all_to_the_defenders() -> None:
    setup = setup_of(BELOTE)
    standings = replay(BELOTE, setup, [deal("Chloé", "C", 81), deal("Bruno", "S", 81), deal("Chloé", "H", 60)])
    assert standings.rounds[1].details.held == 162
    # Deal 3: Chloé's team dedans; the defenders (BD) score 162 and the 162 waiting.
    assert scores(standings) == [[0, 81], [81, 0], [0, 324]]
    assert words(standings.rounds[2].events) == ("dedans", "award:defenders")


def test_points_still_waiting_at_the_end_are_lost() -> None:
    standings = replay(BELOTE, setup_of(BELOTE, {"deals": 1}), [deal("Chloé", "C", 81)])
    assert standings.finished
    assert list(standings.winners) == ["Bruno", "Denis"]
    assert [side.total for side in standings.sides] == [0, 81]


@pytest.mark.parametrize(("game", "whole"), [(BELOTE, BE20), (COINCHE, CO21)], ids=["BE20", "CO21"])
def test_a_whole_game_deal_by_deal(game: BeloteRules, whole: list[Any]) -> None:
    setup = setup_of(game)
    inputs = [entered for _dealer, _first, entered, _scores, _totals in whole]
    for count, (dealer, first, _entered, each, totals) in enumerate(whole):
        before = replay(game, setup, inputs[:count])
        assert before.next is not None
        assert (before.next.dealer, before.next.facts["first"]) == (dealer, first)
        assert ("held" in before.next.facts) == (game is BELOTE)
        after = replay(game, setup, inputs[: count + 1])
        assert scores(after)[-1] == each
        assert [side.total for side in after.sides] == totals
    assert after.finished
    assert list(after.winners) == ["Alice", "Chloé"]


def test_be20_deal_5_leaves_81_held() -> None:
    inputs = [entered for _dealer, _first, entered, _scores, _totals in BE20]
    standings = replay(BELOTE, setup_of(BELOTE), inputs[:5])
    assert standings.next is not None and standings.next.facts["held"] == 81


def test_co19_a_number_of_deals_ends_the_game_and_passed_deals_do_not_count() -> None:
    setup = setup_of(COINCHE, {"deals": 2})
    standings = replay(COINCHE, setup, CO19)
    assert scores(standings) == [[180, 70], [70, 170]]
    assert [side.total for side in standings.sides] == [250, 240]
    assert standings.finished and list(standings.winners) == ["Alice", "Chloé"]
    with_a_pass = replay(COINCHE, setup, [CO19[0], PASSED])
    assert not with_a_pass.finished


def test_a_tie_at_the_end_goes_to_the_winners_of_the_last_deal_under_last_deal() -> None:
    setup = setup_of(BELOTE, {"target": 150, "tie": "last_deal"})
    standings = replay(BELOTE, setup, [deal("Chloé", "H", 90), deal("Bruno", "S", 90)])
    assert standings.finished and list(standings.winners) == ["Bruno", "Denis"]


def test_a_team_that_reaches_the_target_wins_over_one_passing_it_only_with_an_uncounted_belote() -> None:
    setup = setup_of(BELOTE, {"target": 165, "belote_finish": False})
    standings = replay(BELOTE, setup, [deal("Denis", "H", 158), deal("Bruno", "S", 66, belote="Bruno")])
    # Deal 2: 86–96 dedans. AC: 4 + 162 = 166; BD: 158 + 20, whose belote does not count towards 165.
    assert [side.total for side in standings.sides] == [166, 178]
    assert standings.finished and list(standings.winners) == ["Alice", "Chloé"]
    assert [place for place, _player in standings.ranking] == [1, 1, 3, 3]
    assert [side.name for _place, side in standings.side_ranking] == [AC, BD]


# --- the table --------------------------------------------------------------------------------------------


def test_the_deal_goes_to_the_right_and_a_passed_deal_may_stay_with_its_dealer() -> None:
    right = replay(BELOTE, setup_of(BELOTE), [])
    assert right.next is not None
    assert (right.next.dealer, right.next.facts["first"], right.next.facts["cut"]) == ("Alice", "Denis", "Bruno")
    left = replay(BELOTE, setup_of(BELOTE, {"direction": "left"}), [PASSED])
    assert left.next is not None
    assert (left.next.dealer, left.next.facts["first"], left.next.facts["cut"]) == ("Bruno", "Chloé", "Alice")
    same = replay(BELOTE, setup_of(BELOTE, {"passed_deal": "same"}), [PASSED])
    assert same.next is not None and same.next.dealer == "Alice"
    assert words(same.rounds[0].events) == ("passed",)


def test_each_game_refuses_the_others_options() -> None:
    with pytest.raises(Invalid) as belote:
        setup_of(BELOTE, {"surcoinche": 3})
    assert [problem.field for problem in belote.value.problems] == ["options.surcoinche"]
    with pytest.raises(Invalid) as coinche_error:
        setup_of(COINCHE, {"litige": "made"})
    assert [problem.field for problem in coinche_error.value.problems] == ["options.litige"]
    assert setup_of(BELOTE).options["target"] == 1000
    assert setup_of(COINCHE).options["target"] == 2000
    assert setup_of(COINCHE).options["rounding"] == "up5"


# --- refusals -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("entered", "field"), BELOTE_REFUSED)
def test_be19_refusals_name_the_field(entered: dict[str, Any], field: str) -> None:
    assert field in [where for where, _message in refused(BELOTE, setup_of(BELOTE), entered)]


@pytest.mark.parametrize(("options", "entered", "field"), COINCHE_REFUSED)
def test_co20_refusals_name_the_field(options: dict[str, Any], entered: dict[str, Any], field: str) -> None:
    assert field in [where for where, _message in refused(COINCHE, setup_of(COINCHE, options), entered)]


def test_refusals_say_why() -> None:
    setup = setup_of(BELOTE)
    assert refused(BELOTE, setup, deal("Alice", "S", 161)) == [
        ("points.takers", "No set of tricks is worth 161 card points.")
    ]
    assert refused(BELOTE, setup, deal("Alice", "S", 90, announcements=[{"player": "Bruno", "cards": "KH QH TH"}])) == [
        ("announcements.0.cards", "K♥ Q♥ 10♥ is not a sequence.")
    ]
    assert refused(BELOTE, setup, deal("Alice", "S", 90, belote="Zoé")) == [
        ("belote", "Zoé is not a player in this game.")
    ]
    assert refused(BELOTE, setup, {"passed": True, "taker": "Alice"}) == [
        ("passed", "A passed deal has nothing else to enter (not taker).")
    ]
    # One card, one claim: a belote by Alice and a carré of kings by Bruno, trumps being hearts.
    claimed = deal("Alice", "H", 90, belote="Alice", announcements=[{"player": "Bruno", "cards": "KS KH KD KC"}])
    assert refused(BELOTE, setup, claimed) == [("announcements", "K♥ is claimed twice.")]
    assert refused(
        BELOTE,
        setup_of(BELOTE, {"announcements": False}),
        deal("Alice", "H", 90, announcements=[{"player": "Bruno", "cards": "KS QS JS"}]),
    ) == [("announcements", "Announcements are not played in this game.")]
    assert refused(BELOTE, setup, deal("Alice", "H", points={"takers": 90, "defenders": 72}, cards={})) == [
        ("points", "Enter the card play once: as points or as cards, not both.")
    ]
    assert refused(BELOTE, setup, deal("Alice", "H", cards={"takers": "", "last_trick": "defenders"}, capot=False)) == [
        ("capot", "The pile shows a capot: one team took all 8 tricks.")
    ]


def test_a_belote_holder_may_announce_a_sequence_with_the_king_and_queen() -> None:
    setup = setup_of(BELOTE)
    entered = deal("Alice", "H", 100, belote="Alice", announcements=[{"player": "Alice", "cards": "KH QH JH"}])
    standings = replay(BELOTE, setup, [entered])
    assert scores(standings) == [[140, 62]]


def test_a_canonical_deal_keeps_both_teams_points_and_fills_in_the_rest() -> None:
    setup = setup_of(COINCHE)
    checked = COINCHE.check_round(setup, COINCHE.initial(setup), coinche("Bruno", 100, "♠", points={"defenders": 58}))
    assert checked == {
        "taker": "Bruno",
        "trump": "S",
        "contract": 100,
        "coinche": None,
        "points": {"takers": 104, "defenders": 58},
        "capot": False,
        "belote": None,
        "announcements": [],
    }


# --- said before the play ------------------------------------------------------------------------------------


def test_the_taker_and_trumps_are_said_before_the_play_and_complete_the_deal() -> None:
    setup = setup_of(COINCHE)
    state = COINCHE.initial(setup)
    said = COINCHE.announce(setup, state, {}, {"taker": "Bruno", "trump": "S"})
    said = COINCHE.announce(setup, state, said, {"contract": 110, "coinche": "coinche"})
    assert said == {"taker": "Bruno", "trump": "S", "contract": 110, "coinche": "coinche"}
    assert COINCHE.announced_facts(setup, state, said)["takers"] == BD
    completed = complete_round(COINCHE, said, {"points": {"takers": 120}})
    standings = replay(COINCHE, setup, [completed])
    assert scores(standings) == [[0, (160 + 110) * 2]]
    with pytest.raises(Invalid) as error:
        COINCHE.announce(setup, state, said, {"contract": 85})
    assert [problem.field for problem in error.value.problems] == ["contract"]
    with pytest.raises(Invalid):
        BELOTE.announce(setup_of(BELOTE), state, {}, {"contract": 100})


def test_a_passed_deal_is_said_before_the_play_and_replaces_what_was_said() -> None:
    setup = setup_of(BELOTE)
    state = BELOTE.initial(setup)
    said = BELOTE.announce(setup, state, {"taker": "Alice"}, {"passed": True})
    assert said == {"passed": True}
    assert BELOTE.announced_facts(setup, state, said)["passed"] is True
    assert replay(BELOTE, setup, [complete_round(BELOTE, said, {})]).rounds[0].details.outcome == "passed"
    assert BELOTE.announce(setup, state, said, {"taker": "Bruno", "trump": "D"}) == {"taker": "Bruno", "trump": "D"}
    assert BELOTE.announce(setup, state, {"taker": "Bruno", "trump": "D"}, {"trump": None}) == {"taker": "Bruno"}
