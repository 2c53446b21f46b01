"""Which table a step or an effect belongs to: an online game or a score pad.

Both kinds go through the same pipeline (one effect queue per table, one presenter);
the kind tells them apart where an id alone could not (a game and a pad may share one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

TableKind = Literal["game", "pad"]


@dataclass(frozen=True, slots=True)
class TableRef:
    kind: TableKind
    id: int

    @classmethod
    def game(cls, game_id: int) -> TableRef:
        return cls("game", game_id)

    @classmethod
    def pad(cls, pad_id: int) -> TableRef:
        return cls("pad", pad_id)

    def __str__(self) -> str:
        return f"{self.kind} {self.id}"
