"""A fail point for the fault-matrix tests: ``KACHUFUL_FAIL_POINT=after-commit:KIND:N``
makes the process end at once (``os._exit``, as a SIGKILL would: nothing is flushed,
delivered or closed) right after its N-th commit of KIND:

- ``start``: a lobby became a game; ``move``: a person's move or a timeout's;
- ``computer-move``: a computer's move; ``deadlines``: a step's turn deadlines (the
  owed-progress mark cleared); ``claim``: a claim that took due deadlines, owed
  progress or showings; ``finish``: a game's end with its stats and ratings;
  ``route-claim``: a claim that leased DM clicks routed between processes.

Unset (the normal case) each call is one test of a module global.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Final, Literal, cast, get_args

ENVIRONMENT: Final = "KACHUFUL_FAIL_POINT"
EXIT_CODE: Final = 86
"""The process's exit status at the fail point (tests tell it from a crash by it)."""

CommitKind = Literal["start", "move", "computer-move", "deadlines", "claim", "finish",
                     "route-claim"]
KINDS: Final[tuple[str, ...]] = get_args(CommitKind)


@dataclass
class FailPoint:
    kind: CommitKind
    nth: int
    seen: int = 0


_armed: FailPoint | None = None


def parse(text: str) -> FailPoint:
    """``after-commit:KIND:N``; raises ``ValueError`` saying what is wrong."""
    parts = text.split(":")
    if len(parts) != 3 or parts[0] != "after-commit" or parts[1] not in KINDS \
            or not parts[2].isdigit() or int(parts[2]) < 1:
        raise ValueError(f"{ENVIRONMENT} is after-commit:KIND:N with KIND one of "
                         f"{', '.join(KINDS)} and N from 1, not {text!r}")
    return FailPoint(cast(CommitKind, parts[1]), int(parts[2]))


def arm_from_environment() -> None:
    """Arm the fail point the environment names, if any (the bot's start)."""
    global _armed
    text = os.environ.get(ENVIRONMENT, "")
    _armed = parse(text) if text else None


def after_commit(kind: CommitKind) -> None:
    """Called right after a commit of ``kind``: ends the process at the armed one."""
    if _armed is None or _armed.kind != kind:
        return
    _armed.seen += 1
    if _armed.seen == _armed.nth:
        os.write(2, f"fail point: exiting after commit {_armed.seen} of {kind}\n".encode())
        os._exit(EXIT_CODE)
