"""A real server on 127.0.0.1 and Debian's Chromium at a phone-sized viewport."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

# waitress (a dev extra), not granian: these drive the app object, served in a thread here (granian cannot).
from waitress import wasyncore
from waitress.server import create_server

from referee import create_app

PHONE = {"width": 390, "height": 844}

# Requests made by a service worker are routed like the pages' only with this on (Chromium): the
# offline tests cut the worker's own fetches too, which ``set_offline`` does not reach. Read by
# Playwright's driver when it starts, so set before any browser fixture runs.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-screenshots"


def chromium_path() -> str:
    configured = os.environ.get("CHROMIUM")
    found = configured or shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
    return found


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    return {
        "executable_path": chromium_path(),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args() -> dict[str, Any]:
    return {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True, "locale": "en-GB"}


@contextmanager
def serving(app: Flask, port: int = 0) -> Iterator[str]:
    """Waitress serving ``app`` on 127.0.0.1 (a free port unless ``port``) from a thread; stopped for good on exit.

    ``server.close()`` alone does not end ``server.run()``: the loop goes on while any connection
    (a browser's keep-alive) is in its socket map, and closing sockets from another thread races
    the loop's ``select``. So the worker threads are stopped first, then the loop's own thread is
    asked, through the server's trigger, to close every socket of its map: an empty map ends the loop.
    """
    sockets: dict[int, Any] = {}
    server = create_server(app, map=sockets, host="127.0.0.1", port=port, threads=4)
    thread = threading.Thread(target=server.run, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        server.task_dispatcher.shutdown(timeout=5)  # its threads finish what they serve, then none is left
        server.trigger.pull_trigger(lambda: wasyncore.close_all(sockets, ignore_all=True))
        thread.join(timeout=5)
        assert not thread.is_alive(), "the test server did not stop"


@pytest.fixture
def live_server_config() -> dict[str, Any]:
    """Settings a test module adds to the live server's app (override this fixture there)."""
    return {}


@pytest.fixture
def live_server(tmp_path: Path, live_server_config: dict[str, Any]) -> Iterator[str]:
    """The address of a real server with a fresh database; request it before ``page`` so it outlives the page."""
    config = {"DATABASE": str(tmp_path / "browser.sqlite3"), "SECRET_KEY": "browser-tests", **live_server_config}
    with serving(create_app(config)) as address:
        yield address


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS


def save_round(page: Page) -> None:
    """Tap the round form's save button and wait for the page it leads to.

    With JavaScript the form is sent in the background first (static/offline.js), so the page
    moves on after the server's answer (to the table, or to the form with what to fix), not at once.
    """
    with page.expect_navigation():
        page.locator("button[name=save]").click()


def scripts_ran(page: Page) -> None:
    """Wait until the page's one script has run: app.js, first in it, marks ``<html class="js">``.

    A tap before then is a tap on the page without JavaScript (a ± or a chip asks the server, and the
    page comes again without the field's focus), which a test of the scripted page must not race into.
    """
    expect(page.locator("html.js")).to_be_attached()


def page_width(page: Page) -> int:
    """How wide the page lays out, in CSS pixels (what must fit the phone's width).

    Asked through a locator, which waits for the page a tap just opened to be there: a page
    controlled by the service worker may still be on its way when the tap returns. Asked once the page
    has loaded its stylesheet too: before, it lays out unstyled (a chip 21 px high, not 44), and the
    tests measure sizes right after this.
    """
    html = page.locator("html")
    html.evaluate("(html) => html.scrollWidth")  # the page a tap opened is there
    page.wait_for_load_state("load")  # and its stylesheet too
    return int(html.evaluate("(html) => html.scrollWidth"))
