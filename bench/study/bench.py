#!/usr/bin/env python3
"""Drives the review API: queue build latency, then ANSWERS answers one at a time."""
import http.client
import json
import random
import statistics
import sys
import time
import urllib.parse


def main() -> None:
    url, token, answers = sys.argv[1], sys.argv[2], int(sys.argv[3])
    parsed = urllib.parse.urlparse(url)
    conn = http.client.HTTPConnection(parsed.hostname, parsed.port)
    headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}

    def call(method, path, body=None):
        start = time.perf_counter()
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = conn.getresponse()
        data = response.read()
        elapsed = (time.perf_counter() - start) * 1000
        if response.status >= 400:
            raise SystemExit(f"{method} {path}: {response.status} {data[:200]!r}")
        is_json = (response.getheader("Content-Type") or "").startswith("application/json")
        return elapsed, json.loads(data) if data and is_json else None

    books = call("GET", "/api/v1/books")[1]
    book = books[0]["id"]
    call("PATCH", f"/api/v1/books/{book}", {"studyDirections": "both"})
    call("PATCH", "/api/v1/study/settings", {"newPerDay": 9999, "reviewsPerDay": 9999})

    def p(values, q):
        values = sorted(values)
        return round(values[min(len(values) - 1, int(len(values) * q / 100))], 2)

    trivial = [call("GET", "/healthz")[0] for _ in range(200)]
    queue_ms = [call("GET", "/api/v1/study/queue?limit=50")[0] for _ in range(50)]

    rng = random.Random(7)
    answer_ms = []
    start = time.perf_counter()
    while len(answer_ms) < answers:
        _, queue = call("GET", "/api/v1/study/queue?limit=100")
        if not queue["cards"]:
            break
        for card in queue["cards"]:
            if len(answer_ms) >= answers:
                break
            rating = rng.choices([1, 2, 3, 4], weights=[2, 2, 5, 1])[0]
            ms, _ = call("POST", "/api/v1/study/answer", {
                "wordID": card["wordID"], "direction": card["direction"], "rating": rating, "version": card["version"]})
            answer_ms.append(ms)
    total_s = time.perf_counter() - start
    queue_after = [call("GET", "/api/v1/study/queue?limit=50")[0] for _ in range(50)]
    print(json.dumps({
        "queue_p50_ms": p(queue_ms, 50), "queue_p99_ms": p(queue_ms, 99),
        "queue_after_answers_p50_ms": p(queue_after, 50),
        "answers": len(answer_ms), "answers_total_s": round(total_s, 2),
        "answer_p50_ms": p(answer_ms, 50), "answer_p99_ms": p(answer_ms, 99),
        "trivial_p50_ms": p(trivial, 50),
    }))


if __name__ == "__main__":
    main()
