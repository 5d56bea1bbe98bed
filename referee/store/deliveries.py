"""What became of a round a phone sent: each write from a phone carries the id the phone made for it
(its idempotency key, ``submission``), kept on the change's audit row (:mod:`.games` writes it).

A resend of a known id is answered from these rows and never stored twice: the round is in the game
under its number, or was since undone, or was since replaced by a correction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from sqlite_utils import Database

from ..games.base import N_, Invalid, Problem

# What a phone may name its submissions: letters, digits, "-" and "_", up to 64 of them.
_SUBMISSION = re.compile(r"[A-Za-z0-9_-]{1,64}")

Fate = Literal["stored", "undone", "replaced"]


@dataclass(frozen=True)
class Delivery:
    """A known submission: the round ``number`` it was stored as, and what became of it since."""

    submission: str
    number: int
    fate: Fate


class Delivered(Exception):
    """The submission was received before: nothing was written this time (``delivery`` says what became of it)."""

    def __init__(self, delivery: Delivery):
        super().__init__(f"{delivery.submission}: {delivery.fate} as round {delivery.number}")
        self.delivery = delivery


def checked_submission(text: str | None) -> str | None:
    """A submission id as a phone or a client sent it (none: None); :class:`Invalid` if it is no id."""
    if text is None or text == "":
        return None
    if not _SUBMISSION.fullmatch(text):
        raise Invalid([Problem("submission", N_("A submission id is 1 to 64 letters, digits, '-' or '_'."))])
    return text


def delivery_of(db: Database, game_id: str, submission: str) -> Delivery | None:
    """What became of ``submission`` in the game, if it was ever stored: the first later correction or
    undo of its round says (an undo first: undone, even if another round took its number after)."""
    row = db.execute(
        "select id, number from audit where game_id = ? and submission = ?", [game_id, submission]
    ).fetchone()
    if row is None:
        return None
    audit_id, number = row
    later = db.execute(
        "select action from audit where game_id = ? and number = ? and id > ? and action in ('edit', 'undo') "
        "order by id limit 1",
        [game_id, number, audit_id],
    ).fetchone()
    fate: Fate = "stored" if later is None else ("undone" if later[0] == "undo" else "replaced")
    return Delivery(submission, number, fate)


def refuse_known(db: Database, game_id: str, submission: str | None) -> None:
    """Inside a write's transaction: :class:`Delivered` if ``submission`` was stored before."""
    if submission is None:
        return
    known = delivery_of(db, game_id, submission)
    if known is not None:
        raise Delivered(known)
