"""Queenie's web face: the play-along's pages, and the last deal its table page shows (written in Python).

The app factory loads it once every game is registered (``GameSpec.web`` names it) and registers
``bp``; the last deal becomes the ``queenie_last_deal`` function of Queenie's templates.
"""

from __future__ import annotations

from .panels import last_deal
from .playalong import bp

bp.add_app_template_global(last_deal, "queenie_last_deal")

__all__ = ["bp"]
