#!/usr/bin/env python
"""Oracle-importer coverage over a full card file (run by hand; not a test).

    python tools/oracle_coverage.py PATH/oracle-cards.json [--top 30] [--refused FILE]

PATH may be the oracle-cards.json corpus, a Scryfall "Oracle Cards" bulk file
(https://scryfall.com/docs/api/bulk-data) or MTGJSON's AtomicCards.json
(https://mtgjson.com/downloads/all-files/).  Counts ordinary paper cards (neither funny,
digital-only, nor a plane / phenomenon / scheme / vanguard / conspiracy / dungeon): how many
the grammar parses, how many are imported with no error, by card type, and the top reasons
for refusal (by category, by phrase, by missing feature, and what each language feature
would unlock).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from mtg_core.oracle import Report, read_file                      # noqa: E402
from mtg_core.oracle.importer import import_record                  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("path")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--refused", help="write one line per refused card to this file")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    records = read_file(args.path)
    ordinary = [r for r in records if r.ordinary]
    results = [import_record(r) for r in ordinary]
    dt = time.perf_counter() - t0
    rep = Report(results)
    print(f"{args.path}: {len(records)} entries, {len(ordinary)} ordinary paper cards "
          f"({dt:.1f} s)")
    print(rep.format(top=args.top))
    if args.refused:
        with open(args.refused, "w", encoding="utf-8") as f:
            f.write("\n".join(rep.refusal_lines()) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
