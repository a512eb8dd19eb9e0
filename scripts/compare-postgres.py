"""Compares two PostgreSQL databases table by table, row by row (every column of
every table in the public schema, read through psql); exits 1 naming the first
difference.
    python3 compare-postgres.py postgres://…/a postgres://…/b"""
import subprocess
import sys


def psql(url, query):
    return subprocess.run(["psql", "-X", "-q", "-At", "-d", url, "-c", query], check=True,
                          capture_output=True, text=True).stdout


def tables(url):
    return sorted(psql(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'").split())


def rows(url, table):
    return sorted(psql(url, f'COPY (SELECT * FROM public."{table}") TO STDOUT').splitlines())


a, b = sys.argv[1:3]
if tables(a) != tables(b):
    sys.exit(f"tables differ: {tables(a)} vs {tables(b)}")
for table in tables(a):
    ra, rb = rows(a, table), rows(b, table)
    if ra != rb:
        sys.exit(f"{table}: {len(ra)} rows vs {len(rb)}, first difference "
                 f"{next((x, y) for x, y in zip(ra + [None], rb + [None]) if x != y)}")
print(f"{len(tables(a))} tables equal")
