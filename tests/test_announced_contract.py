"""The generic completion of a round by what was announced before the play."""

from referee.games.base import complete_round
from referee.games.hearts import spec as hearts


class Bidding:
    """The least an announcing game declares for :func:`complete_round`."""

    announced = ("bids", "blind_nil")


def test_a_round_without_announced_keys_takes_the_stored_ones():
    stored = {"bids": {"Ann": 1, "Ben": 0}, "blind_nil": []}
    assert complete_round(Bidding(), stored, {"tricks": {"Ann": 1, "Ben": 0}}) == {
        "bids": {"Ann": 1, "Ben": 0},
        "blind_nil": [],
        "tricks": {"Ann": 1, "Ben": 0},
    }


def test_a_round_entered_in_one_step_ignores_the_stored_announcement():
    stored = {"bids": {"Ann": 1, "Ben": 0}, "blind_nil": ["Ben"]}
    raw = {"bids": {"Ann": 0, "Ben": 1}, "tricks": {"Ann": 0, "Ben": 1}}
    assert complete_round(Bidding(), stored, raw) == raw


def test_nothing_stored_leaves_the_round_as_entered():
    assert complete_round(Bidding(), {}, {"tricks": {"Ann": 1}}) == {"tricks": {"Ann": 1}}


def test_a_game_without_an_announcement_is_untouched():
    raw = {"points": {"Ann": 3}}
    assert complete_round(hearts.rules, {"bids": {}}, raw) is raw
