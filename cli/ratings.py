"""``kachuful ratings rebuild DATABASE``: recompute every server's skill ratings from
the stored results, in the order they were rated, and check that they are the ones
stored. DATABASE is the bot's SQLite file or a ``postgresql://`` URL."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.storage.rating_rebuild import RebuildReport

URL_SCHEMES = ("postgresql://", "postgres://")
EXIT_DIFFERENT = 1
EXIT_BAD_INPUT = 2


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "ratings",
        help="skill ratings: rebuild them from the stored results",
        description="Skill ratings are derived from the stored game results.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    rebuild = actions.add_parser(
        "rebuild",
        help="recompute every server's ratings and check them against the stored ones",
        description="Recompute every server's ratings from the stored results, game by "
        "game in rating order, and compare them with the stored ones to the last bit. "
        "Exits 0 when they are reproduced exactly; otherwise the recomputed ratings are "
        "saved, the first differences are printed and the exit status is 1.",
    )
    rebuild.add_argument(
        "database", metavar="DATABASE",
        help="the bot's SQLite file, or postgresql://user:password@host/db",
    )
    rebuild.set_defaults(func=run_rebuild)


def run_rebuild(args: argparse.Namespace) -> int:
    from bot.storage import InvalidValue, StorageError

    where = str(args.database)
    if not where.startswith(URL_SCHEMES) and not Path(where).is_file():
        print(f"ratings rebuild: {where} is not a database file or a postgresql:// URL",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        report = asyncio.run(_rebuild(where))
    except (StorageError, InvalidValue) as exc:
        print(f"ratings rebuild: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"servers: {report.servers}")
    print(f"games rated: {report.games_rated}")
    print(f"people rated: {report.people} (per server)")
    print(f"computer levels rated: {report.computers} (per server)")
    if report.reproduced:
        print("the stored ratings were reproduced exactly")
        return 0
    for example in report.examples:
        print(f"differs: {example}")
    print(
        f"ratings rebuild: {report.differences} stored ratings differed from the recomputed "
        "ones; the recomputed ratings were saved",
        file=sys.stderr,
    )
    return EXIT_DIFFERENT


async def _rebuild(where: str) -> RebuildReport:
    from bot.storage import Storage

    if where.startswith(URL_SCHEMES):
        storage = await Storage.connect(where)
    else:
        storage = await Storage.open(Path(where))
    try:
        return await storage.ratings.rebuild_ratings()
    finally:
        await storage.close()
