"""Lighthouse (mobile) on the table page and the round form of a typical game of each kind, as the scorer.

    python bench/lighthouse.py        (make lighthouse)

Needs Node and npm (it runs `npx lighthouse@12`, fetched from the npm registry the first time) and
Chromium (`CHROMIUM`, else `chromium` on the PATH). The app runs under granian on 127.0.0.1
(bench/serve.py) with a fresh database; each game is made through the API and opened with its
invitation link, and Lighthouse's Chromium sends that browser's cookies, so it sees the pages a
scorer sees. Prints each page's scores and what kept any from 100.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout: bench.games reads referee's rules

from bench.games import GAMES  # noqa: E402
from bench.run import TYPICAL  # noqa: E402
from bench.serve import serving_port  # noqa: E402

CATEGORIES = "performance,accessibility,best-practices,seo"


def call(base: str, method: str, path: str, body: Any = None, key: str | None = None) -> Any:
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def scorer_of(base: str, kind: str) -> tuple[str, str]:
    """A typical game of ``kind`` (its id), and the cookies of a browser that scores it."""
    players, options, make_round = GAMES[kind]
    made = call(base, "POST", "/api/v1/games", {"game": kind, "players": players, "options": options})
    for number in range(1, TYPICAL[kind] + 1):
        call(base, "POST", f"/api/v1/games/{made['id']}/rounds", make_round(number), made["key"])
    cookies = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies))
    # Joining is a confirmed POST: the invitation's page, then its form sent with its token.
    join = f"{base}/g/{made['id']}/join/{made['key']}"
    invitation = browser.open(join, timeout=10).read().decode()
    token = re.search(r'name="csrf_token" (?:type="hidden" )?value="([^"]*)"', invitation)
    assert token is not None, invitation[:200]
    browser.open(join, data=urllib.parse.urlencode({"csrf_token": token.group(1)}).encode(), timeout=10)
    return made["id"], "; ".join(f"{cookie.name}={cookie.value}" for cookie in cookies)


def lighthouse(url: str, cookie: str, report: Path) -> dict[str, Any]:
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    subprocess.run(
        [
            "npx", "--yes", "lighthouse@12", url, "--quiet", f"--only-categories={CATEGORIES}",
            "--chrome-flags=--headless=new --no-sandbox", f"--extra-headers={json.dumps({'Cookie': cookie})}",
            "--output=json", f"--output-path={report}",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": chromium},
        timeout=300,
    )  # fmt: skip
    return json.loads(report.read_text(encoding="utf-8"))


def failing(audit: dict[str, Any]) -> bool:
    """A pass-or-fail audit that failed (what takes accessibility or best practices below 100)."""
    return audit.get("score") is not None and audit["score"] < 1 and audit["scoreDisplayMode"] == "binary"


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("serve.py")), str(Path(folder) / "lh.sqlite3"), "4"],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            base = f"http://127.0.0.1:{serving_port(server.stdout)}"
            print(f"{'page':<28} {'lighthouse':>10} " + " ".join(f"{name:>15}" for name in CATEGORIES.split(",")))
            for kind in GAMES:
                game_id, cookie = scorer_of(base, kind)
                for page, path in (("table", f"/g/{game_id}"), ("round form", f"/g/{game_id}/round")):
                    result = lighthouse(base + path, cookie, Path(folder) / "report.json")
                    scores = {name: round(found["score"] * 100) for name, found in result["categories"].items()}
                    print(
                        f"{kind + ' ' + page:<28} {result['lighthouseVersion']:>10} "
                        + " ".join(f"{scores[name]:>15}" for name in CATEGORIES.split(","))
                    )
                    failed = [name for name, audit in result["audits"].items() if failing(audit)]
                    for name in failed:
                        print(f"    below 100: {name} {result['audits'][name].get('displayValue', '')}")
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
