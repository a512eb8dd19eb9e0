#!/usr/bin/env python3
"""Turns bench/anki/run.sh's measurements (JSON files in WORK) into markdown tables,
writes them into README between the anki-table markers (making the file, or the
section, when missing) and prints them.

  report.py WORK README --command CMD --anki VERSION --entries N --queue-words N --korean-words N
"""
import argparse
import datetime
import json
import os
import platform
import re

BEGIN, END = "<!-- anki-table:begin -->", "<!-- anki-table:end -->"
INTRO = """# Benchmarks

Each benchmark has its own folder and one command; see the README's Benchmarks
section. The table below is written by `bench/anki/run.sh`.
"""


def load(work, name):
    with open(os.path.join(work, name), encoding="utf-8") as f:
        return json.load(f)


def shared_anki(work):
    """The two result lines of ../shared/tools/anki/bench_anki.py, as it prints them."""
    text = open(os.path.join(work, "anki-shared.txt"), encoding="utf-8").read()
    imp = re.search(r"anki import: (\d+) notes in ([\d.]+) s \((\d+) notes/s\)", text)
    find = re.search(r"p50 ([\d.]+) ms, p99 ([\d.]+) ms", text)
    return {"notes": int(imp.group(1)), "import_s": float(imp.group(2)), "rate": int(imp.group(3)),
            "p50": float(find.group(1)), "p99": float(find.group(2))}


def ms(v):
    return f"{v:.2f} ms" if v < 10 else f"{v:.1f} ms" if v < 100 else f"{v:.0f} ms"


def secs(v):
    return f"{v:.2f} s" if v < 10 else f"{v:.1f} s"


def mb(kb):
    return kb / 1024


def pct(x):
    return f"{x:.1%}" if x < 0.1 else f"{x:.0%}"


def met(ok):
    return "met" if ok else "**not met**"


def times(a, b):
    return f"{a / b:.1f}×" if b else "—"


def machine():
    mem_kb = int(re.search(r"MemTotal:\s+(\d+)", open("/proc/meminfo").read()).group(1))
    cpu = ""
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    system = platform.platform(terse=True)
    if os.path.exists("/etc/os-release"):
        system = re.search(r'PRETTY_NAME="?([^"\n]+)', open("/etc/os-release").read()).group(1)
    return f"{os.cpu_count()} cores ({cpu}), {mem_kb / 1024 / 1024:.1f} GB RAM, {system}"


def build(args):
    w = args.work
    anki, anki_queue, shared = load(w, "anki-search.json"), load(w, "anki-queue.json"), shared_anki(w)
    backends = ["sqlite", "postgres"]
    imp = {b: load(w, f"import-{b}.json") for b in backends}
    api = {b: load(w, f"api-{b}.json") for b in backends}
    n = args.entries

    rows = []  # (label, anki cell, {backend: cell}, ratio cell, goal, {backend: met cell}, pg-within-2x)

    def within2(sqlite, pg, higher_is_better):
        ok = pg >= sqlite / 2 if higher_is_better else pg <= sqlite * 2
        return met(ok)

    # Import
    for b in backends:  # a row Maeil skipped would flatter its rate
        if api[b]["edict_words"] != imp[b]["words"]:
            raise SystemExit(f"{b}: the EDICT book has {api[b]['edict_words']} words, the TSV {imp[b]['words']} rows")
    rate = {b: imp[b]["words"] / imp[b]["import_s"] for b in backends}
    rows.append((
        f"Import {n:,} EDICT entries, words/s (whole command)",
        f"{anki['import_rate']:,} notes/s ({secs(anki['import_s'])})",
        {b: f"{rate[b]:,.0f} words/s ({secs(imp[b]['import_s'])})" for b in backends},
        " / ".join(times(rate[b], anki["import_rate"]) for b in backends),
        "≥ 3× Anki's speed", {b: met(rate[b] >= 3 * anki["import_rate"]) for b in backends},
        within2(rate["sqlite"], rate["postgres"], True)))
    peak = {b: mb(imp[b]["import_peak_kb"]) for b in backends}
    rows.append((
        "Import peak RSS",
        f"{anki['import_peak_mb']:.0f} MB¹",
        {b: f"{peak[b]:.0f} MB" for b in backends},
        " / ".join(times(anki["import_peak_mb"], peak[b]) for b in backends),
        "≤ 300 MB", {b: met(peak[b] <= 300) for b in backends},
        within2(peak["sqlite"], peak["postgres"], False)))
    # Search
    for key, label in (("search_p50_ms", "p50"), ("search_p99_ms", "p99")):
        v = {b: api[b]["search"][key] for b in backends}
        rows.append((
            f"Search {label}, Anki's 20 queries × 5²",
            ms(anki[key]), {b: ms(v[b]) for b in backends},
            " / ".join(times(anki[key], v[b]) for b in backends),
            "≥ 10× faster than Anki", {b: met(anki[key] >= 10 * v[b]) for b in backends},
            within2(v["sqlite"], v["postgres"], False)))
    # Korean kinds: the slowest kind's p99
    worst = {}
    for b in backends:
        kind, value = max(api[b]["korean"]["p99_by_kind_ms"].items(), key=lambda kv: kv[1])
        worst[b] = (kind, value)
    rows.append((
        f"Korean query kinds ({args.korean_words:,} words), slowest kind's p99",
        "—³", {b: f"{ms(worst[b][1])} ({worst[b][0]})" for b in backends}, "—",
        "p99 ≤ 20 ms (SQLite)", {"sqlite": met(worst["sqlite"][1] <= 20), "postgres": "—"},
        within2(worst["sqlite"][1], worst["postgres"][1], False)))
    # Due queue
    for key, label in (("queue_p50_ms", "p50"), ("queue_p99_ms", "p99")):
        v = {b: api[b]["queue"][key] for b in backends}
        rows.append((
            f"Due queue {label}, {args.queue_words:,} words ({2 * args.queue_words:,} cards)⁴",
            ms(anki_queue[key]), {b: ms(v[b]) for b in backends},
            " / ".join(times(anki_queue[key], v[b]) for b in backends),
            "—", {b: "—" for b in backends}, within2(v["sqlite"], v["postgres"], False)))
    # wrk
    rps = {b: {k: r["rps"] for k, r in api[b]["wrk"].items()} for b in backends}
    rows.append((
        "`/healthz` (baseline), req/s⁵", "—", {b: f"{rps[b]['healthz']:,.0f} req/s" for b in backends},
        "—", "—", {b: "—" for b in backends}, within2(rps["sqlite"]["healthz"], rps["postgres"]["healthz"], True)))
    small_words = api["sqlite"]["small_book_words"]
    for key, label, share in (
            ("json_small", f"JSON page of 50 words, small book ({small_words} words)", 0.5),
            ("json_big", f"JSON page of 50 words, EDICT book ({n:,} words)", 0.5),
            ("web_small", f"Web word list `/books/{{id}}`, small book ({small_words} words)", 0.25),
            ("web_big", f"Web word list `/books/{{id}}`, EDICT book ({n:,} words)", 0.25),
            ("json_big_spread", "JSON page of 50 words, EDICT book, a different page each time⁶", 0.5),
            ("web_big_spread", "Web word list, EDICT book, a different page each time⁶", 0.25)):
        frac = {b: rps[b][key] / rps[b]["healthz"] for b in backends}
        rows.append((
            label + ", req/s", "—³",
            {b: f"{rps[b][key]:,.0f} req/s ({pct(frac[b])} of /healthz)" for b in backends}, "—",
            f"≥ {share:.0%} of /healthz", {b: met(frac[b] >= share) for b in backends},
            within2(rps["sqlite"][key], rps["postgres"][key], True)))
    first = {b: api[b]["first_deep_page_ms"] for b in backends}
    rows.append((
        "JSON page of 50 words, EDICT book, the first deep page (page 2,500) after the server starts⁷",
        "—³", {b: ms(first[b]) for b in backends}, "—", "—", {b: "—" for b in backends},
        within2(first["sqlite"], first["postgres"], False)))
    fives = {b: sum(r.get("5xx", 0) + r.get("warmup_5xx", 0) for r in api[b]["wrk"].values()) for b in backends}
    others = {b: sum(r.get(k, 0) for k in ("4xx", "3xx", "warmup_4xx", "warmup_3xx") for r in api[b]["wrk"].values())
              for b in backends}
    failed = {b: ", ".join(f"{k}: {r['socket_errors']}" for k, r in api[b]["wrk"].items() if r["socket_errors"])
              for b in backends}
    rows.append((
        "5xx responses (every wrk run; any other request would have stopped the run)", "—",
        {b: f"{fives[b]} (3xx/4xx: {others[b]}{'; wrk socket errors, ' + failed[b] if failed[b] else ''})"
         for b in backends}, "—",
        "none", {b: met(fives[b] == 0) for b in backends}, "—"))
    rss = {b: mb(imp[b]["server_rss_kb"]) for b in backends}
    rows.append((
        "Server RSS after the benchmarks (VmRSS)", "—³", {b: f"{rss[b]:.0f} MB" for b in backends}, "—",
        "≤ 200 MB", {b: met(rss[b] <= 200) for b in backends}, within2(rss["sqlite"], rss["postgres"], False)))

    out = [
        f"### Maeil against Anki {args.anki}",
        "",
        f"Measured {datetime.date.today().isoformat()} on {machine()}, release build of {args.revision}, with "
        f"`{args.command}` ({n:,} EDICT entries; the due-queue book {args.queue_words:,} words; "
        f"the Korean words {args.korean_words:,}).",
        "",
        f"| Measure | Anki {args.anki} | Maeil SQLite | Maeil PostgreSQL | Anki ÷ Maeil (SQLite / PG) "
        "| Goal | Met: SQLite | Met: PostgreSQL | PostgreSQL within 2× of SQLite |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for label, a, m, ratio, goal, ok, pg in rows:
        out.append(f"| {label} | {a} | {m['sqlite']} | {m['postgres']} | {ratio} | {goal} | {ok['sqlite']} | "
                   f"{ok['postgres']} | {pg} |")
    out += [
        "",
        "Anki ÷ Maeil: Anki's time (or memory) over Maeil's, so above 1× Maeil is faster (or smaller); "
        "for the import, Maeil's words/s over Anki's notes/s, the same thing.",
        "",
        f"1. Anki: `bench/anki/anki_bench.py`, Anki's own CSV import (`col.import_csv`) of the same TSV into "
        f"a new collection, with a note type whose fields are the three columns (Term, Reading, Meaning) and "
        f"two card templates (Maeil makes a forward and a reverse card per word), duplicates kept as notes "
        f"(as Maeil keeps every row): {anki['notes']:,} notes, {anki['cards']:,} cards. Its peak RSS is "
        f"the Python process's (`ru_maxrss` after the import; Python and the `anki` module included), "
        f"Maeil's the whole `maeil import` command's (`/usr/bin/time -v`). "
        f"`../shared/tools/anki/bench_anki.py` as it is (Basic note type, one card, and Anki's guessed "
        f"mapping puts the meaning column in tags, which an unqualified search does not look at; duplicates "
        f"update the earlier note): {shared['notes']:,} notes in {secs(shared['import_s'])} "
        f"({shared['rate']:,} notes/s), find_notes p50 {ms(shared['p50'])}, p99 {ms(shared['p99'])}.",
        "2. Anki: `col.find_notes(q)` in process, every matching note id; Maeil: `GET /api/v1/search?q=` "
        "over HTTP on one kept-alive connection (bearer token), the first 50 words as JSON. Both after "
        "one untimed pass over the mix. Matches per query are in the detail table.",
        "3. Not measured for Anki: it has no Korean-aware search (initial consonants, 2-beolsik keys typed "
        "in Latin, typo tolerance), no HTTP server or web word list (the desktop browser is a Qt widget), "
        "and no server process whose memory compares.",
        f"4. Anki: `col.sched.get_queued_cards(fetch_limit=50)` with new cards and reviews per day at 9999, "
        f"on a collection of the same {args.queue_words:,} EDICT entries with two cards each "
        f"({anki_queue['cards']:,} cards). Anki keeps a built queue in memory until the collection "
        f"changes (a repeated call then takes {ms(anki_queue['cached_p50_ms'])}), so each timed call "
        f"follows an untimed save of the deck options and builds the queue, as each Maeil request does. "
        f"Maeil: `GET /api/v1/study/queue?bookID=ID` (50 cards and the counts) with the same limits. "
        f"{anki_queue['calls']} calls each.",
        "5. `wrk -t2 -c32 -d10s` with `bench/anki/status.lua` (counts each status class), the client on "
        "the same machine as the server, each run after 3 untimed seconds of the same requests (whose "
        "answers the 5xx line counts too); JSON page: `GET /api/v1/books/{id}/words?page=2&perPage=50` with "
        "a bearer token; web word list: the book's page (first 50 words) with a session cookie from the "
        "login form. Both keep a page they made while its book is unchanged (the book's revision, kept with "
        "the token or session: on SQLite until any connection commits, which each request asks SQLite; on "
        "PostgreSQL until a change notification drops it), so these runs, which ask for one page again and "
        "again, measure a kept page.",
        "6. The same runs asking for a random page from 2 to 5,000 each time (`WRK_SPREAD_PAGES=5000` for "
        "`status.lua`): almost every page is made anew, so this is the cost of reading and rendering one.",
        "7. One request, before the wrk runs: a page deeper than the first thousand words reads the book's "
        "whole order once (its ids, kept until the book changes, `WordOrderCache`), which every deeper page "
        "after it slices; 32 clients asking at once wait for that one read. This is that wait.",
        "",
        "<details><summary>Per query, per Korean kind, per wrk run</summary>",
        "",
        "| Query | Anki matches | Anki p50 / p99 | Maeil matches | Maeil SQLite p50 / p99 | Maeil PostgreSQL p50 / p99 |",
        "|---|---|---|---|---|---|",
    ]
    for q, a in anki["queries"].items():
        s, p = api["sqlite"]["search"]["queries"][q], api["postgres"]["search"]["queries"][q]
        out.append(f"| `{q}` | {a['hits']:,} | {ms(a['p50_ms'])} / {ms(a['p99_ms'])} | {s['hits']} | "
                   f"{ms(s['p50_ms'])} / {ms(s['p99_ms'])} | {ms(p['p50_ms'])} / {ms(p['p99_ms'])} |")
    out += ["", "| Korean kind (bench/notebook) | SQLite p50 / p99 | PostgreSQL p50 / p99 |", "|---|---|---|"]
    for kind, v in api["sqlite"]["korean"]["p50_by_kind_ms"].items():
        pk = api["postgres"]["korean"]
        out.append(f"| {kind} | {ms(v)} / {ms(api['sqlite']['korean']['p99_by_kind_ms'][kind])} | "
                   f"{ms(pk['p50_by_kind_ms'][kind])} / {ms(pk['p99_by_kind_ms'][kind])} |")
    out += ["", "| wrk target | Path | Backend | req/s | of /healthz | latency p50 / p99 | 2xx | 3xx | 4xx | 5xx | socket errors |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    targets = {"healthz": "baseline", "json_small": "JSON page, small book", "json_big": "JSON page, EDICT book",
               "web_small": "web word list, small book", "web_big": "web word list, EDICT book",
               "json_big_spread": "JSON page, EDICT book, spread", "web_big_spread": "web word list, EDICT book, spread"}
    for b in backends:
        for key, r in api[b]["wrk"].items():
            path = re.sub(r"[0-9A-Fa-f-]{36}", "{id}", r["path"])
            out.append(f"| {targets[key]} | `{path}` | {b} | {r['rps']:,.0f} | {pct(r['rps'] / rps[b]['healthz'])} | "
                       f"{ms(r['latency_p50_ms'])} / {ms(r['latency_p99_ms'])} | {r.get('2xx', 0):,} | "
                       f"{r.get('3xx', 0)} | {r.get('4xx', 0)} | {r.get('5xx', 0)} | {r['socket_errors'] or '—'} |")
    out += ["", "</details>"]
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("work")
    parser.add_argument("readme")
    for name in ("--command", "--anki", "--revision"):
        parser.add_argument(name, required=True)
    for name in ("--entries", "--queue-words", "--korean-words"):
        parser.add_argument(name, type=int, required=True)
    args = parser.parse_args()
    table = build(args)
    section = f"{BEGIN}\n{table}\n{END}"
    text = open(args.readme, encoding="utf-8").read() if os.path.exists(args.readme) else INTRO
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + section + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    with open(args.readme, "w", encoding="utf-8") as f:
        f.write(text)
    print(table)


if __name__ == "__main__":
    main()
