"""The Python side of bench/hangul: PyPI's hangul-jamo over the syllable corpus.

Usage: python3 hangul_jamo_bench.py decompose|choseong FILE [REPEAT]

decompose is hangul_jamo.decompose(text) (compatibility jamo, as Swift's
Hangul.decompose); hangul-jamo has no choseong function, so choseong is the
library's decompose_syllable per syllable, keeping the initial. The file is read
before the clock starts; only the call is timed, REPEAT times (default 3), best
kept. Prints the same line as the C and Swift harnesses:
mode<TAB>items<TAB>best seconds<TAB>crc32 of the output as UTF-8.
"""
import sys
import time
import zlib

import hangul_jamo


def choseong(text):
    out = []
    for ch in text:
        out.append(hangul_jamo.decompose_syllable(ch)[0] if hangul_jamo.is_syllable(ch) else ch)
    return "".join(out)


def main():
    mode, path = sys.argv[1], sys.argv[2]
    repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    fn = {"decompose": hangul_jamo.decompose, "choseong": choseong}[mode]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    items = sum(1 for ch in text if 0xAC00 <= ord(ch) <= 0xD7A3)
    best, result = float("inf"), ""
    for _ in range(repeat):
        result = ""
        start = time.perf_counter()
        result = fn(text)
        best = min(best, time.perf_counter() - start)
    print(f"{mode}\t{items}\t{best:.6f}\t{zlib.crc32(result.encode('utf-8')):08x}")


if __name__ == "__main__":
    main()
