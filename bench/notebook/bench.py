#!/usr/bin/env python3
"""Drives the notebook benchmark against a running `maeil serve`.

  bench.py import-baseline CSV          rows/s of Python's sqlite3 executemany into the same table shape
  bench.py search URL TOKEN CSV N        p50/p99 of N searches, and of N requests to /healthz (trivial route)
"""
import csv
import http.client
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
import urllib.parse
import uuid


def import_baseline(path: str) -> None:
    with open(path, encoding="utf-8") as f:
        rows = list(csv.reader(f))[1:]
    db_path = os.path.join(tempfile.mkdtemp(), "baseline.sqlite")
    db = sqlite3.connect(db_path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("""CREATE TABLE words (id BLOB PRIMARY KEY, book_id BLOB, user_id BLOB, term TEXT, meaning TEXT,
        reading TEXT, part_of_speech TEXT, note TEXT, synonyms TEXT, antonyms TEXT, examples TEXT, tags TEXT,
        memorized INTEGER, bookmarked INTEGER, search_text TEXT, added_on TEXT, created_at REAL, updated_at REAL)""")
    db.execute("CREATE INDEX w1 ON words(book_id, created_at)")
    db.execute("CREATE INDEX w2 ON words(user_id, added_on)")
    db.execute("CREATE INDEX w3 ON words(user_id, created_at)")
    start = time.perf_counter()
    book, user, now = uuid.uuid4().bytes, uuid.uuid4().bytes, time.time()
    with db:
        db.executemany(
            "INSERT INTO words VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            ((uuid.uuid4().bytes, book, user, r[0], r[1], r[2], r[3], r[4], "[]", "[]", "[]", "[]", 0, 0,
              "\n".join(x.lower() for x in r[:3]), "2026-11-22", now, now) for r in rows))
    elapsed = time.perf_counter() - start
    print(f"{len(rows) / elapsed:.0f}")


def percentile(values, p):
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def timed_gets(host, port, paths, headers):
    conn = http.client.HTTPConnection(host, port)
    times = []
    for path in paths:
        start = time.perf_counter()
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        body = response.read()
        times.append((time.perf_counter() - start) * 1000)
        if response.status != 200:
            raise SystemExit(f"{path}: {response.status} {body[:200]!r}")
    conn.close()
    return times


CHO = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
CHO_KEYS = ["r", "R", "s", "e", "E", "f", "a", "q", "Q", "t", "T", "d", "w", "W", "c", "z", "x", "v", "g"]
JUNG_KEYS = ["k", "o", "i", "O", "j", "p", "u", "P", "h", "hk", "ho", "hl", "y", "n", "nj", "np", "nl", "b", "m", "ml", "l"]
JONG_KEYS = ["", "r", "R", "rt", "s", "sw", "sg", "e", "f", "fr", "fa", "fq", "ft", "fx", "fv", "fg", "a", "q", "qt", "t",
             "T", "d", "w", "c", "z", "x", "v", "g"]


def syllable_parts(ch):
    code = ord(ch) - 0xAC00
    return code // 588, (code % 588) // 28, code % 28


def choseong(text):
    return "".join(CHO[syllable_parts(c)[0]] if "가" <= c <= "힣" else c for c in text)


def to_keys(text):
    out = []
    for c in text:
        if "가" <= c <= "힣":
            i, m, f = syllable_parts(c)
            out.append(CHO_KEYS[i] + JUNG_KEYS[m] + JONG_KEYS[f])
        else:
            out.append(c)
    return "".join(out)


def typo(word):
    """Changes the vowel of the last syllable: one typing unit off."""
    i, m, f = syllable_parts(word[-1])
    m = (m + 1) % 21 if m not in (8, 13, 18) else (m + 4) % 21
    return word[:-1] + chr(0xAC00 + i * 588 + m * 28 + f)


def initial_typo(word):
    """Changes the initial consonant of the first syllable: one typing unit off, other choseong."""
    i, m, f = syllable_parts(word[0])
    return chr(0xAC00 + ((i + 7) % 19) * 588 + m * 28 + f) + word[1:]


KINDS = ["term", "term prefix", "meaning", "substring", "choseong", "layout", "typo", "initial typo"]


def search(url: str, token: str, path: str, n: int) -> None:
    parsed = urllib.parse.urlparse(url)
    with open(path, encoding="utf-8") as f:
        rows = list(csv.reader(f))[1:]
    rng = random.Random(7)
    queries = []
    for _ in range(n):
        row = rng.choice(rows)
        kind = rng.randrange(len(KINDS))
        sense = row[1].split(",")[0]
        q = [row[0], row[0][:3], sense, row[0][1:4].upper(), choseong(sense), to_keys(sense), typo(sense), initial_typo(sense)][kind]
        queries.append((kind, "/api/v1/search?perPage=50&q=" + urllib.parse.quote(q)))
    headers = {"Authorization": "Bearer " + token}
    timed_gets(parsed.hostname, parsed.port, [p for _, p in queries[:20]], headers)  # warm up
    search_ms = timed_gets(parsed.hostname, parsed.port, [p for _, p in queries], headers)
    trivial_ms = timed_gets(parsed.hostname, parsed.port, ["/healthz"] * n, {})
    result = {
        "search_p50_ms": round(percentile(search_ms, 50), 2),
        "search_p99_ms": round(percentile(search_ms, 99), 2),
        "search_mean_ms": round(statistics.mean(search_ms), 2),
        "trivial_p50_ms": round(percentile(trivial_ms, 50), 3),
        "trivial_p99_ms": round(percentile(trivial_ms, 99), 3),
    }
    by_kind = {}
    for (kind, _), ms in zip(queries, search_ms):
        by_kind.setdefault(KINDS[kind], []).append(ms)
    result["p50_by_kind_ms"] = {k: round(percentile(v, 50), 2) for k, v in by_kind.items()}
    result["p99_by_kind_ms"] = {k: round(percentile(v, 99), 2) for k, v in by_kind.items()}
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    if sys.argv[1] == "import-baseline":
        import_baseline(sys.argv[2])
    elif sys.argv[1] == "search":
        search(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
