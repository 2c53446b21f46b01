"""Fewer malloc arenas, so that a long-running bot keeps less memory resident.

glibc gives threads that allocate at the same time arenas of their own (up to eight
per core). The bot's picture threads and its database thread each grow one, and
memory freed inside an arena is seldom handed back to the system, so a busy bot's
resident size creeps up. Two arenas cut the resident memory per active game by
about a quarter in ``bench/load.py`` (189 → 141 KB at 200 games) with no change in
acknowledgement latency. This is the ``MALLOC_ARENA_MAX=2`` many Python services
set in their environment, applied by the bot itself so that every way of running it
gets it; an operator's own ``MALLOC_ARENA_MAX`` wins.
"""

from __future__ import annotations

import ctypes
import os
import sys
from typing import Final

M_ARENA_MAX: Final = -8
"""glibc's ``mallopt`` parameter number for the arena limit (malloc.h)."""
ARENAS: Final = 2


def limit_malloc_arenas(count: int = ARENAS) -> bool:
    """Cap glibc's malloc arenas; call it before any thread starts. Returns whether
    the cap was set (not on other C libraries or systems, nor when the operator set
    ``MALLOC_ARENA_MAX``, which glibc reads itself)."""
    if not sys.platform.startswith("linux") or "MALLOC_ARENA_MAX" in os.environ:
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc (musl has no arenas to cap)
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_ARENA_MAX, count))
