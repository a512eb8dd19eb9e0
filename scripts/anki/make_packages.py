"""Makes the Anki packages the import tests read, with real Anki (PyPI), into DIR:
    python make_packages.py DIR          # with anki==26.9.3: C.apkg, D.apkg, D.colpkg
    python make_packages.py DIR --old    # with anki==2.1.49:  A.apkg, B.apkg
Every package holds the same deck, "Korean::Basics" (그 › Basics in Maeil):
- Basic "apple" / "사과<br>(fruit)" with a sound and an image, tagged fruit;
- Basic (and reversed card) "river" / "강 &amp; 하천", tagged nature geo;
- Cloze "The {{c1::cat}} sat on the {{c2::mat::floor}}.";
- a Basic note "pear" whose card is suspended;
- in the child deck "Korean::Basics::Japanese", a note "猫" / "고양이" of a note type
  whose templates speak Expression in ja_JP and Meaning in ko_KR;
and, for B, C and D, a review history: apple answered Good, then Good a day later,
river Again then Good. The layouts are those of ../shared/data/anki/README.md."""
import os
import sys
import tempfile
import time

out = os.path.abspath(sys.argv[1])
old = "--old" in sys.argv
os.makedirs(out, exist_ok=True)

from anki.collection import Collection  # noqa: E402

# A tiny WAV and a 1×1 PNG: real files, read back byte for byte by the tests.
WAV = (b"RIFF" + (36 + 8).to_bytes(4, "little") + b"WAVEfmt " + (16).to_bytes(4, "little")
       + (1).to_bytes(2, "little") + (1).to_bytes(2, "little") + (8000).to_bytes(4, "little")
       + (8000).to_bytes(4, "little") + (1).to_bytes(2, "little") + (8).to_bytes(2, "little")
       + b"data" + (8).to_bytes(4, "little") + bytes([128, 140, 150, 140, 128, 116, 106, 116]))
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f3a1bc0000000049454e44ae426082")


def build(path, answered):
    col = Collection(path)
    media = col.media.dir()
    with open(os.path.join(media, "apple.wav"), "wb") as f:
        f.write(WAV)
    with open(os.path.join(media, "apple.png"), "wb") as f:
        f.write(PNG)
    deck = col.decks.id("Korean::Basics")
    models = col.models

    def add(model, fields, tags):
        note = col.new_note(models.by_name(model)) if hasattr(col, "new_note") else col.newNote()
        if not hasattr(col, "new_note"):
            note.model()["did"] = deck
        for i, value in enumerate(fields):
            note.fields[i] = value
        note.tags = tags
        if hasattr(col, "new_note"):
            col.add_note(note, deck)
        else:
            note.model()["did"] = deck
            col.addNote(note)
        return note

    def use(model):
        if not hasattr(col, "new_note"):
            m = models.by_name(model) if hasattr(models, "by_name") else models.byName(model)
            models.set_current(m) if hasattr(models, "set_current") else models.setCurrent(m)
            m["did"] = deck
            col.decks.select(deck)

    use("Basic")
    apple = add("Basic", ["apple [sound:apple.wav]", '사과<br>(fruit) <img src="apple.png">'], ["fruit"])
    use("Basic (and reversed card)")
    river = add("Basic (and reversed card)", ["river", "강 &amp; 하천"], ["nature", "geo"])
    use("Cloze")
    add("Cloze", ["The {{c1::cat}} sat on the {{c2::mat::floor}}.", ""], [])
    use("Basic")
    pear = add("Basic", ["pear", "배"], ["fruit"])
    # A note type whose templates speak its fields: the book takes their languages.
    m = models.new("Japanese (TTS)")
    for name in ("Expression", "Meaning"):
        (models.add_field if hasattr(models, "add_field") else models.addField)(
            m, (models.new_field if hasattr(models, "new_field") else models.newField)(name))
    t = (models.new_template if hasattr(models, "new_template") else models.newTemplate)("Card 1")
    t["qfmt"] = "{{Expression}}{{tts ja_JP:Expression}}"
    t["afmt"] = "{{FrontSide}}<hr id=answer>{{Meaning}} {{tts ko_KR voices=Apple_Yuna:Meaning}}"
    (models.add_template if hasattr(models, "add_template") else models.addTemplate)(m, t)
    models.add(m)
    japanese_deck = col.decks.id("Korean::Basics::Japanese")
    m = models.by_name("Japanese (TTS)") if hasattr(models, "by_name") else models.byName("Japanese (TTS)")
    cat = col.new_note(m) if hasattr(col, "new_note") else col.newNote(m)
    cat.fields[0], cat.fields[1] = "猫", "고양이"
    if hasattr(col, "new_note"):
        col.add_note(cat, japanese_deck)
    else:
        m["did"] = japanese_deck
        col.decks.select(japanese_deck)
        col.addNote(cat)
    for card in pear.cards():
        col.sched.suspend_cards([card.id]) if hasattr(col.sched, "suspend_cards") else col.sched.suspendCards([card.id])
    if answered:
        col.decks.select(deck)
        for note, eases in ((apple, [3]), (river, [1, 3])):
            for ease in eases:
                card = note.cards()[0]
                card.start_timer() if hasattr(card, "start_timer") else card.startTimer()
                col.sched.answerCard(card, ease) if hasattr(col.sched, "answerCard") else col.sched.answer_card(card, ease)
    return col, deck


if old:
    from anki.exporting import AnkiPackageExporter
    for name, sched in (("A", False), ("B", True)):
        path = os.path.join(tempfile.mkdtemp(), "collection.anki2")
        col, deck = build(path, answered=True)
        exporter = AnkiPackageExporter(col)
        exporter.includeSched = sched
        exporter.includeMedia = True
        exporter.did = deck
        exporter.exportInto(os.path.join(out, f"{name}.apkg"))
        col.close()
else:
    from anki.collection import ExportAnkiPackageOptions, DeckIdLimit
    path = os.path.join(tempfile.mkdtemp(), "collection.anki2")
    col, deck = build(path, answered=False)
    col.set_config("fsrs", True)
    col.decks.select(deck)
    # Answer through the scheduler, FSRS on: the history the import replays.
    notes = [col.get_note(n) for n in col.find_notes('"deck:Korean::Basics"')]
    by_front = {col.get_note(n.id).fields[0].split(" ")[0]: n for n in notes}
    for front, eases in (("apple", [3]), ("river", [1, 3])):
        for ease in eases:
            card = by_front[front].cards()[0]
            card.start_timer()
            col.sched.answerCard(card, ease)
    for name, legacy in (("C", True), ("D", False)):
        col.export_anki_package(
            out_path=os.path.join(out, f"{name}.apkg"),
            options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True,
                                             with_media=True, legacy=legacy),
            limit=DeckIdLimit(deck_id=deck))
    col.export_collection_package(os.path.join(out, "D.colpkg"), include_media=True, legacy=False)
print(" ".join(sorted(os.listdir(out))))
