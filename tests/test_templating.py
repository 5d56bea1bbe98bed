"""The app's Jinja environment: its templates share its globals, unless given their own, and are loaded once."""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask
from jinja2 import FileSystemLoader


def test_a_page_shares_the_environments_globals_and_a_template_given_its_own_keeps_them(app: Flask) -> None:
    environment = app.jinja_env
    page = environment.get_template("table.html")
    assert page.globals is environment.globals  # no ChainMap made into a dict at every include, import or macro
    own = environment.from_string("{{ greeting }} {{ round_count('hearts', 2) }}", globals={"greeting": "hello"})
    assert "greeting" not in environment.globals
    with app.test_request_context("/"):
        assert own.render() == "hello 2 hands"


def test_a_template_is_loaded_once_and_again_when_templates_may_change(app: Flask, tmp_path: Path) -> None:
    environment = app.jinja_env
    grid = environment.get_template("grid.html")
    environment.cache.clear()  # Jinja's own cache is not asked again
    assert environment.get_template("grid.html") is grid
    # In debug (templates reloaded when changed), and for another loader, Jinja loads them.
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "grid.html").write_text("first")
    original = environment.loader
    try:
        environment.loader = FileSystemLoader(folder)
        assert environment.get_template("grid.html").render() == "first"
        environment.auto_reload = True
        (folder / "grid.html").write_text("second")
        os.utime(folder / "grid.html", (1, 1))  # another modification time, whatever the clock's grain
        assert environment.get_template("grid.html").render() == "second"
    finally:
        environment.loader, environment.auto_reload = original, False
    assert environment.get_template("grid.html") is not grid  # loaded again from the app's loader
