"""Command line of scripts/bench.

    scripts/bench [--json PATH] [--quick] [--only NAME[,NAME]] [--sizes N,N]
                  [--queries N] [--bench-data DIR] [--no-install]
    scripts/bench locomo --turns FILE --questions FILE --rankings OUT
                  [--mode hybrid|vector|bm25] [--pool N]

The first form measures and prints a table (figure, value, target, result);
--json also writes the figures as one flat JSON object. A missed target is a
measurement, not an error: the exit status is 0 unless something broke.
"""

from __future__ import annotations

import argparse
from pathlib import Path
import sys
import time
from typing import TYPE_CHECKING

from . import DEFAULT_BENCH_DATA, locomo
from .report import table, write_json
from .suite import QUICK_SIZES, SELECTABLE, SIZES, Options, log, run
from .vectors import BenchError, engine_embedder

if TYPE_CHECKING:
    from collections.abc import Sequence

QUICK_QUERIES = 100
QUICK_EMBED_INSERTS = 300


def _sizes(text: str) -> tuple[int, ...]:
    try:
        sizes = tuple(sorted({int(part) for part in text.split(",") if part}))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of sizes: {text!r}") from None
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError("sizes must be positive")
    return sizes


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"not a positive number: {text!r}")
    return value


def _names(text: str) -> frozenset[str]:
    names = frozenset(part.strip() for part in text.split(",") if part.strip())
    unknown = names - set(SELECTABLE)
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown {sorted(unknown)}; choose from {', '.join(SELECTABLE)}"
        )
    return names


def _bench(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="scripts/bench",
        description="Speed, memory and retrieval-quality benchmarks. "
        "`scripts/bench locomo --help` for LoCoMo rankings.",
    )
    parser.add_argument("--json", type=Path, metavar="PATH", help="write the figures")
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"sizes {','.join(map(str, QUICK_SIZES))}, {QUICK_QUERIES} queries",
    )
    parser.add_argument(
        "--only",
        type=_names,
        metavar="NAMES",
        help=f"comma-separated subset of: {', '.join(SELECTABLE)}",
    )
    parser.add_argument("--sizes", type=_sizes, help="store sizes, e.g. 1000,10000")
    parser.add_argument(
        "--queries", type=_positive, help="timed queries per measurement (300)"
    )
    parser.add_argument(
        "--bench-data",
        type=Path,
        default=DEFAULT_BENCH_DATA,
        help="folder of the LoCoMo files and eval_retrieval.py (default %(default)s)",
    )
    parser.add_argument(
        "--no-install",
        action="store_true",
        help="do not install ChromaDB if missing (its figures become null)",
    )
    args = parser.parse_args(argv)
    options = Options(
        sizes=args.sizes or (QUICK_SIZES if args.quick else SIZES),
        queries=args.queries or (QUICK_QUERIES if args.quick else 300),
        embed_inserts=QUICK_EMBED_INSERTS if args.quick else 1000,
        only=args.only or frozenset(SELECTABLE),
        bench_data=args.bench_data,
        install=not args.no_install,
        quick=args.quick,
    )
    results = run(options)
    print(table(results.ordered(), results.reasons))
    for note in results.notes:
        print(f"  {note}")
    if args.json:
        write_json(args.json, results.ordered())
        print(f"  figures written to {args.json}")
    return 0


def _locomo(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="scripts/bench locomo",
        description="Rank LoCoMo questions with the engine and write one "
        '{"qid", "ranking"} line per question, for eval_retrieval.py score.',
    )
    parser.add_argument("--turns", type=Path, required=True)
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--rankings", type=Path, required=True, metavar="OUT")
    parser.add_argument("--mode", choices=locomo.MODES, default="hybrid")
    parser.add_argument(
        "--pool",
        type=_positive,
        default=locomo.DEFAULT_POOL,
        help="vector and keyword candidates per question (default %(default)s)",
    )
    args = parser.parse_args(argv)
    for path in (args.turns, args.questions):
        if not path.is_file():
            raise BenchError(f"{path} does not exist")
    started = time.perf_counter()
    rankings = locomo.rank(
        args.turns,
        args.questions,
        engine_embedder(),
        modes=(args.mode,),
        pool=args.pool,
    )[args.mode]
    locomo.write_rankings(args.rankings, rankings)
    log(
        f"wrote {len(rankings)} rankings ({args.mode}, pool {args.pool}) to "
        f"{args.rankings} in {time.perf_counter() - started:.0f} s"
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to the benchmark or to the locomo sub-command."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if args[:1] == ["locomo"]:
            return _locomo(args[1:])
        return _bench(args)
    except BenchError as err:
        print(f"bench: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
