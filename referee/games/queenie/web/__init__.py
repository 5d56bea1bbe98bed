"""Queenie's web face: the play-along's pages, and the panels its table page shows written in Python (the
last deal, the next one and the chip check).

The app factory loads it once every game is registered (``GameSpec.web`` names it) and registers
``bp``; the panels become the ``queenie_…`` functions of Queenie's templates.
"""

from __future__ import annotations

from .panels import chip_check, last_deal, next_deal, next_panel
from .playalong import bp

bp.add_app_template_global(last_deal, "queenie_last_deal")
bp.add_app_template_global(next_deal, "queenie_next_deal")
bp.add_app_template_global(next_panel, "queenie_next_panel")
bp.add_app_template_global(chip_check, "queenie_chip_check")

__all__ = ["bp"]
