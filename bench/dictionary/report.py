#!/usr/bin/env python3
"""Writes the dictionary benchmark's table into bench/README.md (between the
dictionary-table markers) and prints it.

  report.py WORKDIR README --runs N --revision R --anki VERSION --entries N"""
import argparse
import json
import os
import platform
import statistics
import subprocess
import time


def seconds(path):
    with open(path) as f:
        return [float(line) for line in f if line.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("work")
    ap.add_argument("readme")
    ap.add_argument("--runs", type=int)
    ap.add_argument("--revision")
    ap.add_argument("--anki")
    ap.add_argument("--entries", type=int)
    a = ap.parse_args()
    with open(os.path.join(a.work, "anki.txt")) as f:
        anki_runs = [json.loads(line)["import_s"] for line in f if line.strip()]
    anki = statistics.median(anki_runs)
    maeil = {name: statistics.median(seconds(os.path.join(a.work, f"import-{name}.txt")))
             for name in ("sqlite", "postgres")}
    lookups = {}
    for name in ("sqlite", "postgres"):
        with open(os.path.join(a.work, f"lookups-{name}.json")) as f:
            lookups[name] = json.load(f)
    cpu = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    lines = [
        f"### The Japanese dictionary: `maeil import edict` against Anki {a.anki}",
        "",
        f"Measured {time.strftime('%Y-%m-%d')} on {cpu} cores, {platform.system()}, release build of "
        f"{a.revision}, with `bench/dictionary/run.sh {a.runs}` (Debian's EDICT; medians of {a.runs} runs).",
        "",
        "| Measure | Anki | Maeil SQLite | Maeil PostgreSQL | Anki ÷ Maeil (SQLite / PG) | Goal | Met (SQLite) |",
        "|---|---|---|---|---|---|---|",
        f"| Import of the EDICT entries ({a.entries:,} in Anki's TSV) | {anki:.2f} s | {maeil['sqlite']:.2f} s | "
        f"{maeil['postgres']:.2f} s | {anki / maeil['sqlite']:.1f}× / {anki / maeil['postgres']:.1f}× | ≥ 3× faster than Anki | "
        f"{'met' if anki / maeil['sqlite'] >= 3 else '**not met**'} |",
        f"| Lookup p50, {len(lookups['sqlite']['queries'])} queries × 5 over HTTP | — | {lookups['sqlite']['p50_ms']} ms | "
        f"{lookups['postgres']['p50_ms']} ms | — | — | — |",
        f"| Lookup p99 | — | {lookups['sqlite']['p99_ms']} ms | {lookups['postgres']['p99_ms']} ms | — | — | — |",
        "",
        "Anki: its CSV import of the EDICT TSV (`bench/anki/anki_bench.py import`: three fields and two cards "
        "per entry, timed around `col.import_csv`). Maeil: the whole `maeil import edict` command (reading and "
        "decoding the EUC-JP file, parsing, one transaction, the lookup indexes) into a freshly migrated database.",
        "",
        "<details><summary>Per query</summary>",
        "",
        "| Query | First entry | Entries | SQLite p50 / p99 | PostgreSQL p50 / p99 |",
        "|---|---|---|---|---|",
    ]
    for q, s in lookups["sqlite"]["queries"].items():
        p = lookups["postgres"]["queries"][q]
        lines.append(f"| `{q}` | {s['first']} | {s['entries']} | {s['p50_ms']} / {s['p99_ms']} ms | "
                     f"{p['p50_ms']} / {p['p99_ms']} ms |")
    lines += ["", "</details>"]
    table = "\n".join(lines)
    with open(a.readme, encoding="utf-8") as f:
        readme = f.read()
    begin, end = "<!-- dictionary-table:begin -->", "<!-- dictionary-table:end -->"
    block = f"{begin}\n{table}\n{end}"
    if begin in readme:
        readme = readme[:readme.index(begin)] + block + readme[readme.index(end) + len(end):]
    else:
        readme = readme.rstrip("\n") + "\n\n" + block + "\n"
    with open(a.readme, "w", encoding="utf-8") as f:
        f.write(readme)
    print(table)


if __name__ == "__main__":
    main()
