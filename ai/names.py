"""Friendly names for computer players, with their level shown at the table."""

from __future__ import annotations

from typing import Final

FIRST_NAMES: Final = (
    "Mira",
    "Arjun",
    "Tara",
    "Kabir",
    "Nila",
    "Ravi",
    "Sita",
    "Dev",
    "Asha",
    "Rohan",
    "Leela",
    "Vikram",
)


def computer_name(level: str, index: int) -> str:
    """``"Mira (hard bot)"``: a name per seat index, and the level in brackets.

    Names repeat with a number after the first dozen (``"Mira 2 (easy bot)"``).
    """
    if index < 0:
        raise ValueError(f"a computer player's index is 0 or more, not {index}")
    base = FIRST_NAMES[index % len(FIRST_NAMES)]
    round_ = index // len(FIRST_NAMES)
    name = base if round_ == 0 else f"{base} {round_ + 1}"
    return f"{name} ({level} bot)"
