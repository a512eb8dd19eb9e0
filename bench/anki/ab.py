#!/usr/bin/env python3
"""The interleaved runs of bench/anki/ab.sh, and its report.

  ab.py serve BACKEND ROUNDS PASSWORD BASE_URL BASE_TOKEN CAND_URL CAND_TOKEN \
        WRITES BASE_WRITER_TOKEN CAND_WRITER_TOKEN
      one JSON line per build per round: Anki's search mix x 5 and the EDICT book's
      spread JSON page and web word list (maeil_bench.py's own measures), the two
      builds taking turns (A B, then B A, …) so that a slow stretch of the machine
      falls on both; then the search mix again with the builds taking turns
      request by request (each query ROUNDS x 20 times to each), per query; then,
      unless WRITES is 0, the writer (another user) adds WRITES words one by one to
      each build, and the search mix goes in turns once more
  ab.py report IMPORTS_JSONL SERVED_JSONL ENTRIES
      each measure's medians and the candidate's ratio to the baseline, as a table
"""
import json
import statistics
import sys
import urllib.parse

import maeil_bench as bench

BUILDS = ("baseline", "candidate")


def in_turn(turn):
    """Both builds, baseline first on even turns and candidate first on odd ones, so
    that a slow stretch of the machine falls on both."""
    return BUILDS if turn % 2 == 0 else BUILDS[::-1]


def serve(backend, rounds, password, base_url, base_token, cand_url, cand_token,
          writes, base_writer, cand_writer):
    servers = {"baseline": (base_url, base_token), "candidate": (cand_url, cand_token)}
    pages = {}
    for which, (url, token) in servers.items():
        book = bench.find_book(bench.Client(url, token), "EDICT")["id"]
        cookie = "; ".join(f"{k}={v}" for k, v in bench.web_login(url, "edict", password).cookies.items())
        pages[which] = (book, cookie)
    for round_ in range(int(rounds)):
        for which in in_turn(round_):
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
    for which, times in search_in_turns(servers, int(rounds) * 20).items():
        print(json.dumps({"backend": backend, "build": which, "round": "in turns", "query_ms": times}), flush=True)
    if int(writes) == 0:
        return
    writers = {"baseline": (base_url, base_writer), "candidate": (cand_url, cand_writer)}
    added = words_added_in_turns(writers, int(writes))
    after = f"after {int(writes):,} words added by another user"
    for which, times in search_in_turns(servers, int(rounds) * 20).items():
        print(json.dumps({"backend": backend, "build": which, "round": after, "query_ms": times,
                          "add_ms": added[which]}), flush=True)


def words_added_in_turns(writers, count):
    """`count` words added one by one through the API to a new book of each build's
    writer, the builds taking turns 100 words at a time; each add's time."""
    clients = {which: bench.Client(*writers[which]) for which in BUILDS}
    books = {which: client.call("POST", "/api/v1/books", {"name": "Writes"})[1]["id"]
             for which, client in clients.items()}
    times = {which: [] for which in BUILDS}
    for start in range(0, count, 100):
        for which in in_turn(start // 100):
            for n in range(start, min(start + 100, count)):
                word = {"term": f"word{n} to look over", "meaning": f"살펴보다 {n}, to examine closely"}
                times[which].append(clients[which].call("POST", f"/api/v1/books/{books[which]}/words", word)[0])
    return times


def search_in_turns(servers, repeats):
    """Each query of the mix sent to both builds in turn, request by request (the
    order flipping each time): a change of a few percent shows through the
    machine's drift, which a run of the whole mix after the other's does not
    (one build's p50 went 7.95, 5.90, 4.49 ms over three rounds of one sitting)."""
    clients = {which: bench.Client(*servers[which]) for which in BUILDS}
    times = {which: {q: [] for q in bench.QUERIES} for which in BUILDS}
    for q in bench.QUERIES:
        path = "/api/v1/search?q=" + urllib.parse.quote(q)
        for client in clients.values():  # warm up once, as the mix does
            client.call("GET", path)
        for turn in range(repeats):
            for which in in_turn(turn):
                times[which][q].append(clients[which].call("GET", path)[0])
    return times


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
    in_turns = [row for row in rows if "query_ms" in row]
    rows = [row for row in rows if "query_ms" not in row]
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
    if in_turns:
        report_in_turns(in_turns)


def report_in_turns(rows):
    for round_ in dict.fromkeys(row["round"] for row in rows):
        report_round_in_turns(round_, [row for row in rows if row["round"] == round_])


def report_round_in_turns(round_, rows):
    print("\nThe search mix with the builds taking turns request by request"
          f"{'' if round_ == 'in turns' else ', ' + round_}: each query's"
          " median (ms), and the candidate's over the baseline's.\n")
    adds = [(row["backend"], row["build"], row["add_ms"]) for row in rows if "add_ms" in row]
    for backend, build, times in adds:
        print(f"{backend} {build}: each word added in {statistics.median(times):.2f} ms (p50),"
              f" {bench.percentile(times, 99):.2f} ms (p99), {max(times):.2f} ms at most")
    if adds:
        print()
    print("| Database | Query | Baseline | Candidate | Candidate ÷ baseline |")
    print("|---|---|---|---|---|")
    for backend in dict.fromkeys(row["backend"] for row in rows):
        times = {row["build"]: row["query_ms"] for row in rows if row["backend"] == backend}
        ratios = []
        for q in times["baseline"]:
            base, cand = (statistics.median(times[which][q]) for which in BUILDS)
            ratios.append(cand / base)
            print(f"| {backend} | `{q}` | {base:.2f} | {cand:.2f} | {cand / base:.3f} |")
        every = {which: [ms for t in times[which].values() for ms in t] for which in BUILDS}
        base, cand = (statistics.median(every[which]) for which in BUILDS)
        faster = sum(r < 1 for r in ratios)
        print(f"| {backend} | all ({faster} of {len(ratios)} faster) | {base:.2f} | {cand:.2f} | {cand / base:.3f} |")


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "serve":
        serve(*args)
    elif command == "report":
        report(*args)
    else:
        raise SystemExit(__doc__)
