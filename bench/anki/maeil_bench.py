#!/usr/bin/env python3
"""Drives a running `maeil serve` for bench/anki/run.sh; prints one JSON object.

  maeil_bench.py URL EDICT_TOKEN KOREAN_TOKEN KOREAN_CSV KOREAN_QUERIES QUEUE_TOKEN PASSWORD

EDICT_TOKEN's user holds the EDICT book, KOREAN_TOKEN's the Korean benchmark words
(bench/notebook/make_words.py), QUEUE_TOKEN's the due-queue book; every user has
PASSWORD (for the web login). Measures, one request at a time on a kept-alive
connection: the 20-query EDICT mix x 5 (Anki's mix), the Korean query kinds
(bench/notebook/bench.py's own `search`), and today's queue of the queue book. Then
`wrk -t2 -c32 -d10s` on /healthz, a 50-word JSON page of a small (starter) and the
EDICT book, and the web word list of both.
"""
import contextlib
import http.client
import io
import json
import os
import re
import subprocess
import sys
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "notebook"))
import bench as notebook  # noqa: E402  (bench/notebook/bench.py: percentile, Korean query kinds)
from queries import QUERIES, REPEATS  # noqa: E402  (the very mix Anki is timed on)

percentile = notebook.percentile


class Client:
    """One kept-alive connection; times each request; any status >= 400 stops the run."""

    def __init__(self, url, token=None):
        parsed = urllib.parse.urlparse(url)
        self.conn = http.client.HTTPConnection(parsed.hostname, parsed.port)
        self.headers = {"Authorization": "Bearer " + token} if token else {}
        self.cookies = {}

    def call(self, method, path, body=None, headers=None):
        headers = {**self.headers, **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if isinstance(body, dict):
            body, headers["Content-Type"] = json.dumps(body), "application/json"
        start = time.perf_counter()
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        ms = (time.perf_counter() - start) * 1000
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";")[0]
        if response.status >= 400:
            raise SystemExit(f"{method} {path}: {response.status} {data[:300]!r}")
        is_json = (response.getheader("Content-Type") or "").startswith("application/json")
        return ms, (json.loads(data) if is_json and data else data), response.status


def edict_search(url, token):
    client = Client(url, token)
    paths = {q: "/api/v1/search?q=" + urllib.parse.quote(q) for q in QUERIES}
    for q in QUERIES:  # warm up once, as the Anki side does
        client.call("GET", paths[q])
    per_query = {q: [] for q in QUERIES}
    hits = {}
    for _ in range(REPEATS):
        for q in QUERIES:
            ms, body, _ = client.call("GET", paths[q])
            per_query[q].append(ms)
            hits[q] = f"{body['total']}+" if body["totalCapped"] else body["total"]
    every = [ms for times in per_query.values() for ms in times]
    return {
        "search_p50_ms": round(percentile(every, 50), 2), "search_p99_ms": round(percentile(every, 99), 2),
        "queries": {q: {"hits": hits[q], "p50_ms": round(percentile(t, 50), 2), "p99_ms": round(percentile(t, 99), 2)}
                    for q, t in per_query.items()},
    }


def korean_kinds(url, token, csv_path, n):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        notebook.search(url, token, csv_path, n)
    return json.loads(out.getvalue())


def find_book(client, name):
    return next(b for b in client.call("GET", "/api/v1/books")[1] if b["name"] == name)


def due_queue(url, token, calls=50):
    client = Client(url, token)
    queue_book = find_book(client, "Queue")["id"]
    # Two cards per word, and daily limits at their maximum (as bench/study does).
    client.call("PATCH", f"/api/v1/books/{queue_book}", {"studyDirections": "both"})
    client.call("PATCH", "/api/v1/study/settings", {"newPerDay": 9999, "reviewsPerDay": 9999})
    path = f"/api/v1/study/queue?bookID={queue_book}"
    for _ in range(3):
        client.call("GET", path)
    times = []
    for _ in range(calls):
        ms, body, _ = client.call("GET", path)
        times.append(ms)
    return {"calls": calls, "fetched": len(body["cards"]), "new_count": body["newCount"],
            "queue_p50_ms": round(percentile(times, 50), 2), "queue_p99_ms": round(percentile(times, 99), 2)}


def web_login(url, username, password):
    """Logs in through the form as a browser does: the login page sets the anonymous
    CSRF cookie (maeil_csrf) and names its token in a meta tag; the form posts it back."""
    client = Client(url)
    _, page, _ = client.call("GET", "/login")
    csrf = re.search(rb'name="csrf-token" content="([^"]+)"', page).group(1).decode()
    form = urllib.parse.urlencode({"_csrf": csrf, "username": username, "password": password, "next": "/"})
    _, _, status = client.call("POST", "/login", form, {"Content-Type": "application/x-www-form-urlencoded"})
    if status != 303 or "maeil_session" not in client.cookies:
        raise SystemExit(f"web login of {username} failed: {status} {client.cookies}")
    return client


# Pages of the EDICT book the spread runs ask for (at 50 words a page, 250,000 words).
SPREAD_PAGES = 5000


# Seconds of the same requests, untimed, before each timed wrk run.
WARMUP_S = 3


def wrk(url, path, cookie=None, header=None, spread=None):
    """req/s, latency and status classes of `wrk -t2 -c32 -d10s` (status.lua counts them),
    after WARMUP_S seconds of the same requests whose answers are counted apart (`warmup_5xx`…);
    `spread`: each request asks for a random page from 2 to this (status.lua)."""
    cmd = ["wrk", "-t2", "-c32", "-s", os.path.join(HERE, "status.lua")]
    env = dict(os.environ, WRK_SPREAD_PAGES=str(spread)) if spread else None
    if cookie:
        cmd += ["-H", "Cookie: " + cookie]
    if header:
        cmd += ["-H", header]
    warmup = subprocess.run(cmd + [f"-d{WARMUP_S}s", url + path], check=True, capture_output=True, text=True,
                            env=env).stdout
    out = subprocess.run(cmd + ["-d10s", url + path], check=True, capture_output=True, text=True, env=env).stdout
    result = {"path": path + (f" (page 2–{spread:,})" if spread else ""), "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))}
    result.update({k: int(v) for k, v in re.findall(r"status_(\dxx)=(\d+)", out)})
    result.update({"warmup_" + k: int(v) for k, v in re.findall(r"status_(\dxx)=(\d+)", warmup)})
    result.update({f"latency_{k}_ms": float(v) for k, v in re.findall(r"latency_(p\d+)_ms=([\d.]+)", out)})
    # wrk prints "Socket errors: connect 0, read 0, write 0, timeout 98" only when there are some.
    errors = re.search(r"Socket errors: (.*)", out)
    result["socket_errors"] = ", ".join(
        e for e in (errors.group(1).split(", ") if errors else []) if not e.endswith(" 0"))
    return result


def main():
    url, edict_token, korean_token, korean_csv, korean_n, queue_token, password = sys.argv[1:8]
    result = {"search": edict_search(url, edict_token),
              "korean": korean_kinds(url, korean_token, korean_csv, int(korean_n)),
              "queue": due_queue(url, queue_token)}

    # The small book: the 240-word starter book, added to the queue user's account.
    queue_user = Client(url, queue_token)
    small = queue_user.call("POST", "/api/v1/books/starter")[1]["id"]
    edict = find_book(Client(url, edict_token), "EDICT")
    big = edict["id"]
    result["edict_words"] = edict["wordCount"]  # what the import really stored
    bearer = {"edict": "Authorization: Bearer " + edict_token, "queue": "Authorization: Bearer " + queue_token}
    web = {user: web_login(url, user, password) for user in ("edict", "queue")}
    for user, page_book in (("queue", small), ("edict", big)):  # the pages must be real pages, not a redirect
        _, page, status = web[user].call("GET", f"/books/{page_book}")
        if status != 200 or b"<html" not in page[:500].lower():
            raise SystemExit(f"/books/{page_book} as {user}: {status}")
    cookie = {user: "; ".join(f"{k}={v}" for k, v in c.cookies.items()) for user, c in web.items()}
    # A deep page of the EDICT book, the first since the server started: it reads the book's
    # whole order once (kept until the book changes), which the pages after it slice.
    result["first_deep_page_ms"] = round(
        Client(url, edict_token).call("GET", f"/api/v1/books/{big}/words?page={SPREAD_PAGES // 2}&perPage=50")[0], 1)
    page = "/words?page=2&perPage=50"
    result["wrk"] = {
        "healthz": wrk(url, "/healthz"),
        "json_small": wrk(url, f"/api/v1/books/{small}{page}", header=bearer["queue"]),
        "json_big": wrk(url, f"/api/v1/books/{big}{page}", header=bearer["edict"]),
        "web_small": wrk(url, f"/books/{small}", cookie=cookie["queue"]),
        "web_big": wrk(url, f"/books/{big}", cookie=cookie["edict"]),
        # Pages the server has not kept: the cost of making one.
        "json_big_spread": wrk(url, f"/api/v1/books/{big}/words?perPage=50", header=bearer["edict"],
                               spread=SPREAD_PAGES),
        "web_big_spread": wrk(url, f"/books/{big}", cookie=cookie["edict"], spread=SPREAD_PAGES),
    }
    result["small_book_words"] = queue_user.call("GET", f"/api/v1/books/{small}")[1]["wordCount"]
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
