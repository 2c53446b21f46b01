"""``kachuful migrate-to-postgres SQLITE_FILE DATABASE_URL``: move a server's games,
stats and settings from the SQLite file into an empty PostgreSQL database."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "migrate-to-postgres",
        help="copy the bot's SQLite database into an empty PostgreSQL database",
        description="Copy every game (with its moves and seats), result, stat and server "
        "setting from SQLITE_FILE into the PostgreSQL database at DATABASE_URL, which "
        "must be empty; then count each table on both sides. Stop the bot first.",
    )
    parser.add_argument("sqlite_file", type=Path, metavar="SQLITE_FILE")
    parser.add_argument(
        "database_url", metavar="DATABASE_URL", help="postgresql://user:password@host/db"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bot.storage import InvalidValue, StorageError
    from bot.storage.postgres.transfer import copy_sqlite_to_postgres

    try:
        counts = asyncio.run(copy_sqlite_to_postgres(args.sqlite_file, args.database_url))
    except (StorageError, InvalidValue) as exc:
        print(f"migrate-to-postgres: {exc}", file=sys.stderr)
        return 1
    width = max(len(count.table) for count in counts)
    for count in counts:
        mark = "ok" if count.matches else "DIFFERENT"
        print(f"{count.table:<{width}}  {count.source:>9} → {count.target:<9} {mark}")
    if not all(count.matches for count in counts):
        print("migrate-to-postgres: the counts differ; do not switch over", file=sys.stderr)
        return 1
    print("copied: set DATABASE_URL and start the bot")
    return 0
