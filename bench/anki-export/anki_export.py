"""Anki's own export of a deck, the baseline of Maeil's book export:
    python anki_export.py setup PACKAGE.apkg COLLECTION   # the package into a new collection
    python anki_export.py export COLLECTION OUT.apkg       # that collection's deck out, timed
The export is the layout Maeil writes (legacy=True: schema 11 collection.anki21), with
scheduling (cards' memory and the review log) and media."""
import os
import sys

from anki.collection import (Collection, DeckIdLimit, ExportAnkiPackageOptions,
                             ImportAnkiPackageOptions, ImportAnkiPackageRequest)

if sys.argv[1] == "setup":
    col = Collection(sys.argv[3])
    col.import_anki_package(ImportAnkiPackageRequest(
        package_path=sys.argv[2], options=ImportAnkiPackageOptions(with_scheduling=True)))
    col.close()
else:
    col = Collection(sys.argv[2])
    deck = max((d for d in col.decks.all_names_and_ids() if d.name != "Default"),
               key=lambda d: len(col.find_cards(f'did:{d.id}')))
    count = col.export_anki_package(
        out_path=sys.argv[3],
        options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False,
                                         with_media=True, legacy=True),
        limit=DeckIdLimit(deck_id=deck.id))
    col.close()
    print(f"anki: {count} notes")
