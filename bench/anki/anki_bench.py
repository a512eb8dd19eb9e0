#!/usr/bin/env python3
"""Anki 26.9.3 measurements on the EDICT TSV Maeil is measured on (run with the
virtual environment's Python, which has `anki`). Prints one JSON object.

  anki_bench.py search TSV WORKDIR   CSV import (seconds, notes/s, peak RSS), then
                                     col.find_notes over the 20-query mix x 5, per query too
  anki_bench.py import TSV WORKDIR   the CSV import alone, into a new collection (seconds)
  anki_bench.py queue TSV WORKDIR    a collection of every note in TSV (two cards each):
                                     col.sched.get_queued_cards(fetch_limit=50), p50/p99

The import does what ../shared/tools/anki/bench_anki.py does (Anki's own CSV import
into a new collection, timed around `col.import_csv`) with three changes, so that
Anki does the work Maeil's import does: a note type with the three columns as
fields (Term, Reading, Meaning; bench_anki.py's guessed metadata puts the meaning in
tags, where an unqualified search does not look), two card templates (Maeil makes
a forward and a reverse card for every word), and duplicates kept as new notes
(Maeil keeps every row; Anki's default would update the earlier note with the same
first field).
"""
import json
import os
import resource
import sys
import time

from anki.collection import Collection, ImportCsvRequest
from anki.import_export_pb2 import CsvMetadata

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "notebook"))
from bench import percentile  # noqa: E402  (same percentile as every Maeil number)
from queries import QUERIES, REPEATS  # noqa: E402


def new_collection(work: str, name: str) -> Collection:
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, name)
    for ext in ("", "-wal", "-shm"):
        if os.path.exists(path + ext):
            os.remove(path + ext)
    return Collection(path)


def add_word_notetype(col: Collection) -> int:
    """Term / Reading / Meaning, with a forward and a reverse card, like a Maeil word."""
    models = col.models
    notetype = models.new("Maeil word")
    for field in ("Term", "Reading", "Meaning"):
        models.add_field(notetype, models.new_field(field))
    for name, question, answer in (
        ("Forward", "{{Term}}", "{{FrontSide}}<hr id=answer>{{Reading}}<br>{{Meaning}}"),
        ("Reverse", "{{Meaning}}", "{{FrontSide}}<hr id=answer>{{Term}}<br>{{Reading}}"),
    ):
        template = models.new_template(name)
        template["qfmt"], template["afmt"] = question, answer
        models.add_template(notetype, template)
    models.add(notetype)
    return models.by_name("Maeil word")["id"]


def import_tsv(col: Collection, tsv: str) -> float:
    """Anki's CSV import of term<TAB>reading<TAB>meaning into the word note type; seconds."""
    meta = col.get_csv_metadata(path=tsv, delimiter=None)
    meta.global_notetype.id = add_word_notetype(col)
    del meta.global_notetype.field_columns[:]
    meta.global_notetype.field_columns.extend([1, 2, 3])
    meta.tags_column = 0
    meta.dupe_resolution = CsvMetadata.DupeResolution.DUPLICATE
    start = time.perf_counter()
    col.import_csv(ImportCsvRequest(path=tsv, metadata=meta))
    return time.perf_counter() - start


def search(tsv: str, work: str) -> None:
    col = new_collection(work, "search.anki2")
    seconds = import_tsv(col, tsv)
    # ru_maxrss is in KiB on Linux: the process's peak so far, i.e. through the import.
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    notes = col.note_count()
    for q in QUERIES:  # warm up once, as the Maeil side does
        col.find_notes(q)
    per_query = {q: [] for q in QUERIES}
    hits = {}
    for _ in range(REPEATS):
        for q in QUERIES:
            start = time.perf_counter()
            ids = col.find_notes(q)
            per_query[q].append((time.perf_counter() - start) * 1000)
            hits[q] = len(ids)
    every = [ms for times in per_query.values() for ms in times]
    print(json.dumps({
        "notes": notes, "cards": col.card_count(), "import_s": round(seconds, 3),
        "import_rate": round(notes / seconds), "import_peak_mb": round(peak_mb, 1),
        "search_p50_ms": round(percentile(every, 50), 2), "search_p99_ms": round(percentile(every, 99), 2),
        "queries": {q: {"hits": hits[q], "p50_ms": round(percentile(t, 50), 2), "p99_ms": round(percentile(t, 99), 2)}
                    for q, t in per_query.items()},
    }, ensure_ascii=False))
    col.close()


def queue(tsv: str, work: str, calls: int = 50) -> None:
    col = new_collection(work, "queue.anki2")
    import_tsv(col, tsv)
    deck = col.decks.get_current_id()
    conf = col.decks.config_dict_for_deck_id(deck)
    # Maeil's queue benchmark raises both daily limits to their maximum, 9999; in
    # Anki's v3 scheduler the review limit caps new cards too, so raise both.
    conf["new"]["perDay"] = 9999
    conf["rev"]["perDay"] = 9999
    col.decks.update_config(conf)

    def fetch():
        start = time.perf_counter()
        queued = col.sched.get_queued_cards(fetch_limit=50)
        return (time.perf_counter() - start) * 1000, queued

    # Anki keeps the built queue in memory until an operation changes the collection,
    # so a repeated call costs almost nothing. Saving the deck options (untimed) drops
    # it: each timed call then builds the queue as opening the deck does, which is
    # what every Maeil request does.
    cold, warm = [], []
    for _ in range(calls + 3):
        col.decks.update_config(conf)
        ms, queued = fetch()
        cold.append(ms)
        warm.append(fetch()[0])
    cold, warm = cold[3:], warm[3:]  # the first builds warm SQLite's page cache
    print(json.dumps({
        "notes": col.note_count(), "cards": col.card_count(), "calls": calls,
        "fetched": len(queued.cards), "new_count": queued.new_count,
        "queue_p50_ms": round(percentile(cold, 50), 2), "queue_p99_ms": round(percentile(cold, 99), 2),
        "cached_p50_ms": round(percentile(warm, 50), 3),
    }))
    col.close()


def import_only(tsv: str, work: str) -> None:
    col = new_collection(work, "import.anki2")
    seconds = import_tsv(col, tsv)
    print(json.dumps({"notes": col.note_count(), "import_s": round(seconds, 3)}))
    col.close()


if __name__ == "__main__":
    {"search": search, "queue": queue, "import": import_only}[sys.argv[1]](sys.argv[2], sys.argv[3])
