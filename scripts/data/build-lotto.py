#!/usr/bin/env python3
"""Build the lotto 6/45 draw history that Maeil ships.

Reads the public history of every draw (the format of the mirror
https://smok95.github.io/lotto/results/all.json, kept checked in
../shared/data/lotto/draws-1-1238.json) and writes
Sources/MaeilServer/Resources/Lotto/draws.json: one draw per line, in the shape
of the `Lotto` target's `LottoDraw` (round, date, numbers, bonus, divisions per
rank 1-5 as {prize, winners} or null where nobody won, totalSales).

Draw results are facts (numbers, dates, prize amounts), not a creative work;
SOURCE.md beside the output says where they come from.

Before writing, every draw is checked: rounds 1..N without a gap, the date is
2002-12-07 + 7(N-1) days, six distinct ascending numbers 1-45 and a bonus that
is none of them, five divisions, 4th prize 50,000 won from round 401 and 5th
prize 5,000 won from round 88 (10,000 before) wherever someone won them.

Usage:
  python3 scripts/data/build-lotto.py [--source PATH]           # write the file
  python3 scripts/data/build-lotto.py [--source PATH] --check   # compare with shipped

Exit codes: 0 ok / identical; 1 --check found a difference; 2 the source is
missing; 3 the source breaks one of the checks above (the message names the
round).

Standard library only, deterministic output.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "lotto" / "draws-1-1238.json"
OUTPUT = ROOT / "Sources" / "MaeilServer" / "Resources" / "Lotto" / "draws.json"
FIRST_DRAW = datetime.date(2002, 12, 7)


class SourceError(Exception):
    pass


def convert(entry: dict, expected_round: int) -> dict:
    round_ = entry.get("draw_no")
    if round_ != expected_round:
        raise SourceError(f"expected round {expected_round}, found {round_!r}")
    date = str(entry.get("date", ""))[:10]
    expected_date = (FIRST_DRAW + datetime.timedelta(days=7 * (round_ - 1))).isoformat()
    if date != expected_date:
        raise SourceError(f"round {round_}: date {date}, the schedule says {expected_date}")
    numbers = entry.get("numbers")
    bonus = entry.get("bonus_no")
    if (
        not isinstance(numbers, list)
        or len(numbers) != 6
        or sorted(set(numbers)) != numbers
        or not all(isinstance(n, int) and 1 <= n <= 45 for n in numbers + [bonus])
        or bonus in numbers
    ):
        raise SourceError(f"round {round_}: numbers {numbers!r} + {bonus!r} are not a draw")
    divisions = entry.get("divisions")
    if not isinstance(divisions, list) or len(divisions) != 5:
        raise SourceError(f"round {round_}: {len(divisions or [])} divisions, not 5")
    shipped = []
    for rank, division in enumerate(divisions, start=1):
        if not division:
            shipped.append(None)
            continue
        prize, winners = division.get("prize"), division.get("winners")
        if not (isinstance(prize, int) and isinstance(winners, int) and prize > 0 and winners > 0):
            raise SourceError(f"round {round_}: rank {rank} is {division!r}")
        if rank == 4 and round_ >= 401 and prize != 50_000:
            raise SourceError(f"round {round_}: 4th prize {prize}, fixed at 50,000 from 401")
        if rank == 5 and prize != (5_000 if round_ >= 88 else 10_000):
            raise SourceError(f"round {round_}: 5th prize {prize}")
        shipped.append({"prize": prize, "winners": winners})
    sales = entry.get("total_sales_amount")
    if not isinstance(sales, int) or sales <= 0:
        raise SourceError(f"round {round_}: total sales {sales!r}")
    return {
        "round": round_,
        "date": date,
        "numbers": numbers,
        "bonus": bonus,
        "divisions": shipped,
        "totalSales": sales,
    }


def build(source: Path) -> str:
    entries = json.loads(source.read_text(encoding="utf-8"))
    draws = [convert(entry, index + 1) for index, entry in enumerate(entries)]
    lines = [json.dumps(draw, separators=(",", ":"), ensure_ascii=False) for draw in draws]
    return "[\n" + ",\n".join(lines) + "\n]\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if not args.source.exists():
        print(f"build-lotto: {args.source} is missing (../shared/data/lotto/)", file=sys.stderr)
        return 2
    try:
        text = build(args.source)
    except SourceError as error:
        print(f"build-lotto: {error}", file=sys.stderr)
        return 3
    if args.check:
        if not OUTPUT.exists() or OUTPUT.read_text(encoding="utf-8") != text:
            print(f"build-lotto: {OUTPUT.relative_to(ROOT)} differs from its source; "
                  "run scripts/data/build-lotto.py", file=sys.stderr)
            return 1
        return 0
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"build-lotto: wrote {text.count(chr(10)) - 2} draws to {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
