"""Draw the app's PNG icons from referee/static/icon.svg with Chromium: `make icons`.

The installed app needs PNG icons at 192 and 512 px ("any": the rounded square as drawn) and a
maskable one (the background to the edges and the card inside the central safe zone, 80 %, which
the phone's launcher may cut to a circle or a squircle). The PNGs are committed; this redraws them
after a change to the SVG.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parents[1] / "referee" / "static"
SAFE_ZONE = 0.8


def maskable(svg: str) -> str:
    """The same icon with square corners and its drawing shrunk into the safe zone."""
    square = re.sub(r'<rect width="512" height="512" rx="\d+"', '<rect width="512" height="512"', svg, count=1)
    offset = 256 * (1 - SAFE_ZONE)
    return square.replace("<g ", f'<g transform="translate({offset} {offset}) scale({SAFE_ZONE})"><g ', 1).replace(
        "</g>", "</g></g>", 1
    )


def draw(svg: str, size: int, target: Path) -> None:
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": size, "height": size})
        page.set_content(
            f"<style>html,body{{margin:0;background:transparent}}svg{{display:block;width:{size}px;height:{size}px}}</style>{svg}"
        )
        page.screenshot(path=str(target), omit_background=True)
        browser.close()


def main() -> None:
    svg = (STATIC / "icon.svg").read_text(encoding="utf-8")
    draw(svg, 192, STATIC / "icon-192.png")
    draw(svg, 512, STATIC / "icon-512.png")
    draw(maskable(svg), 512, STATIC / "icon-maskable-512.png")


if __name__ == "__main__":
    main()
