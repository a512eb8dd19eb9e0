"""Compares two SQLite databases table by table, row by row (every column; the
full-text indexes through their shadow tables); exits 1 naming the first difference.
    python3 compare-sqlite.py A.sqlite B.sqlite"""
import sqlite3
import sys


def tables(db):
    return sorted(r[0] for r in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'"))


def rows(db, table):
    return sorted(db.execute(f'SELECT * FROM "{table}"').fetchall(), key=repr)


a, b = (sqlite3.connect(f"file:{p}?mode=ro", uri=True) for p in sys.argv[1:3])
if tables(a) != tables(b):
    sys.exit(f"tables differ: {tables(a)} vs {tables(b)}")
for table in tables(a):
    ra, rb = rows(a, table), rows(b, table)
    if ra != rb:
        sys.exit(f"{table}: {len(ra)} rows vs {len(rb)}, first difference "
                 f"{next((x, y) for x, y in zip(ra + [None], rb + [None]) if x != y)}")
print(f"{len(tables(a))} tables equal")
