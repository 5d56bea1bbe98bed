"""Behind a reverse proxy, for real: ``referee serve`` (granian) in a process of its own, asked through
the headers a proxy adds.

The server is where these headers were once lost or let through: waitress cleared ``X-Forwarded-*``
unless told to keep them (the app's ProxyFix then saw none, so links said ``http://127.0.0.1…`` and every
phone behind the proxy shared one create limit); granian passes every header to the app, which believes
them only through ProxyFix, applied when ``TRUSTED_PROXIES`` is set. The Flask test client goes through
neither, which is why these tests run the real command.
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_serving import Referee

PROXIED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example"}


class Served(Referee):
    """``referee serve`` on 127.0.0.1, with its own instance folder and settings, asked as a proxy would."""

    def request(self, method: str, path: str, headers: dict[str, str], body: str | None = None) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return response.status, response.read().decode()
        finally:
            connection.close()


@pytest.fixture
def behind_a_proxy(tmp_path: Path) -> Iterator[Served]:
    served = Served(tmp_path, TRUSTED_PROXIES="1", CREATE_LIMIT='"1 per hour"')
    try:
        yield served
    finally:
        served.stop()


def new_book(served: Served, address: str) -> tuple[int, dict[str, str]]:
    headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
    status, body = served.request("POST", "/api/v1/books", headers, "{}")
    return status, json.loads(body)


def test_links_carry_the_host_and_scheme_the_phone_used(behind_a_proxy: Served) -> None:
    status, book = new_book(behind_a_proxy, "198.51.100.1")
    assert status == 201
    cookie = {"Cookie": f"book={book['id']}.{book['key']}"}
    status, page = behind_a_proxy.request("GET", "/book/share", {**PROXIED, **cookie})
    assert status == 200
    assert f"https://cards.example/book/open/{book['id']}/" in page
    assert "127.0.0.1" not in page


def test_each_phone_behind_the_proxy_has_its_own_create_limit(behind_a_proxy: Served) -> None:
    statuses = [new_book(behind_a_proxy, address)[0] for address in ("198.51.100.1", "198.51.100.2", "198.51.100.1")]
    assert statuses == [201, 201, 429]


def test_without_trusted_proxies_the_forwarded_headers_are_ignored(tmp_path: Path) -> None:
    """The control: a phone cannot make itself look like another by sending the headers itself."""
    served = Served(tmp_path, CREATE_LIMIT='"1 per hour"')
    try:
        status, book = new_book(served, "198.51.100.1")
        assert status == 201
        assert new_book(served, "198.51.100.2")[0] == 429
        cookie = {"Cookie": f"book={book['id']}.{book['key']}"}
        page = served.request("GET", "/book/share", {**PROXIED, **cookie})[1]
        assert f"http://127.0.0.1:{served.port}/book/open/{book['id']}/" in page
    finally:
        served.stop()
