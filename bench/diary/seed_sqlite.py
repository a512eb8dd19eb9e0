#!/usr/bin/env python3
"""Seeds the only user of a Maeil SQLite file with LOGS answers over the last
400 days, 2,000 finished games, and a fifth of its forward cards in review."""
import random
import sqlite3
import sys
import time
import uuid
from datetime import datetime, timedelta, timezone

path, logs = sys.argv[1], int(sys.argv[2])
db = sqlite3.connect(path)
user = db.execute("SELECT id FROM users").fetchone()[0]
words = [row[0] for row in db.execute("SELECT id FROM words")]
seoul = timezone(timedelta(hours=9))
now = time.time()
today = datetime.now(seoul).date()
rng = random.Random(7)


def day(offset):
    return (today - timedelta(days=offset)).isoformat()


rows = []
for _ in range(logs):
    offset = rng.randrange(400)
    source = "review" if rng.random() < 0.9 else rng.choice(["quiz", "hangman", "test"])
    rating = rng.choice([1, 2, 3, 3, 3, 4]) if source == "review" else 1
    rows.append((str(uuid.uuid4()).upper(), user, rng.choice(words), "forward", source, rating,
                 now - offset * 86400, day(offset), 3000, rng.choice([0, 1, 2, 2, 2, 3]), 2, "{}", "{}"))
db.executemany("""INSERT INTO review_logs (id, user_id, word_id, direction, source, rating, reviewed_at, reviewed_on,
    elapsed_ms, state_before, state_after, card_before, card_after) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)""", rows)
games = []
for _ in range(2000):
    offset = rng.randrange(400)
    games.append((str(uuid.uuid4()).upper(), user, "quiz", None, "{}", 5, 10, 1, now - offset * 86400,
                  now - offset * 86400, day(offset)))
db.executemany("""INSERT INTO game_sessions (id, user_id, kind, book_id, state, score, total, finished, started_at,
    finished_at, played_on) VALUES (?,?,?,?,?,?,?,?,?,?,?)""", games)
db.executemany("""UPDATE cards SET state = 2, stability = 10, difficulty = 5, reps = 3, due = ?, last_review = ?
    WHERE word_id = ? AND direction = 'forward'""",
               [(now + rng.uniform(-10, 60) * 86400, now - 3 * 86400, w) for w in words[: len(words) // 5]])
db.commit()
