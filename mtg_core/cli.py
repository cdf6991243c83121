"""The ``mtg-core`` command line: play a game with a readable log, run random games."""
from __future__ import annotations

import argparse
import sys

from .decks import bundled_deck_names
from .errors import MtgError
from .game import Game
from .library import DEFAULT_CARDS

# the top-level --help text (plain text: the module docstring is reST)
DESCRIPTION = ("A Magic: The Gathering rules engine: play a game with a readable log, "
               "simulate many games, list the bundled decks and cards, import cards from "
               "Oracle text, benchmark rule checks.")


def _play(args) -> int:
    decks = args.decks or ["gruul", "white_weenie"]
    if len(decks) == 1:
        decks = decks * 2
    game = Game(decks, seed=args.seed, cards=args.cards, mulligans=not args.no_mulligans,
                max_turns=args.max_turns, log=not args.quiet)
    print("Seats: " + ", ".join(f"P{i} = {d.name}" for i, d in enumerate(game.decks)))
    result = game.play_random(seed=args.seed)
    if not args.quiet:
        for line in game.log:
            print(line)
        print()
    print(game)
    print()
    print(f"Result: {result}")
    return 0


def _simulate(args) -> int:
    from .simulation.cli import run_simulate
    return run_simulate(args)


def _bench(args) -> int:
    from .bench.run import main as bench_main
    return bench_main(args)


def _perft(args) -> int:
    from .bench.perft import main as perft_main
    return perft_main(args)


def _decks(args) -> int:
    from .decks import bundled_deck
    for name in bundled_deck_names():
        d = bundled_deck(name)
        print(f"{name} ({len(d)} cards): " + ", ".join(f"{c} {n}" for c, n in d.entries))
    return 0


def _cards(args) -> int:
    for card in DEFAULT_CARDS:
        print(card)
        if args.verbose and card.text:
            print("    " + card.text.replace("\n", "\n    "))
    return 0


def _import(args) -> int:
    from .oracle import Report, read_file
    from .oracle.importer import import_record
    from .oracle.output import json_document, python_module
    if args.out and not args.out.endswith((".py", ".json")):
        raise MtgError(f"--out {args.out}: the file name must end in .py or .json")
    records = read_file(args.file)
    chosen = [r for r in records if r.ordinary]
    results = [import_record(r) for r in chosen]
    rep = Report(results)
    if len(chosen) < len(records):
        print(f"{len(records) - len(chosen)} entries skipped (Un-cards, digital-only, tokens, "
              "planes, schemes, ...)")
    print(rep.format(top=args.top))
    if args.report:
        print()
        print("\n".join(rep.refusal_lines()))
    if args.out:
        text = python_module(results, args.file) if args.out.endswith(".py") \
            else json_document(results, args.file)
        try:
            with open(args.out, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as err:
            raise MtgError(f"can't write {args.out}: {err.strerror}") from None
        print(f"\nwrote {rep.imported} imported cards to {args.out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mtg-core", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("play", help="play one random game and print its log and result")
    p.add_argument("decks", nargs="*", help="bundled deck names or deck files (2 to 8 seats)")
    p.add_argument("--seed", type=int, default=1,
                   help="seeds the shuffles and the random players' choices (default 1): the "
                        "same seed plays the same game")
    p.add_argument("--max-turns", type=int, default=0, help="stop (unfinished) after this many turns")
    p.add_argument("--no-mulligans", action="store_true")
    p.add_argument("--quiet", action="store_true", help="print only the final board and result")
    p.add_argument("--cards", metavar="PATH", default=None,
                   help="a card data file (MTGJSON AtomicCards.json, Scryfall oracle-cards, or the "
                        "oracle-cards corpus) whose cards the decks may use besides the bundled "
                        "library; default: the file MTG_CORE_CARDS names")
    p.set_defaults(func=_play)

    s = sub.add_parser("simulate", help="play many games in the compiled core, on local "
                                        "processes, Ray or Dask, and summarize them")
    s.add_argument("decks", nargs="*", metavar="DECK",
                   help="2 to 8 bundled deck names or deck files (default: bears bears; one "
                        "deck: its mirror)")
    s.add_argument("-n", "--games", type=int, default=1000)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--max-turns", type=int, default=0)
    s.add_argument("--no-mulligans", action="store_true")
    s.add_argument("--policy", default="random",
                   help="policy of every seat, or one per seat separated by commas "
                        "(e.g. heuristic,random; ismcts:iters=400,c=0.7,heuristic: a search "
                        "player against the heuristic)")
    s.add_argument("--workers", type=int, default=1, help="processes (0: all cores)")
    s.add_argument("--backend", default="local", choices=["local", "ray", "dask"])
    s.add_argument("--chunk-size", type=int, default=None,
                   help="games per task (the result depends on the seed and this, never on "
                        "the workers or the backend)")
    s.add_argument("--edition", default="seed", help="rules edition: seed, current or classic")
    s.add_argument("--cards", metavar="PATH", default=None,
                   help="a card data file (MTGJSON AtomicCards.json, Scryfall oracle-cards, or the "
                        "oracle-cards corpus) whose cards the decks may use besides the bundled "
                        "library; default: the file MTG_CORE_CARDS names")
    s.add_argument("--json", action="store_true", help="print the result as JSON")
    s.add_argument("--json-games", action="store_true",
                   help="print the result as JSON with one array per game field (result, "
                        "winner, turns, ...: a row per game); implies --json")
    s.add_argument("--plot", metavar="OUT.png",
                   help="save a plot of game length and the running win rate (matplotlib)")
    s.add_argument("--no-progress", action="store_true", help="no progress bar")
    s.set_defaults(func=_simulate)

    d = sub.add_parser("decks", help="list the bundled decks")
    d.set_defaults(func=_decks)
    c = sub.add_parser("cards", help="list the bundled cards")
    c.add_argument("-v", "--verbose", action="store_true")
    c.set_defaults(func=_cards)
    i = sub.add_parser("import", help="import cards from Oracle text (MTGJSON AtomicCards, "
                                      "Scryfall oracle-cards, or the oracle-cards corpus)")
    i.add_argument("file", help="a JSON card data file")
    i.add_argument("--out", help="write the imported cards: NAME.py (card API source) or "
                                 "NAME.json (parse trees and definitions)")
    i.add_argument("--report", action="store_true", help="also list every refused card and why")
    i.add_argument("--top", type=int, default=20, help="lines per table of the summary")
    i.set_defaults(func=_import)

    b = sub.add_parser("bench", help="run the rule-check benchmark suite and print (or save) "
                                     "its figures, or compare two saved reports")
    b.add_argument("--quick", action="store_true", help="the quick cases, short rounds (about "
                                                        "30 seconds)")
    b.add_argument("--json", metavar="FILE", help="also write the report as JSON ('-': print "
                                                  "only the JSON)")
    b.add_argument("--compare", nargs=2, metavar=("A.json", "B.json"),
                   help="print B's speed relative to A's, case by case, and run nothing")
    b.add_argument("--cases", metavar="TEXT", help="only the cases whose name contains TEXT")
    b.add_argument("--decks", nargs=2, metavar="DECK",
                   help="add a playout case of this matchup (deck files or bundled names)")
    b.add_argument("--cards", metavar="PATH", default=None,
                   help="the card data file the --decks need (default: MTG_CORE_CARDS)")
    b.set_defaults(func=_bench)

    f = sub.add_parser("perft", help="count the action sequences of a given length from a "
                                     "saved position (every decision expanded), with its speed")
    f.add_argument("state", help="a saved game (Game.save bytes)")
    f.add_argument("depth", type=int)
    f.add_argument("--divide", action="store_true", help="the count under each first action")
    f.add_argument("--cards", metavar="PATH", default=None,
                   help="the card data file the position's cards need (default: MTG_CORE_CARDS)")
    f.add_argument("--json", action="store_true", help="also print the count as JSON")
    f.set_defaults(func=_perft)

    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except MtgError as err:
        print(f"mtg-core: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:             # e.g. piped into `head`
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
