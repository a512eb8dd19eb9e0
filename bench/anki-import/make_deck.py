"""Makes the benchmark's Anki package with real Anki (PyPI anki==26.9.3):
    python make_deck.py EDICT_TSV N OUT.apkg
N notes of the "Japanese" note type (Expression, Reading, Meaning) from the first N
EDICT entries, in the deck "EDICT::Bench", every card answered once through Anki's
scheduler with FSRS on (Again, Hard, Good, Easy in turn) and every tenth answered a
second time, then exported as a current Anki exports by default (collection.anki21b,
zstd) with scheduling."""
import os
import sys
import tempfile

from anki.collection import Collection, DeckIdLimit, ExportAnkiPackageOptions

tsv, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
col = Collection(os.path.join(tempfile.mkdtemp(), "collection.anki2"))
col.set_config("fsrs", True)
models = col.models
japanese = models.new("Japanese")
for name in ("Expression", "Reading", "Meaning"):
    models.add_field(japanese, models.new_field(name))
template = models.new_template("Recognition")
template["qfmt"] = "{{Expression}}"
template["afmt"] = "{{FrontSide}}<hr id=answer>{{Reading}}<br>{{Meaning}}"
models.add_template(japanese, template)
models.add(japanese)
japanese = models.by_name("Japanese")
deck = col.decks.id("EDICT::Bench")
with open(tsv, encoding="utf-8") as lines:
    for index, line in enumerate(lines):
        if index >= count:
            break
        term, reading, meaning = (line.rstrip("\n").split("\t") + ["", ""])[:3]
        note = col.new_note(japanese)
        note["Expression"], note["Reading"], note["Meaning"] = term, reading, meaning
        col.add_note(note, deck)
col.decks.select(deck)
cards = col.find_cards("deck:EDICT::Bench")
for index, card_id in enumerate(cards):
    for repeat in range(2 if index % 10 == 0 else 1):
        card = col.get_card(card_id)
        card.start_timer()
        col.sched.answerCard(card, 1 + (index + repeat) % 4)
col.export_anki_package(
    out_path=out,
    options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True,
                                     with_media=True, legacy=False),
    limit=DeckIdLimit(deck_id=deck))
print(f"{len(cards)} cards, {col.db.scalar('select count() from revlog')} reviews -> {out}")
