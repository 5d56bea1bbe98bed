"""A real server on 127.0.0.1 and Debian's Chromium at a phone-sized viewport."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from waitress.server import create_server

from referee import create_app

PHONE = {"width": 390, "height": 844}
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


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[str]:
    app = create_app({"DATABASE": str(tmp_path / "browser.sqlite3"), "SECRET_KEY": "browser-tests"})
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        server.close()
        thread.join(timeout=5)


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
