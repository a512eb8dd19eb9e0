"""Imports an .apkg into a fresh collection with real Anki (PyPI anki==26.9.3), with its
scheduling, and prints what Anki made of it as JSON: the export tests check Maeil's
packages through this, not through Maeil's own reader.
    python read_package.py FILE.apkg
Prints {"decks": [...], "notes": [{"type", "fields": {name: value}, "tags", "cards":
[{"ord", "deck", "type", "queue", "due", "ivl", "reps", "lapses", "s", "d"}]}],
"media": {name: size}, "revlog": [{"card_ord", "term", "ease", "type", "ivl"}]}."""
import json
import os
import sys
import tempfile

from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

package = os.path.abspath(sys.argv[1])
col = Collection(os.path.join(tempfile.mkdtemp(), "collection.anki2"))
col.import_anki_package(ImportAnkiPackageRequest(
    package_path=package, options=ImportAnkiPackageOptions(with_scheduling=True)))

decks = sorted(d.name for d in col.decks.all_names_and_ids() if d.name != "Default")
notes = []
terms_by_card = {}
for nid in sorted(col.find_notes("")):
    note = col.get_note(nid)
    model = note.note_type()
    names = [f["name"] for f in model["flds"]]
    cards = []
    for card in sorted(note.cards(), key=lambda c: c.ord):
        terms_by_card[card.id] = (note.fields[0], card.ord)
        state = card.memory_state
        cards.append({
            "ord": card.ord, "deck": col.decks.name(card.did), "type": card.type,
            "queue": card.queue, "due": card.due, "ivl": card.ivl, "reps": card.reps,
            "lapses": card.lapses,
            "s": round(state.stability, 4) if state else None,
            "d": round(state.difficulty, 4) if state else None,
        })
    notes.append({
        "type": model["name"], "templates": [t["name"] for t in model["tmpls"]],
        "fields": dict(zip(names, note.fields)), "tags": sorted(note.tags), "cards": cards,
    })

media_dir = col.media.dir()
media = {name: os.path.getsize(os.path.join(media_dir, name)) for name in sorted(os.listdir(media_dir))
         if os.path.isfile(os.path.join(media_dir, name))}
revlog = []
for cid, ease, kind, ivl in col.db.all("select cid, ease, type, ivl from revlog order by id"):
    term, ord_ = terms_by_card.get(cid, (None, None))
    revlog.append({"term": term, "card_ord": ord_, "ease": ease, "type": kind, "ivl": ivl})
col.close()
print(json.dumps({"decks": decks, "notes": notes, "media": media, "revlog": revlog},
                 ensure_ascii=False))
