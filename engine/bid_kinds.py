"""Kinds of bid, as a player's record counts them: a zero bid, a high bid (more than an
even share of the deal's tricks) and an ordinary one. Players make them at very
different rates (a zero bid is hit far more often than a high one), so a record says
more about a player read kind by kind; the deal review reads people that way."""

from __future__ import annotations

from typing import Final, Literal

BidKind = Literal["zero", "ordinary", "high"]
BID_KINDS: Final[tuple[BidKind, ...]] = ("zero", "ordinary", "high")


def bid_kind(bid: int, hand_size: int, players: int) -> BidKind:
    """``"zero"`` for 0; ``"high"`` for more than an even share (``bid × players >
    hand size``: 4 or more of 13 cards at four players, 1 of 1); else ``"ordinary"``."""
    if bid == 0:
        return "zero"
    return "high" if bid * players > hand_size else "ordinary"
