"""Deterministic corpora for the Hangul benchmark.

Usage: python3 make_corpus.py KEYS SYLLABLES OUT_DIR [SEED]

Writes, from one seeded generator (default seed 20240603):
- OUT_DIR/keys.txt: exactly KEYS 2-beolsik keystrokes (ASCII, no newline) that type
  words of 1 to 4 random valid syllables (all 11,172 modern syllables equally
  likely: compound vowels and compound finals are typed as two keys, doubles with
  Shift), words separated by a space.
- OUT_DIR/syllables.txt: exactly SYLLABLES random valid syllables (UTF-8, no
  separators, no newline) for the decompose and choseong runs.
"""
import os
import random
import sys

INITIAL_KEYS = ["r", "R", "s", "e", "E", "f", "a", "q", "Q", "t", "T", "d", "w", "W",
                "c", "z", "x", "v", "g"]
MEDIAL_KEYS = ["k", "o", "i", "O", "j", "p", "u", "P", "h", "hk", "ho", "hl", "y", "n",
               "nj", "np", "nl", "b", "m", "ml", "l"]
FINAL_KEYS = ["", "r", "R", "rt", "s", "sw", "sg", "e", "f", "fr", "fa", "fq", "ft", "fx",
              "fv", "fg", "a", "q", "qt", "t", "T", "d", "w", "c", "z", "x", "v", "g"]


def syllable_keys(index):
    """The keys that type syllable U+AC00 + index."""
    return INITIAL_KEYS[index // 588] + MEDIAL_KEYS[index % 588 // 28] + FINAL_KEYS[index % 28]


def main():
    keys_wanted, syllables_wanted, out_dir = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 20240603
    rng = random.Random(seed)
    os.makedirs(out_dir, exist_ok=True)
    table = [syllable_keys(i) for i in range(11172)]

    parts, count = [], 0
    while count < keys_wanted:
        word = "".join(table[rng.randrange(11172)] for _ in range(rng.randint(1, 4))) + " "
        parts.append(word)
        count += len(word)
    keys = "".join(parts)[:keys_wanted]
    with open(os.path.join(out_dir, "keys.txt"), "w", encoding="ascii") as f:
        f.write(keys)

    text = "".join(chr(0xAC00 + rng.randrange(11172)) for _ in range(syllables_wanted))
    with open(os.path.join(out_dir, "syllables.txt"), "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
