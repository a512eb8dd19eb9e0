#!/usr/bin/env python3
"""Writes N deterministic word rows (term, meaning, reading, part of speech, note) as CSV."""
import csv
import random
import sys

SYLLABLES = [chr(c) for c in range(0xAC00, 0xD7A4, 37)]
LETTERS = "abcdefghijklmnopqrstuvwxyzéü"


def main() -> None:
    n = int(sys.argv[1])
    out = sys.argv[2]
    rng = random.Random(42)
    seen = set()
    with open(out, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["term", "meaning", "reading", "part_of_speech", "note"])
        while len(seen) < n:
            term = "".join(rng.choice(LETTERS) for _ in range(rng.randint(4, 11)))
            if term in seen:
                continue
            seen.add(term)
            meaning = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))
            w.writerow([term, meaning + ", " + meaning[::-1], term.upper(), rng.choice(["noun", "verb", "adjective"]), ""])


if __name__ == "__main__":
    main()
