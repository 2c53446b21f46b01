"""Making a computer player by level name."""

from __future__ import annotations

from typing import Final

from ai.easy import EasyPlayer
from ai.hard import HardPlayer
from ai.medium import MediumPlayer
from ai.player import ComputerPlayer
from ai.reference import ReferencePlayer

LEVELS: Final = ("reference", "easy", "medium", "hard")
"""Every level, the benchmark's yardstick first."""


def make_player(level: str, seed: int = 0) -> ComputerPlayer:
    """A computer player of ``level``; its decisions are a function of ``seed`` and
    the view only. Unknown levels raise ``ValueError`` naming the known ones."""
    key = level.strip().lower() if isinstance(level, str) else level
    if key == "reference":
        return ReferencePlayer(seed)
    if key == "easy":
        return EasyPlayer(seed)
    if key == "medium":
        return MediumPlayer(seed)
    if key == "hard":
        return HardPlayer(seed)
    raise ValueError(f"no computer level {level!r}: choose one of {', '.join(LEVELS)}")
