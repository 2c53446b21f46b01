"""Call Break points: kept exactly in tenths, shown with one decimal.

A made call of 4 with 6 tricks is 42 tenths, written ``4.2``; a missed call of 3 is
-30 tenths, written ``-3`` in JSON (an integer when the score is whole) and ``-3.0``
on a score sheet.
"""

from __future__ import annotations


def points(tenths: int) -> int | float:
    """The JSON number for a score in tenths: an int when whole, else one decimal."""
    if tenths % 10 == 0:
        return tenths // 10
    return round(tenths / 10, 1)


def points_text(tenths: int) -> str:
    """A score with one decimal, as score sheets show it: ``4.2``, ``-3.0``, ``0.0``."""
    sign = "-" if tenths < 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{tenth}"
