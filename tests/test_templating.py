"""The app's Jinja environment: its templates share its globals, unless given their own."""

from __future__ import annotations

from flask import Flask


def test_a_page_shares_the_environments_globals_and_a_template_given_its_own_keeps_them(app: Flask) -> None:
    environment = app.jinja_env
    page = environment.get_template("table.html")
    assert page.globals is environment.globals  # no ChainMap made into a dict at every include, import or macro
    own = environment.from_string("{{ greeting }} {{ round_count('hearts', 2) }}", globals={"greeting": "hello"})
    assert "greeting" not in environment.globals
    with app.test_request_context("/"):
        assert own.render() == "hello 2 hands"
