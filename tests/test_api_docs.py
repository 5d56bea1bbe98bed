"""docs/api.md names every route of the app: one "`METHOD /path`" per method, placeholders as ``<name>``."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from flask import Flask
from werkzeug.routing import Rule

API_DOC = Path(__file__).resolve().parent.parent / "docs" / "api.md"
IGNORED_METHODS = frozenset({"HEAD", "OPTIONS"})
IGNORED_ENDPOINTS = frozenset({"static"})
# Flask's "<int:number>" or "<path:filename>" is written "<number>", "<filename>" in the doc.
CONVERTER = re.compile(r"<(?:[^<>:]+:)?([^<>:]+)>")


def written(path: str) -> str:
    """A rule's path as the doc writes it: converters dropped from its placeholders."""
    return CONVERTER.sub(r"<\1>", path)


def missing_routes(rules: Iterable[Rule], doc: str) -> list[str]:
    """Every "`METHOD /path`" of the rules that the doc does not mention, sorted."""
    missing = set()
    for rule in rules:
        if rule.endpoint in IGNORED_ENDPOINTS:
            continue
        for method in sorted((rule.methods or set()) - IGNORED_METHODS):
            route = f"`{method} {written(rule.rule)}`"
            if route not in doc:
                missing.add(route)
    return sorted(missing)


def test_every_route_is_documented(app: Flask) -> None:
    rules = list(app.url_map.iter_rules())
    assert any(rule.rule.startswith("/api/v1/") for rule in rules)
    assert missing_routes(rules, API_DOC.read_text(encoding="utf-8")) == []


def test_the_checker_reports_a_route_the_doc_lacks() -> None:
    doc = "`GET /g/<game_id>` and `POST /api/v1/games/<game_id>/rounds`"
    rules = [
        Rule("/g/<game_id>", endpoint="tables.table", methods=["GET"]),
        Rule("/api/v1/games/<game_id>/rounds", endpoint="api.add_round", methods=["POST"]),
        Rule("/api/v1/games/<game_id>/rounds/<int:number>/notes", endpoint="made_up", methods=["GET", "PATCH"]),
        Rule("/static/<path:filename>", endpoint="static"),
    ]
    assert written("/static/<path:filename>") == "/static/<filename>"
    assert missing_routes(rules, doc) == [
        "`GET /api/v1/games/<game_id>/rounds/<number>/notes`",
        "`PATCH /api/v1/games/<game_id>/rounds/<number>/notes`",
    ]
