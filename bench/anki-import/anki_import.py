"""Anki's own import of a package into a new, empty collection (the baseline):
    python anki_import.py PACKAGE.apkg"""
import os
import sys
import tempfile

from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

col = Collection(os.path.join(tempfile.mkdtemp(), "collection.anki2"))
col.import_anki_package(ImportAnkiPackageRequest(
    package_path=sys.argv[1], options=ImportAnkiPackageOptions(with_scheduling=True)))
notes = len(col.find_notes(""))
col.close()
print(f"anki: {notes} notes")
