from __future__ import annotations

import pytest

from engine.bid_kinds import bid_kind


@pytest.mark.parametrize(
    ("bid", "hand_size", "players", "kind"),
    [
        (0, 13, 4, "zero"),
        (3, 13, 4, "ordinary"),  # 12 tricks' worth is not more than 13
        (4, 13, 4, "high"),
        (1, 1, 4, "high"),
        (1, 4, 4, "ordinary"),
        (2, 4, 4, "high"),
        (0, 1, 7, "zero"),
        (2, 10, 5, "ordinary"),
        (3, 10, 5, "high"),
    ],
)
def test_a_bid_is_high_when_it_is_more_than_an_even_share(
    bid: int, hand_size: int, players: int, kind: str
) -> None:
    assert bid_kind(bid, hand_size, players) == kind
