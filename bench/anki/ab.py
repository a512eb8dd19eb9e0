#!/usr/bin/env python3
"""The interleaved runs of bench/anki/ab.sh, and its report.

  ab.py serve BACKEND ROUNDS PASSWORD BASE_URL BASE_TOKEN CAND_URL CAND_TOKEN
      one JSON line per build per round: Anki's search mix x 5 and the EDICT book's
      spread JSON page and web word list (maeil_bench.py's own measures), the two
      builds taking turns (A B, then B A, …) so that a slow stretch of the machine
      falls on both
  ab.py report IMPORTS_JSONL SERVED_JSONL ENTRIES
      each measure's medians and the candidate's ratio to the baseline, as a table
"""
import json
import statistics
import sys

import maeil_bench as bench

BUILDS = ("baseline", "candidate")


def serve(backend, rounds, password, *pairs):
    servers = {"baseline": (pairs[0], pairs[1]), "candidate": (pairs[2], pairs[3])}
    pages = {}
    for which, (url, token) in servers.items():
        book = bench.find_book(bench.Client(url, token), "EDICT")["id"]
        cookie = "; ".join(f"{k}={v}" for k, v in bench.web_login(url, "edict", password).cookies.items())
        pages[which] = (book, cookie)
    for round_ in range(int(rounds)):
        for which in BUILDS if round_ % 2 == 0 else BUILDS[::-1]:
            url, token = servers[which]
            book, cookie = pages[which]
            search = bench.edict_search(url, token)
            json_page = bench.wrk(url, f"/api/v1/books/{book}/words?perPage=50",
                                  header="Authorization: Bearer " + token, spread=bench.SPREAD_PAGES)
            web_page = bench.wrk(url, f"/books/{book}", cookie=cookie, spread=bench.SPREAD_PAGES)
            for run in (json_page, web_page):
                if run.get("5xx") or run["socket_errors"]:
                    raise SystemExit(f"{which}: {run}")
            print(json.dumps({"backend": backend, "build": which, "round": round_,
                              "search_p50_ms": search["search_p50_ms"], "search_p99_ms": search["search_p99_ms"],
                              "json_spread_rps": json_page["rps"], "web_spread_rps": web_page["rps"]}),
                  flush=True)


# Each measure: its label, its unit, and whether more is better.
MEASURES = [
    ("import_s", "EDICT import (whole command)", "s", False),
    ("search_p50_ms", "Search p50, Anki's 20 queries x 5", "ms", False),
    ("search_p99_ms", "Search p99, Anki's 20 queries x 5", "ms", False),
    ("json_spread_rps", "JSON page of 50 words, a different page each time", "req/s", True),
    ("web_spread_rps", "Web word list, a different page each time", "req/s", True),
]


def report(imports_path, served_path, entries):
    rows = [json.loads(line) for path in (imports_path, served_path) for line in open(path)]
    backends = list(dict.fromkeys(row["backend"] for row in rows))
    print(f"{int(entries):,} EDICT entries; medians of the interleaved runs (n: runs per build).\n")
    print("| Database | Measure | Baseline | Candidate | Candidate ÷ baseline | Each round | n |")
    print("|---|---|---|---|---|---|---|")
    for backend in backends:
        for key, label, unit, more_is_better in MEASURES:
            runs = {which: [row[key] for row in rows if row["backend"] == backend and row["build"] == which
                            and key in row] for which in BUILDS}
            if not all(runs.values()):
                continue
            base, cand = (statistics.median(runs[which]) for which in BUILDS)
            # Round by round (the two builds ran back to back): a change is told
            # from the machine's drift only where every round leans the same way.
            rounds = [c / b for b, c in zip(runs["baseline"], runs["candidate"])]
            gains = [r > 1 if more_is_better else r < 1 for r in rounds]
            verdict = ("one round" if len(rounds) < 2 else
                       "better" if all(gains) else "worse" if not any(gains) else "mixed")
            print(f"| {backend} | {label} | {base:,.2f} {unit} | {cand:,.2f} {unit} | {cand / base:.3f} | "
                  f"{min(rounds):.3f}–{max(rounds):.3f} ({verdict}) | {len(rounds)} |")
    print("\nCandidate ÷ baseline: the candidate's median over the baseline's; each round: the"
          " lowest and highest ratio of one round's two runs, better or worse where all rounds"
          " agree. The runs of each build, in order:")
    for backend in backends:
        for key, _, _, _ in MEASURES:
            for which in BUILDS:
                values = [row[key] for row in rows if row["backend"] == backend and row["build"] == which
                          and key in row]
                if values:
                    print(f"  {backend} {key} {which}: {', '.join(f'{v:g}' for v in values)}")


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "serve":
        serve(*args)
    elif command == "report":
        report(*args)
    else:
        raise SystemExit(__doc__)
