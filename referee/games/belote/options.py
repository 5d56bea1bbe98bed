"""The options of Belote and Coinche: those the two games share (with each game's default), then each one's own.

An option that belongs to one game only is not among the other's, so the other refuses it like any unknown option.
"""

from __future__ import annotations

from ..base import N_, Option

_YES_NO = ((True, N_("yes")), (False, N_("no")))


def target(default: int) -> Option:
    return Option(
        "target",
        "int",
        default,
        N_("Target"),
        N_("The game ends after the deal in which a team reaches this total (50 to 10000)."),
        minimum=50,
        maximum=10000,
    )


def rounding(default: str) -> Option:
    return Option(
        "rounding",
        "choice",
        default,
        N_("Rounding"),
        N_(
            "How each team's card points are rounded before anything is added (the contract is judged on exact points)."
        ),
        choices=(
            ("none", N_("none: exact points")),
            ("up5", N_("to the nearest ten, a final 5 going up (85 makes 90)")),
            ("up6", N_("to the nearest ten, a final 5 going down (85 makes 80)")),
        ),
    )


DEALS = Option(
    "deals",
    "int",
    None,
    N_("Number of deals"),
    N_("The game ends after this many deals played (1 to 200), whatever the totals; the higher total wins."),
    minimum=1,
    maximum=200,
    nullable=True,
    none_label=N_("none: play to the target"),
)
BOTH_REACH = Option(
    "both_reach",
    "choice",
    "higher",
    N_("Both teams reach the target"),
    N_("What happens when both teams reach the target on the same deal."),
    choices=(("higher", N_("the higher total wins")), ("draw", N_("both teams win"))),
)
TIE = Option(
    "tie",
    "choice",
    "play_on",
    N_("Equal totals at the end"),
    N_("What happens when the game would end with both teams on the same total."),
    choices=(
        ("play_on", N_("play another deal, and look again")),
        ("share", N_("both teams win")),
        ("last_deal", N_("the team that won the last deal wins")),
    ),
)
BELOTE_FINISH = Option(
    "belote_finish",
    "bool",
    True,
    N_("A belote may reach the target"),
    N_("Off: a team that scored nothing in a deal but its belote does not count that belote towards the target."),
)
DIRECTION = Option(
    "direction",
    "choice",
    "right",
    N_("Direction of play"),
    N_("Dealing, speaking and play go this way round the table."),
    choices=(("right", N_("to the right (counter-clockwise)")), ("left", N_("to the left (clockwise)"))),
)
TEAM_NAMES = Option(
    "team_names",
    "names",
    None,
    N_("Team names"),
    N_("Two names, such as Nous and Eux. Left empty, each team is named from its players (Alice & Chloé)."),
    nullable=True,
    count=2,
    longest=30,
)
PASSED_DEAL = Option(
    "passed_deal",
    "choice",
    "next",
    N_("After a passed deal"),
    N_("Who deals when nobody took."),
    choices=(("next", N_("the deal passes on as usual")), ("same", N_("the same dealer deals again"))),
)
ANNOUNCEMENTS = Option(
    "announcements",
    "bool",
    True,
    N_("Announcements"),
    N_("Tierces, cinquantes, cents and carrés, scored by the team with the best one."),
)
ANNOUNCE_TIE = Option(
    "announce_tie",
    "choice",
    "none",
    N_("Equal best announcements"),
    N_("When the two teams' best announcements are equal in every way."),
    choices=(("none", N_("none counts")), ("first", N_("the team of the player first in playing order"))),
)
CAPOT_POINTS = Option(
    "capot_points",
    "choice",
    252,
    N_("A capot is worth"),
    N_("The card points of the team that took all eight tricks."),
    choices=((252, N_("252: the dix de der worth 100")), (250, N_("250: a flat figure"))),
)
CONTRACT_POINTS = Option(
    "contract_points",
    "choice",
    "all",
    N_("What makes the contract"),
    N_("The points that count when the takers' total is set against the defenders'."),
    choices=(
        ("all", N_("card points, announcements and belote")),
        ("no_belote", N_("card points and announcements, not the belote")),
        ("cards_only", N_("card points only")),
    ),
)
BELOTE_WHEN_LOSING = Option(
    "belote_when_losing",
    "choice",
    "kept",
    N_("The belote of a team that loses the deal"),
    N_("Whether a team keeps its belote when it loses the deal."),
    choices=(("kept", N_("kept by its team")), ("to_winners", N_("goes to the winners"))),
)

LITIGE = Option(
    "litige",
    "choice",
    "suspend",
    N_("Litige (equal totals)"),
    N_("When the takers' total equals the defenders'."),
    choices=(
        ("suspend", N_("the takers' points wait for the winner of the next deal")),
        ("dedans", N_("the takers are dedans")),
        ("made", N_("the takers made it")),
    ),
)

BEAT_DEFENDERS = Option(
    "beat_defenders",
    "bool",
    True,
    N_("The takers must also beat the defenders"),
    N_("Off: reaching the contract is enough, even with fewer points than the defenders."),
)
MADE_SCORING = Option(
    "made_scoring",
    "choice",
    "points_and_contract",
    N_("What a deal scores"),
    N_("The winners' points: the points made and the contract, or the contract alone."),
    choices=(
        ("points_and_contract", N_("points made and the contract")),
        ("contract_only", N_("the contract alone (points announced)")),
    ),
)
COINCHE_SCORING = Option(
    "coinche_scoring",
    "choice",
    "all",
    N_("What a coinche multiplies"),
    N_("A coinche doubles (a surcoinche quadruples) the whole score, or the contract alone."),
    choices=(("all", N_("the whole score")), ("contract", N_("the contract alone"))),
)
SURCOINCHE = Option(
    "surcoinche",
    "choice",
    4,
    N_("A surcoinche multiplies by"),
    N_("What the takers' answer to a coinche multiplies the score by."),
    choices=((4, N_("×4")), (3, N_("×3"))),
)
BELOTE_MULTIPLIED = Option(
    "belote_multiplied",
    "bool",
    False,
    N_("The belote is multiplied"),
    N_("On: a coinche or surcoinche multiplies the winners' belote too."),
)
FAILED_CAPOT_BASE = Option(
    "failed_capot_base",
    "choice",
    "capot",
    N_("A failed capot"),
    N_("What the defenders' card points count when a capot contract fails."),
    choices=(("capot", N_("the capot's points (500 in all)")), ("normal", N_("162, as in any deal (410 in all)"))),
)
SANS_TOUT_ATOUT = Option(
    "sans_tout_atout",
    "bool",
    False,
    N_("Sans atout and tout atout"),
    N_("Contracts with no trumps or with every suit trumps (entered by points only)."),
)

_SHARED = (
    DEALS,
    BOTH_REACH,
    TIE,
    BELOTE_FINISH,
    DIRECTION,
    PASSED_DEAL,
    ANNOUNCEMENTS,
    ANNOUNCE_TIE,
    CAPOT_POINTS,
    TEAM_NAMES,
)

BELOTE = (target(1000), *_SHARED, rounding("none"), CONTRACT_POINTS, BELOTE_WHEN_LOSING, LITIGE)
COINCHE = (
    target(2000),
    *_SHARED,
    rounding("up5"),
    CONTRACT_POINTS,
    BELOTE_WHEN_LOSING,
    BEAT_DEFENDERS,
    MADE_SCORING,
    COINCHE_SCORING,
    SURCOINCHE,
    BELOTE_MULTIPLIED,
    FAILED_CAPOT_BASE,
    SANS_TOUT_ATOUT,
)
