"""A small load generator: keep-alive HTTP/1.1 connections on threads, bounded in time and count.

    python bench/load.py PORT PLAN.json

The plan says what to send (``mode``: ``write`` adds rounds to the given games, each table starting a
new game after ``rounds_per_game`` rounds; ``read`` fetches the given paths, with the plan's
``headers`` if any, e.g. ``Accept-Encoding``), over how many
connections, for how long and at most how many requests. It prints one
JSON line: requests done, seconds, statuses, and latency percentiles in milliseconds.
Only 127.0.0.1 is ever asked.
"""

from __future__ import annotations

import http.client
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.games import GAMES  # noqa: E402


def send(connection: http.client.HTTPConnection, method: str, path: str, body: Any, headers: dict[str, str]) -> Any:
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.read()


def worker(port: int, plan: dict[str, Any], share: list[Any], results: list[Any], start: threading.Barrier) -> None:
    """One connection: add rounds to its games (a game past ``rounds_per_game`` is replaced by a new one), or read."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    statuses: dict[int, int] = {}
    latencies: list[float] = []
    share = [dict(target) if isinstance(target, dict) else target for target in share]
    games_created = 0
    start.wait()
    deadline = time.perf_counter() + plan["seconds"]
    index = 0
    while time.perf_counter() < deadline and index < plan["max_requests_per_connection"]:
        target = share[index % len(share)]
        index += 1
        try:
            if plan["mode"] == "write" and target["next"] > plan["rounds_per_game"]:
                # This table's game is over: it starts a new one (not counted as a round).
                players, options, _ = GAMES[target["kind"]]
                body = json.dumps({"game": target["kind"], "players": players, "options": options}).encode("utf-8")
                status, data = send(connection, "POST", "/api/v1/games", body, {"Content-Type": "application/json"})
                created = json.loads(data)
                target.update(id=created["id"], key=created["key"], next=1)
                games_created += 1
                continue
            if plan["mode"] == "write":
                _, _, make_round = GAMES[target["kind"]]
                body = json.dumps(make_round(target["next"])).encode("utf-8")
                target["next"] += 1
                headers = {"Content-Type": "application/json", "Authorization": f"Bearer {target['key']}"}
                method, path = "POST", f"/api/v1/games/{target['id']}/rounds"
            else:
                body, headers, method, path = None, dict(plan.get("headers", {})), "GET", target
            began = time.perf_counter()
            status, _ = send(connection, method, path, body, headers)
        except (OSError, http.client.HTTPException):
            status = 0
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            began = time.perf_counter()
        latencies.append(time.perf_counter() - began)
        statuses[status] = statuses.get(status, 0) + 1
    connection.close()
    results.append((statuses, latencies, games_created))


def run(port: int, plan: dict[str, Any]) -> dict[str, Any]:
    targets = plan["targets"]
    connections = plan["connections"]
    shares = [targets[index::connections] or targets for index in range(connections)]
    results: list[Any] = []
    start = threading.Barrier(connections + 1)
    threads = [threading.Thread(target=worker, args=(port, plan, share, results, start)) for share in shares]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join(timeout=plan["seconds"] + 60)
    seconds = time.perf_counter() - began
    statuses: dict[str, int] = {}
    latencies: list[float] = []
    games_created = sum(created for _, _, created in results)
    for counted, timed, _ in results:
        for status, count in counted.items():
            statuses[str(status)] = statuses.get(str(status), 0) + count
        latencies.extend(timed)
    latencies.sort()

    def percentile(share: float) -> float:
        return latencies[min(len(latencies) - 1, int(share * len(latencies)))] * 1000 if latencies else 0.0

    return {
        "requests": len(latencies),
        "seconds": seconds,
        "statuses": statuses,
        "p50_ms": percentile(0.5),
        "p95_ms": percentile(0.95),
        "p99_ms": percentile(0.99),
        "games_created": games_created,
    }


def main() -> None:
    port = int(sys.argv[1])
    plan = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
    print(json.dumps(run(port, plan)), flush=True)


if __name__ == "__main__":
    main()
