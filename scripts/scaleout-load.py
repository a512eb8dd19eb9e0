#!/usr/bin/env python3
"""A bounded mixed load against Maeil behind a load balancer (scripts/scaleout.sh).

Each client is its own user, signed in twice: in a browser session (a cookie, which
every app process must accept) and with an API token. For DURATION seconds each
client browses pages, searches, adds words and answers reviews, in a random mix.
A request that fails because a process died (no answer, 502, 503) is retried; a
retried write that had gone through is recognised by its 409 (the word exists, the
card moved on), so nothing is counted twice. At the end every word a client was
told it added must be in its book exactly once, and the review log must hold
exactly the answers the clients were told were taken (checked with psql).

  scaleout-load.py BASE_URL DATABASE_URL [--duration S] [--clients N]
Prints one JSON line of counts; exits 1 when anything was lost, doubled or failed.
"""
import argparse
import http.cookiejar
import json
import random
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

RETRYABLE = {502, 503, 504}


class Client:
    def __init__(self, base, n, stats, lock):
        self.base = base
        self.name = f"load{n}x{random.randrange(10**6)}"
        self.password = "scale-out-pass"
        self.stats = stats
        self.lock = lock
        self.jar = http.cookiejar.CookieJar()
        self.browser = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())
        self.api = urllib.request.build_opener(NoRedirect())
        self.token = None
        self.book = None
        self.added = []
        self.answered = 0

    def count(self, key, n=1):
        with self.lock:
            self.stats[key] = self.stats.get(key, 0) + n

    def call(self, opener, method, path, body=None, headers=None, form=False):
        """One request, retried while the balancer has no process for it."""
        data = None
        headers = dict(headers or {})
        if body is not None:
            if form:
                data = urllib.parse.urlencode(body).encode()
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            else:
                data = json.dumps(body).encode()
                headers["Content-Type"] = "application/json"
        if self.token and opener is self.api:
            headers["Authorization"] = f"Bearer {self.token}"
        for attempt in range(100):
            request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
            self.count("requests")
            try:
                with opener.open(request, timeout=30) as response:
                    return response.status, response.read(), attempt
            except urllib.error.HTTPError as error:
                if error.code in RETRYABLE:
                    self.count(f"retried_{error.code}")
                    time.sleep(0.2)
                    continue
                return error.code, error.read(), attempt
            except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
                self.count("retried_no_answer")
                time.sleep(0.2)
                continue
        self.count("failed")
        return 0, b"", 100

    def sign_up(self):
        status, body, _ = self.call(
            self.api, "POST", "/api/v1/auth/signup", {"username": self.name, "password": self.password})
        assert status == 201 or status == 200, (status, body)
        self.token = json.loads(body)["token"]
        status, body, _ = self.call(self.api, "POST", "/api/v1/books", {"name": "Scale"})
        assert status in (200, 201), (status, body)
        self.book = json.loads(body)["id"]
        for n in range(20):
            self.add_word(f"seed{n}")
        # The browser signs in through the form, on whichever process answers.
        status, page, _ = self.call(self.browser, "GET", "/login")
        csrf = re.search(rb'name="_csrf" value="([^"]+)"', page).group(1).decode()
        status, _, _ = self.call(
            self.browser, "POST", "/login",
            {"_csrf": csrf, "username": self.name, "password": self.password, "next": "/"}, form=True)
        assert status in (302, 303), status

    def add_word(self, term):
        status, body, attempt = self.call(
            self.api, "POST", f"/api/v1/books/{self.book}/words", {"term": term, "meaning": "뜻 " + term})
        if status == 201 or (status == 409 and attempt > 0):
            self.added.append(term)
            self.count("words_added")
        else:
            self.count("unexpected")
            print(f"add {term}: {status} {body[:200]!r}", file=sys.stderr)

    def browse(self):
        path = random.choice(["/", f"/books/{self.book}", "/study", "/search?q=seed"])
        status, _, _ = self.call(self.browser, "GET", path)
        if status != 200:  # a redirect to /login: a process did not know the session
            self.count("unexpected")
            print(f"browse {path}: {status}", file=sys.stderr)
        self.count("pages")

    def search(self):
        status, body, _ = self.call(self.api, "GET", "/api/v1/search?q=" + urllib.parse.quote(random.choice(self.added)))
        self.count("searches")
        if status != 200:
            self.count("unexpected")
            print(f"search: {status} {body[:200]!r}", file=sys.stderr)

    def answer(self):
        status, body, _ = self.call(self.api, "GET", "/api/v1/study/queue")
        cards = json.loads(body)["cards"] if status == 200 else []
        if not cards:
            return
        card = cards[0]
        answer = {"wordID": card["wordID"], "direction": card["direction"], "rating": 3,
                  "version": card["version"]}
        status, body, attempt = self.call(self.api, "POST", "/api/v1/study/answer", answer)
        if status == 200 or (status == 409 and attempt > 0):
            self.answered += 1
            self.count("answers")
        else:
            self.count("unexpected")
            print(f"answer: {status} {body[:200]!r}", file=sys.stderr)

    def run(self, deadline):
        n = 0
        while time.time() < deadline:
            kind = random.random()
            if kind < 0.35:
                self.browse()
            elif kind < 0.55:
                self.search()
            elif kind < 0.8:
                n += 1
                self.add_word(f"{self.name}w{n}")
            else:
                self.answer()

    def all_terms(self):
        terms, page = [], 1
        while True:
            status, body, _ = self.call(
                self.api, "GET", f"/api/v1/books/{self.book}/words?perPage=500&page={page}")
            items = json.loads(body)["items"]
            terms += [w["term"] for w in items]
            if len(items) < 500:
                return terms
            page += 1


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None

    def http_error_302(self, req, fp, code, msg, headers):
        return fp

    http_error_303 = http_error_302


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("database_url")
    parser.add_argument("--duration", type=float, default=20)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()

    stats, lock = {}, threading.Lock()
    clients = [Client(args.base, n, stats, lock) for n in range(args.clients)]
    for client in clients:
        client.sign_up()
    deadline = time.time() + args.duration
    threads = [threading.Thread(target=c.run, args=(deadline,)) for c in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    lost = doubled = 0
    for client in clients:
        terms = client.all_terms()
        lost += len(set(client.added) - set(terms))
        doubled += len(terms) - len(set(terms))
        logged = subprocess.run(
            ["psql", args.database_url, "-tA", "-c",
             "SELECT COUNT(*) FROM review_logs r JOIN users u ON u.id = r.user_id "
             f"WHERE u.username = '{client.name}'"],
            capture_output=True, text=True, check=True).stdout.strip()
        if int(logged) != client.answered:
            stats["answers_mismatched"] = stats.get("answers_mismatched", 0) + 1
            print(f"{client.name}: {client.answered} answers taken, {logged} in the log", file=sys.stderr)
    stats.update(lost=lost, doubled=doubled)
    print(json.dumps(stats, sort_keys=True))
    bad = lost or doubled or stats.get("failed") or stats.get("unexpected") or stats.get("answers_mismatched")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
