#!/usr/bin/env python3
"""The checks and the review client of scripts/crash-test.sh (standard library
only; psql for PostgreSQL). The database comes from CRASH_DB; the first argument
names the command (see the end of the file)."""
import csv, http.client, io, json, os, random, sqlite3, subprocess, sys, threading, time
import urllib.parse

DB = os.environ["CRASH_DB"]
PG = DB.startswith("postgres")


def rows(sql, db=None):
    db = db or DB
    if db.startswith("postgres"):
        out = subprocess.run(
            ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", db, "-c",
             f"COPY ({sql}) TO STDOUT WITH (FORMAT csv)"],
            capture_output=True, text=True, check=True).stdout
        return [tuple(r) for r in csv.reader(io.StringIO(out))]
    con = sqlite3.connect(db, timeout=60)
    try:
        return [tuple("" if v is None else str(v) for v in r) for r in con.execute(sql)]
    finally:
        con.close()


def one(sql, db=None):
    return rows(sql, db)[0][0]


def q(text):
    return "'" + text.replace("'", "''") + "'"


def user_id():
    return one("SELECT id FROM users WHERE username = 'crash'")


problems = []


def problem(text):
    problems.append(text)


def finish(summary=None):
    for p in problems[:15]:
        print(p, file=sys.stderr)
    if len(problems) > 15:
        print(f"… {len(problems) - 15} more", file=sys.stderr)
    if summary is not None:
        print(summary)
    sys.exit(1 if problems else 0)


def make_rows(path, count):
    """count unique rows: Korean terms with Japanese meanings, Japanese terms with Korean."""
    ko = ["사과", "바다", "하늘", "학교", "친구", "사랑", "노래", "시간", "나무", "꽃"]
    ja = ["りんご", "うみ", "そら", "がっこう", "ともだち", "あい", "うた", "じかん", "き", "はな"]
    with open(path, "w", encoding="utf-8") as f:
        f.write("term\tmeaning\n")
        for i in range(count):
            k, j = ko[i % 10], ja[i % 10]
            if i % 2 == 0:
                f.write(f"{k}{i:06d}\t{j} {i} (meaning)\n")
            else:
                f.write(f"{j}{i:06d}\t{k} {i}번 뜻\n")


def file_rows(path):
    with open(path, encoding="utf-8") as f:
        next(f)
        return sorted(tuple(line.rstrip("\n").split("\t")) for line in f)


def check_db():
    """The whole database: SQLite's integrity check and search index, every book's
    kept count, every word with its two cards in its own book, no card without a word."""
    if not PG:
        result = [r[0] for r in rows("PRAGMA integrity_check")]
        if result != ["ok"]:
            problem(f"PRAGMA integrity_check: {result[:5]}")
        if one("SELECT deferred FROM words_fts_deferral") != "0":
            problem("words_fts_deferral.deferred is not 0: an import's deferral outlived it")
        pending = one("SELECT COUNT(*) FROM words_fts_pending")
        if pending != "0":
            problem(f"words_fts_pending holds {pending} words: indexed by no one")
    bad = rows("SELECT b.name, b.word_count, (SELECT COUNT(*) FROM words w WHERE w.book_id = b.id) "
               "FROM books b WHERE b.word_count <> (SELECT COUNT(*) FROM words w WHERE w.book_id = b.id)")
    for name, kept, real in bad:
        problem(f"book {name}: word_count says {kept}, it holds {real}")
    words = int(one("SELECT COUNT(*) FROM words"))
    cards = int(one("SELECT COUNT(*) FROM cards"))
    if cards != 2 * words:
        problem(f"{words} words but {cards} cards (two a word expected)")
    orphans = one("SELECT COUNT(*) FROM cards c WHERE NOT EXISTS (SELECT 1 FROM words w WHERE w.id = c.word_id)")
    if orphans != "0":
        problem(f"{orphans} cards without a word")
    moved = one("SELECT COUNT(*) FROM cards c JOIN words w ON w.id = c.word_id WHERE c.book_id <> w.book_id "
                "OR c.direction NOT IN ('forward', 'reverse')")
    if moved != "0":
        problem(f"{moved} cards not in their word's book")
    finish()


def check_import(book, path):
    """The book holds nothing or exactly the file's rows; prints empty, whole or half N."""
    found = rows(f"SELECT id FROM books WHERE name = {q(book)}")
    if not found:
        print("empty")
        return
    book_id = found[0][0]
    have = sorted(rows(f"SELECT term, meaning FROM words WHERE book_id = {q(book_id)}"))
    if not have:
        print("empty")
        return
    want = file_rows(path)
    if have != want:
        problem(f"{book}: {len(have)} words, not 0 nor the file's {len(want)}"
                f" ({len(set(have) - set(want))} not in the file)")
        finish(f"half {len(have)}")
    cards = int(one(f"SELECT COUNT(*) FROM cards WHERE book_id = {q(book_id)}"))
    if cards != 2 * len(want):
        problem(f"{book}: {cards} cards for {len(want)} words")
    finish("whole")


def card_rows(uid):
    due, last = ("EXTRACT(EPOCH FROM due)", "EXTRACT(EPOCH FROM last_review)") if PG else ("due", "last_review")
    cards = rows(f"SELECT word_id, direction, state, step, stability, difficulty, {due}, {last}, reps, lapses "
                 f"FROM cards WHERE user_id = {q(uid)} AND (reps > 0 OR state <> 0)")
    logs = rows("SELECT word_id, direction, rating, source, state_after, card_before, card_after "
                f"FROM review_logs WHERE user_id = {q(uid)}")
    return cards, logs


def same(a, b):
    """A column as read (text) and a value of the log's JSON: equal, times to the
    millisecond (PostgreSQL keeps microseconds)."""
    if a in ("", None) or b in ("", None):
        return a in ("", None) and b in ("", None)
    try:
        return abs(float(a) - float(b)) <= 1e-3
    except (TypeError, ValueError):
        return False


def check_reviews(acks):
    """Each card agrees with its review log; every acknowledged answer is there."""
    uid = user_id()
    cards, logs = card_rows(uid)
    by_card = {}
    for word, direction, rating, source, state_after, before, after in logs:
        by_card.setdefault((word.upper(), direction), []).append(
            (int(rating), source, int(state_after), json.loads(before), json.loads(after)))
    half = 0
    answered = 0
    seen = set()
    for word, direction, state, step, stability, difficulty, due, last, reps, lapses in cards:
        key = (word.upper(), direction)
        seen.add(key)
        entries = by_card.get(key, [])
        reps = int(reps)
        if reps == 0 and not entries:
            continue
        answered += 1
        wrong = []
        if len(entries) != reps:
            wrong.append(f"reps {reps} but {len(entries)} answers logged")
        chain = sorted(e[3]["reps"] for e in entries)
        if chain != list(range(len(entries))) or any(e[4]["reps"] != e[3]["reps"] + 1 for e in entries):
            wrong.append(f"the log's versions are not one chain: {chain[:10]}")
        last_entry = max(entries, key=lambda e: e[4]["reps"], default=None)
        if last_entry:
            a = last_entry[4]
            m = a["memory"]
            expect = {"state": (state, a["state"]), "step": (step, m.get("step")),
                      "stability": (stability, m.get("stability")),
                      "difficulty": (difficulty, m.get("difficulty")), "due": (due, m.get("due")),
                      "last_review": (last, m.get("lastReview")), "reps": (reps, a["reps"]),
                      "lapses": (lapses, a["lapses"])}
            for name, (row, logged) in expect.items():
                if not same(row, logged):
                    wrong.append(f"{name} {row!r} but the last answer says {logged!r}")
            if last_entry[2] != a["state"]:
                wrong.append("state_after differs from card_after")
        if wrong:
            half += 1
            problem(f"card {word} {direction}: " + "; ".join(wrong))
    for key in by_card:
        if key not in seen:
            # Answers logged for a card that says it was never answered (or is gone).
            problem(f"answers logged for {key} whose card says none")
            half += 1
    # Mistake notes: one count per Again answered in review sessions, per word.
    misses = {}
    for (word, _), entries in by_card.items():
        n = sum(1 for e in entries if e[0] == 1 and e[1] == "review")
        if n:
            misses[word] = misses.get(word, 0) + n
    noted = {w.upper(): int(n) for w, n in rows(
        f"SELECT word_id, count FROM mistakes WHERE user_id = {q(uid)} AND source = 'review'")}
    for word in set(misses) | set(noted):
        if misses.get(word, 0) != noted.get(word, 0):
            half += 1
            problem(f"word {word}: {misses.get(word, 0)} Again answers but mistakes counts {noted.get(word, 0)}")
    lost = 0
    acked = 0
    for line in open(acks, encoding="utf-8") if os.path.exists(acks) else []:
        word, direction, version = line.split()
        acked += 1
        entries = by_card.get((word.upper(), direction), [])
        if not any(e[3]["reps"] == int(version) for e in entries):
            lost += 1
            problem(f"acknowledged answer to {word} {direction} (version {version}) is not in the log")
    finish(f"{answered} {acked} {lost} {half}")


def table_counts(db=None):
    if (db or DB).startswith("postgres"):
        names = [r[0] for r in rows("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1", db)]
    else:
        names = [r[0] for r in rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                                    "AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY 1", db)]
    return {n: int(one(f'SELECT COUNT(*) FROM "{n}"', db)) for n in names}


def compare_counts(saved, db=None):
    want = json.load(open(saved))
    have = table_counts(db)
    for name in sorted(set(want) | set(have)):
        if want.get(name) != have.get(name):
            problem(f"table {name}: {have.get(name)} rows, the source has {want.get(name)}")
    if db and not db.startswith("postgres"):
        result = [r[0] for r in rows("PRAGMA integrity_check", db)]
        if result != ["ok"]:
            problem(f"PRAGMA integrity_check of the restored database: {result[:5]}")
    finish()


class API:
    def __init__(self, base, token):
        self.url = urllib.parse.urlsplit(base)
        self.token = token
        self.conn = None

    def call(self, method, path, body=None):
        """(status, decoded JSON or None); raises OSError when the server is gone."""
        for attempt in (0, 1):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.url.hostname, self.url.port, timeout=30)
            try:
                headers = {"Authorization": "Bearer " + self.token}
                data = None
                if body is not None:
                    data = json.dumps(body).encode()
                    headers["Content-Type"] = "application/json"
                self.conn.request(method, "/api/v1/" + path, body=data, headers=headers)
                response = self.conn.getresponse()
                payload = response.read()
                return response.status, (json.loads(payload) if payload else None)
            except (OSError, http.client.HTTPException):
                self.conn.close()
                self.conn = None
                if attempt == 1:
                    raise OSError("the server is gone")


def book_id(api, name):
    status, books = api.call("GET", "books")
    assert status == 200, f"GET books: {status}"
    return next(b["id"] for b in books if b["name"] == name)


def client(base, token, book, limit, seed, acks, stats, threads=4):
    """Answers the book's due cards from `threads` threads (each its own share of the
    cards) until the queue is empty or `limit` answers are given; each acknowledged
    answer is written to `acks`. Exit 0: done; 3: the server went away."""
    api = API(base, token)
    bid = book_id(api, book)
    lock = threading.Lock()
    state = {"answered": 0, "stale": 0, "errors": 0, "gone": False}
    out = open(acks, "a", encoding="utf-8", buffering=1)

    def work(index):
        api = API(base, token)
        rng = random.Random(seed * 100 + index)
        try:
            while not state["gone"]:
                with lock:
                    if state["answered"] >= limit:
                        return
                status, queue = api.call("GET", f"study/queue?bookID={bid}&limit=500")
                if status != 200:
                    with lock:
                        state["errors"] += 1
                    time.sleep(0.05)
                    continue
                cards = queue["cards"]
                if not cards:
                    return
                mine = [c for c in cards if hash(c["wordID"] + c["direction"]) % threads == index]
                if not mine:
                    time.sleep(0.02)
                    continue
                for card in mine:
                    with lock:
                        if state["answered"] >= limit or state["gone"]:
                            return
                    rating = rng.choices([1, 2, 3, 4], weights=[2, 1, 4, 3])[0]
                    status, _ = api.call("POST", "study/answer", {
                        "wordID": card["wordID"], "direction": card["direction"],
                        "rating": rating, "version": card["version"]})
                    with lock:
                        if status == 200:
                            state["answered"] += 1
                            out.write(f'{card["wordID"]} {card["direction"]} {card["version"]}\n')
                        elif status == 409:
                            state["stale"] += 1
                        else:
                            state["errors"] += 1
        except OSError:
            state["gone"] = True

    workers = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    with open(stats, "w") as f:
        json.dump(state, f)
    sys.exit(3 if state["gone"] else 0)


def search_checks(base, token, path, books):
    """Through the server: for each book, a search for the file's first and last terms
    finds each exactly once in a whole book and not at all in an empty one."""
    api = API(base, token)
    terms = [r[0] for r in file_rows(path)]
    terms = [terms[0], terms[-1]]
    status, listed = api.call("GET", "books")
    ids = {b["name"]: (b["id"], b["wordCount"]) for b in listed}
    for name in books:
        if name not in ids:
            continue
        bid, count = ids[name]
        for term in terms:
            status, found = api.call("GET", f"search?q={urllib.parse.quote(term)}&bookID={bid}")
            hits = [w for w in (found or {}).get("items", []) if w["term"] == term]
            expect = 1 if count > 0 else 0
            if status != 200 or len(hits) != expect:
                problem(f"search {term} in {name} ({count} words): {status}, {len(hits)} hits, expected {expect}")
    finish()


def restart_checks(base, token, book):
    """The restarted server: /healthz, the book listed, a search for one of its words."""
    api = API(base, token)
    conn = http.client.HTTPConnection(api.url.hostname, api.url.port, timeout=30)
    conn.request("GET", "/healthz")
    if conn.getresponse().status != 200:
        problem("/healthz is not 200")
    bid = book_id(api, book)
    status, page = api.call("GET", f"books/{bid}/words?perPage=1")
    if status != 200 or not page or not page.get("items"):
        problem(f"GET books/{bid}/words: {status} {str(page)[:200]}")
        finish()
    term = page["items"][0]["term"]
    status, found = api.call("GET", f"search?q={urllib.parse.quote(term)}&bookID={bid}")
    if status != 200 or not any(w["term"] == term for w in found.get("items", [])):
        problem(f"search for {term} in {book}: {status} {str(found)[:200]}")
    finish()


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "rows":
        make_rows(args[0], int(args[1]))
    elif command == "check-db":
        check_db()
    elif command == "check-import":
        check_import(args[0], args[1])
    elif command == "check-reviews":
        check_reviews(args[0])
    elif command == "counts":
        json.dump(table_counts(args[0] if args else None), sys.stdout)
    elif command == "compare-counts":
        compare_counts(args[0], args[1] if len(args) > 1 else None)
    elif command == "client":
        client(args[0], args[1], args[2], int(args[3]), int(args[4]), args[5], args[6])
    elif command == "search":
        search_checks(args[0], args[1], args[2], args[3:])
    elif command == "restart":
        restart_checks(args[0], args[1], args[2])
    elif command == "delay":
        # A uniformly random moment within args[0] seconds (from the shell's seeded RANDOM).
        print(f"{float(args[0]) * int(args[1]) / 32767:.3f}")
    else:
        sys.exit(f"crash-test.py: unknown command {command}")
