"""``kachuful health``: the Docker HEALTHCHECK (0 healthy, 1 not, with the reason)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

DEFAULT_STATUS = "/data/status.json"


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "health",
        help="check the running bot's status file (for Docker's HEALTHCHECK)",
        description="Exit 0 when the bot is connected to Discord and can write its database.",
    )
    parser.add_argument(
        "--status-file",
        default=os.environ.get("STATUS_PATH") or DEFAULT_STATUS,
        help=f"the file the bot writes (default: $STATUS_PATH or {DEFAULT_STATUS})",
    )
    parser.add_argument("--max-age", type=float, default=90.0,
                        help="seconds after which the status counts as stale")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bot.health import judge, read_status

    try:
        status = read_status(Path(args.status_file))
    except ValueError as exc:
        print(f"unhealthy: {exc}", file=sys.stderr)
        return 1
    problem = judge(status, time.time(), args.max_age)
    if problem is not None:
        print(f"unhealthy: {problem}", file=sys.stderr)
        return 1
    print(f"healthy: connected, database writable, {status.open_games} open games")
    return 0
