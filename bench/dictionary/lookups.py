#!/usr/bin/env python3
"""Times GET /api/v1/japanese/dictionary over a mix of queries (kanji, kana, romaji,
English) on one kept-alive connection, after one untimed pass. Prints JSON.

  lookups.py URL TOKEN [REPEATS]"""
import http.client
import json
import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "notebook"))
from bench import percentile  # noqa: E402

QUERIES = [
    "学生", "水", "食べる", "東京", "勉強", "愛", "日本語",   # kanji
    "がくせい", "たべる", "すし", "ラーメン",                  # kana
    "gakusei", "taberu", "benkyou", "sushi",                 # romaji
    "student", "eat", "water", "to study", "love",           # English
]


def main(url: str, token: str, repeats: int = 5) -> None:
    parsed = urllib.parse.urlparse(url)
    conn = http.client.HTTPConnection(parsed.hostname, parsed.port)
    headers = {"Authorization": "Bearer " + token}

    def get(q):
        conn.request("GET", "/api/v1/japanese/dictionary?q=" + urllib.parse.quote(q), headers=headers)
        response = conn.getresponse()
        body = response.read()
        if response.status != 200:
            raise SystemExit(f"{q}: HTTP {response.status} {body[:200]!r}")
        return json.loads(body)

    first = {q: get(q) for q in QUERIES}
    times = {q: [] for q in QUERIES}
    for _ in range(repeats):
        for q in QUERIES:
            start = time.perf_counter()
            get(q)
            times[q].append((time.perf_counter() - start) * 1000)
    every = [ms for ts in times.values() for ms in ts]
    print(json.dumps({
        "p50_ms": round(percentile(every, 50), 2), "p99_ms": round(percentile(every, 99), 2),
        "queries": {q: {"first": (first[q]["entries"] or [{"term": ""}])[0]["term"],
                        "entries": len(first[q]["entries"]),
                        "p50_ms": round(percentile(t, 50), 2), "p99_ms": round(percentile(t, 99), 2)}
                    for q, t in times.items()},
    }, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 5)
