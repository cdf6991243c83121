#!/usr/bin/env python
"""Choose the corpus entries bundled in tests/data/oracle-cards-subset.json (run by hand).

    python tools/oracle_test_subset.py PATH/oracle-cards.json [--keep tests/data/oracle-cards-subset.json] > NEW.json

Keeps the corpus format, one card per line.  Picks, deterministically: the cards of the
bundled library; up to three imported cards per shape of definition (ability and effect
kinds); two cards per top missing feature, unknown phrase and unsupported keyword; a few
multi-face and non-ordinary entries (to test the filters).  ``--keep FILE``: every record of
an existing subset stays, in its order, and the new picks follow it (tests name records of
the subset, and the picks move as the importer grows: a fresh pick drops some of them).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from mtg_core.library import ALL_CARDS                             # noqa: E402
from mtg_core.oracle.importer import import_record                  # noqa: E402
from mtg_core.oracle.sources import read_records                    # noqa: E402


def shape(card) -> str:
    parts = sorted({type(a).__name__ + ":" + ",".join(sorted({type(e).__name__ for e in
                                                             getattr(a, "effects", ())}))
                    for a in card.abilities})
    extra = [k for k in ("keywords", "enchant", "static") if getattr(card, k)]
    if card.attached_bonus != (0, 0) or card.attached_keywords:
        extra.append("attached")
    return " ".join(parts + extra) or "vanilla"


def main(path: str, keep: str | None = None) -> None:
    raw = json.load(open(path, encoding="utf-8"))
    recs = read_records(raw)
    by_name = {d["name"]: d for d in raw}
    chosen: dict[str, None] = {}
    library = {c.name for c in ALL_CARDS}
    for r in recs:
        if r.name in library:
            chosen[r.name] = None
    shapes: dict[str, list[str]] = defaultdict(list)
    features: dict[str, list[str]] = defaultdict(list)
    layouts: dict[str, list[str]] = defaultdict(list)
    for r in sorted(recs, key=lambda r: r.name):
        if not r.ordinary:
            layouts["non-ordinary"].append(r.name)
            continue
        if r.faces:
            layouts[r.layout].append(r.name)
            continue
        res = import_record(r)
        if res.ok:
            shapes[shape(res.card)].append(r.name)
        else:
            for f in {(f.category, f.feature) for f in res.refusals}:
                features[f"{f[0]}|{f[1]}"].append(r.name)
    for names in shapes.values():
        for n in names[:3]:
            chosen[n] = None
    top = sorted(features.items(), key=lambda kv: -len(kv[1]))
    for cat in ("unknown phrase", "not expressible", "unsupported keyword"):
        picked = [kv for kv in top if kv[0].startswith(cat)][:40 if cat != "unsupported keyword" else 15]
        for _, names in picked:
            for n in names[:2]:
                chosen[n] = None
    for names in layouts.values():
        for n in names[:2]:
            chosen[n] = None
    kept = json.load(open(keep, encoding="utf-8")) if keep else []
    kept_names = {d["name"] for d in kept}
    items = [json.dumps(d, ensure_ascii=False, separators=(",", ":")) for d in kept]
    items += [json.dumps(by_name[n], ensure_ascii=False, separators=(",", ":"))
              for n in sorted(chosen) if n not in kept_names]
    out = sys.stdout
    out.write("[\n")
    out.write(",\n".join(items))
    out.write("\n]\n")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("path")
    ap.add_argument("--keep", help="an existing subset whose records all stay")
    args = ap.parse_args()
    main(args.path, args.keep)
