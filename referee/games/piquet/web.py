"""The stand-alone Piquet referee: two hands in, every combination and verdict out (no game, no key)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from ...views import kit
from ..base import Invalid, only_fields
from . import rules

bp = Blueprint("piquet", __name__, url_prefix="/api/v1/piquet")
bp.register_error_handler(Invalid, kit.refused)


@bp.post("/declarations")
@kit.csrf.exempt
def declarations() -> Response:
    body = only_fields(kit.json_object(), ("elder", "younger", "blanche"))
    return jsonify(rules.declarations_from_hands(body.get("elder"), body.get("younger"), body.get("blanche")))
