#!/usr/bin/env python
"""Which real decks play: deck coverage over a deck collection and a card-data file (run by
hand; not a test).

    python tools/deck_coverage.py DECKS CARDS [--top 30] [--json OUT.json]

DECKS is a ``decks.jsonl`` file (one deck per line: ``{"id", "format", "main": [[count,
name], ...], ...}``, the schema of the real-deck collection) or a folder of deck files (plain
text, Arena, MTGO ``.dek``; the format is the folder name under DECKS, else "files").  CARDS
is a card-data file (MTGJSON ``AtomicCards.json``, Scryfall oracle-cards, the corpus).

A card is playable when the bundled library has it or the importer imports it from CARDS,
as a game would take it (``mtg_core.deck_cards``); a deck is playable when every card of
its main deck is.  Reported, by format and in total: decks, decks whose cards all exist in
CARDS or the library ("known"), playable decks (of all and of the known ones), main-deck
card copies playable; then the cards and the importer's missing features ranked by how many
decks they block (a deck counts once per card or feature), with how many decks each would
make playable on its own (it is their only blocker).  Imports are cached as for games, so a
second run takes seconds.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from mtg_core import DEFAULT_CARDS                                  # noqa: E402
from mtg_core.deck_cards import open_card_file                      # noqa: E402
from mtg_core.decks import Deck, match_name                         # noqa: E402
from mtg_core.errors import DeckError                               # noqa: E402

MAX_DECK_LINES = 1_000_000          # decks.jsonl lines read at most (the collection: 17,416)


def read_decks(path: str) -> list[tuple[str, str, list[tuple[int, str]]]]:
    """(id, format, main-deck entries) of every deck of a decks.jsonl file or a folder."""
    out = []
    if os.path.isdir(path):
        for root, _, files in sorted(os.walk(path)):
            rel = os.path.relpath(root, path)
            fmt = "files" if rel == "." else rel.split(os.sep)[0]
            for name in sorted(files):
                try:
                    deck = Deck.load(os.path.join(root, name))
                except DeckError as err:
                    print(f"skipped {os.path.join(root, name)}: {err}", file=sys.stderr)
                    continue
                out.append((os.path.join(rel, name), fmt, list(deck.entries)))
        return out
    with open(path, encoding="utf-8") as f:
        for k, line in enumerate(f):
            if k >= MAX_DECK_LINES:
                raise SystemExit(f"{path}: more than {MAX_DECK_LINES} lines")
            if not line.strip():
                continue
            d = json.loads(line)
            main = [(int(c), str(n)) for c, n in d.get("main", [])]
            out.append((str(d.get("id", k)), str(d.get("format", "?")), main))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("decks")
    ap.add_argument("cards")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--json", metavar="OUT", help="write every figure as JSON")
    ap.add_argument("--play", type=int, default=0, metavar="GAMES",
                    help="also play GAMES random and GAMES heuristic games of each playable "
                         "deck against the next one, and report errors, ABORTED games and "
                         "random games per second on one core")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    decks = read_decks(args.decks)
    names = sorted({n for _, _, main in decks for _, n in main})
    library = {n: match_name(DEFAULT_CARDS, n) for n in names}
    source = open_card_file(args.cards)
    found = source.lookup([n for n in names if library[n] is None])
    t_import = time.perf_counter() - t0

    def status(n: str) -> str:
        if library[n]:
            return "library"
        got = found[n]
        return "imported" if got.ok else ("refused" if got.name else "unknown")

    state = {n: status(n) for n in names}
    per_format: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    card_blocks: collections.Counter = collections.Counter()
    card_only: collections.Counter = collections.Counter()
    feature_blocks: collections.Counter = collections.Counter()
    feature_only: collections.Counter = collections.Counter()
    copies_ok = copies_all = 0
    for _, fmt, main in decks:
        c = per_format[fmt]
        c["decks"] += 1
        blockers = sorted({n for _, n in main if state[n] in ("refused", "unknown")})
        known = all(state[n] != "unknown" for _, n in main)
        c["known"] += known
        ok = sum(k for k, n in main if state[n] in ("library", "imported"))
        total = sum(k for k, _ in main)
        c["copies"] += total
        c["copies_ok"] += ok
        if known:
            c["known_copies"] += total
            c["known_copies_ok"] += ok
        copies_ok += ok
        copies_all += total
        if not blockers:
            c["playable"] += 1
            continue
        for n in blockers:
            card_blocks[n] += 1
        if len(blockers) == 1:
            card_only[blockers[0]] += 1
        feats = sorted({f for n in blockers if state[n] == "refused" for f in found[n].features})
        for f in feats:
            feature_blocks[f] += 1
        if len(feats) == 1 and all(state[n] == "refused" for n in blockers):
            feature_only[feats[0]] += 1

    def pct(a: int, b: int) -> str:
        return f"{100 * a / b:5.1f} %" if b else "    -  "

    print(f"{len(decks)} decks, {len(names)} distinct cards "
          f"({sum(v == 'library' for v in state.values())} in the library, "
          f"{sum(v == 'imported' for v in state.values())} imported, "
          f"{sum(v == 'refused' for v in state.values())} refused, "
          f"{sum(v == 'unknown' for v in state.values())} not in {args.cards}); "
          f"{t_import:.1f} s to look them up")
    print()
    print(f"{'format':<20} {'decks':>6} {'known':>6} {'playable':>9} {'of all':>8} "
          f"{'of known':>8} {'copies ok':>9} {'of known':>8}")
    total = collections.Counter()
    for fmt in sorted(per_format, key=lambda f: -per_format[f]["decks"]):
        c = per_format[fmt]
        total.update(c)
        print(f"{fmt:<20} {c['decks']:>6} {c['known']:>6} {c['playable']:>9} "
              f"{pct(c['playable'], c['decks']):>8} {pct(c['playable'], c['known']):>8} "
              f"{pct(c['copies_ok'], c['copies']):>9} {pct(c['known_copies_ok'], c['known_copies']):>8}")
    c = total
    print(f"{'all':<20} {c['decks']:>6} {c['known']:>6} {c['playable']:>9} "
          f"{pct(c['playable'], c['decks']):>8} {pct(c['playable'], c['known']):>8} "
          f"{pct(c['copies_ok'], c['copies']):>9} {pct(c['known_copies_ok'], c['known_copies']):>8}")
    print()
    print(f"cards blocking the most decks (decks blocked / decks it alone blocks):")
    for n, k in card_blocks.most_common(args.top):
        why = "not in the card file" if state[n] == "unknown" else "; ".join(found[n].features)
        print(f"  {k:>6} {card_only[n]:>6}  {n}  ({why[:100]})")
    print()
    print(f"missing features blocking the most decks (decks blocked / decks it alone blocks):")
    for f, k in feature_blocks.most_common(args.top):
        print(f"  {k:>6} {feature_only[f]:>6}  {f}")
    played = play_decks([(i, m) for i, _, m in decks
                         if all(state[n] in ("library", "imported") for _, n in m)],
                        args.cards, args.play) if args.play else None
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"decks": len(decks), "cards": {n: state[n] for n in names},
                       "formats": {k: dict(v) for k, v in per_format.items()},
                       "copies_playable": copies_ok, "copies": copies_all,
                       "card_blocks": card_blocks.most_common(),
                       "card_alone_blocks": card_only.most_common(),
                       "feature_blocks": feature_blocks.most_common(),
                       "feature_alone_blocks": feature_only.most_common(),
                       "played": played}, out, indent=1)
    return 0


def play_decks(playable: list[tuple[str, list[tuple[int, str]]]], cards: str,
               games: int) -> dict:
    """Random and heuristic games of each playable deck against the next (the last against
    the first): errors, ABORTED games, random games per CPU second of each matchup."""
    from mtg_core.enums import Result
    from mtg_core.policies import play_games
    print()
    if len(playable) < 2:
        print(f"{len(playable)} playable deck(s): no matchup to play")
        return {}
    rates, aborted, errors = [], 0, []
    for k, (deck_id, main) in enumerate(playable):
        other_id, other = playable[(k + 1) % len(playable)]
        decks = [Deck(deck_id, tuple(main)), Deck(other_id, tuple(other))]
        try:
            for policy in ("heuristic", "random"):
                t = time.process_time()
                out = play_games(decks, games, seed=k, policies=policy, cards=cards)
                dt = time.process_time() - t
                aborted += int((out["result"] == int(Result.ABORTED)).sum())
            rates.append((games / max(dt, 1e-9), deck_id, other_id))
        except Exception as err:            # reported, not raised: the run goes on
            errors.append(f"{deck_id} vs {other_id}: {type(err).__name__}: {err}")
    rates.sort()
    med = rates[len(rates) // 2][0] if rates else 0.0
    print(f"played {len(rates)} matchups x {games} random + {games} heuristic games: "
          f"{aborted} ABORTED, {len(errors)} errors")
    for e in errors[:10]:
        print("  " + e)
    if rates:
        print(f"random games per CPU second: median {med:,.0f}; slowest {rates[0][0]:,.0f} "
              f"({rates[0][1]} vs {rates[0][2]})")
    return {"matchups": len(rates), "aborted": aborted, "errors": errors,
            "median_games_per_s": med, "slowest": rates[:5]}


if __name__ == "__main__":
    sys.exit(main())
